// The language server's framing (Content-Length headers on a byte stream) and its position
// conversions between byte offsets and LSP positions in UTF-8 and UTF-16.
#include <doctest/doctest.h>

#include <sstream>

#include "lsp/convert.h"
#include "lsp/transport.h"

using namespace sitemaplint::lsp;

namespace {

struct Read {
  ReadStatus status;
  std::string body;
  std::string error;
};

Read read_one(std::istream& in) {
  Read r;
  r.status = read_message(in, &r.body, &r.error);
  return r;
}

}  // namespace

TEST_CASE("lsp framing: messages back to back, header case and extra headers, blank lines between") {
  std::istringstream in(
      "Content-Length: 2\r\n\r\n{}"
      "content-length:  7 \r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1,2,3]"
      "\r\nContent-Length: 3\n\n\"x\"");
  Read r = read_one(in);
  CHECK(r.status == ReadStatus::Message);
  CHECK(r.body == "{}");
  r = read_one(in);
  CHECK(r.status == ReadStatus::Message);
  CHECK(r.body == "[1,2,3]");
  r = read_one(in);
  CHECK(r.status == ReadStatus::Message);
  CHECK(r.body == "\"x\"");
  CHECK(read_one(in).status == ReadStatus::End);
}

TEST_CASE("lsp framing: end of input inside a header block or a body is the end, not a hang") {
  std::istringstream partial_header("Content-Len");
  CHECK(read_one(partial_header).status == ReadStatus::End);
  std::istringstream no_blank_line("Content-Length: 2\r\n");
  CHECK(read_one(no_blank_line).status == ReadStatus::End);
  std::istringstream short_body("Content-Length: 10\r\n\r\n{\"a\":");
  CHECK(read_one(short_body).status == ReadStatus::End);
  std::istringstream empty("");
  CHECK(read_one(empty).status == ReadStatus::End);
}

TEST_CASE("lsp framing: a message without a usable Content-Length is skipped up to the next header") {
  // The bodies of the bad messages cannot be measured: reading resumes at the next Content-Length.
  std::istringstream in(
      "Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"$/ping\"}"
      "Content-Length: twelve\r\n\r\n{\"id\":1}"
      "CONTENT-LENGTH: -4\r\n\r\n"
      "Content-Length: 2\r\n\r\n{}"
      "Content-Length: 3\r\n\r\n[1]");
  Read r = read_one(in);
  CHECK(r.status == ReadStatus::Message);
  CHECK(r.body == "{}");
  CHECK(r.error == "skipped 3 malformed messages before this one (message without a Content-Length header)");
  r = read_one(in);
  CHECK(r.status == ReadStatus::Message);
  CHECK(r.body == "[1]");
  CHECK(r.error.empty());
  CHECK(read_one(in).status == ReadStatus::End);

  std::istringstream invalid_then_end("Content-Length: +40\r\n\r\n{\"id\":1}");
  r = read_one(invalid_then_end);
  CHECK(r.status == ReadStatus::End);
  CHECK(r.error == "invalid Content-Length header '+40'");
}

TEST_CASE("lsp framing: an oversized message or header block is fatal before anything is allocated") {
  std::istringstream huge("Content-Length: 67108865\r\n\r\n{}");
  Read r = read_one(huge);
  CHECK(r.status == ReadStatus::Fatal);
  CHECK(r.error == "Content-Length 67108865 exceeds the limit of 67108864 bytes");
  CHECK(r.body.empty());
  std::istringstream absurd("Content-Length: 99999999999999999999999999\r\n\r\n");
  r = read_one(absurd);
  CHECK(r.status == ReadStatus::Fatal);
  CHECK(r.error == "Content-Length 99999999999999999999999999 exceeds the limit of 67108864 bytes");
  std::istringstream endless_header(std::string(100000, 'x'));
  r = read_one(endless_header);
  CHECK(r.status == ReadStatus::Fatal);
  CHECK(r.error == "header block longer than 8192 bytes");
}

