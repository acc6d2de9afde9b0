// Fetching behind a proxy, where the proxy resolves names: a host is checked in one spelling
// (normal_host), so that no spelling of this machine or of an internal address reaches the proxy,
// and the proxy is chosen from the environment here, as libcurl would (proxy_for), so that every
// direct connection has its address checked. The "proxy" is a test server on 127.0.0.1 that
// records what it is asked.
#include <doctest/doctest.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "http_test_server.h"
#include "live/live_scheduler.h"
#include "load/fetch.h"
#include "host_name.h"
#include "load/proxy_choice.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// "ｌｏｃａｌｈｏｓｔ": full-width letters, which IDNA maps to "localhost".
constexpr const char* kFullWidthLocalhost =
    "\xEF\xBD\x8C\xEF\xBD\x8F\xEF\xBD\x83\xEF\xBD\x81\xEF\xBD\x8C\xEF\xBD\x88\xEF\xBD\x8F\xEF\xBD\x93\xEF\xBD\x94";

// Sets (or, with nullopt, unsets) environment variables while it lives; puts them back after.
class ScopedEnvironment {
 public:
  explicit ScopedEnvironment(const std::map<std::string, std::optional<std::string>>& values) {
    for (const auto& [name, value] : values) {
      const char* old = std::getenv(name.c_str());
      saved_[name] = old ? std::optional<std::string>(old) : std::nullopt;
      set(name, value);
    }
  }
  ~ScopedEnvironment() {
    for (const auto& [name, value] : saved_) set(name, value);
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  static void set(const std::string& name, const std::optional<std::string>& value) {
    if (value) ::setenv(name.c_str(), value->c_str(), 1);
    else ::unsetenv(name.c_str());
  }
  std::map<std::string, std::optional<std::string>> saved_;
};

// Every proxy variable unset but those given.
std::map<std::string, std::optional<std::string>> proxies(std::map<std::string, std::optional<std::string>> set) {
  for (const char* name :
       {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"}) {
    set.emplace(name, std::nullopt);
  }
  return set;
}

// proxy_for with an environment of `variables` only.
std::string proxy_with(const std::map<std::string, std::string>& variables, std::string_view scheme,
                       std::string_view host) {
  return proxy_for(scheme, host, [&](const char* name) -> const char* {
    const auto found = variables.find(name);
    return found == variables.end() ? nullptr : found->second.c_str();
  });
}

bool internal(const char* text) {
  sockaddr_in6 v6{};
  sockaddr_in v4{};
  if (inet_pton(AF_INET, text, &v4.sin_addr) == 1) return is_internal_address(&v4, AF_INET);
  REQUIRE(inet_pton(AF_INET6, text, &v6.sin6_addr) == 1);
  return is_internal_address(&v6, AF_INET6);
}

// This machine's name, when it resolves to internal addresses only (as /etc/hosts has it on most
// machines): a name that passes the literal check, and that the address check must refuse.
// Otherwise empty, and the test is skipped.
std::string internal_host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "";
  addrinfo* found = nullptr;
  bool all_internal = ::getaddrinfo(name, nullptr, nullptr, &found) == 0;
  for (const addrinfo* a = found; a && all_internal; a = a->ai_next) {
    all_internal =
        (a->ai_family == AF_INET || a->ai_family == AF_INET6) && is_internal_address(a->ai_addr, a->ai_family);
  }
  if (found) ::freeaddrinfo(found);
  if (!all_internal) skip_test("this machine's name does not resolve to internal addresses only");
  return all_internal ? name : "";
}

}  // namespace

