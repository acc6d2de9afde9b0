// SM211 duplicate-loc: the same URL is listed twice in one sitemap.
#include <cstdint>
#include <algorithm>
#include <vector>

#include "analysis/hash_sort.h"
#include "analysis/same_url.h"
#include "analysis/xml_text.h"
#include "url_analysis.h"
#include "rules/rule_support.h"
#include "rules/lane_state.h"

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
reported alike. The advice fits the file: a text sitemap's repeated line is removed; two entries
for one page that carry image or video blocks may describe different media, so the blocks move
into one `<url>` (which may hold many) rather than being dropped with the repeat.

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

// Each <loc> is kept as 12 bytes, its URL's key and where it is, in two arrays in document order;
// at the end the keys are grouped where they are (analysis/hash_sort.h: by their top byte in place,
// then in buckets of about four), and each key listed more than once is reported at every listing
// after its first. A hash table probed per URL (the obvious way) touched a cold cache line for
// nearly every URL of a large file, which cost more than all the other URL rules' checks together;
// a copy of the listings to group them doubled what a text sitemap of a gigabyte, tens of millions
// of URLs, kept besides its bytes.
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
    text_lines_ = doc.kind == DocumentKind::Text;
    feed_ = doc.kind == DocumentKind::Feed;
    // Room for as many URLs as the file can hold, so that a large file's listings are never copied
    // to grow: room not used is address space only, and it is given back when the file ends. A
    // later lane's listings are appended to the first lane's room.
    if (later_lane_) return;
    const std::size_t room = doc.bytes.size() / 12;
    keys_.reserve(room);
    offsets_.reserve(room);
  }
  void walks_later_lane(Rule&) override { later_lane_ = true; }

  void on_url(const UrlField& url, FindingSink&) override {
    if (url.kind != UrlFieldKind::Loc) return;  // an entry's URL; repeated images are the image rules'
    const UrlAnalysis& a = url.analysis();
    if (a.trimmed.empty()) return;
    // A 64-bit key of the normal form stands for the URL: a collision needs billions of URLs, and
    // a sitemap holds 50,000.
    const Span span = url_span(*url.field, a);
    // Inputs are at most 1 GiB, so offsets fit 32 bits. With entities the bytes at the span are
    // not the URL, but decode to it; text joined around CDATA or a comment does not even decode to
    // it (the bytes between hold markup, or the parser's NULs), so such a URL is kept as a copy.
    const auto offset = static_cast<std::uint32_t>(span.offset);
    if (!url.field->exact && joins_runs(url.field->raw)) written_apart_.emplace_back(offset, std::string(a.trimmed));
    // The length is read again from the bytes, for the few URLs reported; kept only when that would
    // read it wrong.
    if (!reads_back_whole(*url.field) && written_length(offset) != span.length)
      lengths_apart_.emplace_back(offset, static_cast<std::uint32_t>(span.length));
    keys_.push_back(a.same_url_key());
    offsets_.push_back(offset);
    if (url.entry && has_media_blocks(*url.entry)) with_blocks_.push_back(offset);
  }

  void absorb(Rule& later_rule, FindingSink&) override {
    auto& later = static_cast<DuplicateLoc&>(later_rule);
    append_lane(keys_, later.keys_);
    append_lane(offsets_, later.offsets_);
    append_lane(with_blocks_, later.with_blocks_);
    append_lane(written_apart_, later.written_apart_);
    append_lane(lengths_apart_, later.lengths_apart_);
  }

  void on_finish(const Document&, FindingSink& out) override {
    // (repeat, first listing) by offset: reported in document order, as the finding cap expects.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> repeats;
    visit_repeated_in_place(keys_, offsets_, [&](std::uint64_t, std::span<const std::uint32_t> listed) {
      for (std::size_t i = 1; i < listed.size(); ++i) repeats.emplace_back(listed[i], listed[0]);
    });
    std::vector<std::uint64_t>().swap(keys_);
    std::vector<std::uint32_t>().swap(offsets_);
    std::sort(repeats.begin(), repeats.end());
    for (const auto& [repeat, first] : repeats) report_repeat(first, repeat, out);
    with_blocks_.clear();
  }

 private:
  // Whether the raw text of a field spans several runs: text holds neither a raw '<' nor a NUL
  // (which a parse in place writes where markup began). Two memchr: a URL of a kilobyte with
  // entities is looked through 32 bytes a step, where a scan for every markup character took 16.
  static bool joins_runs(std::string_view raw) {
    return raw.find('<') != std::string_view::npos || raw.find('\0') != std::string_view::npos;
  }

  // Whether written_length() reads the field's URL back whole, known without reading it: a value
  // that is one text run as written, right after a '>' (or the NUL a parse in place wrote over the
  // '>' after a tag's name), holds neither '<' nor a NUL and is followed by one, white space aside.
  // A CDATA section's content, which may hold a '<', follows a '['. Nearly every <loc> is such a
  // run; reading each one's bytes again was two memchr per URL.
  bool reads_back_whole(const Field& field) const {
    if (text_lines_ || !field.exact || field.value_offset == 0 || field.value_offset > bytes_.size()) return false;
    const char before = bytes_[field.value_offset - 1];
    return before == '>' || before == '\0';
  }

  // The length of the URL written at `offset` as its bytes tell it: up to the markup after it (or
  // the NUL a parse in place wrote there), or a text sitemap's line end, less the white space before.
  std::size_t written_length(std::uint32_t offset) const {
    const std::string_view rest = bytes_.substr(offset);
    std::size_t end = 0;  // a plain loop: find_first_of with a set costs a memchr per byte
    if (text_lines_) {
      while (end < rest.size() && rest[end] != '\n' && rest[end] != '\r') ++end;
    } else {
      // Two memchr in place of a loop over every byte: the next '<' is a few bytes past the URL,
      // and a NUL (where a parse in place wrote one) is looked for only before it, as bytes not
      // parsed in place have none and the search would run on to the end of the file.
      const std::size_t markup = std::min(rest.find('<'), rest.size());
      end = std::min(rest.substr(0, markup).find('\0'), markup);
    }
    while (end > 0 && is_xml_space(rest[end - 1])) --end;
    return end;
  }

  template <typename Value>
  static const Value* apart(const std::vector<std::pair<std::uint32_t, Value>>& kept, std::uint32_t offset) {
    const auto it = std::lower_bound(kept.begin(), kept.end(), offset,
                                     [](const auto& entry, std::uint32_t at) { return entry.first < at; });
    return it != kept.end() && it->first == offset ? &it->second : nullptr;
  }

  std::size_t length_at(std::uint32_t offset) const {
    const std::uint32_t* kept = apart(lengths_apart_, offset);
    return kept ? *kept : written_length(offset);
  }

  // The URL listed at `offset`, trimmed and with entities decoded, as the rules saw it.
  std::string url_at(std::uint32_t offset) const {
    if (const std::string* kept = apart(written_apart_, offset)) return *kept;
    const std::string_view written = bytes_.substr(offset, length_at(offset));
    if (written.find('&') == std::string_view::npos) return std::string(written);
    std::string decoded;
    decode_entities(written, &decoded);
    return std::string(trim_xml_space(decoded));
  }

  // Whether an entry holds image or video blocks, which may describe media the other entry lacks.
  static bool has_media_blocks(const Entry& entry) {
    return std::any_of(entry.children.begin(), entry.children.end(), [](const Child& child) {
      return !child.in_sitemap_ns && !child.no_namespace &&
             (child.local_name == "image" || child.local_name == "video");
    });
  }

  // What to do about a repeat. Two entries for one page with their own image or video blocks
  // may describe different media: those move into one entry (a <url> holds many), not away.
  std::string advice(std::uint32_t first, std::uint32_t repeat) const {
    if (text_lines_) return "remove the repeated line";
    if (feed_) return "remove the repeated entry";
    const auto blocks = [&](std::uint32_t at) {
      return std::binary_search(with_blocks_.begin(), with_blocks_.end(), at);
    };
    if (blocks(first) || blocks(repeat)) {
      return "keep one entry for the page: move the repeated entry's image and video blocks that the first "
             "lacks into it, as one <url> may hold several, then remove the repeat";
    }
    return "remove the repeated entry (merging its <lastmod> into the first if it is newer)";
  }

  void report_repeat(std::uint32_t first, std::uint32_t repeat, FindingSink& out) const {
    const std::string first_url = url_at(first), url = url_at(repeat);
    const RelatedLocation related{first, "first listed here"};
    const std::string advice = this->advice(first, repeat);
    std::string message = first_url == url
                              ? quoted(url) + " is listed more than once; " + advice
                              : quoted(url) + " is the same URL as " + quoted(first_url) +
                                    ", listed earlier, once both are normalised as RFC 3986 (section 6.2.2) "
                                    "describes; " +
                                    advice;
    // As the engine keys a finding made during an entry's walk: by its URL, unless it is longer
    // than any useful one.
    out.report({.at = {repeat, length_at(repeat)},
                .message = std::move(message),
                .related = related,
                .subject = url.size() <= kMaxSubjectLength ? std::string_view(url) : std::string_view()});
  }

  std::vector<std::uint64_t> keys_;  // each listing's URL key, in document order
  std::vector<std::uint32_t> offsets_;  // and where its URL is written
  std::vector<std::uint32_t> with_blocks_;  // where the URLs of entries with media blocks are, in order
  std::vector<std::pair<std::uint32_t, std::string>> written_apart_;  // by offset
  std::vector<std::pair<std::uint32_t, std::uint32_t>> lengths_apart_;  // by offset
  std::string_view bytes_;
  bool text_lines_ = false;
  bool feed_ = false;  // an RSS item or an Atom entry has no <lastmod>
  bool later_lane_ = false;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_loc, kMeta, DuplicateLoc)
