#include "page_coverage.h"

#include <unordered_set>

#include "analysis/same_url.h"

namespace sitemaplint {

bool indexable_page(const PageAnswer& answer, std::string_view url) {
  if (answer.status != PageStatus::Served || !answer.html) return false;
  // The custom 404 page answers with 404 wherever the host uses it, whatever its own URL says.
  if (answer.file.ends_with("/404.html") || answer.file == "404.html") return false;
  if (!answer.head.noindex.empty() || !answer.header_noindex.empty()) return false;
  const std::vector<PageLink>& canonicals =
      !answer.head.canonicals.empty() ? answer.head.canonicals : answer.header_canonicals;
  // Google ignores a canonical that is no URL, and canonicals that disagree: the page stands alone.
  std::string first, other;
  for (const PageLink& canonical : canonicals) {
    if (canonical.url.empty()) return true;
    normalise_url(canonical.url, first.empty() ? &first : &other);
    if (!other.empty() && other != first) return true;
  }
  if (first.empty()) return true;
  normalise_url(url, &other);
  return first == other;
}

std::vector<SitePage> unlisted_pages(const PageLookup& pages) {
  const std::vector<std::string> files = pages.listed_files();
  const std::unordered_set<std::string_view> listed(files.begin(), files.end());
  std::vector<SitePage> unlisted;
  for (const SitePage& page : pages.site_pages()) {
    if (listed.contains(page.file)) continue;
    const PageRef answer = pages.unlisted_page(page.url);
    if (answer && indexable_page(*answer, page.url)) unlisted.push_back(page);
  }
  return unlisted;
}

const std::vector<SitePage>& PageLookup::unlisted() const {
  std::call_once(unlisted_once_, [this] { unlisted_ = unlisted_pages(*this); });
  return unlisted_;
}

}  // namespace sitemaplint
