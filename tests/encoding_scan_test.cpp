#include <doctest/doctest.h>

#include <string>

#include "analysis/encoding_scan.h"

using namespace sitemaplint;

TEST_CASE("encoding scan: BOMs") {
  CHECK(scan_encoding("\xEF\xBB\xBF<a/>").bom_length == 3);
  const EncodingFacts utf16 = scan_encoding(std::string("\xFF\xFE<\0a\0", 6));
  REQUIRE(utf16.foreign_encoding);
  CHECK(utf16.foreign_encoding_is_fatal);
  CHECK(utf16.foreign_encoding->message.find("UTF-16LE") != std::string::npos);
  CHECK(scan_encoding(std::string("\0\0\xFE\xFF", 4)).foreign_encoding_is_fatal);
}

TEST_CASE("encoding scan: declared encodings") {
  const EncodingFacts latin1 = scan_encoding("<?xml version=\"1.0\" encoding='ISO-8859-1'?><a/>");
  CHECK(latin1.has_declaration);
  REQUIRE(latin1.foreign_encoding);
  CHECK_FALSE(latin1.foreign_encoding_is_fatal);
  CHECK(latin1.foreign_encoding->offset == 30);
  CHECK(latin1.foreign_encoding->length == 10);
  CHECK_FALSE(scan_encoding("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>").foreign_encoding);
  CHECK_FALSE(scan_encoding("<?xml version=\"1.0\"?><a/>").foreign_encoding);
  CHECK_FALSE(scan_encoding("<?xml-stylesheet href=\"a.xsl\"?><a/>").has_declaration);
}

TEST_CASE("encoding scan: invalid UTF-8 is one finding per bad sequence, at its offset") {
  const EncodingFacts facts = scan_encoding("ok \xE9 \xE2\x82 \xC0\xAF \xED\xA0\x80 \xF4\x90\x80\x80 end");
  REQUIRE(facts.invalid_utf8.size() == 6);
  CHECK(facts.invalid_utf8[0].offset == 3);  // Latin-1 é: a lead byte without continuation
  CHECK(facts.invalid_utf8[1].offset == 5);  // truncated 3-byte sequence
  CHECK(facts.invalid_utf8[1].length == 2);
  CHECK(facts.invalid_utf8[2].offset == 8);  // 0xC0: never valid
  CHECK(facts.invalid_utf8[3].offset == 9);  // the stray continuation byte after it
  CHECK(facts.invalid_utf8[4].message.find("surrogate") != std::string::npos);
  CHECK(facts.invalid_utf8[5].message.find("U+10FFFF") != std::string::npos);
}

TEST_CASE("encoding scan: characters XML forbids, across the eight-byte fast path") {
  const std::string text = std::string(20, 'a') + "\x01" + std::string(7, 'b') + "\t\n\r" + "\xEF\xBF\xBE";
  const EncodingFacts facts = scan_encoding(text);
  REQUIRE(facts.invalid_characters.size() == 2);
  CHECK(facts.invalid_characters[0].offset == 20);
  CHECK(facts.invalid_characters[1].message.find("U+FFFE") != std::string::npos);
  CHECK(facts.invalid_utf8.empty());
}

TEST_CASE("encoding scan: findings are capped") {
  const EncodingFacts facts = scan_encoding(std::string(1000, '\x01'));
  CHECK(facts.invalid_characters.size() == kMaxByteFindings);
}

TEST_CASE("encoding scan: a forbidden or non-ASCII byte is found at every position of the wide fast paths") {
  // The scan takes 64 (with line breaks only), 32, 16 and 8 bytes per step before it looks at
  // single bytes: a culprit must be found wherever it falls in a step, among allowed control
  // characters (all three, or line breaks only).
  for (const std::string_view allowed : {std::string_view("\t\n\r"), std::string_view("\n")}) {
    for (std::size_t at = 0; at < 200; ++at) {
      std::string text(200, 'a');
      for (std::size_t k = 3; k < text.size(); k += 7) text[k] = allowed[k % allowed.size()];
      for (const char culprit : {'\x01', '\x1F', '\x7F', '\xC3', '\t'}) {
        if (culprit == '\t' && allowed.size() > 1) continue;
        std::string t = text;
        t[at] = culprit;
        if (culprit == '\xC3') t.insert(at + 1, "\xA9");  // é: valid, and not plain ASCII
        const EncodingFacts facts = scan_encoding(t);
        if (culprit == '\x7F' || culprit == '\xC3' || culprit == '\t') {  // DEL, é and tab are allowed characters
          CHECK(facts.invalid_characters.empty());
          CHECK(facts.invalid_utf8.empty());
          continue;
        }
        REQUIRE(facts.invalid_characters.size() == 1);
        CHECK(facts.invalid_characters[0].offset == at);
      }
    }
  }
}
