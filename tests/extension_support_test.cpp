// The structure checks the extension families share, driven by a schema given as data: here a
// small made-up extension, walked by the real engine through a rule that calls every check.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <string>
#include <vector>

#include "analysis/line_index.h"
#include "engine/dispatch.h"
#include "load/parse.h"
#include "load/source.h"
#include "rules/extension/extension_rules.h"
#include "rules/extension/extension_support.h"
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/image/utils/image_schema.h"
#include "rules/mobile/utils/mobile_schema.h"
#include "rules/news/utils/news_schema.h"
#include "rules/pagemap/utils/pagemap_schema.h"
#include "rules/video/utils/video_schema.h"
#include "url_analysis.h"
#include "test_support.h"
#include "engine/walker.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

constexpr std::string_view kNs = "urn:example:toy/1.0";
constexpr AttributeSpec kSizeAttribute[] = {{"size", true}};
constexpr ElementSpec kToyChildren[] = {
    {.name = "loc", .min_occurs = 1},
    {.name = "size", .attributes = kSizeAttribute},
    {.name = "tag", .max_occurs = kUnbounded},
    {.name = "old", .deprecated = true},
};
constexpr ElementSpec kToy{.name = "toy", .children = kToyChildren};
constexpr ExtensionFamily kToyFamily{"toy", kNs, "toy", R"(^example\.com/toys?(/[^/]*)?$)", &kToy};

// Every shared check, as one rule would call them.
class ToyChecks final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kNs);
    s.finish();
  }
  void on_extension(const ExtensionBlock& block, const Entry&, FindingSink& out) override {
    report_unknown_elements(kToyFamily, block, out);
    report_unexpected_attributes(kToyFamily, block, out);
    report_duplicate_children(kToyFamily, block, out);
    report_children_out_of_order(kToyFamily, block, out);
    for (const ElementSpec* missing : missing_children(kToyFamily, block, 0)) {
      out.report({.at = {block.root().offset, tag_length(block.root())},
                  .message = "missing " + element_name(block, missing->name)});
    }
  }
  void on_finish(const Document& doc, FindingSink& out) override { report_namespace_near_misses(kToyFamily, doc, out); }
};

// One shared check as its own rule, called only for the blocks whose traits it looks for, as the
// families' rules subscribe.
template <BlockCheck run>
class FilteredCheck final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kNs, {}, blocks_showing<kToyFamily>(kTraitsChecked<run>));
  }
  void on_extension(const ExtensionBlock& block, const Entry&, FindingSink& out) override {
    run(kToyFamily, block, out);
  }
};

class FilteredMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kNs, {}, blocks_showing<kToyFamily>(kLacksRequiredChild));
  }
  void on_extension(const ExtensionBlock& block, const Entry&, FindingSink& out) override {
    for (const ElementSpec* missing : missing_children(kToyFamily, block, 0)) {
      out.report({.at = {block.root().offset, tag_length(block.root())},
                  .message = "missing " + element_name(block, missing->name)});
    }
  }
};

// "LINE:COL message" for each finding of `rules` over `xml`.
std::vector<std::string> check_with(const std::string& xml, std::vector<std::unique_ptr<Rule>> made) {
  auto doc = parse_document("toy.xml", xml);
  REQUIRE(doc->parsed);
  std::vector<Diagnostic> found;
  const RuleInfo& info = rule_info(RuleId::xml_syntax);  // any identity will do for the sink
  std::vector<ActiveRule> rules;
  for (std::unique_ptr<Rule>& rule : made) {
    rules.push_back(ActiveRule{std::move(rule), RuleSink(info, Severity::Error, found), {}});
    rules.back().rule->subscribe(rules.back().subscriptions);
  }
  Dispatch dispatch(rules, found);
  dispatch.document(*doc);
  WalkRecords records;
  Walker(*doc, dispatch, &records).walk();
  records.append_to(*doc);
  dispatch.finish(*doc);
  std::stable_sort(found.begin(), found.end(), diagnostic_order);
  const LineIndex index(xml);
  std::vector<std::string> out;
  for (const Diagnostic& d : found) {
    const Position p = index.position(d.offset);
    out.push_back(std::to_string(p.line) + ":" + std::to_string(p.column) + " " + d.message);
  }
  return out;
}

