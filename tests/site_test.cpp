// A whole sitemap set end to end: an index followed on disk (with and without --root) and over
// HTTP, with exact findings per file.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

const char* const kHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

std::string index_of(const std::vector<std::string>& locs) {
  std::string out = std::string(kHead) + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const std::string& loc : locs) out += "  <sitemap><loc>" + loc + "</loc></sitemap>\n";
  return out + "</sitemapindex>\n";
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// "path: CODE line:col" for every finding, files in report order.
std::vector<std::string> findings(const std::string& json_text, const fs::path& base) {
  std::vector<std::string> out;
  const auto json = nlohmann::json::parse(json_text);
  for (const auto& file : json["files"]) {
    const std::string path = fs::path(file["path"].get<std::string>()).lexically_relative(base).string();
    out.push_back(path + ":");
    for (const auto& d : file["diagnostics"]) {
      out.push_back(path + ": " + d["code"].get<std::string>() + " " + std::to_string(d["line"].get<int>()) + ":" +
                    std::to_string(d["column"].get<int>()));
    }
  }
  return out;
}

struct Site {
  fs::path dir;
  Site() {
    char name[] = "/tmp/sitemaplint-site-XXXXXX";
    dir = ::mkdtemp(name);
  }
  ~Site() { fs::remove_all(dir); }
};

}  // namespace

TEST_CASE("site: an index on disk, its gzipped, nested, missing, repeated and out-of-scope children") {
  Site site;
  const fs::path pub = site.dir / "public";
  write(pub / "sitemap_index.xml",
        index_of({"https://example.com/sitemap-1.xml.gz", "https://example.com/sitemap-2.xml",
                  "https://example.com/nested.xml", "https://example.com/sitemap-3.xml",
                  "https://example.com/sitemap_index.xml", "https://example.com/sitemap-1.xml.gz"}));
  write(pub / "sitemap-1.xml.gz", gzip_for_test(urlset({"https://example.com/", "https://example.com/a"})));
  write(pub / "sitemap-2.xml", urlset({"https://example.com/b", "https://www.example.com/c"}));
  write(pub / "nested.xml", index_of({"https://example.com/sitemap-1.xml.gz"}));
  const auto result = run_cli({"--format", "json", "--now", kTestNow, "--base-url",
                               "https://example.com/sitemap_index.xml", (pub / "sitemap_index.xml").string()});
  CHECK(result.exit_code == 1);
  CHECK(result.err.empty());
  INFO(result.out);
  CHECK(findings(result.out, pub) == std::vector<std::string>{
                                         "sitemap_index.xml:",
                                         "sitemap_index.xml: SM704 5:17",  // nested.xml is an index
                                         "sitemap_index.xml: SM801 6:17",  // sitemap-3.xml is missing
                                         "sitemap_index.xml: SM802 7:17",  // the index itself
                                         "sitemap_index.xml: SM211 8:17",  // listed twice: not a cycle
                                         "sitemap-1.xml.gz:",
                                         "sitemap-2.xml:",
                                         "sitemap-2.xml: SM213 4:13",  // www.example.com
                                         "nested.xml:",
                                     });
}

TEST_CASE("site: --root maps a child's URL path under the site's root directory") {
  Site site;
  write(site.dir / "out" / "maps" / "index.xml",
        index_of({"https://example.com/maps/pages.xml", "https://example.com/other/posts.xml"}));
  write(site.dir / "out" / "maps" / "pages.xml", urlset({"https://example.com/maps/p"}));
  write(site.dir / "out" / "other" / "posts.xml", urlset({"https://example.com/other/q"}));
  const std::string index = (site.dir / "out" / "maps" / "index.xml").string();
  // Without --root the index's folder is /maps/: /other/posts.xml is outside its scope.
  const auto scoped = run_cli({"--format", "json", "--base-url", "https://example.com/maps/index.xml", index});
  INFO(scoped.out);
  CHECK(findings(scoped.out, site.dir / "out") ==
        std::vector<std::string>{"maps/index.xml:", "maps/index.xml: SM213 4:17", "maps/pages.xml:"});
  // With the index at the site root's scope and --root, both children are found.
  const auto rooted = run_cli({"--format", "json", "--base-url", "https://example.com/index.xml", "--root",
                               (site.dir / "out").string(), index});
  INFO(rooted.out);
  CHECK(findings(rooted.out, site.dir / "out") ==
        std::vector<std::string>{"maps/index.xml:", "maps/pages.xml:", "other/posts.xml:"});
  CHECK(rooted.exit_code == 0);
}

