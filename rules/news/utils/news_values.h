// The values of a news block as the news rules read them, so that each is found and judged one
// way: the publication's language, and <news:publication_date> in the W3C Datetime forms Google
// lists for news sitemaps (spec D9, NEWS-DATE): YYYY-MM-DD, or a date with hh:mm, hh:mm:ss or
// hh:mm:ss.s and a time zone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/w3c_datetime.h"
#include "rules/extension/extension_support.h"

namespace sitemaplint {

// The block's <news:publication><news:language> (the first of each), when the block is a news block.
const ExtensionNode* news_language(const ExtensionBlock& block);

// The block's <news:publication><news:name> (the first of each), when the block is a news block.
const ExtensionNode* news_name(const ExtensionBlock& block);

// A publication name without its trailing parentheticals ("The Example Times (Online)" -> "The
// Example Times", "Example (UK) (beta)" -> "Example", full-width parentheses too), trimmed; `name`
// itself when it ends in none, or when nothing would be left.
std::string_view without_trailing_parenthetical(std::string_view name);

// Whether `text`, as written (white space included), matches the news XSD's pattern for
// <news:language>: zh-cn, zh-tw or two or three lower-case letters.
bool matches_news_xsd_language(std::string_view text);

// The block's <news:publication_date> (the first, if repeated), when the block is a news block.
const ExtensionNode* news_publication_date(const ExtensionBlock& block);

// `text` (trimmed, not empty) as a date Google accepts in news sitemaps; nullopt with *problem set
// to a clause that says what is wrong ("a time needs a time zone ...").
std::optional<W3cDatetime> parse_news_date(std::string_view text, std::string* problem);

// A <news:publication_date> that parsed: the element and its value.
struct PublicationDate {
  const ExtensionNode* node = nullptr;
  W3cDatetime value;
};

// The publication date of a news block in a <url> when it is valid, for the rules that judge when
// the article was published; nullopt when it is missing, empty or invalid (news-missing-required
// and news-publication-date-invalid report those).
std::optional<PublicationDate> valid_publication_date(const ExtensionBlock& block, const Entry& entry);

}  // namespace sitemaplint
