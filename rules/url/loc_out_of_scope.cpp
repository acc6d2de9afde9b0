// SM213 loc-out-of-scope: with --base-url, a <loc> outside the sitemap's scheme, host, port or folder.
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<loc> lies outside the location the sitemap is served from (--base-url)",
                         .docs = R"md(
## What it does
When `--base-url` says where the sitemap will be served (for example
`https://example.com/blog/sitemap.xml`), reports every `<loc>` that does not share its scheme, host
and port or does not lie in its folder or below, and says which part differs: `http` against
`https`, `www.example.com` against `example.com`, another port, or a path above the sitemap's
folder. Without `--base-url` the rule is silent (`multiple-hosts` watches for mixed hosts instead).
A sitemap that a robots.txt of its own host names (`--robots`, or a robots.txt among the inputs)
may list any URL of that host: the robots.txt vouches for it, as sitemaps.org's cross-submission
through robots.txt does.

## Why it matters
The protocol lets a sitemap list only URLs under its own location: a sitemap at `/blog/` cannot
list `/shop/`, and one on `https://example.com` cannot list `https://www.example.com`. Search
engines drop such URLs (Search Console: "URL not allowed"), silently, unless the sitemap is
submitted through the other host's robots.txt.

## Example
With `--base-url https://example.com/blog/sitemap.xml`:
```xml base-url=https://example.com/blog/sitemap.xml
<url><loc>https://example.com/shop/boots</loc></url>
```

## Use instead
```xml base-url=https://example.com/blog/sitemap.xml
<url><loc>https://example.com/blog/boots</loc></url>
```
Or serve the sitemap from the site root, where it may list every URL of the host.
)md",
                         .authorities = kSitemapsOrg | kGoogle,
                         .search_console = "URL not allowed"};

std::string explain(const ScopeVerdict& verdict, const SitemapLocation& at) {
  switch (verdict.mismatch) {
    case ScopeMismatch::Scheme: return "uses " + verdict.found + ", but the sitemap is served over " + at.scheme;
    case ScopeMismatch::Host: {
      const bool www_apex = verdict.found == "www." + at.host || at.host == "www." + verdict.found;
      return "is on host " + quoted(verdict.found) + ", but the sitemap is on " + quoted(at.host) +
             (www_apex ? ": www and the bare domain are different hosts" : "");
    }
    case ScopeMismatch::Port: return "uses port " + verdict.found + ", but the sitemap is served on port " + at.port;
    case ScopeMismatch::Path:
      return "is outside " + quoted(at.directory) +
             ", the folder of the sitemap; a sitemap may list only "
             "URLs in its own folder and below";
    case ScopeMismatch::Unparsable:
    case ScopeMismatch::None: break;
  }
  return {};
}

class LocOutOfScope final : public Rule {
 public:
  explicit LocOutOfScope(const RuleSettings& settings) : location_(settings.location) {}
  void subscribe(Subscriptions& s) const override {
    if (location_) s.urls({UrlFieldKind::Loc});  // a sitemap whose address is unknown has no scope
  }

  void on_url(const UrlField& url, FindingSink& out) override {
    // Only an entry's own URL must lie in the sitemap's scope: images, videos and alternates may
    // live on other hosts, and a robots.txt may name sitemaps anywhere.
    if (!location_ || url.kind != UrlFieldKind::Loc || url.entry->from_robots) return;
    const UrlAnalysis& a = url.analysis();
    // Invalid URLs are other rules' business; a non-ASCII one is compared in its ASCII form.
    if (a.shape != UrlShape::Http || !a.syntax_valid || !a.valid_utf8) return;
    const std::string_view ascii = a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form);
    const ScopeVerdict verdict = check_scope(*location_, ascii);
    if (verdict.mismatch == ScopeMismatch::None || verdict.mismatch == ScopeMismatch::Unparsable) return;
    const Span span = url_span(*url.field, a);
    out.report({.at = span,
                .message = quoted(a.trimmed) + " " + explain(verdict, *location_) + " (the sitemap is at " +
                           location_->url + "; Search Console: \"URL not allowed\")"});
  }

 private:
  std::optional<SitemapLocation> location_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_out_of_scope, kMeta, LocOutOfScope)
