// ROBOTS105 robots-unsupported-field: crawl-delay, noindex or nofollow, which Google ignores.
#include <algorithm>
#include <cctype>

#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "A robots.txt field that Google ignores: Crawl-delay, Noindex or Nofollow",
                         .docs = R"md(
## What it does
Notes the `Crawl-delay`, `Noindex` and `Nofollow` fields of a robots.txt, which Google does not
read: its documentation lists the fields it supports as `user-agent`, `allow`, `disallow` and
`sitemap`, and Google stopped honouring the unofficial `noindex` (and `nofollow`) in robots.txt
on 1 September 2019.

## Why it matters
`Crawl-delay` still means something to some crawlers (Bing reads it), so it may be deliberate,
but it does not slow Googlebot down. A `Noindex:` line keeps nothing out of Google's index: use a
`<meta name="robots" content="noindex">` tag or an `X-Robots-Tag: noindex` header on the page,
and leave the page crawlable so that Google sees it.

## Example
```robots
User-agent: *
Crawl-delay: 10
Disallow: /private/
```

## Use instead
```robots
User-agent: *
Disallow: /private/
```
)md",
                         .authorities = kGoogle};

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Why Google's ignoring `name` matters, or "" when it is not one of these fields.
std::string_view advice_for(std::string_view name) {
  if (equals_ignoring_case(name, "crawl-delay")) return "; Bing and some other crawlers read it";
  if (equals_ignoring_case(name, "noindex")) {
    return "; to keep a page out of search, serve a robots meta tag or an X-Robots-Tag header with 'noindex'";
  }
  if (equals_ignoring_case(name, "nofollow")) return "; use rel=\"nofollow\" on links or a robots meta tag instead";
  return {};
}

class RobotsUnsupportedField final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    for (const RobotsLine& line : doc.robots->lines) {
      if (line.field != RobotsField::Other) continue;
      const std::string_view name = line.name(doc.bytes);
      const std::string_view advice = advice_for(name);
      if (advice.empty()) continue;
      out.report({.at = {line.field_offset, line.field_length},
                  .message = "Google ignores " + quoted(name) +
                             " (it reads only user-agent, allow, disallow and sitemap)" + std::string(advice)});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_unsupported_field, kMeta, RobotsUnsupportedField)
