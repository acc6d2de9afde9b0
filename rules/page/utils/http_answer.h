// What page rules say of an answer fetched over HTTP (PageAnswer::http_status, chain): the
// status as Search Console names it, and what is wrong with a redirect chain. A build on disk
// has no status or chain, and none of this applies to it.
#pragma once

#include <string>

#include "page.h"

namespace sitemaplint {

// "404 (Not Found)", "503 (Service Unavailable)": a status with its reason phrase (RFC 9110).
inline std::string status_text(int status) {
  const char* phrase = "";
  switch (status) {
    case 204: phrase = "No Content"; break;
    case 205: phrase = "Reset Content"; break;
    case 400: phrase = "Bad Request"; break;
    case 401: phrase = "Unauthorized"; break;
    case 403: phrase = "Forbidden"; break;
    case 404: phrase = "Not Found"; break;
    case 405: phrase = "Method Not Allowed"; break;
    case 408: phrase = "Request Timeout"; break;
    case 410: phrase = "Gone"; break;
    case 429: phrase = "Too Many Requests"; break;
    case 451: phrase = "Unavailable For Legal Reasons"; break;
    case 500: phrase = "Internal Server Error"; break;
    case 502: phrase = "Bad Gateway"; break;
    case 503: phrase = "Service Unavailable"; break;
    case 504: phrase = "Gateway Timeout"; break;
    default: break;
  }
  return std::to_string(status) + (*phrase ? std::string(" (") + phrase + ")" : std::string());
}

// Whether a live answer is a 204 or 205: a page with nothing in it (a soft 404 to Google).
inline bool is_empty_answer(const PageAnswer& answer) {
  return answer.status == PageStatus::Fallback && (answer.http_status == 204 || answer.http_status == 205);
}

// The Page indexing report's name for a URL that answered `status` (0: no answer).
inline std::string search_console_reason(int status) {
  if (status == 0) return "Server error (5xx)";  // Search Console counts a host it cannot reach there too
  if (status == 401) return "Blocked due to unauthorized request (401)";
  if (status == 403) return "Blocked due to access forbidden (403)";
  if (status == 404 || status == 410) return "Not found (404)";
  if (status >= 300 && status < 400) return "Redirect error";
  // Google takes 429 for a sign of an overloaded server, and counts it as a server error.
  if ((status >= 500 && status < 600) || status == 429) return "Server error (5xx)";
  if (status >= 600 || status < 100) return "";  // no HTTP status: no name of its own
  return "Blocked due to other 4xx issue";
}

inline std::string host_of_url(const std::string& url) {
  const std::size_t start = url.find("://");
  if (start == std::string::npos) return "";
  const std::size_t end = url.find_first_of("/?#", start + 3);
  return url.substr(start + 3, end == std::string::npos ? std::string::npos : end - start - 3);
}

// Whether the chain ends at a hop sitemaplint did not fetch for its own reasons: a fetch it refused
// (an internal address the user did not name) or its own robots.txt group. What Google makes of
// such a hop is unknown: it is no Search Console status.
inline bool ends_unfetched(const PageAnswer& page) {
  return page.status == PageStatus::Redirect && page.http && page.http->chain.size() >= 2 &&
         page.http->chain.back().status == 0 &&
         (page.reason.starts_with("refused") || page.reason.starts_with("not fetched"));
}

// What makes a fetched redirect chain an error rather than a plain redirect, or "" when nothing
// does: a loop, too many hops, an end that is not a page (an error or no answer), a hop from
// https to http, or an end sitemaplint did not fetch (ends_unfetched). A hop to another host that
// ends in a page is a plain redirect, as Search Console counts it ("Page with redirect").
inline std::string redirect_problem(const PageAnswer& page) {
  if (page.status != PageStatus::Redirect || !page.http || page.http->chain.empty()) return "";
  const std::vector<RedirectHop>& chain = page.http->chain;
  const RedirectHop& last = chain.back();
  // A loop (a URL that redirects to itself is a chain of one), or more than 10 hops.
  if (last.status >= 300 && last.status < 400) return page.reason;
  if (chain.size() < 2) return "";
  for (std::size_t i = 1; i < chain.size(); ++i) {
    const std::string& from = chain[i - 1].url;
    const std::string& to = chain[i].url;
    if (from.starts_with("https:") && to.starts_with("http:")) return "it goes from https to http at " + to;
  }
  if (ends_unfetched(page)) {
    const std::string why = page.reason.starts_with("not fetched: ") ? page.reason.substr(13) : page.reason;
    return "'" + last.url + "' was not fetched (" + why + ")";
  }
  if (last.status == 0) return "'" + last.url + "' gives no answer (" + page.reason + ")";
  if (last.status >= 400) return "it ends in an error, " + status_text(last.status);
  return "";
}

// "a -> 301 -> b -> 200": the whole chain, for messages.
inline std::string chain_for_message(const PageAnswer& page) {
  std::string text;
  if (!page.http) return text;
  for (const RedirectHop& hop : page.http->chain) {
    if (!text.empty()) text += " -> ";
    text += "'" + hop.url + "' (" + (hop.status ? std::to_string(hop.status) : std::string("no answer")) + ")";
  }
  return text;
}

}  // namespace sitemaplint
