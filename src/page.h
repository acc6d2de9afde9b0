// What a listed URL leads to on the site, as a search engine would find it: the status the host
// would answer with, where it redirects, and what the served page's HTML head and headers say.
// The facts come from the build output before deploy (pages/disk_pages) and, later, from the live
// site; page rules judge them and never know which source they came from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "redirect_hop.h"

namespace sitemaplint {

// A robots directive that forbids indexing (noindex, or none), and where it was found.
struct NoindexDirective {
  std::string source;  // "<meta name=\"robots\">", "<meta name=\"googlebot\">", "X-Robots-Tag header (_headers line 4)"
  std::string content;  // the directive list as written, e.g. "noindex, follow"
  std::size_t line = 0;  // 1-based line in the page file; 0: not in the page (a header)
  std::size_t offset = 0;  // of the tag in the page file, for related locations
  std::size_t column = 0;  // 1-based, in code points, with `line`
};

// A URL a page names in its head (rel=canonical, an hreflang alternate, a refresh target).
struct PageLink {
  std::string href;  // as written
  std::string url;  // resolved against the page's URL and <base href>; empty when it cannot be
  std::string hreflang;  // alternates only, as written
  std::size_t line = 0;  // 1-based line in the page file; 0: from a header
  std::size_t offset = 0;  // of the tag in the page file, for related locations
  std::string source;  // from a header: "Link header (_headers line 5)"; empty: from the page
  std::size_t column = 0;  // 1-based, in code points, with `line`
};

// Why a served page cannot be read as HTML, or not whole: a search engine fails on it the same way
// (it indexes nothing, replacement characters, or misses the tags after the point).
enum class PageProblemKind : std::uint8_t {
  None,
  Binary,  // a NUL byte among the first 8,000: no text holds one (an image, an archive, UTF-16 without a BOM)
  InvalidUtf8,  // read as UTF-8 (declared so, or nothing declared) and a byte sequence is no UTF-8
  UnknownEncoding,  // declares a label that names no encoding browsers know
  UndecodableEncoding,  // declares an encoding that decodes to nothing (replacement) or that ICU has no converter for
  HeadNotClosed,  // the head does not end within the bytes read
  StallingTag,  // a tag in the head with more attributes than the parser is given (a page built to stall it)
};

struct PageProblem {
  PageProblemKind kind = PageProblemKind::None;
  std::string what;  // what was found, for messages: "a NUL byte", "byte 0xE9", "'x-foo'", ...
  std::size_t offset = 0;  // in the page file
  std::size_t line = 0;  // 1-based line in the page file
  std::size_t column = 0;  // 1-based, in code points, with `line` (a fetched page is not read again)
};

// What decided the encoding a page is read in (the HTML Standard's encoding sniffing, 13.2.3.2).
enum class EncodingSource : std::uint8_t {
  Default,  // nothing decided it: UTF-8
  ByteOrderMark,  // EF BB BF, FE FF or FF FE at the start
  ContentType,  // the charset of the Content-Type header the page is served with
  Declaration,  // a <meta> or an XML declaration within the first 1,024 bytes (or later in the head)
};

// What the HTML of a page says in its <head>, read as a search engine reads the served HTML: no
// script runs, and a tag in the <body> does not count (a canonical or a robots meta tag there is
// ignored by Google).
struct HeadFacts {
  std::vector<NoindexDirective> noindex;  // every robots or googlebot meta tag that forbids indexing
  // Robots or googlebot meta tags with an "unavailable_after:" date, which forbid indexing once it
  // has passed (a live run compares it with the time of the answer).
  std::vector<NoindexDirective> unavailable_after;
  std::vector<PageLink> canonicals;  // <link rel="canonical">, in order
  std::vector<PageLink> alternates;  // <link rel="alternate" hreflang="...">, in order, the first kMaxAlternates
  // Alternates past kMaxAlternates, counted, not kept: a head of thousands of links (a hostile or
  // broken page) would otherwise hold megabytes in each answer a run keeps.
  std::size_t alternates_dropped = 0;
  static constexpr std::size_t kMaxAlternates = 256;
  // <meta http-equiv="refresh" content="0; url=...">; null: none. Behind a pointer: few pages have
  // one, and every answer a run keeps would hold its room.
  std::shared_ptr<const PageLink> refresh;
  std::string lang;  // <html lang>
  std::string title;  // <title>, white space collapsed
  std::string charset;  // <meta charset> or the http-equiv Content-Type's, as written, wherever in the head
  std::string encoding;  // the encoding the page was decoded in (the Encoding Standard's name: "UTF-8", "windows-1252")
  EncodingSource encoding_source = EncodingSource::Default;  // what decided `encoding`
  bool truncated = false;  // the head was not closed within the size read
  PageProblem
      problem;  // why the page cannot be read as HTML (kind None: it can); the facts above are what could be read
};

// What the host answers for a URL.
enum class PageStatus : std::uint8_t {
  Served,  // 200, with the page `file`
  Missing,  // nothing answers: 404 (with the custom 404 page, when there is one)
  Fallback,  // only a catch-all answers, with 200: a soft 404 (a single-page-app fallback, a 200 rewrite of every path)
  Redirect,  // the host redirects: `target`, with `code`
  Refused,  // not read: outside the build folder, unreadable, or not a file (`reason` says which)
  // Live pages only (an answer over HTTP):
  Failed,  // an error status other than 404/410 (`http_status`), or no answer at all (0: `reason` says why)
  Blocked,  // robots.txt forbids sitemaplint to fetch it: not fetched (`reason` names the rule)
  Skipped,  // not fetched: past --max-urls, outside --sample, or on a host given up (`reason` says which)
};

// What an answer fetched over HTTP says besides the page facts.
struct HttpDetails {
  std::vector<RedirectHop> chain;  // every response from the listed URL to the last, when it redirected
  std::string content_type;  // the last response's, as sent (an image's "image/png")
  // The Last-Modified header, seconds since 1970, when it is not simply the time of the response
  // (its Date).
  std::optional<std::int64_t> last_modified;
  // What the host's robots.txt says of the URL for Googlebot (RFC 9309 group selection for the
  // product token "googlebot"), which Search Console goes by, whether or not sitemaplint's own
  // group let it fetch the URL: empty when it allows it, else why not ("robots.txt line 2:
  // Disallow: /private/", "robots.txt answered 503, ...").
  std::string googlebot_disallowed;
  // The host's robots.txt answered 5xx or nothing (or its fetch was refused), so that every URL of
  // the host is disallowed.
  bool robots_unreachable = false;
};

// What a listed URL leads to on the site: the answer, and what the served page says.
struct PageAnswer {
  PageStatus status = PageStatus::Missing;
  std::string file;  // the file served (or the fallback's), as the run names it; empty: none
  std::string target;  // Redirect: the absolute URL the host redirects to
  // Redirect: 301, 302, 307 or 308; a meta refresh: 0. Missing, from a build: the host's own
  // error status when a rule names one (a _redirects "410"); 0 or 404 otherwise.
  int code = 0;
  // Fetched from the live site: the last response's status; 0 from a build on disk, or when no
  // response came. (Beside `code`, where it costs no room.)
  int http_status = 0;
  std::string reason;  // Redirect: why ("a folder is served with a final slash", "_redirects line 3"); Refused: why
  bool html = false;  // the file is an HTML page, whose head was read
  // From a build: the URL is that of the site's not-found page itself (its 404.html), which a
  // direct request gets with status 200, and which is answered as a Fallback.
  bool not_found_page = false;
  bool media_request = false;  // live: asked with HEAD, as an image or a video is
  // Live: the one answer that speaks for its host, when the host was given up (Skipped) or its
  // robots.txt could not be had (Blocked, http->robots_unreachable).
  bool first_of_host_given_up = false;
  HeadFacts head;  // html only
  // What headers the host adds to this path (_headers, vercel.json) say: X-Robots-Tag noindex,
  // and Link: <...>; rel="canonical".
  std::vector<NoindexDirective> header_noindex;
  std::vector<PageLink> header_canonicals;
  // What only a fetch shows; null from a build on disk, so that its answers stay as small as they
  // were (a site of 50,000 pages keeps one for each URL).
  std::shared_ptr<const HttpDetails> http;
};

// How many distinct listed URLs a run asked a PageLookup about, by what the host answers: for the
// summary's pages line and the HTML report's pages section.
struct PageTally {
  std::size_t served = 0, missing = 0, fallback = 0, redirect = 0, refused = 0;
  std::size_t failed = 0, blocked = 0, skipped = 0;  // live pages: error statuses, robots.txt, not fetched
  std::size_t client_errors = 0, server_errors = 0, unreachable = 0;  // of the failed and missing: 4xx, 5xx, none
  // Of the failed: any other status (a redirect status with no Location, a 304 not asked for, 1xx, 600 and up).
  std::size_t other_statuses = 0;
  // Of the blocked: those whose host's robots.txt answered 5xx or nothing, which disallows every
  // URL (RFC 9309), rather than disallowing them itself.
  std::size_t robots_unreachable = 0;
  std::size_t noindex = 0;  // served pages that forbid indexing (meta or header)
  std::size_t canonical_elsewhere = 0;  // served pages whose first canonical is another URL
  std::size_t other_origin = 0;  // URLs not on the site: counted, not checked
  // Of the blocked, those robots.txt disallows by a rule of its own.
  std::size_t disallowed_by_robots() const { return blocked - robots_unreachable; }
  std::size_t checked() const { return served + missing + fallback + redirect + refused + failed + blocked; }
  // Counts what the listed `url` led to (page_tally.cpp): both sources count alike.
  void add(const PageAnswer& answer, std::string_view url);
};

// An HTML page of the site that the host serves, and the URL it serves it at.
struct SitePage {
  std::string file;  // as the run names files: the --root folder and the path inside it
  std::string url;  // absolute, in the form the host prefers (no redirect)
};

// An answer as a lookup gives it: the answer stays as long as the reference is held (a build's
// answers live as long as their lookup, and such a reference owns nothing; a live audit may keep an
// answer packed once no reference is left, live_pages.h).
using PageRef = std::shared_ptr<const PageAnswer>;

// Where page rules get their facts: the build output on disk (pages/disk_pages) or the live site.
// Safe to call from several threads at once; each URL is worked out once.
class PageLookup {
 public:
  virtual ~PageLookup() = default;
  // What the host answers for `url` (absolute), a URL the run lists; null when `url` is not on
  // the site this lookup reads (the --base-url's origin). Counted in tally().
  virtual PageRef page(std::string_view url) const = 0;
  // The same for a URL the run does not list (a redirect's target, a canonical): not counted.
  virtual PageRef unlisted_page(std::string_view url) const = 0;
  // Works out the answers for `urls` ahead of the rules that ask, on `threads` threads of its own,
  // in the rules' order (a build's lookup: chunks taken from a shared counter). Returns at once; the work stops and
  // the threads are joined when the returned handle is destroyed.
  class Prefetch {
   public:
    virtual ~Prefetch() = default;
  };
  virtual std::unique_ptr<Prefetch> prefetch(std::vector<std::string> urls, unsigned threads) const = 0;
  // The HTML pages the site serves, for coverage (a live site cannot be listed: empty). Worked
  // out once; the reference stays valid as long as the lookup.
  virtual const std::vector<SitePage>& site_pages() const {
    static const std::vector<SitePage> none;
    return none;
  }
  // The files the listed URLs asked about so far are served from; a redirect's, from its target.
  virtual std::vector<std::string> listed_files() const = 0;
  // How many URLs have been worked out so far (read from the build, or fetched), for progress.
  virtual std::size_t pages_read() const = 0;
  // What the URLs asked about so far lead to.
  virtual PageTally tally() const = 0;
  // Whether the answers come from fetching the live site (HTTP statuses, chains): such a lookup
  // fetches ahead even when the run has no core to spare for it, as it mostly waits.
  virtual bool live() const { return false; }
  // The host's name for messages, e.g. "Netlify", "a plain web server".
  virtual std::string_view host_label() const = 0;
  // Where the pages come from, for the summary: "public/ as Netlify serves it".
  virtual std::string source_label() const = 0;
  // The site's indexable pages that no listed URL leads to (page_coverage.h), worked out the first
  // time it is asked, once the run has listed everything: PAGE401 and the summary share it.
  const std::vector<SitePage>& unlisted() const;

 private:
  mutable std::once_flag unlisted_once_;
  mutable std::vector<SitePage> unlisted_;
};

}  // namespace sitemaplint
