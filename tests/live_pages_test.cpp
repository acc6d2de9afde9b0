// The live site behind a sitemap (--pages without --root): the parts that need no network (HTTP
// dates, Retry-After, the per-host pace, robots.txt for sitemaplint's token), then the built
// binary against a small site served on 127.0.0.1, with its findings pinned, its politeness
// measured from the server's side, and misbehaving servers that must cost a bounded time.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "bounded_run.h"
#include "http_test_server.h"
#include "live/host_politeness.h"
#include "live/http_date.h"
#include "live/live_pages.h"
#include "live/live_progress.h"
#include "live/retry_after.h"
#include "live/robots_gate.h"
#include "live/url_sample.h"
#include "load/fetch.h"
#include "pages/header_facts.h"
#include "rules/page/utils/http_answer.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
using namespace std::chrono_literals;

TEST_CASE("live: HTTP dates in their three forms") {
  CHECK(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT") == 784111777);
  CHECK(parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT") == 784111777);
  CHECK(parse_http_date("Sun Nov  6 08:49:37 1994") == 784111777);
  CHECK(parse_http_date("Thu, 01 Jan 1970 00:00:00 GMT") == 0);
  CHECK(parse_http_date("Tue, 29 Feb 2000 00:00:00 GMT").has_value());
  CHECK_FALSE(parse_http_date("Thu, 29 Feb 2001 00:00:00 GMT").has_value());  // no such day
  CHECK_FALSE(parse_http_date("Sun, 06 Nov 1994 08:49:37 UTC").has_value());
  CHECK_FALSE(parse_http_date("1994-11-06T08:49:37Z").has_value());
  CHECK_FALSE(parse_http_date("").has_value());
}

TEST_CASE("live: unavailable_after in X-Robots-Tag, for Googlebot, in the forms Google accepts") {
  CHECK(x_robots_tag_unavailable_after("unavailable_after: 2010-06-25") == "2010-06-25");
  CHECK(x_robots_tag_unavailable_after("googlebot: unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noarchive") ==
        "Friday, 25-Jun-10 15:00:00 PST");
  CHECK(x_robots_tag_unavailable_after("noarchive, UNAVAILABLE_AFTER: Fri, 25 Jun 2010 15:00:00 GMT") ==
        "Fri, 25 Jun 2010 15:00:00 GMT");
  CHECK_FALSE(x_robots_tag_unavailable_after("otherbot: unavailable_after: 2010-06-25").has_value());
  CHECK_FALSE(x_robots_tag_unavailable_after("noindex").has_value());
  CHECK(parse_unavailable_after("2010-06-25") == 1277424000);
  CHECK(parse_unavailable_after("2010-06-25T15:00:00-08:00") == 1277506800);
  CHECK(parse_unavailable_after("Friday, 25-Jun-10 15:00:00 PST") == 1277506800);
  CHECK(parse_unavailable_after("Fri, 25 Jun 2010 23:00:00 GMT") == 1277506800);
  // As people write RFC 822 and 850 dates: no weekday (Google's own example), one-digit days,
  // four-digit years with hyphens, no seconds, numeric zones, no zone (GMT).
  CHECK(parse_unavailable_after("25 Jun 2010 15:00:00 PST") == 1277506800);
  CHECK(parse_unavailable_after("25-Jun-2010 15:00:00 PST") == 1277506800);
  CHECK(parse_unavailable_after("Friday, 25-Jun-2010 15:00 -0800") == 1277506800);
  CHECK(parse_unavailable_after("25 Jun 2010 23:00:00 +00:00") == 1277506800);
  CHECK(parse_unavailable_after("1 Jan 2020 00:00:00 GMT") == 1577836800);
  CHECK(parse_unavailable_after("1 Jan 2020 00:00:00") == 1577836800);
  CHECK_FALSE(parse_unavailable_after("next week").has_value());
  CHECK_FALSE(parse_unavailable_after("32 Jan 2020 00:00:00 GMT").has_value());
  CHECK_FALSE(parse_unavailable_after("1 Foo 2020 00:00:00 GMT").has_value());
  CHECK_FALSE(parse_unavailable_after("1 Jan 2020 00:00:00 XYZ").has_value());
}

TEST_CASE("live: a host is down for a while when it asks for more than the longest wait, or a long one again") {
  CHECK(down_for_a_while("h", 503, "100000", 100000s, false) ==
        "h answered 503 with 'Retry-After: 100000', longer than sitemaplint waits (120 s)");
  CHECK(down_for_a_while("h", 503, std::string(100, '9'), 200s, false) ==
        "h answered 503 with 'Retry-After: " + std::string(61, '9') + "...', longer than sitemaplint waits (120 s)");
  CHECK(down_for_a_while("h", 429, "11", 11s, true) ==
        "h answered 429 again once the wait its Retry-After asked for was over");
  CHECK(down_for_a_while("h", 429, "11", 11s, false).empty());  // asked once: waited out
  CHECK(down_for_a_while("h", 429, "0", 0s, true).empty());  // no wait at all: a busy host, not one down
  CHECK(down_for_a_while("h", 429, "120", 120s, false).empty());
}

TEST_CASE("live: Retry-After in seconds or as a date, capped") {
  const std::int64_t now = 784111777;
  CHECK(retry_after_delay("3", now) == 3s);
  CHECK(retry_after_delay(" 0 ", now) == 0s);
  CHECK(retry_after_delay("99999999999999999999999", now) == kMaxRetryAfter);
  CHECK(retry_after_delay("Sun, 06 Nov 1994 08:49:47 GMT", now) == 10s);
  CHECK(retry_after_delay("Sun, 06 Nov 1994 08:00:00 GMT", now) == 0s);  // in the past
  CHECK(retry_after_delay("Mon, 06 Nov 1995 08:00:00 GMT", now) == kMaxRetryAfter);
  CHECK_FALSE(retry_after_delay("-1", now).has_value());
  CHECK_FALSE(retry_after_delay("soon", now).has_value());
  CHECK_FALSE(retry_after_delay("", now).has_value());
}

TEST_CASE("live: the per-host pace, connection cap, back-off and giving up") {
  using Clock = HostPoliteness::Clock;
  const Clock::time_point t0{};
  HostPoliteness host(PolitenessLimits{.connections = 2, .rate = 5});
  CHECK(host.next_start(t0) == t0);
  host.started(t0);
  CHECK(host.next_start(t0) == t0 + 200ms);  // 5 a second
  host.started(t0 + 200ms);
  CHECK_FALSE(host.next_start(t0 + 300ms).has_value());  // both connections busy
  host.finished(t0 + 300ms, HostOutcome::Ok);
  CHECK(host.next_start(t0 + 300ms) == t0 + 400ms);
  // Retry-After: nothing starts before its end.
  host.finished(t0 + 500ms, HostOutcome::Overloaded, 3s);
  CHECK(host.next_start(t0 + 500ms) == t0 + 3500ms);
  // A second overload in a row halves the pace.
  host.started(t0 + 3500ms);
  host.finished(t0 + 3600ms, HostOutcome::Overloaded);
  CHECK(host.interval() == 400ms);
  host.started(t0 + 4000ms);
  host.finished(t0 + 4100ms, HostOutcome::Ok);
  CHECK(host.failures_in_a_row() == 0);
  // Ten good answers in a row double the pace again, never past the rate asked for.
  for (int i = 1; i < 9; ++i) host.finished(t0 + 5s, HostOutcome::Ok);
  CHECK(host.interval() == 400ms);
  host.finished(t0 + 5s, HostOutcome::Ok);
  CHECK(host.interval() == 200ms);
  for (int i = 0; i < 20; ++i) host.finished(t0 + 6s, HostOutcome::Ok);
  CHECK(host.interval() == 200ms);
  for (int i = 0; i < 8; ++i) {
    host.started(t0 + 10s);
    host.finished(t0 + 10s, HostOutcome::Unreachable);
  }
  CHECK(host.given_up());
  CHECK_FALSE(host.next_start(t0 + 20s).has_value());
}

TEST_CASE("live: the progress figures count the requests in flight, in the total and in the time left") {
  // 42 requests due (robots.txt, the soft-404 probe, 40 pages) at 5 a second on 2 connections, each
  // answered in a second: the scheduler notes each start and each answer.
  LiveProgress progress;
  progress.note("h", 0, 42, 0.2);
  progress.note("h", 1, 41, 0.2);  // robots.txt started
  progress.note("h", 2, 40, 0.2);  // the probe
  const auto only = [&progress] {
    const std::vector<LiveHostProgress> hosts = progress.hosts(2);
    REQUIRE(hosts.size() == 1);
    CHECK(hosts[0].host == "h");
    return hosts[0];
  };
  LiveHostProgress h = only();
  CHECK(h.done == 0);
  CHECK(h.in_flight == 2);
  CHECK(h.waiting == 40);
  CHECK(h.seconds_each == doctest::Approx(0.2));  // no answer yet: at the rate
  CHECK(h.seconds_left == doctest::Approx(42 * 0.2));
  progress.note("h", 1, 40, 0.2, 1000);
  progress.note("h", 0, 40, 0.2, 1000);
  progress.note("h", 1, 39, 0.2);
  progress.note("h", 2, 38, 0.2);
  h = only();  // 2/42, not 2/40: the two pages in flight are due too
  CHECK(h.done == 2);
  CHECK(h.done + h.in_flight + h.waiting == 42);
  CHECK(h.seconds_each == doctest::Approx(0.5));  // a second an answer, two at once
  CHECK(h.seconds_left == doctest::Approx(40 * 0.5));
  for (std::size_t waiting = 38; waiting-- > 0;) {
    progress.note("h", 1, waiting + 1, 0.2, 1000);
    progress.note("h", 2, waiting, 0.2);
  }
  h = only();  // 40/42 while the last two answers are awaited, not 40/40
  CHECK(h.done == 40);
  CHECK(h.in_flight == 2);
  CHECK(h.waiting == 0);
  CHECK(h.seconds_left == doctest::Approx(1.0));  // not "finished": about one answer's time
  progress.note("h", 1, 0, 0.2, 1000);
  progress.note("h", 0, 0, 0.2, 1000);
  h = only();
  CHECK(h.done == 42);
  CHECK(h.in_flight + h.waiting == 0);
  CHECK(h.seconds_left == 0);
}

TEST_CASE("live: robots.txt for sitemaplint's own token, and RFC 9309's failure rules") {
  const RobotsGate own(200, "User-agent: *\nDisallow: /b\n\nUser-agent: sitemaplint\nDisallow: /a\n");
  CHECK_FALSE(own.decide("http://h/a/x").allowed);
  CHECK(own.decide("http://h/a/x").why == "robots.txt line 5: Disallow: /a");
  CHECK(own.decide("http://h/b").allowed);  // a group for sitemaplint replaces the '*' groups
  const RobotsGate star(200, "User-agent: *\nDisallow: /b\n");
  CHECK_FALSE(star.decide("http://h/b").allowed);
  CHECK(RobotsGate(404, "").decide("http://h/anything").allowed);
  CHECK_FALSE(RobotsGate(503, "").decide("http://h/anything").allowed);
  // 429 is an overloaded server's answer, not an unavailable robots.txt: Google takes it for a
  // server error, and so does sitemaplint.
  CHECK_FALSE(RobotsGate(429, "").decide("http://h/anything").allowed);
  CHECK(RobotsGate(429, "").decide("http://h/").why ==
        "robots.txt answered 429 (too many requests), a server error for Google and for sitemaplint, which RFC 9309 "
        "treats as disallowing everything");
  CHECK(search_console_reason(429) == "Server error (5xx)");
  CHECK(search_console_reason(418) == "Blocked due to other 4xx issue");
  CHECK_FALSE(RobotsGate(0, "", "timed out").decide("http://h/").allowed);
  CHECK(RobotsGate(0, "", "timed out").decide("http://h/").why ==
        "robots.txt could not be fetched (timed out), which RFC 9309 treats as disallowing everything");
}

TEST_CASE("live: robots.txt for Googlebot's group beside sitemaplint's, and a server error for Google") {
  const RobotsGate gate(200, "User-agent: *\nDisallow: /private/\n\nUser-agent: sitemaplint\nDisallow: /nolint/\n");
  CHECK(gate.decide("http://h/private/x").allowed);
  CHECK_FALSE(gate.decide("http://h/nolint/x").allowed);
  CHECK(gate.decide_for_googlebot("http://h/nolint/x").allowed);
  CHECK(gate.decide_for_googlebot("http://h/private/x").why == "robots.txt line 2: Disallow: /private/");
  CHECK(RobotsGate(200, "User-agent: Googlebot\nDisallow: /g\n").decide_for_googlebot("http://h/g/1").why ==
        "robots.txt line 2: Disallow: /g");
  CHECK(RobotsGate(404, "").decide_for_googlebot("http://h/").allowed);
  CHECK(RobotsGate(503, "").decide_for_googlebot("http://h/").why ==
        "robots.txt answered 503: Google treats the whole site as disallowed for a while (RFC 9309 2.3.1.4: a server "
        "error means complete disallow)");
  CHECK(RobotsGate(0, "", "timed out")
            .decide_for_googlebot("http://h/")
            .why.starts_with("robots.txt could not be fetched (timed out): Google treats"));
  // A fetch sitemaplint refused says nothing of Google.
  CHECK(RobotsGate(0, "", "refused to connect to 'localhost'").decide_for_googlebot("http://h/").allowed);
}

namespace {

HttpResponse html(const std::string& title, const std::string& head = "",
                  std::vector<std::pair<std::string, std::string>> headers = {}) {
  headers.emplace_back("Content-Type", "text/html; charset=utf-8");
  return HttpResponse{
      200, std::move(headers),
      "<!DOCTYPE html><html><head><title>" + title + "</title>" + head + "</head><body>x</body></html>"};
}

HttpResponse redirect(int status, const std::string& to) { return HttpResponse{status, {{"Location", to}}, ""}; }

std::string site_urlset(const std::vector<std::string>& locs, const std::string& extra = "") {
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
      "xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n";
  for (const std::string& loc : locs) xml += "<url><loc>" + loc + "</loc></url>\n";
  return xml + extra + "</urlset>\n";
}

// The request targets a run asked of `server` for pages (not the sitemap, robots.txt or the
// soft-404 probe), sorted.
std::vector<std::string> page_request_targets(const HttpTestServer& server) {
  std::vector<std::string> targets;
  for (const HttpRequest& request : server.requests()) {
    if (request.path != "/sitemap.xml" && request.path != "/robots.txt" &&
        request.path.find("sitemaplint-soft-404-probe-") == std::string::npos)
      targets.push_back(request.target);
  }
  std::sort(targets.begin(), targets.end());
  return targets;
}

void serve_sitemap(HttpTestServer& server, const std::string& xml) {
  server.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, xml});
}

// The findings of a quiet run, one a line, without the sitemap's URL before each, and with the
// server's origin (whose port changes from run to run) written SITE and the soft-404 probe's path
// (a hash of the origin) PROBE.
std::string findings(const CommandResult& run, const std::string& sitemap) {
  std::string out = std::regex_replace(run.out, std::regex("sitemaplint-soft-404-probe-[0-9a-f]+"), "PROBE");
  for (std::size_t at = out.find(sitemap); at != std::string::npos; at = out.find(sitemap, at))
    out.erase(at, sitemap.size());
  const std::string origin = sitemap.substr(0, sitemap.find('/', sitemap.find("://") + 3));
  for (std::size_t at = out.find(origin); at != std::string::npos; at = out.find(origin, at + 4))
    out.replace(at, origin.size(), "SITE");
  return out;
}

// Each of `paths` was asked of `server` exactly once.
void check_asked_once(const HttpTestServer& server, std::initializer_list<const char*> paths) {
  for (const std::string path : paths) {
    CAPTURE(path);
    CHECK(server.hits(path) == 1);
  }
}

std::size_t count_lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// The URLs of a --pages-log file's lines, sorted.
std::vector<std::string> logged_urls(const std::string& log) {
  std::ifstream in(log);
  std::vector<std::string> urls;
  const std::regex url("\"url\":\"([^\"]+)\"");
  for (std::string line; std::getline(in, line);) {
    std::smatch found;
    if (std::regex_search(line, found, url)) urls.push_back(found[1]);
  }
  std::sort(urls.begin(), urls.end());
  return urls;
}

}  // namespace

