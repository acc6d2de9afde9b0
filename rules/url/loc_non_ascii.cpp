// SM208 loc-non-ascii: raw non-ASCII characters in <loc> instead of percent-encoding or Punycode.

#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "<loc> contains non-ASCII characters",
                         .docs = R"md(
## What it does
Reports a `<loc>` with characters outside ASCII, such as `é`, `ü` or `日本`, written as they are
(or as character references such as `&#233;`). The message names the first one; the fix replaces
the URL with its ASCII form: a Unicode host converted to Punycode by IDNA (`bücher.example` becomes
`xn--bcher-kva.example`) and every other non-ASCII character percent-encoded as UTF-8 (`é` becomes
`%C3%A9`). The fix is offered when the host converts, the ASCII form is shorter than 2,048
characters (`loc-too-long`), and the text is not split by a CDATA section or a comment.

## Why it matters
RFC 3986 URLs are ASCII, and the sitemaps.org protocol asks for URLs to be escaped as the web
server expects them. Search engines usually encode Unicode characters themselves, but not all
consumers do, and a URL written two ways can count as two pages. Writing the encoded form makes the
sitemap unambiguous (a URL that still fails shows up in Google Search Console as "Invalid URL").

## Example
```xml
<url>
  <loc>https://example.com/café</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/caf%C3%A9</loc>
</url>
```
)md",
                         .authorities = kRfc3986 | kGoogle};

class LocNonAscii final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlNonAscii); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.first_non_ascii == kNoPosition || !a.valid_utf8) return;
    const std::string_view ch = code_point_at(a.trimmed, a.first_non_ascii);
    std::string message = url.quoted_value() + " contains the non-ASCII character " + character_label(ch) +
                          " at position " + std::to_string(url_position(a, a.first_non_ascii)) + "; ";
    std::optional<Fix> fix;
    if (a.ascii_form.empty()) {
      message += "percent-encode non-ASCII characters as UTF-8 and write a Unicode host in Punycode";
    } else {
      message += "write it in ASCII: " + quoted(a.ascii_form, 120);
      // Percent-encoding makes a URL longer: no fix that would make it too long (loc-too-long).
      if (a.ascii_form.size() < 2048) {
        fix = url.field->replace_value(a.ascii_form, "replace with the percent-encoded URL");
      }
    }
    const Span span = url_span(*url.field, a, a.first_non_ascii, ch.size());
    out.report({.at = span, .message = std::move(message), .fix = std::move(fix)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_non_ascii, kMeta, LocNonAscii)
