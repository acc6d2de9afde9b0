// The rule interface. A rule declares the events it wants (Hooks) and the engine, which walks the
// document once, calls it for exactly those. A rule never walks the tree itself.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <span>
#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "document.h"
#include "entry.h"
#include "schema.h"
#include "rule_id.h"
#include "settings.h"
#include "span.h"

namespace sitemaplint {

class Rule;

enum class Fixes : std::uint8_t { Never, Sometimes, Always };

// Whose rule a rule is: the authorities it rests on. They disagree (the sitemaps.org text allows
// YYYY dates the XSD rejects; Google ignores <priority>), so every rule names its own, and
// profiles (--profile) are presets over them.
enum Authority : std::uint32_t {
  kSitemapsOrg = 1u << 0,  // the sitemaps.org protocol text
  kSitemapXsd = 1u << 1,  // sitemaps.org's sitemap.xsd and siteindex.xsd
  kGoogle = 1u << 2,  // Google Search Central documentation (and Search Console)
  kBing = 1u << 3,  // Bing Webmaster Guidelines
  kExtensionXsd = 1u << 4,  // Google's image, video, news and mobile XSDs
  kRfc3986 = 1u << 5,  // URI syntax
  kRfc3987 = 1u << 6,  // IRIs (non-ASCII URLs)
  kW3cDatetime = 1u << 7,  // the W3C Datetime note
  kBcp47 = 1u << 8,  // language tags, with ISO 639, ISO 15924 and ISO 3166
  kXml = 1u << 9,  // XML 1.0 and Namespaces in XML
  kRfc9309 = 1u << 10,  // the Robots Exclusion Protocol
  kHttp = 1u << 11,  // HTTP semantics (RFC 9110)
  kAdvice = 1u << 12,  // sitemaplint's own advice: no authority requires it
  // What the XSDs' documentation (their xsd:annotation text) asks beyond what their types check:
  // schema validation passes it, so --profile xsd holds it at a warning.
  kSchemaDocs = 1u << 13,
};
inline constexpr std::uint32_t kAllAuthorities = (kSchemaDocs << 1) - 1;

// "sitemaps.org", "sitemap XSD", "Google", ...: the name of one authority bit, as every output
// (--explain, the reports, the README) shows it.
std::string_view authority_name(Authority authority);
// The names of the authorities in a mask, in bit order.
std::vector<std::string_view> authority_names(std::uint32_t authorities);
// "sitemaps.org, sitemap XSD, Google": the names joined for people.
std::string authority_list(std::uint32_t authorities);

// What a rule's own file says about it; its code, name and family come from rules/rules.def.
struct RuleMeta {
  Severity severity = Severity::Error;  // the default; users override it
  Fixes fixes = Fixes::Never;  // whether findings carry safe fixes (the fixture tests hold it to this)
  bool suppressible = true;  // false: inline comments cannot hide its findings
  std::string_view summary;  // one line, no final period
  std::string_view docs;  // Markdown: What it does / Why it matters / Example / Use instead
  std::uint32_t authorities = 0;  // Authority bits: whose rule it is
  std::string_view search_console;  // the Search Console message it maps to, e.g. "Invalid date"
};

// What a finding rests on: the authorities its rule reported it under (Diagnostic::authorities),
// or its rule's.
std::uint32_t finding_authorities(const Diagnostic& finding);

// A family of rules: a folder of rules/, selectable as a whole by its name or code prefix.
struct FamilyInfo {
  FamilyId id;
  std::string_view name;  // e.g. "lastmod", "image"
  std::string_view prefix;  // what every code of the family starts with, e.g. "SM4", "IMG"
  std::string_view summary;
};

using RuleFactory = std::unique_ptr<Rule> (*)(const RuleSettings&);

// Everything about one rule: its identity from rules/rules.def and its file's RuleMeta.
struct RuleInfo {
  RuleId id;
  std::string_view code;  // stable, e.g. "SM203"; a retired code is never reused
  std::string_view name;  // kebab-case, e.g. "lastmod-invalid"
  const FamilyInfo* family;
  Severity default_severity;
  Fixes fixes;
  bool suppressible;
  std::string_view summary;
  std::string_view docs;
  std::uint32_t authorities;
  std::string_view search_console;
  RuleFactory make;
};

// A finding's subject (Diagnostic::subject) is the URL of its entry, unless that is longer than
// any valid URL: no useful key, and costly to copy into every finding.
inline constexpr std::size_t kMaxSubjectLength = 4096;

// Findings one rule may report in one file by default (EngineOptions::max_findings_per_rule); past it,
// a single finding counts the rest, so a rule need not work out what no report will show.
inline constexpr std::size_t kMaxFindingsPerRule = 10'000;

// One finding as a rule reports it, written with designated initializers:
//   out.report({.at = span, .message = "...", .fix = fix});
struct Report {
  Span at;  // the bytes it is about, in the file (a set rule names the file beside it)
  std::string message;
  std::optional<Fix> fix = std::nullopt;
  std::optional<RelatedLocation> related = std::nullopt;
  // The Authority bits the finding rests on when they are fewer than its rule's (a subset of
  // RuleMeta::authorities; 0: the rule's): white space around <changefreq> breaks the sitemap XSD,
  // around <lastmod> it does not. A profile that follows some authorities only (--profile xsd)
  // keeps only the findings that rest on them.
  std::uint32_t rests_on = 0;
  // The URL of the entry the finding is about (Diagnostic::subject, what a baseline keys it on),
  // for a finding made after that entry's walk (in on_finish or on_set). The engine stamps the
  // findings made while an entry is walked with its URL itself.
  std::string_view subject = {};
};

// Where a rule sends its findings; the engine attaches the rule and its effective severity.
class FindingSink {
 public:
  virtual ~FindingSink() = default;
  virtual void report(Report finding) = 0;
};

// Narrows Subscriptions::extensions(): `traits` says what a block shows, as bits its author
// defines ("has an attribute", "repeats a child"), and the rule is called only for blocks showing
// one of `wanted`. Most blocks are clean and most structure checks look for something rare, so
// the usual block costs such a rule no call. The engine works the traits out once per block for
// all the rules that share the function (a family's). A filter only saves calls: the rule must
// find nothing in the blocks it leaves out.
struct BlockFilter {
  std::uint32_t (*traits)(const ExtensionBlock& block, const Entry& entry) = nullptr;  // nullptr: every block
  std::uint32_t wanted = ~std::uint32_t{0};
};

// What a rule's Subscriptions compile to: which events it is called for, and with which filters.
// The engine (engine/dispatch.cpp) reads it; rules make it through Subscriptions' requests only.
struct SubscriptionPlan {
  struct Pattern {
    std::string_view ns, local_name;
    BlockFilter filter = {};  // extensions() only
    std::uint8_t element_traits = 0;  // elements() only: the ElementTrait bits wanted; 0: every element
  };
  bool document = false, text = false, entries = false, finish = false, set = false;
  bool text_every = false;  // text(): every run, whatever text_holding() or text_up_to_depth() asked
  std::uint8_t text_markup = 0;  // the MarkupCharacter bits of text_holding()
  int text_depth = 0;  // text_up_to_depth(); 0: none
  std::uint32_t entry_namespaces = 0;  // bit known_namespace_index of each entries_with_extensions
  std::uint16_t entry_traits = 0;  // the EntryTrait bits of entries_showing()
  std::uint32_t block_namespaces = 0;  // bit known_namespace_index of each extension_blocks()
  std::uint32_t url_kinds = 0;  // url_kind_bit of each kind of URL field on_url wants
  bool url_every = false;  // urls(): every URL, whatever urls_showing() asked
  std::uint16_t url_traits = 0;  // the UrlTrait bits of urls_showing()
  RuleFactory facts_collector = nullptr;  // set(collector)
  std::vector<Pattern> elements, extensions;
};

// What a rule asks to see. The engine walks the document once and calls each rule only for what
// it subscribed to, as clang-tidy matchers and ESLint selectors do: a rule never walks the tree.
class Subscriptions {
 public:
  // Namespace patterns for elements() and extensions().
  static constexpr std::string_view kAnyNamespace = "*";
  static constexpr std::string_view kDocumentNamespace = "#sitemap";  // the namespace of the document's root

