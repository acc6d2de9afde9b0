// fetch() and fetch_all(). The HTTP tests talk only to a server on the
// loopback interface (http_test_server.h); every fetch has a short timeout so that nothing hangs.
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "load/fetch.h"
#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
using namespace std::chrono_literals;

namespace {

constexpr const char* kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/</loc></url>\n"
    "</urlset>\n";
constexpr std::size_t kMiB = 1024 * 1024;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Polls `condition` for up to two seconds (for what the server's threads observe).
template <typename Condition>
bool eventually(Condition condition) {
  const auto end = std::chrono::steady_clock::now() + 2s;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

HttpResponse redirect(int status, std::string location) {
  return {status, {{"Location", std::move(location)}}, "moved\n"};
}

// A server with the routes most tests use.
struct Fixture {
  HttpTestServer server;
  Fixture() {
    // A proxy from the environment must not stand between the tests and the loopback server.
    ::setenv("no_proxy", "127.0.0.1,localhost", 1);
    server.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, kSitemap});
    server.route("/gzip.xml", HttpResponse{200,
                                           {{"Content-Type", "application/xml"}, {"Content-Encoding", "gzip"}},
                                           gzip_for_test(kSitemap)});
    server.route("/server-error", HttpResponse{500, {{"Content-Type", "text/plain"}}, "boom\n"});
    server.route("/page.html", HttpResponse{200, {{"Content-Type", "text/html; charset=utf-8"}}, "<html></html>\n"});
    server.route("/old", redirect(301, "/moved"));  // relative
    server.route("/moved", redirect(302, server.url("/sitemap.xml")));
    server.route("/loop-a", redirect(302, "/loop-b"));
    server.route("/loop-b", redirect(302, "/loop-a"));
    server.route("/to-file", redirect(302, "file:///etc/passwd"));
    server.route("/to-localhost", redirect(302, server.url("/sitemap.xml", "localhost")));
  }
};

}  // namespace

TEST_CASE("fetch: 200 with an XML body") {
  Fixture f;
  const FetchResult r = fetch(f.server.url("/sitemap.xml"), quick_fetch());
  CHECK(r.ok);
  CHECK(r.error == "");
  CHECK(r.status == 200);
  CHECK(r.final_url == f.server.url("/sitemap.xml"));
  CHECK(r.content_type == "application/xml");
  CHECK(r.body == kSitemap);
  const std::vector<HttpRequest> requests = f.server.requests();
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].method == "GET");
  CHECK(requests[0].header("User-Agent") == default_user_agent());
  CHECK(default_user_agent().starts_with("sitemaplint/" SITEMAPLINT_VERSION " (+http"));
  CHECK(requests[0].header("Accept-Encoding").find("gzip") != std::string::npos);
}

TEST_CASE("fetch: Content-Encoding gzip is decoded") {
  Fixture f;
  const FetchResult r = fetch(f.server.url("/gzip.xml"), quick_fetch());
  CHECK(r.ok);
  CHECK(r.error == "");
  CHECK(r.status == 200);
  CHECK(r.body == kSitemap);
}

TEST_CASE("fetch: error statuses are responses, not failures") {
  Fixture f;
  const FetchResult missing = fetch(f.server.url("/nothing-here"), quick_fetch());
  CHECK(missing.ok);
  CHECK(missing.error == "");
  CHECK(missing.status == 404);
  CHECK(missing.content_type == "text/plain");
  CHECK(missing.body == "no route\n");

  const FetchResult broken = fetch(f.server.url("/server-error"), quick_fetch());
  CHECK(broken.ok);
  CHECK(broken.error == "");
  CHECK(broken.status == 500);
  CHECK(broken.body == "boom\n");
}

TEST_CASE("fetch: an HTML page is fetched and its content type reported") {
  Fixture f;
  const FetchResult r = fetch(f.server.url("/page.html"), quick_fetch());
  CHECK(r.ok);
  CHECK(r.status == 200);
  CHECK(r.content_type == "text/html; charset=utf-8");
  CHECK(r.body == "<html></html>\n");
}

