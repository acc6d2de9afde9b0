#include "rules/news/utils/news_values.h"

#include <algorithm>

#include "analysis/message_text.h"
#include "rules/news/utils/news_schema.h"

namespace sitemaplint {

const ExtensionNode* news_language(const ExtensionBlock& block) {
  if (!is_family_block(kNewsFamily, block)) return nullptr;
  const ExtensionNode* publication = child_of(block, 0, kNewsNamespace, "publication");
  return publication ? child_of(block, node_index(block, *publication), kNewsNamespace, "language") : nullptr;
}

const ExtensionNode* news_name(const ExtensionBlock& block) {
  if (!is_family_block(kNewsFamily, block)) return nullptr;
  const ExtensionNode* publication = child_of(block, 0, kNewsNamespace, "publication");
  return publication ? child_of(block, node_index(block, *publication), kNewsNamespace, "name") : nullptr;
}

namespace {

// The parentheses a name may close with: ASCII's, and the full-width ones CJK text writes
// ("日本経済新聞（電子版）"), U+FF08 and U+FF09 in UTF-8.
constexpr std::string_view kFullWidthOpen = "\xEF\xBC\x88", kFullWidthClose = "\xEF\xBC\x89";

// `name` (trimmed) without its last parenthetical; `name` when it ends in none, or when nothing
// comes before it.
std::string_view without_last_parenthetical(std::string_view name) {
  if (!name.ends_with(')') && !name.ends_with(kFullWidthClose)) return name;
  // The parenthesis that opens the last group, nested groups counted.
  int depth = 0;
  for (std::size_t i = name.size(); i-- > 0;) {
    const std::string_view from = name.substr(i);
    if (name[i] == ')' || from.starts_with(kFullWidthClose)) {
      ++depth;
    } else if ((name[i] == '(' || from.starts_with(kFullWidthOpen)) && --depth == 0) {
      const std::string_view before = trim_xml_space(name.substr(0, i));
      return before.empty() ? name : before;
    }
  }
  return name;  // unbalanced: no parenthetical to leave out
}

}  // namespace

std::string_view without_trailing_parenthetical(std::string_view name) {
  name = trim_xml_space(name);
  // "Example Post (UK) (beta)": every trailing parenthetical goes.
  for (std::string_view shorter = without_last_parenthetical(name); shorter.size() < name.size();
       shorter = without_last_parenthetical(name)) {
    name = shorter;
  }
  return name;
}

const ExtensionNode* news_publication_date(const ExtensionBlock& block) {
  if (!is_family_block(kNewsFamily, block)) return nullptr;
  return child_of(block, 0, kNewsNamespace, "publication_date");
}

std::optional<W3cDatetime> parse_news_date(std::string_view text, std::string* problem) {
  DatetimeError error;
  const std::optional<W3cDatetime> value = parse_w3c_datetime(text, &error);
  if (!value) {
    *problem = error.message;
  } else if (value->precision < DatePrecision::Day) {
    *problem = "a year or a month alone is not a complete date";
  } else if (value->has_time && !value->has_timezone) {
    *problem = "a time needs a time zone (Z, +hh:mm or -hh:mm)";
  } else {
    return value;
  }
  return std::nullopt;
}

std::optional<PublicationDate> valid_publication_date(const ExtensionBlock& block, const Entry& entry) {
  const ExtensionNode* date = is_page_entry(entry) ? news_publication_date(block) : nullptr;
  if (!date || date->text.trimmed().empty()) return std::nullopt;
  std::string problem;  // not wanted here: the invalid-date rule explains
  const std::optional<W3cDatetime> value = parse_news_date(date->text.trimmed(), &problem);
  if (!value) return std::nullopt;
  return PublicationDate{date, *value};
}

bool matches_news_xsd_language(std::string_view text) {
  if (text == "zh-cn" || text == "zh-tw") return true;
  return (text.size() == 2 || text.size() == 3) &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace sitemaplint
