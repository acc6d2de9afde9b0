// SM803 duplicate-across-sitemaps: the same URL in two sitemaps of one set.
#include "rules/rule_support.h"
#include <algorithm>
#include <functional>
#include <tuple>

#include "analysis/hash_sort.h"
#include "analysis/same_url.h"
#include "rules/hreflang/utils/page_facts.h"
#include "rules/hreflang/utils/set_sources.h"
#include "analysis/xml_text.h"
#include "url_analysis.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The same URL is listed in two sitemaps of one set",
                         .docs = R"md(
## What it does
When several sitemaps are linted together (an index and its children, a directory, several
files), reports each `<loc>` that another sitemap of the set already lists, with the place of the
first listing. URLs are compared after trimming and entity decoding in the normal form of RFC
3986 (section 6.2.2, with the scheme-based steps of 6.2.3), as `duplicate-loc` compares them:
`HTTPS://Example.com:443/%7ea` is `https://example.com/~a`, and the message says when two URLs are
the same only once normalised. Only a 64-bit key of each is kept, so a set of millions of URLs
stays small in memory; a match of keys is confirmed on both URLs' texts before it is reported. Repeats within one file are `duplicate-loc`'s.

## Why it matters
A URL listed in two sitemaps gets two, possibly different, `<lastmod>` values, and search engines
pick one. It usually means two generators (a plugin and a custom script, say) both cover the same
pages.

## Example
```text
sitemap-posts.xml and sitemap-pages.xml both list https://example.com/about
```

## Use instead
```text
each URL in exactly one sitemap of the set
```
)md",
                         .authorities = kAdvice};

class DuplicateAcrossSitemaps final : public Rule {
 public:
  // The pages the hreflang graph keeps too (page_facts.h): one collector, one copy of them.
  void subscribe(Subscriptions& s) const override { s.set(&make_page_collector); }

  // Sorting (hash, file, entry) triples finds every URL listed in two files in O(n log n).
  void on_set(const SetView& set, SetSink& out) override {
    struct Ref {
      std::uint64_t hash;
      std::uint32_t file, entry;
    };
    // First the hashes that occur twice, from a sorted array of all of them (8 bytes a URL where
    // the references would take 16): in most sites few URLs repeat, and only theirs are referenced.
    const auto facts_of = [&](std::size_t f) { return static_cast<const PageFacts*>(set.files[f].facts); };
    std::size_t pages = 0, files_with_pages = 0;
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      const std::size_t of_file = facts_of(f) ? facts_of(f)->pages.size() : 0;
      pages += of_file;
      files_with_pages += of_file > 0;
    }
    if (files_with_pages < 2) return;  // one sitemap's repeats are duplicate-loc's
    std::vector<std::uint64_t> repeated;
    {
      std::vector<std::uint64_t> keys;
      keys.reserve(pages);
      for (std::size_t f = 0; f < set.files.size(); ++f) {
        if (const PageFacts* facts = facts_of(f)) {
          for (std::size_t p = 0; p < facts->pages.size(); ++p) keys.push_back(facts->written_key(p));
        }
      }
      repeated = repeated_hashes_in_place(keys);
    }
    const std::size_t total = pages;
    // When many URLs repeat (copies of one sitemap), searching for each costs more than it saves:
    // every URL is referenced then.
    const bool every_url = repeated.size() * 4 > total;
    std::vector<Ref> refs;
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      const PageFacts* facts = facts_of(f);
      if (!facts || repeated.empty()) continue;
      for (std::size_t e = 0; e < facts->pages.size(); ++e) {
        const std::uint64_t key = facts->written_key(e);
        if (!every_url && !std::binary_search(repeated.begin(), repeated.end(), key)) continue;
        refs.push_back({key, static_cast<std::uint32_t>(f), static_cast<std::uint32_t>(e)});
      }
    }
    std::sort(refs.begin(), refs.end(), [](const Ref& a, const Ref& b) {
      return std::tie(a.hash, a.file, a.entry) < std::tie(b.hash, b.file, b.entry);
    });
    // Each later listing paired with the first, in the order of the files and their pages: the
    // cap keeps a file's first findings, whatever order the keys sort in.
    struct Pair {
      Ref first, again;
    };
    std::vector<Pair> pairs;
    for (std::size_t i = 0; i < refs.size();) {
      std::size_t j = i + 1;
      for (; j < refs.size() && refs[j].hash == refs[i].hash; ++j) {
        if (refs[j].file != refs[i].file) pairs.push_back({refs[i], refs[j]});  // within one file: duplicate-loc
      }
      i = j;
    }
    std::vector<Ref>().swap(refs);
    std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) {
      return std::tie(a.again.file, a.again.entry) < std::tie(b.again.file, b.again.entry);
    });
    const auto loc = [&](const Ref& r) -> const auto& { return facts_of(r.file)->pages[r.entry]; };
    // Both texts of a pair confirm it (equal keys of different URLs are no duplicate), read a
    // batch at a time: a released file is read again once per batch, not once per finding, and
    // a batch bounds the texts held.
    constexpr std::size_t kBatch = std::size_t{1} << 15;
    for (std::size_t begin = 0; begin < pairs.size(); begin += kBatch) {
      const std::span<const Pair> batch(pairs.data() + begin, std::min(kBatch, pairs.size() - begin));
      SetSources texts;
      for (const Pair& pair : batch) {
        texts.text(pair.first.file, loc(pair.first).loc_offset, loc(pair.first).loc_length());
        texts.text(pair.again.file, loc(pair.again).loc_offset, loc(pair.again).loc_length());
      }
      texts.resolve(set, out);
      for (std::size_t k = 0; k < batch.size(); ++k) {
        const Pair& pair = batch[k];
        const std::string& first_url = texts[2 * k];
        const std::string& url = texts[2 * k + 1];
        if (!same_url(first_url, url)) continue;
        const auto& first = loc(pair.first);
        const auto& again = loc(pair.again);
        const std::string_view first_path = set.files[pair.first.file].path;
        std::string listed = " is also listed in " + std::string(first_path);
        if (first.as_written != again.as_written || first_url != url) {
          listed = " is the same URL as " + quoted(first_url) + " in " + std::string(first_path) +
                   " once both are normalised as RFC 3986 (section 6.2.2) describes";
        }
        out.report(pair.again.file,
                   {.at = {again.loc_offset, again.loc_length()},
                    .message = quoted(url) + listed + "; list each URL in one sitemap of the set",
                    .related = RelatedLocation{first.loc_offset, "first listed here", std::string(first_path)},
                    .subject = url});
      }
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_across_sitemaps, kMeta, DuplicateAcrossSitemaps)
