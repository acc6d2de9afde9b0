// Meta-tests over the rule catalogue: unique ids, complete documentation, doc examples that do
// what they claim (docs/rules.md, generated from the same docs: reference_docs_test.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "load/source.h"
#include "engine/registry.h"
#include "docs/rule_docs.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// Rules whose documented examples cannot run, each for its reason. Every other rule's example is
// linted (see lint_block for "xml bytes" and "http" blocks).
const std::set<std::string_view> kExamplesNotRunnable = {
    "SM007",  // compression-error: a corrupt gzip archive is binary
    "SM012",  // http-redirect-other-host: a chain of responses (testdata/rules/SM012-*, tests/remote_input_test.cpp)
    "SM112",  // nesting-too-deep: more than 64 levels of elements are too long to show
    "SM701",  // too-many-urls: 50,001 <url> entries
    "SM702",  // file-too-large: more than 50 MB
    "SM703",  // too-many-sitemaps: 50,001 <sitemap> entries
    "IMG301",  // image-too-many: 1,001 <image:image> in one <url>
    "NEWS301",  // news-too-many: 1,001 <news:news> in one sitemap
    "NEWS310",  // news-name-varies: two whole articles, shown by their publications only
    // Checks across a set of files, which one block cannot show (tests/site_test.cpp runs them):
    "SM801",  // index-child-missing: an index and the files on disk
    "SM802",  // index-cycle: an index that lists itself, found by following it
    "SM803",  // duplicate-across-sitemaps: two sitemaps
    "SM804",  // stale-index-lastmod: an index and the sitemap it lists
    "SM805",  // index-not-followed: an index whose children cannot be located
    "ROBOTS107",  // robots-too-large: a robots.txt over 500 KiB
    "ROBOTS201",  // robots-blocked-url: a sitemap and the robots.txt that blocks its URL (tests/robots_cli_test.cpp)
    // The hreflang graph: pages in several entries, usually several files, linked through the set
    // (the fixture sets in testdata/rules/LANG5xx-*/ run them, each file's findings exact):
    "LANG501",  // hreflang-return-link-missing: an alternate's own entry without the link back
    "LANG502",  // hreflang-return-link-unverifiable: an alternate listed without annotations
    "LANG503",  // hreflang-cluster-mismatch: two entries whose clusters differ
    "LANG504",  // hreflang-code-conflict: an alternate's own entry with another code
    "LANG505",  // hreflang-alternate-not-listed: two files, an alternate in neither
    // The pages behind the sitemap, which one block cannot hold (tests/pages_cli_test.cpp and the
    // PAGE fixtures run them against build folders):
    "PAGE101",
    "PAGE102",
    "PAGE103",
    "PAGE104",
    "PAGE201",
    "PAGE202",
    "PAGE203",
    "PAGE301",
    "PAGE401",
    // Only the live site shows these (tests/live_pages_test.cpp pins their findings):
    "PAGE105",
    "PAGE106",
    "PAGE107",
    "PAGE108",
    "PAGE204",
    "PAGE302",
};

// The first fenced code block after `heading`, with its language.
std::pair<std::string, std::string> code_block_after(std::string_view docs, std::string_view heading) {
  const auto at = docs.find(heading);
  if (at == std::string_view::npos) return {};
  const auto open = docs.find("```", at);
  if (open == std::string_view::npos) return {};
  const auto lang_end = docs.find('\n', open);
  const auto close = docs.find("\n```", lang_end);
  if (lang_end == std::string_view::npos || close == std::string_view::npos) return {};
  return {std::string(docs.substr(open + 3, lang_end - open - 3)),
          std::string(docs.substr(lang_end + 1, close - lang_end))};
}

