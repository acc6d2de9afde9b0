// PAGE102 page-soft-404: a listed page that only a catch-all answers.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "analysis/url_origin.h"
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed page is answered only by a catch-all fallback: a soft 404",
                         .docs = R"md(
## What it does
With `--pages`, reports the listed URLs for which no page of their own exists, but the host
answers with status 200 all the same: a `_redirects` rule that rewrites every path to one page
(`/* /index.html 200`, a single-page app's fallback), or Cloudflare Pages' own fallback to
`/index.html` for a build without a `404.html`; and a URL of the build's `404.html` itself,
the site's not-found page, which a request for its own URL gets with 200. On the live site
(`--pages` without `--root`), sitemaplint asks each host for one path that cannot exist first;
when the host answers it with 200 and an HTML page, every listed page that answers with the same
page (the same bytes, but for where each page names its own path) is reported, except the home
page: a host that answers unknown paths with its home page does not make the home page a soft
404. When every listed URL of a host (three or more distinct URLs, however the host is written)
answers so, the host serves one page for every path, a single-page app's shell or a catch-all,
and one finding says so instead of one on each URL. A listed page that answers 204 No Content or
205 Reset Content is an empty page, which Google may report as a soft 404 too.

## Why it matters
The crawler gets the home page (or the app shell) with status 200 for a page that does not exist.
Google detects such pages and reports them as **"Submitted URL seems to be a Soft 404"**; until
then, the same content stands at many URLs.

## Example
```text
# _redirects
/*  /index.html  200
```
```xml
<url><loc>https://example.com/no-such-page</loc></url>
```

## Use instead
Publish the page, or remove the URL. For a single-page app, render a real page for every URL
the sitemap lists, and give unknown paths a `404.html`:
```text
# _redirects: only the app's own routes reach the app
/app/*  /app/index.html  200
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Submitted URL seems to be a Soft 404"};

class PageSoft404 final : public PageRule {
 public:
  explicit PageSoft404(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void subscribe(Subscriptions& s) const override {
    PageRule::subscribe(s);
    s.finish();  // a live host's findings wait for all its URLs: see on_finish
  }

  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    const bool live = page.http_status != 0;
    if (is_empty_answer(page)) {
      // An empty answer (204, 205): this URL's own soft 404, whatever the host's other URLs answer.
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() + " answers " + page.reason +
                             ": an empty page, which Google may report as a soft 404; publish the page or remove the "
                             "URL (Search Console: \"Submitted URL seems to be a Soft 404\")"});
      return;
    }
    if (live && (page.status == PageStatus::Served || page.status == PageStatus::Fallback)) {
      // By origin, however the host is spelt (`HTTP://Example.com:80` is `http://example.com`).
      Host& host = hosts_[origin_of_url(a.trimmed)];
      if (page.status == PageStatus::Served) ++host.pages;
      if (page.status == PageStatus::Fallback) {
        host.urls.insert(a.same_url_key());  // a URL given as a <loc> and as an alternate is one
        // The home page is a page of its own when the host answers unknown paths with it.
        host.home.push_back(is_home_page(a.trimmed));
        host.found.push_back({.at = url_span(*url.field, a),
                              .message = url.quoted_value() + " answers 200 with " + page.reason +
                                         ": a soft 404; publish the page or remove the URL (Search Console: "
                                         "\"Submitted URL seems to be a Soft 404\")"});
        if (host.found.size() == 1) host.reason = page.reason;
      }
      return;
    }
    if (page.status != PageStatus::Fallback) return;
    if (page.not_found_page) {
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() + " is the site's not-found page (" + page.file +
                             "), which a direct request gets with status 200: a soft 404; remove the URL",
                  .related = page_file_location(page, 0, "the not-found page")});
      return;
    }
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " has no page of its own in the build, but " +
                           std::string(pages().host_label()) + " answers it with " + page.file + " and status 200 (" +
                           page.reason + "): a soft 404; publish the page or remove the URL",
                .related = page_file_location(page, 0, "the page served instead")});
  }

  // A live host that answers every listed URL as it answers a path that cannot exist serves one
  // page for every path: a single-page app's shell, or a catch-all. One finding says so, rather
  // than an error on each of its URLs.
  void on_finish(const Document&, FindingSink& out) override {
    for (auto& [name, host] : hosts_) {
      if (host.pages == 0 && host.urls.size() >= kOnePageForAll) {
        Report report = std::move(host.found.front());
        report.message = "all " + grouped(host.urls.size()) + " listed URLs of " + name + " answer 200 with " +
                         host.reason +
                         ": the host serves one page for every path (a single-page app's shell, or a catch-all), "
                         "so search engines that do not run its scripts see soft 404s; prerender each page, and "
                         "answer unknown paths with 404";
        out.report(std::move(report));
        continue;
      }
      for (std::size_t i = 0; i < host.found.size(); ++i) {
        if (!host.home[i]) out.report(std::move(host.found[i]));
      }
    }
    hosts_.clear();
  }

 private:
  static constexpr std::size_t kOnePageForAll = 3;
  struct Host {
    std::size_t pages = 0;  // listed URLs answered with a page of their own
    std::vector<Report> found;  // the soft 404s, in the file's order
    std::vector<bool> home;  // for each: the URL is the host's home page
    std::unordered_set<std::uint64_t> urls;  // the distinct URLs of `found`, by same_url_key
    std::string reason;
  };
  std::map<std::string, Host> hosts_;  // by origin, for a stable order
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_soft_404, kMeta, PageSoft404)
