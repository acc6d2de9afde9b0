#include "pages/path_pattern.h"

#include <algorithm>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

using Kind = PathPattern::Kind;

// Steps of one match at most (parts x bytes): a pattern of 2,000 bytes against a path of 2,000.
constexpr std::size_t kMaxSteps = std::size_t{1} << 22;
// Parts of a pattern at most: the matching recurses once per part.
constexpr std::size_t kMaxParts = 256;

bool is_name_start(char c) { return is_ascii_alpha(c); }
bool is_name_char(char c) { return is_ascii_alpha(c) || is_ascii_digit(c) || c == '_'; }

void add_literal(PathPattern& pattern, std::string_view text) {
  if (text.empty()) return;
  if (!pattern.parts.empty() && pattern.parts.back().kind == Kind::Literal) {
    pattern.parts.back().text += text;
  } else {
    pattern.parts.push_back({Kind::Literal, std::string(text), {}, false, 0, 0});
  }
}

// The length of the name at the start of `text` (a letter, then letters, digits and '_'); 0: none.
std::size_t name_length(std::string_view text) {
  if (text.empty() || !is_name_start(text[0])) return 0;
  std::size_t n = 1;
  while (n < text.size() && is_name_char(text[n])) ++n;
  return n;
}

class Matcher {
 public:
  Matcher(const PathPattern& pattern, std::string_view text)
      : parts_(pattern.parts),
        text_(text),
        failed_((parts_.size() + 1) * (text.size() + 1), false),
        spans_(parts_.size()) {}

  bool run() { return at(0, 0); }
  const std::vector<std::pair<std::size_t, std::size_t>>& spans() const { return spans_; }

 private:
  bool at(std::size_t part, std::size_t pos) {
    if (part == parts_.size()) return pos == text_.size();
    const std::size_t key = part * (text_.size() + 1) + pos;
    if (failed_[key]) return false;
    if (try_part(part, pos)) return true;
    failed_[key] = true;
    return false;
  }

  bool take(std::size_t part, std::size_t from, std::size_t to) {
    spans_[part] = {from, to};
    return at(part + 1, to);
  }

  bool try_part(std::size_t part, std::size_t pos) {
    const PathPattern::Part& p = parts_[part];
    switch (p.kind) {
      case Kind::Literal: return text_.substr(pos).starts_with(p.text) && take(part, pos, pos + p.text.size());
      case Kind::Segment:
        // Lazy, as path-to-regexp's "[^/]+?": the shortest segment that lets the rest match.
        for (std::size_t end = pos + 1; end <= text_.size(); ++end) {
          const char c = text_[end - 1];
          if (c == '/' || (p.stop_at_dot && c == '.')) break;
          if (take(part, pos, end)) return true;
        }
        return false;
      case Kind::Any:
        for (std::size_t end = text_.size() + 1; end-- > pos;) {
          if (take(part, pos, end)) return true;
        }
        return false;
      case Kind::Segments: {
        // Every end of "/seg", "/seg/seg" ... from `pos`; the longest first.
        std::vector<std::size_t> ends;
        if (p.min == 0) ends.push_back(pos);
        std::size_t at_slash = pos;
        for (std::size_t count = 1; at_slash < text_.size() && text_[at_slash] == '/'; ++count) {
          std::size_t end = at_slash + 1;
          while (end < text_.size() && text_[end] != '/') ++end;
          if (end == at_slash + 1) break;  // an empty segment
          if (p.max != 0 && count > p.max) break;
          if (count >= p.min) ends.push_back(end);
          at_slash = end;
        }
        for (auto end = ends.rbegin(); end != ends.rend(); ++end) {
          if (take(part, pos, *end)) return true;
        }
        return false;
      }
    }
    return false;
  }

  const std::vector<PathPattern::Part>& parts_;
  std::string_view text_;
  std::vector<bool> failed_;  // (part, position) pairs from which the rest cannot match
  std::vector<std::pair<std::size_t, std::size_t>> spans_;  // what each part took, on success
};

}  // namespace

PathPattern headers_path_pattern(std::string_view path) {
  PathPattern pattern;
  // In "https://host/path", the host ends at the first '/' after the scheme.
  const std::size_t host_end = path.starts_with("https://") ? path.find('/', 8) : 0;
  std::size_t literal_from = 0;
  for (std::size_t i = 0; i < path.size();) {
    if (path[i] == '*') {
      add_literal(pattern, path.substr(literal_from, i - literal_from));
      pattern.parts.push_back({Kind::Any, {}, "splat", false, 0, 0});
      literal_from = ++i;
    } else if (path[i] == ':' && name_length(path.substr(i + 1)) > 0) {
      add_literal(pattern, path.substr(literal_from, i - literal_from));
      const std::size_t n = name_length(path.substr(i + 1));
      pattern.parts.push_back({Kind::Segment, {}, std::string(path.substr(i + 1, n)), i < host_end, 0, 0});
      i += 1 + n;
      literal_from = i;
    } else {
      ++i;
    }
  }
  add_literal(pattern, path.substr(literal_from));
  return pattern;
}