  void document() { plan_.document = true; }  // on_document: once, after parsing
  void text() { plan_.text = plan_.text_every = true; }  // on_text: every raw text run and attribute value
  // on_text only for the runs that hold one of these MarkupCharacter bits (analysis/xml_text.h),
  // found in one scan of each run for every rule: an escaping rule looks for a character that
  // most runs do not hold, and such a run costs it no call.
  void text_holding(std::uint8_t markup_characters) {
    plan_.text = true;
    plan_.text_markup |= markup_characters;
  }
  // on_text only for the text runs (not attribute values) of elements at most `depth` deep (the
  // root is 1): a rule about text where the sitemap wants only elements (in <urlset> or <url>)
  // is not called for the text of the fields, most runs.
  void text_up_to_depth(int depth) {
    plan_.text = true;
    plan_.text_depth = std::max(plan_.text_depth, depth);
  }
  void entries() { plan_.entries = true; }  // on_entry: every child of the root (or feed item, text line)
  // on_entry only for the entries showing one of these EntryTrait bits (entry.h): a rule that
  // looks for a rare problem of an entry's own fields is not called for the usual entry. With
  // entries() too: every entry.
  void entries_showing(std::uint16_t traits) { plan_.entry_traits |= traits; }
  // on_entry only for the entries with an extension block in namespace `ns`: a rule about one
  // extension skips the pages without it. For a URI that is not one of kKnownNamespaces, every
  // entry (entries()). With entries() too: every entry, and the blocks are gathered all the same.
  void entries_with_extensions(std::string_view ns) {
    const std::size_t known = known_namespace_index(ns);
    if (known == kKnownNamespaces.size()) plan_.entries = true;
    else plan_.entry_namespaces |= std::uint32_t{1} << known;
  }
  // The extension blocks of namespace `ns` gathered into Entry::extensions, without calls of their
  // own: for a rule that reads them in the entries it subscribed to otherwise (entries_showing).
  void extension_blocks(std::string_view ns) {
    plan_.block_namespaces |= std::uint32_t{1} << known_namespace_index(ns);
  }
  void urls() {  // on_url: every URL-valued field (<loc> and extension URLs)
    plan_.url_kinds = kAllUrlKinds;
    plan_.url_every = true;
  }
  // on_url for these kinds of field only: most URL rules judge a page's <loc> or one extension's
  // URLs, and a sitemap of 50,000 pages may hold 200,000 image URLs more.
  void urls(std::initializer_list<UrlFieldKind> kinds) {
    for (const UrlFieldKind kind : kinds) plan_.url_kinds |= url_kind_bit(kind);
    plan_.url_every = true;
  }
  // on_url only for the URLs showing one of these UrlTrait bits (url_analysis.h), of every kind or
  // of these kinds: a rule that looks for a problem most URLs do not have is not called for them.
  // With urls() too: every URL of every kind the rule subscribed to.
  void urls_showing(std::uint16_t traits) {
    plan_.url_kinds = kAllUrlKinds;
    plan_.url_traits |= traits;
  }
  void urls_showing(std::initializer_list<UrlFieldKind> kinds, std::uint16_t traits) {
    for (const UrlFieldKind kind : kinds) plan_.url_kinds |= url_kind_bit(kind);
    plan_.url_traits |= traits;
  }
  void finish() { plan_.finish = true; }  // on_finish: once, after the walk
  void set() { plan_.set = true; }  // on_set: once per run, with what take_facts kept of each file
  // on_set with the facts of a collector that several set-level rules share (a Rule that keeps
  // facts in take_facts and reports nothing, made by `collector`): the engine runs it once per
  // file however many of those rules run, and gives each the same facts, so rules that check one
  // graph in different ways neither walk it nor keep it twice. The rule itself then needs no
  // other subscription.
  void set(RuleFactory collector) {
    plan_.set = true;
    plan_.facts_collector = collector;
  }
  // on_element for elements in namespace `ns` (a URI, kAnyNamespace or kDocumentNamespace) named
  // `local_name` (empty: any name); with `showing` (ElementTrait bits, entry.h), only for those
  // that show one of them. Like a block filter, it only saves calls: the rule must find nothing in
  // the elements it leaves out.
  void elements(std::string_view ns, std::string_view local_name = {}, std::uint8_t showing = 0) {
    plan_.elements.push_back({ns, local_name, {}, showing});
  }
  // on_extension for the extension blocks of entries whose root matches, as for elements(); the
  // blocks are also in Entry::extensions for on_entry and on_url.
  void extensions(std::string_view ns, std::string_view local_name = {}, BlockFilter filter = {}) {
    plan_.extensions.push_back({ns, local_name, filter});
  }

