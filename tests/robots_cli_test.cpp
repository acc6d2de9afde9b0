// The robots family end to end through the binary: a robots.txt named with --robots or in
// sitemaplint.toml, on disk or served over HTTP (loopback only), is linted, and every URL of the
// run is checked against its rules for Googlebot, on the robots.txt's own origin only.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "http_test_server.h"
#include "documented_block.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

std::string index_of(const std::vector<std::string>& locs) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const std::string& loc : locs) out += "  <sitemap><loc>" + loc + "</loc></sitemap>\n";
  return out + "</sitemapindex>\n";
}

HttpResponse xml(std::string body) { return HttpResponse{200, {{"Content-Type", "application/xml"}}, std::move(body)}; }
HttpResponse text(std::string body) { return HttpResponse{200, {{"Content-Type", "text/plain"}}, std::move(body)}; }

// "path CODE line:col" for each finding of a JSON report, and "-> path line:col" after a finding
// with a related location in another file; joined by ", " (a string, so a failed check prints it).
std::string findings_in(const std::string& json_text) {
  std::string out;
  const auto report = nlohmann::json::parse(json_text);  // kept: a range-for over a temporary's part dangles
  for (const auto& file : report["files"]) {
    for (const auto& d : file["diagnostics"]) {
      if (!out.empty()) out += ", ";
      out += file["path"].get<std::string>() + " " + d["code"].get<std::string>() + " " +
             std::to_string(d["line"].get<int>()) + ":" + std::to_string(d["column"].get<int>());
      if (d.contains("related") && d["related"].contains("path")) {
        out += " -> " + d["related"]["path"].get<std::string>() + " " +
               std::to_string(d["related"]["line"].get<int>()) + ":" +
               std::to_string(d["related"]["column"].get<int>());
      }
    }
  }
  return out;
}

const std::string kRobots =
    "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /drafts/\n"
    "Sitemap: /sitemap.xml\n";

}  // namespace

TEST_CASE("robots cli: a local robots.txt checks the sitemaps given with it, naming the blocking line") {
  TempDir dir;
  dir.write("public/robots.txt", kRobots);
  dir.write("public/sitemap.xml",
            urlset({"https://example.com/drafts/a", "https://example.com/private/b", "https://example.com/c"}));
  const auto human = run_cli({"--robots", "public/robots.txt", "public/sitemap.xml"}, "", dir.path.string());
  INFO(human.out, human.err);
  CHECK(human.exit_code == 1);  // the relative Sitemap: line is an error (SM202)
  CHECK(human.out.find("public/sitemap.xml:3:13: warning[ROBOTS201 robots-blocked-url]: "
                       "'https://example.com/drafts/a' is blocked for Googlebot by 'Disallow: /drafts/' "
                       "(robots.txt:5), so Google does not crawl it (Search Console: \"Sitemap contains URLs which "
                       "are blocked by robots.txt\")\n"
                       " 3 |   <url><loc>https://example.com/drafts/a</loc></url>\n"
                       "   |             ^~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
                       "  note: the rule that blocks it at public/robots.txt:5:1\n") != std::string::npos);
  // Googlebot obeys its own group only: /private/ is blocked for other crawlers, not for it.
  const auto json =
      run_cli({"--format", "json", "--robots", "public/robots.txt", "public/sitemap.xml"}, "", dir.path.string());
  CHECK(findings_in(json.out) ==
        "public/robots.txt SM202 6:10, public/sitemap.xml ROBOTS201 3:13 -> public/robots.txt 5:1");
}

TEST_CASE("robots cli: a robots.txt governs only its own origin") {
  TempDir dir;
  dir.write("robots.txt", "User-agent: *\nDisallow: /private/\n");
  dir.write("sitemap.xml", urlset({"https://example.com/private/a", "http://example.com/private/b",
                                   "https://www.example.com/private/c", "https://example.com:8443/private/d"}));
  // With --base-url the robots.txt is example.com's over https: the other three are other origins.
  const auto based = run_cli({"--format", "json", "--base-url", "https://example.com/", "--robots", "robots.txt",
                              "--ignore", "SM213", "sitemap.xml"},
                             "", dir.path.string());
  INFO(based.out, based.err);
  CHECK(based.exit_code == 0);  // no Sitemap: lines, but a sitemap given: not an input error
  CHECK(findings_in(based.out) == "sitemap.xml ROBOTS201 3:13 -> robots.txt 2:1");
  // Without it, where the robots.txt is served is unknown: every URL is matched.
  const auto bare = run_cli({"--format", "json", "--robots", "robots.txt", "--select", "ROBOTS", "sitemap.xml"}, "",
                            dir.path.string());
  CHECK(findings_in(bare.out) ==
        "sitemap.xml ROBOTS201 3:13 -> robots.txt 2:1, sitemap.xml ROBOTS201 4:13 -> robots.txt 2:1, "
        "sitemap.xml ROBOTS201 5:13 -> robots.txt 2:1, sitemap.xml ROBOTS201 6:13 -> robots.txt 2:1");
  // Alone, a robots.txt without sitemaps leaves nothing to lint.
  const auto alone = run_cli({"--robots", "robots.txt"}, "", dir.path.string());
  CHECK(alone.exit_code == 2);
  CHECK(alone.err.find("robots.txt has no Sitemap: lines") != std::string::npos);
}