TEST_CASE("fetch: 301 then 302 redirects are followed, relative and absolute") {
  Fixture f;
  const FetchResult r = fetch(f.server.url("/old"), quick_fetch());
  CHECK(r.ok);
  CHECK(r.error == "");
  CHECK(r.status == 200);
  CHECK(r.final_url == f.server.url("/sitemap.xml"));
  CHECK(r.body == kSitemap);
  CHECK(f.server.hits("/old") == 1);
  CHECK(f.server.hits("/moved") == 1);
  CHECK(f.server.hits("/sitemap.xml") == 1);
}

TEST_CASE("fetch: redirects beyond max_redirects are an error") {
  Fixture f;
  SUBCASE("a loop") {
    const FetchResult r = fetch(f.server.url("/loop-a"), quick_fetch());
    CHECK_FALSE(r.ok);
    CHECK(r.error == "too many redirects (5)");
    CHECK(r.status == 302);
    CHECK(r.body.size() == 0);
    // The first request and five redirects, then the sixth 3xx stops it.
    CHECK(f.server.hits("/loop-a") == 3);
    CHECK(f.server.hits("/loop-b") == 3);
  }
  SUBCASE("a chain longer than allowed") {
    FetchOptions options = quick_fetch();
    options.max_redirects = 1;
    const FetchResult r = fetch(f.server.url("/old"), options);
    CHECK_FALSE(r.ok);
    CHECK(r.error == "too many redirects (1)");
    CHECK(r.final_url == f.server.url("/moved"));
    CHECK(f.server.hits("/sitemap.xml") == 0);
  }
  SUBCASE("none allowed") {
    FetchOptions options = quick_fetch();
    options.max_redirects = 0;
    const FetchResult r = fetch(f.server.url("/old"), options);
    CHECK_FALSE(r.ok);
    CHECK(r.error == "too many redirects (0)");
    CHECK(r.status == 301);
    CHECK(f.server.hits("/moved") == 0);
  }
}

TEST_CASE("fetch: a redirect to file: is refused") {
  Fixture f;
  const FetchResult r = fetch(f.server.url("/to-file"), quick_fetch());
  CHECK_FALSE(r.ok);
  CHECK(
      r.error ==
      "redirect to 'file:///etc/passwd' refused: unsupported URL scheme 'file': only http and https URLs are fetched");
  CHECK(r.status == 302);
  CHECK(r.final_url == f.server.url("/to-file"));
  CHECK(r.body == "");
  CHECK(r.body.find("root:") == std::string::npos);
  CHECK(r.error.find("root:") == std::string::npos);
}

TEST_CASE("fetch: only allowed hosts are fetched, redirects included") {
  Fixture f;
  FetchOptions options = quick_fetch();
  options.allowed_hosts = {"127.0.0.1"};

  SUBCASE("an allowed host") {
    const FetchResult r = fetch(f.server.url("/sitemap.xml"), options);
    CHECK(r.ok);
    CHECK(r.body == kSitemap);
  }
  SUBCASE("a redirect to another host") {
    const FetchResult r = fetch(f.server.url("/to-localhost"), options);
    CHECK_FALSE(r.ok);
    CHECK(r.error == "redirect to '" + f.server.url("/sitemap.xml", "localhost") +
                         "' refused: host 'localhost' is not an allowed host");
    CHECK(r.status == 302);
    CHECK(r.body.size() == 0);
    CHECK(f.server.hits("/sitemap.xml") == 0);
  }
  SUBCASE("another host from the start: no connection at all") {
    const FetchResult r = fetch(f.server.url("/sitemap.xml", "localhost"), options);
    CHECK_FALSE(r.ok);
    CHECK(r.error == "host 'localhost' is not an allowed host");
    CHECK(r.status == 0);
    CHECK(f.server.connections() == 0);
  }
  SUBCASE("the comparison ignores ASCII case") {
    options.allowed_hosts = {"LocalHost"};
    const FetchResult r = fetch(f.server.url("/sitemap.xml", "LOCALHOST"), options);
    CHECK(r.ok);
    CHECK(r.error == "");
    CHECK(r.body == kSitemap);
  }
  SUBCASE("without a list, any host the user trusts") {
    FetchOptions trusting = quick_fetch();
    trusting.trusted_hosts = {"localhost"};
    const FetchResult r = fetch(f.server.url("/to-localhost"), trusting);
    CHECK(r.ok);
    CHECK(r.final_url == f.server.url("/sitemap.xml", "localhost"));
    CHECK(r.body == kSitemap);
  }
  SUBCASE("a redirect to another host on an internal address is refused unless trusted") {
    const FetchResult r = fetch(f.server.url("/to-localhost"), quick_fetch());
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("refused to connect to 'localhost'") != std::string::npos);
    CHECK(f.server.hits("/sitemap.xml") == 0);
  }
}

