// The source line under a human-report finding: carets line up in terminal columns on lines with
// CJK, emoji and combining marks, and an underline stops where a cut excerpt stops.
#include <doctest/doctest.h>

#include <unicode/utf8.h>

#include <random>
#include <sstream>
#include <vector>

#include "report/excerpt.h"
#include "report/report.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

TEST_CASE("excerpt: display width of a code point follows East Asian Width") {
  CHECK(display_width('a') == 1);
  CHECK(display_width(0xE9) == 1);  // é
  CHECK(display_width(0x65E5) == 2);  // 日, Wide
  CHECK(display_width(0xFF21) == 2);  // Ａ, Fullwidth
  CHECK(display_width(0x1F600) == 2);  // 😀, Wide
  CHECK(display_width(0x0301) == 0);  // combining acute accent
  CHECK(display_width(0x200D) == 0);  // zero width joiner
  CHECK(display_width(0xFF61) == 1);  // ｡, Halfwidth
}

TEST_CASE("excerpt: the caret column counts terminal columns, not characters") {
  // "ab日本c" is 2 + 4 + 1 = 7 columns wide; the finding is the '&' after it.
  const std::string cjk =
      "ab\xE6\x97\xA5\xE6\x9C\xAC"
      "c&d";
  Excerpt e = make_excerpt(cjk, cjk.find('&'), 1);
  CHECK(e.caret_column == 7);
  CHECK(e.caret_width == 1);
  CHECK(e.text.substr(e.mark_begin, e.mark_end - e.mark_begin) == "&");

  const std::string emoji = "x\xF0\x9F\x98\x80y&";  // x😀y&: 1 + 2 + 1
  CHECK(make_excerpt(emoji, emoji.find('&'), 1).caret_column == 4);

  const std::string combining = "e\xCC\x81x&";  // é written as e + U+0301: 1 + 0 + 1
  CHECK(make_excerpt(combining, combining.find('&'), 1).caret_column == 2);

  // A finding made of wide characters is underlined across both columns of each.
  const std::string wide = "<loc>\xE6\x97\xA5\xE6\x9C\xAC</loc>";
  e = make_excerpt(wide, 5, 6);
  CHECK(e.caret_column == 5);
  CHECK(e.caret_width == 4);
}

TEST_CASE("excerpt: an underline is clipped to the window a long line is cut to") {
  const std::string line = std::string(300, 'a') + std::string(400, 'b');
  const Excerpt e = make_excerpt(line, 300, 400);
  REQUIRE(e.text.ends_with("..."));
  REQUIRE(e.text.starts_with("..."));
  // The window shows 60 characters of the finding: the underline covers those and stops there.
  CHECK(e.caret_width == 60);
  CHECK(e.caret_column + e.caret_width == e.text.size() - 3);
  CHECK(e.text.substr(e.mark_begin, e.mark_end - e.mark_begin) == std::string(60, 'b'));

  // Still at most 80 columns when the window shows more (wide characters): 60 of them are 120.
  std::string wide_line = "<loc>";
  for (int i = 0; i < 100; ++i) wide_line += "\xE6\x97\xA5";
  const Excerpt wide = make_excerpt(wide_line, 5, 300);
  CHECK(wide.caret_width == 80);
}

TEST_CASE("human report: the caret sits under the finding on a line with CJK and emoji") {
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<url><loc>https://example.com/\xE6\x97\xA5\xE6\x9C\xAC\xF0\x9F\x98\x80?a=1&b=2</loc></url>\n"
      "</urlset>\n";
  const std::vector<FileReport> reports{lint_text(text, "s.xml")};
  std::ostringstream out;
  write_human(reports, {}, HumanStyle{false, false}, out);
  const std::string report = out.str();
  // "<url><loc>https://example.com/" is 30 columns, 日本😀 6, "?a=1" 4: the '&' is at column 40.
  const std::string excerpt =
      " 3 | <url><loc>https://example.com/\xE6\x97\xA5\xE6\x9C\xAC\xF0\x9F\x98\x80?a=1&b=2</loc></url>\n";
  const std::string caret = "   | " + std::string(40, ' ') + "^\n";
  CAPTURE(report);
  CHECK(report.find("error[SM301 unescaped-ampersand]") != std::string::npos);
  CHECK(report.find(excerpt + caret) != std::string::npos);
}

