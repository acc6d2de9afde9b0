#include "report/json_stream.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstring>

#include "report/utf8.h"

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

// Indentation comes from this many spaces at a time.
constexpr std::string_view kSpaces = "                                                                ";

}  // namespace

JsonWriter::JsonWriter(std::ostream& out) : out_(out), buffer_(new char[kBufferSize]) { levels_.reserve(16); }

JsonWriter::~JsonWriter() { flush(); }

void JsonWriter::flush() {
  if (used_ == 0) return;
  out_.write(buffer_.get(), static_cast<std::streamsize>(used_));
  used_ = 0;
}

void JsonWriter::put(std::string_view bytes) {
  if (bytes.size() > kBufferSize - used_) {
    flush();
    if (bytes.size() > kBufferSize) {
      out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      return;
    }
  }
  std::memcpy(buffer_.get() + used_, bytes.data(), bytes.size());
  used_ += bytes.size();
}

void JsonWriter::indent() {
  for (std::size_t spaces = 2 * levels_.size(); spaces > 0;) {
    const std::size_t n = std::min(spaces, kSpaces.size());
    put(kSpaces.substr(0, n));
    spaces -= n;
  }
}

void JsonWriter::next_item() {
  if (levels_.empty()) return;  // the document's one top-level value
  Level& level = levels_.back();
  put(level.has_items ? std::string_view(",\n") : std::string_view("\n"));
  level.has_items = true;
  indent();
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  assert(levels_.empty() || !levels_.back().object);  // a member's value comes after its key
  next_item();
}

void JsonWriter::key(std::string_view name) {
  assert(!levels_.empty() && levels_.back().object && !after_key_);
  next_item();
  put('"');
  escaped(name);
  put("\": ");
  after_key_ = true;
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
    put('\n');
    indent();
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

void JsonWriter::signed_number(std::int64_t value) {
  before_value();
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  put(std::string_view(digits, static_cast<std::size_t>(result.ptr - digits)));
}

void JsonWriter::unsigned_number(std::uint64_t value) {
  before_value();
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  put(std::string_view(digits, static_cast<std::size_t>(result.ptr - digits)));
}

void JsonWriter::escaped(std::string_view text) {
  // Runs of bytes that need nothing (well-formed non-ASCII included) are copied whole.
  std::size_t run = 0;
  for (std::size_t at = 0; at < text.size();) {
    const auto c = static_cast<unsigned char>(text[at]);
    switch (kByteKinds[c]) {
      case ByteKind::Plain: ++at; break;
      case ByteKind::NonAscii: {
        const std::size_t begin = at;
        if (next_code_point(text, at) >= 0) break;
        put(text.substr(run, begin - run));
        put(kReplacementCharacter);
        run = at;
        break;
      }
      case ByteKind::Escape: {
        put(text.substr(run, at - run));
        char scratch[6];
        put(escape_of(c, scratch));
        run = ++at;
        break;
      }
    }
  }
  put(text.substr(run));
}

}  // namespace sitemaplint
