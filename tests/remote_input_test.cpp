// What a remote document may make sitemaplint do: a robots.txt's Sitemap: lines and an index's
// children are only ever http(s) URLs, resolved against the document's own URL; they never name a
// local file, never reach another origin (an index) or an internal address (anything remote)
// unless the user allows it, and children read from disk stay inside the site's folder. Every
// test runs loopback servers of its own; each secret below must never appear in any output.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

constexpr const char* kSecret = "SECRET-7f3a9c";  // in files and services that must stay unread

std::string index_of(const std::vector<std::string>& locs) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const std::string& loc : locs) out += "  <sitemap><loc>" + loc + "</loc></sitemap>\n";
  return out + "</sitemapindex>\n";
}

HttpResponse xml(std::string body) { return HttpResponse{200, {{"Content-Type", "application/xml"}}, std::move(body)}; }
HttpResponse text(std::string body) { return HttpResponse{200, {{"Content-Type", "text/plain"}}, std::move(body)}; }
HttpResponse redirect(std::string to) { return HttpResponse{302, {{"Location", std::move(to)}}, ""}; }

// "CODE line:col" for each finding of the file whose path is `path` in a JSON report, joined by
// ", " (a string, so a failed check prints it).
std::string findings_in(const std::string& json_text, const std::string& path) {
  std::string out;
  const auto report = nlohmann::json::parse(json_text);  // kept: a range-for over a temporary's part dangles
  for (const auto& file : report["files"]) {
    if (file["path"] != path) continue;
    for (const auto& d : file["diagnostics"]) {
      if (!out.empty()) out += ", ";
      out += d["code"].get<std::string>() + " " + std::to_string(d["line"].get<int>()) + ":" +
             std::to_string(d["column"].get<int>());
    }
  }
  return out;
}

// The files of a JSON report, joined by ", ".
std::string paths_in(const std::string& json_text) {
  std::string out;
  const auto report = nlohmann::json::parse(json_text);
  for (const auto& file : report["files"]) {
    if (!out.empty()) out += ", ";
    out += file["path"].get<std::string>();
  }
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

void check_secret_unseen(const CommandResult& result) {
  CHECK(result.out.find(kSecret) == std::string::npos);
  CHECK(result.err.find(kSecret) == std::string::npos);
}

}  // namespace

TEST_CASE("remote input: a remote robots.txt's local paths are URLs on its own host, never files") {
  TempDir dir;
  const std::string secret_file = dir.write("hostname", kSecret);
  dir.write("maps/sitemap.xml", urlset({std::string("https://example.com/") + kSecret}));
  HttpTestServer server;
  server.route("/robots.txt",
               text("User-agent: *\nSitemap: " + secret_file + "\nSitemap: " + dir.path.string() + "/maps/\n"));
  for (const std::vector<std::string>& extra : {std::vector<std::string>{}, {"--allow-host", "127.0.0.1"}}) {
    std::vector<std::string> args = {"--format", "json", "--robots", server.url("/robots.txt")};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto result = run_cli(args);
    INFO(result.out, result.err);
    check_secret_unseen(result);
    // Both relative lines are findings on the robots.txt, and resolve against its URL: the
    // server, not the disk, is asked for them.
    CHECK(findings_in(result.out, server.url("/robots.txt")) == joined({"SM202 2:10", "SM202 3:10"}));
    CHECK(server.hits(secret_file) >= 1);
    CHECK(server.hits(dir.path.string() + "/maps/") >= 1);
  }
}

