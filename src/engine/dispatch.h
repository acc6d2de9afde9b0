// Who wants what: the engine sorts the active rules by their subscriptions once per file, and the
// walker hands each event only to the rules that asked for it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rule.h"
#include "engine/rule_sink.h"
#include "schema.h"

namespace sitemaplint {

struct ActiveRule {
  std::unique_ptr<Rule> rule;
  RuleSink sink;
  Subscriptions subscriptions;
};

// A rule as the dispatch calls it per event: its object and sink at hand, two loads nearer than
// through its ActiveRule (per entry, dozens of rules are called).
struct RuleCall {
  Rule* rule;
  FindingSink* sink;
  explicit RuleCall(ActiveRule& active) : rule(active.rule.get()), sink(&active.sink) {}
};

class Dispatch {
 public:
  // `record_subjects`: EngineOptions::record_subjects.
  Dispatch(std::vector<ActiveRule>& rules, std::vector<Diagnostic>& diagnostics, bool record_subjects = true);
  Dispatch(const Dispatch&) = delete;  // elements_by_namespace_ points into elements_
  Dispatch& operator=(const Dispatch&) = delete;

  bool wants_elements() const { return !elements_.empty(); }
  bool wants_text() const { return !every_text_.empty() || !some_text_.empty(); }
  // Whether a rule asked for the runs with a kFaultyReference (analysis/xml_text.h), a bit the
  // walker finds only then: it costs a look at every reference.
  bool wants_faulty_references() const { return wants_faulty_references_; }
  // Entries are assembled whenever a rule wants entries, URLs or extension blocks.
  bool wants_entries() const {
    return !every_entry_.empty() || !some_entries_.empty() || wants_urls_ || !extensions_.empty();
  }
  // Extension blocks are gathered only when a rule looks at them: URL rules (extension URLs),
  // extension subscribers, rules that want the entries with certain blocks; and only those of the
  // namespaces they look at (a run without image rules gathers no <image:image>).
  bool wants_extensions() const { return block_namespaces_ != 0; }
  bool wants_blocks_of(std::string_view ns) const {
    return (block_namespaces_ & (std::uint32_t{1} << known_namespace_index(ns))) != 0;
  }

  void document(const Document& doc);
  // `traits`: element_traits(e), which the walker works out from what it knows of the parents.
  // Inline up to the filter, which nearly every element stops at: the call and its saved registers
  // cost more than the filter.
  void element(const Element& e, std::uint8_t traits) {
    const std::size_t bucket = known_namespace_index(e.ns);
    const ElementFilter& filter = element_filters_[bucket];
    traits |= kEveryElement;
    if ((filter.unnamed_traits & traits) == 0 && (filter.name_lengths & name_length_bit(e.local_name.size())) == 0)
      return;
    match_element(e, traits, bucket);
  }
  // Inline up to the filter, as element(): the usual run (no markup character, in a field) is
  // wanted by no rule that filters, and no rule takes every run unless asked to.
  void text(const TextRun& run) {
    const int depth = run.kind == TextKind::AttributeValue || !run.parent ? 0 : run.parent->depth;
    const bool shallow = depth > 0 && depth <= some_text_depth_;
    if (every_text_.empty() && (run.markup & some_text_markup_) == 0 && !shallow) return;
    match_text(run, depth);
  }
  // A finished entry: its URL fields, its extension blocks, then the entry itself. Findings made
  // since the entry began are stamped with its URL (Diagnostic::subject).
  void entry(const Entry& entry, std::span<const UrlField> urls);
  void entry_begins();
  void finish(const Document& doc);

 private:
  // How a pattern's namespace is matched, decided once when the rules subscribe.
  enum class NamespaceMatch : std::uint8_t { Any, Document, Uri };
  struct Subscriber {
    ActiveRule* active;
    BlockFilter filter;  // extensions() only
    std::uint8_t element_traits = 0;  // elements() only; 0: every element
    RuleCall call{*active};
  };
  // The rules that subscribed to one pattern: a node is matched once per pattern, not once per
  // rule (a family's rules share theirs, and namespace URIs are long to compare).
  struct Subscribers {
    SubscriptionPlan::Pattern pattern;  // a known namespace URI in its canonical spelling (by address)
    NamespaceMatch ns_match;
    std::vector<Subscriber> rules;
    // elements(): the ElementTrait bits any of the rules wants (all of them when one wants every
    // element), so that an element showing none passes the pattern without a look at its name.
    std::uint8_t any_traits = 0;
  };
  // Not an ElementTrait: the bit a pattern's any_traits has when one of its rules wants every
  // element, and every element shows.
  static constexpr std::uint8_t kEveryElement = 0x80;
  // The rules that take every run, and those of the others that want the run (`depth`: its
  // parent element's, 0 for an attribute value).
  void match_text(const TextRun& run, int depth);
  // The rules of the element's bucket whose patterns match it; `traits` has kEveryElement.
  void match_element(const Element& e, std::uint8_t traits, std::size_t bucket);
  static void subscribe(std::vector<Subscribers>& list, const SubscriptionPlan::Pattern& p, ActiveRule* active);
  // The rules subscribed to blocks with this root, in subscription order. A sitemap's blocks have
  // a few kinds of root (a page's images, its video, its alternates), so the last few answers are
  // kept.
  struct RootSubscribers {
    std::vector<Subscriber> rules;
    // When every rule filters with one traits function (a family's structure rules): it, and
    // the traits any of them wants, so that a block showing none is passed over at once.
    decltype(BlockFilter::traits) shared_traits = nullptr;
    std::uint32_t wanted = 0;
  };
  const RootSubscribers& extension_subscribers(const ExtensionNode& root) {
    // The same namespace (by address: the walker's) and name as a recent block's: the same rules.
    for (const KnownRoot& known : known_roots_) {
      if (root.ns.data() == known.ns.data() && root.ns.size() == known.ns.size() && !known.ns.empty() &&
          same_name(root.local_name, known.name))
        return known.subscribers;
    }
    return find_extension_subscribers(root);
  }
  const RootSubscribers& find_extension_subscribers(const ExtensionNode& root);
  static bool matches(const Subscribers& s, std::string_view ns, bool in_sitemap_ns, std::string_view local_name);

