#include "analysis/robots_match.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"

namespace sitemaplint {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

void append_encoded(unsigned char c, std::string* out) {
  *out += '%';
  *out += kHex[c >> 4];
  *out += kHex[c & 0xF];
}

// Where `piece` first occurs in `text` at or after `from`, or npos. A piece of up to sixteen bytes
// is looked for sixteen places a step, by its first and last bytes, and compared whole where both
// agree (glibc's memmem takes short needles a byte at a time); a longer one through memmem, which
// takes linear time where std::string_view::find may take the product of both lengths on a
// hostile pattern.
std::size_t find_from(std::string_view text, std::string_view piece, std::size_t from) {
  const std::size_t m = piece.size();
  if (m == 0) return from;
  if (from > text.size() || text.size() - from < m) return std::string_view::npos;
  const char* p = text.data();
  if (m == 1) {
    const void* found = std::memchr(p + from, piece[0], text.size() - from);
    return found ? static_cast<std::size_t>(static_cast<const char*>(found) - p) : std::string_view::npos;
  }
#if defined(__SSE2__)
  if (m <= 16) {
    const std::size_t places = text.size() - m + 1;  // where the piece may start: [0, places)
    const __m128i first = _mm_set1_epi8(piece[0]), last = _mm_set1_epi8(piece[m - 1]);
    std::size_t at = from;
    for (; at + 16 <= places; at += 16) {
      const __m128i starts = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
      const __m128i ends = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at + m - 1));
      auto mask = static_cast<unsigned>(
          _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(starts, first), _mm_cmpeq_epi8(ends, last))));
      for (; mask != 0; mask &= mask - 1) {
        const std::size_t i = at + static_cast<std::size_t>(__builtin_ctz(mask));
        if (std::memcmp(p + i + 1, piece.data() + 1, m - 2) == 0) return i;
      }
    }
    for (; at < places; ++at) {
      if (p[at] == piece[0] && std::memcmp(p + at, piece.data(), m) == 0) return at;
    }
    return std::string_view::npos;
  }
#endif
  const void* found = ::memmem(p + from, text.size() - from, piece.data(), m);
  return found ? static_cast<std::size_t>(static_cast<const char*>(found) - p) : std::string_view::npos;
}

constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

std::uint64_t fnv1a_step(std::uint64_t hash, char c) { return (hash ^ static_cast<unsigned char>(c)) * kFnvPrime; }

// The text a matching URL must start with: the pattern up to its first '*' or its final '$'.
std::string_view literal_prefix(std::string_view pattern) {
  if (pattern.ends_with('$')) pattern.remove_suffix(1);
  return pattern.substr(0, pattern.find('*'));
}

