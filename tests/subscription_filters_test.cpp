// Subscription filters only save calls. A rule that subscribes to the text runs holding certain
// characters, or to the elements, URLs or entries showing certain traits, must find exactly what
// it finds when it is called for every run, element, URL and entry: every rule fixture and example
// is linted with every rule as it subscribes and with every rule's filters widened to everything,
// and the findings must be the same.
#include <doctest/doctest.h>

#include <array>
#include <filesystem>
#include <functional>
#include <sstream>
#include <utility>

#include "engine/dispatch.h"
#include "engine/engine.h"
#include "schema.h"
#include "url_analysis.h"
#include "engine/walker.h"
#include "load/parse.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

// A rule as it is, but for its filters: it is called for every text run and entry, and every
// element and URL of the kinds it subscribed to.
class Unfiltered final : public Rule {
 public:
  explicit Unfiltered(std::unique_ptr<Rule> rule) : rule_(std::move(rule)) {}
  void subscribe(Subscriptions& s) const override {
    rule_->subscribe(s);
    s.lift_filters();
  }
  void on_document(const Document& d, FindingSink& out) override { rule_->on_document(d, out); }
  void on_element(const Element& e, FindingSink& out) override { rule_->on_element(e, out); }
  void on_text(const TextRun& r, FindingSink& out) override { rule_->on_text(r, out); }
  void on_url(const UrlField& u, FindingSink& out) override { rule_->on_url(u, out); }
  void on_extension(const ExtensionBlock& b, const Entry& e, FindingSink& out) override {
    rule_->on_extension(b, e, out);
  }
  void on_entry(const Entry& e, FindingSink& out) override { rule_->on_entry(e, out); }
  void on_finish(const Document& d, FindingSink& out) override { rule_->on_finish(d, out); }
  std::unique_ptr<FileFacts> take_facts() override { return rule_->take_facts(); }
  void on_set(const SetView& set, SetSink& out) override { rule_->on_set(set, out); }

 private:
  std::unique_ptr<Rule> rule_;
};

// Every rule's RuleInfo, made unfiltered: a factory per rule (RuleFactory is a plain function).
std::array<RuleInfo, kRuleCount> unfiltered_infos;
template <std::size_t I>
std::unique_ptr<Rule> make_unfiltered(const RuleSettings& settings) {
  return std::make_unique<Unfiltered>(all_rules()[I]->make(settings));
}
template <std::size_t... I>
RuleSelection unfiltered_selection(std::index_sequence<I...>) {
  RuleSelection selection = every_rule();
  ((unfiltered_infos[I] = *all_rules()[I], unfiltered_infos[I].make = &make_unfiltered<I>), ...);
  for (const RuleInfo*& info : selection.enabled) info = &unfiltered_infos[index_of(info->id)];
  return selection;
}

// The findings of `selection` in the fixture at `path`, as the rules made them (inline suppressions
// are applied after, by the rule's identity, which the unfiltered copies do not share).
std::vector<std::string> findings(const fs::path& path, const RuleSelection& selection, const Settings& settings) {
  Input input = load_fixture(path);
  const LoadFacts load{input.compressed,  input.decompression_stopped, input.compression_error,
                       input.http_status, input.content_type,          input.robots_txt};
  std::unique_ptr<Document> doc = parse_document(path.string(), input.bytes, load);
  std::vector<std::string> out;
  for (const Diagnostic& d : run_rules(*doc, selection, settings).diagnostics) {
    std::ostringstream line;
    line << d.rule->code << " @" << d.offset << "+" << d.length << " " << d.message;
    out.push_back(line.str());
  }
  return out;
}

}  // namespace

TEST_CASE("subscription filters: every rule finds with its filters what it finds without them") {
  REQUIRE(all_rules().size() == kRuleCount);
  const RuleSelection unfiltered = unfiltered_selection(std::make_index_sequence<kRuleCount>());
  std::vector<fs::path> files = rule_fixture_files();
  for (const auto& entry : fs::recursive_directory_iterator(source_path("testdata/extensions"))) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::size_t with_findings = 0;
  for (const fs::path& path : files) {
    CAPTURE(path.string());
    const std::string text = read_file(path.string());
    const Settings settings = fixture_settings(path, text);
    const std::vector<std::string> filtered = findings(path, every_rule(), settings);
    CHECK(filtered == findings(path, unfiltered, settings));
    with_findings += !filtered.empty();
  }
  CHECK(files.size() > 300);
  CHECK(with_findings > 250);  // the fixtures are not all clean: the filters had findings to lose
}

