// A robots.txt read as RFC 9309 (the Robots Exclusion Protocol) defines it: its lines, and the
// groups of rules they form, each with where it is written. Reading follows the RFC and Google's
// documentation ("How Google interprets the robots.txt specification"): fields are matched
// without regard to case, '#' starts a comment, blank lines mean nothing, consecutive user-agent
// lines share one group, and records other than user-agent, allow and disallow (sitemap,
// crawl-delay, ...) do not end a group. Matching URLs against the groups is robots_match.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// Google reads the first 500 KiB of a robots.txt and ignores the rest; RFC 9309 (section 2.5)
// asks crawlers to read at least that much. Lines past it, and the line it cuts, are not read.
inline constexpr std::size_t kRobotsTxtReadLimit = 500 * 1024;

enum class RobotsField : std::uint8_t {
  UserAgent,
  Allow,
  Disallow,
  Sitemap,
  Other,  // any other name: crawl-delay, host, a misspelling ...
  NotAField  // the line has no ':' (or nothing before it): not "field: value"
};

// One line that says something (blank and comment-only lines are not kept). Offsets are bytes of
// the text given to parse_robots_txt; a line is at most kRobotsTxtReadLimit bytes in.
struct RobotsLine {
  std::uint32_t number = 0;  // 1-based; a line ends at LF, CRLF or a lone CR
  std::uint32_t content_offset = 0;  // the line without its comment and the blanks around it
  std::uint32_t content_length = 0;
  std::uint32_t field_offset = 0;  // the field's name as written (NotAField: the whole content)
  std::uint32_t field_length = 0;
  std::uint32_t value_offset = 0;  // the value, without the blanks around it (may be empty)
  std::uint32_t value_length = 0;
  RobotsField field = RobotsField::NotAField;
  bool in_group = false;  // allow/disallow: under some user-agent line

  std::string_view content(std::string_view text) const { return text.substr(content_offset, content_length); }
  std::string_view name(std::string_view text) const { return text.substr(field_offset, field_length); }
  std::string_view value(std::string_view text) const { return text.substr(value_offset, value_length); }
};

// An allow or disallow rule of a group, ready to match (robots_match.h).
struct RobotsRule {
  bool allow = false;
  std::string pattern;  // the path pattern, percent-encoding normalised (robots_match.h)
  std::string text;  // as written, for messages: "Disallow: /private/"
  std::uint32_t line = 0;  // 1-based line number
  std::uint32_t offset = 0;  // where `text` starts
};

struct RobotsGroup {
  // The product tokens of its user-agent lines, lower case: "googlebot" for "Googlebot/2.1",
  // "*" for the group every crawler without a group of its own obeys. An empty token (a
  // user-agent line with no name) matches no crawler.
  std::vector<std::string> agents;
  std::vector<RobotsRule> rules;  // rules with an empty value ("Disallow:") allow everything: not kept
  std::uint32_t line = 0;  // its first user-agent line
};

struct RobotsTxt {
  std::vector<RobotsLine> lines;  // in file order
  std::vector<RobotsGroup> groups;  // in file order; groups naming the same agent are merged when matching
  std::size_t size = 0;  // bytes in the whole text
  bool truncated() const { return size > kRobotsTxtReadLimit; }
};

// Reads `text` (a UTF-8 byte order mark at its start is skipped, as Google does), up to
// kRobotsTxtReadLimit bytes. Never fails: a line that is not "field: value" is a NotAField line.
RobotsTxt parse_robots_txt(std::string_view text);

// The product token of a user-agent value, lower case: its leading letters, '-' and '_'
// ("Googlebot/2.1" -> "googlebot"), or "*" for a value that is '*' alone or followed by blanks.
std::string robots_product_token(std::string_view value);

}  // namespace sitemaplint
