// What fixtures cannot show for the lastmod, changefreq, priority and field-whitespace rules: the
// exact span a finding covers, the fixes and what applying them gives, and what messages name.
#include <doctest/doctest.h>

#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// A urlset with one <url> holding `children` after its <loc>.
std::string in_url(const std::string& children) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
         "<url><loc>https://example.com/</loc>" +
         children + "</url>\n</urlset>\n";
}

// The only finding of rule `code`; fails unless there is exactly one.
Diagnostic only(const FileReport& report, std::string_view code) {
  std::vector<Diagnostic> found;
  for (const Diagnostic& d : report.diagnostics) {
    if (d.rule->code == code) found.push_back(d);
  }
  INFO("findings of ", std::string(code), ": ", found.size());
  REQUIRE(found.size() == 1);
  return found.front();
}

std::string covered(const FileReport& report, const Diagnostic& d) { return report.bytes.substr(d.offset, d.length); }

std::string apply(const FileReport& report, const Fix& fix) {
  std::string text = report.bytes;
  return text.replace(fix.offset, fix.length, fix.replacement);
}

bool mentions(const Diagnostic& d, std::string_view text) { return d.message.find(text) != std::string::npos; }

bool fires(const FileReport& report, std::string_view code) {
  for (const Diagnostic& d : report.diagnostics) {
    if (d.rule->code == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("lastmod-invalid names the value, the problem and Search Console's name for it") {
  const FileReport report = lint_text(in_url("<lastmod>2023-02-29</lastmod>"));
  const Diagnostic d = only(report, "SM401");
  CHECK(covered(report, d) == "2023-02-29");
  CHECK(mentions(d, "'2023-02-29'"));
  CHECK(mentions(d, "not a leap year"));
  CHECK(mentions(d, "Invalid date"));
  CHECK_FALSE(d.fix.has_value());
}

TEST_CASE("lastmod-invalid fixes a lower-case t and z when the result is complete") {
  const FileReport report = lint_text(in_url("<lastmod>2024-05-31t10:00:00z</lastmod>"));
  const Diagnostic d = only(report, "SM401");
  REQUIRE(d.fix.has_value());
  CHECK(apply(report, *d.fix) == in_url("<lastmod>2024-05-31T10:00:00Z</lastmod>"));
  CHECK(lint_text(apply(report, *d.fix)).diagnostics.empty());
  SUBCASE("no fix when the corrected value would still lack its time zone") {
    CHECK_FALSE(only(lint_text(in_url("<lastmod>2024-05-31 10:00:00</lastmod>")), "SM401").fix.has_value());
  }
  SUBCASE("no fix when entities make the byte map inexact") {
    const FileReport inexact = lint_text(in_url("<lastmod>2024-05-31t10:00:00&#43;02:00</lastmod>"));
    CHECK_FALSE(only(inexact, "SM401").fix.has_value());
  }
}

TEST_CASE("lastmod-invalid on an empty element points at the element") {
  const FileReport report = lint_text(in_url("<lastmod/>"));
  const Diagnostic d = only(report, "SM401");
  CHECK(report.bytes.substr(d.offset, 10) == "<lastmod/>");
  CHECK(mentions(d, "is empty"));
}

TEST_CASE("lastmod-missing-timezone and lastmod-invalid never both report one value") {
  const FileReport missing = lint_text(in_url("<lastmod>2024-05-31T10:00:00</lastmod>"));
  CHECK(covered(missing, only(missing, "SM402")) == "2024-05-31T10:00:00");
  CHECK_FALSE(fires(missing, "SM401"));
  CHECK(mentions(only(missing, "SM402"), "Invalid date"));
  CHECK(mentions(only(missing, "SM402"), "XSD"));
  const FileReport bad = lint_text(in_url("<lastmod>2024-05-31T25:00:00</lastmod>"));
  CHECK(fires(bad, "SM401"));
  CHECK_FALSE(fires(bad, "SM402"));
}

TEST_CASE("lastmod-reduced-precision says which authority objects, and adds missing seconds") {
  const Diagnostic year = only(lint_text(in_url("<lastmod>2024</lastmod>")), "SM403");
  CHECK(mentions(year, "W3C Datetime allows it"));
  CHECK(mentions(year, "sitemap XSD"));
  const FileReport minutes = lint_text(in_url("<lastmod>2024-05-31T10:00+02:00</lastmod>"));
  const Diagnostic d = only(minutes, "SM403");
  REQUIRE(d.fix.has_value());
  CHECK(apply(minutes, *d.fix) == in_url("<lastmod>2024-05-31T10:00:00+02:00</lastmod>"));
}

TEST_CASE("lastmod-in-future allows 24 hours and names the present") {
  // The tests' present is 2025-01-01T00:00:00Z.
  CHECK_FALSE(fires(lint_text(in_url("<lastmod>2025-01-02T00:00:00Z</lastmod>")), "SM404"));
  const Diagnostic d = only(lint_text(in_url("<lastmod>2025-01-02T00:00:01Z</lastmod>")), "SM404");
  CHECK(mentions(d, "2025-01-01T00:00:00Z"));
  CHECK(mentions(d, "'2025-01-02T00:00:01Z'"));
}

TEST_CASE("uniform lastmod and priority are reported once, at the first value, with the count") {
  std::string urls;
  for (const char* path : {"a", "b", "c", "d"}) {
    urls += std::string("<url><loc>https://example.com/") + path +
            "</loc><lastmod>2024-05-31</lastmod><priority>0.9</priority></url>\n";
  }
  const FileReport report = lint_text(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
      urls + "</urlset>\n");
  const Diagnostic lastmod = only(report, "SM405");
  CHECK(lastmod.offset == report.bytes.find("<lastmod>") + 9);
  CHECK(mentions(lastmod, "all 4"));
  CHECK(mentions(lastmod, "'2024-05-31'"));
  const Diagnostic priority = only(report, "SM603");
  CHECK(priority.offset == report.bytes.find("<priority>") + 10);
  CHECK(mentions(priority, "all 4"));
}

TEST_CASE("changefreq-invalid fixes case, hints at near misses, and lists the values otherwise") {
  const FileReport upper = lint_text(in_url("<changefreq>Weekly</changefreq>"));
  const Diagnostic d = only(upper, "SM501");
  REQUIRE(d.fix.has_value());
  CHECK(apply(upper, *d.fix) == in_url("<changefreq>weekly</changefreq>"));
  CHECK(mentions(only(lint_text(in_url("<changefreq>dayly</changefreq>")), "SM501"), "did you mean 'daily'?"));
  CHECK(mentions(only(lint_text(in_url("<changefreq>weekely</changefreq>")), "SM501"), "did you mean 'weekly'?"));
  const Diagnostic far = only(lint_text(in_url("<changefreq>sometimes</changefreq>")), "SM501");
  CHECK_FALSE(mentions(far, "did you mean"));
  CHECK(mentions(far, "hourly"));
  CHECK_FALSE(far.fix.has_value());
}

TEST_CASE("changefreq and priority in a <sitemap> entry are left to the structure rules") {
  const FileReport report = lint_text(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<sitemap><loc>https://example.com/s.xml</loc><changefreq>Never "
      "</changefreq><priority>high</priority></sitemap>\n"
      "</sitemapindex>\n");
  for (const char* code : {"SM113", "SM501", "SM502", "SM601", "SM602", "SM603"}) {
    CAPTURE(code);
    CHECK_FALSE(fires(report, code));
  }
}

TEST_CASE("priority-invalid fixes a decimal comma, out-of-range compares exactly") {
  const FileReport comma = lint_text(in_url("<priority>0,7</priority>"));
  const Diagnostic d = only(comma, "SM601");
  REQUIRE(d.fix.has_value());
  CHECK(apply(comma, *d.fix) == in_url("<priority>0.7</priority>"));
  CHECK(mentions(only(lint_text(in_url("<priority>1e-1</priority>")), "SM601"), "exponent"));
  CHECK(fires(lint_text(in_url("<priority>1.000000000000000000001</priority>")), "SM602"));
  CHECK_FALSE(fires(lint_text(in_url("<priority>1.000000000000000000000</priority>")), "SM602"));
  CHECK_FALSE(fires(lint_text(in_url("<priority>-0</priority>")), "SM602"));
}

TEST_CASE("field-whitespace covers the raw text and its fix leaves the trimmed value") {
  const FileReport report = lint_text(in_url("<lastmod>\n  2024-05-31\n</lastmod>"));
  const Diagnostic d = only(report, "SM113");
  CHECK(covered(report, d) == "\n  2024-05-31\n");
  CHECK(mentions(d, "leading and trailing"));
  REQUIRE(d.fix.has_value());
  CHECK(apply(report, *d.fix) == in_url("<lastmod>2024-05-31</lastmod>"));
  SUBCASE("changefreq: the XSD does not trim it") {
    CHECK(mentions(only(lint_text(in_url("<changefreq> daily</changefreq>")), "SM113"), "does not trim"));
  }
  SUBCASE("with entities, the fix rewrites the whole text") {
    const FileReport report = lint_text(in_url("<priority>0.5&#x20;</priority>"));
    const Diagnostic& d = only(report, "SM113");
    REQUIRE(d.fix.has_value());
    CHECK(apply(report, *d.fix) == in_url("<priority>0.5</priority>"));
  }
  SUBCASE("an all-white-space value is only reported as empty") {
    const FileReport blank = lint_text(in_url("<priority>  </priority>"));
    CHECK_FALSE(fires(blank, "SM113"));
    CHECK(mentions(only(blank, "SM601"), "is empty"));
  }
}