// A fragment (<url>...</url> or less) becomes a whole sitemap, declaring the prefixes of Google's
// extensions it uses (image:, video:, news:, xhtml:); a whole document stays as it is.
std::string as_document(const std::string& info, const std::string& block) {
  const std::string language = info.substr(0, info.find(' '));
  if (language != "xml" || block.find("<urlset") != std::string::npos ||
      block.find("<sitemapindex") != std::string::npos || block.find("<?xml") != std::string::npos) {
    return block;
  }
  const std::string body = block.find("<url") != std::string::npos ? block : "<url>" + block + "</url>\n";
  std::string declarations;
  for (const auto& [prefix, ns] : {std::pair{"image", kImageNamespace}, std::pair{"video", kVideoNamespace},
                                   std::pair{"news", kNewsNamespace}, std::pair{"xhtml", kXhtmlNamespace}}) {
    if (body.find("<" + std::string(prefix) + ":") != std::string::npos) {
      declarations += " xmlns:" + std::string(prefix) + "=\"" + std::string(ns) + "\"";
    }
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"" +
         declarations + ">\n" + body + "</urlset>\n";
}

// A fence's info string may carry settings: "xml base-url=https://example.com/blog/sitemap.xml".
Settings settings_for(const std::string& info) {
  Settings settings = test_settings();
  const auto at = info.find("base-url=");
  if (at != std::string::npos) {
    std::string error;
    settings.location = parse_sitemap_location(info.substr(at + 9), &error);
    REQUIRE_MESSAGE(settings.location, error);
  }
  return settings;
}

// "SM201 error 3:5 message" for each finding.
std::vector<std::string> described(const FileReport& report) {
  std::vector<std::string> out = summarize(report);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] += " " + report.diagnostics[i].message;
  return out;
}

// A block whose info string says "bytes" ("xml bytes") writes each byte that text cannot hold
// (invalid UTF-8, a control character) as \xHH.
std::string with_bytes(const std::string& info, const std::string& block) {
  if (info.find(" bytes") == std::string::npos) return block;
  std::string out;
  for (std::size_t i = 0; i < block.size(); ++i) {
    if (block.compare(i, 2, "\\x") == 0 && i + 4 <= block.size()) {
      out += static_cast<char>(std::stoi(block.substr(i + 2, 2), nullptr, 16));
      i += 3;
    } else {
      out += block[i];
    }
  }
  return out;
}

// Lints a documented block: an "http" block is a response (status line, headers, a blank line,
// the body) linted as if fetched; a "robots" block a robots.txt given with --robots; anything else
// as a sitemap.
FileReport lint_block(const std::string& info, const std::string& block) {
  if (info.substr(0, info.find(' ')) == "robots") {
    Input input = input_from_bytes("robots.txt", block);
    input.robots_txt = true;
    return lint_input(std::move(input), every_rule(), settings_for(info));
  }
  if (info.substr(0, info.find(' ')) != "http") {
    return lint_text(as_document(info, with_bytes(info, block)), settings_for(info));
  }
  const std::size_t head_end = block.find("\n\n");
  REQUIRE_MESSAGE(head_end != std::string::npos, "an http block needs a blank line before its body");
  Input input = input_from_bytes("sitemap.xml", block.substr(head_end + 2));
  std::istringstream head(block.substr(0, head_end));
  std::string line;
  std::getline(head, line);
  REQUIRE_MESSAGE(line.starts_with("HTTP/"), "an http block starts with a status line: " << line);
  input.http_status = std::stol(line.substr(line.find(' ') + 1));
  while (std::getline(head, line)) {
    if (line.starts_with("Content-Type: ")) input.content_type = line.substr(14);
  }
  return lint_input(std::move(input), every_rule(), settings_for(info));
}

std::size_t findings_of(const FileReport& report, std::string_view code) {
  return static_cast<std::size_t>(std::count_if(report.diagnostics.begin(), report.diagnostics.end(),
                                                [&](const Diagnostic& d) { return d.rule->code == code; }));
}

}  // namespace

TEST_CASE("rule codes and names are unique and well-formed") {
  std::set<std::string_view> codes, names;
  const std::regex code_form("[A-Z]+[0-9]+");
  const std::regex name_form("[a-z0-9]+(-[a-z0-9]+)*");
  for (const RuleInfo* rule : all_rules()) {
    const RuleInfo& info = *rule;
    CAPTURE(info.code);
    CHECK(codes.insert(info.code).second);
    CHECK(names.insert(info.name).second);
    CHECK(std::regex_match(std::string(info.code), code_form));
    CHECK(std::regex_match(std::string(info.name), name_form));
    CHECK(!info.summary.empty());
    CHECK(info.summary.back() != '.');
  }
}

TEST_CASE("every rule, of every family, says whose rule it is") {
  for (const RuleInfo* rule : all_rules()) {
    CAPTURE(rule->code);
    CHECK_MESSAGE(rule->authorities != 0, rule->code << " names no authority in its RuleMeta: name what it rests "
                                                        "on, or kAdvice if nothing requires it");
    CHECK_MESSAGE((rule->authorities & ~kAllAuthorities) == 0,
                  rule->code << " has an authority bit that names nothing");
    for (std::string_view name : authority_names(rule->authorities)) CHECK(!name.empty());
    if (!rule->search_console.empty()) {
      CHECK_MESSAGE((rule->authorities & kGoogle) != 0,
                    rule->code << " quotes Search Console, which is Google's: add kGoogle");
      CHECK(rule->search_console.find('"') == std::string_view::npos);
    }
  }
}

