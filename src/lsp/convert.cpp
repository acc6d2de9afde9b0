#include "lsp/convert.h"

#include <algorithm>
#include <cstdint>

#include <unicode/utf8.h>

#include "analysis/percent_encoding.h"
#include "rule.h"
#include "docs/rule_docs.h"

namespace sitemaplint::lsp {
namespace {

int lsp_severity(Severity s) {
  switch (s) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Info: return 3;
  }
  return 1;
}

}  // namespace

std::string_view encoding_name(PositionEncoding encoding) {
  return encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16";
}

TextIndex::TextIndex(std::string_view text, PositionEncoding encoding)
    : text_(text), encoding_(encoding), lines_(text) {}

nlohmann::json TextIndex::position(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  const Position pos = lines_.position(offset);
  std::size_t character = 0;
  if (encoding_ == PositionEncoding::Utf8) {
    character = offset - lines_.line_start(pos.line);
  } else {
    character = pos.utf16_column - 1;
    // LineIndex does not count a byte order mark (a terminal never shows one), but an editor that
    // kept it in the text counts U+FEFF as one UTF-16 unit.
    if (pos.line == 1 && offset >= 3 && text_.starts_with("\xEF\xBB\xBF")) character += 1;
  }
  return {{"line", pos.line - 1}, {"character", character}};
}

nlohmann::json TextIndex::range(std::size_t offset, std::size_t length) const {
  return {{"start", position(offset)}, {"end", position(offset + length)}};
}

std::size_t TextIndex::offset(std::size_t line, std::size_t character) const {
  if (line >= lines_.line_count()) return text_.size();
  const std::size_t begin = lines_.line_start(line + 1);
  const std::size_t end = begin + lines_.line_text(line + 1).size();
  if (encoding_ == PositionEncoding::Utf8) {
    // A client may point into the middle of a character; step back to its first byte.
    std::size_t at = std::min(begin + character, end);
    while (at > begin && (static_cast<unsigned char>(text_[at]) & 0xC0) == 0x80) --at;
    return at;
  }
  const auto* data = reinterpret_cast<const std::uint8_t*>(text_.data());
  std::int64_t at = static_cast<std::int64_t>(begin);
  std::size_t units = 0;
  while (at < static_cast<std::int64_t>(end)) {
    const std::int64_t before = at;
    UChar32 c;
    U8_NEXT(data, at, static_cast<std::int64_t>(end), c);
    units += c > 0xFFFF ? 2 : 1;
    if (units > character) return static_cast<std::size_t>(before);
  }
  return end;
}

std::size_t TextIndex::offset(const nlohmann::json& position) const {
  const nlohmann::json& line = position.at("line");
  const nlohmann::json& character = position.at("character");
  if (!line.is_number_unsigned() || !character.is_number_unsigned()) {
    throw InvalidParams("a position's line and character must be non-negative integers");
  }
  return offset(line.get<std::size_t>(), character.get<std::size_t>());
}

std::string path_from_uri(std::string_view uri) {
  constexpr std::string_view kFile = "file://";
  if (!uri.starts_with(kFile)) return std::string(uri);
  std::string_view rest = uri.substr(kFile.size());
  // file://host/path: keep only the path (a local file has an empty host or "localhost").
  rest = rest.substr(std::min(rest.find('/'), rest.size()));
  std::string path;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (const int byte = rest[i] == '%' && i + 2 < rest.size() ? escaped_byte(&rest[i + 1]) : -1; byte >= 0) {
      path.push_back(static_cast<char>(byte));
      i += 2;
    } else {
      path.push_back(rest[i]);
    }
  }
  return path;
}

nlohmann::json to_lsp_diagnostic(const Diagnostic& d, const TextIndex& index, const std::string& uri) {
  nlohmann::json out = {{"range", index.range(d.offset, d.length)},
                        {"severity", lsp_severity(d.severity)},
                        {"source", "sitemaplint"},
                        {"message", d.message}};
  if (d.rule) {
    out["code"] = d.rule->code;
    out["codeDescription"] = {{"href", rule_docs_url(*d.rule)}};
  }
  if (d.related) {
    out["relatedInformation"] =
        nlohmann::json::array({{{"location", {{"uri", uri}, {"range", index.range(d.related->offset, 0)}}},
                                {"message", d.related->message}}});
  }
  nlohmann::json data = {{"rule", d.rule ? std::string(d.rule->name) : std::string()}};
  if (d.fix) {
    data["fix"] = {{"title", d.fix->description},
                   {"range", index.range(d.fix->offset, d.fix->length)},
                   {"newText", d.fix->replacement}};
  }
  out["data"] = std::move(data);
  return out;
}

nlohmann::json minimal_edit(const TextIndex& before_index, std::string_view after) {
  const std::string_view before = before_index.text();
  std::size_t prefix = 0;
  const std::size_t shorter = std::min(before.size(), after.size());
  while (prefix < shorter && before[prefix] == after[prefix]) ++prefix;
  std::size_t suffix = 0;
  while (suffix < shorter - prefix && before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix]) ++suffix;
  // Never split a UTF-8 sequence: positions must fall on character boundaries.
  auto continuation = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; };
  while (prefix > 0 && prefix < before.size() && continuation(before[prefix])) --prefix;
  while (suffix > 0 && continuation(before[before.size() - suffix])) --suffix;
  return {{"range", before_index.range(prefix, before.size() - suffix - prefix)},
          {"newText", std::string(after.substr(prefix, after.size() - suffix - prefix))}};
}

}  // namespace sitemaplint::lsp
