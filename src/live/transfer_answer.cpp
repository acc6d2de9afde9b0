#include "live/transfer_answer.h"

#include <algorithm>
#include <string>
#include <vector>

#include "live/transfer_failure.h"
#include "pages/url_resolution.h"

namespace sitemaplint {
namespace {

// Where a 3xx points: its Location as browsers (and so Googlebot) read it, tabs and line breaks
// dropped, '\\' a '/', and what no URL holds as it is ('|', '[', a space) percent-encoded, then
// resolved against the URL asked for (pages/url_resolution.h); libcurl's own resolving refuses
// what browsers follow. An empty Location is a reference to that URL itself (RFC 3986 section
// 5.2.2: an empty reference resolves to its base): a redirect to itself, a loop. What resolves to
// no http(s) URL (another scheme, no URL at all) is left as libcurl reads it, for the finding to
// say what it is.
std::string redirect_target(const LiveTransfer& t) {
  const std::vector<std::string> given = t.response.header_values("Location");
  if (!given.empty()) {
    const std::string& value = given.front();
    if (std::all_of(value.begin(), value.end(), [](char c) { return c == ' ' || c == '\t'; }))
      return t.pending.request.url;
    if (std::string url = resolve_http_url(value, t.pending.request.url); !url.empty()) return url;
  }
  const char* location = nullptr;
  if (t.curl->easy_getinfo(t.easy, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location) return location;
  return "";
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
