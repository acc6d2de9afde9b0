// The built binary fetching sitemaps from a server on the loopback interface: statuses, content
// types, compression, scope and the fetch limits, end to end.
#include <doctest/doctest.h>

#include <chrono>

#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;
using namespace std::chrono_literals;

namespace {

std::string sitemap_listing(const std::string& loc) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
         "  <url><loc>" +
         loc +
         "</loc></url>\n"
         "</urlset>\n";
}

HttpResponse xml(std::string body, std::string type = "application/xml; charset=utf-8") {
  return HttpResponse{200, {{"Content-Type", std::move(type)}}, std::move(body)};
}

}  // namespace

TEST_CASE("cli over http: a sitemap is fetched, linted and scoped to its own location") {
  HttpTestServer server;
  server.route("/blog/sitemap.xml", xml(sitemap_listing(server.url("/blog/post"))));
  server.route("/blog/wide.xml", xml(sitemap_listing(server.url("/shop/boots"))));
  const auto good = run_cli({"--now", kTestNow, server.url("/blog/sitemap.xml")});
  CHECK(good.exit_code == 0);
  CHECK(good.out == "No problems found in 1 file.\n");
  CHECK(good.err.empty());
  const auto wide = run_cli({"--quiet", server.url("/blog/wide.xml")});
  CHECK(wide.exit_code == 1);
  CHECK(wide.out == server.url("/blog/wide.xml") + ":3:13: error[SM213 loc-out-of-scope]: '" +
                        server.url("/shop/boots") +
                        "' is outside '/blog/', the folder of the sitemap; a "
                        "sitemap may list only URLs in its own folder and below (the sitemap is at " +
                        server.url("/blog/wide.xml") + "; Search Console: \"URL not allowed\")\n");
}

TEST_CASE("cli over http: an https URL on a port that serves plain HTTP says so, not OpenSSL's words") {
  HttpTestServer server;
  server.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, "<urlset/>"});
  std::string url = server.url("/sitemap.xml");
  url.replace(0, 4, "https");
  const auto run = run_cli({url});
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("TLS error: the server at '127.0.0.1' port " + std::to_string(server.port()) +
                     " answered in plain HTTP to an https request: that port serves http://, not https://") !=
        std::string::npos);
}

TEST_CASE("cli over http: error statuses and HTML pages are findings") {
  HttpTestServer server;
  server.route("/gone.xml", HttpResponse{404, {{"Content-Type", "text/html"}}, "<html><body>Not found</body></html>"});
  server.route("/page.xml", xml("<!DOCTYPE html>\n<html><body>Log in</body></html>\n", "text/html; charset=utf-8"));
  const auto gone = run_cli({"--quiet", server.url("/gone.xml")});
  CHECK(gone.exit_code == 1);
  CHECK(gone.out == server.url("/gone.xml") +
                        ":1:1: error[SM009 http-status]: the server answered HTTP 404; search engines cannot "
                        "read a sitemap behind an error status\n");
  const auto page = run_cli({"--quiet", "--format", "json", server.url("/page.xml")});
  CHECK(page.exit_code == 1);
  CHECK(page.out.find("\"code\": \"SM010\"") != std::string::npos);
  CHECK(page.out.find("\"code\": \"SM008\"") != std::string::npos);
}

TEST_CASE("cli over http: a gzip file and a gzip transfer encoding are both read") {
  HttpTestServer server;
  const std::string plain = sitemap_listing(server.url("/a"));
  server.route("/sitemap.xml.gz", HttpResponse{200, {{"Content-Type", "application/gzip"}}, gzip_for_test(plain)});
  server.route(
      "/encoded.xml",
      HttpResponse{200, {{"Content-Type", "application/xml"}, {"Content-Encoding", "gzip"}}, gzip_for_test(plain)});
  CHECK(run_cli({"--now", kTestNow, server.url("/sitemap.xml.gz")}).out == "No problems found in 1 file.\n");
  CHECK(run_cli({"--now", kTestNow, server.url("/encoded.xml")}).out == "No problems found in 1 file.\n");
}

