#include "config/toml_depth.h"

#include <vector>

namespace sitemaplint {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// A character of a bare key, or of what the scan takes for one: anything TOML's punctuation does
// not claim (toml++ reports what is not allowed).
bool is_key_char(char c) {
  switch (c) {
    case ' ':
    case '\t':
    case '\r':
    case '\n':
    case '=':
    case '.':
    case '[':
    case ']':
    case '{':
    case '}':
    case '#':
    case ',':
    case '"':
    case '\'': return false;
    default: return true;
  }
}

// One pass over the text, keeping only what depth needs: the open arrays and inline tables, and
// the depth of the table the last header opened.
class DepthScan {
 public:
  DepthScan(std::string_view text, std::size_t limit) : text_(text), limit_(limit) {}

  std::optional<std::size_t> run() {
    while (skip_space_and_comments()) {
      if (open_.empty()) {
        if (!top_level_line()) return failure_;
      } else if (!inside_container()) {
        return failure_;
      }
    }
    return std::nullopt;
  }

 private:
  struct Container {
    bool table;  // an inline table, else an array
    std::size_t depth;  // of the table whose keys it holds, or of its elements
  };

  char at(std::size_t i) const { return i < text_.size() ? text_[i] : '\0'; }

  // Steps over blanks, line ends and comments; false at the end of the text.
  bool skip_space_and_comments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (is_blank(c) || c == '\r' || c == '\n') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        return true;
      }
    }
    return false;
  }

  void skip_blanks() {
    while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
  }

  // Whether `depth`, reached at `offset`, is within the limit (else remembers where it was not).
  bool within(std::size_t depth, std::size_t offset) {
    if (depth <= limit_) return true;
    failure_ = offset;
    return false;
  }

  // A table header or a key/value pair.
  bool top_level_line() {
    const std::size_t start = pos_;
    if (at(pos_) == '[') {
      const bool array_of_tables = at(pos_ + 1) == '[';
      pos_ += array_of_tables ? 2 : 1;
      const std::size_t parts = key();
      if (parts == 0) return false;
      header_depth_ = parts + (array_of_tables ? 1 : 0);  // [[a]]: a table inside the array a
      if (!within(header_depth_, start)) return false;
      skip_blanks();
      if (at(pos_) != ']') return false;
      pos_ += array_of_tables && at(pos_ + 1) == ']' ? 2 : 1;
      return true;
    }
    return key_value(header_depth_);
  }

  // "key = value" in a table `depth` deep.
  bool key_value(std::size_t depth) {
    const std::size_t start = pos_;
    const std::size_t parts = key();
    if (parts == 0 || !within(depth + parts, start)) return false;
    skip_blanks();
    if (at(pos_) != '=') return false;
    ++pos_;
    return value(depth + parts);
  }

  // The parts of a dotted key (bare or quoted, dots between, blanks around them); 0 when there is
  // no key here.
  std::size_t key() {
    std::size_t parts = 0;
    while (true) {
      skip_blanks();
      const char c = at(pos_);
      if (c == '"' || c == '\'') {
        if (!string()) return 0;
      } else if (pos_ < text_.size() && is_key_char(c)) {
        while (pos_ < text_.size() && is_key_char(text_[pos_])) ++pos_;
      } else {
        return 0;
      }
      ++parts;
      skip_blanks();
      if (at(pos_) != '.') return parts;
      ++pos_;
    }
  }

  // A value `depth` deep: an array or an inline table opens a container; anything else is
  // stepped over.
  bool value(std::size_t depth) {
    skip_blanks();
    const std::size_t start = pos_;
    const char c = at(pos_);
    if (c == '[' || c == '{') {
      ++pos_;
      // An array's elements are a level below it; an inline table's keys count their own parts.
      const bool table = c == '{';
      if (!table && !within(depth + 1, start)) return false;
      open_.push_back({table, table ? depth : depth + 1});
      return true;
    }
    if (c == '"' || c == '\'') return string();
    // A number, date, boolean (or something toml++ will not take): up to what ends a value.
    while (pos_ < text_.size()) {
      const char d = text_[pos_];
      if (d == ',' || d == ']' || d == '}' || d == '\n' || d == '#') break;
      ++pos_;
    }
    return pos_ > start;
  }

  // Inside an open array or inline table: a separator, its end, or its next element or key.
  bool inside_container() {
    const Container container = open_.back();
    const char c = at(pos_);
    if (c == ',') {
      ++pos_;
      return true;
    }
    if (c == (container.table ? '}' : ']')) {
      ++pos_;
      open_.pop_back();
      return true;
    }
    return container.table ? key_value(container.depth) : value(container.depth);
  }

  // A string of any of TOML's four kinds, from its opening quote; false when it does not end.
  bool string() {
    const char quote = text_[pos_];
    const bool multi_line = at(pos_ + 1) == quote && at(pos_ + 2) == quote;
    pos_ += multi_line ? 3 : 1;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\\' && quote == '"') {
        pos_ += 2;
      } else if (c == quote && (!multi_line || (at(pos_ + 1) == quote && at(pos_ + 2) == quote))) {
        pos_ += multi_line ? 3 : 1;
        // """a""""" ends with two quotes of content: the closing three are the last three.
        for (int extra = 0; multi_line && extra < 2 && at(pos_) == quote; ++extra) ++pos_;
        return true;
      } else if (c == '\n' && !multi_line) {
        return false;
      } else {
        ++pos_;
      }
    }
    return false;
  }

  std::string_view text_;
  std::size_t limit_;
  std::size_t pos_ = 0;
  std::size_t header_depth_ = 0;
  std::vector<Container> open_;
  std::optional<std::size_t> failure_;  // where the limit was passed
};

}  // namespace

std::optional<std::size_t> toml_too_deep_at(std::string_view text, std::size_t limit) {
  return DepthScan(text, limit).run();
}

}  // namespace sitemaplint
