// SM202 loc-not-absolute: <loc> has no scheme: a relative or scheme-relative URL.
#include <algorithm>
#include <cctype>
#include <cstdio>

#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<loc> is not an absolute URL (no scheme)",
                         .docs = R"md(
## What it does
Reports a `<loc>` without a scheme: a relative URL (`/about`, `index.html`), a host without
`https://` (`www.example.com/about`), a scheme-relative URL (`//example.com/about`), `://` with
nothing before it, a placeholder such as `None` or `null` that a template wrote in place of a URL,
or a value that is only a fragment: `#top`, or a `# comment` line in a text sitemap, a format
that has no comments. The message suggests the full URL where it can guess it.

In an RSS or Atom feed, each item's link is checked as its `<loc>`. An Atom `href` relative to an
absolute `xml:base` is resolved, and the URL it gives is what every URL rule checks: RFC 4287,
section 2: "Any element defined by this specification MAY have an xml:base attribute [...]. When
xml:base is used in an Atom Document, it serves the function described in section 5.1.1 of
[RFC3986], establishing the base URI (or IRI) for resolving any relative references found within
the effective scope of the xml:base attribute." The `xml:base` of the link and of each ancestor
count, each resolved against the one above it (XML Base), and the reference against the result as
RFC 3986 section 5.2 says. A relative `href` with no absolute base in scope stays an error: only
the address the feed was fetched from could resolve it (RFC 3986 section 5.1.3), and the sitemap
protocol asks for complete URLs. RSS 2.0 has no such mechanism: its `<link>` must be absolute.

## Why it matters
The sitemaps.org protocol requires every `<loc>` to be a complete URL starting with the protocol.
A sitemap has no base URL to resolve a relative one against, so search engines reject the entry
(Google Search Console: "Invalid URL"; a host without its scheme can also show as "URL not
allowed").

## Example
```xml
<url>
  <loc>/about</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/about</loc>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd | kRfc3986 | kGoogle,
                         .search_console = "Invalid URL"};

bool is_placeholder(std::string_view t) {
  static constexpr std::string_view kWords[] = {"none", "null", "nil", "undefined", "nan", "n/a", "false"};
  for (std::string_view word : kWords) {
    if (t.size() == word.size() && std::equal(t.begin(), t.end(), word.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == b;
        })) {
      return true;
    }
  }
  return false;
}

// Characters that look like nothing or like a space, pasted in front of a URL from a web page or
// a word processor: U+00A0, U+2000-U+200F, U+2028, U+2029, U+202F, U+205F, U+2060, U+3000, U+FEFF.
bool is_invisible(char32_t c) {
  return c == 0xA0 || (c >= 0x2000 && c <= 0x200F) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x2060 || c == 0x3000 || c == 0xFEFF;
}

std::string message_for(const UrlAnalysis& a, UrlFieldKind kind, std::string_view label, const std::string& value) {
  const std::string_view t = a.trimmed;
  if (a.first_non_ascii == 0) {
    const char32_t c = decode_code_point(code_point_at(t, 0));
    if (is_invisible(c)) {
      char label[16];
      std::snprintf(label, sizeof label, "U+%04X", static_cast<unsigned>(c));
      return value + " starts with the invisible character " + label +
             ", so it does not start with a scheme; "
             "delete the character";
    }
  }
  switch (a.relative_form) {
    case RelativeForm::SchemeRelative:
      return value + " is scheme-relative; " + std::string(label) + " needs the scheme too: write " +
             quoted("https:" + std::string(t));
    case RelativeForm::MissingScheme:
      return value + " has nothing before '://'; write the scheme: " + quoted("https" + std::string(t));
    case RelativeForm::MissingColon: {
      const std::size_t slashes = t.find("//");
      return value + " lacks the ':' after " + quoted(t.substr(0, slashes)) + "; write " +
             quoted(std::string(t.substr(0, slashes)) + ":" + std::string(t.substr(slashes)));
    }
    case RelativeForm::HostName:
      return value + " has no scheme; add https:// (" + quoted("https://" + std::string(t)) + ")";
    case RelativeForm::Path: break;
  }
  // "# Blog posts" in a text sitemap: a comment, which the format does not have (every line is a
  // URL); in XML, a same-page fragment. Either way, not a page to crawl.
  if (t.starts_with('#')) {
    return value +
           " is no URL but a fragment or a comment (a text sitemap has no comments: every line is a URL); list a "
           "page's absolute URL instead, or remove it";
  }
  if (is_placeholder(t)) {
    return value +
           " is not a URL but a placeholder, probably written by the program that made the "
           "sitemap for a page without a URL; write the page's absolute URL or leave the entry out";
  }
  // The example must be a URL one can copy: a space in the value is written %20 there.
  std::string example = "https://example.com" + std::string(t.starts_with('/') ? "" : "/");
  for (char c : t) c == ' ' ? example += "%20" : example += c;
  std::string message = value + " is a relative URL; " + std::string(label) +
                        " needs an absolute URL with scheme and host, e.g. " + quoted(example);
  // Google: content_loc "must point to the actual video media file", not the page that plays it.
  if (kind == UrlFieldKind::VideoContentLoc) message += ", the URL of the video file itself, not of the page";
  return message;
}

class LocNotAbsolute final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlNotHttp); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::NotAbsolute) return;
    const Span span = url_span(*url.field, a);
    out.report({.at = span,
                .message = message_for(a, url.kind, url.label, url.quoted_value()),
                .rests_on = url_finding_authorities(url, kMeta.authorities)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_not_absolute, kMeta, LocNotAbsolute)