  // Every filter lifted: the rule is called for every text run, entry, URL of its kinds and element
  // of its patterns, as if it had asked for them all (tests check that a filter only saves calls).
  void lift_filters() {
    if (plan_.text) plan_.text_every = true;
    if (plan_.url_kinds) plan_.url_every = true;
    if (plan_.entry_traits) plan_.entries = true;
    for (SubscriptionPlan::Pattern& p : plan_.elements) p.element_traits = 0;
  }

  // What the requests compiled to, which the engine reads.
  const SubscriptionPlan& plan() const { return plan_; }
  static constexpr std::uint32_t url_kind_bit(UrlFieldKind kind) { return 1u << static_cast<unsigned>(kind); }
  static constexpr std::uint32_t kAllUrlKinds = (1u << kUrlFieldKinds) - 1;

 private:
  SubscriptionPlan plan_;
};

// A URL-valued field as the URL rules see it: an entry's <loc> or a URL in an extension block.
struct UrlField {
  UrlFieldKind kind = UrlFieldKind::Loc;
  std::string_view label;  // how messages name it: "<loc>", "<image:loc>", "Sitemap:" ...
  const Field* field = nullptr;
  const Entry* entry = nullptr;  // the entry it belongs to
  UrlAnalysisCache* cache = nullptr;