// The findings of every check, called on every block.
std::vector<std::string> check(const std::string& xml) {
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<ToyChecks>());
  return check_with(xml, std::move(rules));
}

// The same checks as rules that subscribe with block filters.
std::vector<std::string> check_filtered(const std::string& xml) {
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<FilteredCheck<report_unknown_elements>>());
  rules.push_back(std::make_unique<FilteredCheck<report_unexpected_attributes>>());
  rules.push_back(std::make_unique<FilteredCheck<report_duplicate_children>>());
  rules.push_back(std::make_unique<FilteredCheck<report_children_out_of_order>>());
  rules.push_back(std::make_unique<FilteredMissing>());
  return check_with(xml, std::move(rules));
}

std::string urlset(const std::string& body, const std::string& ns = std::string(kNs)) {
  return "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:t=\"" + ns +
         "\">\n<url><loc>https://example.com/</loc>\n" + body + "\n</url>\n</urlset>\n";
}

}  // namespace

TEST_CASE("extension schema checks: a valid block is silent") {
  CHECK(check(urlset("<t:toy><t:loc>https://example.com/a</t:loc><t:size size=\"2\">x</t:size><t:tag>a</t:tag>"
                     "<t:tag>b</t:tag><t:old>kept</t:old></t:toy>"))
            .empty());
}

TEST_CASE("extension schema checks: unknown, misplaced, duplicated, disordered and missing elements") {
  CHECK(check(urlset("<t:toy><t:size>1</t:size><t:loc>https://example.com/a</t:loc><t:lco>x</t:lco>"
                     "<t:loc>https://example.com/b</t:loc><t:loc><t:tag/></t:loc></t:toy>")) ==
        std::vector<std::string>{
            "3:26 <t:loc> comes after <t:size>; the schema's order in <t:toy> is loc, size, tag, old",
            "3:62 unknown element <t:lco> in <t:toy>, which holds only <t:loc>, <t:size>, <t:tag> (and the "
            "deprecated old); did you mean <t:loc>?",
            "3:78 <t:toy> has a second <t:loc>; only one is allowed",
            "3:114 <t:toy> has a second <t:loc>; only one is allowed",
            "3:121 unknown element <t:tag> in <t:loc>, which holds text only",
        });
  CHECK(check(urlset("<t:toy><t:size size=\"1\" color=\"red\" t:size=\"2\">1</t:size></t:toy>")) ==
        std::vector<std::string>{
            "3:1 missing <t:loc>",
            "3:25 <t:size> does not take the attribute 'color'; it takes 'size'",
            "3:37 <t:size> does not take the attribute 't:size'; it takes 'size' (unprefixed)",
        });
  CHECK(check(urlset("<t:loc>https://example.com/a</t:loc>")) ==
        std::vector<std::string>{"3:1 <t:loc> must be inside <t:toy>, not directly in <url>"});
}

TEST_CASE("extension schema checks: a namespace that misses the family's by a little") {
  CHECK(check(urlset("", "https://www.example.com/toys/1.0/")) ==
        std::vector<std::string>{"1:70 'https://www.example.com/toys/1.0/' is not the toy namespace; use "
                                 "'urn:example:toy/1.0', or search engines ignore the toy tags it binds"});
  CHECK(check(urlset("", "urn:example:toy/1.0")).empty());
  // Each declaration, even of a URI reported before: each carries its own fix.
  CHECK(
      check(urlset("<t:toy xmlns:t=\"https://www.example.com/toys/1.0/\"><t:loc>https://example.com/a</t:loc></t:toy>",
                   "https://www.example.com/toys/1.0/")) ==
      std::vector<std::string>{"1:70 'https://www.example.com/toys/1.0/' is not the toy namespace; use "
                               "'urn:example:toy/1.0', or search engines ignore the toy tags it binds",
                               "3:17 'https://www.example.com/toys/1.0/' is not the toy namespace; use "
                               "'urn:example:toy/1.0', or search engines ignore the toy tags it binds"});
  CHECK_FALSE(namespace_near_miss(kToyFamily, "t", "https://example.com/other"));
  CHECK(namespace_near_miss(kToyFamily, "toy", "urn:unrelated")->fixable == false);
  CHECK(namespace_near_miss(kToyFamily, "t", "http://example.com/toy/2.0/toy.xsd")->fixable);
}

