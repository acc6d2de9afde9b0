// The HTML report without a browser: a page that fetches nothing, and untrusted text that stays
// text.
#include <doctest/doctest.h>

#include <regex>
#include <set>
#include <sstream>

#include "docs/rule_docs.h"
#include "engine/registry.h"
#include "report/html.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

std::string html_of(const std::vector<FileReport>& reports, const std::vector<InputError>& errors = {}) {
  std::ostringstream out;
  RunStatus status;
  status.input_errors = errors;
  write_html(reports, status, 1735689600, out);  // 2025-01-01T00:00:00Z
  return out.str();
}

}  // namespace

TEST_CASE("html report: one file that fetches nothing") {
  const std::vector<FileReport> reports{
      lint_path(source_path("testdata/example/shop/sitemap-products.xml"), overview_settings()),
      lint_path(source_path("testdata/example/shop/sitemap-blog.xml"), overview_settings())};
  const std::string html = html_of(reports);
  CHECK(html.starts_with("<!DOCTYPE html>"));
  CHECK(html.find("Content-Security-Policy\" content=\"default-src 'none';") != std::string::npos);
  // No stylesheet, script, image, frame or font from anywhere: only inline ones.
  CHECK(!std::regex_search(html, std::regex(R"(<(link|img|iframe|object|embed)\b)", std::regex::icase)));
  CHECK(!std::regex_search(html, std::regex(R"(\bsrc\s*=)", std::regex::icase)));
  CHECK(!std::regex_search(html, std::regex(R"(url\(|@import)", std::regex::icase)));
  // Links stay inside the page, but for each rule's documentation (a link, never fetched).
  const std::regex link(R"re(href="([^"]*)")re");
  std::set<std::string> docs;
  for (const FileReport& report : reports) {
    for (const Diagnostic& d : report.diagnostics) docs.insert(rule_docs_url(*d.rule));
  }
  for (auto it = std::sregex_iterator(html.begin(), html.end(), link); it != std::sregex_iterator(); ++it) {
    const std::string href = (*it)[1].str();
    CHECK_MESSAGE((href.starts_with("#") || docs.count(href)), "a link leaves the page: " << href);
  }
  CHECK(html.find("<a class=\"docs\" href=\"" + rule_docs_url(*find_rule("SM301")) + "\">") != std::string::npos);
  // The charts are the project's own inline SVG.
  CHECK(html.find("<figure id=\"by-rule\">") != std::string::npos);
  CHECK(html.find("<svg class=\"chart\"") != std::string::npos);
  // Each rule with findings is documented in the page.
  CHECK(html.find("<details id=\"rule-SM301\">") != std::string::npos);
  CHECK(html.find("<a href=\"#rule-SM301\">SM301</a>") != std::string::npos);
}

TEST_CASE("html report: text from the sitemap and the command line stays text") {
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<url><loc>https://example.com/&lt;script&gt;alert(1)&lt;/script&gt;\"onmouseover=x</loc></url>\n"
      "</urlset>\n";
  FileReport report = lint_text(text, overview_settings());
  report.path = "<img src=x onerror=alert(2)>.xml";
  REQUIRE(!report.diagnostics.empty());
  const std::string html = html_of({report}, {{"\"><script>", "cannot read \"><script>alert(3)</script>"}});
  CHECK(html.find("<script>alert") == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("&lt;img src=x onerror=alert(2)&gt;.xml") != std::string::npos);
  // Exactly the page's own script elements: its script, and its packed findings (base64: no '<').
  std::size_t scripts = 0;
  for (std::size_t at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1)) ++scripts;
  CHECK(scripts == 2);
  const std::size_t data = html.find("<script type=\"application/octet-stream\" id=\"findings-data\"");
  REQUIRE(data != std::string::npos);
  const std::size_t begin = html.find('>', data) + 1, end = html.find("</script>", begin);
  CHECK(html.substr(begin, end - begin)
            .find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") ==
        std::string::npos);
}

TEST_CASE("html report: the command line writes it beside other formats") {
  TempDir dir;
  const std::string html = (dir.path / "report.html").string();
  const CommandResult result = run_cli({"--now", kTestNow, "--format", "gcc", "-o", "html=" + html,
                                        source_path("testdata/example/shop/sitemap-products.xml")});
  CHECK(result.exit_code == 1);
  CHECK(result.out.find(": error: ") != std::string::npos);
  const std::string page = read_file(html);
  CHECK(page.find("data-total=\"urls\"><span class=\"figure\">12</span>") != std::string::npos);
  CHECK(page.find("lastmod ages as of 2025-01-01T00:00:00Z") != std::string::npos);
}