  std::vector<Diagnostic>& diagnostics_;
  std::size_t entry_mark_ = 0;  // the first finding of the current entry
  std::vector<ActiveRule*> document_, finish_;
  // A rule called for the runs holding one of `markup` (Subscriptions::text_markup_) and the text
  // runs of elements at most `depth` deep (text_depth_).
  struct TextSubscriber {
    RuleCall call;
    std::uint8_t markup;
    int depth;
  };
  // The rules called for every run, then those called for some, as for URLs; and what any of the
  // latter wants, so that the usual run (no markup character, in a field) passes them at once.
  std::vector<RuleCall> every_text_;
  std::vector<TextSubscriber> some_text_;
  std::uint8_t some_text_markup_ = 0;
  int some_text_depth_ = 0;
  // A rule called for the entries with a block of one of `namespaces` (Subscriptions::
  // entry_namespaces_) or showing one of `traits` (entry_traits_).
  struct EntrySubscriber {
    RuleCall call;
    std::uint32_t namespaces;
    std::uint16_t traits;
  };
  // The rules called for every entry, then those called for some: most entries show nothing the
  // filtered ones want, and are then through with the first list. Each rule's findings keep their
  // order; the report orders those of different rules (sort_diagnostics).
  std::vector<RuleCall> every_entry_;
  std::vector<EntrySubscriber> some_entries_;
  // The rules of some_entries_ that an entry with these blocks' namespaces and these traits
  // wants, for the last few such (namespaces, traits) met: entries show a few of them over and over
  // (a page's images, its video, its alternates), and comparing each with every filtered rule's
  // wishes cost more than the calls it made.
  struct EntryChoice {
    std::uint32_t namespaces = 0;
    std::uint16_t traits = 0;
    bool known = false;
    std::vector<RuleCall> rules;
  };
  std::array<EntryChoice, 8> entry_choices_;
  std::size_t next_entry_choice_ = 0;  // the slot the next new choice takes
  const std::vector<RuleCall>& entry_choice(std::uint32_t namespaces, std::uint16_t traits);
  bool entries_by_namespace_ = false;  // some rule wants the entries with certain blocks only
  std::uint16_t entry_traits_wanted_ = 0;  // the EntryTrait bits some rule wants its entries to show
  // A rule called for the URLs showing one of `traits` (Subscriptions::url_traits_).
  struct UrlSubscriber {
    RuleCall call;
    std::uint16_t traits;
  };
  // The rules called for every URL of a kind, then those called for some, as for entries.
  struct UrlSubscribers {
    std::vector<RuleCall> every;
    std::vector<UrlSubscriber> some;
  };
  std::array<UrlSubscribers, kUrlFieldKinds> urls_;  // by UrlFieldKind
  bool wants_urls_ = false;
  bool wants_faulty_references_ = false;
  bool record_subjects_ = true;
  // Bit known_namespace_index of each namespace whose blocks some rule reads; the last bit
  // (kKnownNamespaces.size()) for every other namespace.
  std::uint32_t block_namespaces_ = 0;
  std::vector<Subscribers> elements_, extensions_;
  // The element patterns that may match an element of each known namespace (by
  // known_namespace_index; the last for every other namespace): most elements are the sitemap's,
  // and need not be compared with the extensions' patterns.
  std::array<std::vector<const Subscribers*>, kKnownNamespaces.size() + 1> elements_by_namespace_;
  // What an element must show to match one of its bucket's patterns: one of the traits a pattern
  // without a name wants (any_traits), or the length of a named pattern's name (bit min(length,
  // 63)). Most elements show neither, and pass their bucket without a look at each pattern.
  struct ElementFilter {
    std::uint8_t unnamed_traits = 0;
    std::uint64_t name_lengths = 0;
  };
  std::array<ElementFilter, kKnownNamespaces.size() + 1> element_filters_;
  static std::uint64_t name_length_bit(std::size_t length) {
    return std::uint64_t{1} << std::min<std::size_t>(length, 63);
  }
  struct KnownRoot {
    std::string_view ns;  // points into the document being walked, as block roots' do
    std::string name;
    RootSubscribers subscribers;
  };
  std::array<KnownRoot, 4> known_roots_;
  std::size_t next_known_root_ = 0;  // the slot the next root found takes
};

}  // namespace sitemaplint
