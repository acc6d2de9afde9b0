// SM211 duplicate-loc: the same URL is listed twice in one sitemap.
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "analysis/same_url.h"
#include "analysis/xml_text.h"
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                        .summary = "The same URL is listed more than once",
                        .docs = R"md(
## What it does
Reports every `<loc>` whose URL an earlier entry of the same file already lists, and points at
that first entry. URLs are compared in the normal form of RFC 3986 (section 6.2.2, with the
scheme-based steps of 6.2.3), after entities are decoded and the white space around them
removed: scheme and host in any case, percent-escapes in either case (`%7e` and `%7E`), an
escaped unreserved character (`%41` and `A`), `.` and `..` segments and the scheme's default
port (`:443` for `https`) make no difference, and the message says when two URLs are the same
only once normalised. `https://example.com/a` and `https://example.com/a/` remain different
URLs, as do `http:` and `https:`. In an RSS or Atom feed, two items with the same link are
reported alike.

## Why it matters
Each page should appear once. Repeats waste the sitemap's 50,000-URL budget, and when the copies
disagree on `<lastmod>` or `<priority>`, a search engine has to guess which one is meant. Repeats
usually come from a generator that joins several sources (posts and categories, say) without
removing duplicates.

## Example
```xml
<url>
  <loc>https://example.com/a</loc>
</url>
<url>
  <loc>https://example.com/a</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/a</loc>
</url>
```
)md",
                        .authorities = kAdvice};

class DuplicateLoc final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.document();
    s.urls({UrlFieldKind::Loc});
  }
  // The input, to read the first listing back when a later one differs from it as written.
  void on_document(const Document& doc, FindingSink&) override { bytes_ = doc.bytes; }

  void on_url(const UrlField& url, FindingSink& out) override {
    if (url.kind != UrlFieldKind::Loc) return;  // an entry's URL; repeated images are the image rules'
    const UrlAnalysis& a = url.analysis();
    if (a.trimmed.empty()) return;
    // A 64-bit key of the normal form stands for the URL: a collision needs billions of URLs, and
    // a sitemap holds 50,000, so memory stays at one small node per URL however long the URLs are.
    const std::uint64_t key = a.same_url_key();
    const SourceSpan span = url_span(*url.field, a);
    const std::uint64_t as_written = std::hash<std::string_view>{}(a.trimmed);
    const auto [it, inserted] = first_seen_.try_emplace(key, First{span.offset, span.length, as_written});
    if (inserted) return;
    const RelatedLocation first{it->second.offset, "first listed here"};
    const std::string advice =
        "remove the repeated entry (merging its <lastmod> into the first if it is newer)";
    if (it->second.as_written == as_written) {
      out.report(span.offset, span.length, quoted(a.trimmed) + " is listed more than once; " + advice, std::nullopt,
                 first);
      return;
    }
    std::string first_url;
    decode_entities(bytes_.substr(it->second.offset, it->second.length), &first_url);
    out.report(span.offset, span.length,
               quoted(a.trimmed) + " is the same URL as " + quoted(first_url) +
                   ", listed earlier, once both are normalised as RFC 3986 (section 6.2.2) describes; " + advice,
               std::nullopt, first);
  }

 private:
  struct First {
    std::size_t offset, length;
    std::uint64_t as_written;  // hash of the URL as written, to tell an exact repeat
  };
  std::unordered_map<std::uint64_t, First> first_seen_;  // URL key -> where its first <loc> is
  std::string_view bytes_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_loc, kMeta, DuplicateLoc)