TEST_CASE("live: a small site with each situation, findings pinned") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/robots.txt",
               HttpResponse{200, {{"Content-Type", "text/plain"}}, "User-agent: *\nDisallow: /private/\n"});
  server.route("/ok", html("OK"));
  server.route("/forbidden", HttpResponse{403, {{"Content-Type", "text/html"}}, "no"});
  server.route("/broken", HttpResponse{500, {{"Content-Type", "text/html"}}, "oops"});
  server.route("/gone", HttpResponse{410, {{"Content-Type", "text/html"}}, "gone"});
  server.route("/moved", redirect(301, "/ok"));
  server.route("/loop-a", redirect(302, "/loop-b"));
  server.route("/loop-b", redirect(302, "/loop-a"));
  server.route("/to-missing", redirect(301, "/nothing-here"));
  server.route("/noindex", html("N", "<meta name=\"robots\" content=\"noindex\">"));
  server.route("/header-noindex", html("H", "", {{"X-Robots-Tag", "googlebot: noindex"}}));
  server.route("/expired", html("E", "", {{"X-Robots-Tag", "unavailable_after: 2010-06-25"}}));
  server.route("/not-yet", html("Y", "", {{"X-Robots-Tag", "unavailable_after: 9999-12-31"}}));
  server.route("/canonical", html("C", "", {{"Link", "<" + u("/ok") + ">; rel=\"canonical\""}}));
  server.route("/logo.png", html("not an image"));
  server.route("/private/page", html("P"));
  const std::string sitemap = u("/sitemap.xml");
  serve_sitemap(server, site_urlset({u("/ok"), u("/forbidden"), u("/broken"), u("/gone"), u("/missing"), u("/moved"),
                                     u("/loop-a"), u("/to-missing"), u("/noindex"), u("/header-noindex"),
                                     u("/canonical"), u("/private/page"), u("/expired"), u("/not-yet")},
                                    "<url><loc>" + u("/ok") + "?img</loc><image:image><image:loc>" + u("/logo.png") +
                                        "</image:loc></image:image></url>\n"));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.exit_code == 1);
  CHECK(run.err.empty());
  CHECK(
      findings(run, sitemap) ==
      ":4:11: error[PAGE105 page-fetch-error]: 'SITE/forbidden' answers 403 (Forbidden) on the live site; list only "
      "pages that answer 200 (Search Console: \"Blocked due to access forbidden (403)\")\n"
      ":5:11: error[PAGE105 page-fetch-error]: 'SITE/broken' answers 500 (Internal Server Error) on the live site; "
      "list only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
      ":6:11: error[PAGE101 page-not-found]: 'SITE/gone' answers 410 (Gone) on the live site; publish the page or "
      "remove the URL (Search Console: \"Submitted URL not found (404)\")\n"
      ":7:11: error[PAGE101 page-not-found]: 'SITE/missing' answers 404 (Not Found) on the live site; publish the page "
      "or remove the URL (Search Console: \"Submitted URL not found (404)\")\n"
      ":8:11: warning[PAGE103 page-redirect]: 'SITE/moved' is not a page: the site redirects it with 301 to 'SITE/ok' "
      "(chain: SITE/moved (301) -> SITE/ok (200)); list 'SITE/ok' instead (Search Console: \"Page with redirect\")\n"
      ":9:11: error[PAGE107 page-redirect-error]: 'SITE/loop-a' redirects, and it loops back to 'SITE/loop-a': "
      "'SITE/loop-a' (302) -> 'SITE/loop-b' (302); fix the redirects, or remove the URL (Search Console: "
      "\"Redirect error\")\n"
      ":10:11: error[PAGE107 page-redirect-error]: 'SITE/to-missing' redirects, and it ends in an error, 404 (Not "
      "Found): 'SITE/to-missing' (301) -> 'SITE/nothing-here' (404); fix the redirects to lead to a page that answers "
      "200, and list that page "
      "(Search Console: \"Redirect error\")\n"
      ":11:11: error[PAGE201 page-noindex]: 'SITE/noindex' is listed, but its page forbids indexing: <meta "
      "name=\"robots\"> says 'noindex' (SITE/noindex:1); remove the directive or the URL (Search Console: \"Submitted "
      "URL marked 'noindex'\")\n"
      ":12:11: error[PAGE201 page-noindex]: 'SITE/header-noindex' is listed, but its page forbids indexing: "
      "X-Robots-Tag header (as served) says 'googlebot: noindex'; remove the directive or the URL (Search Console: "
      "\"Submitted URL marked 'noindex'\")\n"
      ":13:11: warning[PAGE202 page-canonical-elsewhere]: 'SITE/canonical' is listed, but its page names 'SITE/ok' as "
      "canonical (Link header (as served)); list the canonical URL or make the page canonical to itself (Search "
      "Console: \"Alternate page with proper canonical tag\")\n"
      ":14:11: error[PAGE106 page-blocked-by-robots]: 'SITE/private/page' is disallowed for Googlebot by the site's "
      "robots.txt line 2: Disallow: /private/ (not fetched); remove the URL or allow it (Search Console: \"Submitted "
      "URL blocked by robots.txt\")\n"
      ":15:11: error[PAGE201 page-noindex]: 'SITE/expired' is listed, but its page forbids indexing: X-Robots-Tag "
      "header (as served; its unavailable_after date has passed) says 'unavailable_after: 2010-06-25'; remove the "
      "directive or the URL (Search Console: \"Submitted URL marked 'noindex'\")\n"
      ":17:70: warning[PAGE302 page-media-type]: <image:loc> 'SITE/logo.png' is served as 'text/html; charset=utf-8', "
      "not as an image; name the image file itself\n");
  // Every request carried the honest User-Agent, and robots.txt came first.
  const std::vector<HttpRequest> requests = server.requests();
  REQUIRE(requests.size() > 2);
  CHECK(requests[1].path == "/robots.txt");  // after the sitemap itself
  for (const HttpRequest& r : requests) CHECK(r.header("User-Agent") == default_user_agent());
  CHECK(server.hits("/private/page") == 0);
  // The image was asked for with HEAD, the pages with GET.
  for (const HttpRequest& r : requests) {
    if (r.path == "/logo.png") CHECK(r.method == "HEAD");
    if (r.path == "/ok") CHECK(r.method == "GET");
  }
  // The JSON report counts what the listed URLs answered, and the human summary says it in a line.
  const auto json = run_cli({"--pages", "--format", "json", "--rate", "200", "--now", kTestNow, sitemap});
  for (const char* count : {"\"checked\": 16", "\"served\": 8", "\"missing\": 2", "\"redirected\": 3", "\"failed\": 2",
                            "\"client_errors\": 1", "\"server_errors\": 1", "\"unreachable\": 0",
                            "\"blocked_by_robots\": 1", "\"not_fetched\": 0"}) {
    CAPTURE(count);
    CHECK(json.out.find(count) != std::string::npos);
  }
  const auto human = run_cli({"--pages", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(human.out.find(
            "Pages of the live site " + u("") +
            " (at most 2 connections and 200 requests a second per host): 16 listed URLs checked (8 "
            "served, 2 missing, 3 redirected, 1 answering another 4xx, 1 answering 5xx, 1 blocked by robots.txt for "
            "sitemaplint); of "
            "the "
            "served, 3 noindex and 1 canonical elsewhere.") != std::string::npos);
}

TEST_CASE("live: PAGE106 judges Googlebot's group, and sitemaplint's own group only keeps it from fetching") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/robots.txt", HttpResponse{200,
                                           {{"Content-Type", "text/plain"}},
                                           "User-agent: *\nDisallow: /private/\n\n"
                                           "User-agent: sitemaplint\nDisallow: /nolint/\nAllow: /\n"});
  server.route("/ok", html("OK"));
  server.route("/nolint/x/", html("N"));
  server.route("/private/x/", html("P"));
  const std::string sitemap = u("/sitemap.xml");
  serve_sitemap(server, site_urlset({u("/ok"), u("/nolint/x/"), u("/private/x/")}));
  const auto run = run_cli({"--pages", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.exit_code == 1);
  // Googlebot may crawl /nolint/x/ (the '*' group is its): not fetched, which PAGE108 says. It may
  // not crawl /private/x/, which sitemaplint's own group let it fetch.
  const std::string out = findings(run, sitemap);
  CHECK(out.find(":4:11: info[PAGE108 page-not-audited]: 'SITE/nolint/x/' was not fetched: the site's robots.txt "
                 "line 5: Disallow: /nolint/ disallows it for sitemaplint, though not for Googlebot, so the page "
                 "rules could not check it; to audit it, allow it in a 'User-agent: sitemaplint' group\n") == 0);
  CHECK(
      out.find(":5:11: error[PAGE106 page-blocked-by-robots]: 'SITE/private/x/' is disallowed for Googlebot by the "
               "site's robots.txt line 2: Disallow: /private/; remove the URL or allow it (Search Console: \"Submitted "
               "URL blocked by robots.txt\")\n") != std::string::npos);
  CHECK(run.out.find("1 blocked by robots.txt for sitemaplint") != std::string::npos);
  // Several: one finding for the host, at the first, with the count of the others (a URL listed
  // twice counts once).
  const std::string several = u("/several.xml");
  server.route("/several.xml",
               HttpResponse{200,
                            {{"Content-Type", "application/xml"}},
                            site_urlset({u("/ok"), u("/nolint/a"), u("/nolint/b"), u("/nolint/a"), u("/nolint/c")})});
  const auto each = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--select", "PAGE", several});
  CHECK(findings(each, several) ==
        ":4:11: info[PAGE108 page-not-audited]: 'SITE/nolint/a' and 2 other listed URLs of SITE were not fetched: "
        "the site's robots.txt disallows them for sitemaplint, though not for Googlebot (this one by robots.txt "
        "line 5: Disallow: /nolint/), so the page rules could not check them; to audit them, allow them in a "
        "'User-agent: sitemaplint' group\n");
  CHECK(server.hits("/nolint/x/") == 0);
  CHECK(server.hits("/private/x/") == 1);
  // With the same robots.txt given to --robots, ROBOTS201 reports /private/x/, and PAGE106 does not.
  const auto both =
      run_cli({"--pages", "--quiet", "--rate", "200", "--robots", u("/robots.txt"), "--now", kTestNow, sitemap});
  CHECK(findings(both, sitemap) ==
        ":4:11: info[PAGE108 page-not-audited]: 'SITE/nolint/x/' was not fetched: the site's robots.txt line 5: "
        "Disallow: /nolint/ disallows it for sitemaplint, though not for Googlebot, so the page rules could not "
        "check it; to audit it, allow it in a 'User-agent: sitemaplint' group\n"
        ":5:11: warning[ROBOTS201 robots-blocked-url]: 'SITE/private/x/' is blocked for Googlebot by 'Disallow: "
        "/private/' (robots.txt:2), so Google does not crawl it (Search Console: \"Sitemap contains URLs which are "
        "blocked by robots.txt\")\n");
}

