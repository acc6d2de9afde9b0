// What a listed URL leads to on the site, as a search engine would find it: the status the host
// would answer with, where it redirects, and what the served page's HTML head and headers say.
// The facts come from the build output before deploy (pages/disk_pages) and, later, from the live
// site; page rules judge them and never know which source they came from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// A robots directive that forbids indexing (noindex, or none), and where it was found.
struct NoindexDirective {
  std::string source;  // "<meta name=\"robots\">", "<meta name=\"googlebot\">", "X-Robots-Tag header (_headers line 4)"
  std::string content;  // the directive list as written, e.g. "noindex, follow"
  std::size_t line = 0;  // 1-based line in the page file; 0: not in the page (a header)
  std::size_t offset = 0;  // of the tag in the page file, for related locations
};

// A URL a page names in its head (rel=canonical, an hreflang alternate, a refresh target).
struct PageLink {
  std::string href;  // as written
  std::string url;  // resolved against the page's URL and <base href>; empty when it cannot be
  std::string hreflang;  // alternates only, as written
  std::size_t line = 0;  // 1-based line in the page file; 0: from a header
  std::size_t offset = 0;  // of the tag in the page file, for related locations
  std::string source;  // from a header: "Link header (_headers line 5)"; empty: from the page
};

// What the HTML of a page says in its <head>, read as a search engine reads the served HTML: no
// script runs, and a tag in the <body> does not count (a canonical or a robots meta tag there is
// ignored by Google).
struct HeadFacts {
  std::vector<NoindexDirective> noindex;  // every robots or googlebot meta tag that forbids indexing
  std::vector<PageLink> canonicals;  // <link rel="canonical">, in order
  std::vector<PageLink> alternates;  // <link rel="alternate" hreflang="...">, in order
  std::optional<PageLink> refresh;  // <meta http-equiv="refresh" content="0; url=...">
  std::string lang;  // <html lang>
  std::string title;  // <title>, white space collapsed
  std::string charset;  // <meta charset> or the http-equiv Content-Type's, as written
  bool truncated = false;  // the head was not closed within the size read
};

// What the host answers for a URL.
enum class PageStatus : std::uint8_t {
  Served,  // 200, with the page `file`
  Missing,  // nothing answers: 404 (with the custom 404 page, when there is one)
  Fallback,  // only a catch-all answers, with 200: a soft 404 (a single-page-app fallback, a 200 rewrite of every path)
  Redirect,  // the host redirects: `target`, with `code`
  Refused,  // not read: outside the build folder, unreadable, or not a file (`reason` says which)
};

// What a listed URL leads to on the site: the answer, and what the served page says.
struct PageAnswer {
  PageStatus status = PageStatus::Missing;
  std::string file;  // the file served (or the fallback's), as the run names it; empty: none
  std::string target;  // Redirect: the absolute URL the host redirects to
  int code = 0;  // Redirect: 301, 302, 307 or 308; a meta refresh: 0
  std::string reason;  // Redirect: why ("a folder is served with a final slash", "_redirects line 3"); Refused: why
  bool html = false;  // the file is an HTML page, whose head was read
  HeadFacts head;  // html only
  // What headers the host adds to this path (_headers, vercel.json) say: X-Robots-Tag noindex,
  // and Link: <...>; rel="canonical".
  std::vector<NoindexDirective> header_noindex;
  std::vector<PageLink> header_canonicals;
};

// Where page rules get their facts: the build output on disk (pages/disk_pages) or the live site.
// Safe to call from several threads at once; each URL is worked out once.
class PageLookup {
 public:
  virtual ~PageLookup() = default;
  // Whether `url` (absolute, as listed) is on the site this lookup reads: the --base-url's origin.
  virtual bool covers(std::string_view url) const = 0;
  // What the host answers for `url`, which covers() accepted.
  virtual const PageAnswer& page(std::string_view url) const = 0;
  // The host's name for messages, e.g. "Netlify", "a plain web server".
  virtual std::string_view host_label() const = 0;
};

}  // namespace sitemaplint