TEST_CASE("a rule resting on what only the XSDs' documentation asks does not say the XSD rejects it") {
  // Validators do not read xsd:annotation: a video price written 1,99 validates, so a summary that
  // says the XSD rejects such a value tells --explain's reader something false.
  std::size_t checked = 0;
  for (const RuleInfo* rule : all_rules()) {
    if ((rule->authorities & kSchemaDocs) == 0) continue;
    CAPTURE(rule->code);
    CHECK(rule->summary.find("documentation") != std::string_view::npos);
    ++checked;
  }
  CHECK(checked > 0);
}

TEST_CASE("--explain names a rule's authorities and its Search Console message") {
  std::ostringstream explained;
  write_explanation(*find_rule("lastmod-invalid"), explained);
  CHECK(
      explained.str().starts_with("# SM401 lastmod-invalid (error)\n\nA <lastmod> is not a valid W3C Datetime.\n\n"
                                  "Authority: sitemaps.org, sitemap XSD, Google, W3C Datetime\n\n"
                                  "Search Console: \"Invalid date\"\n\n"
                                  "Profiles: default error, google error, xsd error, protocol error, bing error, "
                                  "strict error\n\n## What it does"));
  std::ostringstream advice;
  write_explanation(*find_rule("loc-fragment"), advice);
  CHECK(advice.str().find("Authority: sitemaplint advice\n\nProfiles: default warning, google warning, xsd off, "
                          "protocol off, bing off, strict error\n\n## What it does") != std::string::npos);
  CHECK(advice.str().find("\nSearch Console: ") == std::string::npos);
}

TEST_CASE("every rule documents what, why, an example and what to use instead") {
  for (const RuleInfo* rule : all_rules()) {
    const std::string_view docs = rule->docs;
    CAPTURE(rule->code);
    for (std::string_view section : {"## What it does", "## Why it matters", "## Example", "## Use instead"}) {
      CHECK_MESSAGE(docs.find(section) != std::string_view::npos, "missing " << section);
    }
    CHECK(!code_block_after(docs, "## Example").second.empty());
    CHECK(!code_block_after(docs, "## Use instead").second.empty());
  }
}

TEST_CASE("each rule's documented example triggers exactly that rule, and its 'use instead' nothing at all") {
  std::size_t checked = 0;
  for (const RuleInfo* rule : all_rules()) {
    const RuleInfo& info = *rule;
    if (kExamplesNotRunnable.count(info.code)) continue;
    CAPTURE(info.code);
    const auto [example_lang, example] = code_block_after(info.docs, "## Example");
    const auto [instead_lang, instead] = code_block_after(info.docs, "## Use instead");
    const FileReport bad = lint_block(example_lang, example);
    const FileReport good = lint_block(instead_lang, instead);
    CHECK_MESSAGE(findings_of(bad, info.code) > 0, "the example does not trigger " << info.name);
    for (const std::string& other : described(bad)) {
      if (!other.starts_with(std::string(info.code) + " ")) FAIL_CHECK("the example also triggers " << other);
    }
    for (const std::string& finding : described(good)) FAIL_CHECK("'use instead' triggers " << finding);
    ++checked;
  }
  CHECK(checked + kExamplesNotRunnable.size() == all_rules().size());
  MESSAGE("ran the examples of " << checked << " rules; " << kExamplesNotRunnable.size() << " cannot run as text");
}

TEST_CASE("rule_docs_url: by default, a binary in its build tree links to the rule in the source tree's docs") {
  const std::string url = rule_docs_url(*find_rule("SM201"));
  if (!url.starts_with("file://")) {
    skip_test("this build sets SITEMAPLINT_DOCS_URL to " + url);
    return;
  }
  CHECK(url == "file://" + std::filesystem::path(source_path("docs/rules.md")).lexically_normal().string() +
                   "#sm201-loc-empty");
}

TEST_CASE("rule_docs_url: every rule links to its documentation, placeholders filled in") {
  for (const RuleInfo* rule : all_rules()) {
    CAPTURE(rule->code);
    const std::string url = rule_docs_url(*rule);
    CHECK((url.starts_with("https://") || url.starts_with("http://") || url.starts_with("file:///")));
    CHECK(url.find("{code}") == std::string::npos);
    CHECK(url.find("{name}") == std::string::npos);
    CHECK(url.find("{anchor}") == std::string::npos);
  }
}
