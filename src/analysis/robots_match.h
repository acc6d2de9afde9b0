// Whether a robots.txt lets a crawler fetch a URL, as RFC 9309 section 2.2.2 decides it: the
// crawler obeys the groups of the most specific user agent it answers to (merged when several
// name it), else the '*' groups, else nothing; of the rules that match the URL's path and query,
// the longest pattern wins and an allow rule wins a tie; '*' matches any run of characters and a
// final '$' anchors the end. Google's documented examples (its "URL matching based on path
// values" and "Order of precedence" tables) hold; tests/robots_txt_test.cpp checks them.
#pragma once

#include <cstddef>
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

// How many rules with text after a '*' one URL is matched against at most. Each run of text
// between a rule's stars is a search of the URL, and a hostile robots.txt holds tens of thousands
// of such rules in its 500 KiB, all starting with "/": 10,000 took 46 seconds over a 50,000-URL
// sitemap, and a robots.txt may lead to a thousand sitemaps. Rules past the limit are not matched
// (RobotsMatcher::ignored); real robots.txt files stay far below it.
inline constexpr std::size_t kRobotsWildcardRulesPerUrl = 1000;

// The same verdicts for many URLs: the rules a crawler obeys, each split once into its literal
// prefix (the text before its first '*') and the runs of text after it, and indexed by that
// prefix, so that a URL is matched only against rules whose prefix starts it, in the order they
// decide: a rule is matched only while it could still win. A URL meets at most
// kRobotsWildcardRulesPerUrl rules with text after a '*' (those with a shorter prefix kept first,
// then the first in the file); the others cost a comparison each, and stop at the first that matches.
class RobotsMatcher {
 public:
  RobotsMatcher() = default;
  RobotsMatcher(const RobotsTxt& robots, std::span<const std::string_view> agents);  // `robots` must outlive it

  bool empty() const { return rules_.empty(); }
  RobotsVerdict verdict(std::string_view target) const;

  // The rules left out for kRobotsWildcardRulesPerUrl: how many, and the first in the file.
  std::size_t ignored() const { return ignored_; }
  const RobotsRule* first_ignored() const { return first_ignored_; }

 private:
  // A rule as it is matched.
  struct Compiled {
    const RobotsRule* rule = nullptr;
    std::string_view prefix;  // its text before the first '*' (or the final '$')
    std::uint64_t needs[2] = {0, 0};  // the bytes of its pieces: a URL without one of them cannot match
    std::uint32_t first_piece = 0;  // its pieces: pieces_[first_piece, first_piece + pieces)
    std::uint32_t pieces = 0;  // the runs of text after its first '*': each a search of the URL
    bool star = false;  // it has a '*' (without one, it is its prefix)
    bool anchored = false;  // a final '$' that binds: to its last piece, or (no '*') its prefix
  };
  // The rules of one literal prefix, in the order they decide: longest first, allow before
  // disallow, then the first in the file.
  struct Bucket {
    std::string_view prefix;
    std::uint32_t begin = 0, end = 0;  // rules_[begin, end)
    std::uint32_t next = 0;  // 1 + the next bucket whose prefix has the same hash, or 0
  };

  Compiled compile(const RobotsRule& rule);  // its pieces into pieces_
  bool matches(const Compiled& rule, std::size_t prefix, std::string_view target, const std::uint64_t* has) const;

  std::vector<Compiled> rules_;
  std::vector<std::string_view> pieces_;  // into the rules' patterns
  std::vector<Bucket> buckets_;
  std::vector<bool> prefix_length_;  // [k]: some bucket's prefix is k bytes long
  // 1 + the first bucket, by the FNV-1a hash of its prefix: a URL's prefixes are hashed as it is read.
  std::unordered_map<std::uint64_t, std::uint32_t> by_prefix_;
  std::size_t ignored_ = 0;
  const RobotsRule* first_ignored_ = nullptr;
};

}  // namespace sitemaplint