  // The analysis every URL rule shares, computed on first use (url_analysis.h).
  const UrlAnalysis& analysis() const;
  // The URL quoted for a message; a field other than <loc> is named first: "<image:loc> 'x'".
  std::string quoted_value() const;
};

// What a set-level rule kept from one file's walk for its on_set: hashes and offsets, not copies.
class FileFacts {
 public:
  virtual ~FileFacts() = default;
};

inline constexpr std::size_t kNoFile = static_cast<std::size_t>(-1);

// What following one child of an index (or one Sitemap: line of a robots.txt) found.
enum class ChildOutcome {
  Followed,  // linted: SetFile::file says which file of the set it is
  Self,  // the index itself
  Missing,  // on disk, the file it maps to does not exist (`detail` names it)
  NotMapped,  // read from disk without knowing where it is served: not checked
  OtherSite,  // on another origin: not fetched (or, from a local file, never fetched)
  NotHttp,  // not an http(s) URL: the URL rules report it
  Unreadable,  // following failed (fetch error); the run lists it as an unusable input
  OverLimit,  // past the number of sitemaps one robots.txt may lead to (kMaxRobotsSitemaps)
};

// Sitemaps one robots.txt leads to at most: real ones name a handful; 100,000 lines must not make
// a run fetch for minutes.
inline constexpr std::size_t kMaxRobotsSitemaps = 1'000;

struct ChildLink {
  const Document::ChildRef* ref = nullptr;  // the child's URL, where it is, its <lastmod>
  ChildOutcome outcome = ChildOutcome::Followed;
  std::size_t file = kNoFile;  // the child's index in SetView::files, when it was linted
  std::string detail;
};

// One file of the run, as set-level rules see it.
struct SetFile {
  std::string_view path;
  DocumentKind kind = DocumentKind::None;
  const FileFacts* facts = nullptr;  // what this rule's take_facts() returned for it, if anything
  std::span<const ChildLink> children;  // an index's or robots.txt's children and their outcomes
  std::size_t parent = kNoFile;  // the index that led to it, for a followed child
};

struct SetView {
  std::span<const SetFile> files;  // in report order: the inputs, then followed children
};

// Where a set-level rule reports: into any file of the set (`file`, an index of SetView::files),
// at a place in that file.
class SetSink {
 public:
  virtual ~SetSink() = default;
  virtual void report(std::size_t file, Report finding) = 0;
  // The text of a file at [offset, offset + length) (to its end past it), for naming a value in a
  // message: a view, valid until the next call (the file is mapped, or read again, if its bytes
  // were released; nothing is copied, where a rule that placed its findings took a copy of each
  // file whole).
  virtual std::string_view text(std::size_t file, std::size_t offset, std::size_t length) = 0;
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual void subscribe(Subscriptions&) const = 0;
  virtual void on_document(const Document&, FindingSink&) {}
  virtual void on_element(const Element&, FindingSink&) {}
  virtual void on_text(const TextRun&, FindingSink&) {}
  virtual void on_url(const UrlField&, FindingSink&) {}
  virtual void on_extension(const ExtensionBlock&, const Entry&, FindingSink&) {}
  virtual void on_entry(const Entry&, FindingSink&) {}
  virtual void on_finish(const Document&, FindingSink&) {}
  // A large file may be walked in lanes, on several threads (engine/piece_lanes.h): each lane has
  // an instance of the rule of its own, which sees the entries of its lane alone. Before its walk,
  // the instance of every lane but the first is told so (it may keep what it would have reported
  // had it known the entries before, instead of reporting it), and given the first lane's
  // instance, `first`, of its own class, whose on_document has run: what that published then for
  // the later lanes (room to write into, page_facts.cpp) it may read. After the walks, each instance
  // takes in the next lane's (`later`, an instance of the same class), in lane order, before
  // on_finish and take_facts: a rule that keeps anything from one entry to the next folds it in
  // here, and reports into `out` what the lanes show only together, as one walk would have.
  // Findings reported while the later lane was walked are kept as they are. The fixture tests
  // walk every fixture in lanes of one entry and hold each rule to the findings of one walk.
  virtual void walks_later_lane(Rule& first) { static_cast<void>(first); }
  virtual void absorb(Rule& later, FindingSink& out) {
    static_cast<void>(later);
    static_cast<void>(out);
  }
  // Set-level rules: after a file's walk, what to keep of it for on_set (nullptr: nothing).
  virtual std::unique_ptr<FileFacts> take_facts() { return nullptr; }
  // Once per run, on an instance of its own, after every file (and every index child) is linted.
  virtual void on_set(const SetView&, SetSink&) {}
};

// What a rule file contributes (SITEMAPLINT_DEFINE_RULE): its metadata and how to make it.
struct RuleDefinition {
  const RuleMeta& meta;
  RuleFactory make;
};

}  // namespace sitemaplint