TEST_CASE("fetch: schemes other than http and https are refused without a connection") {
  Fixture f;
  const std::string port = std::to_string(f.server.port());
  const std::string only = "only http and https URLs are fetched";
  CHECK(fetch("ftp://127.0.0.1:" + port + "/sitemap.xml", quick_fetch()).error ==
        "unsupported URL scheme 'ftp': " + only);
  CHECK(fetch("gopher://127.0.0.1:" + port + "/1", quick_fetch()).error == "unsupported URL scheme 'gopher': " + only);
  CHECK(fetch("FILE:///etc/passwd", quick_fetch()).error == "unsupported URL scheme 'file': " + only);
  CHECK(fetch("dict://127.0.0.1:" + port + "/", quick_fetch()).error == "unsupported URL scheme 'dict': " + only);
  const FetchResult relative = fetch("/sitemap.xml", quick_fetch());
  CHECK_FALSE(relative.ok);
  CHECK(relative.error.starts_with("invalid URL '/sitemap.xml': "));
  CHECK(f.server.connections() == 0);
}

TEST_CASE("fetch: a slow response times out") {
  Fixture f;
  f.server.route("/slow", [](const HttpRequest&, HttpExchange& exchange) {
    if (exchange.sleep_for(3000ms)) exchange.send_response({200, {}, kSitemap});
  });
  FetchOptions options = quick_fetch();
  options.timeout_ms = 300;
  const auto start = std::chrono::steady_clock::now();
  const FetchResult r = fetch(f.server.url("/slow"), options);
  const double elapsed = seconds_since(start);
  CHECK_FALSE(r.ok);
  CHECK(r.error == "timed out after 300 ms");
  CHECK(r.status == 0);
  CHECK(r.body == "");
  CHECK(elapsed >= 0.29);
  CHECK(elapsed < 1.0);
}

TEST_CASE("fetch: a connection refused") {
  // A port that was free a moment ago and has nothing listening on it now.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
  ::close(fd);
  const std::string port = std::to_string(ntohs(address.sin_port));
  const FetchResult r = fetch("http://127.0.0.1:" + port + "/sitemap.xml", quick_fetch());
  CHECK_FALSE(r.ok);
  CHECK(r.error == "could not connect to '127.0.0.1' port " + port + ": Connection refused");
  CHECK(r.status == 0);
}