TEST_CASE("remote input: file:, ftp: and gopher: values are findings, and redirects to them are refused") {
  HttpTestServer server;
  server.route("/robots.txt", text("Sitemap: file:///etc/hostname\nSitemap: ftp://127.0.0.1/s.xml\n"
                                   "Sitemap: gopher://127.0.0.1:70/1\nSitemap: " +
                                   server.url("/hop.xml") + "\n"));
  server.route("/hop.xml", redirect("file:///etc/passwd"));
  const auto result = run_cli({"--format", "json", "--robots", server.url("/robots.txt")});
  INFO(result.out, result.err);
  CHECK(result.exit_code == 2);  // the redirect leaves /hop.xml unusable
  CHECK(findings_in(result.out, server.url("/robots.txt")) == joined({"SM203 1:10", "SM203 2:10", "SM203 3:10"}));
  CHECK(result.err.find("redirect to 'file:///etc/passwd' refused: unsupported URL scheme 'file'") !=
        std::string::npos);
  CHECK(result.out.find("root:x:0") == std::string::npos);

  // An index's child that redirects to gopher: or ftp: is refused the same way.
  server.route("/index.xml", xml(index_of({server.url("/a.xml"), server.url("/b.xml")})));
  server.route("/a.xml", redirect("gopher://127.0.0.1:70/"));
  server.route("/b.xml", redirect("ftp://127.0.0.1/b.xml"));
  const auto index = run_cli({"--quiet", server.url("/index.xml")});
  CHECK(index.exit_code == 2);
  CHECK(index.err.find("refused: unsupported URL scheme 'gopher'") != std::string::npos);
  CHECK(index.err.find("refused: unsupported URL scheme 'ftp'") != std::string::npos);
}

TEST_CASE("remote input: an index's child on another origin is a finding and is not fetched") {
  HttpTestServer site, internal;
  internal.route("/secret.xml", xml(urlset({std::string("https://internal/") + kSecret})));
  site.route("/index.xml", xml(index_of({internal.url("/secret.xml"),  // another port
                                         site.url("/other.xml", "localhost"),  // another host
                                         site.url("/own.xml")})));
  site.route("/other.xml", xml(urlset({std::string("https://other/") + kSecret})));
  site.route("/own.xml", xml(urlset({site.url("/page")})));
  const auto result = run_cli({"--format", "json", site.url("/index.xml")});
  INFO(result.out, result.err);
  check_secret_unseen(result);
  CHECK(findings_in(result.out, site.url("/index.xml")) == joined({"SM213 3:17", "SM213 4:17", "SM212 4:24"}));
  CHECK(paths_in(result.out) == joined({site.url("/index.xml"), site.url("/own.xml")}));
  CHECK(internal.connections() == 0);
  CHECK(site.hits("/other.xml") == 0);
  CHECK(site.hits("/own.xml") == 1);

  // Hosts that --allow-host names are fetched: 127.0.0.1 on its other port too.
  const auto allowed = run_cli({"--format", "json", "--allow-host", "127.0.0.1,localhost", site.url("/index.xml")});
  INFO(allowed.out, allowed.err);
  CHECK(site.hits("/other.xml") == 1);
  CHECK(paths_in(allowed.out) == joined({site.url("/index.xml"), internal.url("/secret.xml"),
                                         site.url("/other.xml", "localhost"), site.url("/own.xml")}));
}

TEST_CASE("remote input: internal addresses are not fetched for a remote document unless allowed") {
  HttpTestServer site, internal;
  internal.route("/admin.xml", xml(urlset({std::string("https://internal/") + kSecret})));
  // robots.txt may name sitemaps on other hosts, but not on an internal address the user did not
  // name: the user named "localhost", the robots.txt names 127.0.0.1.
  site.route("/robots.txt",
             text("Sitemap: " + internal.url("/admin.xml") + "\nSitemap: " + site.url("/hop.xml", "localhost") + "\n"));
  site.route("/hop.xml", redirect(internal.url("/admin.xml")));
  const auto result = run_cli({"--quiet", "--robots", site.url("/robots.txt", "localhost")});
  INFO(result.out, result.err);
  check_secret_unseen(result);
  CHECK(result.exit_code == 2);
  CHECK(internal.connections() == 0);
  CHECK(result.err.find(internal.url("/admin.xml") +
                        ": refused to connect to '127.0.0.1': a loopback, private or "
                        "link-local address, named by a remote document or a redirect, is not fetched unless "
                        "--allow-host names it") != std::string::npos);
  CHECK(result.err.find(site.url("/hop.xml", "localhost") + ": redirect to '" + internal.url("/admin.xml") +
                        "' refused") == std::string::npos);  // the redirect is followed, the connection refused
  CHECK(result.err.find("refused to connect to '127.0.0.1'") != std::string::npos);

  // Named with --allow-host, the address is fetched.
  const auto allowed =
      run_cli({"--quiet", "--allow-host", "localhost,127.0.0.1", "--robots", site.url("/robots.txt", "localhost")});
  INFO(allowed.out, allowed.err);
  CHECK(allowed.exit_code == 1);  // the internal sitemap's content is linted (out of scope, etc.)
  CHECK(internal.hits("/admin.xml") >= 1);
}