namespace {

// normalised_url and path_extension of `url`, through the shared URL analysis.
std::string normalised(const std::string& url) {
  UrlAnalysis a;
  analyze_url(url, a);
  REQUIRE(usable_url(a));
  std::string buffer;
  return std::string(normalised_url(a, buffer));
}

std::string extension(const std::string& url) {
  UrlAnalysis a;
  analyze_url(url, a);
  std::string buffer;
  return std::string(path_extension(a, buffer));
}

std::string path(const std::string& url) {
  UrlAnalysis a;
  analyze_url(url, a);
  REQUIRE(usable_url(a));
  return std::string(a.path);
}

}  // namespace

TEST_CASE("extension URLs: the path as written, after host and port, before query and fragment") {
  CHECK(path("https://example.com:8080/a/b.jpg?w=2#x") == "/a/b.jpg");
  CHECK(path("https://user@example.com/%7Ejane/") == "/%7Ejane/");
  CHECK(path("https://example.com?q=1") == "");
  CHECK(path("https://example.com") == "");
  // The full scan (an IP literal, non-ASCII bytes) finds the same path as the one-pass scan.
  CHECK(path("https://[::1]:8080/x/y.png?z") == "/x/y.png");
  CHECK(path("https://example.com/caf\xC3\xA9/a.jpg#top") == "/caf\xC3\xA9/a.jpg");
}

TEST_CASE("extension URLs: normalised for comparison as RFC 3986 6.2.2 says, no further") {
  CHECK(normalised("HTTPS://Example.COM:443") == "https://example.com/");
  CHECK(normalised("http://example.com:80/a?b#c") == "http://example.com/a?b#c");
  CHECK(normalised("http://example.com:8080/a") == "http://example.com:8080/a");
  CHECK(normalised("https://example.com/%7ejane/%2fx%3F") == "https://example.com/~jane/%2Fx%3F");
  CHECK(normalised("https://user@Example.com/A/") == "https://user@example.com/A/");
  CHECK(normalised("https://example.com/a/") != normalised("https://example.com/a"));
  // Already normal: returned as written, with each thing that would change it next to it.
  CHECK(normalised("https://user@example.com/a/b?c=%41#d") == "https://user@example.com/a/b?c=A#d");
  CHECK(normalised("https://example.com/a/b?c=d#e") == "https://example.com/a/b?c=d#e");
  CHECK(normalised("https://example.com?a") == "https://example.com/?a");
  CHECK(normalised("httpS://example.com/a") == "https://example.com/a");
  CHECK(normalised("https://example.coM/a") == "https://example.com/a");
  CHECK(normalised("https://example.com:/a") == "https://example.com/a");
  CHECK(normalised("https://b\xC3\xBC"
                   "cher.example/a") == "https://xn--bcher-kva.example/a");
  CHECK(normalised("https://example.com/a/./b/../c") == "https://example.com/a/c");  // 6.2.2.3
  UrlAnalysis relative;
  analyze_url("/a.jpg", relative);
  CHECK_FALSE(usable_url(relative));
}

TEST_CASE("extension URLs: the extension of the last path segment, decoded, lower case, 1 to 5 characters") {
  CHECK(extension("https://example.com/a/Photo.JPG?x=1.png#y.gif") == "jpg");
  CHECK(extension("https://example.com/1.7242578!/image/417104257.jpg") == "jpg");
  CHECK(extension("https://example.com/a%2Ephp") == "php");
  CHECK(extension("https://example.com/a.b%2Ejpeg") == "jpeg");
  CHECK(extension("https://example.com/a.JpEg") == "jpeg");
  CHECK(extension("https://example.com/a.j-g") == "");
  CHECK(extension("https://example.com/a.") == "");
  CHECK(extension("https://example.com/x.y/a") == "");
  CHECK(extension("https://example.com/thumb3.jpg/sm/x") == "");
  CHECK(extension("https://example.com/archive.backup") == "");
  CHECK(extension("https://example.com/") == "");
  CHECK(extension("https://example.com") == "");
  CHECK(extension("https://example.com/a.%6Apg") == "jpg");
  CHECK(extension("https://example.com/a.jp%67") == "jpg");
  CHECK(extension("https://example.com/a%2E") == "");
  CHECK(extension("https://example.com/a.b.c123456") == "");
}

