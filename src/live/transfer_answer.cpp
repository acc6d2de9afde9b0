#include "live/transfer_answer.h"

#include <algorithm>
#include <string>
#include <vector>

#include "live/transfer_failure.h"

namespace sitemaplint {
namespace {

// Where a 3xx points: libcurl's resolving of its Location. An empty Location is a reference to the
// URL asked for itself (RFC 3986 section 5.2.2, an empty reference resolves to its base), which
// libcurl leaves unresolved: a redirect to itself, a loop, not a redirect status with no target.
std::string redirect_target(const LiveTransfer& t) {
  const char* location = nullptr;
  if (t.curl->easy_getinfo(t.easy, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location) return location;
  const std::vector<std::string> given = t.response.header_values("Location");
  const bool empty = !given.empty() && std::all_of(given.front().begin(), given.front().end(),
                                                   [](char c) { return c == ' ' || c == '\t'; });
  return empty ? t.pending.request.url : "";
}

}  // namespace

void read_answer(LiveTransfer& t, CURLcode code, const SchedulerOptions& options) {
  LiveResponse& response = t.response;
  long status = 0;
  t.curl->easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &status);
  curl_off_t total_us = 0;
  t.curl->easy_getinfo(t.easy, CURLINFO_TOTAL_TIME_T, &total_us);
  response.milliseconds = static_cast<long>(total_us / 1000);
  // Once the body needed is read, how the rest ends (cut, dropped, failed) is no part of the answer.
  if (code != CURLE_OK && !t.stopped) {
    response.error = transfer_failure(t, code, options);
    response.status = 0;
    response.body.clear();
  } else if (!t.headers_ended) {
    // A status line and part of the headers, then the end of the connection: no answer.
    response.error = "the connection was closed before the answer's headers ended";
    response.status = 0;
    response.body.clear();
  } else {
    response.status = static_cast<int>(status);
    const char* type = nullptr;
    if (t.curl->easy_getinfo(t.easy, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type) response.content_type = type;
    if (status >= 300 && status < 400) response.location = redirect_target(t);
  }
}

}  // namespace sitemaplint
