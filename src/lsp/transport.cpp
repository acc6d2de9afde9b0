#include "lsp/transport.h"

#include <charconv>
#include <utility>

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

// What one header block said.
struct HeaderBlock {
  ReadStatus status = ReadStatus::Message;  // Message: `length` is usable; End; Fatal
  std::size_t length = 0;
  std::string problem;  // non-empty: the block had no usable Content-Length (and the status is Message)
};

// Reads a header block up to its blank line. `first` is a header line's beginning already read
// while resynchronising (empty otherwise).
HeaderBlock read_header_block(std::istream& in, std::string first, std::string* error) {
  HeaderBlock block;
  std::string line;
  std::size_t header_bytes = first.size();
  bool have_length = false;
  bool any_header = false;
  for (;;) {
    switch (read_line(in, &line, kMaxHeaderBytes - header_bytes)) {
      case LineStatus::End: block.status = ReadStatus::End; return block;
      case LineStatus::TooLong:
        *error = "header block longer than " + std::to_string(kMaxHeaderBytes) + " bytes";
        block.status = ReadStatus::Fatal;
        return block;
      case LineStatus::Ok: break;
    }
    line = std::exchange(first, std::string()) + line;
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
    const bool all_digits = !value.empty() && end == value.data() + value.size();
    if (all_digits && (ec == std::errc::result_out_of_range || parsed > kMaxMessageBytes)) {
      *error = "Content-Length " + std::string(value.substr(0, 40)) + (value.size() > 40 ? "..." : "") +
               " exceeds the limit of " + std::to_string(kMaxMessageBytes) + " bytes";
      block.status = ReadStatus::Fatal;
      return block;
    }
    if (ec != std::errc() || !all_digits) {
      block.problem = "invalid Content-Length header '" + std::string(value.substr(0, 40)) + "'";
      continue;
    }
    have_length = true;
    block.length = parsed;
  }
  if (!have_length && block.problem.empty()) block.problem = "message without a Content-Length header";
  if (have_length && !block.problem.empty()) block.problem.clear();  // a later valid header wins
  return block;
}

// After a header block without a usable length, the body's end is unknown: skips to the next
// "Content-Length:" (any case), which starts the next message. False at the end of input.
bool skip_to_next_header(std::istream& in, std::string* found) {
  static constexpr std::string_view kHeader = "content-length:";
  std::size_t matched = 0;
  for (;;) {
    const int c = in.get();
    if (c == std::char_traits<char>::eof()) return false;
    const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c);
    matched = lower == kHeader[matched] ? matched + 1 : (lower == kHeader[0] ? 1 : 0);
    if (matched == kHeader.size()) {
      *found = "Content-Length:";
      return true;
    }
  }
}

}  // namespace

ReadStatus read_message(std::istream& in, std::string* body, std::string* error) {
  error->clear();
  std::string first;
  std::size_t skipped = 0;
  std::string first_problem;
  for (;;) {
    HeaderBlock block = read_header_block(in, std::move(first), error);
    first.clear();
    if (block.status != ReadStatus::Message) {
      if (block.status == ReadStatus::End && skipped > 0 && error->empty()) *error = first_problem;
      return block.status;
    }
    if (block.problem.empty()) {
      body->resize(block.length);
      in.read(body->data(), static_cast<std::streamsize>(block.length));
      if (static_cast<std::size_t>(in.gcount()) != block.length) return ReadStatus::End;
      if (skipped > 0) {
        *error = "skipped " + std::to_string(skipped) + " malformed message" + (skipped == 1 ? "" : "s") +
                 " before this one (" + first_problem + ")";
      }
      return ReadStatus::Message;
    }
    if (skipped++ == 0) first_problem = block.problem;
    if (!skip_to_next_header(in, &first)) {
      *error = first_problem;
      return ReadStatus::End;
    }
  }
}

void write_message(std::ostream& out, std::string_view body) {
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace sitemaplint::lsp
