// SM205 loc-invalid-syntax: <loc> is not a valid RFC 3986 URL.
#include <algorithm>
#include <cstdio>

#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<loc> is not a valid URL (RFC 3986)",
                         .docs = R"md(
## What it does
Checks an `http`/`https` `<loc>` against the URI syntax of RFC 3986 (as Boost.URL parses it) and
names the first character that breaks it and its position: a space, a backtick, one of
`{ } < > " \ ^ |`, a `[` or `]` outside an IPv6 address, a second `#`, a `%` that does not start
a `%XX` escape, a port that is not a number. A port above 65,535 is reported too: RFC 3986 allows
any number of digits, but a TCP port has 16 bits, so no client can connect to it. Non-ASCII
characters alone do not count: `loc-non-ascii` reports those.

## Why it matters
The protocol requires URLs to follow RFC 3986, escaped as the server expects them. Browsers quietly
repair a space or a brace, but crawlers see an invalid URL and drop it (Google Search Console:
"Invalid URL"). Braces usually mean an unexpanded template (`{id}`), spaces a file name pasted
as is.

## Example
```xml
<url>
  <loc>https://example.com/products/{id}</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/products/42</loc>
</url>
```
A character that really belongs in the URL is percent-encoded: a space as `%20`, `{` as `%7B`.
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd | kRfc3986 | kHttp | kGoogle,
                         .search_console = "Invalid URL"};

std::string_view part_name(UriPart part) {
  switch (part) {
    case UriPart::UserInfo: return "the user name";
    case UriPart::Host: return "the host";
    case UriPart::Port: return "the port";
    case UriPart::Path: return "the path";
    case UriPart::Query: return "the query";
    case UriPart::Fragment: return "the fragment";
  }
  return "the URL";
}

// How to show a character in a message: quoted, or named when it cannot be seen.
std::string label(std::string_view ch) {
  const auto c = static_cast<unsigned char>(ch.front());
  if (c == ' ') return "a space";
  if (c == '\t') return "a tab";
  if (c == '\n' || c == '\r') return "a line break";
  if (c < 0x20 || c == 0x7F) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "the control character U+%04X", c);
    return buffer;
  }
  return quoted(ch);
}

// Characters RFC 3986 allows nowhere as they are.
bool never_allowed(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u <= 0x20 || u == 0x7F || std::string_view("\"<>\\^`{|}").find(c) != std::string_view::npos;
}

std::string message_for(const UrlAnalysis& a, const std::string& url) {
  const std::string_view t = a.trimmed;
  if (a.syntax_problem == SyntaxProblem::Unlocated) {
    return url + " is not a valid URL (RFC 3986); check its punctuation";
  }
  const std::string where = " at position " + std::to_string(url_position(a, a.syntax_at));
  const std::string_view ch = code_point_at(t, a.syntax_at);
  switch (a.syntax_problem) {
    case SyntaxProblem::PercentEscape: {
      std::size_t end = a.syntax_at + 1;
      for (int n = 0; n < 2 && end < t.size(); ++n) end += code_point_at(t, end).size();
      return url + ": '%'" + where + " does not start a percent-escape (" +
             quoted(t.substr(a.syntax_at, end - a.syntax_at)) +
             "); a '%' must be followed by two hex digits, and a literal '%' is written %25";
    }
    case SyntaxProblem::IpLiteral:
      return url + ": " + quoted(a.host) + where + " is not a valid IPv6 address; write it as in '[2001:db8::1]'";
    case SyntaxProblem::Character:
      if (a.syntax_part == UriPart::Port) {
        return url + ": " + label(ch) + where + " is not allowed in the port, which must be digits only";
      }
      if (never_allowed(ch.front())) {
        return url + ": " + label(ch) + where + " is not allowed in a URL; percent-encode it as " + percent_encoded(ch);
      }
      return url + ": " + label(ch) + where + " is not allowed in " + std::string(part_name(a.syntax_part)) +
             "; percent-encode it as " + percent_encoded(ch);
    case SyntaxProblem::None:
    case SyntaxProblem::Unlocated: break;
  }
  return url + " is not a valid URL (RFC 3986)";
}

class LocInvalidSyntax final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlSyntaxInvalid | kUrlHasPort); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http) return;
    if (a.syntax_valid) {
      check_port(url, a, out);
      return;
    }
    const Span span = a.syntax_at == kNoPosition
                          ? url_span(*url.field, a)
                          : url_span(*url.field, a, a.syntax_at, code_point_at(a.trimmed, a.syntax_at).size());
    out.report({.at = span,
                .message = message_for(a, url.quoted_value()),
                .rests_on = url_finding_authorities(url, kMeta.authorities)});
  }

 private:
  // A port RFC 3986's grammar allows (any digits) but TCP does not: above 65,535. It rests on HTTP
  // (the port is a TCP port) and Google, not on the URI syntax or the XSD, which let it pass.
  static void check_port(const UrlField& url, const UrlAnalysis& a, FindingSink& out) {
    if (!a.has_authority || a.host_at == kNoPosition) return;
    const std::string_view t = a.trimmed;
    const std::size_t colon = a.host_at + a.host.size();
    if (colon >= t.size() || t[colon] != ':') return;
    const std::size_t end = std::min(t.find_first_of("/?#", colon), t.size());
    const std::string_view digits = t.substr(colon + 1, end - colon - 1);
    const std::string_view significant = digits.substr(std::min(digits.find_first_not_of('0'), digits.size()));
    if (significant.size() < 5 || (significant.size() == 5 && significant <= "65535")) return;
    const Span span = url_span(*url.field, a, colon + 1, digits.size());
    out.report({.at = span,
                .message = url.quoted_value() + ": the port " + std::string(digits) + " at position " +
                           std::to_string(url_position(a, colon + 1)) +
                           " is above 65,535, the highest TCP port, so no client can connect to it; correct the port, "
                           "or remove it to use the scheme's default",
                .rests_on = kHttp | kGoogle});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_invalid_syntax, kMeta, LocInvalidSyntax)