TEST_CASE("fetch: an oversized body stops the transfer") {
  // Declared before the server, so that they outlive its handler threads.
  const auto big = std::make_shared<const std::string>(3 * kMiB, 'x');
  const auto client_hung_up = std::make_shared<std::atomic<bool>>(false);
  Fixture f;
  FetchOptions options = quick_fetch();
  options.max_bytes = kMiB;
  const std::string expected = "response larger than 1048576 bytes";

  SUBCASE("no Content-Length: the write callback stops it just past the cap") {
    // The server sends a little over the cap, then waits for the client to hang up before it
    // would send the rest: a fetch that kept reading would time out instead.
    f.server.route("/big", [big, client_hung_up](const HttpRequest&, HttpExchange& exchange) {
      const HttpResponse head{200, {{"Content-Type", "application/xml"}}, "", false};
      if (!exchange.send_head(head) || !exchange.send(std::string_view(*big).substr(0, kMiB + 64 * 1024))) return;
      if (exchange.wait_for_close(4000ms)) {
        *client_hung_up = true;
        return;
      }
      exchange.send(std::string_view(*big).substr(kMiB + 64 * 1024));
    });
    const auto start = std::chrono::steady_clock::now();
    const FetchResult r = fetch(f.server.url("/big"), options);
    CHECK_FALSE(r.ok);
    CHECK(r.error == expected);
    CHECK(r.status == 200);
    CHECK(r.body.size() == 0);
    CHECK(seconds_since(start) < 2.0);
    CHECK(eventually([&] { return client_hung_up->load(); }));
  }
  SUBCASE("a Content-Length over the cap: stopped before the body") {
    f.server.route("/big", [big, client_hung_up](const HttpRequest&, HttpExchange& exchange) {
      const HttpResponse head{
          200, {{"Content-Type", "application/xml"}, {"Content-Length", std::to_string(big->size())}}, "", false};
      if (!exchange.send_head(head)) return;
      if (exchange.wait_for_close(4000ms)) {
        *client_hung_up = true;
        return;
      }
      exchange.send(*big);
    });
    const auto start = std::chrono::steady_clock::now();
    const FetchResult r = fetch(f.server.url("/big"), options);
    CHECK_FALSE(r.ok);
    CHECK(r.error == expected);
    CHECK(r.body.size() == 0);
    CHECK(seconds_since(start) < 2.0);
    CHECK(eventually([&] { return client_hung_up->load(); }));
  }
  SUBCASE("the cap applies to the decoded size of a gzip-encoded body") {
    f.server.route("/bomb", HttpResponse{200, {{"Content-Encoding", "gzip"}}, gzip_for_test(*big)});
    const FetchResult r = fetch(f.server.url("/bomb"), options);
    CHECK_FALSE(r.ok);
    CHECK(r.error == expected);
    CHECK(r.body.size() == 0);
  }
  SUBCASE("exactly the cap is fine") {
    f.server.route("/exact", HttpResponse{200, {}, big->substr(0, kMiB), false});
    const FetchResult r = fetch(f.server.url("/exact"), options);
    CHECK(r.ok);
    CHECK(r.body.size() == kMiB);
  }
}

// Counts the handlers inside a window that lies within their client's transfer (from the request's
// arrival to just before the response is sent), so the most seen at once bounds the client's
// concurrency from below and never overstates it.
struct InFlight {
  std::atomic<int> now{0}, most{0};
  void enter() {
    const int n = ++now;
    int seen = most.load();
    while (n > seen && !most.compare_exchange_weak(seen, n)) {
    }
  }
  void leave() { --now; }
};

TEST_CASE("fetch_all: bounded concurrency, results in input order") {
  const auto in_flight = std::make_shared<InFlight>();  // outlives the server's threads
  Fixture f;
  std::vector<std::string> urls;
  for (int i = 0; i < 50; ++i) {
    const std::string path = "/page/" + std::to_string(i);
    urls.push_back(f.server.url(path));
    if (i % 10 == 7) continue;  // no route: 404
    // Earlier pages answer more slowly, so completion order differs from input order.
    const auto delay = std::chrono::milliseconds((49 - i) % 7 * 5);
    f.server.route(path, [i, delay, in_flight](const HttpRequest&, HttpExchange& exchange) {
      in_flight->enter();
      const bool slept = exchange.sleep_for(delay);
      in_flight->leave();
      if (slept) exchange.send_response({200, {}, "page " + std::to_string(i)});
    });
  }
  urls.push_back("ftp://127.0.0.1/refused");
  const std::vector<FetchResult> results = fetch_all(urls, quick_fetch(), 4);
  REQUIRE(results.size() == 51);
  for (int i = 0; i < 50; ++i) {
    CAPTURE(i);
    CHECK(results[i].ok);
    CHECK(results[i].final_url == urls[i]);
    if (i % 10 == 7) {
      CHECK(results[i].status == 404);
      CHECK(results[i].body == "no route\n");
    } else {
      CHECK(results[i].status == 200);
      CHECK(results[i].body == "page " + std::to_string(i));
    }
  }
  CHECK_FALSE(results[50].ok);
  CHECK(results[50].error == "unsupported URL scheme 'ftp': only http and https URLs are fetched");
  CHECK(f.server.connections() == 50);
  CHECK(in_flight->most <= 4);
  CHECK(in_flight->most >= 2);

  CHECK(fetch_all({}, quick_fetch(), 4).empty());
  const std::vector<FetchResult> one = fetch_all({f.server.url("/sitemap.xml")}, quick_fetch(), 0);
  REQUIRE(one.size() == 1);
  CHECK(one[0].body == kSitemap);
}
