// SM008 not-a-sitemap: input that is neither XML nor a text list of URLs.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The input is neither an XML sitemap nor a text list of URLs",
                         .docs = R"md(
## What it does
Reports an input that does not start with XML markup and whose first line is not an `http://` or
`https://` URL, and says what it looks like: JSON, a robots.txt file, Markdown, or plain text.

## Why it matters
Search engines accept XML sitemaps, RSS/Atom feeds and text files with one URL per line. Anything
else submitted as a sitemap is rejected, usually because a build step wrote the wrong file or a
server answered with something other than the sitemap.

## Example
```text
User-agent: *
Sitemap: https://example.com/sitemap.xml
```

## Use instead
```text
https://example.com/
https://example.com/about
```
)md",
                         .authorities = kSitemapsOrg | kGoogle | kBing,
                         .search_console = "Unsupported file format"};

class NotASitemap final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (doc.kind != DocumentKind::NotSitemap) return;
    const std::size_t at = doc.bytes.find_first_not_of(" \t\r\n", doc.encoding.bom_length);
    std::string message = "this is not a sitemap: it looks like " + std::string(doc.looks_like) +
                          ", not XML or a text file with one http(s) URL per line";
    // A robots.txt under another name: the way to have it read as one.
    if (doc.looks_like == "a robots.txt file") message += "; give it with --robots to read it as a robots.txt";
    out.report({.at = {at, 1}, .message = std::move(message)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(not_a_sitemap, kMeta, NotASitemap)
