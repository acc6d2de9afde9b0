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

namespace {

// The pre-scan of `text` with `threads` threads: its findings and where lines start, in words a
// test can compare.
std::vector<std::string> scanned(const std::string& text, unsigned threads) {
  EncodingFacts facts;
  if (text.starts_with("\xEF\xBB\xBF")) facts.bom_length = 3;
  LineStarts lines;
  scan_characters(text, facts, &lines, threads);
  std::vector<std::string> out;
  for (const ByteFinding& f : facts.invalid_utf8)
    out.push_back("utf8 " + std::to_string(f.offset) + "+" + std::to_string(f.length) + " " + f.message);
  for (const ByteFinding& f : facts.invalid_characters)
    out.push_back("char " + std::to_string(f.offset) + "+" + std::to_string(f.length) + " " + f.message);
  out.push_back(lines.usable() ? "lines usable" : "lines not usable");
  out.push_back(facts.crlf_lines ? "crlf" : "lf");
  if (lines.usable()) {
    for (std::size_t at = 0; at <= text.size(); at += 997) {
      const auto p = lines.position(text, at);
      out.push_back(std::to_string(at) + " " + std::to_string(p->line) + ":" + std::to_string(p->column));
    }
    const auto end = lines.position(text, text.size());
    out.push_back("end " + std::to_string(end->line) + ":" + std::to_string(end->column));
  }
  return out;
}

}  // namespace

TEST_CASE("the pre-scan in two halves finds what one scan finds, wherever the middle falls") {
  // Texts of 5 MB (a scan in two starts at 4 MiB): the middle in a line, in a character of several
  // bytes, in an ill-formed sequence, in a line of megabytes; findings in both halves, more than
  // the cap in the first; a CR in the second half only.
  const std::size_t size = std::size_t{5} << 20;
  const auto lines_of = [&](const std::string& line) {
    std::string text;
    while (text.size() < size) text += line;
    return text;
  };
  std::vector<std::string> texts;
  texts.push_back(lines_of("  <loc>https://example.com/caf\xC3\xA9-\xF0\x9F\x98\x80</loc>\n"));
  texts.push_back("\xEF\xBB\xBF" + lines_of("<url>\xFF\x01 \xE2\x82 text</url>\n"));  // findings past the cap
  std::string one_line(size, 'x');
  for (std::size_t at = size / 2 - 8; at < size / 2 + 8; at += 4) one_line.replace(at, 4, "\xF0\x9F\x98\x80");
  texts.push_back(one_line);
  for (int shift = 0; shift < 4; ++shift) {
    std::string cut(size, 'y');
    cut.replace(size / 2 - 1 + shift, 3, "\xE2\x82\xAC");
    cut.replace(size / 2 + 5, 2, "\xC3(");  // an incomplete sequence just after the middle
    cut[size / 2 + 4000] = '\n';
    texts.push_back(cut);
  }
  std::string continuations(size, 'z');
  for (std::size_t at = size / 2 - 16; at < size / 2 + 16; ++at) continuations[at] = '\x80';
  texts.push_back(continuations);
  std::string late_cr = lines_of("<url>a</url>\n");
  late_cr[size - 100] = '\r';
  texts.push_back(late_cr);
  std::string windows = lines_of("<url>b</url>\r\n");
  texts.push_back(windows);
  for (const std::string& text : texts) {
    CAPTURE(text.substr(0, 40));
    const std::vector<std::string> whole = scanned(text, 1), halves = scanned(text, 2);
    if (text.find('\r') == std::string::npos) CHECK(whole.size() > 3);  // findings, or positions
    else CHECK(whole.front() == "lines not usable");
    CHECK(whole == halves);
  }
}