TEST_CASE("live: a robots.txt that answers 503 is one finding for its host, and nothing is fetched") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/robots.txt", HttpResponse{503, {{"Content-Type", "text/plain"}}, "down"});
  server.route("/a", html("A"));
  server.route("/b", html("B"));
  const std::string sitemap = u("/sitemap.xml");
  serve_sitemap(server, site_urlset({u("/a"), u("/b"), u("/c")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.exit_code == 1);
  CHECK(findings(run, sitemap) ==
        ":3:11: error[PAGE106 page-blocked-by-robots]: 'SITE/a' and the other URLs of its host: robots.txt answered "
        "503: Google treats the whole site as disallowed for a while (RFC 9309 2.3.1.4: a server error means "
        "complete disallow); nothing was fetched\n");
  CHECK(server.hits("/a") + server.hits("/b") == 0);
  // The summary and the JSON report say why nothing was fetched: robots.txt failed, it did not
  // disallow anything itself.
  const auto human = run_cli({"--pages", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(human.out.find("3 listed URLs, none fetched: robots.txt answered 5xx or nothing, which disallows all.") !=
        std::string::npos);
  const auto json = run_cli({"--pages", "--format", "json", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(json.out.find("\"blocked_by_robots\": 3") != std::string::npos);
  CHECK(json.out.find("\"robots_unreachable\": 3") != std::string::npos);
}

TEST_CASE("live: a redirect to another host that ends in a page is a plain redirect, not a redirect error") {
  HttpTestServer server;
  const TempDir dir;
  const std::string port = std::to_string(server.port());
  server.route("/moved", redirect(301, "http://localhost:" + port + "/ok/"));
  server.route("/ok/", html("OK"));
  dir.write("tl.xml", site_urlset({server.url("/moved")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--allow-host", "127.0.0.1,localhost", "--base-url",
                            server.url("/tl.xml"), "--now", kTestNow, (dir.path / "tl.xml").string()});
  CHECK(run.exit_code == 0);
  CHECK(run.out.find("[PAGE103 page-redirect]: '" + server.url("/moved") +
                     "' is not a page: the site redirects it with 301 to 'http://localhost:" + port +
                     "/ok/' (chain: " + server.url("/moved") + " (301) -> http://localhost:" + port +
                     "/ok/ (200)), which is on another host, 'localhost:" + port +
                     "': list it in that host's sitemap, not in this one; remove the URL or correct the redirect "
                     "(Search Console: \"Page with redirect\")\n") != std::string::npos);
  CHECK(run.out.find("PAGE107") == std::string::npos);
}

TEST_CASE("live: URLs that redirect to one page of another host ask that host for it once") {
  HttpTestServer server;
  const std::string port = std::to_string(server.port());
  const std::string elsewhere = "http://localhost:" + port;
  for (const char* path : {"/a", "/b", "/c"}) server.route(path, redirect(301, elsewhere + "/home"));
  server.route("/d", redirect(301, elsewhere + "/hop"));
  server.route("/hop", redirect(302, elsewhere + "/home"));
  server.route("/home", html("Home"));
  const std::string sitemap = server.url("/sitemap.xml");
  // The other host's page is listed too: it is not this site's, and counts as such.
  serve_sitemap(server, site_urlset({server.url("/a"), server.url("/b"), server.url("/c"), server.url("/d"),
                                     elsewhere + "/home"}));
  const auto run = run_cli({"--pages", "--rate", "200", "--allow-host", "localhost", "--now", kTestNow, sitemap});
  INFO(run.out, run.err);
  for (const char* path : {"/a", "/b", "/c", "/d"}) {
    CHECK(run.out.find("[PAGE103 page-redirect]: '" + server.url(path) + "' is not a page") != std::string::npos);
  }
  CHECK(run.out.find("(chain: " + server.url("/d") + " (301) -> " + elsewhere + "/hop (302) -> " + elsewhere +
                     "/home (200)), which leads on to '" + elsewhere + "/home', which is on another host") !=
        std::string::npos);
  CHECK(run.out.find("4 listed URLs checked (4 redirected); 1 URL on other origins not checked") != std::string::npos);
  check_asked_once(server, {"/a", "/b", "/c", "/d", "/hop", "/home"});
}

TEST_CASE("live: --allow-host adds hosts to the site's own, and never leaves the sitemap's out") {
  HttpTestServer server;
  const std::string port = std::to_string(server.port());
  server.route("/moved", redirect(301, "http://localhost:" + port + "/ok/"));
  server.route("/ok/", html("OK"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/moved")}));
  const auto run =
      run_cli({"--pages", "--quiet", "--rate", "200", "--allow-host", "localhost", "--now", kTestNow, sitemap});
  CHECK(run.exit_code == 0);
  CHECK(run.err.empty());
  CHECK(findings(run, sitemap).find("[PAGE103 page-redirect]: 'SITE/moved' is not a page") != std::string::npos);
  CHECK(server.hits("/sitemap.xml") == 1);
  CHECK(server.hits("/ok/") >= 1);  // the named host's page was fetched
}

TEST_CASE("live: PAGE103 names the page a chain of hops ends at, and fetches each hop once") {
  HttpTestServer server;
  server.route("/r1", redirect(301, "/r2"));
  server.route("/r2", redirect(302, "/r3"));
  server.route("/r3", redirect(301, "/final"));
  server.route("/final", html("F", "<link rel=\"canonical\" href=\"" + server.url("/final") + "\">"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/r1")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.exit_code == 0);
  CHECK(findings(run, sitemap) ==
        ":3:11: warning[PAGE103 page-redirect]: 'SITE/r1' is not a page: the site redirects it with 301 to 'SITE/r2' "
        "(chain: SITE/r1 (301) -> SITE/r2 (302) -> SITE/r3 (301) -> SITE/final (200)), which leads on to "
        "'SITE/final'; list 'SITE/final' instead (Search Console: \"Page with redirect\")\n");
  check_asked_once(server, {"/r1", "/r2", "/r3", "/final"});
}

TEST_CASE("live: a listed URL that other listed URLs redirect to is fetched once") {
  HttpTestServer server;
  server.route("/ok", html("OK"));
  server.route("/a", redirect(301, "/ok"));
  server.route("/b", redirect(302, "/ok"));
  server.route("/late", html("Late"));
  server.route("/c", redirect(301, "/late"));
  server.route("/x", redirect(301, "/y"));
  server.route("/y", redirect(301, "/x"));
  server.route("*", html("Other"));
  // /ok before the URLs that lead to it (answered, or being fetched, when their hop is made);
  // /late after 40 others (still waiting for its turn when /c's hop reaches it); /x and /y lead to
  // each other.
  std::vector<std::string> urls = {server.url("/ok"), server.url("/a"), server.url("/b"),
                                   server.url("/c"),  server.url("/x"), server.url("/y")};
  for (int i = 0; i < 40; ++i) urls.push_back(server.url("/filler/" + std::to_string(i)));
  urls.push_back(server.url("/late"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset(urls));
  const TempDir dir;
  const std::string log = (dir.path / "pages.jsonl").string();
  const auto run = run_cli(
      {"--pages", "--quiet", "--rate", "500", "--now", kTestNow, "--select", "PAGE", "--pages-log", log, sitemap});
  CHECK(run.err.empty());
  // --pages-log has a line for each listed URL, however it was answered.
  std::sort(urls.begin(), urls.end());
  CHECK(logged_urls(log) == urls);
  const std::string out = findings(run, sitemap);
  CHECK(out.find("'SITE/a' is not a page: the site redirects it with 301 to 'SITE/ok'") != std::string::npos);
  CHECK(out.find("'SITE/b' is not a page: the site redirects it with 302 to 'SITE/ok'") != std::string::npos);
  CHECK(out.find("'SITE/c' is not a page: the site redirects it with 301 to 'SITE/late'") != std::string::npos);
  CHECK(out.find("it loops back to 'SITE/x'") != std::string::npos);
  CHECK(out.find("it loops back to 'SITE/y'") != std::string::npos);
  check_asked_once(server, {"/ok", "/late", "/a", "/b", "/c"});
}

TEST_CASE("live: a URL is fetched as the sitemap means it: references decoded, CDATA joined, non-ASCII encoded") {
  HttpTestServer server;
  server.route("*", html("Page"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/q?a=1&amp;b=2"), server.url("/caf&#233;"),
                                     server.url("/<![CDATA[cdata]]>/page"), server.url("/na\xC3\xAFve"),
                                     "relative/page", server.url("/plain")},
                                    "<url><loc>" + server.url("/i") + "</loc><image:image><image:loc>" +
                                        server.url("/img?w=1&amp;h=2") + "</image:loc></image:image></url>\n"));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "500", "--now", kTestNow, "--select", "PAGE", sitemap});
  CHECK(run.err.empty());
  // Every request is one the sitemap names, in the spelling it means, once; none for a spelling
  // the rules never ask about ('/q?a=1&amp;b=2', '/caf&', '/' before the CDATA section).
  const std::vector<std::string> targets = page_request_targets(server);
  CHECK(targets == std::vector<std::string>{"/caf%C3%A9", "/cdata/page", "/i", "/img?w=1&h=2", "/na%C3%AFve", "/plain",
                                            "/q?a=1&b=2"});
}

TEST_CASE("live: spellings of one URL are one request: escapes of unreserved bytes, hex case, fragments") {
  HttpTestServer server;
  server.route("*", html("Page"));
  server.route("/moved", redirect(301, "/%7Euser/p#top"));
  server.route("/to-bad-escape", redirect(301, "/%zz"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/~user/p"), server.url("/%7Euser/p"), server.url("/%7euser/p#part"),
                                     server.url("/caf%c3%a9"), server.url("/caf%C3%A9"), server.url("/moved"),
                                     server.url("/a#one"), server.url("/a#two"), server.url("/to-bad-escape")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "500", "--now", kTestNow, "--select", "PAGE", sitemap});
  CHECK(run.err.empty());
  // RFC 3986 section 6.2.2 makes each group one URL; a fragment is never sent (RFC 9110 10.2.2).
  const std::vector<std::string> targets = page_request_targets(server);
  // A '%' that starts no escape is no spelling of "%25": such a Location is asked for as written,
  // as browsers ask for it, never as another resource ("/%25zz").
  CHECK(targets == std::vector<std::string>{"/%zz", "/a", "/caf%C3%A9", "/moved", "/to-bad-escape", "/~user/p"});
}

TEST_CASE("live: redirects among listed URLs end, in any order, each URL asked for once where it can be") {
  HttpTestServer server;
  server.route("*", html("Other"));
  // a -> b -> c, b listed; three URLs to an unlisted t at once; a target that never answers; a
  // fragment; a URL that redirects to itself; and a loop among URLs that wait for their turn.
  server.route("/a", redirect(301, "/b"));
  server.route("/b", redirect(301, "/c"));
  for (const char* from : {"/t1", "/t2", "/t3"}) server.route(from, redirect(301, "/t"));
  for (const char* from : {"/s1", "/s2"}) server.route(from, redirect(301, "/silent"));
  server.route("/silent",
               [](const HttpRequest&, HttpExchange& exchange) { exchange.sleep_for(std::chrono::seconds(3)); });
  server.route("/f", redirect(301, "/g#top"));
  server.route("/self", redirect(301, "/self"));
  server.route("/x", redirect(301, "/y"));
  server.route("/y", redirect(301, "/z"));
  server.route("/z", redirect(301, "/y"));
  std::vector<std::string> urls = {server.url("/a"),    server.url("/b"),  server.url("/t1"), server.url("/t2"),
                                   server.url("/t3"),   server.url("/s1"), server.url("/s2"), server.url("/f"),
                                   server.url("/self"), server.url("/x")};
  for (int i = 0; i < 40; ++i) urls.push_back(server.url("/filler/" + std::to_string(i)));
  for (const char* late : {"/g", "/y", "/z"}) urls.push_back(server.url(late));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset(urls));
  const BoundedResult run = run_bounded({"--no-config", "--pages", "--quiet", "--rate", "500", "--timeout", "1",
                                         "--now", kTestNow, "--select", "PAGE103,PAGE107", sitemap},
                                        60);
  REQUIRE_FALSE(run.timed_out);
  CHECK(run.exit_code == 1);
  check_asked_once(server, {"/b", "/c", "/t", "/g", "/a", "/f"});
  // A URL that gives no answer is asked once, whichever URLs lead to it.
  CHECK(server.hits("/silent") == 1);
  CommandResult result;
  result.out = run.out;
  const std::string out = findings(result, sitemap);
  CHECK(out.find(":3:11: warning[PAGE103 page-redirect]: 'SITE/a' is not a page: the site redirects it with 301 to "
                 "'SITE/b' (chain: SITE/a (301) -> SITE/b (301) -> SITE/c (200)), which leads on to 'SITE/c'") !=
        std::string::npos);
  // /g answers as the catch-all answers a path that cannot exist: no page to list instead.
  CHECK(out.find("'SITE/f' is not a page: the site redirects it with 301 to 'SITE/g' (chain: SITE/f (301) -> SITE/g "
                 "(200)), which only a catch-all answers (a soft 404); remove the URL or correct the redirect") !=
        std::string::npos);
  CHECK(out.find("error[PAGE107 page-redirect-error]: 'SITE/self' redirects, and it loops back to 'SITE/self'") !=
        std::string::npos);
  for (const char* looping : {"'SITE/x' redirects, and it loops back", "'SITE/y' redirects, and it loops back",
                              "'SITE/z' redirects, and it loops back"}) {
    CAPTURE(looping);
    CHECK(out.find(looping) != std::string::npos);
  }
  CHECK(out.find("'SITE/s1' redirects, and 'SITE/silent' gives no answer") != std::string::npos);
  CHECK(out.find("'SITE/s2' redirects, and 'SITE/silent' gives no answer") != std::string::npos);
}

TEST_CASE("live: a hop to a URL whose own job waits for its hop waits too, and asks for it once") {
  HttpTestServer server;
  // /e answers late, so /d's job waits for it (its hop to /e) when /c's hop reaches /d: /c's job
  // waits for /d's answer in turn, where it asked for /d again before. Those jobs wait in a line,
  // never in a circle.
  server.route("/e", [](const HttpRequest&, HttpExchange& exchange) {
    if (exchange.sleep_for(std::chrono::milliseconds(600))) exchange.send_response(html("E"));
  });
  server.route("/d", redirect(301, "/e"));
  server.route("/c", [](const HttpRequest&, HttpExchange& exchange) {
    if (exchange.sleep_for(std::chrono::milliseconds(150))) exchange.send_response(redirect(301, "/d"));
  });
  server.route("*", html("Other"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/e"), server.url("/d"), server.url("/c")}));
  const TempDir dir;
  const std::string log = (dir.path / "pages.jsonl").string();
  const BoundedResult run = run_bounded({"--no-config", "--pages", "--quiet", "--rate", "500", "--now", kTestNow,
                                         "--select", "PAGE103", "--pages-log", log, sitemap},
                                        60);
  REQUIRE_FALSE(run.timed_out);
  check_asked_once(server, {"/c", "/d", "/e"});
  CommandResult result;
  result.out = run.out;
  const std::string out = findings(result, sitemap);
  CHECK(out.find("'SITE/c' is not a page: the site redirects it with 301 to 'SITE/d'") != std::string::npos);
  CHECK(out.find("'SITE/d' is not a page: the site redirects it with 301 to 'SITE/e'") != std::string::npos);
  std::ifstream in(log);
  const std::string lines((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(lines.find("\"chain\":[{\"status\":301,\"url\":\"" + server.url("/c") + "\"},{\"status\":301,\"url\":\"" +
                   server.url("/d") + "\"},{\"status\":200,\"url\":\"" + server.url("/e") + "\"}]") !=
        std::string::npos);
}

TEST_CASE("live: --pages-log says why a redirect chain does not end") {
  HttpTestServer server;
  server.route("/self", redirect(301, "/self"));
  server.route("/x", redirect(301, "/y"));
  server.route("/y", redirect(302, "/x"));
  server.route("/ok", html("OK"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/self"), server.url("/x"), server.url("/ok")}));
  const TempDir dir;
  const std::string log = (dir.path / "pages.jsonl").string();
  const auto run = run_cli(
      {"--pages", "--quiet", "--rate", "500", "--now", kTestNow, "--select", "PAGE", "--pages-log", log, sitemap});
  CHECK(run.err.empty());
  std::ifstream in(log);
  std::map<std::string, nlohmann::json> lines;
  for (std::string line; std::getline(in, line);) {
    nlohmann::json parsed = nlohmann::json::parse(line);
    parsed.erase("ms");
    lines[parsed["url"].get<std::string>()] = parsed;
  }
  const std::string self = server.url("/self"), x = server.url("/x"), y = server.url("/y");
  CHECK(lines[self] == nlohmann::json{{"url", self},
                                      {"status", 301},
                                      {"final_url", self},
                                      {"chain", {{{"url", self}, {"status", 301}}}},
                                      {"redirect_error", "it loops back to '" + self + "'"}});
  CHECK(lines[x] == nlohmann::json{{"url", x},
                                   {"status", 302},
                                   {"final_url", y},
                                   {"chain", {{{"url", x}, {"status", 301}}, {{"url", y}, {"status", 302}}}},
                                   {"redirect_error", "it loops back to '" + x + "'"}});
  // A page, or a chain that ends in one, has none.
  CHECK_FALSE(lines[server.url("/ok")].contains("redirect_error"));
}

TEST_CASE("live: what a hop answered for another URL is that URL's, logged once, in any file") {
  HttpTestServer server;
  server.route("/robots.txt", HttpResponse{200, {{"Content-Type", "text/plain"}}, "User-agent: *\nDisallow: /priv/\n"});
  server.route("*", html("Other"));
  server.route("/a", redirect(301, "/b"));
  server.route("/g", redirect(301, "/h"));
  server.route("/h", redirect(301, "/priv/q"));
  const auto image = [](const HttpRequest&, HttpExchange& exchange) {
    exchange.send_response(HttpResponse{200, {{"Content-Type", "image/jpeg"}}, "jpeg"});
  };
  server.route("/m.jpg", image);
  server.route("/k.jpg", redirect(301, "/m.jpg"));
  // The first sitemap: /a leads to /b, which only the second lists; /g leads to /h, listed after
  // 40 others, and on to a path robots.txt disallows; an image leads to a listed image.
  std::vector<std::string> first = {server.url("/a"), server.url("/g")};
  for (int i = 0; i < 40; ++i) first.push_back(server.url("/filler/" + std::to_string(i)));
  first.push_back(server.url("/h"));
  const std::string images = "<url><loc>" + server.url("/pics") + "</loc><image:image><image:loc>" +
                             server.url("/k.jpg") + "</image:loc></image:image></url>\n";
  std::string late_image = "<url><loc>" + server.url("/pics2") + "</loc>";
  for (int i = 0; i < 40; ++i)
    late_image +=
        "<image:image><image:loc>" + server.url("/img/" + std::to_string(i) + ".png") + "</image:loc></image:image>";
  late_image += "<image:image><image:loc>" + server.url("/m.jpg") + "</image:loc></image:image></url>\n";
  serve_sitemap(server, site_urlset(first, images + late_image));
  server.route("/second.xml",
               HttpResponse{200, {{"Content-Type", "application/xml"}}, site_urlset({server.url("/b")})});
  const TempDir dir;
  const std::string log = (dir.path / "pages.jsonl").string();
  const auto run = run_cli({"--pages", "--quiet", "--rate", "500", "--jobs", "1", "--now", kTestNow, "--pages-log", log,
                            server.url("/sitemap.xml"), server.url("/second.xml")});
  CHECK(run.err.empty());
  check_asked_once(server, {"/b", "/h", "/m.jpg"});
  CHECK(server.hits("/priv/q") == 0);
  const std::vector<std::string> logged = logged_urls(log);
  for (const std::string path : {"/b", "/h", "/m.jpg", "/a", "/g", "/k.jpg"}) {
    CAPTURE(path);
    CHECK(std::count(logged.begin(), logged.end(), server.url(path)) == 1);
  }
  // /h's line gives the status of the last answer that came, its 301, though its hop was not asked.
  std::ifstream in(log);
  bool h_seen = false;
  for (std::string line; std::getline(in, line);) {
    if (line.find("\"url\": \"" + server.url("/h") + "\"") == std::string::npos &&
        line.find("\"url\":\"" + server.url("/h") + "\"") == std::string::npos)
      continue;
    h_seen = true;
    CHECK(nlohmann::json::parse(line)["status"] == 301);
  }
  CHECK(h_seen);
  // /h's own chain, as the hop that reached it found it.
  CHECK(findings(run, server.url("/sitemap.xml"))
            .find(":45:11: error[PAGE107 page-redirect-error]: 'SITE/h' redirects, and 'SITE/priv/q' was not "
                  "fetched (its robots.txt line 2: Disallow: /priv/)") != std::string::npos);
}

TEST_CASE("live: a host that serves one page for every path is one soft-404 finding, not one per URL") {
  // A single-page app's shell answers every path alike, the probe for a path that cannot exist too.
  HttpTestServer app;
  app.route("*", html("App"));
  const std::string shell_map = app.url("/sitemap.xml");
  serve_sitemap(app, site_urlset({app.url("/"), app.url("/pricing"), app.url("/docs/intro")}));
  const auto shell = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, shell_map});
  CHECK(shell.err.empty());
  CHECK(findings(shell, shell_map) ==
        ":3:11: error[PAGE102 page-soft-404]: all 3 listed URLs of SITE answer 200 with the same page SITE/PROBE gets, "
        "a path that cannot exist: the host serves one page for every path (a single-page app's shell, or a "
        "catch-all), so search engines that do not run its scripts see soft 404s; prerender each page, and answer "
        "unknown paths with 404\n");
  // Three entries of two URLs are two URLs: each its finding, no verdict on the host.
  serve_sitemap(app, site_urlset({app.url("/pricing"), app.url("/pricing"), app.url("/docs/intro")}));
  const auto twice =
      run_cli({"--pages", "--quiet", "--select", "PAGE102", "--rate", "200", "--now", kTestNow, shell_map});
  CHECK(findings(twice, shell_map).find("all ") == std::string::npos);
  CHECK(count_lines(findings(twice, shell_map)) == 3);
  // The host's URLs are one host's however its name is spelt.
  std::string shouted = app.url("/docs/intro");
  shouted.replace(0, 4, "HTTP");
  serve_sitemap(app, site_urlset({app.url("/"), app.url("/pricing"), shouted}));
  const auto spelt =
      run_cli({"--pages", "--quiet", "--select", "PAGE102", "--rate", "200", "--now", kTestNow, shell_map});
  CHECK(findings(spelt, shell_map).find(":3:11: error[PAGE102 page-soft-404]: all 3 listed URLs of SITE answer 200") ==
        0);
  CHECK(count_lines(findings(spelt, shell_map)) == 1);
  // Where the host has pages of its own, each URL that only the catch-all answers is a finding.
  HttpTestServer mixed;
  mixed.route("*", html("App"));
  mixed.route("/about", html("About us"));
  const std::string mixed_map = mixed.url("/sitemap.xml");
  serve_sitemap(mixed, site_urlset({mixed.url("/about"), mixed.url("/x"), mixed.url("/y"), mixed.url("/z")}));
  const auto each = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, mixed_map});
  CHECK(each.err.empty());
  CHECK(findings(each, mixed_map) ==
        ":4:11: error[PAGE102 page-soft-404]: 'SITE/x' answers 200 with the same page SITE/PROBE gets, a path "
        "that cannot exist: a soft 404; publish the page or remove the URL (Search Console: \"Submitted URL seems to "
        "be a Soft 404\")\n"
        ":5:11: error[PAGE102 page-soft-404]: 'SITE/y' answers 200 with the same page SITE/PROBE gets, a path "
        "that cannot exist: a soft 404; publish the page or remove the URL (Search Console: \"Submitted URL seems to "
        "be a Soft 404\")\n"
        ":6:11: error[PAGE102 page-soft-404]: 'SITE/z' answers 200 with the same page SITE/PROBE gets, a path "
        "that cannot exist: a soft 404; publish the page or remove the URL (Search Console: \"Submitted URL seems to "
        "be a Soft 404\")\n");
  // A site whose unknown paths get its home page: the home page is a page, and pages that share its
  // title are pages too. What is the fallback is the page that names the path asked for alone.
  HttpTestServer home;
  const auto page = [](const std::string& body) {
    return HttpResponse{200, {{"Content-Type", "text/html"}}, "<html><head><title>Acme</title></head><body>" + body};
  };
  home.route("*", page("Welcome"));
  home.route("/about", page("About us"));
  home.route("/contact", page("Write to us"));
  const std::string home_map = home.url("/sitemap.xml");
  serve_sitemap(home, site_urlset({home.url("/"), home.url("/about"), home.url("/contact"), home.url("/gone")}));
  const auto homely = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, home_map});
  CHECK(homely.err.empty());
  CHECK(findings(homely, home_map) ==
        ":6:11: error[PAGE102 page-soft-404]: 'SITE/gone' answers 200 with the same page SITE/PROBE gets, a path "
        "that cannot exist: a soft 404; publish the page or remove the URL (Search Console: \"Submitted URL seems to "
        "be a Soft 404\")\n");
  // The summary counts as the findings do: the home page is served, /gone the one soft 404.
  const auto counts = nlohmann::json::parse(
      run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--format", "json", home_map}).out)["pages"];
  CHECK(counts["served"] == 3);
  CHECK(counts["soft_404"] == 1);
  // Where every listed URL, the home page too, is the shell, every one counts as a soft 404.
  const auto shell_counts = nlohmann::json::parse(
      run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--format", "json", shell_map}).out)["pages"];
  CHECK(shell_counts["soft_404"] == 3);
  CHECK(shell_counts["served"] == 0);
}

TEST_CASE("live: a Last-Modified later than <lastmod>, but not the time a page was made for its request") {
  HttpTestServer server;
  const std::string modified = "Tue, 01 Oct 2024 10:00:00 GMT";
  server.route("/stale", html("S", "", {{"Last-Modified", modified}, {"Date", "Wed, 02 Oct 2024 10:00:00 GMT"}}));
  // Made for the request: Last-Modified is the answer's Date, or a moment before it.
  server.route("/now", html("N", "", {{"Last-Modified", modified}, {"Date", modified}}));
  server.route("/moment", html("M", "", {{"Last-Modified", modified}, {"Date", "Tue, 01 Oct 2024 10:00:01 GMT"}}));
  const std::string sitemap = server.url("/sitemap.xml");
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  int day = 0;
  for (const char* path : {"/stale", "/now", "/moment"})
    xml += "<url><loc>" + server.url(path) + "</loc><lastmod>2024-09-0" + std::to_string(++day) + "</lastmod></url>\n";
  serve_sitemap(server, xml + "</urlset>\n");
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.err.empty());
  CHECK(findings(run, sitemap) ==
        ":3:54: warning[PAGE204 page-lastmod-stale]: <lastmod> 2024-09-01 of 'SITE/stale' is more than a day before "
        "the page's Last-Modified header (2024-10-01T10:00:00Z); write the page's real modification date, or Google "
        "ignores the site's <lastmod>\n");
}

TEST_CASE("live: an image URL that redirects is judged by the answer it ends at") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/", html("Home"));
  server.route("/photo.jpg", redirect(301, "/login"));
  server.route("/login", html("Log in"));
  server.route("/moved.png", redirect(302, "/logo.png"));
  server.route("/logo.png", HttpResponse{200, {{"Content-Type", "image/png"}}, "png"});
  const std::string sitemap = u("/sitemap.xml");
  serve_sitemap(server, site_urlset({}, "<url><loc>" + u("/") + "</loc><image:image><image:loc>" + u("/photo.jpg") +
                                            "</image:loc></image:image><image:image><image:loc>" + u("/moved.png") +
                                            "</image:loc></image:image><image:image><image:loc>" + u("/none.png") +
                                            "</image:loc></image:image></url>\n"));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.err.empty());
  CHECK(findings(run, sitemap) ==
        ":3:64: warning[PAGE302 page-media-type]: <image:loc> 'SITE/photo.jpg' redirects to 'SITE/login', which is "
        "served as 'text/html; charset=utf-8', not as an image; name the image file itself\n"
        ":3:228: error[PAGE301 page-media-not-found]: <image:loc> 'SITE/none.png' answers 404 (Not Found) on the live "
        "site; publish the file or correct the URL\n");
}

TEST_CASE("live: a robots meta tag's unavailable_after, once passed, forbids indexing") {
  HttpTestServer server;
  server.route("/expired", html("E", "<meta name=\"robots\" content=\"unavailable_after: 25 Jun 2010 15:00:00 PST\">"));
  server.route("/later", html("L", "<meta name=\"googlebot\" content=\"unavailable_after: 9999-12-31\">"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/expired"), server.url("/later")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.err.empty());
  CHECK(findings(run, sitemap) ==
        ":3:11: error[PAGE201 page-noindex]: 'SITE/expired' is listed, but its page forbids indexing: <meta "
        "name=\"robots\"> (its unavailable_after date has passed) says 'unavailable_after: 25 Jun 2010 15:00:00 PST' "
        "(SITE/expired:1); remove the directive or the URL (Search Console: \"Submitted URL marked 'noindex'\")\n");
}

TEST_CASE("live: the related place on a fetched page is the tag's line and column") {
  // A fetched page is not read again to place a finding's note: the head reader's place is kept.
  HttpTestServer server;
  const auto page = [](const std::string& tag) {
    return HttpResponse{200,
                        {{"Content-Type", "text/html; charset=utf-8"}},
                        "<!DOCTYPE html>\n<html><head><title>T</title>\n\n  " + tag + "\n</head><body></body></html>"};
  };
  server.route("/ok", html("OK"));
  server.route("/canonical", page("<link rel=\"canonical\" href=\"" + server.url("/ok") + "\">"));
  server.route("/noindex", page("\t<meta name=\"robots\" content=\"noindex\">"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/canonical"), server.url("/noindex")}));
  const auto run = run_cli({"--pages", "--rate", "200", "--now", kTestNow, "--format", "json", sitemap});
  INFO(run.out, run.err);
  const std::regex related("\"related\": \\{[^}]*\"line\": ([0-9]+),\\s*\"column\": ([0-9]+)");
  std::vector<std::string> places;
  for (auto it = std::sregex_iterator(run.out.begin(), run.out.end(), related); it != std::sregex_iterator(); ++it)
    places.push_back((*it)[1].str() + ":" + (*it)[2].str());
  CHECK(places == std::vector<std::string>{"4:3", "4:4"});
}

TEST_CASE("live: --robots URL alone names the site whose pages are fetched") {
  HttpTestServer server;
  server.route("/robots.txt",
               HttpResponse{200, {{"Content-Type", "text/plain"}}, "Sitemap: " + server.url("/sitemap.xml") + "\n"});
  server.route("/ok", html("OK"));
  serve_sitemap(server, site_urlset({server.url("/ok"), server.url("/missing")}));
  const std::string sitemap = server.url("/sitemap.xml");
  const auto run =
      run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--robots", server.url("/robots.txt")});
  CHECK(run.err.empty());
  CHECK(findings(run, sitemap) ==
        ":4:11: error[PAGE101 page-not-found]: 'SITE/missing' answers 404 (Not Found) on the live site; publish the "
        "page or remove the URL (Search Console: \"Submitted URL not found (404)\")\n");
  CHECK(server.hits("/missing") == 1);
}

TEST_CASE("live: the charset of the Content-Type decodes a page that declares none") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/page",
               HttpResponse{200,
                            {{"Content-Type", "text/html; charset=windows-1252"}},
                            "<!DOCTYPE html><html><head><title>Caf\xE9</title><link rel=\"canonical\" href=\"" +
                                u("/caf\xE9/") + "\"></head><body>x</body></html>"});
  server.route("/caf%C3%A9/", html("Cafe"));
  const std::string sitemap = u("/sitemap.xml");
  serve_sitemap(server, site_urlset({u("/page")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  // No PAGE104 (the page is windows-1252, not broken UTF-8), and the canonical is the URL a
  // browser would ask for, which answers.
  CHECK(findings(run, sitemap) ==
        ":3:11: warning[PAGE202 page-canonical-elsewhere]: 'SITE/page' is listed, but its page names "
        "'SITE/caf%C3%A9/' as canonical (SITE/page:1); list the canonical URL or make the page canonical to itself "
        "(Search Console: \"Alternate page with proper canonical tag\")\n");
}

TEST_CASE("live: a page that is not the UTF-8 its Content-Type or byte order mark says is told so") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/served-utf8", HttpResponse{200,
                                            {{"Content-Type", "text/html; charset=utf-8"}},
                                            "<html><head><title>Caf\xE9</title></head><body>x</body></html>"});
  server.route("/bom", HttpResponse{200,
                                    {{"Content-Type", "text/html"}},
                                    "\xEF\xBB\xBF<html><head><title>Caf\xE9</title></head><body>x</body></html>"});
  const std::string sitemap = u("/sitemap.xml");
  serve_sitemap(server, site_urlset({u("/served-utf8"), u("/bom")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(findings(run, sitemap) ==
        ":3:11: warning[PAGE104 page-unreadable]: 'SITE/served-utf8' is listed, but its page is not valid UTF-8: "
        "byte 0xE9 at SITE/served-utf8:1 (offset 22); the charset of the Content-Type it is served with says UTF-8, "
        "so it is read as UTF-8, and search engines show such bytes as U+FFFD: save the page as UTF-8, or serve it "
        "with the charset it is saved in\n"
        ":4:11: warning[PAGE104 page-unreadable]: 'SITE/bom' is listed, but its page is not valid UTF-8: byte 0xE9 at "
        "SITE/bom:1 (offset 25); its byte order mark says UTF-8, so it is read as UTF-8, and search engines show such "
        "bytes as U+FFFD: save the whole page as UTF-8\n");
}

TEST_CASE("live: an image whose server does not do HEAD is asked again with GET") {
  // Before the server, whose threads read them until it is destroyed.
  const std::string jpeg(200000, 'j');
  std::atomic<int> heads{0}, gets{0};
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/ok", html("OK"));
  const auto refuses_head = [&](int status) {
    return [&, status](const HttpRequest& request, HttpExchange& exchange) {
      if (request.method == "HEAD") {
        ++heads;
        exchange.send_response(HttpResponse{status, {{"Content-Type", "text/plain"}}, ""});
      } else {
        ++gets;
        exchange.send_response(HttpResponse{200, {{"Content-Type", "image/jpeg"}}, jpeg});
      }
    };
  };
  server.route("/pic.jpg", refuses_head(405));
  server.route("/other.png", refuses_head(501));
  const std::string sitemap = u("/sitemap.xml");
  serve_sitemap(server, site_urlset({}, "<url><loc>" + u("/ok") + "</loc><image:image><image:loc>" + u("/pic.jpg") +
                                            "</image:loc></image:image><image:image><image:loc>" + u("/other.png") +
                                            "</image:loc></image:image></url>\n"));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, sitemap});
  CHECK(run.exit_code == 0);
  CHECK(run.out == "");
  CHECK(heads == 2);
  CHECK(gets == 2);
}

namespace {

// What the server saw of a run's page requests: when each started and ended, and how many were
// in flight at once at most.
struct Watch {
  std::mutex mutex;
  std::vector<std::chrono::steady_clock::time_point> starts;
  int in_flight = 0, most_in_flight = 0;
  HttpHandler page(std::chrono::milliseconds delay) {
    return [this, delay](const HttpRequest&, HttpExchange& exchange) {
      {
        std::lock_guard lock(mutex);
        starts.push_back(std::chrono::steady_clock::now());
        most_in_flight = std::max(most_in_flight, ++in_flight);
      }
      exchange.sleep_for(delay);
      {
        std::lock_guard lock(mutex);
        --in_flight;
      }
      exchange.send_response(html("page"));
    };
  }
};

// That requests the server saw start at `starts` were started at least `interval` apart: any two
// k requests apart are at least k intervals apart. The server sees each request a little after it
// was sent (its thread is scheduled; under the sanitizers, late by up to 10 ms): a late arrival
// shortens the gap after the one before it but lengthens that one's, so the slack does not add up.
void check_paced(std::vector<std::chrono::steady_clock::time_point> starts, std::chrono::milliseconds interval) {
  constexpr auto kArrivalSlack = 15ms;
  std::sort(starts.begin(), starts.end());
  for (std::size_t i = 0; i < starts.size(); ++i) {
    for (std::size_t j = i + 1; j < starts.size(); ++j) {
      CAPTURE(i);
      CAPTURE(j);
      CHECK(starts[j] - starts[i] >= static_cast<long>(j - i) * interval - kArrivalSlack);
    }
  }
}

}  // namespace

TEST_CASE("live: robots.txt redirects followed five hops, across authorities, and no further") {
  // RFC 9309 section 2.3.1.2: at least five consecutive redirects, even to another authority (here
  // a second server, on another port); the rules found at the end govern the first host.
  HttpTestServer site, other;
  const std::string robots = "User-agent: *\nDisallow: /private/\n";
  const auto chain = [&](int hops) {
    // /robots.txt -> other:/hop1 -> site:/hop2 -> ... -> site:/hop<hops>, which answers the rules.
    for (int i = 0; i <= hops; ++i) {
      const std::string from = i == 0 ? "/robots.txt" : "/hop" + std::to_string(i);
      HttpTestServer& here = i == 1 ? other : site;
      const std::string to = i + 1 == 1 ? other.url("/hop1") : site.url("/hop" + std::to_string(i + 1));
      here.route(from, i == hops ? HttpResponse{200, {{"Content-Type", "text/plain"}}, robots} : redirect(301, to));
    }
  };
  site.route("/ok", html("OK"));
  site.route("/private/page", html("P"));
  serve_sitemap(site, site_urlset({site.url("/ok"), site.url("/private/page")}));
  const std::vector<std::string> args = {
      "--pages", "--quiet", "--rate", "200", "--now", kTestNow, site.url("/sitemap.xml")};
  SUBCASE("five redirects: the rules at the end are obeyed") {
    chain(5);
    const auto run = run_cli(args);
    CHECK(run.exit_code == 1);
    CHECK(findings(run, site.url("/sitemap.xml")) ==
          ":4:11: error[PAGE106 page-blocked-by-robots]: 'SITE/private/page' is disallowed for Googlebot by the "
          "site's robots.txt line 2: Disallow: /private/ (not fetched); remove the URL or allow it (Search Console: "
          "\"Submitted URL blocked by robots.txt\")\n");
    CHECK(other.hits("/hop1") == 1);
    CHECK(site.hits("/hop5") == 1);
    CHECK(site.hits("/private/page") == 0);
    CHECK(site.hits("/ok") == 1);
  }
  SUBCASE("six redirects: robots.txt is unavailable, and everything may be fetched") {
    chain(6);
    const auto run = run_cli(args);
    CHECK(run.exit_code == 0);
    CHECK(run.out == "");
    CHECK(site.hits("/hop5") == 1);
    CHECK(site.hits("/hop6") == 0);  // the sixth redirect is not followed
    CHECK(site.hits("/private/page") == 1);
  }
  SUBCASE("a hop to a host the fetch rules refuse: robots.txt unreachable, nothing fetched, said once") {
    site.route("/robots.txt", redirect(302, "http://localhost:" + std::to_string(site.port()) + "/robots.txt"));
    const auto run = run_cli(args);
    CHECK(run.exit_code == 1);
    // sitemaplint's own refusal: no Search Console status.
    // Said as robots.txt's doing, with where it pointed.
    CHECK(findings(run, site.url("/sitemap.xml"))
              .starts_with(":3:11: error[PAGE106 page-blocked-by-robots]: 'SITE/ok' and the other URLs of its host: "
                           "not fetched: refused: robots.txt redirects to http://localhost:" +
                           std::to_string(site.port()) +
                           "/robots.txt, which is not fetched (refused to connect to 'localhost'"));
    CHECK(run.out.find("[PAGE106") == run.out.rfind("[PAGE106"));  // one finding for the host
    CHECK(run.out.find("Search Console") == std::string::npos);
    CHECK(site.hits("/ok") == 0);
    CHECK(site.hits("/private/page") == 0);
  }
}

TEST_CASE("live: politeness measured: two connections and the rate per host") {
  HttpTestServer server;
  Watch watch;
  std::vector<std::string> locs;
  for (int i = 0; i < 12; ++i) {
    server.route("/p" + std::to_string(i), watch.page(150ms));
    locs.push_back(server.url("/p" + std::to_string(i)));
  }
  serve_sitemap(server, site_urlset(locs));
  const auto started = std::chrono::steady_clock::now();
  const auto run = run_cli({"--pages", "--quiet", "--rate", "20", "--now", kTestNow, server.url("/sitemap.xml")});
  const auto took = std::chrono::steady_clock::now() - started;
  CHECK(run.exit_code == 0);
  CHECK(run.out == "");
  std::lock_guard lock(watch.mutex);
  REQUIRE(watch.starts.size() == 12);
  CHECK(watch.most_in_flight == 2);  // 150 ms each at 20 a second: the cap, not the rate, binds
  // At 20 a second no two starts are closer than 50 ms.
  check_paced(watch.starts, 50ms);
  // 12 requests of 150 ms, two at a time: 0.9 s at the least, and not much more.
  CHECK(took >= 900ms);
  CHECK(took < 5s);
}

TEST_CASE("live: the rate binds when pages answer at once") {
  HttpTestServer server;
  Watch watch;
  std::vector<std::string> locs;
  for (int i = 0; i < 6; ++i) {
    server.route("/q" + std::to_string(i), watch.page(0ms));
    locs.push_back(server.url("/q" + std::to_string(i)));
  }
  serve_sitemap(server, site_urlset(locs));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "5", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(run.exit_code == 0);
  std::lock_guard lock(watch.mutex);
  REQUIRE(watch.starts.size() == 6);
  check_paced(watch.starts, 200ms);
}

TEST_CASE("live: pages past their head keep the connection: the rest of a small body is read") {
  HttpTestServer server;
  server.keep_alive();
  std::vector<std::string> locs;
  for (int i = 0; i < 12; ++i) {
    HttpResponse page = html("k");
    page.body += std::string(4000, 'x');  // after </head>: not kept, but read
    server.route("/k" + std::to_string(i), page);
    locs.push_back(server.url("/k" + std::to_string(i)));
  }
  serve_sitemap(server, site_urlset(locs));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(run.exit_code == 0);
  CHECK(run.out == "");
  CHECK(server.hits("/k11") == 1);
  // The sitemap's own fetch, and at most 2 connections for robots.txt (a 404), the probe (a 404)
  // and the 12 pages: a transfer ended at </head> would have closed each page's connection.
  CHECK(server.connections() <= 3);
}

TEST_CASE("live: the rest of a body that stalls after the head is not waited for") {
  HttpTestServer server;
  server.route("/stalls", [](const HttpRequest&, HttpExchange& exchange) {
    const HttpResponse head{200, {{"Content-Type", "text/html"}}, std::string(5000, ' ')};  // its Content-Length
    if (exchange.send_head(head) && exchange.send("<html><head><title>t</title></head><body>")) exchange.sleep_for(5s);
  });
  serve_sitemap(server, site_urlset({server.url("/stalls")}));
  const auto started = std::chrono::steady_clock::now();
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(std::chrono::steady_clock::now() - started < 3s);
  CHECK(run.exit_code == 0);
  CHECK(run.out == "");
}

TEST_CASE("live: Retry-After is waited out, then the page is asked again") {
  HttpTestServer server;
  std::mutex mutex;
  std::vector<std::chrono::steady_clock::time_point> asked;
  server.route("/busy", [&](const HttpRequest&, HttpExchange& exchange) {
    std::size_t n = 0;
    {
      std::lock_guard lock(mutex);
      asked.push_back(std::chrono::steady_clock::now());
      n = asked.size();
    }
    if (n == 1) {
      exchange.send_response({429, {{"Retry-After", "1"}, {"Content-Type", "text/plain"}}, "slow down"});
    } else {
      exchange.send_response(html("fine"));
    }
  });
  serve_sitemap(server, site_urlset({server.url("/busy")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "50", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(run.exit_code == 0);
  CHECK(run.out == "");
  CHECK(run.err == "");  // a wait this short is not said (a long one is, below)
  std::lock_guard lock(mutex);
  REQUIRE(asked.size() == 2);
  CHECK(asked[1] - asked[0] >= 950ms);
}

TEST_CASE("live: a page that answers 429 again after its Retry-After is a server error") {
  HttpTestServer server;
  server.route("/busy", HttpResponse{429, {{"Retry-After", "1"}, {"Content-Type", "text/plain"}}, "slow down"});
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/busy")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "50", "--now", kTestNow, sitemap});
  CHECK(run.exit_code == 1);
  CHECK(server.hits("/busy") == 2);
  CHECK(findings(run, sitemap) ==
        ":3:11: error[PAGE105 page-fetch-error]: 'SITE/busy' answers 429 (Too Many Requests) on the live site (status "
        "429, asked again after the wait its Retry-After asked for (at most two minutes), with the same answer); list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n");
}

TEST_CASE("live: a 503 without a Retry-After is asked again after a pause, and said so") {
  HttpTestServer server;
  server.route("/down", HttpResponse{503, {{"Content-Type", "text/plain"}}, "down"});
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/down")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "50", "--now", kTestNow, sitemap});
  CHECK(server.hits("/down") == 2);
  CHECK(findings(run, sitemap) ==
        ":3:11: error[PAGE105 page-fetch-error]: 'SITE/down' answers 503 (Service Unavailable) on the live site "
        "(status 503, asked again after a pause (no Retry-After said how long), with the same answer); list only "
        "pages that answer 200 (Search Console: \"Server error (5xx)\")\n");
}

TEST_CASE("live: a URL waiting to be asked again when its host is given up keeps the answer it got") {
  // /first answers late with a Retry-After longer than sitemaplint waits (the host is given up);
  // /second has answered 503 already, and waits a second to be asked again: it was fetched, and its
  // answer is its 503, not "not fetched".
  HttpTestServer server;
  server.route("/first", [](const HttpRequest&, HttpExchange& exchange) {
    if (!exchange.sleep_for(std::chrono::milliseconds(400))) return;
    exchange.send_response(HttpResponse{503, {{"Retry-After", "100000"}, {"Content-Type", "text/plain"}}, "down"});
  });
  server.route("/second", HttpResponse{503, {{"Retry-After", "1"}, {"Content-Type", "text/plain"}}, "down"});
  server.route("/third", html("third"));
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/first"), server.url("/second"), server.url("/third")}));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "50", "--now", kTestNow, sitemap});
  CHECK(server.hits("/second") == 1);
  CHECK(server.hits("/third") == 0);
  CHECK(findings(run, sitemap) ==
        ":3:11: error[PAGE105 page-fetch-error]: 'SITE/first' answers 503 (Service Unavailable) on the live site "
        "(status 503, not asked again: its host was given up); list only pages that answer 200 (Search Console: "
        "\"Server error (5xx)\")\n"
        ":4:11: error[PAGE105 page-fetch-error]: 'SITE/second' answers 503 (Service Unavailable) on the live site "
        "(status 503, not asked again: its host was given up); list only pages that answer 200 (Search Console: "
        "\"Server error (5xx)\")\n"
        ":5:11: error[PAGE105 page-fetch-error]: 'SITE/third' was not fetched, nor any other URL of its host after "
        "it: 127.0.0.1 answered 503 with 'Retry-After: 100000', longer than sitemaplint waits (120 s); check the "
        "server, then run again\n");
}

TEST_CASE("live: a host that keeps failing is given up with one finding") {
  HttpTestServer server;
  std::vector<std::string> locs;
  for (int i = 0; i < 20; ++i) {
    server.route("/e" + std::to_string(i), HttpResponse{500, {{"Content-Type", "text/plain"}}, "down"});
    locs.push_back(server.url("/e" + std::to_string(i)));
  }
  serve_sitemap(server, site_urlset(locs));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(run.exit_code == 1);
  std::size_t fetched = 0;
  for (int i = 0; i < 20; ++i) fetched += server.hits("/e" + std::to_string(i));
  CHECK(fetched < 20);
  CHECK(findings(run, server.url("/sitemap.xml")) ==
        ":3:11: error[PAGE105 page-fetch-error]: 'SITE/e0' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":4:11: error[PAGE105 page-fetch-error]: 'SITE/e1' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":5:11: error[PAGE105 page-fetch-error]: 'SITE/e2' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":6:11: error[PAGE105 page-fetch-error]: 'SITE/e3' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":7:11: error[PAGE105 page-fetch-error]: 'SITE/e4' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":8:11: error[PAGE105 page-fetch-error]: 'SITE/e5' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":9:11: error[PAGE105 page-fetch-error]: 'SITE/e6' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":10:11: error[PAGE105 page-fetch-error]: 'SITE/e7' answers 500 (Internal Server Error) on the live site; list "
        "only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":11:11: error[PAGE105 page-fetch-error]: 'SITE/e8' was not fetched, nor any other URL of its host after it: "
        "127.0.0.1 was given up after 8 failures in a row (errors, or no answer); check the server, then run again\n");
  // The summary says why the rest were not fetched.
  const auto summary = run_cli({"--pages", "--rate", "200", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(
      summary.out.find("8 listed URLs checked (8 answering 5xx); 12 listed URLs not fetched (on a host given up after "
                       "repeated failures or a long Retry-After).") != std::string::npos);
}

TEST_CASE("live: a long Retry-After is said on standard error, while the run waits") {
  HttpTestServer server;
  server.route("/busy", HttpResponse{429, {{"Retry-After", "30"}, {"Content-Type", "text/plain"}}, "slow down"});
  serve_sitemap(server, site_urlset({server.url("/busy")}));
  // The run would wait 30 s: it is stopped after 3, by when the answer has come and the wait has
  // been said (what a user sees of a run that seems to hang).
  const BoundedResult run =
      run_bounded({"--pages", "--quiet", "--rate", "50", "--now", kTestNow, server.url("/sitemap.xml")}, 3);
  CHECK(run.timed_out);
  CHECK(server.hits("/busy") == 1);
  CHECK(run.err ==
        "sitemaplint: 127.0.0.1 answered 30 s of Retry-After: its requests wait that long before the next one (not a "
        "hang); the host is given up if it answers so again\n");
}

TEST_CASE("live: a host down for longer than sitemaplint waits is given up at once, with one finding") {
  HttpTestServer server;
  server.route("/m1", HttpResponse{503, {{"Retry-After", "100000"}, {"Content-Type", "text/plain"}}, "maintenance"});
  server.route("/m2", HttpResponse{503, {{"Retry-After", "100000"}, {"Content-Type", "text/plain"}}, "maintenance"});
  server.route("/ok", html("OK"));
  serve_sitemap(server, site_urlset({server.url("/m1"), server.url("/m2"), server.url("/ok")}));
  // At one request a second, no other URL starts before /m1's answer is in.
  const auto started = std::chrono::steady_clock::now();
  const BoundedResult run =
      run_bounded({"--pages", "--quiet", "--rate", "1", "--now", kTestNow, server.url("/sitemap.xml")}, 20);
  REQUIRE_FALSE(run.timed_out);
  CHECK(std::chrono::steady_clock::now() - started < 5s);
  CHECK(server.hits("/m1") == 1);  // not asked again: the wait is longer than any sitemaplint waits
  CHECK(server.hits("/m2") == 0);
  CHECK(server.hits("/ok") == 0);
  CommandResult result;
  result.out = run.out;
  CHECK(findings(result, server.url("/sitemap.xml")) ==
        ":3:11: error[PAGE105 page-fetch-error]: 'SITE/m1' answers 503 (Service Unavailable) on the live site (status "
        "503, not asked again: its host was given up); list only pages that answer 200 (Search Console: \"Server "
        "error (5xx)\")\n"
        ":4:11: error[PAGE105 page-fetch-error]: 'SITE/m2' was not fetched, nor any other URL of its host after it: "
        "127.0.0.1 "
        "answered 503 with 'Retry-After: 100000', longer than sitemaplint waits (120 s); check the server, then run "
        "again\n");
}

TEST_CASE("live: a host that asks for a long wait again once it is over is given up") {
  HttpTestServer server;
  server.route("/busy", HttpResponse{429, {{"Retry-After", "11"}, {"Content-Type", "text/plain"}}, "slow down"});
  server.route("/next", html("Next"));
  serve_sitemap(server, site_urlset({server.url("/busy"), server.url("/next")}));
  const BoundedResult run =
      run_bounded({"--pages", "--quiet", "--rate", "1", "--now", kTestNow, server.url("/sitemap.xml")}, 40);
  REQUIRE_FALSE(run.timed_out);
  CHECK(server.hits("/busy") == 2);
  CHECK(server.hits("/next") == 0);
  CommandResult result;
  result.out = run.out;
  CHECK(
      findings(result, server.url("/sitemap.xml"))
          .find(":4:11: error[PAGE105 page-fetch-error]: 'SITE/next' was not fetched, nor any other URL of its host "
                "after it: "
                "127.0.0.1 answered 429 again once the wait its Retry-After asked for was over; check the server, then "
                "run again\n") != std::string::npos);
}

TEST_CASE("live: a host that asks for a long wait again for another URL is given up") {
  HttpTestServer server;
  // Each URL's first request is asked for 11 s (the shortest wait over the 10 s that counts as
  // long), as a host in maintenance answers: /p0's wait is waited out, /p1 is asked for another.
  std::mutex mutex;
  std::set<std::string> seen;
  for (const std::string path : {"/p0", "/p1", "/p2", "/p3"}) {
    server.route(path, [&, path](const HttpRequest&, HttpExchange& exchange) {
      bool first = false;
      {
        std::lock_guard lock(mutex);
        first = seen.insert(path).second;
      }
      if (first) {
        exchange.send_response({429, {{"Retry-After", "11"}, {"Content-Type", "text/plain"}}, "slow down"});
      } else {
        exchange.send_response(html("Page"));
      }
    });
  }
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/p0"), server.url("/p1"), server.url("/p2"), server.url("/p3")}));
  // At one request a second, /p1 starts after /p0's answer, and /p0 is asked again first.
  const auto started = std::chrono::steady_clock::now();
  const BoundedResult run = run_bounded({"--pages", "--quiet", "--rate", "1", "--now", kTestNow, sitemap}, 40);
  REQUIRE_FALSE(run.timed_out);
  CHECK(std::chrono::steady_clock::now() - started < 25s);  // one wait of 11 s, not one per URL
  CHECK(server.hits("/p0") == 2);
  CHECK(server.hits("/p1") == 1);
  CHECK(server.hits("/p2") == 0);
  CHECK(server.hits("/p3") == 0);
  CommandResult result;
  result.out = run.out;
  CHECK(findings(result, sitemap) ==
        ":4:11: error[PAGE105 page-fetch-error]: 'SITE/p1' answers 429 (Too Many Requests) on the live site (status "
        "429, not asked again: its host was given up); list only pages that answer 200 (Search Console: \"Server "
        "error (5xx)\")\n"
        ":5:11: error[PAGE105 page-fetch-error]: 'SITE/p2' was not fetched, nor any other URL of its host after it: "
        "127.0.0.1 "
        "answered 429 again once the wait its Retry-After asked for was over; check the server, then run again\n");
  CHECK(run.err ==
        "sitemaplint: 127.0.0.1 answered 11 s of Retry-After: its requests wait that long before the next one (not a "
        "hang); the host is given up if it answers so again\n");
}

TEST_CASE("live: an https URL on a port that answers plain HTTP is said so, not in TLS's words alone") {
  HttpTestServer server;  // plain HTTP: a TLS handshake gets "400 Bad Request", as from real servers
  TempDir dir;
  const std::string site = "https://127.0.0.1:" + std::to_string(server.port());
  const std::string sitemap = dir.write("sitemap.xml", site_urlset({site + "/page"}));
  const auto run =
      run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--base-url", site + "/sitemap.xml", sitemap});
  CHECK(run.exit_code == 1);
  std::string out = run.out;
  out.erase(0, sitemap.size());
  for (std::size_t at = out.find(site); at != std::string::npos; at = out.find(site, at))
    out.replace(at, site.size(), "SITE");
  const std::string port = std::to_string(server.port());
  out.replace(out.find(port), port.size(), "PORT");
  CHECK(
      out ==
      ":3:11: error[PAGE106 page-blocked-by-robots]: 'SITE/page' and the other URLs of its host: robots.txt could not "
      "be fetched (TLS error: the server at 127.0.0.1:PORT answered in plain HTTP to an https request: that port "
      "serves http://, not https://): Google treats the whole site as disallowed for a while (RFC 9309 2.3.1.4: an "
      "unreachable robots.txt means complete disallow); nothing was fetched\n");
}

TEST_CASE("live: a host that refuses connections is named with its port and libcurl's reason") {
  std::string site, port;
  {
    HttpTestServer gone;  // its port is closed once it is gone
    site = gone.url("");
    port = std::to_string(gone.port());
  }
  TempDir dir;
  const std::string sitemap = dir.write("sitemap.xml", site_urlset({site + "/a"}));
  const auto run =
      run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--base-url", site + "/sitemap.xml", sitemap});
  CHECK(run.exit_code == 1);
  CHECK(run.out.find("robots.txt could not be fetched (could not connect to 127.0.0.1:" + port +
                     ": Failed to connect") != std::string::npos);
}

TEST_CASE("live: a run robots.txt kept from every page says none was fetched, not that they were checked") {
  HttpTestServer server;
  server.route("/robots.txt",
               HttpResponse{200, {{"Content-Type", "text/plain"}}, "User-agent: sitemaplint\nDisallow: /\n"});
  server.route("*", html("Page"));
  serve_sitemap(server, site_urlset({server.url("/a"), server.url("/b")}));
  const auto run = run_cli({"--pages", "--rate", "200", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(run.out.find("2 listed URLs, none fetched: robots.txt disallows sitemaplint.") != std::string::npos);
  CHECK(server.hits("/a") + server.hits("/b") == 0);
}

TEST_CASE("live: misbehaving servers cost a bounded time and give findings") {
  HttpTestServer server;
  server.route("/robots.txt", HttpResponse{404, {{"Content-Type", "text/plain"}}, ""});
  // Slower than --timeout.
  server.route("/slow", [](const HttpRequest&, HttpExchange& exchange) { exchange.sleep_for(5000ms); });
  // An endless head: bytes until the reader stops.
  server.route("/endless", [](const HttpRequest&, HttpExchange& exchange) {
    HttpResponse head{200, {{"Content-Type", "text/html"}}, "", false};
    if (!exchange.send_head(head) || !exchange.send("<html><head><title>t</title>")) return;
    const std::string filler = "<meta name=\"x\" content=\"" + std::string(1000, 'a') + "\">\n";
    for (int i = 0; i < 5000 && exchange.send(filler); ++i) {
    }
  });
  // A gzip bomb: 64 MiB of zeros in a small body.
  const std::string bomb = gzip_for_test(std::string(64u << 20, '\0'));
  server.route("/bomb", HttpResponse{200, {{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}}, bomb});
  // A body that is no gzip though the header says so.
  server.route("/bad-gzip",
               HttpResponse{200, {{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}}, "not gzip at all"});
  // A connection dropped in the middle of the body.
  server.route("/dropped", [](const HttpRequest&, HttpExchange& exchange) {
    exchange.send("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<html><head><title>");
  });
  // Invalid chunking.
  server.route("/chunks", [](const HttpRequest&, HttpExchange& exchange) {
    exchange.send("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nhello\r\n");
  });
  // An answer begun, then nothing more until after --timeout.
  server.route("/drip", [](const HttpRequest&, HttpExchange& exchange) {
    if (exchange.send("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<html><head>"))
      exchange.sleep_for(5000ms);
  });
  // A redirect to a name of this machine that the user did not name.
  server.route("/to-localhost", redirect(302, "http://localhost:" + std::to_string(server.port()) + "/ok"));
  const auto u = [&](const std::string& path) { return server.url(path); };
  serve_sitemap(server, site_urlset({u("/slow"), u("/endless"), u("/bomb"), u("/bad-gzip"), u("/dropped"), u("/chunks"),
                                     u("/to-localhost"), u("/drip")}));
  const auto started = std::chrono::steady_clock::now();
  const auto run =
      run_cli({"--pages", "--quiet", "--rate", "200", "--timeout", "1", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(std::chrono::steady_clock::now() - started < 4s);
  CHECK(run.exit_code == 1);
  CHECK(findings(run, server.url("/sitemap.xml")) ==
        ":3:11: error[PAGE105 page-fetch-error]: 'SITE/slow' gives no answer (nothing came within 1000 ms of the "
        "request) on the live site; list only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":4:11: warning[PAGE104 page-unreadable]: 'SITE/endless' is listed, but its page has a head that does not end "
        "within the first 512 KiB (reading stopped at SITE/endless:511); tags after that are not checked: move "
        "scripts, styles and inline data out of the head\n"
        ":5:11: warning[PAGE104 page-unreadable]: 'SITE/bomb' is listed, but its page is not text: a NUL byte at "
        "SITE/bomb:1 (offset 0); search engines do not read it as HTML: build the page's HTML there (a page in UTF-16 "
        "needs a byte order mark)\n"
        ":6:11: error[PAGE105 page-fetch-error]: 'SITE/bad-gzip' gives no answer (the body could not be decoded as its "
        "Content-Encoding says: Error while processing content unencoding: incorrect header check) on the live site; "
        "list only pages that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":7:11: error[PAGE105 page-fetch-error]: 'SITE/dropped' gives no answer (the connection was closed before the "
        "answer ended: transfer closed with 981 bytes remaining to read) on the live site; list only pages that answer "
        "200 (Search Console: \"Server error (5xx)\")\n"
        ":8:11: error[PAGE105 page-fetch-error]: 'SITE/chunks' gives no answer (the connection was closed before the "
        "answer ended: Illegal or missing hexadecimal sequence in chunked-encoding) on the live site; list only pages "
        "that answer 200 (Search Console: \"Server error (5xx)\")\n"
        ":9:11: error[PAGE107 page-redirect-error]: 'SITE/to-localhost' redirects, and 'http://localhost:" +
            std::to_string(server.port()) +
            "/ok' was not fetched (refused to connect to 'localhost' (this machine): a loopback, private or link-local "
            "address is not fetched unless --allow-host names it): 'SITE/to-localhost' (302) -> 'http://localhost:" +
            std::to_string(server.port()) +
            "/ok' (no answer); fix the redirects, or list where they lead if it is a page to index\n"
            ":10:11: error[PAGE105 page-fetch-error]: 'SITE/drip' gives no answer (the answer began but did not end "
            "within 1000 ms) on the live site; list only pages that answer 200 (Search Console: \"Server error "
            "(5xx)\")\n");
  // The note of the endless head places where reading stopped as the message does, with its
  // column (the fetched page is not read again to place it): 512 KiB in, line 511 starts at byte
  // 523,798 (a first line of 28 bytes and its meta, then lines of 1,027), so column 491.
  serve_sitemap(server, site_urlset({u("/endless")}));
  const auto endless = run_cli({"--pages", "--rate", "200", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(endless.out.find("reading stopped at " + u("/endless") + ":511)") != std::string::npos);
  CHECK(endless.out.find("  note: where reading stopped at " + u("/endless") + ":511:491\n") != std::string::npos);
}

TEST_CASE("live: answers that are not whole, or say nothing to follow, get findings of their own") {
  HttpTestServer server;
  server.route("/robots.txt", HttpResponse{404, {{"Content-Type", "text/plain"}}, ""});
  // A status line and half a header, then the end of the connection.
  server.route("/cut-head",
               [](const HttpRequest&, HttpExchange& exchange) { exchange.send("HTTP/1.1 200 OK\r\nContent-Ty"); });
  // One header line over libcurl's 100 KB.
  server.route("/huge-header", HttpResponse{200,
                                            {{"Content-Type", "text/html"}, {"X-Big", std::string(200000, 'a')}},
                                            "<html><head></head></html>"});
  // A page with no Content-Type, sniffed as HTML: its noindex counts.
  server.route("/untyped", [](const HttpRequest&, HttpExchange& exchange) {
    const std::string body = "\n<!DOCTYPE html><html><head><meta name=\"robots\" content=\"noindex\"></head></html>";
    exchange.send("HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  });
  server.route("/empty", HttpResponse{204, {}, ""});
  server.route("/nowhere", HttpResponse{301, {}, ""});
  server.route("/here", HttpResponse{302, {{"Location", ""}}, ""});  // an empty reference: itself
  server.route("/blank.png", HttpResponse{204, {}, ""});
  server.route("/page", html("P"));
  server.route("/not-modified", HttpResponse{304, {}, ""});
  server.route("/bad-location", redirect(302, "http://[::1"));
  server.route("/bad-port", redirect(302, "http://127.0.0.1:99999/"));
  server.route("/s999", HttpResponse{999, {{"Content-Type", "text/plain"}}, "?"});
  // No type, a first chunk of white space alone, the page a moment later: sniffed once it is in.
  server.route("/untyped-late", [](const HttpRequest&, HttpExchange& exchange) {
    const std::string page = "<html><head><meta name=\"robots\" content=\"noindex\"></head></html>";
    char size[16];
    std::snprintf(size, sizeof size, "%zx", page.size());
    if (exchange.send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n\n\n\r\n") &&
        exchange.sleep_for(100ms))
      exchange.send(std::string(size) + "\r\n" + page + "\r\n0\r\n\r\n");
  });
  // A redirect and a canonical to the empty page: no page to list instead.
  server.route("/to-empty", redirect(301, "/empty"));
  server.route("/canonical-empty", html("C", "<link rel=\"canonical\" href=\"/empty\">"));
  server.route("/star", HttpResponse{200,
                                     {{"Content-Type", "*/*"}},
                                     "<html><head><meta name=\"robots\" content=\"noindex\"></head></html>"});
  const auto u = [&](const std::string& path) { return server.url(path); };
  serve_sitemap(server, site_urlset({u("/cut-head"), u("/huge-header"), u("/untyped"), u("/empty"), u("/nowhere"),
                                     u("/not-modified"), u("/bad-location"), u("/bad-port"), u("/s999"),
                                     u("/untyped-late"), u("/star"), u("/to-empty"), u("/canonical-empty"), u("/here")},
                                    "<url><loc>" + u("/page") + "</loc><image:image><image:loc>" + u("/blank.png") +
                                        "</image:loc></image:image></url>\n"));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--format", "human",
                            "--no-progress", server.url("/sitemap.xml")});
  CHECK(run.exit_code == 1);
  CHECK(findings(run, server.url("/sitemap.xml")) ==
        ":3:11: error[PAGE105 page-fetch-error]: 'SITE/cut-head' gives no answer (the connection was closed before "
        "the answer's headers ended) on the live site; list only pages that answer 200 (Search Console: \"Server "
        "error (5xx)\")\n"
        ":4:11: error[PAGE105 page-fetch-error]: 'SITE/huge-header' gives no answer (its response headers are larger "
        "than libcurl takes (100 KB a header, 300 KB in all)) on the live site; list only pages that answer 200 "
        "(Search Console: \"Server error (5xx)\")\n"
        ":5:11: error[PAGE201 page-noindex]: 'SITE/untyped' is listed, but its page forbids indexing: <meta "
        "name=\"robots\"> says 'noindex' (SITE/untyped:2); remove the directive or the URL (Search Console: "
        "\"Submitted URL marked 'noindex'\")\n"
        ":6:11: error[PAGE102 page-soft-404]: 'SITE/empty' answers 204 No Content: an empty page, which Google may "
        "report as a soft 404; publish the page or remove the URL (Search Console: \"Submitted URL seems to be a "
        "Soft 404\")\n"
        ":7:11: error[PAGE105 page-fetch-error]: 'SITE/nowhere' answers 301 on the live site (a redirect status "
        "without a Location header to follow); list only pages that answer 200 (Search Console: \"Redirect "
        "error\")\n"
        ":8:11: error[PAGE105 page-fetch-error]: 'SITE/not-modified' answers 304 on the live site (a 304 Not "
        "Modified to a request that asked for no validator); list only pages that answer 200 (Search Console: "
        "\"Redirect error\")\n"
        ":9:11: error[PAGE107 page-redirect-error]: 'SITE/bad-location' redirects, and 'http://[::1/' was not fetched "
        "(its Location is not a valid URL): 'SITE/bad-location' (302) -> 'http://[::1/' (no answer); fix the "
        "redirects, or list where they lead if it is a page to index\n"
        ":10:11: error[PAGE107 page-redirect-error]: 'SITE/bad-port' redirects, and 'http://127.0.0.1:99999/' was not "
        "fetched (its Location is not a valid URL): 'SITE/bad-port' (302) -> 'http://127.0.0.1:99999/' (no answer); "
        "fix the redirects, or list where they lead if it is a page to index\n"
        ":11:11: error[PAGE105 page-fetch-error]: 'SITE/s999' answers 999 on the live site; list only pages that "
        "answer 200\n"
        ":12:11: error[PAGE201 page-noindex]: 'SITE/untyped-late' is listed, but its page forbids indexing: <meta "
        "name=\"robots\"> says 'noindex' (SITE/untyped-late:3); remove the directive or the URL (Search Console: "
        "\"Submitted URL marked 'noindex'\")\n"
        ":13:11: error[PAGE201 page-noindex]: 'SITE/star' is listed, but its page forbids indexing: <meta "
        "name=\"robots\"> says 'noindex' (SITE/star:1); remove the directive or the URL (Search Console: "
        "\"Submitted URL marked 'noindex'\")\n"
        ":14:11: warning[PAGE103 page-redirect]: 'SITE/to-empty' is not a page: the site redirects it with 301 to "
        "'SITE/empty' (chain: SITE/to-empty (301) -> SITE/empty (204)), which answers 204 No Content: an empty page; "
        "remove the URL or correct the redirect (Search Console: \"Page with redirect\")\n"
        ":15:11: warning[PAGE202 page-canonical-elsewhere]: 'SITE/canonical-empty' is listed, but its page names "
        "'SITE/empty' as canonical (SITE/canonical-empty:1), which answers 204 No Content (an empty page); list the "
        "canonical URL or make the page canonical to itself (Search Console: \"Alternate page with proper canonical "
        "tag\")\n"
        ":16:11: error[PAGE107 page-redirect-error]: 'SITE/here' redirects, and it loops back to 'SITE/here': "
        "'SITE/here' (302); fix the redirects, or remove the URL (Search Console: \"Redirect error\")\n"
        ":17:68: error[PAGE301 page-media-not-found]: <image:loc> 'SITE/blank.png' answers 204 (No Content) on the "
        "live site: no file to index; publish the file or correct the URL\n");
  CHECK(server.hits("/blank.png") == 1);
  // Every listed URL is in one bucket of the summary.
  const auto json = run_cli(
      {"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--format", "json", server.url("/sitemap.xml")});
  const auto pages = nlohmann::json::parse(json.out)["pages"];
  INFO(pages.dump());
  CHECK(pages["checked"] == 16);  // 15 pages and an image
  CHECK(pages["other_statuses"] == 3);
  CHECK(pages["unreachable"] == 2);
  CHECK(pages["soft_404"] == 2);  // the empty page and the empty image
  CHECK(pages["served"] == 5);
  CHECK(pages["redirected"] == 4);
}

TEST_CASE("live: a Location is followed as browsers follow it, odd characters and all") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/pipe", redirect(301, "/t|x[1]"));  // what no URI holds as it is: percent-encoded
  server.route("/backslash", redirect(301, "/a\\b"));  // '\\' is '/' in an http(s) URL
  server.route("/stray", redirect(301, "/p%zz"));  // a '%' that starts no escape: sent as it is
  server.route("/t%7Cx%5B1%5D", html("T"));
  server.route("/a/b", html("A"));
  server.route("/p%zz", html("P"));
  serve_sitemap(server, site_urlset({u("/pipe"), u("/backslash"), u("/stray")}));
  const auto run = run_cli(
      {"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--select", "PAGE", server.url("/sitemap.xml")});
  CHECK(findings(run, server.url("/sitemap.xml")) ==
        ":3:11: warning[PAGE103 page-redirect]: 'SITE/pipe' is not a page: the site redirects it with 301 to "
        "'SITE/t%7Cx%5B1%5D' (chain: SITE/pipe (301) -> SITE/t%7Cx%5B1%5D (200)); list 'SITE/t%7Cx%5B1%5D' instead "
        "(Search Console: \"Page with redirect\")\n"
        ":4:11: warning[PAGE103 page-redirect]: 'SITE/backslash' is not a page: the site redirects it with 301 to "
        "'SITE/a/b' (chain: SITE/backslash (301) -> SITE/a/b (200)); list 'SITE/a/b' instead (Search Console: \"Page "
        "with redirect\")\n"
        ":5:11: warning[PAGE103 page-redirect]: 'SITE/stray' is not a page: the site redirects it with 301 to "
        "'SITE/p%zz' (chain: SITE/stray (301) -> SITE/p%zz (200)); list 'SITE/p%zz' instead (Search Console: \"Page "
        "with redirect\")\n");
  check_asked_once(server, {"/t%7Cx%5B1%5D", "/a/b", "/p%zz"});
}

TEST_CASE("live: an image whose HEAD fails is asked again with GET, and judged as a file") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  // A CDN that refuses HEAD with 403 but serves the image to GET; one that refuses both.
  const auto head_refused = [](const HttpRequest& request, HttpExchange& exchange) {
    const std::string body = "\x89PNG";
    exchange.send(request.method == "HEAD" ? std::string("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
                                           : "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: " +
                                                 std::to_string(body.size()) + "\r\n\r\n" + body);
  };
  server.route("/signed.png", head_refused);
  server.route("/private.png", HttpResponse{403, {{"Content-Type", "text/plain"}}, "no"});
  server.route("/page", html("P"));
  serve_sitemap(server, site_urlset({}, "<url><loc>" + u("/page") + "</loc><image:image><image:loc>" +
                                            u("/signed.png") + "</image:loc></image:image><image:image><image:loc>" +
                                            u("/private.png") + "</image:loc></image:image></url>\n"));
  const auto run = run_cli(
      {"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--select", "PAGE", server.url("/sitemap.xml")});
  CHECK(findings(run, server.url("/sitemap.xml")) ==
        ":3:151: error[PAGE105 page-fetch-error]: <image:loc> 'SITE/private.png' answers 403 (Forbidden) on the live "
        "site; name only files that answer 200\n");
  std::vector<std::string> methods;
  for (const HttpRequest& r : server.requests())
    if (r.path == "/signed.png") methods.push_back(r.method);
  CHECK(methods == std::vector<std::string>{"HEAD", "GET"});
}

TEST_CASE("live: a page's hreflang that is no code, or gives a code two URLs, is not copied to the sitemap") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  const auto alternate = [](const char* code, const std::string& href) {
    return "<link rel=\"alternate\" hreflang=\"" + std::string(code) + "\" href=\"" + href + "\">";
  };
  server.route("/fr", html("F", alternate("fr", u("/fr")) + alternate("en_US", u("/en"))));
  server.route("/de", html("D", alternate("de", u("/de")) + alternate("de", u("/de-other"))));
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  for (const char* code : {"fr", "de"}) {
    const std::string page = u("/" + std::string(code));
    xml += "<url><loc>" + page + "</loc><xhtml:link rel=\"alternate\" hreflang=\"" + code + "\" href=\"" + page +
           "\"/></url>\n";
  }
  serve_sitemap(server, xml + "</urlset>\n");
  const auto run = run_cli(
      {"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--select", "PAGE203", server.url("/sitemap.xml")});
  CHECK(findings(run, server.url("/sitemap.xml")) ==
        ":3:1: warning[PAGE203 page-hreflang-mismatch]: the page of 'SITE/fr' names the alternate hreflang='en_US' "
        "(SITE/fr:1), which is no language code: Google ignores it; correct it on the page\n"
        ":4:1: warning[PAGE203 page-hreflang-mismatch]: the page of 'SITE/de' gives hreflang='de' two URLs, 'SITE/de' "
        "(SITE/de:1) and 'SITE/de-other' (SITE/de:1): Google may ignore the page's annotations; give each language one "
        "URL on the page\n");
}

TEST_CASE("live: another spelling of the site's address is the site: one robots.txt, no other host") {
  HttpTestServer server;
  const std::string port = std::to_string(server.port());
  server.route("/ok", html("OK"));
  server.route("/short", redirect(301, "http://127.1:" + port + "/ok"));
  // (An IPv4-mapped literal, [::ffff:127.0.0.1], is that address too: fetch_proxy_test; not asked
  // here, as a machine without IPv6 could not connect to it.)
  serve_sitemap(server, site_urlset({server.url("/short"), server.url("/0x7f.1")}));
  server.route("/0x7f.1", redirect(301, "http://0x7f.1:" + port + "/ok"));
  const auto run = run_cli(
      {"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--select", "PAGE", server.url("/sitemap.xml")});
  const std::string found = findings(run, server.url("/sitemap.xml"));
  CHECK(found.find("list 'http://127.1:" + port + "/ok' instead") != std::string::npos);
  CHECK(found.find("list 'http://0x7f.1:" + port + "/ok' instead") != std::string::npos);
  CHECK(found.find("another host") == std::string::npos);
  CHECK(found.find("refused") == std::string::npos);
  // One origin: its robots.txt and its soft-404 probe asked for once.
  CHECK(server.hits("/robots.txt") == 1);
  std::size_t probes = 0;
  for (const HttpRequest& r : server.requests())
    probes += r.path.find("sitemaplint-soft-404-probe-") != std::string::npos;
  CHECK(probes == 1);
}

TEST_CASE("live: a hop to a host that answers nothing, or that --allow-host leaves out, says so") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/ok", html("OK"));
  // Nothing listens on port 1 of this machine: the hop's robots.txt gets no answer, nor would it.
  server.route("/to-nothing", redirect(301, "http://127.0.0.1:1/x"));
  server.route("/to-localhost", redirect(301, "http://localhost:" + std::to_string(server.port()) + "/ok"));
  // Locations as browsers read them: "http:/ok" is relative to an http base, a tab is dropped.
  server.route("/same-scheme", redirect(301, "http:/ok"));
  server.route("/tabbed", redirect(301, "/o\tk"));
  server.route("/img.png", redirect(302, "http://127.0.0.1:1/i.png"));  // an image, judged as a file
  serve_sitemap(server, site_urlset({u("/to-nothing"), u("/to-localhost"), u("/same-scheme"), u("/tabbed")},
                                    "<url><loc>" + u("/ok") + "</loc><image:image><image:loc>" + u("/img.png") +
                                        "</image:loc></image:image></url>\n"));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--select", "PAGE",
                            "--allow-host", "127.0.0.1", server.url("/sitemap.xml")});
  const std::string found = findings(run, server.url("/sitemap.xml"));
  CHECK(found.find(":3:11: error[PAGE107 page-redirect-error]: 'SITE/to-nothing' redirects, and "
                   "'http://127.0.0.1:1/x' gives no answer (could not connect to 127.0.0.1:1") != std::string::npos);
  CHECK(found.find("'SITE/to-localhost' redirects, and 'http://localhost:" + std::to_string(server.port()) +
                   "/ok' was not fetched (refused: host 'localhost' is not an allowed host (--allow-host))") !=
        std::string::npos);
  CHECK(found.find("'SITE/same-scheme' is not a page: the site redirects it with 301 to 'SITE/ok'") !=
        std::string::npos);
  CHECK(found.find("'SITE/tabbed' is not a page: the site redirects it with 301 to 'SITE/ok'") != std::string::npos);
  CHECK(found.find("<image:loc> 'SITE/img.png' redirects, and 'http://127.0.0.1:1/i.png' gives no answer") !=
        std::string::npos);
  CHECK(found.find("name the file where it is served, or fix the redirects\n") != std::string::npos);
  CHECK(found.find("robots.txt") == std::string::npos);
}

TEST_CASE("live: a host's robots.txt that answers nothing is one finding, however many fields name the URL") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  server.route("/robots.txt", HttpResponse{503, {{"Content-Type", "text/plain"}}, "busy"});
  const std::string link = "<xhtml:link xmlns:xhtml=\"http://www.w3.org/1999/xhtml\" rel=\"alternate\" ";
  serve_sitemap(server,
                site_urlset({}, "<url><loc>" + u("/en") + "</loc>" + link + "hreflang=\"en\" href=\"" + u("/en") +
                                    "\"/>" + link + "hreflang=\"de\" href=\"" + u("/de") + "\"/></url>\n"));
  const auto run = run_cli(
      {"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--select", "PAGE106", server.url("/sitemap.xml")});
  CHECK(count_lines(findings(run, server.url("/sitemap.xml"))) == 1);
}

TEST_CASE("live: headers and heads read as Google reads them: dates, Link, fragments, refreshes") {
  HttpTestServer server;
  const auto u = [&](const std::string& path) { return server.url(path); };
  // X-Robots-Tag: a date whose weekday has a comma, then noindex; words apart by a space.
  server.route("/weekday",
               html("W", "", {{"X-Robots-Tag", "unavailable_after: Friday, 25-Jun-2099 15:00:00 GMT, noindex"}}));
  server.route("/spaced", html("S", "", {{"X-Robots-Tag", "noindex nofollow"}}));
  // A canonical to the page itself with a fragment; Link canonicals that RFC 8288 does not make
  // the page's (a second rel, an anchor).
  server.route("/frag", html("F", "<link rel=\"canonical\" href=\"" + u("/frag") + "#top\">"));
  server.route("/second-rel", html("P", "", {{"Link", "<" + u("/other") + ">; rel=\"preload\"; rel=\"canonical\""}}));
  server.route("/anchored", html("A", "", {{"Link", "<" + u("/other") + ">; rel=\"canonical\"; anchor=\"/x\""}}));
  // A refresh that reloads the page itself; one to a page that does not exist.
  server.route("/reload", html("R", "<meta http-equiv=\"refresh\" content=\"300; url=/reload\">"));
  server.route("/refresh-gone", html("G", "<meta http-equiv=\"refresh\" content=\"0; url=/nothing\">"));
  // A Last-Modified after the answer's Date is no modification time.
  server.route("/future", html("L", "", {{"Last-Modified", "Fri, 01 Jan 2100 00:00:00 GMT"}}));
  // hreflang given in the Link header counts as the head's does.
  server.route("/en", html("E", "<link rel=\"alternate\" hreflang=\"en\" href=\"/en\">",
                           {{"Link", "<" + u("/de") + ">; rel=\"alternate\"; hreflang=\"de\""}}));
  server.route("/de", html("D", "<link rel=\"alternate\" hreflang=\"de\" href=\"/de\">",
                           {{"Link", "<" + u("/en") + ">; rel=alternate; hreflang=en"}}));
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  for (const char* path : {"/weekday", "/spaced", "/frag", "/second-rel", "/anchored", "/reload", "/refresh-gone"})
    xml += "<url><loc>" + u(path) + "</loc></url>\n";
  xml += "<url><loc>" + u("/future") + "</loc><lastmod>2024-01-01</lastmod></url>\n";
  for (const char* path : {"/en", "/de"}) {
    xml += "<url><loc>" + u(path) + "</loc><xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"" + u("/en") +
           "\"/><xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"" + u("/de") + "\"/></url>\n";
  }
  serve_sitemap(server, xml + "</urlset>\n");
  const auto run =
      run_cli({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, "--no-progress", server.url("/sitemap.xml")});
  CHECK(findings(run, server.url("/sitemap.xml")) ==
        ":3:11: error[PAGE201 page-noindex]: 'SITE/weekday' is listed, but its page forbids indexing: X-Robots-Tag "
        "header (as served) says 'unavailable_after: Friday, 25-Jun-2099 15:00:00 GMT, noindex'; remove the directive "
        "or the URL (Search Console: \"Submitted URL marked 'noindex'\")\n"
        ":4:11: error[PAGE201 page-noindex]: 'SITE/spaced' is listed, but its page forbids indexing: X-Robots-Tag "
        "header (as served) says 'noindex nofollow'; remove the directive or the URL (Search Console: \"Submitted URL "
        "marked 'noindex'\")\n"
        ":9:11: warning[PAGE103 page-redirect]: 'SITE/refresh-gone' is not a page: the site sends crawlers on to "
        "'SITE/nothing' (its page is a <meta http-equiv=\"refresh\"> stub), which answers 404 (Not Found); remove the "
        "URL or correct the redirect (Search Console: \"Page with redirect\")\n"
        ":11:1: info[LANG114 hreflang-x-default-missing]: this <url> has alternates for 2 language codes but no "
        "x-default for visitors of other languages (2 entries in this file lack one); consider an alternate with "
        "hreflang=\"x-default\", such as a language chooser\n");
}

TEST_CASE("live: a page of more alternates than are kept is held to what it names, not what it may name") {
  HttpTestServer server;
  // The page's first alternate is "en", its last (past those kept) "de"; the sitemap gives both.
  std::string links;
  for (std::size_t i = 0; i <= HeadFacts::kMaxAlternates; ++i) {
    // Between them, codes of the right shape (three letters: "qab"), each its own.
    const std::string other = {'q', static_cast<char>('a' + i / 26), static_cast<char>('a' + i % 26)};
    const std::string code = i == 0 ? "en" : i == HeadFacts::kMaxAlternates ? "de" : other;
    links += "<link rel=\"alternate\" hreflang=\"" + code + "\" href=\"" + server.url("/l" + std::to_string(i)) + "\">";
  }
  server.route("/many", html("Many", links));
  server.route("*", html("Other"));
  const std::string xhtml = "<xhtml:link xmlns:xhtml=\"http://www.w3.org/1999/xhtml\" rel=\"alternate\" ";
  // With an alternate for itself, so that the <url>'s links are without fault.
  serve_sitemap(
      server, site_urlset({}, "<url><loc>" + server.url("/many") + "</loc>" + xhtml + "hreflang=\"fr\" href=\"" +
                                  server.url("/many") + "\"/>" + xhtml + "hreflang=\"en\" href=\"" + server.url("/l0") +
                                  "\"/>" + xhtml + "hreflang=\"de\" href=\"" +
                                  server.url("/l" + std::to_string(HeadFacts::kMaxAlternates)) + "\"/></url>\n"));
  const auto run = run_cli({"--pages", "--quiet", "--rate", "500", "--now", kTestNow, "--select", "PAGE203", "--format",
                            "json", server.url("/sitemap.xml")});
  std::size_t page_side = 0;
  const auto report = nlohmann::json::parse(run.out);
  for (const auto& file : report["files"]) {
    for (const auto& finding : file["diagnostics"]) {
      const std::string message = finding["message"];
      INFO(message);
      // Nothing says the page lacks the last alternate: it may be among those not kept.
      CHECK(message.find("but its page") == std::string::npos);
      if (message.find("which the sitemap does not give it") != std::string::npos) ++page_side;
    }
  }
  CHECK(page_side == HeadFacts::kMaxAlternates - 1);  // the kept links but "en"
}

TEST_CASE("live: a redirect to a URL with no origin of its own ends, with a finding") {
  HttpTestServer server;
  server.route("/to-ftp", redirect(301, "ftp://127.0.0.1/file"));
  serve_sitemap(server, site_urlset({server.url("/to-ftp")}));
  const BoundedResult run =
      run_bounded({"--pages", "--quiet", "--rate", "200", "--now", kTestNow, server.url("/sitemap.xml")}, 10);
  CHECK_FALSE(run.timed_out);
  CommandResult result;
  result.out = run.out;
  CHECK(findings(result, server.url("/sitemap.xml")) ==
        ":3:11: error[PAGE107 page-redirect-error]: 'SITE/to-ftp' redirects, and 'ftp://127.0.0.1/file' was not "
        "fetched (only http and https URLs are): 'SITE/to-ftp' (301) -> 'ftp://127.0.0.1/file' (no answer); fix the "
        "redirects, or list where they lead if it is a page to index\n");
}

TEST_CASE("live: --max-urls and --sample cut the list, and the summary says so") {
  HttpTestServer server;
  std::vector<std::string> locs;
  for (int i = 0; i < 10; ++i) {
    server.route("/s" + std::to_string(i), html("s"));
    locs.push_back(server.url("/s" + std::to_string(i)));
  }
  serve_sitemap(server, site_urlset(locs));
  const auto cut =
      run_cli({"--pages", "--rate", "200", "--max-urls", "3", "--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(cut.exit_code == 0);
  CHECK(cut.out.find("7 listed URLs not fetched (past --max-urls 3)") != std::string::npos);
  std::size_t fetched = 0;
  for (int i = 0; i < 10; ++i) fetched += server.hits("/s" + std::to_string(i));
  CHECK(fetched == 3);
  // The same seed, the same sample: the log's lines (in the order the answers came) sorted.
  const auto sample_log = [&](const std::string& seed) {
    const TempDir dir;
    const std::string log = (dir.path / "pages.jsonl").string();
    const auto run = run_cli({"--pages", "--rate", "200", "--sample", "4", "--seed", seed, "--pages-log", log,
                              "--quiet", "--now", kTestNow, server.url("/sitemap.xml")});
    CHECK(run.exit_code == 0);
    std::ifstream in(log);
    std::vector<std::string> lines;
    // The time each took varies: it is checked to be there, and left out.
    for (std::string line; std::getline(in, line);) {
      CHECK(std::regex_search(line, std::regex("\"ms\":[0-9]+,")));
      lines.push_back(std::regex_replace(line, std::regex("\"ms\":[0-9]+,"), ""));
    }
    std::sort(lines.begin(), lines.end());
    std::string joined;
    for (const std::string& line : lines) joined += line + "\n";
    return joined;
  };
  const std::string first = sample_log("29");
  CHECK(first == sample_log("29"));
  CHECK(first != sample_log("30"));
  const std::string s = server.url("/s");
  CHECK(first == "{\"final_url\":\"" + s + "0\",\"status\":200,\"url\":\"" + s + "0\"}\n" + "{\"final_url\":\"" + s +
                     "1\",\"status\":200,\"url\":\"" + s + "1\"}\n" + "{\"final_url\":\"" + s +
                     "2\",\"status\":200,\"url\":\"" + s + "2\"}\n" + "{\"final_url\":\"" + s +
                     "6\",\"status\":200,\"url\":\"" + s + "6\"}\n");
}

TEST_CASE("live: a sitemap large enough to be walked in pieces is cut at --max-urls in its own order") {
  // Over 1 MiB: parsed and walked in pieces (in lanes with --jobs 2), its URLs listed piece by
  // piece before the walk. The first URLs of the document are the ones fetched, whichever lane
  // walks them.
  HttpTestServer server;
  std::vector<std::string> locs;
  const std::string padding(80, 'p');
  for (int i = 0; i < 12000; ++i) {
    const std::string path = "/" + padding + "/" + std::to_string(i);
    server.route(path, html("Page"));
    locs.push_back(server.url(path));
  }
  const std::string xml = site_urlset(locs);
  REQUIRE(xml.size() > (std::size_t{1} << 20));
  serve_sitemap(server, xml);
  for (const std::string jobs : {"1", "2"}) {
    CAPTURE(jobs);
    const std::size_t before = server.requests().size();
    const auto run = run_cli({"--pages", "--rate", "500", "--max-urls", "20", "--jobs", jobs, "--now", kTestNow,
                              "--select", "PAGE", server.url("/sitemap.xml")});
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("11980 listed URLs not fetched (past --max-urls 20)") != std::string::npos);
    std::vector<std::string> fetched;
    const std::vector<HttpRequest> requests = server.requests();
    for (std::size_t i = before; i < requests.size(); ++i) {
      if (requests[i].path.starts_with("/" + padding)) fetched.push_back(requests[i].path);
    }
    std::sort(fetched.begin(), fetched.end());
    std::vector<std::string> first;
    for (int i = 0; i < 20; ++i) first.push_back("/" + padding + "/" + std::to_string(i));
    std::sort(first.begin(), first.end());
    CHECK(fetched == first);
  }
}

TEST_CASE("live: --max-urls over an index's children cuts in the index's order, whichever child comes first") {
  // Three children of three pages each, linted at once; the first is slow to come. --max-urls 4
  // keeps the first child's pages and the second's first, on every run.
  HttpTestServer server;
  std::string index =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (int child = 0; child < 3; ++child) {
    std::vector<std::string> locs;
    for (int i = 0; i < 3; ++i) {
      const std::string path = "/c" + std::to_string(child) + "/" + std::to_string(i);
      server.route(path, html("page"));
      locs.push_back(server.url(path));
    }
    const std::string name = "/child-" + std::to_string(child) + ".xml";
    const HttpResponse listing{200, {{"Content-Type", "application/xml"}}, site_urlset(locs)};
    server.route(name, [listing, child](const HttpRequest&, HttpExchange& exchange) {
      if (child == 0 && !exchange.sleep_for(std::chrono::milliseconds(400))) return;
      exchange.send_response(listing);
    });
    index += "<sitemap><loc>" + server.url(name) + "</loc></sitemap>\n";
  }
  serve_sitemap(server, index + "</sitemapindex>\n");
  for (int round = 0; round < 2; ++round) {
    const std::size_t before = server.requests().size();
    const auto run = run_cli({"--pages", "--rate", "200", "--max-urls", "4", "--jobs", "3", "--now", kTestNow,
                              "--select", "PAGE", server.url("/sitemap.xml")});
    INFO(run.out, run.err);
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("5 listed URLs not fetched (past --max-urls 4)") != std::string::npos);
    std::vector<std::string> fetched;
    const std::vector<HttpRequest> requests = server.requests();
    for (std::size_t i = before; i < requests.size(); ++i) {
      if (requests[i].path.starts_with("/c") && !requests[i].path.ends_with(".xml"))
        fetched.push_back(requests[i].path);
    }
    std::sort(fetched.begin(), fetched.end());
    CHECK(fetched == std::vector<std::string>{"/c0/0", "/c0/1", "/c0/2", "/c1/0"});
  }
}

TEST_CASE("live: URLs left out are counted once, and a hop to one is asked for once, whenever it is listed") {
  HttpTestServer server;
  server.route("/a", redirect(301, "/gone"));
  server.route("/b", html("b"));
  server.route("/c", html("c"));
  // /a and /b are within --max-urls 2; /gone (which /a redirects to) and /c are past it, /c listed
  // twice; an off-site URL twice.
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/a"), server.url("/b"), server.url("/gone"), server.url("/c"),
                                     server.url("/c"), "https://other.example/x", "https://other.example/x"}));
  const auto human = run_cli({"--pages", "--rate", "200", "--max-urls", "2", "--now", kTestNow, sitemap});
  INFO(human.out, human.err);
  CHECK(human.out.find("2 listed URLs not fetched (past --max-urls 2)") != std::string::npos);
  CHECK(human.out.find("1 URL on other origins not checked") != std::string::npos);
  // The hop reads /gone's answer, past the cut or not: the chain ends in its 404.
  CHECK(findings(human, sitemap)
            .find(":3:11: error[PAGE107 page-redirect-error]: 'SITE/a' redirects, and it ends in an error, 404 (Not "
                  "Found): "
                  "'SITE/a' (301) -> 'SITE/gone' (404); fix the redirects to lead to a page that answers 200, and list "
                  "that page") != std::string::npos);
  check_asked_once(server, {"/a", "/b", "/gone"});
  CHECK(server.hits("/c") == 0);
  const auto json = run_cli({"--pages", "--rate", "200", "--max-urls", "2", "--format", "json", sitemap});
  const auto summary = nlohmann::json::parse(json.out)["pages"];
  INFO(summary.dump());
  CHECK(summary["checked"] == 2);
  CHECK(summary["not_fetched"] == 2);
  CHECK(summary["other_origin"] == 1);
}

TEST_CASE("live: answers kept packed give the findings, counts and chains of answers kept whole") {
  HttpTestServer server;
  server.route("/robots.txt", HttpResponse{200, {{"Content-Type", "text/plain"}}, "User-agent: *\nDisallow: /no/\n"});
  server.route("/a", html("A", "<link rel=\"canonical\" href=\"" + server.url("/a") + "\">"));
  server.route("/b", html("B", "<link rel=\"canonical\" href=\"" + server.url("/gone") + "\">"));
  server.route("/n", html("N", "<meta name=\"robots\" content=\"noindex\">"));
  server.route("/r1", redirect(301, "/r2"));
  server.route("/r2", redirect(302, "/a"));
  server.route("/to-b", redirect(301, "/b"));
  server.route("/de", html("DE", "<link rel=\"alternate\" hreflang=\"en\" href=\"" + server.url("/a") + "\">"));
  server.route("/pic.png", HttpResponse{200, {{"Content-Type", "text/html"}}, ""});
  const std::string sitemap = server.url("/sitemap.xml");
  const std::string listing = site_urlset(
      {server.url("/a"), server.url("/b"), server.url("/n"), server.url("/r1"), server.url("/to-b"),
       server.url("/gone"), server.url("/no/x"), server.url("/a"), server.url("/r2")},
      "<url><loc>" + server.url("/de") +
          "</loc><xhtml:link xmlns:xhtml=\"http://www.w3.org/1999/xhtml\" rel=\"alternate\" hreflang=\"de\" href=\"" +
          server.url("/de") + "\"/><image:image><image:loc>" + server.url("/pic.png") +
          "</image:loc></image:image></url>\n");
  struct Run {
    std::vector<std::string> findings;
    PageTally tally;
    std::vector<std::pair<std::string, std::string>> chains;
  };
  const auto audit = [&](std::size_t unpacked) {
    LiveOptions options;
    options.origins = {origin_of_url(server.url("/"))};
    options.scheduler.limits.rate = 200;
    options.scheduler.user_agent = "sitemaplint-test";
    options.unpacked_answers = unpacked;
    auto pages = std::make_shared<LivePages>(std::move(options));
    Settings settings = test_settings();
    settings.pages = pages;
    Run run;
    const FileReport report = lint_text(listing, settings);
    for (const Diagnostic& d : report.diagnostics)
      run.findings.push_back(std::string(d.rule->code) + " " + std::to_string(d.offset) + " " + d.message);
    run.tally = pages->tally();
    run.chains = pages->redirect_chains(100);
    return run;
  };
  const Run whole = audit(4096);
  const Run packed = audit(1);  // every answer but the last packed as soon as the next comes in
  // A canonical's target, a noindex, chains (one through a listed URL), a 404, robots.txt, a
  // duplicate, hreflang on the page, an image's content type.
  std::string codes;
  for (const std::string& f : whole.findings) codes += f.substr(0, f.find(' ')) + " ";
  CHECK(codes == "PAGE202 PAGE201 PAGE103 PAGE103 PAGE101 PAGE106 SM211 PAGE103 PAGE203 PAGE203 PAGE302 ");
  CHECK(packed.findings == whole.findings);
  CHECK(packed.chains == whole.chains);
  CHECK(packed.chains.size() == 3);
  const auto counts = [](const PageTally& t) {
    return std::vector<std::size_t>{t.served,      t.missing, t.redirect, t.failed,
                                    t.blocked,     t.skipped, t.noindex,  t.canonical_elsewhere,
                                    t.other_origin};
  };
  CHECK(counts(packed.tally) == counts(whole.tally));
  CHECK(whole.tally.redirect == 3);
  CHECK(whole.tally.noindex == 1);
  // Each URL asked for once a run, packed or not.
  for (const char* path : {"/a", "/b", "/n", "/r1", "/r2", "/to-b", "/gone", "/de"}) {
    CAPTURE(path);
    CHECK(server.hits(path) == 2);
  }
}

TEST_CASE("live: a sample keeps the URLs of smallest rank as they come, in any order, and no more") {
  const std::vector<std::string> origins = {"https://a.example", "https://b.example"};
  std::vector<std::string> urls;
  for (int i = 0; i < 200; ++i) {
    urls.push_back(origins[i % 2] + "/p" + std::to_string(i / 3));  // a path on both origins: tied ranks
  }
  urls.push_back("https://elsewhere.example/p1");  // not the site's: never sampled
  // What the sample must be: every distinct URL of the site ranked, the smallest 25 taken.
  std::vector<std::pair<std::uint64_t, std::string>> ranked;
  for (const std::string& url : std::set<std::string>(urls.begin(), urls.end() - 1))
    ranked.emplace_back(sample_rank(7, url), url);
  std::sort(ranked.begin(), ranked.end());
  std::set<std::string> expected;
  for (std::size_t i = 0; i < 25; ++i) expected.insert(ranked[i].second);
  for (const bool reversed : {false, true}) {
    RunUrls run(origins, 25, 7);
    std::vector<std::string> order = urls;
    if (reversed) std::reverse(order.begin(), order.end());
    run.prefetch({order.begin(), order.begin() + 100}, 1);
    for (auto it = order.begin() + 100; it != order.end(); ++it) run.page(*it);
    run.prefetch(order, 1);  // every URL again: each kept once
    CHECK(run.sample() == expected);
  }
  CHECK(RunUrls(origins, 0, 7).sample().empty());
}

TEST_CASE("live: a sample counts URLs, not their spellings") {
  const std::vector<std::string> origins = {"https://a.example"};
  RunUrls run(origins, 2, 5);
  run.prefetch({"https://a.example/~a", "https://a.example/%7Ea", "https://a.example/%7ea#x", "https://a.example/b",
                "https://a.example/c", "https://a.example/%63"},
               1);
  const std::set<std::string> sample = run.sample();
  CHECK(sample.size() == 2);
  for (const std::string& url : sample) CHECK(url.find('%') == std::string::npos);  // each in its fetched form
}

TEST_CASE("live: --sample draws one sample from the whole run, not one per sitemap") {
  HttpTestServer server;
  std::vector<std::string> first, second, all;
  for (int i = 0; i < 10; ++i) {
    server.route("/s" + std::to_string(i), html("s"));
    (i < 5 ? first : second).push_back(server.url("/s" + std::to_string(i)));
    all.push_back(server.url("/s" + std::to_string(i)));
  }
  server.route("/a.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, site_urlset(first)});
  server.route("/b.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, site_urlset(second)});
  server.route("/all.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, site_urlset(all)});
  // The URLs a run fetched, from its --pages-log, sorted.
  const auto fetched = [&](const std::vector<std::string>& sitemaps) {
    const TempDir dir;
    const std::string log = (dir.path / "pages.jsonl").string();
    std::vector<std::string> args = {"--pages",     "--rate", "200",     "--sample", "4",
                                     "--pages-log", log,      "--quiet", "--now",    kTestNow};
    for (const std::string& sitemap : sitemaps) args.push_back(server.url(sitemap));
    const auto run = run_cli(args);
    CHECK(run.exit_code == 0);
    return logged_urls(log);
  };
  const std::vector<std::string> whole = fetched({"/all.xml"});
  CHECK(whole == std::vector<std::string>{all[0], all[1], all[2], all[6]});
  // The same URLs in two sitemaps, read in parallel: the same sample, every time.
  CHECK(fetched({"/a.xml", "/b.xml"}) == whole);
  CHECK(fetched({"/b.xml", "/a.xml"}) == whole);
}

TEST_CASE("live: the config's rate, user-agent, max-urls and cache, and the options over them") {
  HttpTestServer server;
  std::vector<std::string> locs;
  for (int i = 0; i < 4; ++i) {
    server.route("/c" + std::to_string(i), html("c", "", {{"ETag", "\"e\""}}));
    locs.push_back(server.url("/c" + std::to_string(i)));
  }
  serve_sitemap(server, site_urlset(locs));
  const TempDir dir;
  std::ofstream(dir.path / "sitemaplint.toml")
      << "rate = 200\nuser-agent = \"config-bot/1.0\"\nmax-urls = 3\ncache = \"kept\"\n";
  const auto run = run_cli({"--pages", "--now", kTestNow, server.url("/sitemap.xml")}, "", dir.path.string());
  CHECK(run.exit_code == 0);
  CHECK(run.out.find("(at most 2 connections and 200 requests a second per host)") != std::string::npos);
  CHECK(run.out.find("1 listed URL not fetched (past --max-urls 3)") != std::string::npos);
  std::size_t fetched = 0;
  for (int i = 0; i < 4; ++i) fetched += server.hits("/c" + std::to_string(i));
  CHECK(fetched == 3);
  // Every request says it is the config's User-Agent: the sitemap's fetch and robots.txt's too.
  REQUIRE(server.requests().size() >= 5);
  for (const HttpRequest& r : server.requests()) {
    CAPTURE(r.path);
    CHECK(r.header("User-Agent") == "config-bot/1.0");
  }
  CHECK(std::filesystem::is_directory(dir.path / "kept"));  // the cache, inside the config's folder
  // --show-config shows them; the command line wins over the config.
  const auto shown = run_cli({"--show-config", "--pages", "--user-agent", "cli-bot/2.0", server.url("/sitemap.xml")},
                             "", dir.path.string());
  CHECK(shown.out.find("\nrate = 200\n") != std::string::npos);
  CHECK(shown.out.find("user-agent = \"cli-bot/2.0\"\n") != std::string::npos);
  CHECK(shown.out.find("\nmax-urls = 3\n") != std::string::npos);
  CHECK(shown.out.find("\ncache = \"kept\"\n") != std::string::npos);
  // A cache outside the config's folder is refused, as a root would be.
  std::ofstream(dir.path / "sitemaplint.toml") << "cache = \"../elsewhere\"\n";
  const auto refused = run_cli({"--pages", server.url("/sitemap.xml")}, "", dir.path.string());
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("'cache'") != std::string::npos);
}

TEST_CASE("live: a --pages-log or --cache that cannot be written stops the run before any fetch") {
  HttpTestServer server;
  server.route("*", html("Page"));
  serve_sitemap(server, site_urlset({server.url("/a")}));
  const TempDir dir;
  std::ofstream(dir.path / "file") << "not a folder";
  const auto log = run_cli({"--no-config", "--pages", "--pages-log", (dir.path / "missing" / "log.jsonl").string(),
                            server.url("/sitemap.xml")});
  CHECK(log.exit_code == 2);
  CHECK(log.err.find("--pages-log " + (dir.path / "missing" / "log.jsonl").string() +
                     ": cannot be written (No such file or directory)") != std::string::npos);
  const auto cache =
      run_cli({"--no-config", "--pages", "--cache", (dir.path / "file").string(), server.url("/sitemap.xml")});
  CHECK(cache.exit_code == 2);
  CHECK(cache.err.find("--cache " + (dir.path / "file").string() + ": cannot be used as a folder") !=
        std::string::npos);
  // An empty name is no file: refused, not taken for none.
  for (const char* option : {"--pages-log", "--cache"}) {
    const auto empty = run_cli({"--no-config", "--pages", option, "", server.url("/sitemap.xml")});
    CHECK(empty.exit_code == 2);
    CHECK(empty.err.find(std::string(option) + ": expected a name, got ''") != std::string::npos);
  }
  CHECK(server.hits("/a") == 0);
}

TEST_CASE("live: a --pages-log that cannot be written to its end fails the run, after the report") {
  REQUIRE(std::filesystem::exists("/dev/full"));  // Linux's device that fails every write
  HttpTestServer server;
  server.route("/a", html("A"));
  server.route("/b", html("B"));
  serve_sitemap(server, site_urlset({server.url("/a"), server.url("/b")}));
  // /dev/full opens, and every write to it fails as on a disk that filled up.
  const auto run = run_cli({"--no-config", "--pages", "--rate", "200", "--format", "json", "--pages-log", "/dev/full",
                            server.url("/sitemap.xml")});
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("/dev/full: the --pages-log could not be written (No space left on device) after 0 lines; it is "
                     "incomplete") != std::string::npos);
  CHECK(nlohmann::json::parse(run.out)["pages"]["served"] == 2);  // the report is whole
}

TEST_CASE("live: --cache asks again with the validators, and a 304 is judged from what was kept") {
  HttpTestServer server;
  std::mutex mutex;
  std::vector<std::string> conditions;
  server.route("/kept", [&](const HttpRequest& request, HttpExchange& exchange) {
    {
      std::lock_guard lock(mutex);
      conditions.push_back(request.header("If-None-Match") + "|" + request.header("If-Modified-Since"));
    }
    if (request.header("If-None-Match") == "\"v1\"") {
      exchange.send_response({304, {{"ETag", "\"v1\""}}, ""});
      return;
    }
    exchange.send_response(html("kept", "<meta name=\"robots\" content=\"noindex\">",
                                {{"ETag", "\"v1\""}, {"Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT"}}));
  });
  serve_sitemap(server, site_urlset({server.url("/kept")}));
  const TempDir dir;
  const std::string cache = (dir.path / "cache").string();
  const std::string log = (dir.path / "pages.jsonl").string();
  const std::vector<std::string> args = {"--pages",
                                         "--quiet",
                                         "--rate",
                                         "200",
                                         "--cache",
                                         cache,
                                         "--now",
                                         kTestNow,
                                         "--pages-log",
                                         log,
                                         server.url("/sitemap.xml")};
  const auto read_log = [&] {
    std::ifstream in(log);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  const auto first = run_cli(args);
  const std::string first_log = read_log();
  const auto second = run_cli(args);
  CHECK(first.exit_code == 1);
  CHECK(first.out.find("[PAGE201 page-noindex]") != std::string::npos);
  CHECK(second.out == first.out);  // the noindex page, read from the cache after a 304
  // The log says which answer came from the cache: the kept 200, after the host's 304.
  CHECK(first_log.find("\"url\":\"" + server.url("/kept") + "\"") != std::string::npos);
  CHECK(first_log.find("\"status\":200") != std::string::npos);
  CHECK(first_log.find("\"cached\"") == std::string::npos);
  CHECK(read_log().find("\"status\":200") != std::string::npos);
  CHECK(read_log().find("\"cached\":true") != std::string::npos);
  std::lock_guard lock(mutex);
  REQUIRE(conditions.size() == 2);
  CHECK(conditions[0] == "|");
  CHECK(conditions[1] == "\"v1\"|Sun, 06 Nov 1994 08:49:37 GMT");
}

TEST_CASE("live: --cache takes the headers a 304 sends over the kept ones") {
  HttpTestServer server;
  server.route("/page", [&](const HttpRequest& request, HttpExchange& exchange) {
    if (request.header("If-None-Match") == "\"v1\"") {  // unchanged, but now kept out of the index
      exchange.send_response({304, {{"ETag", "\"v1\""}, {"X-Robots-Tag", "noindex"}}, ""});
      return;
    }
    exchange.send_response(html("page", "", {{"ETag", "\"v1\""}}));
  });
  const std::string sitemap = server.url("/sitemap.xml");
  serve_sitemap(server, site_urlset({server.url("/page")}));
  const TempDir dir;
  const std::vector<std::string> args = {
      "--pages", "--quiet", "--rate", "200", "--cache", (dir.path / "cache").string(), "--now", kTestNow, sitemap};
  CHECK(run_cli(args).exit_code == 0);
  const std::string noindex =
      ":3:11: error[PAGE201 page-noindex]: 'SITE/page' is listed, but its page forbids indexing: X-Robots-Tag header "
      "(as served) says 'noindex'; remove the directive or the URL (Search Console: \"Submitted URL marked "
      "'noindex'\")\n";
  const auto second = run_cli(args);
  CHECK(findings(second, sitemap) == noindex);
  CHECK(findings(run_cli(args), sitemap) == noindex);  // kept with the 304's headers
  CHECK(server.hits("/page") == 3);
}

TEST_CASE("live: the HTML report charts the answers and lists the redirect chains") {
  HttpTestServer server;
  server.route("/ok", html("OK"));
  server.route("/moved", redirect(301, "/ok"));
  server.route("/forbidden", HttpResponse{403, {{"Content-Type", "text/plain"}}, "no"});
  serve_sitemap(server, site_urlset({server.url("/ok"), server.url("/moved"), server.url("/forbidden")}));
  const auto run = run_cli({"--pages", "--format", "html", "--rate", "200", "--user-agent", "audit-bot/1.0", "--now",
                            kTestNow, server.url("/sitemap.xml")});
  CHECK(run.exit_code == 1);
  CHECK(run.out.find("<h3>Redirect chains</h3>") != std::string::npos);
  CHECK(run.out.find("<tr><td>" + server.url("/moved") + "</td><td>" + server.url("/moved") + " (301) -&gt; " +
                     server.url("/ok") + " (200)</td></tr>") != std::string::npos);
  CHECK(run.out.find("other 4xx (401, 403, ...)") != std::string::npos);
  // --user-agent replaces the User-Agent of the page fetches (robots.txt is still read for sitemaplint).
  bool page_seen = false;
  for (const HttpRequest& r : server.requests()) {
    if (r.path != "/ok") continue;
    page_seen = true;
    CHECK(r.header("User-Agent") == "audit-bot/1.0");
  }
  CHECK(page_seen);
}
