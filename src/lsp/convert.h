// Conversions between sitemaplint's findings (byte offsets into UTF-8 text) and LSP JSON: positions
// in the negotiated encoding, diagnostics, text edits, file URIs.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "analysis/line_index.h"

namespace sitemaplint::lsp {

// Params of the wrong shape (besides what nlohmann::json's own exceptions catch): -32602.
struct InvalidParams : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What an LSP "character" counts: UTF-8 bytes or UTF-16 code units (the protocol's default).
enum class PositionEncoding { Utf8, Utf16 };

std::string_view encoding_name(PositionEncoding encoding);

// A document's text with its line index, for converting positions in both directions.
class TextIndex {
 public:
  TextIndex(std::string_view text, PositionEncoding encoding);

  // {"line", "character"}, 0-based, of the byte offset.
  nlohmann::json position(std::size_t offset) const;
  nlohmann::json range(std::size_t offset, std::size_t length) const;
  // The byte offset of an LSP position; a character past the end of its line means the line's end
  // and a line past the last means the end of the text, as the protocol asks.
  std::size_t offset(std::size_t line, std::size_t character) const;
  // The same for an LSP Position object; throws InvalidParams unless line and character are
  // non-negative integers (a negative or fractional number must not wrap around).
  std::size_t offset(const nlohmann::json& position) const;
  std::string_view text() const { return text_; }

 private:
  std::string_view text_;
  PositionEncoding encoding_;
  LineIndex lines_;
};

// "file:///a%20b/sitemap.xml" -> "/a b/sitemap.xml". Another scheme (untitled:, ...) is returned
// unchanged: it still names the document, and only its extension matters to the linter.
std::string path_from_uri(std::string_view uri);

// The LSP Diagnostic for a finding; `data` carries the finding's fix for code actions.
nlohmann::json to_lsp_diagnostic(const Diagnostic& d, const TextIndex& index, const std::string& uri);

// A TextEdit turning `before` into `after`, replacing only the part between their common prefix
// and suffix so editors keep the cursor and folds elsewhere.
nlohmann::json minimal_edit(const TextIndex& before_index, std::string_view after);

}  // namespace sitemaplint::lsp
