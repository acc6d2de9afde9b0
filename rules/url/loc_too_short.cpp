// SM214 loc-too-short: a <loc> shorter than the 12 characters of the sitemap XSD's minLength.
#include "analysis/ascii.h"
#include "analysis/xs_any_uri.h"
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "<loc> is shorter than the 12 characters the sitemap XSD requires",
                         .docs = R"md(
## What it does
Reports an `http` or `https` `<loc>` of a sitemap or an index that has fewer than 12 characters,
such as `http://a.co` (11): the sitemap XSD's `<loc>` type has a `minLength` of 12. Characters
are counted as XML Schema counts them, without the white space around the URL. An empty `<loc>`
is `loc-empty`'s, a relative one `loc-not-absolute`'s, and one without a valid host
(`http:///x`) `loc-invalid-syntax`'s or `loc-invalid-host`'s. When the URL has no path, the fix writes
the path `/` after the host: the same URL, one character longer.

## Why it matters
Schema validation (`xmllint --schema sitemap.xsd`) rejects the whole file for one such URL, yet
the URL is valid and search engines accept it. So this is a warning, an error under
`--profile xsd`, and silent under `--profile google`. Only the shortest domains meet it.

## Example
```xml
<url>
  <loc>http://a.co</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>http://a.co/</loc>
</url>
```
)md",
                         .authorities = kSitemapXsd};

constexpr std::size_t kMinLength = kXsdMinUrlLength;  // the minLength of the XSD's tLoc

// Where the path would start in an absolute URL whose path is empty ("http://a.co", "http://a.co?q");
// npos when it has one.
std::size_t missing_path_at(std::string_view url) {
  const std::size_t authority = url.find("://");
  if (authority == std::string_view::npos) return std::string_view::npos;
  const std::size_t end = find_any(url, "/?#", authority + 3);
  if (end != std::string_view::npos && url[end] == '/') return std::string_view::npos;
  return end == std::string_view::npos ? url.size() : end;
}

class LocTooShort final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing({UrlFieldKind::Loc}, kUrlShort | kUrlNonAscii); }

  void on_url(const UrlField& url, FindingSink& out) override {
    if (url.kind != UrlFieldKind::Loc || !in_xml_sitemap(*url.entry)) return;
    const UrlAnalysis& a = url.analysis();
    // A URL without a usable host is loc-invalid-syntax's or loc-invalid-host's, whose findings say
    // the XSD rejects it too.
    if (a.shape != UrlShape::Http || !a.syntax_valid || a.host_problem != HostProblem::None) return;
    // An ASCII URL of valid syntax holds no white space: its length is its size.
    if (a.first_non_ascii == kNoPosition && a.trimmed.size() >= kMinLength) return;
    const std::size_t length = xs_collapsed_length(a.trimmed, kMinLength);
    if (length >= kMinLength) return;
    std::string message = quoted(a.trimmed) + " has " + counted(length, "character") + ", fewer than the " +
                          std::to_string(kMinLength) +
                          " the sitemap XSD requires of a <loc>, so schema validation rejects the file "
                          "(search engines accept the URL)";
    std::optional<Fix> fix;
    const std::size_t path_at = missing_path_at(a.trimmed);
    if (path_at != std::string_view::npos && length + 1 == kMinLength) {
      const std::string longer =
          std::string(a.trimmed.substr(0, path_at)) + "/" + std::string(a.trimmed.substr(path_at));
      message += ": write it as " + quoted(longer) + ", the same URL with its path '/' written out";
      if (url.field->exact) {
        fix = Fix{url.field->value_offset + a.start + path_at, 0, "/", "write the path '/'"};
      }
    } else {
      message +=
          ": if the file must pass schema validation, list the page under a longer URL the site "
          "also serves, such as its https:// or www. form";
    }
    const Span span = url_span(*url.field, a);
    out.report({.at = span, .message = std::move(message), .fix = std::move(fix)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_too_short, kMeta, LocTooShort)