TEST_CASE("human report: a finding longer than a cut line's window is underlined only to the cut") {
  // A <loc> of 2,100 characters: loc-too-long underlines the whole value.
  const std::string value = "https://example.com/" + std::string(2100, 'a');
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<url><loc>" +
      value +
      "</loc></url>\n"
      "</urlset>\n";
  const std::vector<FileReport> reports{lint_text(text, "s.xml")};
  std::ostringstream out;
  write_human(reports, {}, HumanStyle{false, false}, out);
  std::istringstream lines(out.str());
  std::string line, previous;
  std::size_t carets = 0;
  while (std::getline(lines, line)) {
    if (previous.find("SM204") != std::string::npos) CHECK(line.ends_with("..."));
    if (line.find('^') != std::string::npos && previous.starts_with(" 3 | ")) {
      ++carets;
      CAPTURE(previous);
      CAPTURE(line);
      // The underline ends no later than the excerpt's text, before its closing "...".
      const std::size_t shown_end = previous.ends_with("...") ? previous.size() - 3 : previous.size();
      CHECK(line.size() <= shown_end);
    }
    previous = line;
  }
  CHECK(carets > 0);
}

TEST_CASE("printable: ASCII text of any length, with a control character anywhere, as a byte-by-byte look gives") {
  // Runs of printable ASCII are taken sixteen bytes a step: every length and position around
  // those steps, with each kind of byte that ends a run.
  for (std::size_t length = 1; length <= 50; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (const char c : std::string("\x01\t\x7F~ A\x1F", 7)) {
        std::string text(length, 'x');
        text[at] = c;
        std::string expected = text;
        expected[at] = c == '\t' ? ' ' : (c == '\x01' || c == '\x7F' || c == '\x1F') ? '?' : c;
        CAPTURE(length);
        CAPTURE(at);
        CHECK(printable(text) == expected);
      }
    }
  }
}

TEST_CASE("excerpt: the window of a long line is sixty code points either side, as U8_NEXT counts them") {
  // The window worked out the plain way: every code point's start listed, then counted.
  const auto starts = [](std::string_view text) {
    std::vector<std::size_t> out;
    const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto length = static_cast<std::int64_t>(text.size());
    for (std::int64_t at = 0; at < length;) {
      out.push_back(static_cast<std::size_t>(at));
      UChar32 c;
      U8_NEXT(data, at, length, c);
    }
    return out;
  };
  const std::vector<std::string> pieces = {"a",    "bc",   "\xC3\xA9", "\xE6\x97\xA5", "\xF0\x9F\x98\x80",
                                           "\xC3", "\x80", "\xE6\x97", "\xFF",         "&amp;"};
  std::mt19937 random(60);
  for (int n = 0; n < 3000; ++n) {
    std::string line;
    for (std::size_t k = 0, count = random() % 200; k < count; ++k) line += pieces[random() % pieces.size()];
    const std::size_t at = line.empty() ? 0 : random() % line.size();
    const std::size_t length = random() % 8;
    CAPTURE(line);
    CAPTURE(at);
    std::size_t begin = at > 240 ? at - 240 : 0;
    while (begin > 0 && begin < at && (static_cast<unsigned char>(line[begin]) & 0xC0) == 0x80) ++begin;
    if (at - begin > 60) {
      const std::vector<std::size_t> before = starts(std::string_view(line).substr(begin, at - begin));
      if (before.size() > 60) begin += before[before.size() - 60];
    }
    const std::size_t tail = std::min(line.size() - at, std::size_t{240});
    std::size_t end = at + tail;
    if (tail > 60) {
      const std::vector<std::size_t> after = starts(std::string_view(line).substr(at, tail));
      if (after.size() > 60) end = at + after[60];
    }
    const std::size_t shown = std::min(length, end - at);
    std::string expected = begin > 0 ? "..." : "";
    append_printable(std::string_view(line).substr(begin, at - begin), expected);
    append_printable(std::string_view(line).substr(at, shown), expected);
    append_printable(std::string_view(line).substr(at + shown, end - at - shown), expected);
    if (end < line.size()) expected += "...";
    CHECK(make_excerpt(line, at, length).text == expected);
  }
}
