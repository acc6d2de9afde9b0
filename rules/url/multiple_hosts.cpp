// SM210 multiple-hosts: the URLs of one sitemap are on more than one host.
#include <unordered_set>
#include <vector>

#include "analysis/ascii.h"
#include "url_analysis.h"
#include "rules/lane_state.h"
#include "rules/url/utils/origin.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The sitemap lists URLs of more than one host",
                         .docs = R"md(
## What it does
Takes the protocol, host and port of the first valid `http`/`https` `<loc>` in the file as the
sitemap's and reports every other combination the first time it appears, pointing back at the
first URL. Host names are compared without regard to case and with Unicode names in their Punycode
form, so `Example.com` and `example.com` are one host, while `www.example.com` and `example.com`
are two; `https://example.com/` and `http://example.com/` differ in protocol, and
`https://example.com:8443/` in port (`:443` on `https` is no port of its own). In an RSS or
Atom feed, the items' links are compared (not the channel's or feed's own link). With
`--base-url`, `loc-out-of-scope` checks every URL against the sitemap's real location instead, and
this rule stays quiet.

## Why it matters
The protocol says all URLs in a sitemap must come from a single host, the one the sitemap is on,
and use its protocol: a sitemap at `http://example.com/sitemap.xml` may not list
`https://example.com/` pages. Google Search Console reports URLs on another host as "URL not
allowed" unless every host is verified for cross-submission (a sitemap submitted for each host, or
named in each host's robots.txt), and a `www`/non-`www`, `http`/`https` or staging-host mix-up
usually means the generator was configured with the wrong base URL.

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

class MultipleHosts final : public Rule {
 public:
  // With --base-url, loc-out-of-scope judges every URL against the sitemap's own host instead.
  explicit MultipleHosts(const RuleSettings& settings) : scoped_(settings.location.has_value()) {}
  void subscribe(Subscriptions& s) const override { s.urls({UrlFieldKind::Loc}); }

  void on_url(const UrlField& url, FindingSink& out) override {
    if (scoped_ || url.kind != UrlFieldKind::Loc || url.entry->from_robots) return;
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.syntax_valid || a.host_problem != HostProblem::None) return;
    const std::string_view port = written_port(a);
    if (!port_in_range(port)) return;  // loc-invalid-syntax reports it
    // Consecutive URLs mostly have one origin, written alike: the same origin as the last URL's
    // has been judged (and reported, if it differs) already.
    const std::string_view written =
        a.trimmed.substr(0, a.host_at + a.host.size() + (port.empty() ? 0 : port.size() + 1));
    if ((first_offset_ || later_lane_) && same_bytes(written, last_written_)) return;
    last_written_.assign(written);
    origin_of(a, origin_);  // reuses origin_'s capacity: no allocation per URL
    if (later_lane_) {  // judged when absorbed, each origin at its first URL
      if (later_origins_.insert(origin_.key).second) origins_.push_back(listing(url, a));
      return;
    }
    if (!first_offset_) {
      first_ = origin_;
      first_offset_ = url_span(*url.field, a).offset;
      return;
    }
    if (origin_.key == first_.key || !other_origins_.insert(origin_.key).second) return;
    judge(listing(url, a), out);
  }

  void walks_later_lane(Rule&) override { later_lane_ = true; }
  void absorb(Rule& later_rule, FindingSink& out) override {
    for (const Listing& listed : static_cast<MultipleHosts&>(later_rule).origins_) {
      if (!first_offset_) {
        first_ = listed.origin;
        first_offset_ = listed.url.offset;
        continue;
      }
      if (listed.origin.key == first_.key || !other_origins_.insert(listed.origin.key).second) continue;
      judge(listed, out);
    }
  }

 private:
  // A URL with an origin of its own: what a finding about it says.
  struct Listing {
    Origin origin;
    std::string quoted_url, host, scheme;
    Span url, host_at, scheme_at, port_at;
    std::string subject;  // a later lane's: its entry's URL
  };

  Listing listing(const UrlField& url, const UrlAnalysis& a) const {
    const std::size_t port_at = a.host_at + a.host.size();
    const std::string_view port = written_port(a);
    return {origin_,
            quoted(a.trimmed),
            std::string(a.host),
            std::string(a.scheme),
            url_span(*url.field, a),
            url_span(*url.field, a, a.host_at, a.host.size()),
            url_span(*url.field, a, 0, a.scheme.size()),
            url_span(*url.field, a, port_at, a.trimmed.size() > port_at ? port.size() + 1 : 0),
            later_lane_ ? entry_subject(*url.entry) : std::string()};
  }

  void judge(const Listing& listed, FindingSink& out) {
    const Origin& origin = listed.origin;
    if (host_of(origin) != host_of(first_)) {
      report(listed, listed.host_at,
             "the host " + quoted(listed.host) + " of " + listed.quoted_url + " differs from " +
                 quoted(host_of(first_)) +
                 ", the host of the first URL; a sitemap should list the URLs of one host only: move them to a "
                 "sitemap on that host, unless every host is verified for cross-submission",
             "the first URL, on host " + quoted(host_of(first_)), out);
    } else if (scheme_of(origin) != scheme_of(first_)) {
      report(listed, listed.scheme_at,
             "the protocol " + quoted(listed.scheme) + " of " + listed.quoted_url + " differs from " +
                 quoted(scheme_of(first_)) +
                 ", the protocol of the first URL; a sitemap's URLs all use the protocol of the sitemap itself: "
                 "write each URL as the site serves it",
             "the first URL, with protocol " + quoted(scheme_of(first_)), out);
    } else {
      report(listed, listed.port_at,
             "the URL " + listed.quoted_url + " is on " + port_text(origin) + ", the first URL on " +
                 port_text(first_) + "; a sitemap's URLs all use the host and port of the sitemap itself",
             "the first URL, on " + port_text(first_), out);
    }
  }

  void report(const Listing& listed, Span span, std::string message, std::string related, FindingSink& out) {
    out.report({.at = span,
                .message = std::move(message),
                .related = RelatedLocation{*first_offset_, std::move(related)},
                .subject = listed.subject});
  }

  bool scoped_;
  Origin origin_, first_;
  std::string last_written_;  // the last URL's scheme, host and port as written
  std::optional<std::size_t> first_offset_;
  std::unordered_set<std::string> other_origins_;
  bool later_lane_ = false;
  std::unordered_set<std::string> later_origins_;  // in a later lane: every origin
  std::vector<Listing> origins_;  // and its first URL, in order
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(multiple_hosts, kMeta, MultipleHosts)