TEST_CASE("site: an index fetched over HTTP has its children fetched too") {
  HttpTestServer server;
  const HttpResponse ok{200, {{"Content-Type", "application/xml"}}, ""};
  HttpResponse index = ok;
  index.body = index_of({server.url("/s1.xml"), server.url("/s2.xml"), server.url("/deep/index.xml")});
  HttpResponse s1 = ok;
  s1.body = urlset({server.url("/a")});
  HttpResponse deep = ok;
  deep.body = index_of({server.url("/s1.xml")});
  server.route("/sitemap_index.xml", index);
  server.route("/s1.xml", s1);
  server.route("/s2.xml", HttpResponse{404, {{"Content-Type", "text/html"}}, "gone"});
  server.route("/deep/index.xml", deep);
  const auto result = run_cli({"--quiet", "--now", kTestNow, server.url("/sitemap_index.xml")});
  CHECK(result.exit_code == 1);
  CHECK(result.out ==
        server.url("/sitemap_index.xml") + ":5:17: error[SM704 nested-index]: '" + server.url("/deep/index.xml") +
            "' is itself a sitemap index; indexes do not nest (Search Console: \"Nested sitemap "
            "indexes\"), so its children are not followed\n" +
            server.url("/s2.xml") +
            ":1:1: error[SM009 http-status]: the server answered HTTP 404; search engines "
            "cannot read a sitemap behind an error status\n" +
            server.url("/deep/index.xml") + ":3:17: error[SM213 loc-out-of-scope]: '" + server.url("/s1.xml") +
            "' is outside '/deep/', the folder of the sitemap; a sitemap may "
            "list only URLs in its own folder and below (the sitemap is at " +
            server.url("/deep/index.xml") + "; Search Console: \"URL not allowed\")\n");
  CHECK(server.hits("/s1.xml") == 1);  // fetched once, although the nested index lists it again
}

