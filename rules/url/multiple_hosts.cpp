// SM210 multiple-hosts: the URLs of one sitemap are on more than one host.
#include <unordered_set>

#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The sitemap lists URLs of more than one host",
                         .docs = R"md(
## What it does
Takes the host of the first valid `http`/`https` `<loc>` in the file as the sitemap's host and
reports every other host the first time it appears, pointing back at the first URL. Host names are
compared without regard to case and with Unicode names in their Punycode form, so `Example.com`
and `example.com` are one host, while `www.example.com` and `example.com` are two. In an RSS or
Atom feed, the items' links are compared (not the channel's or feed's own link). With
`--base-url`, `loc-out-of-scope` checks every URL against the sitemap's real location instead, and
this rule stays quiet.

## Why it matters
The protocol says all URLs in a sitemap must come from a single host, the one the sitemap is on.
Google Search Console reports URLs on another host as "URL not allowed" (unless cross-site
submission is proven in robots.txt), and a `www`/non-`www` or staging-host mix-up usually means
the generator was configured with the wrong base URL.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
</url>
<url>
  <loc>https://www.example.com/about</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
</url>
<url>
  <loc>https://example.com/about</loc>
</url>
```
Give each host its own sitemap.
)md",
                         .authorities = kSitemapsOrg | kGoogle,
                         .search_console = "URL not allowed"};

// The host as compared: lower case, without a final dot.
void normalize(std::string_view host, std::string& out) {
  if (host.ends_with('.')) host.remove_suffix(1);
  out.assign(host);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
}

class MultipleHosts final : public Rule {
 public:
  // With --base-url, loc-out-of-scope judges every URL against the sitemap's own host instead.
  explicit MultipleHosts(const RuleSettings& settings) : scoped_(settings.location.has_value()) {}
  void subscribe(Subscriptions& s) const override { s.urls({UrlFieldKind::Loc}); }

  void on_url(const UrlField& url, FindingSink& out) override {
    if (scoped_ || url.kind != UrlFieldKind::Loc || url.entry->from_robots) return;
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.syntax_valid || a.host_problem != HostProblem::None) return;
    // Consecutive URLs mostly have one host, written alike: the same host as the last URL's
    // has been judged (and reported, if it differs) already.
    if (first_offset_ && a.host == last_host_) return;
    last_host_.assign(a.host);
    normalize(a.ascii_host, key_);  // reuses key_'s capacity: no allocation per URL
    const Span span = url_span(*url.field, a, a.host_at, a.host.size());
    if (!first_offset_) {
      first_host_ = key_;
      first_offset_ = url_span(*url.field, a).offset;
      return;
    }
    if (key_ == first_host_ || !other_hosts_.insert(key_).second) return;
    out.report({.at = span,
                .message = "the host " + quoted(a.host) + " of " + quoted(a.trimmed) + " differs from " +
                           quoted(first_host_) +
                           ", the host of the first URL; a sitemap should list the URLs of one host only: move them to "
                           "a sitemap on that host",
                .related = RelatedLocation{*first_offset_, "the first URL, on host " + quoted(first_host_)}});
  }

 private:
  bool scoped_;
  std::string key_;
  std::string last_host_;  // as written
  std::string first_host_;
  std::optional<std::size_t> first_offset_;
  std::unordered_set<std::string> other_hosts_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(multiple_hosts, kMeta, MultipleHosts)
