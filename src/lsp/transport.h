// The language server's wire format: JSON-RPC messages framed by a "Content-Length: N" header
// block (LSP base protocol). Works on any stream so tests can use stringstreams.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

namespace sitemaplint::lsp {

// A message larger than this is refused: the server stops rather than allocating whatever a broken
// or hostile client announces. A 50 MB sitemap (the protocol's limit) still fits after JSON escaping.
inline constexpr std::size_t kMaxMessageBytes = 64u << 20;
// A header block longer than this is garbage, not LSP headers.
inline constexpr std::size_t kMaxHeaderBytes = 8192;

enum class ReadStatus {
  Message,  // *body holds one message
  End,  // end of input (possibly inside a header block or body)
  Fatal,  // oversized message or header block: the server stops rather than allocate it
};

// Reads one framed message. A header block without a usable Content-Length leaves the end of its
// body unknown, so reading skips to the next "Content-Length:" and goes on from there; *error then
// says what was skipped (also with Message). On Fatal, *error says why.
ReadStatus read_message(std::istream& in, std::string* body, std::string* error);

// Writes one framed message and flushes, so the client sees it at once.
void write_message(std::ostream& out, std::string_view body);

}  // namespace sitemaplint::lsp
