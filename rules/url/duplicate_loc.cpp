// SM211 duplicate-loc: the same URL is listed twice in one sitemap.
#include <cstdint>
#include <algorithm>
#include <vector>

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
    const First* first = first_seen_.find_or_add(key, First{static_cast<std::uint32_t>(span.offset),
                                                            static_cast<std::uint32_t>(span.length)});
    if (!first) return;
    const RelatedLocation related{first->offset, "first listed here"};
    const std::string advice =
        "remove the repeated entry (merging its <lastmod> into the first if it is newer)";
    // Only a repeat reads the first listing back, to tell an exact repeat from a normalised one.
    std::string first_url;
    decode_entities(bytes_.substr(first->offset, first->length), &first_url);
    if (first_url == a.trimmed) {
      out.report(span.offset, span.length, quoted(a.trimmed) + " is listed more than once; " + advice, std::nullopt,
                 related);
      return;
    }
    out.report(span.offset, span.length,
               quoted(a.trimmed) + " is the same URL as " + quoted(first_url) +
                   ", listed earlier, once both are normalised as RFC 3986 (section 6.2.2) describes; " + advice,
               std::nullopt, related);
  }

 private:
  struct First {
    std::uint32_t offset, length;  // inputs are at most 1 GiB long
  };
  // URL key -> where its first <loc> is: open addressing over keys that are already hashes, 16
  // bytes a URL in one array, where a node-based map allocated (and freed) one node per URL.
  class FirstSeen {
   public:
    // The first listing of `key`, or nullptr after recording `first` as it.
    const First* find_or_add(std::uint64_t key, First first) {
      if ((used_ + 1) * 2 > slots_.size()) grow();
      key = key == 0 ? 1 : key;  // 0 marks an empty slot
      const std::size_t mask = slots_.size() - 1;
      for (std::size_t i = key & mask;; i = (i + 1) & mask) {
        if (slots_[i].key == key) return &slots_[i].first;
        if (slots_[i].key == 0) {
          slots_[i] = {key, first};
          ++used_;
          return nullptr;
        }
      }
    }

   private:
    struct Slot {
      std::uint64_t key = 0;
      First first{};
    };
    void grow() {
      std::vector<Slot> old(std::max<std::size_t>(1024, slots_.size() * 2));
      old.swap(slots_);
      const std::size_t mask = slots_.size() - 1;
      for (const Slot& slot : old) {
        if (slot.key == 0) continue;
        std::size_t i = slot.key & mask;
        while (slots_[i].key != 0) i = (i + 1) & mask;
        slots_[i] = slot;
      }
    }
    std::vector<Slot> slots_;
    std::size_t used_ = 0;
  };
  FirstSeen first_seen_;
  std::string_view bytes_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_loc, kMeta, DuplicateLoc)
