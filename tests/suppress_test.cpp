// Inline suppressions (src/suppress.cpp) and SM901 unused-suppression: next-line, blocks, every
// rule, unknown rules and suppressions that silence nothing.
#include <doctest/doctest.h>

#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

std::string urlset(const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
         body + "</urlset>\n";
}

std::vector<std::string> messages_of(const FileReport& report, std::string_view code) {
  std::vector<std::string> out;
  for (const Diagnostic& d : report.diagnostics) {
    if (d.rule->code == code) out.push_back(d.message);
  }
  return out;
}

}  // namespace

TEST_CASE("disable-next-line silences the named rule on the next non-blank line only") {
  const FileReport report =
      lint_text(urlset("<!-- sitemaplint-disable-next-line SM401 -->\n"
                       "\n  \n"
                       "<url><loc>https://example.com/a</loc><lastmod>soon</lastmod></url>\n"
                       "<url><loc>https://example.com/b</loc><lastmod>later</lastmod></url>\n"));
  CHECK(summarize(report) == std::vector<std::string>{"SM401 error 7:47"});
}

TEST_CASE("disable-next-line leaves other rules alone and accepts names") {
  const FileReport report =
      lint_text(urlset("<!-- sitemaplint-disable-next-line lastmod-invalid -->\n"
                       "<url><loc>ftp://example.com/a</loc><lastmod>soon</lastmod></url>\n"));
  CHECK(summarize(report) == std::vector<std::string>{"SM203 error 4:11"});
}

TEST_CASE("disable ... enable silences a block, without enable, to the end of the file") {
  const FileReport block = lint_text(
      urlset("<!-- sitemaplint-disable SM401, SM501 -->\n"
             "<url><loc>https://example.com/a</loc><lastmod>soon</lastmod><changefreq>x</changefreq></url>\n"
             "<url><loc>https://example.com/b</loc><lastmod>soon</lastmod></url>\n"
             "<!-- sitemaplint-enable SM401 -->\n"
             "<url><loc>https://example.com/c</loc><lastmod>later</lastmod><changefreq>y</changefreq></url>\n"));
  CHECK(summarize(block) == std::vector<std::string>{"SM401 error 7:47"});
}

TEST_CASE("no rule means every rule") {
  const FileReport report =
      lint_text(urlset("<!-- sitemaplint-disable-next-line -->\n"
                       "<url><loc>ftp://example.com/a</loc><lastmod>soon</lastmod><priority>7</priority></url>\n"
                       "<!-- sitemaplint-disable -->\n"
                       "<url><loc>ftp://example.com/b</loc></url>\n"
                       "<!-- sitemaplint-enable -->\n"
                       "<url><loc>ftp://example.com/c</loc></url>\n"));
  CHECK(summarize(report) == std::vector<std::string>{"SM203 error 8:11"});
}

TEST_CASE("an unknown rule in a directive is an SM901 finding with a hint") {
  const FileReport report =
      lint_text(urlset("<!-- sitemaplint-disable-next-line lastmod-invalidd -->\n"
                       "<url><loc>https://example.com/a</loc><lastmod>soon</lastmod></url>\n"));
  CHECK(summarize(report) == std::vector<std::string>{"SM901 warning 3:1", "SM401 error 4:47"});
  const auto messages = messages_of(report, "SM901");
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].find("unknown rule 'lastmod-invalidd'") != std::string::npos);
  CHECK(messages[0].find("did you mean 'lastmod-invalid'") != std::string::npos);
}

TEST_CASE("a suppression that silenced nothing is an SM901 finding, per rule") {
  const FileReport report =
      lint_text(urlset("<!-- sitemaplint-disable-next-line SM401,SM203 -->\n"
                       "<url><loc>https://example.com/a</loc><lastmod>soon</lastmod></url>\n"
                       "<!-- sitemaplint-disable SM501 -->\n"));
  CHECK(summarize(report) == std::vector<std::string>{"SM901 warning 3:1", "SM901 warning 5:1"});
  const auto messages = messages_of(report, "SM901");
  CHECK(messages[0] ==
        "sitemaplint-disable-next-line of 'SM203' suppressed nothing; remove it, or it will hide a future finding");
  CHECK(messages[1] ==
        "sitemaplint-disable of 'SM501' suppressed nothing; remove it, or it will hide a future finding");
}

TEST_CASE("xml-syntax findings and SM901 itself cannot be suppressed") {
  const FileReport report =
      lint_text(urlset("<!-- sitemaplint-disable-next-line xml-syntax -->\n"
                       "<url xmlns:a=\"urn:a\" xmlns:a=\"urn:b\"><loc>https://example.com/a</loc></url>\n"));
  CHECK(summarize(report) == std::vector<std::string>{"SM901 warning 3:1", "SM001 error 4:22"});
  CHECK(messages_of(report, "SM901") == std::vector<std::string>{"xml-syntax findings cannot be suppressed"});
}

TEST_CASE("SM901 is not reported when it is not selected, and suppressions still apply") {
  RuleSelection selection;
  std::string error;
  REQUIRE(make_selection({}, {"SM901"}, {}, &selection, &error));
  const FileReport report = lint_bytes("s.xml",
                                       urlset("<!-- sitemaplint-disable-next-line SM401 -->\n"
                                              "<url><loc>https://example.com/a</loc><lastmod>soon</lastmod></url>\n"
                                              "<!-- sitemaplint-disable SM999 -->\n"),
                                       selection, test_settings());
  CHECK(report.diagnostics.empty());
}

TEST_CASE("a file with very many directives is capped and says so") {
  std::string body;
  for (int i = 0; i < 10'005; ++i) body += "<!-- sitemaplint-disable-next-line SM401 -->\n";
  body += "<url><loc>https://example.com/a</loc><lastmod>soon</lastmod></url>\n";
  const FileReport report = lint_text(urlset(body));
  std::size_t capped = 0;
  for (const std::string& m : messages_of(report, "SM901"))
    capped += m.find("5 more sitemaplint directives are ignored") == 0;
  CHECK(capped == 1);
  CHECK(messages_of(report, "SM401").size() == 1);  // the line after the 10,000th directive is another directive
}

TEST_CASE("a suppression of a rule that did not run is not reported as unused") {
  RuleSelection selection;
  std::string error;
  REQUIRE(make_selection({}, {"SM401"}, {}, &selection, &error));
  const FileReport report = lint_bytes("s.xml",
                                       urlset("<!-- sitemaplint-disable-next-line SM401 -->\n"
                                              "<url><loc>https://example.com/a</loc><lastmod>soon</lastmod></url>\n"),
                                       selection, test_settings());
  CHECK(report.diagnostics.empty());
}