TEST_CASE("site: --robots lints the sitemaps a robots.txt announces") {
  HttpTestServer server;
  HttpResponse robots{200,
                      {{"Content-Type", "text/plain"}},
                      "# robots\nUser-agent: *\nDisallow: /admin/\n\nSitemap: " + server.url("/a.xml") +
                          "\nsitemap: " + server.url("/b.xml") + "\n"};
  server.route("/robots.txt", robots);
  server.route("/a.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, urlset({server.url("/x")})});
  server.route("/b.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, urlset({"/relative"})});
  const auto result = run_cli({"--quiet", "--now", kTestNow, "--robots", server.url("/robots.txt")});
  CHECK(result.exit_code == 1);
  CHECK(result.out.find(server.url("/b.xml") + ":3:13: error[SM202 loc-not-absolute]") == 0);
  CHECK(server.hits("/a.xml") == 1);
  server.route("/empty.txt", HttpResponse{200, {{"Content-Type", "text/plain"}}, "User-agent: *\n"});
  const auto empty = run_cli({"--robots", server.url("/empty.txt")});
  CHECK(empty.exit_code == 2);
  CHECK(empty.err.find("has no Sitemap: lines") != std::string::npos);
}

TEST_CASE("site: a remote index can lead only to http(s) URLs") {
  HttpTestServer server;
  server.route("/index.xml", HttpResponse{200,
                                          {{"Content-Type", "application/xml"}},
                                          index_of({"file:///etc/passwd", server.url("/ok.xml")})});
  server.route("/ok.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, urlset({server.url("/p")})});
  const auto result = run_cli({"--quiet", "--now", kTestNow, server.url("/index.xml")});
  CHECK(result.exit_code == 1);
  CHECK(result.out.find("root:") == std::string::npos);
  CHECK(result.out.find(server.url("/index.xml") + ":3:17: error[SM203 loc-unsupported-scheme]") == 0);
  CHECK(server.hits("/ok.xml") == 1);
}

TEST_CASE("site: a relative child whose '..' climbs above the root stops at the root") {
  // RFC 3986 section 5.2.4: "../s1.xml" under /sitemap_index.xml is /s1.xml, the child listed
  // before it, and "../sitemap_index.xml" the index itself.
  HttpTestServer server;
  const HttpResponse ok{200, {{"Content-Type", "application/xml"}}, ""};
  HttpResponse index = ok;
  index.body = index_of({server.url("/s1.xml"), "../s1.xml", "../sitemap_index.xml"});
  HttpResponse s1 = ok;
  s1.body = urlset({server.url("/a")});
  server.route("/sitemap_index.xml", index);
  server.route("/s1.xml", s1);
  const auto result = run_cli({"--quiet", "--now", kTestNow, server.url("/sitemap_index.xml")});
  CHECK(result.exit_code == 1);
  INFO(result.out);
  CHECK(result.out.find(server.url("/../")) == std::string::npos);
  CHECK(result.out.find(server.url("/sitemap_index.xml") + ":5:17: error[SM802 ") != std::string::npos);
  CHECK(server.hits("/s1.xml") == 1);
  CHECK(server.hits("/sitemap_index.xml") == 1);
}

TEST_CASE("site: a URL in two sitemaps of the set, and an index lastmod older than its child's content") {
  Site site;
  const fs::path pub = site.dir / "public";
  write(pub / "sitemap_index.xml",
        std::string(kHead) +
            "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            "  <sitemap><loc>https://example.com/s1.xml</loc><lastmod>2024-01-01</lastmod></sitemap>\n"
            "  <sitemap><loc>https://example.com/s2.xml</loc><lastmod>2024-06-01</lastmod></sitemap>\n"
            "</sitemapindex>\n");
  write(pub / "s1.xml", std::string(kHead) +
                            "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                            "  <url><loc>https://example.com/a</loc><lastmod>2024-03-15</lastmod></url>\n"
                            "  <url><loc>https://example.com/b</loc><lastmod>2023-12-01</lastmod></url>\n"
                            "</urlset>\n");
  write(pub / "s2.xml", std::string(kHead) +
                            "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                            "  <url><loc>https://example.com/c</loc><lastmod>2024-05-01</lastmod></url>\n"
                            "  <url><loc>https://example.com/b</loc><lastmod>2024-04-01</lastmod></url>\n"
                            "</urlset>\n");
  const auto result = run_cli({"--quiet", "--now", kTestNow, "--base-url", "https://example.com/sitemap_index.xml",
                               (pub / "sitemap_index.xml").string()});
  CHECK(result.exit_code == 0);  // both are warnings
  CHECK(result.out ==
        (pub / "sitemap_index.xml").string() +
            ":3:58: warning[SM804 stale-index-lastmod]: the index dates 'https://example.com/s1.xml' "
            "2024-01-01, but it lists a URL modified 2024-03-15; crawlers may not fetch it "
            "again until the index says it changed\n" +
            (pub / "s2.xml").string() +
            ":4:13: warning[SM803 duplicate-across-sitemaps]: 'https://example.com/b' is also listed in " +
            (pub / "s1.xml").string() + "; list each URL in one sitemap of the set\n");
  // Files given together form a set too, without an index. The finding shows its source line and
  // where the URL was listed first, in the other file.
  const auto pair =
      run_cli({"--now", kTestNow, "--color", "never", (pub / "s1.xml").string(), (pub / "s2.xml").string()});
  CHECK(pair.out == (pub / "s2.xml").string() +
                        ":4:13: warning[SM803 duplicate-across-sitemaps]: 'https://example.com/b' is also listed in " +
                        (pub / "s1.xml").string() + "; list each URL in one sitemap of the set\n" +
                        " 4 |   <url><loc>https://example.com/b</loc><lastmod>2024-04-01</lastmod></ur...\n"
                        "   |             ^~~~~~~~~~~~~~~~~~~~~\n"
                        "  note: first listed here at " +
                        (pub / "s1.xml").string() +
                        ":4:13\n"
                        "Found 0 errors, 1 warning and 0 info findings in 2 files.\n");
}

TEST_CASE("site: an index lastmod without a time covers its whole day, month or year") {
  Site site;
  const fs::path pub = site.dir / "public";
  // Each child's newest URL changed on the day (month, year) its index entry names, except s4's.
  write(pub / "sitemap_index.xml",
        std::string(kHead) +
            "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            "  <sitemap><loc>https://example.com/s1.xml</loc><lastmod>2024-03-01</lastmod></sitemap>\n"
            "  <sitemap><loc>https://example.com/s2.xml</loc><lastmod>2024-03</lastmod></sitemap>\n"
            "  <sitemap><loc>https://example.com/s3.xml</loc><lastmod>2024</lastmod></sitemap>\n"
            "  <sitemap><loc>https://example.com/s4.xml</loc><lastmod>2024-03-01T12:00:00Z</lastmod></sitemap>\n"
            "  <sitemap><loc>https://example.com/s5.xml</loc><lastmod>2024-03-01</lastmod></sitemap>\n"
            "</sitemapindex>\n");
  const auto child = [&](const char* name, const char* lastmod) {
    write(pub / name, std::string(kHead) + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
                          "  <url><loc>https://example.com/" + name + "/a</loc><lastmod>" + lastmod +
                          "</lastmod></url>\n</urlset>\n");
  };
  child("s1.xml", "2024-03-01T18:00:00+00:00");
  child("s2.xml", "2024-03-31T23:59:59-12:00");
  child("s3.xml", "2024-12-31");
  child("s4.xml", "2024-03-01T18:00:00+00:00");  // later the same day: the entry names an instant
  child("s5.xml", "2024-03-02");  // the next day
  const auto result = run_cli({"--quiet", "--ignore", "SM403", "--now", kTestNow, "--base-url",
                               "https://example.com/sitemap_index.xml", (pub / "sitemap_index.xml").string()});
  CHECK(result.out == (pub / "sitemap_index.xml").string() +
                          ":6:58: warning[SM804 stale-index-lastmod]: the index dates 'https://example.com/s4.xml' "
                          "2024-03-01T12:00:00Z, but it lists a URL modified 2024-03-01T18:00:00Z; crawlers may not "
                          "fetch it again until the index says it changed\n" +
                          (pub / "sitemap_index.xml").string() +
                          ":7:58: warning[SM804 stale-index-lastmod]: the index dates 'https://example.com/s5.xml' "
                          "2024-03-01, but it lists a URL modified 2024-03-02; crawlers may not fetch it again "
                          "until the index says it changed\n");
}

TEST_CASE("site: a --root that does not exist is a usage error") {
  Site site;
  write(site.dir / "sitemap.xml", urlset({"https://example.com/"}));
  const auto result = run_cli({"--root", (site.dir / "no-such-folder").string(), (site.dir / "sitemap.xml").string()});
  CHECK(result.exit_code == 2);
  CHECK(result.err.find("no-such-folder is not a directory") != std::string::npos);
  // Without --base-url, an index on disk says that its children were not checked.
  write(site.dir / "index.xml", index_of({"https://example.com/sitemap.xml"}));
  const auto index = run_cli({"--quiet", "--root", site.dir.string(), (site.dir / "index.xml").string()});
  CHECK(index.exit_code == 0);
  CHECK(index.out.find("info[SM805 index-not-followed]: 1 child sitemap is not checked: give --base-url") !=
        std::string::npos);
}
