// The line starts recorded before a parse in place: every position they give, in the text or in a
// copy whose ASCII bytes were overwritten (as pugixml overwrites delimiters, line breaks among
// them, with NULs), is the one counted in the text.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "analysis/line_index.h"
#include "analysis/line_starts.h"
#include "test_support.h"

using namespace sitemaplint;

TEST_CASE("line starts: every position is the one counted in the text, in the text and overwritten") {
  std::vector<std::string> texts;
  for (const auto& path : testing::rule_fixture_files()) texts.push_back(testing::read_file(path.string()));
  // Long enough for the sixty-four-byte steps, with line breaks and letters at their edges, a BOM,
  // ill-formed UTF-8 and a long line.
  std::mt19937 random(7);
  const std::vector<std::string> pieces = {"a",        "abcdefghijklmnopqrstuvwxyz0123456789",
                                           "\n",       "\n\n",
                                           "\xC3\xA9", "\xF0\x9F\x98\x80",
                                           "\xE2\x82", "\xFF",
                                           "\t",       std::string(63, 'x'),
                                           "<url>",    std::string(2000, 'y')};
  for (int n = 0; n < 300; ++n) {
    std::string text = n % 7 == 0 ? "\xEF\xBB\xBF" : "";
    for (int k = static_cast<int>(random() % 120); k > 0; --k) text += pieces[random() % pieces.size()];
    texts.push_back(text);
  }
  std::size_t checked = 0;
  for (const std::string& text : texts) {
    if (text.find('\r') != std::string::npos) continue;  // the next test's
    // A copy with about one ASCII byte in eight a NUL, line breaks too.
    std::string overwritten = text;
    for (char& c : overwritten) {
      if (static_cast<unsigned char>(c) < 0x80 && random() % 8 == 0) c = '\0';
    }
    const LineIndex index(text);
    for (const std::string* copy : {&text, static_cast<const std::string*>(&overwritten)}) {
      const LineStarts lines = LineStarts::of(text);
      REQUIRE(lines.usable());
      // In order, as findings are placed, a few bytes apart. The offsets placed otherwise than
      // the text counts them, if any, are the failure's message.
      std::string wrong;
      for (std::size_t offset = 0; offset <= text.size() + 2; offset += 1 + random() % 5) {
        const Position expected = index.position(offset);
        const std::optional<Position> at = lines.position(*copy, offset);
        if (!at || at->line != expected.line || at->column != expected.column ||
            at->utf16_column != expected.utf16_column) {
          wrong += std::to_string(offset) + " ";
        }
        ++checked;
      }
      CHECK_MESSAGE(wrong.empty(), "misplaced offsets: " << wrong);
    }
  }
  CHECK(checked > 100000);
}

TEST_CASE("line starts: a CR anywhere, in the sixty-four-byte steps or after them, records none") {
  for (const std::size_t at : {0, 5, 63, 64, 100, 200}) {
    CAPTURE(at);
    std::string text(201, 'a');
    text[at] = '\r';
    CHECK_FALSE(LineStarts::of(text).usable());
    CHECK_FALSE(LineStarts::of(text).position(text, 0));
    text[at] = '\n';
    CHECK(LineStarts::of(text).usable());
  }
}

TEST_CASE("line starts: a line break overwritten, the lines after it are still counted") {
  const std::string text = "<urlset\n  xmlns=\"x\">\n<url>\xC3\xA9</url>";
  std::string overwritten = text;
  overwritten[7] = '\0';  // the line break after the name, as pugixml overwrites it
  const LineStarts lines = LineStarts::of(text);
  const std::optional<Position> at = lines.position(overwritten, text.find("</url>"));
  REQUIRE(at);
  CHECK(at->line == 3);
  CHECK(at->column == 7);  // the letter is one column
  CHECK(at->utf16_column == 7);
  CHECK(lines.position(overwritten, 7)->line == 1);
  CHECK(lines.position(overwritten, 8)->line == 2);
}