TEST_CASE("normal_host: one spelling for each host a resolver or a proxy would take as the same") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"localhost", "localhost"},
      {"LocalHost", "localhost"},
      {"localhost.", "localhost"},
      {"localhost..", "localhost"},
      {"A.LocalHost.", "a.localhost"},
      {kFullWidthLocalhost, "localhost"},
      {"localhost\xE3\x80\x82", "localhost"},  // an ideographic full stop is a dot
      {"b\xC3\xBC"
       "cher.example",
       "xn--bcher-kva.example"},
      {"Example.COM.", "example.com"},
      {"127.0.0.1", "127.0.0.1"},
      {"127.0.0.1.", "127.0.0.1"},
      {"2130706433", "127.0.0.1"},
      {"2130706433.", "127.0.0.1"},
      {"0x7f.1", "127.0.0.1"},
      {"0X7F.0.0.1.", "127.0.0.1"},
      {"0x7f000001", "127.0.0.1"},
      {"017700000001", "127.0.0.1"},
      {"0177.0.0.01", "127.0.0.1"},
      {"127.1", "127.0.0.1"},
      {"127.0.1", "127.0.0.1"},
      {"0", "0.0.0.0"},
      {"0x", "0.0.0.0"},
      {"10.1", "10.0.0.1"},
      {"0xa9.0xfe.0xa9.0xfe", "169.254.169.254"},
      {"8.8.8.8", "8.8.8.8"},
      // Not addresses: names.
      {"1.2.3.4.5", "1.2.3.4.5"},
      {"256.1.1.1", "256.1.1.1"},
      {"4294967296", "4294967296"},
      {"08.1", "08.1"},
      {"0x7g.1", "0x7g.1"},
      {"127..1", "127..1"},
      {"1.example", "1.example"},
      // IPv6 literals.
      {"[::1]", "[::1]"},
      {"[0:0:0:0:0:0:0:1]", "[::1]"},
      {"[::FFFF:7F00:1]", "127.0.0.1"},
      {"[::ffff:127.0.0.1]", "127.0.0.1"},
      {"[0:0:0:0:0:ffff:127.0.0.2]", "127.0.0.2"},
      {"[fe80::1%eth0]", "[fe80::1]"},
      {"[2001:DB8::1]", "[2001:db8::1]"},
  };
  for (const auto& [host, normal] : cases) {
    const std::string& shown = host;  // clang 14 cannot capture a structured binding in INFO's lambda
    INFO(shown);
    CHECK(normal_host(host) == normal);
  }
}

TEST_CASE("is_internal_address: IPv4 addresses inside IPv6 ones are judged as themselves") {
  CHECK(internal("::ffff:127.0.0.1"));
  CHECK(internal("::ffff:10.0.0.1"));
  CHECK(internal("::127.0.0.1"));
  CHECK(internal("::"));
  CHECK(internal("::1"));
  CHECK(internal("64:ff9b::127.0.0.1"));
  CHECK(internal("64:ff9b::a9fe:a9fe"));
  CHECK_FALSE(internal("::ffff:8.8.8.8"));
  CHECK_FALSE(internal("64:ff9b::8.8.8.8"));
  CHECK_FALSE(internal("2001:db8::1"));
  CHECK(internal("fd00::1"));
  CHECK(internal("fe80::1"));
  CHECK(internal("0.0.0.0"));
  CHECK_FALSE(internal("8.8.8.8"));
}

TEST_CASE("proxy_for: the proxy libcurl would take from the environment") {
  const std::string p = "http://proxy.test:3128";
  SUBCASE("by scheme, then all_proxy") {
    CHECK(proxy_with({{"http_proxy", p}}, "http", "example.com") == p);
    CHECK(proxy_with({{"http_proxy", p}}, "https", "example.com") == "");
    CHECK(proxy_with({{"https_proxy", p}}, "https", "example.com") == p);
    CHECK(proxy_with({{"HTTPS_PROXY", p}}, "https", "example.com") == p);
    CHECK(proxy_with({{"https_proxy", p}, {"HTTPS_PROXY", "http://other:1"}}, "https", "example.com") == p);
    CHECK(proxy_with({{"all_proxy", p}}, "http", "example.com") == p);
    CHECK(proxy_with({{"ALL_PROXY", p}}, "https", "example.com") == p);
    CHECK(proxy_with({{"http_proxy", ""}, {"all_proxy", p}}, "http", "example.com") == p);  // empty is unset
    CHECK(proxy_with({}, "http", "example.com") == "");
  }
  SUBCASE("HTTP_PROXY is not read for http: libcurl connects directly") {
    CHECK(proxy_with({{"HTTP_PROXY", p}}, "http", "example.com") == "");
  }
  SUBCASE("no_proxy, or NO_PROXY when no_proxy is unset") {
    const std::map<std::string, std::string> env = {
        {"http_proxy", p}, {"no_proxy", "example.com, .internal.test ,10.0.0.0/8,192.168.1.1,[::1],fd00::/8"}};
    CHECK(proxy_with(env, "http", "example.com") == "");
    CHECK(proxy_with(env, "http", "WWW.Example.COM.") == "");
    CHECK(proxy_with(env, "http", "notexample.com") == p);
    CHECK(proxy_with(env, "http", "a.internal.test") == "");
    CHECK(proxy_with(env, "http", "internal.test") == "");
    CHECK(proxy_with(env, "http", "10.2.3.4") == "");
    CHECK(proxy_with(env, "http", "11.2.3.4") == p);
    CHECK(proxy_with(env, "http", "192.168.1.1") == "");
    CHECK(proxy_with(env, "http", "192.168.1.2") == p);
    CHECK(proxy_with(env, "http", "[fd12::1]") == "");
    CHECK(proxy_with(env, "http", "[fe80::1]") == p);
    CHECK(proxy_with({{"http_proxy", p}, {"NO_PROXY", "*"}}, "http", "example.com") == "");
    CHECK(proxy_with({{"http_proxy", p}, {"no_proxy", "other.test"}, {"NO_PROXY", "*"}}, "http", "example.com") == p);
  }
}

