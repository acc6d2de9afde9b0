// ROBOTS106 robots-blocks-site: Googlebot may fetch nothing, yet the robots.txt announces sitemaps.
#include <algorithm>

#include "analysis/robots_match.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The robots.txt blocks the whole site for Googlebot, yet names sitemaps",
                         .docs = R"md(
## What it does
Reports a rule such as `Disallow: /` that blocks every URL of the site for Googlebot (in a
`User-agent: Googlebot` group, or in the `User-agent: *` group when Googlebot has none), with no
`Allow` rule to open any part again, in a robots.txt that names sitemaps.

## Why it matters
A sitemap asks search engines to crawl its URLs; a robots.txt that blocks them all forbids just
that, and Search Console reports every URL as blocked. It is the classic leftover of a staging
site that went live. A site that is meant to be private should not announce sitemaps.

## Example
```robots
User-agent: *
Disallow: /

Sitemap: https://example.com/sitemap.xml
```

## Use instead
```robots
User-agent: *
Disallow: /private/

Sitemap: https://example.com/sitemap.xml
```
)md",
                         .authorities = kGoogle | kAdvice};

// Whether a normalised pattern matches every path: '/' or '*' followed by nothing but stars.
bool matches_everything(std::string_view pattern) {
  if (pattern.starts_with('/')) pattern.remove_prefix(1);
  return std::all_of(pattern.begin(), pattern.end(), [](char c) { return c == '*'; });
}

class RobotsBlocksSite final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    const std::size_t sitemaps = static_cast<std::size_t>(std::count_if(
        doc.robots->lines.begin(), doc.robots->lines.end(),
        [](const RobotsLine& line) { return line.field == RobotsField::Sitemap && line.value_length > 0; }));
    if (sitemaps == 0) return;
    const std::string_view googlebot[] = {kGooglebot};
    const std::vector<const RobotsRule*> rules = robots_rules_for(*doc.robots, googlebot);
    if (std::any_of(rules.begin(), rules.end(), [](const RobotsRule* rule) { return rule->allow; })) return;
    const RobotsVerdict verdict = robots_verdict(rules, "/");
    if (verdict.allowed || !matches_everything(verdict.rule->pattern)) return;
    out.report({.at = {verdict.rule->offset, verdict.rule->text.size()},
                .message = quoted(verdict.rule->text) +
                           " blocks every URL of the site for Googlebot, yet this robots.txt names " +
                           counted(sitemaps, "sitemap") + "; none of " + (sitemaps == 1 ? "its" : "their") +
                           " URLs can be crawled"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_blocks_site, kMeta, RobotsBlocksSite)
