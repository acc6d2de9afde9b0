#include <doctest/doctest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "analysis/line_index.h"
#include "test_support.h"

using sitemaplint::LineIndex;
using sitemaplint::Position;
using sitemaplint::positions_in_order;
using sitemaplint::short_line_at;
namespace testing = sitemaplint::testing;

TEST_CASE("line index: LF, CRLF and lone CR all end a line") {
  const LineIndex index("ab\ncd\r\nef\rgh");
  CHECK(index.line_count() == 4);
  CHECK(index.position(0).line == 1);
  CHECK(index.position(3).line == 2);
  CHECK(index.position(3).column == 1);
  CHECK(index.position(7).line == 3);
  CHECK(index.position(10).line == 4);
  CHECK(index.position(11).column == 2);
  CHECK(index.line_text(2) == "cd");
  CHECK(index.line_text(3) == "ef");
  CHECK(index.line_text(4) == "gh");
  CHECK(index.line_text(5).empty());
}

TEST_CASE("line index: columns count code points, UTF-16 columns count surrogate pairs") {
  // "é" is 2 bytes, "日" 3 bytes, "😀" 4 bytes (a surrogate pair in UTF-16).
  const std::string text = "\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80x";
  const LineIndex index(text);
  const auto at_x = index.position(text.size() - 1);
  CHECK(at_x.column == 4);
  CHECK(at_x.utf16_column == 5);
}

TEST_CASE("line index: out-of-order queries after a cached one are still exact") {
  const LineIndex index("abcdef\nxyz");
  CHECK(index.position(5).column == 6);
  CHECK(index.position(2).column == 3);  // before the cached offset: recounted from the line start
  CHECK(index.position(8).line == 2);
  CHECK(index.position(8).column == 2);
  CHECK(index.position(100).line == 2);  // clamped to the end of the text
}

TEST_CASE("line index: empty input and trailing newline") {
  CHECK(LineIndex("").position(0).line == 1);
  const LineIndex index("a\n");
  CHECK(index.line_count() == 2);
  CHECK(index.position(2).line == 2);
}

TEST_CASE("LineIndex: on a long line, positions asked in any order equal those counted from the start") {
  std::string line;
  for (int i = 0; i < 20'000; ++i) {
    line += (i % 7 == 0) ? "\xC3\xA9" : (i % 11 == 0) ? "\xF0\x9F\x98\x80" : (i % 13 == 0) ? "\xFF" : "ab";
  }
  const std::string text = "first\n" + line + "\nlast";
  const LineIndex index(text);
  // What a fresh index says for each offset is the truth: it counts from the line's start.
  std::vector<std::size_t> offsets;
  for (std::size_t o = 0; o < text.size(); o += 997) offsets.push_back(o);
  std::vector<sitemaplint::Position> expected;
  for (std::size_t o : offsets) expected.push_back(LineIndex(text).position(o));
  for (std::size_t k = offsets.size(); k-- > 0;) {  // backwards: every answer uses a checkpoint
    const sitemaplint::Position p = index.position(offsets[k]);
    CHECK(p.line == expected[k].line);
    CHECK(p.column == expected[k].column);
    CHECK(p.utf16_column == expected[k].utf16_column);
  }
}

TEST_CASE("LineIndex: positions asked forwards, near and far, and backwards equal those counted by hand") {
  // Lines of every length from 0 to 40 code points, ASCII with a few 2- and 4-byte characters.
  std::string text;
  for (int line = 0; line < 3000; ++line) {
    for (int i = 0; i < line % 41; ++i) text += (i % 9 == 4) ? "\xC3\xA9" : (i % 17 == 8) ? "\xF0\x9F\x98\x80" : "x";
    text += '\n';
  }
  // The truth: line breaks before the offset, code points (and UTF-16 units) since the last one.
  const auto by_hand = [&](std::size_t offset) {
    sitemaplint::Position p;
    for (std::size_t i = 0; i < offset; ++i) {
      const auto byte = static_cast<unsigned char>(text[i]);
      if (byte == '\n') p = {p.line + 1, 1, 1};
      else if ((byte & 0xC0) != 0x80) ++p.column, p.utf16_column += byte >= 0xF0 ? 2 : 1;
    }
    return p;
  };
  std::mt19937 random(7);
  std::uniform_int_distribution<std::size_t> near(0, 60), far(0, 20000);
  std::vector<std::size_t> offsets;
  for (std::size_t at = 0; at < text.size(); at += (offsets.size() % 10 == 0 ? far(random) : near(random))) {
    offsets.push_back(at);
  }
  offsets.push_back(text.size());
  for (std::size_t k = 0; k < 50; ++k) offsets.push_back(offsets[k * 7 % offsets.size()]);  // backwards too
  const LineIndex index(text);
  for (std::size_t offset : offsets) {
    // At a character's start (inside one, a truncated sequence counts as a character of its own).
    std::size_t at = offset;
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
    CAPTURE(at);
    const sitemaplint::Position p = index.position(at), truth = by_hand(at);
    CHECK(p.line == truth.line);
    CHECK(p.column == truth.column);
    CHECK(p.utf16_column == truth.utf16_column);
  }
}

namespace {

// The line starts of `text`, found the plain way: after each LF, CRLF or lone CR.
std::vector<std::size_t> naive_line_starts(const std::string& text) {
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    if (text[i] == '\n' || text[i] == '\r') starts.push_back(i + 1);
  }
  return starts;
}

}  // namespace

