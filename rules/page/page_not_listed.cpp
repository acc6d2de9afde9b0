// PAGE401 page-not-listed: indexable pages of the build that no sitemap of the run lists.
#include "page_coverage.h"
#include "rules/rule_support.h"
#include "url_analysis.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "Indexable pages of the build are in no sitemap",
                         .docs = R"md(
## What it does
With `--pages` and a build folder (`--root`), lists every HTML page the host would serve that a
search engine may index (served with 200, no `noindex` in its head or headers, canonical to itself
or without a canonical, not the `404.html` page) and that no sitemap of the run lists, by `<loc>`
or as an hreflang alternate. A listed URL counts for the page the host serves for it, so
`/docs` (which redirects to `/docs/`) covers `docs/index.html`. By default one finding says how
many there are and names the first few (the JSON report's `pages` summary lists them all);
`--coverage` (config `coverage = true`) makes each page a finding of its own, with the page file
as its related location.

## Why it matters
A sitemap tells search engines which pages matter. A page missing from it is found later, or
never when nothing links to it (Google: "a sitemap ... helps search engines find new pages");
Search Console's "Discovered - currently not indexed" and "Crawled - currently not indexed" are
full of them. Usually a generator left a section out (a new content type, paginated archives), or
the pages should carry `noindex` and do not.

## Example
```text
public/pricing/index.html is served at https://example.com/pricing/ but no sitemap lists it
```

## Use instead
List the page, or mark it `noindex` if it should not be found.
```xml
<url><loc>https://example.com/pricing/</loc></url>
```
)md",
                         .authorities = kGoogle};

// Where the finding stands: the first sitemap's root element.
struct RootOffset final : FileFacts {
  std::size_t offset = 0;
};

class PageNotListed final : public Rule {
 public:
  explicit PageNotListed(const RuleSettings& settings)
      : pages_(settings.pages), each_(settings.each_unlisted_page), in_a_set_(settings.collect_set_facts) {}
  void subscribe(Subscriptions& s) const override {
    if (!pages_) return;
    if (in_a_set_) {
      s.document();
      s.urls({UrlFieldKind::Loc, UrlFieldKind::HreflangHref});
    }
    s.set();
  }

  void on_document(const Document& document, FindingSink&) override { root_offset_ = document.root_offset; }

  // Asks for every listed page, so that coverage knows them whichever other page rules run.
  void on_url(const UrlField& url, FindingSink&) override {
    if (url.entry->kind != EntryKind::Url) return;
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.syntax_valid || !a.valid_utf8) return;
    pages_->page(a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form));
  }

  std::unique_ptr<FileFacts> take_facts() override {
    if (!root_offset_) return nullptr;
    auto facts = std::make_unique<RootOffset>();
    facts->offset = *root_offset_;
    return facts;
  }

  void on_set(const SetView& set, SetSink& out) override {
    if (!pages_) return;
    std::size_t report_in = kNoFile, at = 0;
    for (std::size_t f = 0; f < set.files.size() && report_in == kNoFile; ++f) {
      if (const auto* facts = static_cast<const RootOffset*>(set.files[f].facts)) report_in = f, at = facts->offset;
    }
    if (report_in == kNoFile) return;  // no sitemap was read: nothing to compare the build with
    const std::vector<SitePage>& unlisted = pages_->unlisted();
    if (unlisted.empty()) return;
    if (each_) {
      for (const SitePage& page : unlisted) {
        out.report(report_in, {.at = {at, 1},
                               .message = quoted(page.url) + " (" + page.file +
                                          ") is an indexable page of the build that no sitemap lists; list it, or "
                                          "mark it noindex if search engines should not show it",
                               .related = RelatedLocation{0, "the page", page.file},
                               .subject = page.url});
      }
      return;
    }
    constexpr std::size_t kNamed = 3;
    std::string named;
    for (std::size_t i = 0; i < unlisted.size() && i < kNamed; ++i)
      named += (i ? ", " : "") + quoted(unlisted[i].url) + " (" + unlisted[i].file + ")";
    if (unlisted.size() > kNamed) named += " and " + grouped(unlisted.size() - kNamed) + " more";
    const bool one = unlisted.size() == 1;
    out.report(report_in,
               {.at = {at, 1},
                .message = grouped(unlisted.size()) + " indexable page" + (one ? "" : "s") + " of the build " +
                           (one ? "is" : "are") + " in no sitemap: " + named + "; list " + (one ? "it" : "them") +
                           ", or mark " + (one ? "it" : "them") + " noindex (--coverage reports each)"});
  }

 private:
  std::shared_ptr<const PageLookup> pages_;
  bool each_, in_a_set_;
  std::optional<std::size_t> root_offset_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_not_listed, kMeta, PageNotListed)
