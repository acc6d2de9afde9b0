// A JSON document written as it is produced, straight to a stream, for reports too large to build
// as a tree first (20,000 findings made a tree of a million values whose building and freeing cost
// more than linting). The layout is byte for byte that of nlohmann::json's
// dump(2, ' ', false, error_handler_t::replace), which the reports were written with before: two
// spaces a level, "key": value, [] and {} when empty, \" \\ \b \f \n \r \t and \u00xx for the other
// control characters, everything else as it is, and ill-formed UTF-8 as U+FFFD.
#pragma once

#include <cassert>
#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace sitemaplint {

class JsonWriter {
  struct Level {  // an open container
    bool object;
    bool has_items;
    bool operator==(const Level&) const = default;
  };

 public:
  // A member's name. A string literal is one of the program's own, which needs no escaping (debug
  // builds assert it) and is copied as it stands; any other text is escaped as a string is. A
  // report writes dozens of names a finding, and checking each literal cost a twentieth of a
  // SARIF report's time.
  struct Name {
    template <std::size_t N>
    Name(const char (&literal)[N]) : text(literal, N - 1), literal(true) {}  // NOLINT: implicit on purpose
    Name(std::string_view any) : text(any) {}  // NOLINT
    Name(const std::string& any) : text(any) {}  // NOLINT
    std::string_view text;
    bool literal = false;
  };

  explicit JsonWriter(std::ostream& out);
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;
  // Flushes what is still buffered.
  ~JsonWriter();

  // A value is written where the document expects one: at the top, as an array's next element, or
  // after key() in an object.
  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // The next member's name, in an object; its value follows.
  void key(Name name) {
    assert(!levels_.empty() && levels_.back().object && !after_key_);
    next_item();
    const std::string_view text = name.text;
    if (name.literal && text.size() + 4 <= kBufferSize - used_) {  // in one copy with its quotes and colon
      assert(is_plain_name(text));
      char* at = buffer_.get() + used_;
      at[0] = '"';
      std::memcpy(at + 1, text.data(), text.size());
      std::memcpy(at + 1 + text.size(), "\": ", 3);
      used_ += text.size() + 4;
    } else {
      key_in_pieces(text);
    }
    after_key_ = true;
  }
  void string(std::string_view text);
  void boolean(bool value);
  // An integer, or a boolean as true or false. A char is neither (it would come out as its code).
  template <std::integral T>
  requires(!std::same_as<T, char>) void number(T value) {
    if constexpr (std::same_as<T, bool>) boolean(value);
    else if constexpr (std::is_signed_v<T>) signed_number(value);
    else unsigned_number(value);
  }

  // A member: key(name), then its value. A string literal is a string here, never a boolean.
  void field(Name name, std::string_view text) {
    key(name);
    string(text);
  }
  template <std::integral T>
  requires(!std::same_as<T, char>) void field(Name name, T value) {
    key(name);
    number(value);
  }

  // Writes what is buffered to the stream (the document need not be complete).
  void flush();

  // A stretch of a document that comes out byte for byte the same each time it is written at the
  // same place: the brackets, member names and indentation between a result's values, or a value
  // that repeats (a file's artifactLocation in each of its results). A report makes dozens of
  // such calls a finding, and copying their bytes costs a fraction of making the calls.
  class Stencil {
   private:
    friend class JsonWriter;
    bool kept_ = false;
    bool after_key_before_ = false, after_key_after_ = false;
    std::vector<Level> before_, after_;  // the open containers around the bytes
    std::string bytes_;
  };
  // Writes what `write` writes, which must be the same calls each time it is given `cache`. The
  // first time, the bytes are kept in `cache` with the open containers before and after them;
  // from then on they are copied instead, whenever the containers open are those they were
  // written in (otherwise they are written, and kept, again). Bytes a flush split are not kept.
  template <typename Write>
  void stencil(Stencil& cache, Write&& write) {
    if (cache.kept_ && cache.after_key_before_ == after_key_ && levels_ == cache.before_) {
      put(cache.bytes_);
      levels_ = cache.after_;
      after_key_ = cache.after_key_after_;
      return;
    }
    cache.before_ = levels_;
    cache.after_key_before_ = after_key_;
    const std::size_t start = used_, flushes = flushes_;
    write();
    cache.kept_ = flushes_ == flushes;
    if (!cache.kept_) return;
    cache.bytes_.assign(buffer_.get() + start, used_ - start);
    cache.after_ = levels_;
    cache.after_key_after_ = after_key_;
  }

 private:
  void begin(char bracket, bool object);
  void end(char bracket, bool object);
  // The calls a report makes dozens of times a finding are defined here, so that they are inlined
  // where the report calls them; what they rarely need is out of line.
  // What goes before a value: nothing after a key; else the separator and indentation of the
  // container's next item.
  void before_value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    assert(levels_.empty() || !levels_.back().object);  // a member's value comes after its key
    next_item();
  }
  void next_item() {
    if (levels_.empty()) return;  // the document's one top-level value
    Level& level = levels_.back();
    if (level.has_items) put(',');
    level.has_items = true;
    new_line();
  }
  // A line break, then two spaces for each open container: a copy of fixed size, a few wide
  // moves, of which the part wanted is kept.
  void new_line() {
    const std::size_t spaces = 2 * levels_.size();
    if (spaces < kBreakAndSpaces.size() && kBufferSize - used_ >= kBreakAndSpaces.size()) [[likely]] {
      std::memcpy(buffer_.get() + used_, kBreakAndSpaces.data(), kBreakAndSpaces.size());
      used_ += 1 + spaces;
      return;
    }
    new_line_in_pieces();
  }
  void new_line_in_pieces();
  void signed_number(std::int64_t value) {
    before_value();
    digits(value);
  }
  void unsigned_number(std::uint64_t value) {
    before_value();
    digits(value);
  }
  template <typename Integer>
  void digits(Integer value) {
    if (kBufferSize - used_ < kMaxDigits) flush();
    used_ = static_cast<std::size_t>(std::to_chars(buffer_.get() + used_, buffer_.get() + kBufferSize, value).ptr -
                                     buffer_.get());
  }
  // A key that needs escaping, or more room than the buffer has.
  void key_in_pieces(std::string_view text);
  void escaped(std::string_view text);
  // Small pieces are copied into the buffer here, inline; the rest goes through put_large().
  void put(std::string_view bytes) {
    if (bytes.size() > kBufferSize - used_) return put_large(bytes);
    std::memcpy(buffer_.get() + used_, bytes.data(), bytes.size());
    used_ += bytes.size();
  }
  void put(char c) {
    if (used_ == kBufferSize) flush();
    buffer_[used_++] = c;
  }
  void put_large(std::string_view bytes);
  // Whether a literal name needs no escaping, as literal names are taken to (debug builds check).
  static bool is_plain_name(std::string_view text);

  static constexpr std::size_t kBufferSize = 64 * 1024;
  static constexpr std::size_t kMaxDigits = 20;  // of a 64-bit integer, with its sign
  // A line break and the indentation after it, of which a prefix is copied at once.
  static constexpr std::string_view kBreakAndSpaces =
      "\n                                                                ";
  std::ostream& out_;
  std::unique_ptr<char[]> buffer_;
  std::size_t used_ = 0;
  std::vector<Level> levels_;  // the open containers, outermost first
  bool after_key_ = false;
  std::size_t flushes_ = 0;  // how often the buffer went to the stream: a value cached must not span one
};

}  // namespace sitemaplint