std::optional<PathPattern> vercel_source_pattern(std::string_view source) {
  PathPattern pattern;
  std::string literal;
  const auto flush = [&] {
    add_literal(pattern, literal);
    literal.clear();
  };
  for (std::size_t i = 0; i < source.size();) {
    const char c = source[i];
    if (c == '\\' && i + 1 < source.size()) {  // an escaped character stands for itself
      literal += source[i + 1];
      i += 2;
    } else if (c == ':' && name_length(source.substr(i + 1)) > 0) {
      const std::size_t n = name_length(source.substr(i + 1));
      std::string name(source.substr(i + 1, n));
      i += 1 + n;
      bool anything = false;
      if (source.substr(i).starts_with("(.*)")) {
        anything = true;
        i += 4;
      } else if (i < source.size() && source[i] == '(') {
        return std::nullopt;  // a regular expression of its own
      }
      const char modifier = i < source.size() ? source[i] : '\0';
      if (modifier == '*' || modifier == '+' || modifier == '?') {
        // path-to-regexp takes the '/' before a modified placeholder into it: "/:path*" also
        // matches nothing at all.
        if (anything || literal.empty() || literal.back() != '/') return std::nullopt;
        literal.pop_back();
        flush();
        pattern.parts.push_back(
            {Kind::Segments, {}, std::move(name), false, modifier == '+' ? 1u : 0u, modifier == '?' ? 1u : 0u});
        ++i;
      } else {
        flush();
        pattern.parts.push_back({anything ? Kind::Any : Kind::Segment, {}, std::move(name), false, 0, 0});
      }
    } else if (source.substr(i).starts_with("(.*)")) {
      flush();
      pattern.parts.push_back({Kind::Any, {}, "", false, 0, 0});
      i += 4;
    } else if (c == '(' || c == ')' || c == '{' || c == '}' || c == '*' || c == '+' || c == '?' || c == '[' ||
               c == ']' || c == '|' || c == '^' || c == '$') {
      return std::nullopt;
    } else {
      literal += c;
      ++i;
    }
  }
  flush();
  return pattern;
}

bool match_path(const PathPattern& pattern, std::string_view text, PathCaptures* captures) {
  if (pattern.parts.size() > kMaxParts || (pattern.parts.size() + 1) * (text.size() + 1) > kMaxSteps) return false;
  Matcher matcher(pattern, text);
  if (!matcher.run()) return false;
  if (captures) {
    captures->clear();
    for (std::size_t i = 0; i < pattern.parts.size(); ++i) {
      const PathPattern::Part& part = pattern.parts[i];
      if (part.kind == Kind::Literal) continue;
      auto [from, to] = matcher.spans()[i];
      if (part.kind == Kind::Segments && to > from) ++from;  // without its first '/'
      captures->emplace_back(part.name, std::string(text.substr(from, to - from)));
    }
  }
  return true;
}

std::string with_captures(std::string_view text, const PathCaptures& captures) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '$' && i + 1 < text.size() && is_ascii_digit(text[i + 1])) {
      std::size_t n = 0, end = i + 1;
      while (end < text.size() && is_ascii_digit(text[end]) && n < 1000) n = n * 10 + (text[end++] - '0');
      if (n >= 1 && n <= captures.size()) {
        out += captures[n - 1].second;
        i = end;
        continue;
      }
    } else if (text[i] == ':') {
      // The longest name captured that stands here.
      const std::pair<std::string, std::string>* best = nullptr;
      for (const auto& capture : captures) {
        if (!capture.first.empty() && text.substr(i + 1).starts_with(capture.first) &&
            (!best || capture.first.size() > best->first.size()))
          best = &capture;
      }
      if (best && (i + 1 + best->first.size() == text.size() || !is_name_char(text[i + 1 + best->first.size()]))) {
        std::size_t end = i + 1 + best->first.size();
        if (end < text.size() && (text[end] == '*' || text[end] == '+' || text[end] == '?')) {
          ++end;
          // "/:path*" with nothing captured leaves no '/' behind, as path-to-regexp compiles it.
          if (best->second.empty() && out.ends_with('/')) out.pop_back();
        }
        out += best->second;
        i = end;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

}  // namespace sitemaplint
