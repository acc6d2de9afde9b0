// A file's rules split between two walks on two threads (EngineOptions::rule_threads, what --jobs gives
// a run with fewer files than jobs) find exactly what one walk finds: every fixture is linted both
// ways with the split forced, and a large generated sitemap through the CLI with --jobs 1 and 2.
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>

#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

// Every finding whole: rule, severity, place, message, fix, related place, the URL it is keyed on.
std::vector<std::string> described(const FileReport& report) {
  std::vector<std::string> out;
  for (const Diagnostic& d : report.diagnostics) {
    std::ostringstream line;
    line << d.rule->code << " " << severity_name(d.severity) << " @" << d.offset << "+" << d.length << " " << d.message
         << " [" << d.subject << "]";
    if (d.fix) line << " fix " << d.fix->offset << "+" << d.fix->length << " '" << d.fix->replacement << "'";
    if (d.related) line << " related " << d.related->offset << " " << d.related->message;
    out.push_back(line.str());
  }
  return out;
}

}  // namespace

TEST_CASE("rule threads: every fixture finds the same with its rules split between two walks") {
  std::size_t files = 0, with_findings = 0;
  for (const fs::path& path : rule_fixture_files()) {
    CAPTURE(path.string());
    const Settings settings = fixture_settings(path, read_file(path.string()));
    Settings split = settings;
    split.engine.rule_threads = 2;
    split.engine.split_rules_from_bytes = 0;
    const FileReport one = lint_input(load_fixture(path), every_rule(), settings);
    const FileReport two = lint_input(load_fixture(path), every_rule(), split);
    CHECK(described(one) == described(two));
    CHECK(one.entries == two.entries);
    CHECK(one.children.size() == two.children.size());
    ++files;
    with_findings += !one.diagnostics.empty();
  }
  CHECK(files > 300);
  CHECK(with_findings > 250);
}

TEST_CASE("rule threads: a large sitemap's report is the same with --jobs 1 and --jobs 2") {
  // Over the size from which the rules are split, with findings of many rules in every part:
  // duplicates, bad dates and priorities, images, hreflang links, escaping, unknown elements.
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
      "xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  for (int i = 0; xml.size() < (std::size_t{3} << 20); ++i) {
    const std::string page = "https://example.com/p/" + std::to_string(i % 9000);
    xml += "  <url><loc>" + page + (i % 7 == 0 ? "?a=1&b=2" : "") + "</loc>";
    xml +=
        i % 11 == 0 ? "<lastmod>2024-13-01</lastmod>" : "<lastmod>2024-05-0" + std::to_string(1 + i % 9) + "</lastmod>";
    xml += i % 13 == 0 ? "<priority>2</priority>" : "<priority>0." + std::to_string(i % 10) + "</priority>";
    if (i % 3 == 0)
      xml += "<image:image><image:loc>https://cdn.example.com/" + std::to_string(i) + ".txt</image:loc></image:image>";
    if (i % 5 == 0) xml += "<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"" + page + "/de\"/>";
    if (i % 17 == 0) xml += "<colour>red</colour>";
    xml += "</url>\n";
  }
  xml += "</urlset>\n";
  TempDir dir;
  const std::string file = dir.write("large.xml", xml);
  const auto one = run_cli({"--now", kTestNow, "--format", "json", "--jobs", "1", file});
  const auto two = run_cli({"--now", kTestNow, "--format", "json", "--jobs", "2", file});
  CHECK(one.exit_code == 1);
  CHECK(two.exit_code == one.exit_code);
  CHECK(two.out == one.out);
  CHECK(one.out.size() > 100'000);  // thousands of findings
}
