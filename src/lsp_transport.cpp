#include "lsp_transport.h"

#include <charconv>

namespace sitemaplint::lsp {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

enum class LineStatus { Ok, End, TooLong };

// One header line without its CRLF (a bare LF is accepted too, as lenient servers do).
LineStatus read_line(std::istream& in, std::string* line, std::size_t budget) {
  line->clear();
  for (;;) {
    const int c = in.get();
    if (c == std::char_traits<char>::eof()) return LineStatus::End;
    if (c == '\n') break;
    if (line->size() >= budget) return LineStatus::TooLong;
    line->push_back(static_cast<char>(c));
  }
  if (!line->empty() && line->back() == '\r') line->pop_back();
  return LineStatus::Ok;
}

}  // namespace

ReadStatus read_message(std::istream& in, std::string* body, std::string* error) {
  std::string line;
  std::size_t header_bytes = 0;
  bool have_length = false;
  bool bad_length = false;
  std::size_t length = 0;
  bool any_header = false;
  for (;;) {
    switch (read_line(in, &line, kMaxHeaderBytes - header_bytes)) {
      case LineStatus::End: return ReadStatus::End;
      case LineStatus::TooLong:
        *error = "header block longer than " + std::to_string(kMaxHeaderBytes) + " bytes";
        return ReadStatus::Fatal;
      case LineStatus::Ok: break;
    }
    header_bytes += line.size() + 2;
    if (line.empty()) {
      // Blank lines between messages are tolerated: only a non-empty block ends with one.
      if (!any_header) continue;
      break;
    }
    any_header = true;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;  // not a header; judged when the block ends
    const std::string_view name = trim(std::string_view(line).substr(0, colon));
    if (!iequals(name, "Content-Length")) continue;  // Content-Type and unknown headers are ignored
    const std::string_view value = trim(std::string_view(line).substr(colon + 1));
    std::size_t parsed = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (ec == std::errc::result_out_of_range && !value.empty() && end == value.data() + value.size()) {
      parsed = kMaxMessageBytes + 1;  // all digits, just too many of them
    } else if (ec != std::errc() || end != value.data() + value.size() || value.empty()) {
      bad_length = true;
      continue;
    }
    have_length = true;
    length = parsed;
  }
  if (!have_length || bad_length) {
    *error = bad_length ? "invalid Content-Length header" : "message without a Content-Length header";
    return ReadStatus::BadHeader;
  }
  if (length > kMaxMessageBytes) {
    *error = "message of " + std::to_string(length) + " bytes exceeds the limit of " +
             std::to_string(kMaxMessageBytes);
    return ReadStatus::Fatal;
  }
  body->resize(length);
  in.read(body->data(), static_cast<std::streamsize>(length));
  if (static_cast<std::size_t>(in.gcount()) != length) return ReadStatus::End;
  return ReadStatus::Message;
}

void write_message(std::ostream& out, std::string_view body) {
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace sitemaplint::lsp
