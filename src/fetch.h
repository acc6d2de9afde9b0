// Fetching sitemaps (and robots.txt) over HTTP(S) with libcurl. Only http and https URLs are
// fetched, redirects are followed here (not by libcurl) so that every hop is checked against the
// same scheme and host rules, and the body is capped while it downloads. Failures are returned as
// one-line messages, not thrown.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "source.h"

namespace sitemaplint {

struct FetchOptions {
  long timeout_ms = 30000;          // the whole fetch, redirects included
  long connect_timeout_ms = 10000;  // each connection
  int max_redirects = 5;            // redirects followed; one more 3xx is an error
  std::size_t max_bytes = kMaxInputBytes;  // decoded body cap; the transfer stops just past it
  // Empty: any host. Otherwise only these hosts (exact, ASCII case-insensitive; IPv6 literals in
  // brackets, "[::1]"), for the first URL and for every redirect.
  std::vector<std::string> allowed_hosts;
  std::string user_agent = "sitemaplint/" SITEMAPLINT_VERSION;
};

struct FetchResult {
  // A response arrived, whatever its status. When false, `error` says why in one line (bad URL,
  // refused scheme or host, DNS, connection, TLS, timeout, too large, too many redirects) and
  // `body` is empty; `status` is then the last HTTP status received (a refused redirect's 3xx), or
  // 0 when none was.
  bool ok = false;
  std::string error;
  long status = 0;
  std::string final_url;     // the last URL requested (after the redirects that were followed)
  std::string content_type;  // as the server sent it, parameters included; empty when absent
  // Content-Encoding gzip/deflate is decoded (the cap applies to the decoded size). A body that is
  // itself a .gz file (no Content-Encoding) is returned as is: gunzip() is the caller's business.
  std::string body;
};

// Fetches `url` (GET). Thread-safe: concurrent calls share nothing.
FetchResult fetch(const std::string& url, const FetchOptions& options);

// Fetches every URL with at most `concurrency` transfers at once (at least one); the results are
// in the order of `urls`.
std::vector<FetchResult> fetch_all(const std::vector<std::string>& urls, const FetchOptions& options,
                                   int concurrency);

// The URLs of robots.txt's "Sitemap:" lines (field name case-insensitive), trimmed, in order of
// appearance, without duplicates. Comments ('#' to the end of the line) are ignored.
std::vector<std::string> sitemaps_from_robots(std::string_view robots_txt);

}  // namespace sitemaplint
