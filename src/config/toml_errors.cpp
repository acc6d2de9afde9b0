#include "config/toml_errors.h"

#include <algorithm>

namespace sitemaplint {
namespace {

// The text of line `line` (1-based) of `text`, from `column` (1-based, in characters) on.
std::string_view rest_of_line(std::string_view text, std::size_t line, std::size_t column) {
  std::size_t at = 0;
  for (std::size_t n = 1; n < line && at != std::string_view::npos; ++n) {
    at = text.find('\n', at);
    if (at != std::string_view::npos) ++at;
  }
  if (at == std::string_view::npos) return {};
  std::string_view rest = text.substr(at, text.find('\n', at) - at);
  // Columns count characters: skip column - 1 of them, each with its continuation bytes.
  const auto continues = [&](std::size_t i) { return (static_cast<unsigned char>(rest[i]) & 0xC0) == 0x80; };
  std::size_t skip = 0;
  for (std::size_t seen = 1; skip < rest.size() && seen < column; ++seen) {
    ++skip;
    while (skip < rest.size() && continues(skip)) ++skip;
  }
  rest.remove_prefix(skip);
  while (!rest.empty() && (rest.back() == '\r' || rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
  return rest;
}

// The word that starts `rest`, as a bare value would be written: up to white space, ',' ']' '}' '#'.
std::string_view bare_word(std::string_view rest) {
  const std::size_t end = rest.find_first_of(" \t,]}#");
  return rest.substr(0, end);
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace

std::string toml_error_in_words(std::string_view description, std::string_view text, std::size_t line,
                                std::size_t column) {
  const std::string_view rest = rest_of_line(text, line, column);
  if (contains(description, "could not determine value type")) {
    const std::string_view word = bare_word(rest);
    if (!word.empty()) {
      return "'" + std::string(word) + "' is not a TOML value: write text in quotes (\"" + std::string(word) +
             "\"), a list in brackets ([\"" + std::string(word) + "\"]), or a number or true/false as they are";
    }
    return "a value is missing after '=': write text in quotes, a list in brackets, or a number or true/false";
  }
  if (const auto at = description.find("cannot redefine existing "); at != std::string_view::npos) {
    const std::string_view what = description.substr(at);
    const std::size_t quote = what.find('\'');
    const std::string key = quote == std::string_view::npos ? "a key" : std::string(what.substr(quote));
    return key + " is set a second time here; each key (and each [table]) may appear once: keep one";
  }
  if (contains(description, "parsing array") && contains(description, "end-of-file"))
    return "a list opened with '[' is not closed: end it with ']'";
  if (contains(description, "parsing inline table") && contains(description, "end-of-file"))
    return "a table opened with '{' is not closed: end it with '}'";
  if (contains(description, "parsing table header") || contains(description, "parsing array-of-tables header"))
    return "a table header is not closed on its line: write [name] or [[overrides]]";
  if (contains(description, "parsing string") &&
      (contains(description, "control characters") || contains(description, "end-of-file")))
    return "a string is not closed on its line: end it with the quote it began with";
  constexpr std::string_view kSaw = "expected a comment or whitespace, saw ";
  if (const auto saw = description.find(kSaw); saw != std::string_view::npos)
    return "unexpected " + std::string(description.substr(saw + kSaw.size())) +
           " after the value: write one key = value a line (a comment starts with '#')";
  if (contains(description, "expected value, saw"))
    return "a value is missing after '=': write text in quotes, a list in brackets, or a number or true/false";
  if (contains(description, "expected '=', saw")) return "a key must be followed by '=' and its value: key = value";
  if (contains(description, "closing '}'")) return "a table opened with '{' is not closed on its line: end it with '}'";
  if (contains(description, "closing ']'") || contains(description, "expected ',' or ']'"))
    return "a list opened with '[' is not closed: separate its items with ',' and end it with ']'";
  if (contains(description, "expected bare key starting character") ||
      contains(description, "expected keys, tables, whitespace or comments"))
    return "a line must be key = value, a [table] header or a comment ('#')";
  if (contains(description, "invalid utf-8")) return "the file is not UTF-8 text, as TOML requires";
  // Anything else: the parser's words, without its "Error while parsing X: " preamble.
  std::string_view said = description;
  if (said.starts_with("Error while parsing ")) {
    if (const auto colon = said.find(": "); colon != std::string_view::npos) said.remove_prefix(colon + 2);
  }
  return "not valid TOML: " + std::string(said);
}

}  // namespace sitemaplint
