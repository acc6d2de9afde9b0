#include "analysis/same_url.h"
#include "page.h"

namespace sitemaplint {

void PageTally::add(const PageAnswer& answer, std::string_view url) {
  switch (answer.status) {
    case PageStatus::Served: ++served; break;
    case PageStatus::Missing: ++missing; break;
    case PageStatus::Fallback: ++fallback; break;
    case PageStatus::Redirect: ++redirect; break;
    case PageStatus::Refused: ++refused; break;
    case PageStatus::Failed: ++failed; break;
    case PageStatus::Blocked: ++blocked; break;
    case PageStatus::Skipped: ++skipped; break;
  }
  if (answer.status == PageStatus::Blocked && answer.http && answer.http->robots_unreachable) ++robots_unreachable;
  if (answer.status == PageStatus::Failed) {  // a 404 or 410 is Missing, counted there
    if (answer.http_status >= 500 && answer.http_status < 600) {
      ++server_errors;
    } else if (answer.http_status >= 400 && answer.http_status < 500) {
      ++client_errors;
    } else if (answer.http_status == 0) {
      ++unreachable;
    } else {
      ++other_statuses;
    }
  }
  if (answer.status != PageStatus::Served) return;
  if (!answer.head.noindex.empty() || !answer.header_noindex.empty()) ++noindex;
  // The first canonical, a tag's or else a header's, naming another URL.
  const std::vector<PageLink>& canonicals =
      !answer.head.canonicals.empty() ? answer.head.canonicals : answer.header_canonicals;
  if (canonicals.empty() || canonicals.front().url.empty()) return;
  std::string first, listed;
  normalise_url(canonicals.front().url, &first);
  normalise_url(url, &listed);
  if (first != listed) ++canonical_elsewhere;
}

}  // namespace sitemaplint
