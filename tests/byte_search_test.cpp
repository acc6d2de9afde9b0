#include <doctest/doctest.h>

#include <string>

#include "analysis/byte_search.h"

using namespace sitemaplint;

namespace {

std::size_t find_byte_by_byte(const std::string& text, std::size_t from, std::size_t end, std::string_view needle) {
  for (std::size_t i = from; i + 3 <= end; ++i) {
    if (text.compare(i, 3, needle) == 0) return i;
  }
  return std::string_view::npos;
}

}  // namespace

TEST_CASE("three bytes are found where a byte-by-byte search finds them, at any place in blocks of sixteen") {
  // A percent-encoded text, full of the needle's first byte, with "%25" at every position of
  // texts up to 48 bytes, searched from every start and up to every end.
  for (std::size_t length = 3; length <= 48; ++length) {
    for (std::size_t at = 0; at + 3 <= length; ++at) {
      std::string text;
      while (text.size() < length) text += "%E5";
      text.resize(length);
      text.replace(at, 3, "%25");
      for (std::size_t from = 0; from <= length; from += 5) {
        for (std::size_t end = from; end <= length; end += 3) {
          CAPTURE(length);
          CAPTURE(at);
          CAPTURE(from);
          CAPTURE(end);
          CHECK(find_three_bytes(text, from, end, "%25") == find_byte_by_byte(text, from, end, "%25"));
        }
      }
    }
  }
  CHECK(find_three_bytes("%2%2%2", 0, 6, "%25") == std::string_view::npos);
  CHECK(find_three_bytes("", 0, 0, "%25") == std::string_view::npos);
}
