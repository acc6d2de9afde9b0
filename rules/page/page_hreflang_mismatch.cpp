// PAGE203 page-hreflang-mismatch: a listed page's own hreflang alternates contradict the sitemap's.
#include "analysis/ascii.h"
#include "analysis/language_tag.h"
#include "analysis/same_url.h"
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A listed page's hreflang alternates contradict the sitemap's",
                         .docs = R"md(
## What it does
With `--pages`, compares the hreflang alternates a `<url>` gives in the sitemap
(`<xhtml:link rel="alternate" hreflang="..." href="...">`) with the `<link rel="alternate"
hreflang="..." href="...">` tags in the head of its page and, on the live site, the
`Link: <...>; rel="alternate"; hreflang="..."` headers it is served with, where the page has any.
Reports each alternate of the sitemap that the page lacks (a return link missing on the page)
and each alternate of the page that the sitemap lacks; an alternate of the page whose hreflang
is no language code (`en_US`), or a code the page gives two URLs, is reported as the page's
mistake, not as one to copy into the sitemap. Codes are compared without regard to case, URLs as
RFC 3986 normalises them. A page without hreflang tags is not compared: annotating in the sitemap
alone is enough. Of a page with more than 256 alternates, the first 256 are kept: only those the
page names and the sitemap lacks are reported.

## Why it matters
Google reads hreflang from the sitemap, the HTML and HTTP headers, and combines them. When the
sources disagree, it may drop the annotations of the cluster: the wrong language version shows
in search results. Usually the page template and the sitemap generator read different data (a
translation added to one only).

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
</url>
```
```html
<link rel="alternate" hreflang="en" href="https://example.com/en/">
<link rel="alternate" hreflang="fr" href="https://example.com/fr/">
```

## Use instead
The same alternates in both places (or hreflang in one place only).
```html
<link rel="alternate" hreflang="en" href="https://example.com/en/">
<link rel="alternate" hreflang="de" href="https://example.com/de/">
```
)md",
                         .authorities = kGoogle};

// An alternate reduced to what two sources must agree on.
struct Alternate {
  std::string code;  // lower case
  std::uint64_t target = 0;  // same_url key
  bool operator==(const Alternate&) const = default;
};

// Where the page names `link`: its line in the page, or the header that gave it.
std::string where_on(const PageAnswer& page, const PageLink& link) {
  return link.line == 0 && !link.source.empty() ? link.source : page.file + ":" + std::to_string(link.line);
}

// The first of the page's other alternates with alternate `i`'s language code (in any case) and
// another URL; null when there is none.
const PageLink* other_url_for(const PageAnswer& page, std::size_t i, std::string& scratch) {
  const PageLink& link = page.head.alternates[i];
  for (const PageLink& other : page.head.alternates) {
    if (&other != &link && !other.url.empty() && ascii_equal_ignoring_case(other.hreflang, link.hreflang) &&
        same_url_key(other.url, &scratch) != same_url_key(link.url, &scratch))
      return &other;
  }
  return nullptr;
}

class PageHreflangMismatch final : public Rule {
 public:
  explicit PageHreflangMismatch(const RuleSettings& settings) : pages_(settings.pages) {}
  void subscribe(Subscriptions& s) const override {
    if (!pages_) return;
    s.urls({UrlFieldKind::HreflangHref});  // EntryLinks notes the links' URLs
    s.entries_with_extensions(kXhtmlNamespace);  // pages with links only
  }
  void on_url(const UrlField& url, FindingSink&) override { links_.note_url(url); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    const std::span<const HreflangLink> links = links_.read(entry);
    if (links.empty() || !links_.loc_usable() || links_.any_error()) return;
    const UrlAnalysis& loc = entry.loc_analysis();
    const PageRef page = pages_->page(loc.ascii_form.empty() ? loc.trimmed : std::string_view(loc.ascii_form));
    if (!page || page->status != PageStatus::Served || page->head.alternates.empty()) return;
    on_page_.clear();
    for (const PageLink& link : page->head.alternates) {
      if (!link.url.empty()) on_page_.push_back({ascii_lowered(link.hreflang), same_url_key(link.url, &scratch_)});
    }
    in_sitemap_.clear();
    for (const HreflangLink& link : links) in_sitemap_.push_back({ascii_lowered(link.code), link.target});
    // A page with more alternates than are kept may name the rest of the sitemap's: only what it
    // names and the sitemap does not is certain.
    for (std::size_t i = 0; i < links.size() && page->head.alternates_dropped == 0; ++i) {
      if (std::find(on_page_.begin(), on_page_.end(), in_sitemap_[i]) != on_page_.end()) continue;
      const HreflangLink& link = links[i];
      out.report({.at = {link.node->offset, link.node->qualified_name.size() + 1},
                  .message = "the sitemap gives " + quoted(loc.trimmed) + " the alternate hreflang=" +
                             quoted(link.code) + " " + quoted(link.href_analysis->trimmed) + ", but its page (" +
                             page->file + ") does not; add <link rel=\"alternate\" hreflang=\"" +
                             std::string(link.code) + "\" href=\"" + std::string(link.href_analysis->trimmed) +
                             "\"> to the page, or remove the alternate from the sitemap",
                  .related = page_file_location(*page, 0, "the page")});
    }
    const Element& url = *entry.element;
    said_twice_.clear();
    for (std::size_t i = 0; i < page->head.alternates.size(); ++i) {
      const PageLink& link = page->head.alternates[i];
      if (link.url.empty()) continue;
      const Alternate alternate{ascii_lowered(link.hreflang), same_url_key(link.url, &scratch_)};
      if (std::find(in_sitemap_.begin(), in_sitemap_.end(), alternate) != in_sitemap_.end()) continue;
      const std::string where = " (" + where_on(*page, link) + ")";
      // What the sitemap cannot take from the page: a value that is no language code, and a code
      // the page gives two URLs (Google ignores both; copying them would spread the mistake).
      std::string message;
      if (parse_language_tag(trim_xml_space(link.hreflang)).shape == TagShape::Malformed) {
        message = "the page of " + quoted(loc.trimmed) + " names the alternate hreflang=" + quoted(link.hreflang) +
                  where + ", which is no language code: Google ignores it; correct it on the page";
      } else if (const PageLink* other = other_url_for(*page, i, scratch_)) {
        if (std::find(said_twice_.begin(), said_twice_.end(), alternate.code) != said_twice_.end()) continue;
        said_twice_.push_back(alternate.code);  // once for the code, however many URLs it has
        message = "the page of " + quoted(loc.trimmed) + " gives hreflang=" + quoted(link.hreflang) + " two URLs, " +
                  quoted(other->url) + " (" + where_on(*page, *other) + ") and " + quoted(link.url) + where +
                  ": Google may ignore the page's annotations; give each language one URL on the page";
      } else {
        message = "the page of " + quoted(loc.trimmed) + " names the alternate hreflang=" + quoted(link.hreflang) +
                  " " + quoted(link.url) + where +
                  ", which the sitemap does not give it; add it to the <url>, or remove it from the page";
      }
      out.report({.at = {url.offset, url.qualified_name.size() + 1},
                  .message = std::move(message),
                  .related = page_file_location(*page, link.offset, "the page's alternate", link.line, link.column)});
    }
  }

 private:
  std::shared_ptr<const PageLookup> pages_;
  EntryLinks links_;
  std::vector<Alternate> on_page_, in_sitemap_;
  std::vector<std::string> said_twice_;  // codes the page gives two URLs, said once each
  std::string scratch_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_hreflang_mismatch, kMeta, PageHreflangMismatch)