namespace {

// Reports every element it is called for, by name, as its pattern and filter let it be.
class ElementNamer final : public Rule {
 public:
  ElementNamer(std::string_view local_name, std::uint8_t traits) : local_name_(local_name), traits_(traits) {}
  void subscribe(Subscriptions& s) const override { s.elements(Subscriptions::kAnyNamespace, local_name_, traits_); }
  void on_element(const Element& e, FindingSink& out) override {
    out.report({.at = {e.offset, 1}, .message = std::string(e.qualified_name) + (traits_ ? " (filtered)" : "")});
  }

 private:
  std::string_view local_name_;
  std::uint8_t traits_;
};

}  // namespace

TEST_CASE("subscription filters: a pattern without a filter gets every element, one with a filter those that show it") {
  // Two rules on one pattern (every element), one of them filtered; one on a named pattern.
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<ElementNamer>("", 0));
  rules.push_back(std::make_unique<ElementNamer>("", kElementHasAttributes));
  rules.push_back(std::make_unique<ElementNamer>("loc", 0));
  const std::vector<std::string> messages = walk_messages(
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://e.com/</loc><extra "
      "a=\"1\"/></url></urlset>",
      std::move(rules));
  // The root has an attribute (its xmlns declaration counts as one in the tree).
  CHECK(messages ==
        std::vector<std::string>{"urlset", "urlset (filtered)", "url", "loc", "loc", "extra", "extra (filtered)"});
}

TEST_CASE("url traits: a clean URL shows none, each problem its own bit") {
  const auto traits_of = [](std::string_view value) {
    Field field;
    field.present = true;
    field.value = field.raw = value;
    UrlAnalysis a;
    analyze_url(value, a);
    return url_traits(a, field);
  };
  CHECK(traits_of("https://www.example.com/a/b?x=1") == 0);
  CHECK(traits_of("") == (kUrlNotHttp | kUrlShort));
  CHECK(traits_of("/relative/path/only") == kUrlNotHttp);
  CHECK(traits_of("ftp://example.com/file") == kUrlNotHttp);
  CHECK(traits_of("https://exa mple.com/") == kUrlSyntaxInvalid);
  CHECK(traits_of("https://intranet/page") == kUrlHostProblem);
  CHECK(traits_of("https://example.com:99999/") == kUrlHasPort);
  CHECK(traits_of("https://user@example.com/") == kUrlHasUserInfo);
  CHECK(traits_of("  https://example.com/ ") == kUrlSurroundingSpace);
  CHECK(traits_of("https://example.com/caf\xc3\xa9") == kUrlNonAscii);
  CHECK(traits_of("https://example.com/a%20b") == kUrlHasPercent);
  CHECK(traits_of("https://example.com/#top") == kUrlHasFragment);
  CHECK(traits_of("http://e.co") == kUrlShort);
  CHECK(traits_of("https://example.com/" + std::string(2048, 'a')) == kUrlLong);
}

namespace {

// Hands the entries of a walk it subscribes to (every one, unless told otherwise) to a function.
class EntryWatcher final : public Rule {
 public:
  using Subscribe = std::function<void(Subscriptions&)>;
  EntryWatcher(std::function<void(const Entry&)> watch, Subscribe subscribe)
      : watch_(std::move(watch)), subscribe_(std::move(subscribe)) {}
  void subscribe(Subscriptions& s) const override { subscribe_(s); }
  void on_entry(const Entry& entry, FindingSink&) override { watch_(entry); }

 private:
  std::function<void(const Entry&)> watch_;
  Subscribe subscribe_;
};

std::size_t entries_of(
    Document& doc, std::function<void(const Entry&)> watch,
    EntryWatcher::Subscribe subscribe = [](Subscriptions& s) { s.entries(); }) {
  std::size_t count = 0;
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<EntryWatcher>(
      [&](const Entry& entry) {
        ++count;
        watch(entry);
      },
      std::move(subscribe)));
  walk_messages(doc, std::move(rules));
  return count;
}

// The traits of each entry of a <urlset> (which declares the image namespace) holding `body`, the
// image blocks gathered.
std::vector<std::uint16_t> entry_traits_in(const std::string& body) {
  auto doc = parse_document("t.xml",
                            "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
                            "xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">" +
                                body + "</urlset>");
  REQUIRE(doc->parsed);
  std::vector<std::uint16_t> traits;
  entries_of(
      *doc, [&](const Entry& entry) { traits.push_back(entry_traits(entry)); },
      [](Subscriptions& s) {
        s.entries();
        s.extension_blocks(kImageNamespace);
      });
  return traits;
}

}  // namespace

