// What the hreflang rules share: the family's schema, how one <xhtml:link rel="alternate"
// hreflang="..." href="..."/> is read and judged, and the links of one <url> read once per entry
// (with the analysis of each href that the URL rules already made).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/language_tag.h"
#include "rules/extension/extension_support.h"
#include "url_analysis.h"

namespace sitemaplint {

// The hreflang family as extension_support sees it: <xhtml:link> with rel, hreflang and href.
extern const ExtensionFamily kHreflangFamily;

// Whether a block is an <xhtml:link> (any content, any attributes).
inline bool is_link_block(const ExtensionBlock& block) {
  return same_namespace(block.root().ns, kXhtmlNamespace) && same_name(block.root().local_name, "link");
}

// Whether a link is Google's annotation of a separate mobile page, <xhtml:link rel="alternate"
// media="only screen and (max-width: 640px)" href="..."/> ("Separate URLs", Google Search
// Central): a `media` attribute and no `hreflang`. It is no hreflang annotation, and the hreflang
// rules leave it alone but for its rel and href.
bool is_media_alternate(const ExtensionNode& link);
// The family of such a link: <xhtml:link> with rel, media and href.
extern const ExtensionFamily kMediaAlternateFamily;

// Whether `rel` is one token "alternate" (ASCII case-insensitive, white space around allowed).
bool rel_is_alternate(const Attribute* rel);

// Why a well-shaped code is not one Google supports (LANG108); Reserved regions are LANG109's.
enum class CodeProblem {
  None,
  ThreeLetterLanguage,  // fil, yue: BCP 47, but not ISO 639-1
  WithdrawnLanguage,  // iw, in, ji, jw, mo, sh
  CountryAsLanguage,  // us, gb: a country code where the language goes
  UnknownLanguage,
  UnknownScript,
  NumericRegion,  // es-419: UN M.49
  UnknownRegion,
};
CodeProblem code_problem(const LanguageTag& tag);
// A two-letter region that ISO 3166 reserves rather than assigns (en-UK, en-EU): LANG109.
bool has_reserved_region(const LanguageTag& tag);

// A supported code (x-default, or a known language with a known script and a country or reserved
// region) packed into 64 bits, so checks across files compare codes without keeping strings;
// kNoCode for anything else. code_text() gives the canonical text back.
inline constexpr std::uint64_t kNoCode = 0;
inline constexpr std::uint64_t kXDefaultCode = 1;
std::uint64_t code_key(const LanguageTag& tag);
std::string code_text(std::uint64_t key);

// What the rules read of one hreflang value (trimmed): its tag (slices of `code`), code_key(tag),
// and whether the tag is in the usual case with no reserved region. Each link's value was parsed
// and looked up twice (for the link's traits and for the links the rules read), some 400
// instructions each time, where a sitemap's links use a few codes over and over: the last few
// values a thread met are kept, and one of them costs a comparison.
struct CodeFacts {
  LanguageTag tag;
  std::uint64_t key = kNoCode;
  bool conventional_case = true;  // is_conventional_case(tag)
  bool reserved_region = false;  // has_reserved_region(tag)
};
CodeFacts code_facts(std::string_view code);

// Whether a URL takes part in comparisons: usable (usable_url) and at most kMaxComparedUrl
// bytes long. Longer ones are loc-too-long's errors and Google ignores them; not comparing them
// means a hostile 100 MB <loc> is never copied.
inline constexpr std::size_t kMaxComparedUrl = 4096;
bool is_comparable_url(const UrlAnalysis& a);

// The hreflang value of a link in a <url>, as the rules that judge codes (LANG107-LANG110) read
// it; nullopt for a link outside a <url>, or without the attribute.
struct LinkCode {
  const Attribute* hreflang = nullptr;
  std::string_view code;  // the value, trimmed
  LanguageTag tag;
};
std::optional<LinkCode> link_code(const ExtensionBlock& block, const Entry& entry);
// A fix that writes `replacement` as the whole hreflang value, white space around it included.
Fix replace_code(const LinkCode& link, const std::string& replacement);

// One <xhtml:link> directly in a <url>, as the rules read it.
struct HreflangLink {
  const ExtensionNode* node = nullptr;
  const Attribute* rel = nullptr;  // nullptr when absent
  const Attribute* hreflang = nullptr;  // nullptr when absent
  const Attribute* href = nullptr;  // nullptr when absent
  std::string_view code;  // hreflang's value, trimmed
  LanguageTag tag;
  std::uint64_t code_key = kNoCode;  // kNoCode unless the code is supported
  const UrlAnalysis* href_analysis = nullptr;  // nullptr when absent
  bool href_usable = false;  // is_comparable_url
  std::uint64_t target = 0;  // the href's same_url_key (usable hrefs only)

  // A link-level error, after which the entry's links say nothing reliable: no rel="alternate",
  // no (or an empty) hreflang, no href, a malformed or unsupported code, or an unusable href.
  bool has_error() const;
  // An alternate that duplicate checks compare: rel="alternate", a supported code, a comparable href.
  bool comparable() const { return !has_error(); }
};

// The links of one <url>, read by a rule that subscribed to URL fields and entries: note_url()
// sees every URL field first (the engine calls on_url before on_entry), read() then gathers the
// entry's links. Buffers are reused entry after entry: an entry without links costs nothing.
class EntryLinks {
 public:
  void note_url(const UrlField& url);
  // The links of `entry` (none unless it is a <url>), in document order; read them before this
  // thread reads another entry's links (they may be those another rule read for the entry).
  std::span<const HreflangLink> read(const Entry& entry);

  // After read(): whether any link has an error; the <loc>'s key, when it is usable.
  bool any_error() const { return any_error_; }
  bool loc_usable() const { return loc_usable_; }
  std::uint64_t loc_key() const { return loc_key_; }

 private:
  struct NotedHref {
    std::size_t entry;
    const Field* field;
    const UrlAnalysis* analysis;
  };
  std::vector<NotedHref> hrefs_;
  std::vector<HreflangLink> links_;
  std::string scratch_;  // a normal form, when one has to be written
  bool any_error_ = false, loc_usable_ = false;
  std::uint64_t loc_key_ = 0;
};

// For each i, the index of the first element of `keys` equal to keys[i] (i itself for a first),
// into *firsts. By sorting, not by comparing pairs: a <url> with 100,000 links costs
// 100,000 log 100,000 steps, not 10^10. `order` is scratch storage.
template <typename Key>
void find_first_occurrences(std::span<const Key> keys, std::vector<std::size_t>* firsts,
                            std::vector<std::size_t>* order) {
  if (keys.size() <= 16) {
    // A few links, as nearly every <url> has: comparing pairs costs less than sorting.
    firsts->resize(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
      std::size_t first = 0;
      while (keys[first] != keys[i]) ++first;
      (*firsts)[i] = first;
    }
    return;
  }
  order->resize(keys.size());
  std::iota(order->begin(), order->end(), std::size_t{0});
  std::stable_sort(order->begin(), order->end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  firsts->resize(keys.size());
  for (std::size_t k = 0; k < order->size(); ++k) {
    const std::size_t i = (*order)[k];
    (*firsts)[i] = k > 0 && keys[(*order)[k - 1]] == keys[i] ? (*firsts)[(*order)[k - 1]] : i;
  }
}

// The same_url key of a usable URL value (in its ASCII form, when it has non-ASCII characters);
// `scratch` holds its normal form when one has to be written.
std::uint64_t same_url_key(const UrlAnalysis& a, std::string* scratch);
// The normal form itself, for messages that compare two URLs.
std::string normal_form(const UrlAnalysis& a);

}  // namespace sitemaplint
