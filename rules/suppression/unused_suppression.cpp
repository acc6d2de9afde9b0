// SM901 unused-suppression: a sitemaplint directive comment that names an unknown rule or
// silenced nothing.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .suppressible = false,
                         .summary = "A sitemaplint suppression comment is wrong or silences nothing",
                         .docs = R"md(
## What it does
Checks the inline suppression comments:
`<!-- sitemaplint-disable-next-line RULE[,RULE...] -->` silences the named rules (codes or names;
no rule means every rule) for findings that start on the next line that is not blank, and
`<!-- sitemaplint-disable RULE... -->` ... `<!-- sitemaplint-enable RULE... -->` silences them
in between (to the end of the file when never enabled again; a plain enable ends every disable).
Reports a directive that names an unknown rule, an unknown `sitemaplint-` directive, and a
suppression that silenced no finding. Findings of SM001 xml-syntax (a broken file is never
walked, so its comments are not read) and of this rule cannot be suppressed.

## Why it matters
A suppression that no longer silences anything hides the next real problem on that line, and a
misspelled rule name silently suppresses nothing at all.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <!-- sitemaplint-disable-next-line lastmod-invalid -->
  <url><loc>https://example.com/</loc><lastmod>2024-05-01</lastmod></url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2024-05-01</lastmod></url>
</urlset>
```
)md",
                         .authorities = kAdvice};

// The check runs in src/suppress.cpp, after every other rule, because it needs their findings.
class UnusedSuppression final : public Rule {
 public:
  void subscribe(Subscriptions&) const override {}
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unused_suppression, kMeta, UnusedSuppression)