TEST_CASE("robots cli: robots = in sitemaplint.toml, and a bare run that lints the whole site") {
  TempDir dir;
  dir.write("sitemaplint.toml", "robots = \"public/robots.txt\"\nbase-url = \"https://example.com/\"\n");
  dir.write("public/robots.txt",
            "User-agent: *\nDisallow: /drafts/\nCrawl-delay: 5\n\n"
            "Sitemap: https://example.com/sitemap.xml\n");
  dir.write("public/sitemap.xml", urlset({"https://example.com/drafts/a", "https://example.com/b"}));
  // Named relative to the current directory, under which the config's paths lie.
  const std::string robots = "public/robots.txt";
  const std::string sitemap = "public/sitemap.xml";
  const auto given = run_cli({"--format", "json", "public/sitemap.xml"}, "", dir.path.string());
  INFO(given.out, given.err);
  CHECK(given.exit_code == 0);
  CHECK(findings_in(given.out) == robots + " ROBOTS105 3:1, public/sitemap.xml ROBOTS201 3:13 -> " + robots + " 2:1");
  // No input on the command line: the config's robots.txt and the sitemaps it names.
  const auto bare = run_cli({"--format", "json"}, "", dir.path.string());
  INFO(bare.out, bare.err);
  CHECK(bare.exit_code == 0);
  CHECK(findings_in(bare.out) == robots + " ROBOTS105 3:1, " + sitemap + " ROBOTS201 3:13 -> " + robots + " 2:1");
  const auto shown = run_cli({"--show-config", "public/sitemap.xml"}, "", dir.path.string());
  CHECK(shown.out.find("robots = \"" + robots + "\"\n") != std::string::npos);
  // --robots has the last word; --no-config drops the config's robots.txt.
  dir.write("other-robots.txt", "User-agent: *\nDisallow: /\n");
  const auto replaced =
      run_cli({"--format", "json", "--robots", "other-robots.txt", "--select", "ROBOTS201", "public/sitemap.xml"}, "",
              dir.path.string());
  CHECK(findings_in(replaced.out) ==
        "public/sitemap.xml ROBOTS201 3:13 -> other-robots.txt 2:1, "
        "public/sitemap.xml ROBOTS201 4:13 -> other-robots.txt 2:1");
  const auto none = run_cli({"--format", "json", "--no-config", "public/sitemap.xml"}, "", dir.path.string());
  CHECK(findings_in(none.out).empty());
  const auto nothing = run_cli({"--no-config"}, "", dir.path.string());
  CHECK(nothing.exit_code == 2);
  CHECK(nothing.err.find("no input") != std::string::npos);
}

TEST_CASE("robots cli: a robots.txt served over HTTP checks the sitemaps it names, and the children they list") {
  HttpTestServer server;
  server.route("/robots.txt", text("User-agent: *\nDisallow: /private/\nDisallow: /*.pdf$\n\nSitemap: " +
                                   server.url("/index.xml") + "\nSitemap: " + server.url("/pages.xml") + "\n"));
  server.route("/index.xml", xml(index_of({server.url("/news.xml"), server.url("/private/old.xml")})));
  server.route("/pages.xml", xml(urlset({server.url("/a"), server.url("/private/b"), server.url("/guide.pdf"),
                                         server.url("/private/c", "localhost")})));
  const std::string robots = server.url("/robots.txt");
  const auto result = run_cli({"--format", "json", "--select", "ROBOTS", "--robots", robots});
  INFO(result.out, result.err);
  CHECK(result.exit_code == 0);
  CHECK(findings_in(result.out) == server.url("/index.xml") + " ROBOTS201 4:17 -> " + robots + " 2:1, " +
                                       server.url("/pages.xml") + " ROBOTS201 4:13 -> " + robots + " 2:1, " +
                                       server.url("/pages.xml") + " ROBOTS201 5:13 -> " + robots + " 3:1");
  CHECK(result.out.find("the sitemap '" + server.url("/private/old.xml") +
                        "' is blocked for Googlebot by "
                        "'Disallow: /private/' (robots.txt:2), so crawlers that obey robots.txt do not fetch it") !=
        std::string::npos);
  // The robots.txt's origin is 127.0.0.1 on the server's port: the localhost URL is not its URL.
  CHECK(result.out.find(server.url("/private/c", "localhost") + "' is blocked") == std::string::npos);
  CHECK(server.hits("/robots.txt") == 1);  // fetched and read once for the whole run
}

