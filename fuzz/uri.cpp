#include "analysis/robots_match.h"
#include "analysis/same_url.h"
#include "analysis/sitemap_location.h"
#include "analysis/uri_scan.h"
#include "fuzz_targets.h"
#include "url_analysis.h"

namespace sitemaplint::fuzz {
namespace {

bool inside(std::size_t at, std::size_t size) { return at == kNoPosition || at <= size; }

}  // namespace

// A <loc> value through everything that reads URLs: the analysis the loc rules share (our RFC 3986
// scan, Boost.URL, IDNA), the normal form that compares URLs across a set, the scope of
// --base-url, and robots.txt matching. Positions point inside the value; the normal form is stable.
void uri(std::string_view data) {
  UrlAnalysis a;
  analyze_url(data, a);
  require(a.trimmed.empty() ||
              (a.trimmed.data() >= data.data() && a.trimmed.data() + a.trimmed.size() <= data.data() + data.size()),
          "the trimmed URL is not part of the value");
  const std::size_t n = a.trimmed.size();
  require(inside(a.fragment, n) && inside(a.first_non_ascii, n) && inside(a.syntax_at, n) && inside(a.host_at, n),
          "a position outside the URL");
  if (a.shape == UrlShape::Http) {
    // The scheme as the scanner takes it: the analysis found it, so scan from its end.
    const UriScan scan = scan_http(a.trimmed, a.scheme.size());
    require(inside(scan.at, n) && scan.host_begin <= scan.host_end && scan.host_end <= n,
            "the scan points outside the URL");
  }

  std::string normal, normal_again;
  normalise_url(data, &normal);
  normalise_url(normal, &normal_again);
  require(normal_again == normal, "the normal form of a normal form differs");
  if (is_normal_form(data)) require(normal == data, "is_normal_form said yes to a URL that normalises differently");
  if (a.normal_form) {
    std::string trimmed_normal;
    normalise_url(a.trimmed, &trimmed_normal);
    require(trimmed_normal == a.trimmed,
            "the analysis called a URL its own normal form, and it normalises differently");
    require(a.same_url_key() == url_key(trimmed_normal), "the analysis's key differs from the key of the normal form");
  }
  std::string scratch;
  require(same_url_key(data, &scratch) == url_key(normal), "same_url_key differs from the key of the normal form");

  std::string error;
  if (const std::optional<SitemapLocation> location = parse_sitemap_location(data, &error)) {
    check_scope(*location, "https://example.com/a/b?c#d");
  } else {
    require(!error.empty(), "a base URL refused without a message");
  }
  if (a.shape == UrlShape::Http && a.syntax_valid) {
    static const SitemapLocation site = *parse_sitemap_location("https://example.com/news/sitemap.xml", &error);
    if (a.first_non_ascii == kNoPosition) check_scope(site, a.trimmed);
    const std::string target = robots_target(a.trimmed);
    const std::string pattern = normalize_robots_path(data, PathRole::Pattern);
    robots_pattern_matches(pattern, normalize_robots_path(target, PathRole::Target));
  }
}

}  // namespace sitemaplint::fuzz
