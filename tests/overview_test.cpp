// The overview the walk gathers for the HTML report (overview.h): URLs by lastmod age, host and
// top-level section.
#include <doctest/doctest.h>

#include "engine/overview.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

SiteOverview overview_of(const std::vector<std::string>& paths) {
  SiteOverview sum;
  for (const std::string& path : paths) {
    const FileReport report = lint_path(source_path(path), overview_settings());
    REQUIRE(report.overview);
    sum.add(*report.overview);
  }
  return sum;
}

}  // namespace

TEST_CASE("overview: URLs by lastmod age, host and top-level section") {
  const SiteOverview site =
      overview_of({"testdata/example/shop/sitemap-products.xml", "testdata/example/shop/sitemap-blog.xml"});
  CHECK(site.urls == 21);
  CHECK(site.lastmod_7_days == 6);
  CHECK(site.lastmod_30_days == 3);  // 2024-12-02 is 30 days before now: still in
  CHECK(site.lastmod_365_days == 4);
  CHECK(site.lastmod_older == 3);
  CHECK(site.lastmod_future == 1);
  CHECK(site.lastmod_invalid == 1);  // 2024-13-01
  CHECK(site.lastmod_missing == 3);
  CHECK(site.hosts == std::map<std::string, std::size_t, std::less<>>{{"example.com", 19}, {"help.example.com", 2}});
  CHECK(site.sections ==
        std::map<std::string, std::size_t, std::less<>>{{"/", 4}, {"/blog/", 6}, {"/products/", 9}, {"/sale/", 2}});
}

TEST_CASE("overview: sections, hosts and what is not a page") {
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<url><loc>https://Example.COM:8080/a/b/c</loc></url>\n"
      "<url><loc>https://example.com:8080/a?x=/y/</loc></url>\n"
      "<url><loc>https://example.com/?q=/a/</loc></url>\n"
      "<url><loc>https://b\xC3\xBC"
      "cher.example/x/</loc></url>\n"
      "<url><loc>/relative/page</loc></url>\n"
      "<url><lastmod>2024-12-31</lastmod></url>\n"  // no <loc>: no page
      "</urlset>\n";
  const FileReport report = lint_text(text, overview_settings());
  REQUIRE(report.overview);
  const SiteOverview& site = *report.overview;
  CHECK(site.urls == 5);
  CHECK(site.lastmod_missing == 5);
  CHECK(site.hosts == std::map<std::string, std::size_t, std::less<>>{
                          {"example.com", 3}, {"xn--bcher-kva.example", 1}, {SiteOverview::kNoHost, 1}});
  CHECK(site.sections == std::map<std::string, std::size_t, std::less<>>{
                             {"/", 2}, {"/a/", 1}, {"/x/", 1}, {SiteOverview::kNoSection, 1}});

  // An index lists sitemaps, not pages; without the setting nothing is gathered.
  const FileReport index = lint_text(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
      "<sitemap><loc>https://example.com/s.xml</loc></sitemap></sitemapindex>\n",
      overview_settings());
  REQUIRE(index.overview);
  CHECK(index.overview->urls == 0);
  CHECK(!lint_text(text).overview);
}

TEST_CASE("overview: past 1,000 hosts the rest are counted together") {
  std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (int i = 0; i < 1'200; ++i) text += "<url><loc>https://h" + std::to_string(i) + ".example/</loc></url>\n";
  text += "</urlset>\n";
  const FileReport report = lint_text(text, overview_settings());
  REQUIRE(report.overview);
  CHECK(report.overview->hosts.size() == SiteOverview::kMaxKeys + 1);
  CHECK(report.overview->hosts.at(SiteOverview::kOtherKeys) == 200);
}