TEST_CASE("fetch: behind a proxy, no spelling of this machine or an internal address is sent to it") {
  HttpTestServer proxy;
  proxy.route("http://sitemaps.test/sitemap.xml",
              HttpResponse{200, {{"Content-Type", "application/xml"}}, kCleanSitemap});
  ScopedEnvironment environment(proxies({{"http_proxy", proxy.url("")}}));

  // A public name goes through the proxy, which resolves it.
  const FetchResult through = fetch("http://sitemaps.test/sitemap.xml", quick_fetch(), UrlOrigin::RemoteDocument);
  CHECK(through.ok);
  CHECK(through.body == kCleanSitemap);

  // A URL from a remote document naming any of these is refused before any connection: "HOST"
  // as libcurl reads it, and what it means.
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"localhost.", "localhost.", "this machine"},
      {"LOCALHOST", "LOCALHOST", "this machine"},
      {"Admin.LocalHost.", "Admin.LocalHost.", "this machine"},
      {kFullWidthLocalhost, kFullWidthLocalhost, "this machine"},
      {"127.0.0.1.", "127.0.0.1.", "127.0.0.1"},
      {"2130706433.", "2130706433.", "127.0.0.1"},
      {"0x7f.0.0.1.", "0x7f.0.0.1.", "127.0.0.1"},
      {"017700000001.", "017700000001.", "127.0.0.1"},
      {"127.1.", "127.1.", "127.0.0.1"},
      {"0.", "0.", "0.0.0.0"},
      {"0xa9fea9fe.", "0xa9fea9fe.", "169.254.169.254"},
      {"10.1.", "10.1.", "10.0.0.1"},
      {"[::1]", "[::1]", "::1"},
      {"[0:0:0:0:0:0:0:1]", "[::1]", "::1"},
      {"[::ffff:127.0.0.1]", "[::ffff:127.0.0.1]", "127.0.0.1"},  // IPv4-mapped: the IPv4 address
      {"[::ffff:7f00:1]", "[::ffff:7f00:1]", "127.0.0.1"},
      {"[::127.0.0.1]", "[::127.0.0.1]", "::127.0.0.1"},
  };
  for (const auto& [host, as_read, meaning] : cases) {
    const std::string& shown = host;  // clang 14 cannot capture a structured binding in INFO's lambda
    INFO(shown);
    const FetchResult r = fetch("http://" + host + ":8080/admin.xml", quick_fetch(), UrlOrigin::RemoteDocument);
    CHECK_FALSE(r.ok);
    CHECK(r.error == "refused to connect to '" + as_read + "' (" + meaning +
                         "): a loopback, private or link-local address, named by a remote document or a redirect, "
                         "is not fetched unless --allow-host names it");
  }
  const std::vector<HttpRequest> asked = proxy.requests();
  REQUIRE(asked.size() == 1);
  CHECK(asked[0].target == "http://sitemaps.test/sitemap.xml");

  // Hosts the user named are fetched in any spelling, through the proxy as the environment says.
  FetchOptions trusting = quick_fetch();
  trusting.trusted_hosts = {"localhost"};
  const FetchResult named = fetch("http://LOCALHOST.:8080/admin.xml", trusting, UrlOrigin::RemoteDocument);
  CHECK(named.ok);
  CHECK(named.status == 404);
  CHECK(proxy.requests().back().target == "http://LOCALHOST.:8080/admin.xml");
}

