#include "analysis/robots_txt.h"

#include <algorithm>
#include <cctype>

#include "analysis/ascii.h"
#include "analysis/robots_match.h"

namespace sitemaplint {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// [begin, end) without the blanks at either end.
void trim(std::string_view text, std::size_t* begin, std::size_t* end) {
  while (*begin < *end && is_blank(text[*begin])) ++*begin;
  while (*end > *begin && is_blank(text[*end - 1])) --*end;
}

RobotsField field_of(std::string_view name) {
  if (equals_ignoring_case(name, "user-agent")) return RobotsField::UserAgent;
  if (equals_ignoring_case(name, "allow")) return RobotsField::Allow;
  if (equals_ignoring_case(name, "disallow")) return RobotsField::Disallow;
  if (equals_ignoring_case(name, "sitemap")) return RobotsField::Sitemap;
  return RobotsField::Other;
}

// One line, [begin, end) of `text` without its line break.
RobotsLine read_line(std::string_view text, std::size_t begin, std::size_t end, std::uint32_t number) {
  RobotsLine line;
  line.number = number;
  const std::size_t comment = text.substr(begin, end - begin).find('#');
  if (comment != std::string_view::npos) end = begin + comment;
  trim(text, &begin, &end);
  line.content_offset = line.field_offset = static_cast<std::uint32_t>(begin);
  line.content_length = line.field_length = static_cast<std::uint32_t>(end - begin);
  const std::size_t colon = text.substr(begin, end - begin).find(':');
  if (colon == std::string_view::npos) return line;  // NotAField
  std::size_t name_end = begin + colon, value_begin = begin + colon + 1, value_end = end;
  std::size_t name_begin = begin;
  trim(text, &name_begin, &name_end);
  if (name_begin == name_end) return line;  // ": value" names no field
  trim(text, &value_begin, &value_end);
  line.field_offset = static_cast<std::uint32_t>(name_begin);
  line.field_length = static_cast<std::uint32_t>(name_end - name_begin);
  line.value_offset = static_cast<std::uint32_t>(value_begin);
  line.value_length = static_cast<std::uint32_t>(value_end - value_begin);
  line.field = field_of(line.name(text));
  return line;
}

// Builds the groups as RFC 9309 section 2.1 does: a group is one or more user-agent lines, then
// its rules; a user-agent line after a rule starts the next group. Sitemap and other records do
// not end a run of user-agent lines (section 2.2.4: they must not interfere with the groups).
class GroupBuilder {
 public:
  GroupBuilder(std::string_view text, RobotsTxt* out) : text_(text), out_(out) {}

  void add(RobotsLine& line) {
    if (line.field == RobotsField::UserAgent) {
      if (out_->groups.empty() || had_rule_) {
        out_->groups.push_back(RobotsGroup{{}, {}, line.number});
        had_rule_ = false;
      }
      out_->groups.back().agents.push_back(robots_product_token(line.value(text_)));
      return;
    }
    if (line.field != RobotsField::Allow && line.field != RobotsField::Disallow) return;
    if (out_->groups.empty()) return;  // before any user-agent line: in no group, ignored
    line.in_group = true;
    had_rule_ = true;
    if (line.value_length == 0) return;  // "Disallow:" matches nothing
    RobotsRule rule;
    rule.allow = line.field == RobotsField::Allow;
    rule.pattern = normalize_robots_path(line.value(text_), PathRole::Pattern);
    rule.text = std::string(line.content(text_));
    rule.line = line.number;
    rule.offset = line.content_offset;
    out_->groups.back().rules.push_back(std::move(rule));
  }

 private:
  std::string_view text_;
  RobotsTxt* out_;
  bool had_rule_ = false;  // the current group has a rule, so a user-agent line starts another
};

}  // namespace

std::string robots_product_token(std::string_view value) {
  if (!value.empty() && value[0] == '*' && (value.size() == 1 || is_blank(value[1]))) return "*";
  std::string token;
  for (const char c : value) {
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '-' && c != '_') break;
    token += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return token;
}

RobotsTxt parse_robots_txt(std::string_view text) {
  RobotsTxt out;
  out.size = text.size();
  const std::string_view read = text.substr(0, kRobotsTxtReadLimit);
  GroupBuilder groups(read, &out);
  std::size_t pos = read.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  for (std::uint32_t number = 1;; ++number) {
    std::size_t end = find_any(read, "\r\n", pos);
    if (end == std::string_view::npos) end = read.size();
    // A line that the limit cuts is not read: "Disallow: /products/item-1" cut to "Disallow: /pr"
    // would block more than it says, and a cut "Disall" is no line at all.
    if (end == read.size() && text.size() > read.size()) break;
    RobotsLine line = read_line(read, pos, end, number);
    if (line.content_length > 0) {
      groups.add(line);
      out.lines.push_back(line);
    }
    if (end == read.size()) break;
    pos = end + (read[end] == '\r' && end + 1 < read.size() && read[end + 1] == '\n' ? 2 : 1);
  }
  return out;
}

}  // namespace sitemaplint
