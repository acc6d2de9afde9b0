#include "analysis/robots_match.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

bool is_unreserved(unsigned char c) {
  return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

void append_encoded(unsigned char c, std::string* out) {
  *out += '%';
  *out += kHex[c >> 4];
  *out += kHex[c & 0xF];
}

// Where `piece` first occurs in `text` at or after `from`. glibc's memmem takes linear time
// where std::string_view::find may take the product of both lengths on a hostile pattern.
std::size_t find_from(std::string_view text, std::string_view piece, std::size_t from) {
  if (piece.empty()) return from;
  const void* found = ::memmem(text.data() + from, text.size() - from, piece.data(), piece.size());
  return found ? static_cast<std::size_t>(static_cast<const char*>(found) - text.data()) : std::string_view::npos;
}

// The longest matching allow and disallow rules met so far; of equally long ones, the first in
// the file, whatever order they are met in.
struct Leaders {
  const RobotsRule* allow = nullptr;
  const RobotsRule* disallow = nullptr;

  // Whether `rule` would lead its kind if it matched: only then is it worth matching.
  bool could_lead(const RobotsRule& rule) const {
    const RobotsRule* best = rule.allow ? allow : disallow;
    return !best || rule.pattern.size() > best->pattern.size() ||
           (rule.pattern.size() == best->pattern.size() && rule.offset < best->offset);
  }
  void offer(const RobotsRule& rule, std::string_view target) {
    if (could_lead(rule) && robots_pattern_matches(rule.pattern, target)) (rule.allow ? allow : disallow) = &rule;
  }
  RobotsVerdict verdict() const {
    if (!disallow) return RobotsVerdict{true, allow};
    if (allow && allow->pattern.size() >= disallow->pattern.size()) return RobotsVerdict{true, allow};
    return RobotsVerdict{false, disallow};
  }
};

constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

std::uint64_t fnv1a_step(std::uint64_t hash, char c) { return (hash ^ static_cast<unsigned char>(c)) * kFnvPrime; }

// The text a matching URL must start with: the pattern up to its first '*' or its final '$'.
std::string_view literal_prefix(std::string_view pattern) {
  if (pattern.ends_with('$')) pattern.remove_suffix(1);
  return pattern.substr(0, pattern.find('*'));
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::string normalize_robots_path(std::string_view path, PathRole role) {
  std::string out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    const auto c = static_cast<unsigned char>(path[i]);
    if (c == '%' && i + 2 < path.size() && hex_value(path[i + 1]) >= 0 && hex_value(path[i + 2]) >= 0) {
      const auto decoded = static_cast<unsigned char>(hex_value(path[i + 1]) * 16 + hex_value(path[i + 2]));
      if (is_unreserved(decoded)) out += static_cast<char>(decoded);
      else append_encoded(decoded, &out);
      i += 2;
    } else if (c <= 0x20 || c >= 0x7F) {
      append_encoded(c, &out);
    } else if (role == PathRole::Target && (c == '*' || c == '$')) {
      append_encoded(c, &out);
    } else if (role == PathRole::Pattern && c == '$' && i + 1 != path.size()) {
      append_encoded(c, &out);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// '*' matches any run, so the literal pieces between stars can be found greedily, each as early
// as it occurs: an earlier match never leaves less room for the pieces after it. Each piece is
// looked for once, so the cost stays linear whatever a hostile pattern holds.
bool robots_pattern_matches(std::string_view pattern, std::string_view target) {
  const bool anchored = pattern.ends_with('$');
  if (anchored) pattern.remove_suffix(1);
  const std::size_t star = pattern.find('*');
  const std::string_view first = pattern.substr(0, star);
  if (!target.starts_with(first)) return false;
  if (star == std::string_view::npos) return !anchored || target.size() == first.size();
  std::size_t at = first.size();
  std::string_view rest = pattern.substr(star + 1);
  while (true) {
    const std::size_t next = rest.find('*');
    const std::string_view piece = rest.substr(0, next);
    if (next == std::string_view::npos) {  // the last piece: anywhere after, or at the very end
      if (anchored) return target.size() >= at + piece.size() && target.ends_with(piece);
      return find_from(target, piece, at) != std::string_view::npos;
    }
    if (!piece.empty()) {
      const std::size_t found = find_from(target, piece, at);
      if (found == std::string_view::npos) return false;
      at = found + piece.size();
    }
    rest = rest.substr(next + 1);
  }
}

std::string robots_target(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  const std::size_t authority = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  const std::size_t path = find_any(url, "/?#", authority);
  if (path == std::string_view::npos || url[path] == '#') return "/";
  const std::size_t end = std::min(url.find('#', path), url.size());
  std::string out = url[path] == '?' ? "/" : "";
  out.append(url.substr(path, end - path));
  return out;
}

std::vector<const RobotsRule*> robots_rules_for(const RobotsTxt& robots, std::span<const std::string_view> agents) {
  std::vector<const RobotsRule*> rules;
  const auto collect = [&](std::string_view agent) {
    bool named = false;
    for (const RobotsGroup& group : robots.groups) {
      const bool names_it = std::any_of(group.agents.begin(), group.agents.end(),
                                        [&](const std::string& token) { return equals_ignoring_case(token, agent); });
      if (!names_it) continue;
      named = true;
      for (const RobotsRule& rule : group.rules) rules.push_back(&rule);
    }
    return named;
  };
  for (const std::string_view agent : agents) {
    if (collect(agent)) return rules;
  }
  collect("*");
  return rules;
}

RobotsVerdict robots_verdict(std::span<const RobotsRule* const> rules, std::string_view target) {
  const std::string normalized = normalize_robots_path(target, PathRole::Target);
  Leaders leaders;
  for (const RobotsRule* rule : rules) leaders.offer(*rule, normalized);
  return leaders.verdict();
}

RobotsMatcher::RobotsMatcher(const RobotsTxt& robots, std::span<const std::string_view> agents) {
  for (const RobotsRule* rule : robots_rules_for(robots, agents)) {
    const std::string_view prefix = literal_prefix(rule->pattern);
    std::uint64_t hash = kFnvOffset;
    for (const char c : prefix) hash = fnv1a_step(hash, c);
    by_prefix_[hash].push_back(rule);
    if (prefix_length_.size() <= prefix.size()) prefix_length_.resize(prefix.size() + 1);
    prefix_length_[prefix.size()] = true;
    ++rules_;
  }
}

RobotsVerdict RobotsMatcher::verdict(std::string_view target) const {
  const std::string normalized = normalize_robots_path(target, PathRole::Target);
  Leaders leaders;
  if (prefix_length_.empty()) return leaders.verdict();
  // The hash of each prefix of the URL, one byte at a time; a bucket may hold another prefix of
  // the same hash, which robots_pattern_matches then rejects.
  std::uint64_t hash = kFnvOffset;
  const std::size_t longest = std::min(normalized.size(), prefix_length_.size() - 1);
  for (std::size_t k = 0;; ++k) {
    if (prefix_length_[k]) {
      if (const auto bucket = by_prefix_.find(hash); bucket != by_prefix_.end()) {
        for (const RobotsRule* rule : bucket->second) leaders.offer(*rule, normalized);
      }
    }
    if (k == longest) break;
    hash = fnv1a_step(hash, normalized[k]);
  }
  return leaders.verdict();
}

}  // namespace sitemaplint
