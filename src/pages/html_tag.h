// A tag read as the HTML tokenizer reads it (its name, then its attributes through the tokenizer's
// attribute states, so that a '>' in a quoted value does not end it), and where the raw text of an
// element like <script> or <title> ends: what head_scanner and simple_head both follow.
#pragma once

#include <cstddef>
#include <string_view>

#include "analysis/ascii.h"
#include "pages/html_text.h"

namespace sitemaplint::html {

struct TagRead {
  std::string_view name;  // as written
  std::size_t end = std::string_view::npos;  // just past its '>'; npos when the text ends in it
  std::size_t attributes = 0;  // begun, the last one too when the text ends in it
};

// The name of the tag that begins at `from` in `text`, as written: up to white space, '/' or '>'.
inline std::string_view tag_name(std::string_view text, std::size_t from) {
  std::size_t at = from;
  while (at < text.size() && !is_space(text[at]) && text[at] != '/' && text[at] != '>') ++at;
  return text.substr(from, at - from);
}

// Reads the attributes of a tag from `from`, just past its name (13.2.5.32 to 13.2.5.40), and
// calls `attribute(name, value)` for each, in order: the name as written, the value without its
// quotes and with no character reference decoded, "" when it has none. The TagRead's name is
// left empty.
template <typename OnAttribute>
TagRead read_attributes(std::string_view text, std::size_t from, OnAttribute&& attribute) {
  constexpr std::size_t npos = std::string_view::npos;
  TagRead tag;
  std::size_t at = from;
  enum class State { BeforeName, Name, AfterName, BeforeValue, UnquotedValue } state = State::BeforeName;
  std::size_t name_from = 0, name_to = 0, value_from = 0;
  // The attribute whose name is [name_from, name_to) takes the value [value_from, value_to).
  const auto add = [&](std::size_t value_to) {
    attribute(text.substr(name_from, name_to - name_from),
              value_to > value_from ? text.substr(value_from, value_to - value_from) : std::string_view());
  };
  for (; at < text.size(); ++at) {
    const char c = text[at];
    switch (state) {
      case State::BeforeName:
        // '/' not before '>' is a parse error, and read as white space.
        if (c == '>') return tag.end = at + 1, tag;
        if (!is_space(c) && c != '/') state = State::Name, name_from = at, ++tag.attributes;
        break;
      case State::Name:
        if (is_space(c) || c == '/' || c == '=' || c == '>') {
          name_to = value_from = at;
          if (c == '>') return add(at), tag.end = at + 1, tag;
          if (c == '=') state = State::BeforeValue;
          else if (c == '/') add(at), state = State::BeforeName;
          else state = State::AfterName;
        }
        break;
      case State::AfterName:
        if (c == '>') return add(value_from), tag.end = at + 1, tag;
        if (c == '=') {
          state = State::BeforeValue;
        } else if (c == '/') {
          add(value_from), state = State::BeforeName;
        } else if (!is_space(c)) {
          add(value_from), state = State::Name, name_from = at, ++tag.attributes;
        }
        break;
      case State::BeforeValue:
        if (c == '>') return add(value_from), tag.end = at + 1, tag;  // a missing value: ""
        if (c == '"' || c == '\'') {
          value_from = at + 1;
          at = text.find(c, value_from);
          if (at == npos) return tag;
          add(at);
          // After the value, anything but white space, '/' or '>' is a parse error that begins
          // the next attribute: as before a name.
          state = State::BeforeName;
        } else if (!is_space(c)) {
          value_from = at;
          state = State::UnquotedValue;
        }
        break;
      case State::UnquotedValue:
        if (c == '>') return add(at), tag.end = at + 1, tag;
        if (is_space(c)) add(at), state = State::BeforeName;
        break;
    }
  }
  return tag;
}

// Reads the tag whose name begins at `from` (13.2.5.8 on): its name, then its attributes as
// read_attributes() reads them.
template <typename OnAttribute>
TagRead read_tag(std::string_view text, std::size_t from, OnAttribute&& attribute) {
  const std::string_view name = tag_name(text, from);
  TagRead tag = read_attributes(text, from + name.size(), attribute);
  tag.name = name;
  return tag;
}

// Where the end tag "</name" (followed by white space, '/', '>' or the end of `text`: the
// tokenizer's "appropriate end tag") that ends the raw text or RCDATA from `from` begins; npos
// when none does.
inline std::size_t raw_text_end(std::string_view text, std::size_t from, std::string_view name) {
  constexpr std::size_t npos = std::string_view::npos;
  for (std::size_t at = text.find("</", from); at != npos; at = text.find("</", at + 2)) {
    const std::size_t after = at + 2 + name.size();
    if (after > text.size()) return npos;
    if (!ascii_equal_ignoring_case(text.substr(at + 2, name.size()), name)) continue;
    if (after == text.size() || is_space(text[after]) || text[after] == '/' || text[after] == '>') return at;
  }
  return npos;
}

}  // namespace sitemaplint::html