TEST_CASE("robots cli: a robots.txt given as an input is read as one, never judged as a sitemap") {
  TempDir dir;
  dir.write("public/robots.txt", kRobots);
  dir.write("public/sitemap.xml", urlset({"https://example.com/drafts/a", "https://example.com/c"}));
  const std::string expected =
      "public/robots.txt SM202 6:10, public/sitemap.xml ROBOTS201 3:13 -> public/robots.txt 5:1";
  // As --robots reads it: no SM008 (not a sitemap), and the sitemaps given with it are checked.
  const auto given = run_cli({"--format", "json", "public/robots.txt", "public/sitemap.xml"}, "", dir.path.string());
  INFO(given.out, given.err);
  CHECK(findings_in(given.out) == expected);
  // Named both ways, or twice, it is read once.
  const auto twice =
      run_cli({"--format", "json", "--robots", "public/robots.txt", "./public/robots.txt", "public/sitemap.xml"}, "",
              dir.path.string());
  CHECK(findings_in(twice.out) == expected);
  CHECK(twice.exit_code == 1);
  // A second, other robots.txt governs another site: refused as an input, not half-used.
  dir.write("other/robots.txt", kRobots);
  const auto two = run_cli({"public/robots.txt", "other/robots.txt", "public/sitemap.xml"}, "", dir.path.string());
  CHECK(two.exit_code == 2);
  CHECK(two.err.find("other/robots.txt: a second robots.txt (the run's is public/robots.txt); one run reads one "
                     "site's robots.txt, so lint each in a run of its own") != std::string::npos);
  // Over HTTP: the URL whose path is /robots.txt, and the sitemaps it names are followed.
  HttpTestServer server;
  server.route("/robots.txt", text("User-agent: *\nDisallow: /private/\nSitemap: " + server.url("/pages.xml") + "\n"));
  server.route("/pages.xml", xml(urlset({server.url("/a"), server.url("/private/b")})));
  const auto fetched = run_cli({"--format", "json", "--select", "ROBOTS,SM008", server.url("/robots.txt")});
  INFO(fetched.out, fetched.err);
  CHECK(fetched.exit_code == 0);
  CHECK(findings_in(fetched.out) ==
        server.url("/pages.xml") + " ROBOTS201 4:13 -> " + server.url("/robots.txt") + " 2:1");
}

TEST_CASE("robots cli: a sitemap its host's robots.txt names may list any URL of the host") {
  TempDir dir;
  dir.write("public/robots.txt", "User-agent: *\nAllow: /\nSitemap: https://example.com/sitemaps/extra.xml\n");
  dir.write("public/sitemaps/extra.xml", urlset({"https://example.com/a", "https://www.example.com/b"}));
  const auto run = run_cli({"--format", "json", "--select", "SM213", "--root", "public", "--base-url",
                            "https://example.com/robots.txt", "public/robots.txt"},
                           "", dir.path.string());
  INFO(run.out, run.err);
  // Named by robots.txt: the whole host (not only /sitemaps/), but not another host.
  CHECK(findings_in(run.out) == "public/sitemaps/extra.xml SM213 4:13");
}

TEST_CASE("robots cli: a robots.txt URL in the config is fetched like one given with --robots") {
  HttpTestServer server;
  server.route("/robots.txt", text("User-agent: *\nDisallow: /\n\nSitemap: " + server.url("/sitemap.xml") + "\n"));
  server.route("/sitemap.xml", xml(urlset({server.url("/")})));
  TempDir dir;
  dir.write("sitemaplint.toml", "robots = \"" + server.url("/robots.txt") + "\"\n");
  const auto result = run_cli({"--format", "json"}, "", dir.path.string());
  INFO(result.out, result.err);
  CHECK(result.exit_code == 1);
  CHECK(findings_in(result.out) == server.url("/robots.txt") + " ROBOTS106 2:1, " + server.url("/sitemap.xml") +
                                       " ROBOTS201 3:13 -> " + server.url("/robots.txt") + " 2:1");
}