TEST_CASE("remote input: behind a proxy, no spelling of this machine or an internal address reaches the proxy") {
  // The proxy (a test server that records what it is asked) serves the public site itself.
  HttpTestServer proxy;
  const std::vector<std::string> internal = {
      "http://localhost.:8080/admin.xml", "http://LocalHost:8080/admin.xml",
      "http://127.0.0.1.:8080/admin.xml", "http://2130706433.:8080/admin.xml",
      "http://0x7f.1:8080/admin.xml",     "http://[::ffff:127.0.0.1]:8080/admin.xml",
      "http://[::1]:8080/admin.xml",      "http://0.0.0.0:8080/admin.xml"};
  std::string robots = "User-agent: *\nSitemap: http://sitemaps.test/sitemap.xml\n";
  for (const std::string& url : internal) robots += "Sitemap: " + url + "\n";
  proxy.route("http://sitemaps.test/robots.txt", text(robots));
  proxy.route("http://sitemaps.test/sitemap.xml", xml(urlset({"http://sitemaps.test/"})));
  const auto result =
      run_command("env -u no_proxy -u NO_PROXY http_proxy=" + shell_quote(proxy.url("")) + " " +
                  shell_quote(SITEMAPLINT_BINARY) + " --quiet --robots http://sitemaps.test/robots.txt");
  INFO(result.out);
  CHECK(result.exit_code == 2);
  std::vector<std::string> asked;
  for (const HttpRequest& request : proxy.requests()) asked.push_back(request.target);
  CHECK(asked == std::vector<std::string>{"http://sitemaps.test/robots.txt", "http://sitemaps.test/sitemap.xml"});
  std::size_t refused = 0;
  for (std::size_t at = result.out.find(": refused to connect to '"); at != std::string::npos;
       at = result.out.find(": refused to connect to '", at + 1)) {
    ++refused;
  }
  CHECK(refused == internal.size());
  CHECK(result.out.find("http://localhost.:8080/admin.xml: refused to connect to 'localhost.' (this machine): a "
                        "loopback, private or link-local address, named by a remote document or a redirect, is not "
                        "fetched unless --allow-host names it") != std::string::npos);
}

TEST_CASE("remote input: children read from disk stay inside the site's folder") {
  TempDir dir;
  dir.write("secret.xml", urlset({std::string("https://example.com/") + kSecret}));
  dir.write("public/etc/passwd", urlset({"https://example.com/inside"}));
  const std::string index =
      dir.write("public/sitemap_index.xml",
                index_of({"https://example.com/../secret.xml", "https://example.com/%2e%2e/%2E%2E/secret.xml",
                          "https://example.com/..%2fsecret.xml", "https://example.com/../../../../etc/passwd"}));
  const auto result = run_cli({"--format", "json", "--base-url", "https://example.com/sitemap_index.xml", "--root",
                               (dir.path / "public").string(), index});
  INFO(result.out, result.err);
  check_secret_unseen(result);
  // ".." never climbs above the site's "/": the first three are public/secret.xml (missing), the
  // last public/etc/passwd. The first two are the same URL once normalised (dot segments removed,
  // %2E decoded), which duplicate-loc says.
  CHECK(findings_in(result.out, index) == joined({"SM801 3:17", "SM211 4:17", "SM801 4:17", "SM801 5:17"}));
  CHECK(result.out.find((dir.path / "public" / "secret.xml").string() + " does not exist") != std::string::npos);
  CHECK(paths_in(result.out) == joined({index, (dir.path / "public/etc/passwd").string()}));
}