TEST_CASE("lsp framing: write_message frames with the byte length, not the character count") {
  std::ostringstream out;
  write_message(out, "{\"s\":\"é\"}");
  CHECK(out.str() == "Content-Length: 10\r\n\r\n{\"s\":\"é\"}");
}

TEST_CASE("lsp positions: UTF-8 counts bytes, UTF-16 counts code units (an astral character is two)") {
  // Line 0: "aé😀b" (bytes: a=0, é=1..2, 😀=3..6, b=7); line 1 after CRLF: "x".
  const std::string text =
      "a\xC3\xA9\xF0\x9F\x98\x80"
      "b\r\nx";
  const TextIndex utf8(text, PositionEncoding::Utf8);
  const TextIndex utf16(text, PositionEncoding::Utf16);
  using nlohmann::json;
  CHECK(utf8.position(7) == json({{"line", 0}, {"character", 7}}));
  CHECK(utf16.position(7) == json({{"line", 0}, {"character", 4}}));
  CHECK(utf8.position(3) == json({{"line", 0}, {"character", 3}}));
  CHECK(utf16.position(3) == json({{"line", 0}, {"character", 2}}));
  CHECK(utf8.position(10) == json({{"line", 1}, {"character", 0}}));
  CHECK(utf16.range(1, 6) ==
        json({{"start", {{"line", 0}, {"character", 1}}}, {"end", {{"line", 0}, {"character", 4}}}}));
  CHECK(utf16.position(999) == json({{"line", 1}, {"character", 1}}));  // clamped to the end

  CHECK(utf8.offset(0, 7) == 7);
  CHECK(utf16.offset(0, 4) == 7);
  CHECK(utf16.offset(0, 2) == 3);
  CHECK(utf16.offset(0, 3) == 3);  // inside the surrogate pair: the character's start
  CHECK(utf8.offset(0, 5) == 3);  // inside the 4-byte sequence: the character's start
  CHECK(utf8.offset(0, 50) == 8);  // past the line's end: the end of the line, before CRLF
  CHECK(utf16.offset(0, 50) == 8);
  CHECK(utf16.offset(1, 1) == 11);
  CHECK(utf16.offset(7, 0) == text.size());  // past the last line: the end of the text
}

TEST_CASE("lsp positions: a byte order mark kept in the text counts as a character") {
  const std::string text = "\xEF\xBB\xBF<a/>";
  CHECK(TextIndex(text, PositionEncoding::Utf16).position(4) == nlohmann::json({{"line", 0}, {"character", 2}}));
  CHECK(TextIndex(text, PositionEncoding::Utf8).position(4) == nlohmann::json({{"line", 0}, {"character", 4}}));
}

TEST_CASE("lsp uris: file URIs become percent-decoded paths, other schemes stay as they are") {
  CHECK(path_from_uri("file:///home/me/site%20map/sitemap%C3%A9.xml") == "/home/me/site map/sitemap\xC3\xA9.xml");
  CHECK(path_from_uri("file://localhost/srv/sitemap.xml.gz") == "/srv/sitemap.xml.gz");
  CHECK(path_from_uri("file:///bad%zz%4") == "/bad%zz%4");
  CHECK(path_from_uri("untitled:Untitled-1") == "untitled:Untitled-1");
}

TEST_CASE("lsp edits: the minimal edit replaces only what differs, on character boundaries") {
  const std::string before = "<loc>\xC3\xA9</loc>";
  const TextIndex index(before, PositionEncoding::Utf16);
  // é (C3 A9) -> è (C3 A8): the common C3 byte must not split the character.
  CHECK(
      minimal_edit(index, "<loc>\xC3\xA8</loc>") ==
      nlohmann::json({{"range", {{"start", {{"line", 0}, {"character", 5}}}, {"end", {{"line", 0}, {"character", 6}}}}},
                      {"newText", "\xC3\xA8"}}));
  CHECK(minimal_edit(index, before)["newText"] == "");
  CHECK(minimal_edit(index, "<loc>\xC3\xA9&amp;</loc>")["range"]["start"] ==
        nlohmann::json({{"line", 0}, {"character", 6}}));
}
