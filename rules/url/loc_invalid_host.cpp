// SM206 loc-invalid-host: the host of an http(s) <loc> is missing or invalid.
#include <unicode/uidna.h>

#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<loc> has a missing or invalid host",
                         .docs = R"md(
## What it does
Checks the host of an `http`/`https` `<loc>` whose syntax is otherwise valid. It reports a URL
without a host (`http:///page`, `https:/example.com`), a host name that IDNA (UTS #46, with the
STD3, Bidi and ContextJ checks) rejects (`exa_mple.com`, `-shop.example.com`, `a..example.com`,
a broken `xn--` label), a label longer than 63 characters or a name longer than 253, and a name ending
in a number that is no IPv4 address (`256.1.1.1`). A name without a dot is syntactically valid and
is reported by `loc-host-unqualified` instead. IPv4 and IPv6 literals such as `192.0.2.1` and `[2001:db8::1]` are fine, and
so are Unicode host names (see `loc-non-ascii`).

## Why it matters
Crawlers must resolve the host in public DNS; a host that is not a valid domain name cannot be
crawled (Google Search Console: "Invalid URL").

## Example
```xml
<url>
  <loc>https://exa_mple.com/reports</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://reports.example.com/</loc>
</url>
```
)md",
                         .authorities = kSitemapXsd | kRfc3986 | kHttp | kGoogle,
                         .search_console = "Invalid URL"};

std::size_t longest_label(std::string_view name) {
  std::size_t longest = 0, start = 0;
  while (start <= name.size()) {
    const std::size_t end = std::min(name.find('.', start), name.size());
    longest = std::max(longest, end - start);
    start = end + 1;
  }
  return longest;
}

std::string idna_reason(const UrlAnalysis& a) {
  const std::uint32_t e = a.idna_errors;
  if (e & UIDNA_ERROR_EMPTY_LABEL) return "it has an empty label (a leading dot or two dots in a row)";
  if (e & UIDNA_ERROR_LABEL_TOO_LONG) {
    return "a label is " + std::to_string(longest_label(a.ascii_host)) + " characters long; DNS allows at most 63";
  }
  if (e & UIDNA_ERROR_DOMAIN_NAME_TOO_LONG) {
    return "it is " + std::to_string(a.ascii_host.size()) + " characters long; DNS allows at most 253";
  }
  if (e & UIDNA_ERROR_DISALLOWED) {
    for (char c : a.host) {
      const bool ldh =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
      if (static_cast<unsigned char>(c) < 0x80 && !ldh && c != '%') {
        return quoted(std::string_view(&c, 1)) + " is not allowed in a host name (letters, digits and '-' only)";
      }
    }
    return "it contains a character that host names do not allow";
  }
  if (e & UIDNA_ERROR_LEADING_HYPHEN) return "a label starts with '-'";
  if (e & UIDNA_ERROR_TRAILING_HYPHEN) return "a label ends with '-'";
  if (e & (UIDNA_ERROR_PUNYCODE | UIDNA_ERROR_INVALID_ACE_LABEL)) return "an 'xn--' label is not valid Punycode";
  if (e & UIDNA_ERROR_HYPHEN_3_4) return "a label has '--' in its third and fourth characters but is no 'xn--' label";
  if (e & UIDNA_ERROR_LEADING_COMBINING_MARK) return "a label starts with a combining mark";
  if (e & UIDNA_ERROR_BIDI)
    return "it mixes right-to-left and left-to-right text in a way IDNA forbids (the Bidi rule)";
  if (e & UIDNA_ERROR_CONTEXTJ) return "it has a zero-width joiner or non-joiner where IDNA forbids one";
  return "IDNA rejects it";
}

std::string message_for(const UrlAnalysis& a, const std::string& url) {
  const std::string host = quoted(a.host);
  switch (a.host_problem) {
    case HostProblem::NoAuthority: {
      std::string_view rest = a.trimmed.substr(a.scheme.size() + 1);
      while (rest.starts_with('/')) rest.remove_prefix(1);
      return url + " has no host; write '//' and the host after '" + std::string(a.scheme) + ":', as in " +
             quoted(std::string(a.scheme) + "://" + std::string(rest));
    }
    case HostProblem::Empty:
      return url + " has an empty host; write the site's host name after '" + std::string(a.scheme) + "://'";
    case HostProblem::Idna: return "the host " + host + " of " + url + " is not a valid host name: " + idna_reason(a);
    case HostProblem::NumericTld:
      return "the host " + host + " of " + url +
             " ends in a number but is not a valid IPv4 address; "
             "write a domain name or a dotted IPv4 address such as '192.0.2.1'";
    case HostProblem::NotQualified:  // loc-host-unqualified
    case HostProblem::None: break;
  }
  return {};
}

class LocInvalidHost final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlHostProblem); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.syntax_valid || a.host_problem == HostProblem::None ||
        a.host_problem == HostProblem::NotQualified) {
      return;
    }
    // Point at the host when there is one, at the whole URL otherwise.
    const Span span = a.host.empty() ? url_span(*url.field, a) : url_span(*url.field, a, a.host_at, a.host.size());
    out.report({.at = span,
                .message = message_for(a, url.quoted_value()),
                .rests_on = url_finding_authorities(url, kMeta.authorities)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_invalid_host, kMeta, LocInvalidHost)