TEST_CASE("robots cli: robots.txt -> index -> children on disk: every child linted and checked against it") {
  TempDir dir;
  dir.write("public/robots.txt",
            "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap_index.xml\n");
  dir.write("public/sitemap_index.xml",
            index_of({"https://example.com/pages.xml", "https://example.com/missing.xml",
                      "https://example.com/sitemap_index.xml", "https://example.com/nested.xml"}));
  dir.write(
      "public/pages.xml",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "  <url><loc>https://example.com/private/a</loc><lastmod>2024-02-30</lastmod></url>\n</urlset>\n");
  // An index that an index lists is nested: reported, and its own children are not followed.
  dir.write("public/nested.xml", index_of({"https://example.com/deeper.xml"}));
  const auto result = run_cli(
      {"--format", "json", "--robots", "public/robots.txt", "--base-url", "https://example.com/", "--root", "public"},
      "", dir.path.string());
  INFO(result.out, result.err);
  CHECK(result.exit_code == 1);
  CHECK(findings_in(result.out) ==
        "public/sitemap_index.xml SM801 4:17, public/sitemap_index.xml SM802 5:17, "
        "public/sitemap_index.xml SM704 6:17, public/pages.xml ROBOTS201 3:13 -> public/robots.txt 2:1, "
        "public/pages.xml SM401 3:57");
  CHECK(result.out.find("deeper.xml does not exist") == std::string::npos);
}

TEST_CASE("robots cli: the documented configuration, run bare: the robots.txt is judged at /robots.txt") {
  // The example config of docs/configuration.md, as written, with a robots.txt that names the
  // base-url sitemap: the normal case, not a cycle.
  const std::string page = read_file(source_path("docs/configuration.md"));
  const std::string config = documented_block(page, "```toml\n# sitemaplint.toml\n");
  REQUIRE(config.find("base-url = \"https://example.com/sitemap.xml\"") != std::string::npos);
  REQUIRE(config.find("robots = \"public/robots.txt\"") != std::string::npos);
  TempDir dir;
  dir.write("sitemaplint.toml", config);
  dir.write("public/robots.txt", "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n");
  dir.write("public/sitemap.xml", index_of({"https://example.com/pages.xml"}));
  dir.write("public/pages.xml", urlset({"https://example.com/private/a", "https://example.com/b"}));
  const std::string robots = "public/robots.txt";
  const auto result = run_cli({"--format", "json"}, "", dir.path.string());
  INFO(result.out, result.err);
  CHECK(result.exit_code == 1);  // max-warnings = 0
  CHECK(findings_in(result.out) == "public/pages.xml ROBOTS201 3:13 -> " + robots + " 2:1");
  CHECK(result.out.find("SM802") == std::string::npos);
  // A robots.txt that names itself is the cycle, at its own URL.
  dir.write("public/robots.txt",
            "User-agent: *\nDisallow:\n\nSitemap: https://example.com/robots.txt\n"
            "Sitemap: https://example.com/sitemap.xml\n");
  const auto self = run_cli({"--format", "json"}, "", dir.path.string());
  INFO(self.out, self.err);
  CHECK(findings_in(self.out) == robots + " SM802 4:10");
}

TEST_CASE("robots cli: robots.txt -> index -> children over HTTP, a missing child, a cycle back") {
  HttpTestServer server;
  server.route("/robots.txt",
               text("User-agent: *\nDisallow: /private/\n\nSitemap: " + server.url("/index.xml") + "\n"));
  server.route("/index.xml", xml(index_of({server.url("/pages.xml"), server.url("/gone.xml"), server.url("/index.xml"),
                                           server.url("/robots.txt")})));
  server.route("/pages.xml", xml("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                 "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                                 "  <url><loc>" +
                                 server.url("/private/a") +
                                 "</loc><lastmod>2024-02-30</lastmod></url>\n"
                                 "</urlset>\n"));
  const std::string robots = server.url("/robots.txt");
  const auto result = run_cli({"--format", "json", "--robots", robots});
  INFO(result.out, result.err);
  CHECK(result.exit_code == 1);
  // The index lists the robots.txt too: linted already, so it is not followed again.
  CHECK(findings_in(result.out) == server.url("/index.xml") + " SM802 5:17, " + server.url("/pages.xml") +
                                       " ROBOTS201 3:13 -> " + robots + " 2:1, " + server.url("/pages.xml") +
                                       " SM401 3:" + std::to_string(13 + server.url("/private/a").size() + 15) + ", " +
                                       server.url("/gone.xml") + " SM009 1:1");
  CHECK(server.hits("/robots.txt") == 1);
  CHECK(server.hits("/index.xml") == 1);
  CHECK(server.hits("/pages.xml") == 1);
}
