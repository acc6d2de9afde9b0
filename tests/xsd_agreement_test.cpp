// --profile xsd promises exactly what schema validation with the official XSDs rejects. This test
// holds it to that on every fixture of the project: it runs `xmllint --schema` with the schemas in
// testdata/xsd (the sitemaps.org core and Google's extensions) and checks that sitemaplint
// --profile xsd fails the same files and passes the same files. Where the two cannot agree (a
// file that is no XML sitemap, an extension whose schema xmllint cannot load), the file is listed
// below with the reason. Without xmllint the test is skipped, never passed.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string_view>

#include "engine/rule_profiles.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

constexpr std::string_view kXhtml =
    "hreflang links are XHTML elements; the XHTML schema imports xml.xsd from the network, so xmllint "
    "(offline) has no declaration for <xhtml:link> and the XSD's strict wildcard rejects it";
constexpr std::string_view kNoSchema =
    "an element of a namespace no schema describes (https://example.com/ns): the XSD's strict wildcard "
    "rejects it, while sitemaplint checks extensions whose schemas it knows";

// Files whose verdicts cannot be compared, by path (a folder or a prefix ends where the path does).
struct NotComparable {
  std::string_view path;
  std::string_view reason;
};
constexpr NotComparable kListed[] = {
    {"testdata/example/hreflang/", kXhtml},
    {"testdata/example/public/sitemap.xml", kXhtml},
    {"testdata/rules/LANG", kXhtml},  // every hreflang rule's fixtures
    {"testdata/rules/PAGE101-page-not-found/missing.xml", kXhtml},
    {"testdata/rules/PAGE203-page-hreflang-mismatch/", kXhtml},
    {"testdata/rules/SM104-unknown-element/extensions.xml", kNoSchema},
    {"testdata/rules/SM112-nesting-too-deep/deep.xml", kNoSchema},
    {"testdata/rules/SM112-nesting-too-deep/shallow.xml", kNoSchema},
    {"testdata/rules/VID103-video-outside-url/in-index.xml",
     "a <video:video> in an index's <sitemap>, which the index XSD lets in and validates laxly (here: no title); "
     "sitemaplint reports the block as misplaced (VID103, Google's rule) and does not check the content of a block "
     "no page owns"},
    {"testdata/rules/VID104-video-unexpected-attribute/declared.xml",
     "xsi:type names a type ('tCountryList', in no namespace) that the validator looks up and cannot find; "
     "sitemaplint lets xsi: attributes be and does not resolve types"},
    {"testdata/rules/VID305-video-view-count-invalid/valid.xml",
     "a view count of 30 digits: XML Schema's xsd:nonNegativeInteger has no upper bound, libxml2's "
     "implementation has one"},
    {"testdata/rules/SM702-file-too-large/bomb.xml.gz",
     "libxml2 refuses a text node of more than 10 MB (\"huge text node\") before any schema applies; the "
     "schemas set no such limit"},
    {"testdata/sites/unreadable/utf16.html",
     "a page of a build folder for --pages, in UTF-16, not a sitemap: --profile xsd stops at the encoding (UTF-16 "
     "is XML, only search engines want UTF-8) and parses nothing, xmllint parses the HTML as XML and fails"},
    {"testdata/rules/SM901-unused-suppression/unused.xml",
     "a sitemaplint-disable comment hides the finding that schema validation reports"},
};

// Files whose verdicts cannot be compared, by what they are.
std::string_view reason_by_kind(const fs::path& path, DocumentKind kind) {
  fs::path http = path;
  http += ".http";
  if (fs::exists(http)) return "its verdict comes from the HTTP response (its .http sidecar), which xmllint never sees";
  switch (kind) {
    case DocumentKind::Text: return "a text sitemap: there is no XML for a schema to validate";
    case DocumentKind::Feed:
      return "an RSS or Atom feed: search engines take it as a sitemap, the sitemap XSDs do not describe it";
    case DocumentKind::Robots: return "a robots.txt, not a sitemap";
    default: return {};
  }
}

std::string in_tree(const fs::path& path) {
  return fs::path(path).lexically_relative(source_path("")).generic_string();
}

// Every fixture of the project: the files under testdata (sets' files each on their own), without
// the sidecars, the notes, the schemas themselves and the inputs that once broke a fuzz target.
std::vector<fs::path> all_fixture_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(source_path("testdata"))) {
    if (!entry.is_regular_file()) continue;
    const fs::path& p = entry.path();
    const std::string rel = in_tree(p);
    if (rel.starts_with("testdata/xsd/") || rel.starts_with("testdata/fuzz/") || p.extension() == ".expected" ||
        p.extension() == ".http" || p.extension() == ".md") {
      continue;
    }
    files.push_back(p);
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool has_error(const FileReport& report) {
  return std::any_of(report.diagnostics.begin(), report.diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace

TEST_CASE("profile xsd: every fixture passes or fails as xmllint --schema with the official XSDs says") {
  if (run_command("command -v xmllint >/dev/null").exit_code != 0) {
    skip_test("xmllint is not installed (Debian: libxml2-utils)");
    return;
  }
  const RuleSelection xsd = profile_selection(*find_rule_profile("xsd"));
  std::size_t agreed = 0, listed = 0, listed_disagreeing = 0;
  std::map<std::string_view, std::size_t> listed_matches;
  for (const fs::path& path : all_fixture_files()) {
    const std::string file = in_tree(path);
    CAPTURE(file);
    const std::string text = read_file(path.string());
    const FileReport report = lint_input(load_fixture(path), xsd, fixture_settings(path, text));
    const bool lint_fails = has_error(report);
    const std::string schema = source_path(report.kind == DocumentKind::SitemapIndex ? "testdata/xsd/sitemapindex.xsd"
                                                                                     : "testdata/xsd/urlset.xsd");
    const CommandResult validation =
        run_command("xmllint --noout --nonet --schema " + shell_quoted(schema) + " " + shell_quoted(path.string()));
    REQUIRE_MESSAGE(validation.exit_code >= 0, validation.out);
    const bool schema_fails = validation.exit_code != 0;

    std::string_view reason = reason_by_kind(path, report.kind);
    for (const NotComparable& entry : kListed) {
      if (file.starts_with(entry.path)) {
        reason = entry.reason;
        ++listed_matches[entry.path];
      }
    }
    if (!reason.empty()) {
      ++listed;
      listed_disagreeing += lint_fails != schema_fails;
      continue;
    }
    std::string found;
    for (const Diagnostic& d : report.diagnostics) {
      found += "\n  " + std::string(d.rule->code) + " " + std::string(severity_name(d.severity)) + " " + d.message;
    }
    CHECK_MESSAGE(lint_fails == schema_fails,
                  file << ": xmllint says " << std::string(schema_fails ? "invalid" : "valid") << ", --profile xsd "
                       << std::string(lint_fails ? "fails" : "passes") << " it\nxmllint:\n"
                       << validation.out << "sitemaplint --profile xsd:" << (found.empty() ? " nothing" : found));
    agreed += lint_fails == schema_fails;
  }
  for (const NotComparable& entry : kListed) {
    CHECK_MESSAGE(listed_matches[entry.path] > 0,
                  entry.path << " is listed as not comparable, but no fixture is there");
  }
  CHECK(agreed > 250);
  MESSAGE("--profile xsd and xmllint --schema agree on " << agreed << " fixtures; " << listed << " are not comparable ("
                                                         << listed_disagreeing << " of them get different verdicts)");
}
