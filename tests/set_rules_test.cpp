// Checks across a set of files are rule units like any other: their findings obey the per-rule cap,
// inline suppressions and baselines (keyed by URL, not lines), they run in time linear in the set,
// and index following is namespace-aware. Each case here failed when these checks ran outside the
// rule sink.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

#include "rules/hreflang/utils/page_facts.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

std::string urlset_of(std::size_t count, const std::string& prefix = "https://example.com/p",
                      const std::string& between = "") {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  out += between;
  for (std::size_t i = 0; i < count; ++i) out += "  <url><loc>" + prefix + std::to_string(i) + "</loc></url>\n";
  return out + "</urlset>\n";
}

std::size_t count_code(const std::string& json_text, const std::string& path, const std::string& code) {
  const auto report = nlohmann::json::parse(json_text);
  std::size_t n = 0;
  for (const auto& file : report["files"]) {
    if (file["path"] != path) continue;
    for (const auto& d : file["diagnostics"]) n += d["code"] == code;
  }
  return n;
}

}  // namespace

TEST_CASE("set rules: identical large sitemaps take linear time, and SM803 obeys the per-rule cap") {
  TempDir dir;
  const std::string text = urlset_of(50'000);
  const std::string a = dir.write("a/sitemap.xml", text);
  const std::string b = dir.write("b/sitemap.xml", text);
  const auto start = std::chrono::steady_clock::now();
  const auto result = run_cli({"--format", "json", "--select", "SM803", a, b});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(result.exit_code == 0);  // warnings
  CHECK(seconds < 20);  // it took 88 s when every finding re-sorted the report
  // 10,000 findings, then one that counts the 40,000 left out.
  CHECK(count_code(result.out, b, "SM803") == 10'001);
  CHECK(result.out.find("40000 more findings of this rule in this file are not shown") != std::string::npos);
  CHECK(count_code(result.out, a, "SM803") == 0);
}

TEST_CASE("set rules: an inline comment suppresses SM803, and SM901 does not call it unused") {
  TempDir dir;
  const std::string a = dir.write("a.xml", urlset_of(2));
  const std::string b = dir.write(
      "b.xml", urlset_of(2, "https://example.com/p", "  <!-- sitemaplint-disable duplicate-across-sitemaps -->\n"));
  const auto result = run_cli({"--format", "json", a, b});
  INFO(result.out);
  CHECK(count_code(result.out, b, "SM803") == 0);
  CHECK(count_code(result.out, b, "SM901") == 0);
  // A suppression of a rule that finds nothing is still unused.
  const std::string c = dir.write(
      "c.xml", urlset_of(1, "https://example.com/other", "  <!-- sitemaplint-disable duplicate-across-sitemaps -->\n"));
  const auto lone = run_cli({"--format", "json", a, c});
  CHECK(count_code(lone.out, c, "SM901") == 1);
}

TEST_CASE("set rules: a baseline keys SM803 on the URL, so edits elsewhere keep it valid") {
  TempDir dir;
  const std::string a = dir.write("a.xml", urlset_of(3));
  const std::string b = dir.write("b.xml", urlset_of(3));
  const std::string baseline = (dir.path / "baseline.json").string();
  REQUIRE(run_cli({"--write-baseline", baseline, a, b}).exit_code == 0);
  const auto written = nlohmann::json::parse(read_file(baseline));
  bool keyed_by_url = false;
  for (const auto& f : written["findings"])
    keyed_by_url |= f["rule"] == "SM803" && f["url"] == "https://example.com/p1";
  CHECK(keyed_by_url);
  // One more URL at the top of the other file moves every line: the accepted findings stay accepted.
  dir.write("a.xml", urlset_of(3, "https://example.com/p", "  <url><loc>https://example.com/new</loc></url>\n"));
  const auto result = run_cli({"--format", "json", "--baseline", baseline, a, b});
  INFO(result.out);
  CHECK(count_code(result.out, b, "SM803") == 0);
  CHECK(result.exit_code == 0);
}

TEST_CASE("set rules: index children are <sitemap> entries of the sitemap namespace only") {
  TempDir dir;
  const std::string index =
      dir.write("sitemap_index.xml",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:x=\"urn:example:other\">\n"
                "  <sitemap><loc>https://example.com/real.xml</loc></sitemap>\n"
                "  <x:sitemap><x:loc>https://example.com/foreign.xml</x:loc></x:sitemap>\n"
                "</sitemapindex>\n");
  dir.write("real.xml", urlset_of(1));
  const auto result = run_cli({"--format", "json", "--base-url", "https://example.com/sitemap_index.xml", index});
  INFO(result.out);
  CHECK(count_code(result.out, index, "SM801") == 0);  // foreign.xml is not a child, so not missing
  CHECK(result.out.find("real.xml") != std::string::npos);
}

TEST_CASE("set rules: rules that share a facts collector get its facts, kept once per file") {
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
      "  <url><loc>https://example.com/en/</loc>"
      "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/en/\"/></url>\n"
      "</urlset>\n";
  sitemaplint::Settings settings = test_settings();
  settings.collect_set_facts = true;
  const auto facts_of = [&](const std::vector<std::string>& select) {
    sitemaplint::RuleSelection selection;
    std::string error;
    REQUIRE(sitemaplint::make_selection(select, {}, {}, &selection, &error));
    return sitemaplint::lint_bytes("sitemap.xml", text, selection, settings).facts;
  };
  // The five hreflang graph rules name one collector: the file's facts are one object.
  const sitemaplint::KeptFacts all = facts_of({"LANG5"});
  REQUIRE(all.size() == 5);
  for (const auto& [rule, facts] : all) {
    const std::string_view code = sitemaplint::rule_info(rule).code;  // clang 14 cannot capture a binding
    CAPTURE(code);
    CHECK(facts != nullptr);
    CHECK(facts.get() == all.front().second.get());
  }
  // SM803 compares the same pages: one collector for all six.
  const sitemaplint::KeptFacts with_duplicates = facts_of({"LANG5", "SM803"});
  REQUIRE(with_duplicates.size() == 6);
  for (const auto& [rule, facts] : with_duplicates) CHECK(facts.get() == with_duplicates.front().second.get());
  // One of them alone still gets them; a rule that does not run gets none.
  const sitemaplint::KeptFacts one = facts_of({"LANG503"});
  REQUIRE(one.size() == 1);
  CHECK(sitemaplint::rule_info(one.front().first).code == "LANG503");
  CHECK(facts_of({"SM201"}).empty());
  // Outside a set nothing is kept.
  settings.collect_set_facts = false;
  CHECK(facts_of({"LANG5"}).empty());
}

TEST_CASE("set rules: the pages a file keeps, for SM803 and the hreflang graph") {
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
      "  <url><loc>https://example.com/en/</loc>"
      "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/en/\"/>"
      "<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/de/\"/></url>\n"
      "  <url><loc> https://b\xC3\xBC"
      "cher.example/a </loc></url>\n"
      "  <url><loc>not a URL</loc></url>\n"
      "  <url><loc>https://example.com/de/</loc>"
      "<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/en/\"/>"
      "<xhtml:link rel=\"alternate\" href=\"https://example.com/de/\"/></url>\n"
      "</urlset>\n";
  sitemaplint::Settings settings = test_settings();
  settings.collect_set_facts = true;
  sitemaplint::RuleSelection selection;
  std::string error;
  REQUIRE(sitemaplint::make_selection({"SM803"}, {}, {}, &selection, &error));
  const auto report = sitemaplint::lint_bytes("sitemap.xml", text, selection, settings);
  REQUIRE(report.facts.size() == 1);
  const auto& facts = static_cast<const sitemaplint::PageFacts&>(*report.facts.front().second);
  REQUIRE(facts.pages.size() == 4);
  CHECK(facts.graph_pages == 3);  // "not a URL" is compared by SM803 only
  const auto text_of = [&](const sitemaplint::PageFacts::Page& page) {
    return text.substr(page.loc_offset, page.loc_length());
  };
  CHECK(text_of(facts.pages[0]) == "https://example.com/en/");
  CHECK(text.substr(facts.pages[0].url_offset, 5) == "<url>");
  CHECK(text_of(facts.pages[1]) ==
        "https://b\xC3\xBC"
        "cher.example/a");  // trimmed
  CHECK(text_of(facts.pages[2]) == "not a URL");
  CHECK(facts.pages[0].in_graph());
  CHECK(facts.pages[1].in_graph());
  CHECK_FALSE(facts.pages[2].in_graph());
  // Links run to the next page's first; a link without hreflang is a link-level error, so the
  // last page's links are unknown and not kept.
  CHECK(facts.links_of(0).size() == 2);
  CHECK(facts.links_of(1).empty());
  CHECK(facts.links_of(2).empty());
  CHECK(facts.pages[3].links_unknown());
  CHECK(facts.links_of(3).empty());
  CHECK(facts.links.size() == 2);
  CHECK(facts.links_of(0)[1].target == facts.pages[3].key());
  // The internationalised URL: the graph keys it in ASCII, SM803 as written (as duplicate-loc).
  REQUIRE(facts.written_keys.size() == 1);
  CHECK(facts.written_keys.front().first == 1);
  CHECK(facts.written_key(1) != facts.pages[1].key());
  CHECK(facts.written_key(0) == facts.pages[0].key());
  CHECK(facts.pages[1].as_written != facts.pages[0].as_written);
}

TEST_CASE("set rules: SM803 finds an internationalised URL that two files both list") {
  TempDir dir;
  const std::string a = dir.write("a.xml", urlset_of(2,
                                                     "https://b\xC3\xBC"
                                                     "cher.example/p"));
  const std::string b = dir.write("b.xml", urlset_of(3,
                                                     "https://b\xC3\xBC"
                                                     "cher.example/p"));
  const auto result = run_cli({"--format", "json", "--select", "SM803", a, b});
  INFO(result.out);
  CHECK(count_code(result.out, b, "SM803") == 2);
  CHECK(count_code(result.out, a, "SM803") == 0);
}

TEST_CASE("set rules: SM803 finds the few URLs that repeat among many distinct ones") {
  TempDir dir;
  // 6,000 distinct URLs spread over every bucket of the hash sort, 5 of them listed twice.
  std::string extra;
  for (int i : {7, 1000, 1999, 2500, 2999})
    extra += "  <url><loc>https://example.com/a" + std::to_string(i) + "</loc></url>\n";
  const std::string a = dir.write("a.xml", urlset_of(3000, "https://example.com/a"));
  const std::string b = dir.write("b.xml", urlset_of(3000, "https://example.com/b", extra));
  const auto result = run_cli({"--format", "json", "--select", "SM803", a, b});
  INFO(result.out);
  CHECK(count_code(result.out, b, "SM803") == 5);
  CHECK(count_code(result.out, a, "SM803") == 0);
}

namespace {

// Set files given as texts, each page a URL at an offset of its file, with the key SM803 compares
// chosen by the test: two different URLs can share one.
struct FakeSet final : sitemaplint::SetSink {
  std::vector<std::string> texts;
  std::vector<sitemaplint::PageFacts> facts;
  std::vector<std::pair<std::size_t, std::size_t>> found;  // (file, offset)
  std::vector<std::string> messages;

  void add_page(std::size_t file, std::uint64_t key, const std::string& url) {
    if (texts.size() <= file) {
      texts.resize(file + 1);
      facts.resize(file + 1);
    }
    sitemaplint::PageFacts::Page& page =
        facts[file].add_page(key, static_cast<std::uint32_t>(url.size()), false, false);
    page.loc_offset = static_cast<std::uint32_t>(texts[file].size());
    page.as_written = static_cast<std::uint32_t>(std::hash<std::string>{}(url));
    texts[file] += url + " ";
  }
  void report(std::size_t file, sitemaplint::Report finding) override {
    found.emplace_back(file, finding.at.offset);
    messages.push_back(finding.message);
  }
  std::string_view text(std::size_t file, std::size_t offset, std::size_t length) override {
    return offset > texts[file].size() ? std::string_view() : std::string_view(texts[file]).substr(offset, length);
  }
  void run_sm803() {
    std::vector<sitemaplint::SetFile> files(facts.size());
    const std::vector<std::string> paths = {"a.xml", "b.xml", "c.xml"};
    for (std::size_t f = 0; f < files.size(); ++f) {
      files[f].path = paths[f];
      files[f].facts = &facts[f];
    }
    const sitemaplint::RuleInfo* rule = sitemaplint::find_rule("SM803");
    REQUIRE(rule != nullptr);
    rule->make(test_settings())->on_set(sitemaplint::SetView{files}, *this);
  }
};

}  // namespace

TEST_CASE("set rules: SM803 confirms equal keys on the URLs, so a collision is no duplicate") {
  FakeSet set;
  set.add_page(0, 42, "https://example.com/a");
  set.add_page(1, 42, "https://example.com/b");  // another URL with the same key
  set.add_page(1, 7, "https://example.com/c");
  set.add_page(0, 7, "HTTPS://Example.com:443/c");  // the same URL once normalised
  set.run_sm803();
  REQUIRE(set.found.size() == 1);
  CHECK(set.found[0] == std::pair<std::size_t, std::size_t>(1, 22));
  CHECK(set.messages[0] ==
        "'https://example.com/c' is the same URL as 'HTTPS://Example.com:443/c' in a.xml once both are normalised as "
        "RFC 3986 (section 6.2.2) describes; list each URL in one sitemap of the set");
}

TEST_CASE("set rules: SM803 reports a file's duplicates in the order of its pages, not of their keys") {
  FakeSet set;
  // Keys falling as the pages go on: sorted by key, the findings would come last page first, and
  // the per-file cap would keep a file's last duplicates.
  for (std::uint64_t i = 0; i < 20; ++i) {
    const std::string url = "https://example.com/p" + std::to_string(100 + i);
    set.add_page(0, 1000 - i, url);
    set.add_page(1, 1000 - i, url);
  }
  set.run_sm803();
  REQUIRE(set.found.size() == 20);
  for (std::size_t i = 0; i < set.found.size(); ++i) {
    CAPTURE(i);
    CHECK(set.found[i].first == 1);
    CHECK(set.found[i].second == i * 25);
  }
}

TEST_CASE("set rules: run on several threads, they report exactly what they report on one") {
  TempDir dir;
  const std::string head =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
      "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  const auto link = [](const std::string& code, const std::string& href) {
    return "    <xhtml:link rel=\"alternate\" hreflang=\"" + code + "\" href=\"" + href + "\"/>\n";
  };
  // en lists de and fr; fr is listed nowhere (LANG505), de names no way back to en (LANG501) and
  // calls itself fr where en calls it de (LANG504); /shared is in both files (SM803).
  const std::string a =
      dir.write("a.xml", head + "  <url><loc>https://example.com/en/</loc>\n" + link("en", "https://example.com/en/") +
                             link("de", "https://example.com/de/") + link("fr", "https://example.com/fr/") +
                             "  </url>\n  <url><loc>https://example.com/shared</loc></url>\n</urlset>\n");
  const std::string b =
      dir.write("b.xml", head + "  <url><loc>https://example.com/de/</loc>\n" + link("fr", "https://example.com/de/") +
                             "  </url>\n  <url><loc>https://example.com/shared</loc></url>\n</urlset>\n");
  const auto one = run_cli({"--format", "json", "--jobs", "1", a, b});
  std::size_t set_codes = 0;
  for (const char* code : {"SM803", "LANG501", "LANG504", "LANG505"})
    set_codes += count_code(one.out, a, code) + count_code(one.out, b, code) > 0;
  CHECK(set_codes == 4);
  for (const char* jobs : {"2", "4"}) {
    CAPTURE(jobs);
    const auto many = run_cli({"--format", "json", "--jobs", jobs, a, b});
    CHECK(many.exit_code == one.exit_code);
    CHECK(many.out == one.out);
  }
}
