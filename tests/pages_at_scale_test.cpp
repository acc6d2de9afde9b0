// --pages at scale, end to end through the built binary: a build of 50,000 pages of 4 KB, each
// mostly body, and a sitemap listing every one. What the run keeps per page is its facts (status,
// file, the few links of its head), about 1.3 KB, never the page: the bound on what --pages adds
// to the sitemap's own run sits well under the pages' bytes. Pages lie in one folder: creating
// 50,000 folders as well took a slow file system most of a minute.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "bounded_run.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// Under AddressSanitizer, whose shadow memory makes the bound meaningless, a tenth: the findings
// are checked all the same.
#ifdef SITEMAPLINT_TEST_ASAN
constexpr std::size_t kPages = 5'000;
#else
constexpr std::size_t kPages = 50'000;
#endif

// A page of about 4 KB: a head like a real one, then a body the reading never needs.
std::string page_html(std::size_t i, bool noindex) {
  const std::string url = "https://example.com/p/" + std::to_string(i) + ".html";
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Page " +
                     std::to_string(i) + "</title>\n<link rel=\"canonical\" href=\"" + url + "\">\n";
  if (noindex) html += "<meta name=\"robots\" content=\"noindex\">\n";
  html += "</head>\n<body>\n";
  for (int p = 0; p < 64; ++p) html += "<p>Some text of the page, as many pages have, never read.</p>\n";
  return html + "</body>\n</html>\n";
}

}  // namespace

TEST_CASE("pages at scale: 50,000 pages are checked in bounded memory, and what is wrong is found") {
  TempDir dir;
  const std::filesystem::path site = dir.path / "public";
  std::filesystem::create_directories(site / "p");
  std::size_t page_bytes = 0;
  std::string sitemap =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (std::size_t i = 0; i < kPages; ++i) {
    sitemap += "<url><loc>https://example.com/p/" + std::to_string(i) + ".html</loc></url>\n";
    if (i == 4242) continue;  // listed, not built: a 404
    const std::string html = page_html(i, i == 17);
    std::ofstream(site / "p" / (std::to_string(i) + ".html"), std::ios::binary) << html;
    page_bytes += html.size();
  }
  // Built, not listed: the coverage finding counts it.
  std::ofstream(site / "unlisted.html", std::ios::binary) << "<!DOCTYPE html><title>Not listed</title>\n";
  sitemap += "</urlset>\n";
  const std::string path = (dir.path / "sitemap.xml").string();
  std::ofstream(path, std::ios::binary) << sitemap;

  const BoundedResult r = run_bounded({"--no-config", "--color", "never", "--pages", "--root", site.string(),
                                       "--base-url", "https://example.com/sitemap.xml", "--format", "gcc", path},
                                      240 * kSlowdown);
  REQUIRE_FALSE(r.timed_out);
  CHECK(r.exit_code == 1);
  CAPTURE(r.err);
  CAPTURE(r.out.substr(0, 4000));
  CHECK(r.out.find(path + ":4245:11: error: 'https://example.com/p/4242.html' has nothing behind it") !=
        std::string::npos);
  CHECK(r.out.find(path + ":20:11: error: 'https://example.com/p/17.html' is listed, but its page forbids indexing") !=
        std::string::npos);
  CHECK(r.out.find("1 indexable page of the build is in no sitemap: 'https://example.com/unlisted.html'") !=
        std::string::npos);
  // What --pages adds: the facts of 50,000 pages, not the 200 MB of pages.
#ifndef SITEMAPLINT_TEST_ASAN
  const BoundedResult alone = run_bounded({"--no-config", "--quiet", path}, 240 * kSlowdown);
  REQUIRE_FALSE(alone.timed_out);
  const double added = (static_cast<double>(r.max_rss_kib) - static_cast<double>(alone.max_rss_kib)) * 1024.0;
  MESSAGE("--pages added " << added / (1 << 20) << " MiB to " << alone.max_rss_kib / 1024 << " MiB for "
                           << page_bytes / (1 << 20) << " MiB of pages");
  // About 1.6 KiB a page (the answers, the build's index, the read-ahead's chunks in flight): the
  // bound per page is the one that binds; a fraction of the pages' bytes sat within 1% of it.
  CHECK(added < 0.5 * static_cast<double>(page_bytes));
  CHECK(added < 2048.0 * kPages);
#endif
}
