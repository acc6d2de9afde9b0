// A JSON document written as it is produced, straight to a stream, for reports too large to build
// as a tree first (20,000 findings made a tree of a million values whose building and freeing cost
// more than linting). The layout is byte for byte that of nlohmann::json's
// dump(2, ' ', false, error_handler_t::replace), which the reports were written with before: two
// spaces a level, "key": value, [] and {} when empty, \" \\ \b \f \n \r \t and \u00xx for the other
// control characters, everything else as it is, and ill-formed UTF-8 as U+FFFD.
#pragma once

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
    Name(std::string_view any) : text(any) {}                                  // NOLINT
    Name(const std::string& any) : text(any) {}                                // NOLINT
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
  void key(Name name);
  void string(std::string_view text);
  void boolean(bool value);
  // An integer, or a boolean as true or false. A char is neither (it would come out as its code).
  template <std::integral T>
    requires(!std::same_as<T, char>)
  void number(T value) {
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
    requires(!std::same_as<T, char>)
  void field(Name name, T value) {
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
  // What goes before a value: nothing after a key; else the separator and indentation of the
  // container's next item.
  void before_value();
  void next_item();
  // A line break, then two spaces for each open container.
  void new_line();
  void signed_number(std::int64_t value);
  void unsigned_number(std::uint64_t value);
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

  static constexpr std::size_t kBufferSize = 64 * 1024;
  std::ostream& out_;
  std::unique_ptr<char[]> buffer_;
  std::size_t used_ = 0;
  std::vector<Level> levels_;  // the open containers, outermost first
  bool after_key_ = false;
  std::size_t flushes_ = 0;  // how often the buffer went to the stream: a value cached must not span one
};

}  // namespace sitemaplint