TEST_CASE("entry traits: a usual entry shows none, each rarity its own bit") {
  // The traits of a <url> with these children, after a first <url> (which shows kEntryFirstOfKind).
  const auto traits_of = [](const std::string& children) {
    const std::vector<std::uint16_t> traits =
        entry_traits_in("<url><loc>https://example.com/a</loc></url><url>" + children + "</url>");
    REQUIRE(traits.size() == 2);
    return traits.back();
  };
  const std::string loc = "<loc>https://example.com/</loc>";
  CHECK(traits_of(loc + "<lastmod>2024-01-01</lastmod><changefreq>daily</changefreq><priority>0.5</priority>") == 0);
  CHECK(traits_of("<lastmod>2024-01-01</lastmod>") == kEntryLacksLoc);
  CHECK(traits_of(loc + loc) == kEntryRepeatsField);
  CHECK(traits_of(loc + "<priority>0.5</priority><priority>0.6</priority>") == kEntryRepeatsField);
  CHECK(traits_of(loc + "<lastmod> 2024-01-01</lastmod>") == kEntryFieldSpace);
  CHECK(traits_of(loc + "<priority>0.5\n</priority>") == kEntryFieldSpace);
  CHECK(traits_of(loc + "<changefreq> daily </changefreq>") == kEntryFieldSpace);
  CHECK(traits_of(loc + "<changefreq>never</changefreq>") == kEntryChangefreqUnusual);
  CHECK(traits_of(loc + "<changefreq>Daily</changefreq>") == kEntryChangefreqUnusual);
  CHECK(traits_of(loc + "<changefreq></changefreq>") == kEntryChangefreqUnusual);
  // The schema's order: loc, lastmod, changefreq, priority, then other namespaces' elements;
  // unknown elements of the sitemap namespace do not count.
  const std::string ext = "<x:a xmlns:x=\"urn:x\"/>";
  CHECK(traits_of(loc + "<lastmod>2024-01-01</lastmod><other/><priority>0.5</priority>" + ext) == 0);
  CHECK(traits_of("<lastmod>2024-01-01</lastmod>" + loc) == kEntryChildrenOutOfOrder);
  CHECK(traits_of(loc + ext + "<priority>0.5</priority>") == kEntryChildrenOutOfOrder);
  CHECK(traits_of(loc + "<priority>0.5</priority><changefreq>daily</changefreq>") == kEntryChildrenOutOfOrder);
  // Full dates and date-times with seconds and a zone are usual; the rest the lastmod rules see.
  for (const char* usual : {"2024-01-01", "2024-01-01T10:20:30Z", "2024-01-01T10:20:30.5+02:00"}) {
    CHECK(traits_of(loc + "<lastmod>" + usual + "</lastmod>") == 0);
  }
  for (const char* unusual :
       {"", "2024", "2024-01", "2024-01-01T10:20Z", "2024-01-01T10:20:30", "2024-13-01", "yesterday"}) {
    CAPTURE(unusual);
    CHECK(traits_of(loc + "<lastmod>" + unusual + "</lastmod>") == kEntryLastmodUnusual);
  }
  for (const char* usual : {"0", "0.0", "0.5", "1", "1.0", "+0.25", "00.50", "-0.0"}) {
    CAPTURE(usual);
    CHECK(traits_of(loc + "<priority>" + usual + "</priority>") == 0);
  }
  for (const char* unusual : {"", "1.01", "2", "-0.1", "0,5", "high", "10"}) {
    CAPTURE(unusual);
    CHECK(traits_of(loc + "<priority>" + unusual + "</priority>") == kEntryPriorityUnusual);
  }
}

TEST_CASE("entry traits: more extension blocks than a page may have images") {
  const auto traits_of = [](std::size_t blocks) {
    std::string images;
    for (std::size_t i = 0; i < blocks; ++i)
      images += "<image:image><image:loc>https://example.com/i.png</image:loc></image:image>";
    return entry_traits_in("<url><loc>https://example.com/</loc>" + images + "</url>");
  };
  CHECK(traits_of(kMaxImagesPerPage) == std::vector<std::uint16_t>{kEntryFirstOfKind});
  CHECK(traits_of(kMaxImagesPerPage + 1) == std::vector<std::uint16_t>{kEntryFirstOfKind | kEntryManyBlocks});
}

