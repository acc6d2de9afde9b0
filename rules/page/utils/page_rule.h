// The shape every page rule shares: called for the URL fields of the kinds it judges that are on
// the site --pages reads (the --base-url's origin), with what the host answers for each. Without
// --pages the rule subscribes to nothing and costs nothing.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "page.h"
#include "rules/rule_support.h"
#include "url_analysis.h"

namespace sitemaplint {

class PageRule : public Rule {
 public:
  PageRule(const RuleSettings& settings, std::initializer_list<UrlFieldKind> kinds)
      : pages_(settings.pages), kinds_(kinds) {}
  void subscribe(Subscriptions& s) const override {
    if (!pages_) return;
    for (const UrlFieldKind kind : kinds_) s.urls({kind});
  }
  void on_url(const UrlField& url, FindingSink& out) final {
    // A <sitemap> of an index names a sitemap, which the site family follows; a robots.txt's
    // Sitemap: lines likewise.
    if (url.entry->kind == EntryKind::Sitemap || url.entry->from_robots) return;
    const UrlAnalysis& a = url.analysis();
    // Invalid URLs are the url rules' business.
    if (a.shape != UrlShape::Http || !a.syntax_valid || !a.valid_utf8) return;
    const std::string_view ascii = a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form);
    if (const PageRef page = pages_->page(ascii)) check(url, a, *page, out);
  }

 protected:
  virtual void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) = 0;
  const PageLookup& pages() const { return *pages_; }

 private:
  std::shared_ptr<const PageLookup> pages_;
  std::vector<UrlFieldKind> kinds_;
};

// "the page file ./public/a.html", for related locations and messages. `line` and `column` place
// `offset` on a fetched page, which is not read again.
inline RelatedLocation page_file_location(const PageAnswer& page, std::size_t offset, std::string message,
                                          std::size_t line = 0, std::size_t column = 0) {
  return RelatedLocation{offset, std::move(message), page.file, line, column};
}

}  // namespace sitemaplint
