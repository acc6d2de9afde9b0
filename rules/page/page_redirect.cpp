// PAGE103 page-redirect: a listed URL that the host redirects.
#include <algorithm>

#include "analysis/ascii.h"
#include "analysis/same_url.h"
#include "host_name.h"
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"
#include "rules/page/utils/redirect_chain.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "A listed URL redirects: list the page it leads to",
                         .docs = R"md(
## What it does
With `--pages`, reports the listed URLs that the host would redirect: a folder without its final
slash (`/docs` for `docs/index.html`), a page with `.html` where the host serves pretty URLs, a
final slash where the host serves the page without it, a rule of `_redirects`, or a page that is
only a `<meta http-equiv="refresh">` stub (what Hugo's aliases and Jekyll's `redirect_from`
generate). On the live site (`--pages` without `--root`), reports every listed URL that answers
a redirect, with the whole chain of hops followed (PAGE107 reports the chains that go wrong). In
a build, the host's rules are followed the same way, hop after hop (at most 10), to where the
chain ends. The message names the target, why, and where the chain ends: a page to list instead,
or why no URL of it should be listed (nothing behind it in the build, a loop, a page that forbids
indexing or names another URL as canonical, a page on another host, which belongs in that host's
sitemap). Where the chain ends on the same site in a page that may be indexed, the fix lists that
page instead.

## Why it matters
A sitemap should list the canonical URL of each page, the one that answers 200. A URL that
redirects is reported by Search Console as **"Page with redirect"** and is not indexed; the
trailing slash that the sitemap, the links and the host disagree on is the most common cause.

## Example
```xml
<url><loc>https://example.com/docs</loc></url>  <!-- the build has docs/index.html -->
```

## Use instead
```xml
<url><loc>https://example.com/docs/</loc></url>
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Page with redirect"};

class PageRedirect final : public PageRule {
 public:
  explicit PageRedirect(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void subscribe(Subscriptions& s) const override {
    PageRule::subscribe(s);
    s.finish();  // the findings wait for every <loc> of the file: see on_finish
  }

  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink&) override {
    if (url.kind == UrlFieldKind::Loc) {
      normalise_url(a.ascii_form.empty() ? a.trimmed : a.ascii_form, &normal_);
      listed_.push_back(std::hash<std::string>()(normal_));
    }
    if (page.status != PageStatus::Redirect || !redirect_problem(page).empty()) return;  // PAGE107's
    const std::string how = page.code != 0 ? "redirects it with " + std::to_string(page.code) : "sends crawlers on";
    std::string message = url.quoted_value() + " is not a page: " + std::string(pages().host_label()) + " " + how +
                          " to " + quoted(page.target) + " (" + page.reason + ")";
    // Live, the chain was followed by fetching; from a build, it is followed through the host's
    // rules here.
    const std::string_view listed = a.ascii_form.empty() ? a.trimmed : a.ascii_form;
    const BuildChain chain =
        page.http ? follow_live(pages(), *page.http, page.target) : follow_in_build(pages(), listed, page);
    const std::string& end = chain.end_url.empty() ? page.target : chain.end_url;
    std::string trouble = chain.trouble.empty() ? unfit_end(end, chain.end.get()) : chain.trouble;
    // A sitemap lists only the URLs of its own host (the protocol's rule, and Search Console's
    // "URL not allowed"): a page on another host is not one to list here.
    // Hosts as one spelling each ("127.1" is "127.0.0.1"), whatever the scheme (https is no other host).
    const auto host_part = [](std::string_view url) {
      const std::string origin = normal_origin(url);
      return origin.substr(std::min(origin.size(), origin.find("://") + 3));
    };
    if (trouble.empty() && host_part(end) != host_part(listed)) {
      trouble =
          "which is on another host, " + quoted(host_of_url(end)) + ": list it in that host's sitemap, not in this one";
    }
    std::optional<Fix> fix;
    if (!trouble.empty()) {
      if (!chain.end_url.empty() && chain.trouble.empty()) message += ", which leads on to " + quoted(end);
      message += ", " + trouble + "; remove the URL or correct the redirect";
    } else {
      if (!chain.end_url.empty()) message += ", which leads on to " + quoted(end);
      message += "; list " + quoted(end) + " instead";
      fix = fix_for(url, end, chain.end.get());
    }
    message += " (Search Console: \"Page with redirect\")";
    found_.push_back({{.at = url_span(*url.field, a), .message = std::move(message), .fix = std::move(fix)},
                      normal_form(end),
                      url.entry->loc.present ? std::string(url.entry->loc_analysis().trimmed) : std::string()});
  }

  // A fix that lists the target where the file lists it already would make a duplicate: such a
  // finding keeps its message and loses its fix (removing the entry is the user's call).
  void on_finish(const Document&, FindingSink& out) override {
    if (!found_.empty()) std::sort(listed_.begin(), listed_.end());
    for (Found& f : found_) {
      if (std::binary_search(listed_.begin(), listed_.end(), std::hash<std::string>()(f.target))) f.report.fix.reset();
      f.report.subject = f.subject;
      out.report(std::move(f.report));
    }
    found_.clear();
    listed_.clear();
  }

 private:
  struct Found {
    Report report;
    std::string target;  // normal form
    std::string subject;  // the entry's <loc>, which the finding is about
  };

  static std::string normal_form(std::string_view url) {
    std::string out;
    normalise_url(url, &out);
    return out;
  }

  // Listing where the redirect ends instead, when that answers with a page of its own (not a 404,
  // a fallback or another redirect; unfit_end rules out the pages that may not be indexed) and
  // holds no character XML escapes (a _redirects target with a query): the fix must not turn a
  // redirect into a page Search Console reports worse.
  std::optional<Fix> fix_for(const UrlField& url, const std::string& end_url, const PageAnswer* end) const {
    if (end_url.find_first_of("&<>\"'") != std::string::npos) return std::nullopt;
    if (!end || end->status != PageStatus::Served) return std::nullopt;
    return url.field->replace_value(end_url, "list " + quoted(end_url) + ", where it leads");
  }

  // The hashes of the normal forms of every <loc> of the file on the site: a copy of each URL cost
  // more than the rule's findings. Two URLs that hash alike withhold a fix, and report nothing.
  std::vector<std::size_t> listed_;
  std::string normal_;  // kept from URL to URL
  std::vector<Found> found_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_redirect, kMeta, PageRedirect)