TEST_CASE("line index: found lazily, the lines are those of a plain split, however the questions come") {
  // Line breaks of every kind, CRs sparse and beyond the index's 64 KiB search chunk, a CR at the end.
  std::string text;
  unsigned seed = 7;
  for (int i = 0; i < 30'000; ++i) {
    seed = seed * 1103515245u + 12345u;
    text += std::string(1 + seed % 9, 'x');
    const unsigned kind = (seed >> 8) % 100;
    text += kind == 0 ? "\r" : kind == 1 ? "\r\n" : "\n";
  }
  text += "tail\r";
  const std::vector<std::size_t> starts = naive_line_starts(text);

  // Lines asked for from the end first, then positions from the start, then the count.
  const LineIndex backwards(text);
  CHECK(backwards.line_start(starts.size()) == starts.back());
  for (std::size_t line = starts.size(); line > starts.size() - 50; --line) {
    CHECK(backwards.line_start(line) == starts[line - 1]);
  }
  const LineIndex forwards(text);
  for (std::size_t line = 1; line <= starts.size(); line += 97) {
    const sitemaplint::Position at = forwards.position(starts[line - 1]);
    CHECK(at.line == line);
    CHECK(at.column == 1);
  }
  CHECK(forwards.line_text(3) == text.substr(starts[2], starts[3] - starts[2] - (text[starts[3] - 2] == '\r' ? 2 : 1)));
  CHECK(forwards.line_count() == starts.size());
  CHECK(LineIndex(text).line_count() == starts.size());
}

TEST_CASE("positions in order: what LineIndex::position gives, for every fixture and texts made to break it") {
  // Offsets in ascending order (with repeats and the end), in every fixture and in generated text
  // with LF, CRLF, lone CR, a BOM, non-ASCII and ill-formed bytes, long and empty lines.
  std::vector<std::string> texts;
  for (const auto& path : testing::rule_fixture_files()) texts.push_back(testing::read_file(path.string()));
  std::mt19937 random(99);
  const std::vector<std::string> pieces = {"a",
                                           "abcdefghijklmnopqrstuvwxyz0123456789",
                                           "\n",
                                           "\r\n",
                                           "\r",
                                           "\xC3\xA9",
                                           "\xF0\x9F\x98\x80",
                                           "\xE2\x82",
                                           "\xFF",
                                           "\t",
                                           std::string(40, 'x')};
  for (int n = 0; n < 300; ++n) {
    std::string text = n % 5 == 0 ? "\xEF\xBB\xBF" : "";
    for (int k = static_cast<int>(random() % 60); k > 0; --k) text += pieces[random() % pieces.size()];
    texts.push_back(text);
  }
  for (std::size_t t = 0; t < texts.size(); ++t) {
    const std::string& text = texts[t];
    std::vector<std::size_t> offsets;
    // Where characters start (or past a byte that cannot continue one): findings are placed there,
    // a few bytes apart or (every other text) a few hundred, across the search's larger steps.
    const std::size_t spread = t % 2 == 0 ? 7 : 300;
    for (std::size_t i = 0; i <= text.size(); i += 1 + random() % spread) {
      if (i == text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) offsets.push_back(i);
    }
    offsets.push_back(text.size());
    offsets.push_back(text.size() + 5);  // past the end: the end
    const std::vector<Position> in_order = positions_in_order(text, offsets);
    const LineIndex index(text);
    REQUIRE(in_order.size() == offsets.size());
    for (std::size_t i = 0; i < offsets.size(); ++i) {
      const Position expected = index.position(offsets[i]);
      CAPTURE(offsets[i]);
      CHECK(in_order[i].line == expected.line);
      CHECK(in_order[i].column == expected.column);
      CHECK(in_order[i].utf16_column == expected.utf16_column);
    }
  }
}

TEST_CASE("short line at: the line LineIndex::line_text gives for any offset, or nothing past the reach") {
  std::vector<std::string> texts = {
      "",
      "a",
      "\n",
      "ab\ncd",
      "ab\r\ncd\r\n",
      "ab\rcd\r",
      "\r\n\r\n\n\r",
      "one\n\ntwo\r\rthree\r\n",
      "<urlset>\n  <url><loc>https://example.com/a-long-enough-line</loc></url>\n</urlset>\n"};
  // Lines of up to 50 bytes, ended by LF, CR or CRLF: the search looks at sixteen bytes a step, so
  // breaks fall at every place of a step, and before and after one.
  std::mt19937 random(7);
  for (int t = 0; t < 4; ++t) {
    std::string text;
    while (text.size() < 400) {
      text.append(random() % 51, 'x');
      text += std::array<const char*, 3>{"\n", "\r", "\r\n"}[random() % 3];
    }
    texts.push_back(text);
  }
  for (const std::string& text : texts) {
    const LineIndex index(text);
    for (std::size_t offset = 0; offset <= text.size(); ++offset) {
      const std::string_view expected = index.line_text(index.position(offset).line);
      for (const std::size_t reach : {std::size_t{1}, std::size_t{3}, std::size_t{8}, std::size_t{16}, std::size_t{17},
                                      std::size_t{40}, std::size_t{4096}}) {
        CAPTURE(text);
        CAPTURE(offset);
        CAPTURE(reach);
        const std::optional<std::string_view> line = short_line_at(text, offset, reach);
        const auto line_begin = static_cast<std::size_t>(expected.data() - text.data());
        // Found when the line's ends are within reach of the offset (its break, if any, just past).
        const bool within = offset - std::min(offset, line_begin) <= reach &&
                            line_begin + expected.size() - std::min(offset, line_begin + expected.size()) <= reach;
        if (line) {
          CHECK(line->data() == expected.data());
          CHECK(line->size() == expected.size());
        } else {
          CHECK_FALSE(within);
        }
        if (reach == 4096) CHECK(line.has_value());
      }
    }
  }
}
