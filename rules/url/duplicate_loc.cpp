// SM211 duplicate-loc: the same URL is listed twice in one sitemap.
#include <cstdint>
#include <algorithm>
#include <vector>

#include "analysis/hash_sort.h"
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

// Each <loc> is kept as 16 bytes (its URL's key and where it is) in document order; at the end
// the few keys that repeat are found (in cache, analysis/hash_sort.h), and only those are looked up
// again.
// A hash table probed per URL (the obvious way) touched a cold cache line for nearly every URL of
// a large file, which cost more than all the other URL rules' checks together.
class DuplicateLoc final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.document();
    s.urls({UrlFieldKind::Loc});
    s.finish();
  }
  // The input, to read listings back: findings name both URLs.
  void on_document(const Document& doc, FindingSink&) override {
    bytes_ = doc.bytes;
    listings_.reserve(most_entries(doc.bytes.size()));
  }

  void on_url(const UrlField& url, FindingSink&) override {
    if (url.kind != UrlFieldKind::Loc) return;  // an entry's URL; repeated images are the image rules'
    const UrlAnalysis& a = url.analysis();
    if (a.trimmed.empty()) return;
    // A 64-bit key of the normal form stands for the URL: a collision needs billions of URLs, and
    // a sitemap holds 50,000.
    const SourceSpan span = url_span(*url.field, a);
    // Inputs are at most 1 GiB, so offsets fit 32 bits. With entities the bytes at the span are
    // not the URL, but decode to it; text joined around CDATA or a comment does not even decode to
    // it (the bytes between hold markup, or the parser's NULs), so such a URL is kept as a copy.
    if (!url.field->exact && joins_runs(url.field->raw)) written_apart_.emplace_back(listings_.size(), std::string(a.trimmed));
    listings_.push_back({a.same_url_key(), static_cast<std::uint32_t>(span.offset),
                         static_cast<std::uint32_t>(span.length)});
  }

  void on_finish(const Document&, FindingSink& out) override {
    const std::vector<std::uint64_t> repeated = repeated_keys();
    if (repeated.empty()) return;
    // The first listing of each repeated key, by its index in listings_.
    std::vector<std::size_t> first(repeated.size(), kNone);
    for (std::size_t i = 0; i < listings_.size(); ++i) {
      const auto it = std::lower_bound(repeated.begin(), repeated.end(), listings_[i].key);
      if (it == repeated.end() || *it != listings_[i].key) continue;
      std::size_t& first_of_key = first[static_cast<std::size_t>(it - repeated.begin())];
      if (first_of_key == kNone) first_of_key = i;
      else report_repeat(listings_[first_of_key], url_of(first_of_key), i, out);
    }
  }

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  struct Listing {
    std::uint64_t key;
    std::uint32_t offset, length;  // the URL's span in the input
  };

  // The keys listed more than once, sorted.
  std::vector<std::uint64_t> repeated_keys() const {
    std::vector<std::uint64_t> keys(listings_.size());
    for (std::size_t i = 0; i < listings_.size(); ++i) keys[i] = listings_[i].key;
    return repeated_hashes(keys);
  }

  // Whether the raw text of a field spans several runs: text holds neither a raw '<' nor a NUL
  // (which a parse in place writes where markup began).
  static bool joins_runs(std::string_view raw) {
    return (markup_characters(raw) & kLessThan) != 0 || raw.find('\0') != std::string_view::npos;
  }

  // The URL of listings_[i], trimmed and with entities decoded, as the rules saw it.
  std::string url_of(std::size_t i) const {
    const auto it = std::lower_bound(written_apart_.begin(), written_apart_.end(), i,
                                     [](const auto& apart, std::size_t index) { return apart.first < index; });
    if (it != written_apart_.end() && it->first == i) return it->second;
    const std::string_view written = bytes_.substr(listings_[i].offset, listings_[i].length);
    if (written.find('&') == std::string_view::npos) return std::string(written);
    std::string decoded;
    decode_entities(written, &decoded);
    return std::string(trim_xml_space(decoded));
  }

  void report_repeat(const Listing& first, const std::string& first_url, std::size_t i, FindingSink& out) const {
    const Listing& repeat = listings_[i];
    const std::string url = url_of(i);
    const RelatedLocation related{first.offset, "first listed here"};
    const std::string advice = "remove the repeated entry (merging its <lastmod> into the first if it is newer)";
    std::string message = first_url == url
                              ? quoted(url) + " is listed more than once; " + advice
                              : quoted(url) + " is the same URL as " + quoted(first_url) +
                                    ", listed earlier, once both are normalised as RFC 3986 (section 6.2.2) "
                                    "describes; " + advice;
    // As the engine keys a finding made during an entry's walk: by its URL, unless it is longer
    // than any useful one.
    out.report_about(url.size() <= kMaxSubjectLength ? std::string_view(url) : std::string_view(), 0, repeat.offset, repeat.length,
                     std::move(message), related);
  }

  std::vector<Listing> listings_;
  std::vector<std::pair<std::size_t, std::string>> written_apart_;  // by index in listings_
  std::string_view bytes_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_loc, kMeta, DuplicateLoc)
