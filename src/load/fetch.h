// Fetching sitemaps (and robots.txt) over HTTP(S) with libcurl, which the first fetch loads
// (load/curl_library.h): a run that fetches nothing never loads it. Only http and https URLs are
// fetched, redirects are followed here (not by libcurl) so that every hop is checked against the
// same scheme and host rules, and the body is capped while it downloads. Failures are returned as
// one-line messages, not thrown.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "load/source.h"

namespace sitemaplint {

// "sitemaplint/VERSION (+PROJECT_URL)": what every fetch says it is unless the user names another
// (--user-agent), so that a site owner who sees it in a log can find out what it is.
std::string default_user_agent();

// Whether `text` can be sent as a User-Agent: one line of text, not empty, with no control
// character (a CR LF in it would add a header of its own to every request).
bool is_valid_user_agent(std::string_view text);

struct FetchOptions {
  long timeout_ms = 30000;  // the whole fetch, redirects included
  long connect_timeout_ms = 10000;  // each connection
  int max_redirects = 5;  // redirects followed; one more 3xx is an error
  std::size_t max_bytes = kMaxInputBytes;  // decoded body cap; the transfer stops just past it
  // Past max_bytes, keep what arrived and say so (FetchResult::truncated) instead of failing: a
  // sitemap larger than the protocol allows is a finding, and a Content-Encoding bomb costs no
  // more than that.
  bool keep_truncated = false;
  // Empty: any host. Otherwise only these hosts (as host_in compares them; IPv6 literals in
  // brackets, "[::1]"), for the first URL and for every redirect.
  std::vector<std::string> allowed_hosts;
  // Hosts the user named (on the command line, in --robots, or with --allow-host). A URL that
  // came from a remote document, and every redirect target, may reach a loopback, private or
  // link-local address only on one of these hosts: a public sitemap must not make sitemaplint
  // probe the machine it runs on or its network.
  std::vector<std::string> trusted_hosts;
  std::string user_agent = default_user_agent();
  // Set once the run is asked to stop (the library's StopFlag): nothing more is fetched, a fetch
  // under way ends, and files not begun are not read. Null: the run is never stopped.
  const std::atomic<bool>* stop = nullptr;
  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
};

struct FetchResult {
  // A response arrived, whatever its status. When false, `error` says why in one line (bad URL,
  // refused scheme or host, DNS, connection, TLS, timeout, too large, too many redirects) and
  // `body` is empty; `status` is then the last HTTP status received (a refused redirect's 3xx), or
  // 0 when none was.
  bool ok = false;
  std::string error;
  long status = 0;
  std::string final_url;  // the last URL requested (after the redirects that were followed)
  // Redirected: every request in order with its status, the first URL's 3xx to final_url's last
  // status. Empty when the first request was answered without a redirect.
  std::vector<RedirectHop> redirects;
  std::string content_type;  // as the server sent it, parameters included; empty when absent
  // The body was not what its Content-Encoding says (plain XML sent with "gzip", say): why, in
  // libcurl's words. `body` is then the body as sent, not decoded.
  std::string content_encoding_error;
  // Content-Encoding gzip/deflate is decoded (the cap applies to the decoded size). A body that is
  // itself a .gz file (no Content-Encoding) is returned as is: gunzip() is the caller's business.
  std::string body;
  bool truncated = false;  // keep_truncated: the body stopped at max_bytes
};

// Who named a URL: the user (command line, config), or a document sitemaplint fetched (an
// index's child, a robots.txt's Sitemap: line). Redirect targets are always remote.
enum class UrlOrigin { User, RemoteDocument };

// Fetches `url` (GET). Thread-safe: concurrent calls share nothing.
FetchResult fetch(const std::string& url, const FetchOptions& options, UrlOrigin origin = UrlOrigin::User);

// Fetches every URL with at most `concurrency` transfers at once (at least one); the results are
// in the order of `urls`.
std::vector<FetchResult> fetch_all(const std::vector<std::string>& urls, const FetchOptions& options, int concurrency,
                                   UrlOrigin origin = UrlOrigin::User);

// Whether `host` (a URL's host) is one of `hosts`, each spelled one way (normal_host: case,
// trailing dots, IDNA and the forms of an IP address do not matter).
bool host_in(std::string_view host, const std::vector<std::string>& hosts);

// Whether a numeric address is loopback, private, link-local or otherwise not a public host:
// 0.0.0.0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.168/16, ::, ::1, fc00::/7,
// fe80::/10, and those IPv4 addresses inside IPv6 ones (::ffff:a.b.c.d, ::a.b.c.d,
// 64:ff9b::a.b.c.d). `address` is a sockaddr_in or sockaddr_in6.
bool is_internal_address(const void* sockaddr, int family);

// What `host` (a URL's host) means when it is this machine or an internal address whatever
// resolves it: "this machine" for "localhost" and "*.localhost", the address for an IP literal in
// an internal range (any spelling); empty otherwise. Refused before any connection to an
// untrusted host; the address a name resolves to is checked when the connection opens.
std::string internal_host_literal(const std::string& host);

}  // namespace sitemaplint