TEST_CASE("cli over http: gzip bytes labelled XML, once or compressed twice, are findings") {
  HttpTestServer server;
  const std::string plain = sitemap_listing(server.url("/a"));
  // A .gz file served as XML, without the Content-Encoding that would make it XML.
  server.route("/as-xml.xml.gz", HttpResponse{200, {{"Content-Type", "text/xml"}}, gzip_for_test(plain)});
  // The .gz file compressed again by the server: undone once, the body is still gzip.
  server.route("/twice.xml.gz", HttpResponse{200,
                                             {{"Content-Type", "application/xml"}, {"Content-Encoding", "gzip"}},
                                             gzip_for_test(gzip_for_test(plain))});
  for (const char* path : {"/as-xml.xml.gz", "/twice.xml.gz"}) {
    CAPTURE(path);
    const auto run = run_cli({"--quiet", "--now", kTestNow, server.url(path)});
    CHECK(run.exit_code == 0);  // a warning
    CHECK(run.out == server.url(path) +
                         ":1:1: warning[SM010 http-content-type]: the server sent gzip-compressed "
                         "bytes as '" +
                         (std::string(path) == "/twice.xml.gz" ? "application/xml" : "text/xml") +
                         "' (still gzip once any Content-Encoding is undone); serve a .gz file as application/gzip "
                         "without Content-Encoding, or the XML itself with Content-Encoding: gzip\n");
  }
}

TEST_CASE("cli over http: a body its Content-Encoding does not describe is a finding, read as sent") {
  HttpTestServer server;
  const std::string plain = sitemap_listing(server.url("/a"));
  // Plain XML labelled gzip, and gzip labelled br: each read as what it is.
  server.route("/plain.xml",
               HttpResponse{200, {{"Content-Type", "application/xml"}, {"Content-Encoding", "gzip"}}, plain});
  server.route(
      "/gzip.xml",
      HttpResponse{200, {{"Content-Type", "application/gzip"}, {"Content-Encoding", "br"}}, gzip_for_test(plain)});
  for (const char* path : {"/plain.xml", "/gzip.xml"}) {
    CAPTURE(path);
    const auto run = run_cli({"--quiet", "--now", kTestNow, server.url(path)});
    CHECK(run.exit_code == 1);
    CHECK(run.err.empty());
    CHECK(run.out.starts_with(server.url(path) +
                              ":1:1: error[SM007 compression-error]: the server sent a body that is not what its "
                              "Content-Encoding says ("));
    CHECK(
        run.out.ends_with("): crawlers that undo the encoding cannot read it (sitemaplint read it as sent); send "
                          "Content-Encoding only for a body encoded so\n"));
    CHECK(std::count(run.out.begin(), run.out.end(), '\n') == 1);  // and nothing else: the sitemap was read
  }
}

TEST_CASE("cli over http: timeouts and disallowed hosts make the input unusable (exit 2)") {
  HttpTestServer server;
  server.route("/slow.xml", [](const HttpRequest&, HttpExchange& exchange) { exchange.sleep_for(3000ms); });
  const auto start = std::chrono::steady_clock::now();
  const auto slow = run_cli({"--timeout", "0.3", server.url("/slow.xml")});
  CHECK(std::chrono::steady_clock::now() - start < 2500ms);
  CHECK(slow.exit_code == 2);
  CHECK(slow.err == "sitemaplint: error: " + server.url("/slow.xml") + ": timed out after 300 ms\n");
  // --allow-host restricts the hosts other than those the user gives URLs of: the input's own host
  // is fetched, its redirect to a host outside the list is not.
  server.route(
      "/away.xml",
      HttpResponse{301, {{"Location", "http://localhost:" + std::to_string(server.port()) + "/slow.xml"}}, ""});
  const auto refused = run_cli({"--allow-host", "example.com", server.url("/away.xml")});
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("host 'localhost' is not an allowed host") != std::string::npos);
  CHECK(server.hits("/away.xml") == 1);
  CHECK(server.hits("/slow.xml") == 1);  // the refused fetch never connected
}