TEST_CASE("fetch: with HTTP_PROXY or no_proxy sending a request direct, its address is checked") {
  const std::string name = internal_host_name();
  if (name.empty()) return;  // skipped
  HttpTestServer proxy, site;
  site.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, kCleanSitemap});
  site.route("/to-internal", HttpResponse{302, {{"Location", site.url("/sitemap.xml", name)}}, ""});
  for (const auto& variables :
       {proxies({{"HTTP_PROXY", proxy.url("")}}),
        proxies({{"http_proxy", proxy.url("")}, {"no_proxy", std::string("127.0.0.1,") + name}})}) {
    ScopedEnvironment environment(variables);
    // The user's own URL goes direct (libcurl ignores HTTP_PROXY for http; no_proxy names it)...
    const FetchResult own = fetch(site.url("/sitemap.xml"), quick_fetch());
    CHECK(own.ok);
    CHECK(own.body == kCleanSitemap);
    // ...and so does the redirect to this machine's name, which the address check refuses.
    const FetchResult redirected = fetch(site.url("/to-internal"), quick_fetch());
    CHECK_FALSE(redirected.ok);
    CHECK(redirected.error.starts_with(std::string("refused to connect to '") + name + "' ("));
  }
  CHECK(proxy.connections() == 0);
  CHECK(site.hits("/sitemap.xml") == 2);
}

TEST_CASE("fetch: a thread's fetches reuse a connection, only for requests of the trust it was opened for") {
  const std::string name = internal_host_name();
  if (name.empty()) return;  // skipped
  HttpTestServer site;
  site.keep_alive();
  site.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, kCleanSitemap});
  const ScopedEnvironment environment(proxies({}));
  const std::string url = site.url("/sitemap.xml", name);
  std::vector<FetchResult> results;
  // On a thread of its own, whose fetcher has no connection yet.
  std::thread([&] {
    results.push_back(fetch(url, quick_fetch()));  // the user's own host: not checked
    results.push_back(fetch(url, quick_fetch()));  // again, on the connection kept
    // Named by a remote document: checked, though a connection to the same host is open and the
    // name's addresses are in the cache every handle shares.
    results.push_back(fetch(url, quick_fetch(), UrlOrigin::RemoteDocument));
  }).join();
  REQUIRE(results.size() == 3);
  CHECK(results[0].ok);
  CHECK(results[1].ok);
  CHECK(results[1].body == kCleanSitemap);
  CHECK(site.connections() == 1);
  CHECK_FALSE(results[2].ok);
  CHECK(results[2].error.starts_with("refused to connect to '" + name + "' ("));
  CHECK(site.hits("/sitemap.xml") == 2);
}

TEST_CASE("live: a name a fetch resolved is checked again where the live pages connect") {
  const std::string name = internal_host_name();
  if (name.empty()) return;  // skipped
  HttpTestServer site;
  site.route("/page", HttpResponse{200, {{"Content-Type", "text/html"}}, "<html><head></head></html>"});
  const ScopedEnvironment environment(proxies({}));
  const std::string url = site.url("/page", name);
  // The user's own URL, fetched: its name's addresses are in the DNS cache the scheduler shares.
  REQUIRE(fetch(url, quick_fetch()).ok);
  SchedulerOptions options;
  options.limits.rate = 100;
  options.user_agent = "sitemaplint-test";
  LiveScheduler scheduler(options);
  const auto ask = [&](bool trusted) {
    auto answer = std::make_shared<std::promise<LiveResponse>>();
    LiveRequest request;
    request.url = url;
    request.trusted = trusted;
    scheduler.submit(request, [answer](LiveResponse r) { answer->set_value(std::move(r)); });
    std::future<LiveResponse> future = answer->get_future();
    REQUIRE(future.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
    return future.get();
  };
  const LiveResponse unnamed = ask(false);
  CHECK(unnamed.status == 0);
  CHECK(unnamed.error.starts_with("refused to connect to '" + live_host_of(url) + "': it resolves to a loopback"));
  const LiveResponse named = ask(true);  // the same request from a host the user named: fetched
  CHECK(named.status == 200);
  CHECK(site.hits("/page") == 2);
}