TEST_CASE("extension URLs: the extension read from the end equals the whole segment decoded") {
  // What the extension is by definition: decode the last segment, take what follows its last '.'.
  const auto reference = [](std::string_view path) {
    const std::string_view segment = path.substr(path.rfind('/') + 1);
    std::string decoded;
    for (std::size_t i = 0; i < segment.size(); ++i) {
      if (segment[i] == '%' && i + 2 < segment.size() && std::isxdigit(static_cast<unsigned char>(segment[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(segment[i + 2]))) {
        decoded += static_cast<char>(std::stoi(std::string(segment.substr(i + 1, 2)), nullptr, 16));
        i += 2;
      } else {
        decoded += segment[i];
      }
    }
    const std::size_t dot = decoded.rfind('.');
    if (dot == std::string::npos) return std::string();
    std::string extension;
    for (const char c : decoded.substr(dot + 1)) {
      if (!std::isalnum(static_cast<unsigned char>(c))) return std::string();
      extension += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return extension.size() <= 5 ? extension : std::string();
  };
  // Every path of up to 5 characters from an alphabet that spells dots, escapes and separators.
  const std::string alphabet = "aJ1.%2E-/";
  std::vector<std::string> paths{""};
  for (int length = 1; length <= 5; ++length) {
    std::vector<std::string> longer;
    for (const std::string& p : paths) {
      if (p.size() + 1 != static_cast<std::size_t>(length)) continue;
      for (const char c : alphabet) longer.push_back(p + c);
    }
    paths.insert(paths.end(), longer.begin(), longer.end());
  }
  std::size_t compared = 0;
  for (const std::string& tail : paths) {
    const std::string url = "https://example.com/x/" + tail;
    UrlAnalysis a;
    analyze_url(url, a);
    if (!usable_url(a)) continue;  // a stray '%': not a URL the rules read
    CAPTURE(url);
    std::string buffer;
    CHECK(std::string(path_extension(a, buffer)) == reference(a.path));
    ++compared;
  }
  CHECK(compared > 20'000);
}

TEST_CASE("extension schema checks: a long list of children is not spelled out, and a prefix is a hint") {
  static constexpr ElementSpec kManyChildren[] = {
      {.name = "loc", .min_occurs = 1},
      {.name = "a1"},
      {.name = "a2"},
      {.name = "a3"},
      {.name = "a4"},
      {.name = "a5"},
      {.name = "a6"},
      {.name = "a7"},
      {.name = "a8"},
      {.name = "a9"},
      {.name = "thumbnail_loc"},
  };
  static constexpr ElementSpec kMany{.name = "toy", .children = kManyChildren};
  static constexpr ExtensionFamily kManyFamily{"toy", kNs, "toy", R"(^example\.com/toys?(/[^/]*)?$)", &kMany};
  // The checks run through a rule of the toy family above; this one calls the long family directly.
  class ManyChecks final : public Rule {
   public:
    void subscribe(Subscriptions& s) const override { s.extensions(kNs); }
    void on_extension(const ExtensionBlock& block, const Entry&, FindingSink& out) override {
      report_unknown_elements(kManyFamily, block, out);
    }
  };
  auto doc = parse_document("toy.xml", urlset("<t:toy><t:loc>https://example.com/a</t:loc><t:thumbnail>x</t:thumbnail>"
                                              "<t:colour>y</t:colour></t:toy>"));
  REQUIRE(doc->parsed);
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<ManyChecks>());
  const std::vector<std::string> messages = walk_messages(*doc, std::move(rules));
  CHECK(messages ==
        std::vector<std::string>{
            "unknown element <t:thumbnail> in <t:toy>, which the toy schema does not define there; did you "
            "mean <t:thumbnail_loc>?",
            "unknown element <t:colour> in <t:toy>, which the toy schema does not define there; remove it, or use "
            "one of the 11 it defines",
        });
}

namespace {

// Records the toy family's traits of every block it is given.
class TraitsRecorder final : public Rule {
 public:
  explicit TraitsRecorder(std::vector<std::uint32_t>& traits) : traits_(traits) {}
  void subscribe(Subscriptions& s) const override { s.extensions(kNs); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink&) override {
    traits_.push_back(block_traits(kToyFamily, block, entry));
  }

 private:
  std::vector<std::uint32_t>& traits_;
};

std::vector<std::uint32_t> traits_of(const std::string& xml) {
  std::vector<std::uint32_t> traits;
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<TraitsRecorder>(traits));
  check_with(xml, std::move(rules));
  return traits;
}

}  // namespace

TEST_CASE("block traits: a flat block shows what a check would find in it, any other block shows everything") {
  constexpr std::uint32_t kAll = ~std::uint32_t{0};
  const std::string loc = "<t:loc>https://example.com/a</t:loc>";
  CHECK(traits_of(urlset("<t:toy>" + loc + "<t:tag>a</t:tag><t:tag>b</t:tag></t:toy>")) ==
        std::vector<std::uint32_t>{0});
  CHECK(traits_of(urlset("<t:toy>" + loc + "<t:size size=\"1\">x</t:size></t:toy>")) ==
        std::vector<std::uint32_t>{kHasAttributes});
  CHECK(traits_of(urlset("<t:toy a=\"1\">" + loc + "</t:toy>")) == std::vector<std::uint32_t>{kHasAttributes});
  CHECK(traits_of(urlset("<t:toy>" + loc + loc + "</t:toy>")) == std::vector<std::uint32_t>{kRepeatsChild});
  CHECK(traits_of(urlset("<t:toy><t:size>x</t:size>" + loc + "</t:toy>")) ==
        std::vector<std::uint32_t>{kChildrenOutOfOrder});
  CHECK(traits_of(urlset("<t:toy><t:tag>a</t:tag></t:toy>")) == std::vector<std::uint32_t>{kLacksRequiredChild});
  CHECK(traits_of(urlset("<t:toy>" + loc + "<t:old>x</t:old></t:toy>")) ==
        std::vector<std::uint32_t>{kHasDeprecatedChild});
  CHECK(traits_of(urlset("<t:toy><t:old>y</t:old><t:size>x</t:size></t:toy>")) ==
        std::vector<std::uint32_t>{kChildrenOutOfOrder | kLacksRequiredChild | kHasDeprecatedChild});
  // Not flat: an unknown child, a grandchild, a child of another namespace, a block that is not a
  // <t:toy>, a block outside a page.
  CHECK(traits_of(urlset("<t:toy>" + loc + "<t:lco>x</t:lco></t:toy>")) == std::vector<std::uint32_t>{kAll});
  CHECK(traits_of(urlset("<t:toy><t:loc><t:tag/></t:loc></t:toy>")) == std::vector<std::uint32_t>{kAll});
  CHECK(traits_of(urlset("<t:toy>" + loc + "<x:tag xmlns:x=\"urn:other\">x</x:tag></t:toy>")) ==
        std::vector<std::uint32_t>{kAll});
  CHECK(traits_of(urlset(loc)) == std::vector<std::uint32_t>{kAll});
  CHECK(traits_of("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:t=\"" + std::string(kNs) +
                  "\"><sitemap><loc>https://example.com/s.xml</loc><t:toy>" + loc +
                  "</t:toy></sitemap></sitemapindex>") == std::vector<std::uint32_t>{kAll});
}

namespace {

int traits_calls = 0;
// A made-up trait per block size: bit k for a block of k + 1 nodes.
std::uint32_t size_traits(const ExtensionBlock& block, const Entry&) {
  ++traits_calls;
  return std::uint32_t{1} << std::min<std::size_t>(block.nodes.size() - 1, 31);
}

class SizeWatcher final : public Rule {
 public:
  SizeWatcher(std::uint32_t wanted, std::vector<std::size_t>& seen) : wanted_(wanted), seen_(seen) {}
  void subscribe(Subscriptions& s) const override {
    s.extensions(kNs, {}, BlockFilter{wanted_ ? &size_traits : nullptr, wanted_});
  }
  void on_extension(const ExtensionBlock& block, const Entry&, FindingSink&) override {
    seen_.push_back(block.nodes.size());
  }

 private:
  std::uint32_t wanted_;
  std::vector<std::size_t>& seen_;
};

}  // namespace

TEST_CASE("block filters: a rule sees only the blocks showing a trait it wants, traits are worked out once per block") {
  std::vector<std::size_t> one_or_three, two, all;
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<SizeWatcher>(0b101, one_or_three));
  rules.push_back(std::make_unique<SizeWatcher>(0b010, two));
  rules.push_back(std::make_unique<SizeWatcher>(0, all));  // no filter: every block
  traits_calls = 0;
  check_with(urlset("<t:toy/><t:toy><t:loc>a</t:loc></t:toy><t:toy><t:loc>a</t:loc><t:tag>b</t:tag></t:toy><t:toy/>"),
             std::move(rules));
  CHECK(one_or_three == std::vector<std::size_t>{1, 3, 1});
  CHECK(two == std::vector<std::size_t>{2});
  CHECK(all == std::vector<std::size_t>{1, 2, 3, 1});
  CHECK(traits_calls == 4);  // once per block, for the two rules that share the function
}

TEST_CASE("block filters: the structure checks find the same with their filters as on every block") {
  // Children to build blocks from: known, repeated, misordered, with attributes, deprecated,
  // unknown, nested, of another namespace.
  const std::vector<std::string> pieces = {
      "<t:loc>https://example.com/a</t:loc>",
      "<t:size>1</t:size>",
      "<t:size size=\"2\">1</t:size>",
      "<t:size colour=\"red\">1</t:size>",
      "<t:tag>a</t:tag>",
      "<t:old>x</t:old>",
      "<t:lco>x</t:lco>",
      "<t:loc><t:tag/></t:loc>",
      "<x:tag xmlns:x=\"urn:other\">y</x:tag>",
  };
  std::uint32_t state = 12345;
  const auto next = [&](std::uint32_t n) {
    state = state * 1103515245u + 12345u;
    return (state >> 16) % n;
  };
  const auto sorted = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  std::size_t with_findings = 0;
  for (int round = 0; round < 400; ++round) {
    std::string body;
    for (std::uint32_t b = 0, blocks = 1 + next(3); b < blocks; ++b) {
      body += next(8) == 0 ? "<t:toy a=\"1\">" : "<t:toy>";
      for (std::uint32_t c = 0, children = next(5); c < children; ++c) body += pieces[next(pieces.size())];
      body += "</t:toy>";
    }
    if (next(10) == 0) body += "<t:loc>https://example.com/stray</t:loc>";
    const std::string xml = urlset(body);
    CAPTURE(xml);
    const std::vector<std::string> everywhere = check(xml);
    CHECK(sorted(check_filtered(xml)) == sorted(everywhere));
    with_findings += !everywhere.empty();
  }
  CHECK(with_findings > 200);  // the blocks are not all clean
}

TEST_CASE("namespace near misses: no family's pattern matches a namespace sitemaplint knows") {
  // namespace_near_miss answers for these URIs without its regex: it must be right to.
  const std::vector<std::string> known_normalised = {"sitemaps.org/schemas/sitemap/0.9",
                                                     "google.com/schemas/sitemap-image/1.1",
                                                     "google.com/schemas/sitemap-video/1.1",
                                                     "google.com/schemas/sitemap-news/0.9",
                                                     "w3.org/1999/xhtml",
                                                     "google.com/schemas/sitemap-pagemap/1.0",
                                                     "google.com/schemas/sitemap-mobile/1.0"};
  REQUIRE(known_normalised.size() == kKnownNamespaces.size());
  for (const ExtensionFamily* family :
       {&kImageFamily, &kVideoFamily, &kNewsFamily, &kHreflangFamily, &kPageMapFamily, &kMobileFamily}) {
    const std::regex pattern{std::string(family->near_miss_pattern)};
    for (std::size_t i = 0; i < known_normalised.size(); ++i) {
      CAPTURE(known_normalised[i]);
      CAPTURE(family->name);
      // Only its own URI matches a family's pattern, and that one is no near miss but the namespace.
      CHECK(std::regex_match(known_normalised[i], pattern) == (kKnownNamespaces[i] == family->ns));
      CHECK((known_normalised[i].find("sitemap") != std::string::npos ||
             known_normalised[i].find("w3.org") != std::string::npos));
      CHECK_FALSE(namespace_near_miss(*family, family->prefix, kKnownNamespaces[i]));
    }
  }
}
