#include "report/json_stream.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstring>

#include "analysis/utf8.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sitemaplint {
namespace {

// What a byte of a string needs: nothing (copied with the bytes around it), an escape, or decoding
// (the first byte of a UTF-8 sequence, or a stray one).
enum class ByteKind : std::uint8_t { Plain, Escape, NonAscii };

constexpr std::array<ByteKind, 256> kByteKinds = [] {
  std::array<ByteKind, 256> kinds{};
  for (std::size_t b = 0; b < 256; ++b) {
    if (b < 0x20 || b == '"' || b == '\\') kinds[b] = ByteKind::Escape;
    else if (b >= 0x80) kinds[b] = ByteKind::NonAscii;
    else kinds[b] = ByteKind::Plain;  // 0x7F too: JSON does not ask for it to be escaped
  }
  return kinds;
}();

// The first byte of `text` from `at` on that needs attention (a control character, '"', '\\', or a
// byte from 0x80 on), or text.size(). Most of a report's text needs none, so it is looked at
// sixteen bytes a step: compared as signed bytes, those from 0x80 on are below 0x20 too.
std::size_t next_attention(std::string_view text, std::size_t at) {
  const char* p = text.data();
  const std::size_t n = text.size();
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  for (; at + 16 <= n; at += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
    const __m128i attention = _mm_or_si128(
        _mm_cmplt_epi8(block, space), _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)));
    if (const auto mask = static_cast<unsigned>(_mm_movemask_epi8(attention)); mask != 0) {
      return at + static_cast<std::size_t>(__builtin_ctz(mask));
    }
  }
#endif
  for (; at < n; ++at) {
    if (kByteKinds[static_cast<unsigned char>(p[at])] != ByteKind::Plain) return at;
  }
  return n;
}

// The escape of an ASCII byte of kind Escape: the short forms JSON has, else \u00xx in lowercase
// hex.
std::string_view escape_of(unsigned char c, char (&scratch)[6]) {
  switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\b': return "\\b";
    case '\f': return "\\f";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    default: break;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  scratch[0] = '\\';
  scratch[1] = 'u';
  scratch[2] = '0';
  scratch[3] = '0';
  scratch[4] = kHex[c >> 4];
  scratch[5] = kHex[c & 15];
  return {scratch, 6};
}

}  // namespace

JsonWriter::JsonWriter(std::ostream& out) : out_(out), buffer_(new char[kBufferSize]) { levels_.reserve(16); }

JsonWriter::~JsonWriter() { flush(); }

void JsonWriter::flush() {
  ++flushes_;
  if (used_ == 0) return;
  out_.write(buffer_.get(), static_cast<std::streamsize>(used_));
  used_ = 0;
}

void JsonWriter::put_large(std::string_view bytes) {
  flush();
  if (bytes.size() > kBufferSize) {
    out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return;
  }
  std::memcpy(buffer_.get(), bytes.data(), bytes.size());
  used_ = bytes.size();
}

void JsonWriter::new_line_in_pieces() {
  std::size_t spaces = 2 * levels_.size();
  const std::size_t first = std::min(spaces, kBreakAndSpaces.size() - 1);
  put(kBreakAndSpaces.substr(0, 1 + first));
  for (spaces -= first; spaces > 0;) {  // deeper than the reports go
    const std::size_t n = std::min(spaces, kBreakAndSpaces.size() - 1);
    put(kBreakAndSpaces.substr(1, n));
    spaces -= n;
  }
}

bool JsonWriter::is_plain_name(std::string_view text) {
  return std::none_of(text.begin(), text.end(), [](char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x80;
  });
}

void JsonWriter::key_in_pieces(std::string_view text) {
  put('"');
  escaped(text);
  put("\": ");
}

void JsonWriter::begin(char bracket, bool object) {
  before_value();
  put(bracket);
  levels_.push_back({object, false});
}

void JsonWriter::end(char bracket, bool object) {
  assert(!levels_.empty() && levels_.back().object == object && !after_key_);
  (void)object;
  const bool has_items = levels_.back().has_items;
  levels_.pop_back();
  if (has_items) {
    // The closing bracket on a line of its own, at its opening's indentation; "{}" and "[]" when
    // empty.
    new_line();
  }
  put(bracket);
}

void JsonWriter::begin_object() { begin('{', true); }
void JsonWriter::end_object() { end('}', true); }
void JsonWriter::begin_array() { begin('[', false); }
void JsonWriter::end_array() { end(']', false); }

void JsonWriter::string(std::string_view text) {
  before_value();
  put('"');
  escaped(text);
  put('"');
}

void JsonWriter::boolean(bool value) {
  before_value();
  put(value ? std::string_view("true") : std::string_view("false"));
}

void JsonWriter::escaped(std::string_view text) {
  // Runs of bytes that need nothing (well-formed non-ASCII included) are copied whole.
  std::size_t run = 0;
  for (std::size_t at = next_attention(text, 0); at < text.size(); at = next_attention(text, at)) {
    const auto c = static_cast<unsigned char>(text[at]);
    if (kByteKinds[c] == ByteKind::NonAscii) {
      const std::size_t begin = at;
      if (next_code_point(text, at) >= 0) continue;
      put(text.substr(run, begin - run));
      put(kReplacementCharacter);
      run = at;
    } else {
      put(text.substr(run, at - run));
      char scratch[6];
      put(escape_of(c, scratch));
      run = ++at;
    }
  }
  put(text.substr(run));
}

}  // namespace sitemaplint
