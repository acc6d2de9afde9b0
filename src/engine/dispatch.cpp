#include "engine/dispatch.h"

#include <algorithm>

#include "analysis/message_text.h"
#include "analysis/xml_text.h"
#include "schema.h"
#include "url_analysis.h"

namespace sitemaplint {

Dispatch::Dispatch(std::vector<ActiveRule>& rules, std::vector<Diagnostic>& diagnostics, bool record_subjects)
    : diagnostics_(diagnostics), record_subjects_(record_subjects) {
  for (ActiveRule& active : rules) {
    const SubscriptionPlan& s = active.subscriptions.plan();
    if (s.document) document_.push_back(&active);
    if (s.text_every) {
      every_text_.emplace_back(active);
    } else if (s.text) {
      some_text_.push_back({RuleCall(active), s.text_markup, s.text_depth});
      some_text_markup_ |= s.text_markup;
      some_text_depth_ = std::max(some_text_depth_, s.text_depth);
    }
    wants_faulty_references_ |= s.text && !s.text_every && (s.text_markup & kFaultyReference) != 0;
    // entries() wins over entries_with_extensions() and entries_showing(): the rule wants every
    // entry anyway.
    if (s.entries) {
      every_entry_.emplace_back(active);
    } else if (s.entry_namespaces || s.entry_traits) {
      some_entries_.push_back({RuleCall(active), s.entry_namespaces, s.entry_traits});
      entries_by_namespace_ |= s.entry_namespaces != 0;
      entry_traits_wanted_ |= s.entry_traits;
    }
    for (std::size_t kind = 0; kind < kUrlFieldKinds; ++kind) {
      if ((s.url_kinds & Subscriptions::url_kind_bit(static_cast<UrlFieldKind>(kind))) == 0) continue;
      if (s.url_every || s.url_traits == 0) urls_[kind].every.emplace_back(active);
      else urls_[kind].some.push_back({RuleCall(active), s.url_traits});
      wants_urls_ = true;
    }
    if (s.finish) finish_.push_back(&active);
    for (const SubscriptionPlan::Pattern& p : s.elements) subscribe(elements_, p, &active);
    for (const SubscriptionPlan::Pattern& p : s.extensions) subscribe(extensions_, p, &active);
  }
  // The namespaces whose blocks are gathered: those of the URL fields some rule judges, of the
  // blocks some rule subscribed to, of the blocks some rule wants its entries with or reads in them.
  constexpr std::uint32_t kEveryNamespace = (std::uint32_t{1} << (kKnownNamespaces.size() + 1)) - 1;
  for (const UrlFieldSpec& spec : kExtensionUrlFields) {
    const UrlSubscribers& subscribers = urls_[static_cast<std::size_t>(spec.kind)];
    if (!subscribers.every.empty() || !subscribers.some.empty())
      block_namespaces_ |= std::uint32_t{1} << known_namespace_index(spec.ns);
  }
  for (const Subscribers& s : extensions_) {
    block_namespaces_ |=
        s.ns_match == NamespaceMatch::Uri ? std::uint32_t{1} << known_namespace_index(s.pattern.ns) : kEveryNamespace;
  }
  for (const ActiveRule& active : rules) {
    block_namespaces_ |= active.subscriptions.plan().entry_namespaces | active.subscriptions.plan().block_namespaces;
  }
  for (const Subscribers& s : elements_) {
    const std::size_t known = known_namespace_index(s.pattern.ns);
    for (std::size_t bucket = 0; bucket < elements_by_namespace_.size(); ++bucket) {
      // A URI pattern goes to its namespace's bucket (an unknown URI to the last, compared there).
      if (s.ns_match == NamespaceMatch::Uri && bucket != known) continue;
      elements_by_namespace_[bucket].push_back(&s);
      ElementFilter& filter = element_filters_[bucket];
      if (s.pattern.local_name.empty()) filter.unnamed_traits |= s.any_traits;
      else filter.name_lengths |= name_length_bit(s.pattern.local_name.size());
    }
  }
}

void Dispatch::subscribe(std::vector<Subscribers>& list, const SubscriptionPlan::Pattern& p, ActiveRule* active) {
  const std::uint8_t traits = p.element_traits == 0 ? kEveryElement : p.element_traits;
  for (Subscribers& s : list) {
    if (s.pattern.ns == p.ns && s.pattern.local_name == p.local_name) {
      s.rules.push_back({active, p.filter, p.element_traits});
      s.any_traits |= traits;
      return;
    }
  }
  const NamespaceMatch ns_match = p.ns == Subscriptions::kAnyNamespace        ? NamespaceMatch::Any
                                  : p.ns == Subscriptions::kDocumentNamespace ? NamespaceMatch::Document
                                                                              : NamespaceMatch::Uri;
  list.push_back({{canonical_namespace(p.ns), p.local_name}, ns_match, {{active, p.filter, p.element_traits}}, traits});
}

inline bool Dispatch::matches(const Subscribers& s, std::string_view ns, bool in_sitemap_ns,
                              std::string_view local_name) {
  if (!s.pattern.local_name.empty() && !same_name(s.pattern.local_name, local_name)) return false;
  switch (s.ns_match) {
    case NamespaceMatch::Any: return true;
    case NamespaceMatch::Document: return in_sitemap_ns;
    case NamespaceMatch::Uri: return same_namespace(s.pattern.ns, ns);
  }
  return false;
}

void Dispatch::document(const Document& doc) {
  for (ActiveRule* active : document_) active->rule->on_document(doc, active->sink);
}

void Dispatch::match_element(const Element& e, std::uint8_t traits, std::size_t bucket) {
  for (const Subscribers* s : elements_by_namespace_[bucket]) {
    if ((s->any_traits & traits) == 0 || !matches(*s, e.ns, e.in_sitemap_ns, e.local_name)) continue;
    for (const Subscriber& r : s->rules) {
      if (r.element_traits == 0 || (r.element_traits & traits) != 0) r.call.rule->on_element(e, *r.call.sink);
    }
  }
}

void Dispatch::match_text(const TextRun& run, int depth) {
  for (const RuleCall& r : every_text_) r.rule->on_text(run, *r.sink);
  for (const TextSubscriber& s : some_text_) {
    if ((s.markup & run.markup) != 0 || (depth > 0 && depth <= s.depth)) s.call.rule->on_text(run, *s.call.sink);
  }
}

void Dispatch::entry_begins() { entry_mark_ = diagnostics_.size(); }

void Dispatch::entry(const Entry& entry, std::span<const UrlField> urls) {
  for (const UrlField& url : urls) {
    const UrlSubscribers& subscribers = urls_[static_cast<std::size_t>(url.kind)];
    for (const RuleCall& r : subscribers.every) r.rule->on_url(url, *r.sink);
    if (subscribers.some.empty()) continue;
    // The URL's traits, worked out once for the rules that filter by them: most URLs show none.
    const std::uint16_t traits = url_traits(url.analysis(), *url.field);
    if (traits == 0) continue;
    for (const UrlSubscriber& s : subscribers.some) {
      if ((s.traits & traits) != 0) s.call.rule->on_url(url, *s.call.sink);
    }
  }
  if (!extensions_.empty()) {
    for (const ExtensionBlock& block : entry.extensions) {
      const RootSubscribers& subscribers = extension_subscribers(block.root());
      // The block's traits, worked out once for the rules that share a filter's function.
      decltype(BlockFilter::traits) known_for = subscribers.shared_traits;
      std::uint32_t traits = 0;
      if (known_for) {
        traits = known_for(block, entry);
        if ((traits & subscribers.wanted) == 0) continue;  // the usual clean block: no rule wants it
      }
      for (const Subscriber& s : subscribers.rules) {
        if (s.filter.traits) {
          if (s.filter.traits != known_for) known_for = s.filter.traits, traits = known_for(block, entry);
          if ((traits & s.filter.wanted) == 0) continue;
        }
        s.call.rule->on_extension(block, entry, *s.call.sink);
      }
    }
  }
  for (const RuleCall& r : every_entry_) r.rule->on_entry(entry, *r.sink);
  if (!some_entries_.empty()) {
    std::uint32_t namespaces = 0;  // bit known_namespace_index of each of the entry's blocks' roots
    if (entries_by_namespace_) {
      for (const ExtensionBlock& block : entry.extensions)
        namespaces |= std::uint32_t{1} << known_namespace_index(block.root().ns);
    }
    const std::uint16_t traits = entry_traits_wanted_ ? entry_traits(entry, entry_traits_wanted_) : 0;
    if (namespaces != 0 || traits != 0) {
      for (const RuleCall& r : entry_choice(namespaces, traits)) r.rule->on_entry(entry, *r.sink);
    }
  }
  if (record_subjects_ && diagnostics_.size() > entry_mark_ && entry.loc.present &&
      entry.loc.trimmed().size() <= kMaxSubjectLength) {
    const std::string subject(entry.loc.trimmed());
    for (std::size_t i = entry_mark_; i < diagnostics_.size(); ++i) {
      if (diagnostics_[i].subject.empty()) diagnostics_[i].subject = subject;
    }
  }
  entry_mark_ = diagnostics_.size();
}

const std::vector<RuleCall>& Dispatch::entry_choice(std::uint32_t namespaces, std::uint16_t traits) {
  for (const EntryChoice& choice : entry_choices_) {
    if (choice.known && choice.namespaces == namespaces && choice.traits == traits) return choice.rules;
  }
  EntryChoice& choice = entry_choices_[next_entry_choice_];
  next_entry_choice_ = (next_entry_choice_ + 1) % entry_choices_.size();
  choice.known = true;
  choice.namespaces = namespaces;
  choice.traits = traits;
  choice.rules.clear();
  for (const EntrySubscriber& s : some_entries_) {
    if ((s.namespaces & namespaces) != 0 || (s.traits & traits) != 0) choice.rules.push_back(s.call);
  }
  return choice.rules;
}

const Dispatch::RootSubscribers& Dispatch::find_extension_subscribers(const ExtensionNode& root) {
  KnownRoot& known = known_roots_[next_known_root_];
  next_known_root_ = (next_known_root_ + 1) % known_roots_.size();
  known.ns = root.ns;
  known.name.assign(root.local_name);
  RootSubscribers& found = known.subscribers;
  found = {};
  for (const Subscribers& s : extensions_) {
    if (matches(s, root.ns, false, root.local_name))
      found.rules.insert(found.rules.end(), s.rules.begin(), s.rules.end());
  }
  if (found.rules.empty()) return found;
  found.shared_traits = found.rules.front().filter.traits;
  for (const Subscriber& s : found.rules) {
    if (s.filter.traits != found.shared_traits) found.shared_traits = nullptr;
    found.wanted |= s.filter.wanted;
  }
  return found;
}

void Dispatch::finish(const Document& doc) {
  for (ActiveRule* active : finish_) active->rule->on_finish(doc, active->sink);
}

const UrlAnalysis& UrlField::analysis() const { return cache->get(*field); }

std::string UrlField::quoted_value() const {
  const std::string value = quoted(analysis().trimmed);
  return kind == UrlFieldKind::Loc ? value : std::string(label) + " " + value;
}

}  // namespace sitemaplint