// Of two rules that both match, whether `a` decides rather than `b`: the longer pattern, allow
// on a tie, then the first in the file. The first matching rule in this order decides: allowed
// if it is an allow rule (no disallow rule is longer), blocked if not (no allow rule is as long).
bool decides_before(const RobotsRule& a, const RobotsRule& b) {
  if (a.pattern.size() != b.pattern.size()) return a.pattern.size() > b.pattern.size();
  if (a.allow != b.allow) return a.allow;
  return a.offset < b.offset;
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
    if (const int byte = c == '%' && i + 2 < path.size() ? escaped_byte(&path[i + 1]) : -1; byte >= 0) {
      const auto decoded = static_cast<unsigned char>(byte);
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
  const RobotsRule* best = nullptr;
  for (const RobotsRule* rule : rules) {
    if ((!best || decides_before(*rule, *best)) && robots_pattern_matches(rule->pattern, normalized)) best = rule;
  }
  return best ? RobotsVerdict{best->allow, best} : RobotsVerdict{};
}

RobotsMatcher::RobotsMatcher(const RobotsTxt& robots, std::span<const std::string_view> agents) {
  std::vector<Compiled> candidates;
  for (const RobotsRule* rule : robots_rules_for(robots, agents)) candidates.push_back(compile(*rule));
  // A pattern written twice decides as its first allow does (allow wins a tie), else as its first
  // copy: the others can never decide, and are not matched.
  std::sort(candidates.begin(), candidates.end(), [](const Compiled& a, const Compiled& b) {
    if (a.rule->pattern != b.rule->pattern) return a.rule->pattern < b.rule->pattern;
    return decides_before(*a.rule, *b.rule);
  });
  candidates.erase(std::unique(candidates.begin(), candidates.end(),
                               [](const Compiled& a, const Compiled& b) { return a.rule->pattern == b.rule->pattern; }),
                   candidates.end());
  // By prefix, in the file's order within one. So sorted, the prefixes that start a prefix come
  // before it, and a stack holds those that start the current one: the buckets that a URL reaching
  // it meets too, with the rules with pieces they keep.
  std::sort(candidates.begin(), candidates.end(), [](const Compiled& a, const Compiled& b) {
    return a.prefix != b.prefix ? a.prefix < b.prefix : a.rule->offset < b.rule->offset;
  });
  struct Reached {
    std::string_view prefix;
    std::size_t searched;  // rules with pieces kept in its bucket and in those whose prefix starts it
  };
  std::vector<Reached> reached;
  for (std::size_t begin = 0, end = 0; begin < candidates.size(); begin = end) {
    const std::string_view prefix = candidates[begin].prefix;
    for (end = begin; end < candidates.size() && candidates[end].prefix == prefix;) ++end;
    while (!reached.empty() && !prefix.starts_with(reached.back().prefix)) reached.pop_back();
    std::size_t searched = reached.empty() ? 0 : reached.back().searched;
    Bucket bucket{prefix, static_cast<std::uint32_t>(rules_.size())};
    for (std::size_t i = begin; i < end; ++i) {
      const Compiled& candidate = candidates[i];
      if (candidate.pieces > 0 && searched == kRobotsWildcardRulesPerUrl) {
        ++ignored_;
        if (!first_ignored_ || candidate.rule->offset < first_ignored_->offset) first_ignored_ = candidate.rule;
        continue;
      }
      searched += candidate.pieces > 0 ? 1 : 0;
      rules_.push_back(candidate);
    }
    reached.push_back(Reached{prefix, searched});
    bucket.end = static_cast<std::uint32_t>(rules_.size());
    std::sort(rules_.begin() + bucket.begin, rules_.end(),
              [](const Compiled& a, const Compiled& b) { return decides_before(*a.rule, *b.rule); });
    std::uint64_t hash = kFnvOffset;
    for (const char c : prefix) hash = fnv1a_step(hash, c);
    const auto [first, inserted] = by_prefix_.try_emplace(hash, static_cast<std::uint32_t>(buckets_.size() + 1));
    if (!inserted) {  // another prefix of the same hash: chained
      bucket.next = first->second;
      first->second = static_cast<std::uint32_t>(buckets_.size() + 1);
    }
    buckets_.push_back(bucket);
    if (prefix_length_.size() <= prefix.size()) prefix_length_.resize(prefix.size() + 1);
    prefix_length_[prefix.size()] = true;
  }
}

RobotsMatcher::Compiled RobotsMatcher::compile(const RobotsRule& rule) {
  Compiled out;
  out.rule = &rule;
  out.prefix = literal_prefix(rule.pattern);
  std::string_view pattern = rule.pattern;
  out.anchored = pattern.ends_with('$');
  if (out.anchored) pattern.remove_suffix(1);
  out.star = out.prefix.size() < pattern.size();
  if (!out.star) return out;
  out.anchored = out.anchored && !pattern.ends_with('*');  // "*$" binds nothing
  out.first_piece = static_cast<std::uint32_t>(pieces_.size());
  for (std::string_view rest = pattern.substr(out.prefix.size() + 1);;) {
    const std::size_t star = rest.find('*');
    const std::string_view piece = rest.substr(0, star);
    if (!piece.empty()) {
      pieces_.push_back(piece);
      for (const char c : piece) out.needs[(c >> 6) & 1] |= std::uint64_t{1} << (c & 63);
    }
    if (star == std::string_view::npos) break;
    rest.remove_prefix(star + 1);
  }
  out.pieces = static_cast<std::uint32_t>(pieces_.size()) - out.first_piece;
  return out;
}

// `target` starts with the rule's prefix, `prefix` bytes long; `has` is the set of its bytes.
bool RobotsMatcher::matches(const Compiled& rule, std::size_t prefix, std::string_view target,
                            const std::uint64_t* has) const {
  if (!rule.star) return !rule.anchored || target.size() == prefix;
  if ((rule.needs[0] & ~has[0]) | (rule.needs[1] & ~has[1])) return false;
  const std::string_view* piece = pieces_.data() + rule.first_piece;
  const std::string_view* last = piece + rule.pieces;
  if (rule.anchored) {  // the last piece ends the URL, and the others come before it
    --last;
    if (!target.ends_with(*last) || target.size() - last->size() < prefix) return false;
    target.remove_suffix(last->size());
  }
  // '*' matches any run, so each piece is taken where it first occurs: an earlier match never
  // leaves less room for the pieces after it.
  for (std::size_t at = prefix; piece != last; ++piece) {
    const std::size_t found = find_from(target, *piece, at);
    if (found == std::string_view::npos) return false;
    at = found + piece->size();
  }
  return true;
}

RobotsVerdict RobotsMatcher::verdict(std::string_view target) const {
  if (rules_.empty()) return RobotsVerdict{};
  const std::string normalized = normalize_robots_path(target, PathRole::Target);
  std::uint64_t has[2] = {0, 0};
  for (const char c : normalized) has[(c >> 6) & 1] |= std::uint64_t{1} << (c & 63);
  // The hash of each prefix of the URL, one byte at a time. In each bucket whose prefix starts
  // the URL, a rule is matched only while it would decide before the best match so far.
  const Compiled* best = nullptr;
  std::uint64_t hash = kFnvOffset;
  const std::size_t longest = std::min(normalized.size(), prefix_length_.size() - 1);
  for (std::size_t k = 0;; ++k) {
    const auto first = prefix_length_[k] ? by_prefix_.find(hash) : by_prefix_.end();
    for (std::uint32_t b = first == by_prefix_.end() ? 0 : first->second; b != 0; b = buckets_[b - 1].next) {
      const Bucket& bucket = buckets_[b - 1];
      if (bucket.prefix.size() != k || std::string_view(normalized).substr(0, k) != bucket.prefix) continue;
      for (std::uint32_t r = bucket.begin; r < bucket.end; ++r) {
        const Compiled& rule = rules_[r];
        if (best && !decides_before(*rule.rule, *best->rule)) break;
        if (matches(rule, k, normalized, has)) {
          best = &rule;
          break;
        }
      }
    }
    if (k == longest) break;
    hash = fnv1a_step(hash, normalized[k]);
  }
  return best ? RobotsVerdict{best->rule->allow, best->rule} : RobotsVerdict{};
}

}  // namespace sitemaplint