TEST_CASE("remote input: a local robots.txt maps its sitemaps to files under its folder or --root") {
  TempDir dir;
  const std::string robots = dir.write("public/robots.txt",
                                       "User-agent: *\nSitemap: /sitemap.xml\n"
                                       "Sitemap: https://example.com/news.xml\n"
                                       "Sitemap: https://cdn.example.net/other.xml\n");
  dir.write("public/sitemap.xml", urlset({"https://example.com/a"}));
  dir.write("public/news.xml", urlset({"https://example.com/b"}));
  const std::string sitemap = (dir.path / "public/sitemap.xml").string();
  const std::string news = (dir.path / "public/news.xml").string();
  // Without --base-url only the relative line can be mapped; the others are said not checked.
  const auto bare = run_cli({"--format", "json", "--robots", robots});
  INFO(bare.out, bare.err);
  CHECK(findings_in(bare.out, robots) == joined({"SM202 2:10", "SM805 3:10"}));
  CHECK(paths_in(bare.out) == joined({robots, sitemap}));
  // With it, the same site's lines are mapped; another site's is not fetched from a local file.
  const auto based = run_cli({"--format", "json", "--base-url", "https://example.com/", "--robots", robots});
  INFO(based.out, based.err);
  CHECK(findings_in(based.out, robots) == joined({"SM202 2:10", "SM805 4:10"}));
  CHECK(paths_in(based.out) == joined({robots, sitemap, news}));
  CHECK(based.out.find("1 sitemap is not checked: it is on another site than --base-url") != std::string::npos);
}

TEST_CASE("remote input: after a redirect, the report names the final URL and scope follows it") {
  HttpTestServer server;
  server.route("/sitemap.xml", redirect(server.url("/new/sitemap.xml", "localhost")));
  server.route("/new/sitemap.xml", xml(urlset({server.url("/new/page", "localhost")})));
  const auto result = run_cli(
      {"--format", "json", "--select", "url", "--allow-host", "127.0.0.1,localhost", server.url("/sitemap.xml")});
  INFO(result.out, result.err);
  CHECK(result.exit_code == 0);  // not out of scope: the sitemap is at the final URL
  const auto report = nlohmann::json::parse(result.out);
  CHECK(report["files"][0]["path"] == server.url("/new/sitemap.xml", "localhost"));
  CHECK(report["files"][0]["requested"] == server.url("/sitemap.xml"));
}

TEST_CASE("remote input: a sitemap redirected to another host is SM012, with the whole chain") {
  HttpTestServer server;
  // 127.0.0.1 and localhost: two host names for one server.
  server.route("/sitemap.xml", redirect(server.url("/moved.xml")));
  server.route("/moved.xml", redirect(server.url("/new/sitemap.xml", "localhost")));
  server.route("/new/sitemap.xml", xml(urlset({server.url("/new/page", "localhost")})));
  server.route("/own.xml", redirect(server.url("/new/sitemap.xml")));
  const auto result = run_cli({"--format", "json", "--select", "SM012", "--allow-host", "127.0.0.1,localhost",
                               server.url("/sitemap.xml"), server.url("/own.xml")});
  INFO(result.out, result.err);
  const auto report = nlohmann::json::parse(result.out);
  std::vector<std::string> findings;
  for (const auto& file : report["files"]) {
    for (const auto& finding : file["diagnostics"]) {
      findings.push_back(file["path"].get<std::string>() + " " + finding["message"].get<std::string>());
    }
  }
  const std::string served = server.url("/new/sitemap.xml", "localhost");
  CHECK(findings == std::vector<std::string>{
                        served + " the sitemap named as '" + server.url("/sitemap.xml") +
                        "' is served from another host, 'localhost', after redirects: " + server.url("/sitemap.xml") +
                        " (302) -> " + server.url("/moved.xml") + " (302) -> " + served +
                        " (200); its URLs are held to the final location, not to '127.0.0.1': serve the sitemap on "
                        "'127.0.0.1', or submit the final URL as a cross-site sitemap"});
}

TEST_CASE("remote input: an index fetched from staging with --base-url has its children fetched from staging") {
  HttpTestServer staging;
  staging.route("/sitemap_index.xml", xml(index_of({"https://example.com/s1.xml"})));
  staging.route("/s1.xml", xml(urlset({"https://example.com/page"})));
  const auto result = run_cli(
      {"--format", "json", "--base-url", "https://example.com/sitemap_index.xml", staging.url("/sitemap_index.xml")});
  INFO(result.out, result.err);
  CHECK(result.exit_code == 0);
  CHECK(staging.hits("/s1.xml") == 1);
  CHECK(paths_in(result.out) == joined({staging.url("/sitemap_index.xml"), staging.url("/s1.xml")}));
}