TEST_CASE(
    "subscription filters: extension_blocks gathers a namespace's blocks for the entries a rule sees, without calls") {
  const std::string xml =
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:image=\"http://www.google.com/schemas/"
      "sitemap-image/1.1\"><url><loc>https://example.com/</loc><image:image><image:loc>https://example.com/i.png"
      "</image:loc></image:image></url><sitemap><loc>https://example.com/s.xml</loc><image:image><image:loc>"
      "https://example.com/j.png</image:loc></image:image></sitemap></urlset>";
  // Only the <sitemap> (not a <url>) is seen, with its block when the rule asks for them.
  for (const bool blocks : {true, false}) {
    CAPTURE(blocks);
    auto doc = parse_document("t.xml", xml);
    REQUIRE(doc->parsed);
    std::vector<std::string> seen;
    entries_of(
        *doc,
        [&](const Entry& entry) {
          seen.push_back(std::string(entry.element->local_name) + " " + std::to_string(entry.extensions.size()));
        },
        [blocks](Subscriptions& s) {
          s.entries_showing(kEntryNotUrl);
          if (blocks) s.extension_blocks(kImageNamespace);
        });
    CHECK(seen == std::vector<std::string>{blocks ? "sitemap 1" : "sitemap 0"});
  }
}

TEST_CASE("entry traits: the traits that parse a value are worked out only when wanted") {
  auto doc = parse_document("t.xml",
                            "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://"
                            "example.com/</loc><lastmod>2024</lastmod><priority>9</priority></url></urlset>");
  REQUIRE(doc->parsed);
  std::vector<std::uint16_t> seen;
  entries_of(*doc, [&](const Entry& entry) {
    seen.push_back(entry_traits(entry, kEntryLacksLoc));
    CHECK_FALSE(entry.lastmod_cache.has_value());  // not parsed for the traits not wanted
    CHECK_FALSE(entry.priority_cache.has_value());
    seen.push_back(entry_traits(entry));
  });
  CHECK(seen == std::vector<std::uint16_t>{kEntryFirstOfKind,
                                           kEntryFirstOfKind | kEntryLastmodUnusual | kEntryPriorityUnusual});
}

TEST_CASE("entry traits: not a <url>, the first of its kind, past the 50,000th of its kind") {
  const auto traits_of = [](const std::string& body) {
    const std::vector<std::uint16_t> traits = entry_traits_in(body);
    return std::vector<int>(traits.begin(), traits.end());
  };
  const std::string url = "<url><loc>https://example.com/</loc></url>";
  const std::string sitemap = "<sitemap><loc>https://example.com/s.xml</loc></sitemap>";
  const std::string image = "<image:image><image:loc>https://example.com/i.png</image:loc></image:image>";
  CHECK(traits_of(url + url) == std::vector<int>{kEntryFirstOfKind, 0});
  // Each kind counts on its own: the first <sitemap> and the first other element are firsts too.
  CHECK(traits_of(url + sitemap + sitemap + image + url + image) ==
        std::vector<int>{kEntryFirstOfKind, kEntryNotUrl | kEntryFirstOfKind, kEntryNotUrl,
                         kEntryNotUrl | kEntryFirstOfKind | kEntryLacksLoc, 0, kEntryNotUrl | kEntryLacksLoc});
  std::string many;
  for (std::size_t i = 0; i < kMaxEntries + 2; ++i) many += i == 3 ? sitemap : url;
  const std::vector<int> traits = traits_of(many);
  REQUIRE(traits.size() == kMaxEntries + 2);
  CHECK(traits[kMaxEntries - 1] == 0);  // the 49,999th <url> (one entry is a <sitemap>)
  CHECK(traits[kMaxEntries] == 0);  // the 50,000th <url>
  CHECK(traits[kMaxEntries + 1] == kEntryPastLimit);  // the 50,001st
}

namespace {

// Reports every text run it is called for.
class TextNamer final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.text_up_to_depth(2); }
  void on_text(const TextRun& run, FindingSink& out) override {
    out.report({.at = {run.offset, 1}, .message = std::string(run.raw)});
  }
};

}  // namespace

TEST_CASE("subscription filters: text up to a depth is the text of elements that deep, without attribute values") {
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<TextNamer>());
  CHECK(walk_messages("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" a=\"attr\">root text<url>url "
                      "text<loc>https://e.com/</loc><x>deep</x></url></urlset>",
                      std::move(rules)) == std::vector<std::string>{"root text", "url text"});
}
