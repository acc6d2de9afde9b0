// PAGE201 page-noindex: a listed page that forbids its own indexing.
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed page is marked noindex",
                         .docs = R"md(
## What it does
With `--pages`, reads the head of each listed page the build serves, as Google reads the served
HTML (no script runs; a tag in the `<body>` does not count), and reports the pages that forbid
their indexing: `<meta name="robots">` or `<meta name="googlebot">` with `noindex` or `none`, in
any case, among other directives, in any of several tags; or an `X-Robots-Tag` header that the
host's configuration adds to the page (`_headers` on Netlify and Cloudflare Pages, `vercel.json`
on Vercel), for every crawler or for `googlebot:`. The message quotes the directive and names the
tag's line, which is also the related location, or the header's file and line.

## Why it matters
The sitemap asks for the page to be indexed and the page refuses: Search Console reports
**"Submitted URL marked 'noindex'"**. Usually a draft, a staging flag or a template's default
left on, or a page that should not be listed.

## Example
```html
<head><meta name="robots" content="noindex, follow"></head>
```

## Use instead
Remove the directive from the pages that should be indexed, or the URLs of the pages that should
not from the sitemap.
```html
<head><meta name="robots" content="index, follow"></head>
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Submitted URL marked 'noindex'"};

class PageNoindex final : public PageRule {
 public:
  explicit PageNoindex(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (page.status != PageStatus::Served) return;
    const NoindexDirective* directive = !page.head.noindex.empty()     ? &page.head.noindex.front()
                                        : !page.header_noindex.empty() ? &page.header_noindex.front()
                                                                       : nullptr;
    if (!directive) return;
    // A header's source names its file and line already: "X-Robots-Tag header (_headers line 4)".
    const std::string where =
        directive->line != 0 ? " (" + page.file + ":" + std::to_string(directive->line) + ")" : std::string();
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " is listed, but its page forbids indexing: " + directive->source +
                           " says " + quoted(directive->content) + where +
                           "; remove the directive or the URL (Search Console: \"Submitted URL marked 'noindex'\")",
                .related = directive->line != 0
                               ? std::optional<RelatedLocation>(page_file_location(
                                     page, directive->offset, "the directive", directive->line, directive->column))
                               : std::nullopt});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_noindex, kMeta, PageNoindex)
