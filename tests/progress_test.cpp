// The progress display: on standard error only, only on a terminal, only once a run has taken a
// second. A slow loopback server makes the run long; `script` gives the run a pseudo-terminal.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <regex>

#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;
using namespace std::chrono_literals;

namespace {

const char* const kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>http://127.0.0.1/</loc></url>\n"
    "</urlset>\n";

// Answers after `delay`, so a run that fetches it takes at least that long.
void route_slow(HttpTestServer& server, const std::string& path, std::chrono::milliseconds delay) {
  server.route(path, [delay](const HttpRequest&, HttpExchange& exchange) {
    if (!exchange.sleep_for(delay)) return;
    exchange.send_response(HttpResponse{200, {{"Content-Type", "application/xml"}}, kSitemap});
  });
}

std::string quote(const std::string& word) { return "'" + word + "'"; }

// Runs sitemaplint ARGS with its standard error on a pseudo-terminal (util-linux `script`) and its
// standard output in `out_file`; returns what the terminal showed.
CommandResult run_on_terminal(const std::string& args, const std::string& out_file) {
  const std::string inner = "env -u NO_COLOR no_proxy=127.0.0.1 NO_PROXY=127.0.0.1 TERM=xterm " +
                            std::string(SITEMAPLINT_BINARY) + " " + args + " > " + out_file;
  return run_command("script -q -e -c " + quote(inner) + " /dev/null < /dev/null");
}

bool has_script() { return std::system("command -v script >/dev/null 2>&1") == 0; }

}  // namespace

TEST_CASE("progress: nothing on standard error when it is a file or a pipe, however long the run") {
  HttpTestServer server;
  route_slow(server, "/slow.xml", 1500ms);
  for (const char* format : {"human", "json"}) {
    CAPTURE(format);
    // Standard error to a file.
    const auto r = run_cli({"--format", format, server.url("/slow.xml")});
    CHECK(r.exit_code != 2);
    CHECK(r.err.empty());
    CHECK(r.out.find("URLs fetched") == std::string::npos);
    // Standard error to a pipe (the one run_command reads), standard output to a file.
    TempDir dir;
    const std::string out = (dir.path / "report").string();
    const CommandResult piped =
        run_command("{ env no_proxy=127.0.0.1 NO_PROXY=127.0.0.1 " + std::string(SITEMAPLINT_BINARY) + " --format " +
                    format + " " + quote(server.url("/slow.xml")) + " 2>&1 > " + quote(out) + "; }");
    CHECK(piped.out.empty());
    CHECK(read_file(out).find("fetched") == std::string::npos);
  }
}

TEST_CASE("progress: on a terminal, a run over a second shows files and fetches on standard error only") {
  if (!has_script()) {
    skip_test("a pseudo-terminal needs util-linux's script");
    return;
  }
  HttpTestServer server;
  route_slow(server, "/slow.xml", 1800ms);
  TempDir dir;
  const std::string out = (dir.path / "report.json").string();
  const auto terminal = run_on_terminal("--format json " + quote(server.url("/slow.xml")), out);
  INFO(terminal.out);
  CHECK(terminal.out.find("sitemaplint: 0/1 files, 0/1 URLs fetched") != std::string::npos);
  CHECK(terminal.out.find("\r\033[K") != std::string::npos);  // the line is cleared at the end
  // Standard output holds the report and nothing else.
  const std::string report = read_file(out);
  CHECK(nlohmann::json::accept(report));
  CHECK(report.find("fetched") == std::string::npos);
}

TEST_CASE("progress: on a terminal, nothing for a quick run or with --no-progress") {
  if (!has_script()) {
    skip_test("a pseudo-terminal needs util-linux's script");
    return;
  }
  TempDir dir;
  const std::string out = (dir.path / "report.txt").string();
  const auto quick = run_on_terminal(quote(source_path("testdata/example/sitemap.xml")), out);
  CHECK(quick.out.find("files") == std::string::npos);
  CHECK(read_file(out).find("Found") != std::string::npos);
  HttpTestServer server;
  route_slow(server, "/slow.xml", 1500ms);
  const auto off = run_on_terminal("--no-progress " + quote(server.url("/slow.xml")), out);
  INFO(off.out);
  CHECK(off.out.find("files") == std::string::npos);
}

TEST_CASE("progress: with --pages, the pages read so far are counted") {
  if (!has_script()) {
    skip_test("a pseudo-terminal needs util-linux's script");
    return;
  }
  TempDir dir;
  dir.write("public/index.html", "<!DOCTYPE html><title>Home</title>\n");
  const std::string sitemap = dir.write("public/sitemap.xml",
                                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                                        "  <url><loc>https://example.com/</loc></url>\n"
                                        "</urlset>\n");
  // A slow second input keeps the run going past the second the display waits.
  HttpTestServer server;
  route_slow(server, "/slow.xml", 1800ms);
  const std::string out = (dir.path / "report.txt").string();
  const auto terminal = run_on_terminal("--no-config --pages --root " + quote((dir.path / "public").string()) +
                                            " --base-url https://example.com/sitemap.xml " + quote(sitemap) + " " +
                                            quote(server.url("/slow.xml")),
                                        out);
  INFO(terminal.out);
  CHECK(terminal.out.find(" pages read") != std::string::npos);
  CHECK(read_file(out).find("1 listed URL checked (1 served)") != std::string::npos);
}

TEST_CASE("progress: on the live site, each host's requests and the time left") {
  if (!has_script()) {
    skip_test("a pseudo-terminal needs util-linux's script");
    return;
  }
  HttpTestServer server;
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  // More URLs than get a job at once: those waiting for one count as waiting too.
  for (int i = 0; i < 80; ++i) {
    server.route("/p" + std::to_string(i),
                 HttpResponse{200, {{"Content-Type", "text/html"}}, "<html><head><title>p</title></head></html>"});
    xml += "<url><loc>" + server.url("/p" + std::to_string(i)) + "</loc></url>\n";
  }
  server.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, xml + "</urlset>\n"});
  const TempDir dir;
  const std::string out = (dir.path / "report.txt").string();
  // 82 requests (robots.txt, the soft-404 probe, 80 pages) at 40 a second: about 2 s.
  const auto terminal = run_on_terminal("--no-config --pages --rate 40 " + quote(server.url("/sitemap.xml")), out);
  INFO(terminal.out);
  CHECK(std::regex_search(terminal.out, std::regex(R"(; 127\.0\.0\.1 [0-9]+/8[0-2], about [0-9] s left)")));
  // Every line counts all of them, from the first.
  const std::regex host_line(R"(; 127\.0\.0\.1 [0-9]+/([0-9]+))");
  std::size_t lines = 0;
  for (auto it = std::sregex_iterator(terminal.out.begin(), terminal.out.end(), host_line);
       it != std::sregex_iterator(); ++it, ++lines) {
    const int total = std::stoi((*it)[1]);
    CHECK(total >= 80);
    CHECK(total <= 82);
  }
  CHECK(lines > 0);
  // The sitemap's fetch is over while its pages are audited: it counts as fetched, not yet linted.
  CHECK(terminal.out.find("sitemaplint: 0/1 files, 1/1 URLs fetched, ") != std::string::npos);
  CHECK(read_file(out).find("80 listed URLs checked (80 served)") != std::string::npos);
}
