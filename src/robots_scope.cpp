#include "robots_scope.h"

#include <string>

#include "entry.h"
#include "url_analysis.h"

namespace sitemaplint {
namespace {

// Whether `url` (valid, ASCII) has the scheme, host and port of `site`.
bool same_origin(const SitemapLocation& site, std::string_view url) {
  const ScopeMismatch mismatch = check_scope(site, url).mismatch;
  return mismatch == ScopeMismatch::None || mismatch == ScopeMismatch::Path;
}

// Whether `url` is on the origin of its entry's <loc>, itself a valid http(s) URL.
bool on_origin_of_loc(const Entry& entry, std::string_view url) {
  if (!entry.loc.present) return false;
  const UrlAnalysis& loc = entry.loc_analysis();
  if (loc.shape != UrlShape::Http || !loc.syntax_valid || !loc.valid_utf8) return false;
  std::string error;
  const auto origin =
      parse_sitemap_location(loc.ascii_form.empty() ? loc.trimmed : std::string_view(loc.ascii_form), &error);
  return origin && same_origin(*origin, url);
}

}  // namespace

bool robots_governs(const SiteRobots& robots, const UrlField& url, std::string_view ascii) {
  if (robots.site) return same_origin(*robots.site, ascii);
  return url.kind == UrlFieldKind::Loc || on_origin_of_loc(*url.entry, ascii);
}

}  // namespace sitemaplint
