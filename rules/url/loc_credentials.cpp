// SM215 loc-credentials: a URL with a user name (and password) before its host.
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A URL carries a user name or password before its host",
                         .docs = R"md(
## What it does
Reports an `http` or `https` URL, in `<loc>` or any URL field of an extension, with user
information before its host: `https://user:secret@example.com/` or `https://user@example.com/`.
The finding covers the user information and the `@`; the message does not repeat a password.

## Why it matters
RFC 3986 deprecates `user:password` in a URI (section 3.2.1): the password is sent and shown in
clear text wherever the URL goes, and a sitemap is public, so whoever reads it can log in.
Crawlers do not log in with them either: a page behind a login has no place in a sitemap, and
a page that needs no login should be listed without them. A user name alone leaks less, but is
no part of the page's address either.

## Example
```xml
<url>
  <loc>https://editor:hunter2@example.com/drafts/spring</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/drafts/spring</loc>
</url>
```
If the password was real, change it: the sitemap has published it.
)md",
                         .authorities = kRfc3986 | kAdvice};

class LocCredentials final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlHasUserInfo); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.has_authority || a.host_at == kNoPosition || a.host_at == 0) return;
    const std::string_view t = a.trimmed;
    if (t[a.host_at - 1] != '@') return;
    const std::size_t begin = t.find("://") + 3;
    if (begin > a.host_at - 1) return;
    const std::string_view userinfo = t.substr(begin, a.host_at - 1 - begin);
    const std::size_t colon = userinfo.find(':');
    const std::string_view user = userinfo.substr(0, colon);
    const std::string without = std::string(t.substr(0, begin)) + std::string(t.substr(a.host_at));
    const Span span = url_span(*url.field, a, begin, userinfo.size() + 1);
    if (colon != std::string_view::npos) {
      out.report({.at = span,
                  .message = std::string(url.label) + " carries the user name " + quoted(user) +
                             " and a password before its host; a sitemap is public, so whoever reads it can log in, "
                             "and crawlers do not: remove them (and change the password) and list " +
                             quoted(without),
                  .rests_on = kRfc3986 | kAdvice});
      return;
    }
    out.report(
        {.at = span,
         .message = std::string(url.label) + " carries the user name " + quoted(user) +
                    " before its host; crawlers do not log in and the name is no part of the page's address: list " +
                    quoted(without),
         .rests_on = kAdvice});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_credentials, kMeta, LocCredentials)
