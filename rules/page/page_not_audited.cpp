// PAGE108 page-not-audited: listed URLs of the live site that the site's robots.txt keeps
// sitemaplint from fetching, though not Googlebot: the page rules could not check them.
#include <map>
#include <set>
#include <string>

#include "analysis/message_text.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "Listed URLs of the live site were not checked: robots.txt disallows sitemaplint",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), sitemaplint obeys the site's robots.txt for
its own product token, `sitemaplint` (a `User-agent: sitemaplint` group, else the `*` groups), as
RFC 9309 asks of every crawler: a URL disallowed for it is not fetched. Where Googlebot may crawl
such a URL (else PAGE106 reports it), no other rule can say anything about its page: this rule
says so, once for each host of the file, at the first such URL, with how many there are and the
line of robots.txt that disallows the first.

## Why it matters
A run that reports nothing about a page it never fetched looks like a run that found it fine. A
robots.txt written for other crawlers (a `*` group that disallows a folder Googlebot has a group
of its own for, or a group that names sitemaplint) keeps the audit from those pages, and Google
still crawls and judges them.

## Example
```text
# robots.txt
User-agent: *
Disallow: /shop/

User-agent: Googlebot
Allow: /
```
```xml
<url><loc>https://example.com/shop/boots</loc></url>
```

## Use instead
Let sitemaplint fetch what Googlebot may fetch: a group of its own in robots.txt.
```text
User-agent: sitemaplint
Allow: /
```
)md",
                         .authorities = kRfc9309};

class PageNotAudited final : public PageRule {
 public:
  explicit PageNotAudited(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref, UrlFieldKind::ImageLoc,
                            UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc}) {}

 protected:
  void subscribe(Subscriptions& s) const override {
    PageRule::subscribe(s);
    s.finish();  // the count of a host's URLs is known at the end of the file
  }

  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink&) override {
    // Disallowed for sitemaplint alone: a robots.txt that could not be had (PAGE106 says so once)
    // and a URL Googlebot may not crawl either (PAGE106 reports each) are not this rule's.
    if (page.status != PageStatus::Blocked ||
        (page.http && (page.http->robots_unreachable || !page.http->googlebot_disallowed.empty())))
      return;
    const std::string_view ascii = a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form);
    Host& host = hosts_[std::string(a.trimmed.substr(0, a.trimmed.find_first_of("/?#", a.host_at)))];
    if (!host.urls.insert(std::string(ascii)).second) return;
    if (host.urls.size() == 1) {
      host.first = {.at = url_span(*url.field, a), .message = url.quoted_value()};
      host.why = page.reason;
    }
  }

  void on_finish(const Document&, FindingSink& out) override {
    for (auto& [origin, host] : hosts_) {
      Report report = std::move(host.first);
      const std::size_t others = host.urls.size() - 1;
      report.message +=
          others == 0
              ? " was not fetched: the site's " + host.why +
                    " disallows it for sitemaplint, though not for Googlebot, so the page rules could not check it"
              : " and " + grouped(others) + " other listed URL" + (others == 1 ? "" : "s") + " of " + origin +
                    " were not fetched: the site's robots.txt disallows them for sitemaplint, though not for "
                    "Googlebot (this one by " +
                    host.why + "), so the page rules could not check them";
      report.message += others == 0 ? "; to audit it, allow it in a 'User-agent: sitemaplint' group"
                                    : "; to audit them, allow them in a 'User-agent: sitemaplint' group";
      out.report(std::move(report));
    }
    hosts_.clear();
  }

 private:
  struct Host {
    std::set<std::string> urls;  // distinct, as fetched
    Report first;  // at the first of them in the file
    std::string why;  // the robots.txt rule that disallows the first
  };
  std::map<std::string, Host> hosts_;  // by origin, for a stable order
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_not_audited, kMeta, PageNotAudited)
