// SM207 loc-whitespace: white space around the URL inside <loc>.
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "White space around the URL in <loc>",
                         .docs = R"md(
## What it does
Reports spaces, tabs or line breaks before or after the URL inside `<loc>`, as in
`<loc> https://example.com/</loc>` or a URL on its own indented line. The fix replaces the text
of `<loc>` with the bare URL (offered unless the text is split by a CDATA section or a comment).

## Why it matters
A schema validator collapses the white space of the `xs:anyURI` in `<loc>`, and Google reads
such URLs (its own video sitemap example puts `<video:content_loc>` and `<video:player_loc>` URLs
on their own indented lines), but consumers that read the text as it is take the white space as
part of the URL, which then is no valid URL at all. It often comes from a template that puts the
URL on its own indented line.

## Example
```xml
<url>
  <loc> https://example.com/page</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/page</loc>
</url>
```
)md",
                         .authorities = kRfc3986 | kGoogle};

class LocWhitespace final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlSurroundingSpace); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    const Field& loc = *url.field;
    if (a.trimmed.empty()) return;  // loc-empty reports that
    const bool leading = a.start > 0;
    const bool trailing = a.start + a.trimmed.size() < loc.value.size();
    if (!leading && !trailing) return;
    const char* where = leading && trailing ? "leading and trailing" : leading ? "leading" : "trailing";
    std::string message = std::string(url.label) + " has " + std::string(where) + " white space around " +
                          quoted(a.trimmed) + "; remove it so that " + std::string(url.label) + " holds only the URL";
    // Point at the first white space: the start of the text, or the end of the URL.
    std::size_t offset = loc.value_offset;
    if (!leading && loc.exact) offset = loc.value_offset + a.start + a.trimmed.size();
    const std::size_t length = loc.value_offset + loc.raw.size() - offset;
    out.report({.at = {offset, length},
                .message = std::move(message),
                .fix = loc.replace_value(a.trimmed, "remove the white space around the URL")});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_whitespace, kMeta, LocWhitespace)
