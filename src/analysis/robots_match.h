// Whether a robots.txt lets a crawler fetch a URL, as RFC 9309 section 2.2.2 decides it: the
// crawler obeys the groups of the most specific user agent it answers to (merged when several
// name it), else the '*' groups, else nothing; of the rules that match the URL's path and query,
// the longest pattern wins and an allow rule wins a tie; '*' matches any run of characters and a
// final '$' anchors the end. Google's documented examples (its "URL matching based on path
// values" and "Order of precedence" tables) hold; tests/robots_txt_test.cpp checks them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analysis/robots_txt.h"

namespace sitemaplint {

// The product token of Googlebot, Google's web-search crawler, which Search Console speaks for.
inline constexpr std::string_view kGooglebot = "googlebot";

// A pattern (a rule's value) or a target (a URL's path and query), for comparing octet by octet:
// a %XX that stands for an unreserved character (letters, digits, '-', '.', '_', '~') is that
// character, any other %XX is written in upper case, and bytes outside printable ASCII are
// percent-encoded, as RFC 9309 section 2.2.2 asks. In a pattern '*' stays a wildcard and a
// final '$' the end anchor (a '$' elsewhere is literal, %24); in a target '*' and '$' are
// literal, so they become %2A and %24, which a pattern matches by writing them so.
enum class PathRole { Pattern, Target };
std::string normalize_robots_path(std::string_view path, PathRole role);

// Whether `pattern` matches `target` from its start (both normalised).
bool robots_pattern_matches(std::string_view pattern, std::string_view target);

// What rules are matched against for an absolute URL: its path and query without the fragment,
// "/" when the path is empty ("https://example.com?q" -> "/?q").
std::string robots_target(std::string_view absolute_url);

// The rules a crawler obeys. `agents`: the product tokens it answers to, most specific first
// (Googlebot-Image answers to "googlebot-image", then "googlebot"); case does not matter. A group
// that names the crawler but has no rules leaves it free: the '*' group no longer applies.
std::vector<const RobotsRule*> robots_rules_for(const RobotsTxt& robots, std::span<const std::string_view> agents);

struct RobotsVerdict {
  bool allowed = true;
  const RobotsRule* rule = nullptr;  // the rule that decided; nullptr when none matched
};

// Whether `rules` (from robots_rules_for) let the crawler fetch `target` (robots_target's form,
// not yet normalised). Of two matching rules the longer pattern wins, and allow wins a tie; among
// equals, the first in the file is named. Tries every rule: for one URL.
RobotsVerdict robots_verdict(std::span<const RobotsRule* const> rules, std::string_view target);

// The same verdicts for many URLs: the rules a crawler obeys, indexed by the literal text before
// their first '*', so that a URL is matched only against rules whose text starts it. A 20,000-rule
// robots.txt then costs a 50,000-URL sitemap milliseconds instead of seconds.
class RobotsMatcher {
 public:
  RobotsMatcher() = default;
  RobotsMatcher(const RobotsTxt& robots, std::span<const std::string_view> agents);  // `robots` must outlive it

  bool empty() const { return rules_ == 0; }
  RobotsVerdict verdict(std::string_view target) const;

 private:
  std::size_t rules_ = 0;
  std::vector<bool> prefix_length_;  // [k]: some rule's literal prefix is k bytes long
  // Rules by the FNV-1a hash of their literal prefix: a URL's prefixes are hashed as it is read.
  std::unordered_map<std::uint64_t, std::vector<const RobotsRule*>> by_prefix_;
};

}  // namespace sitemaplint
