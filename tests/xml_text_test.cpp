#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "analysis/xml_text.h"

using namespace sitemaplint;

TEST_CASE("references: predefined, numeric, undefined, bad and raw") {
  CHECK(read_reference("&amp;x").kind == ReferenceKind::Predefined);
  CHECK(read_reference("&amp;x").length == 5);
  CHECK(read_reference("&#38;").kind == ReferenceKind::Character);
  CHECK(read_reference("&#x1F600;").code_point == 0x1F600);
  CHECK(read_reference("&#0;").kind == ReferenceKind::BadCharacter);
  CHECK(read_reference("&#xD800;").kind == ReferenceKind::BadCharacter);
  CHECK(read_reference("&#99999999999999999999;").kind == ReferenceKind::BadCharacter);
  const Reference nbsp = read_reference("&nbsp; rest");
  CHECK(nbsp.kind == ReferenceKind::Undefined);
  CHECK(nbsp.name == "nbsp");
  CHECK(nbsp.length == 6);
  CHECK(read_reference("& b").kind == ReferenceKind::RawAmpersand);
  CHECK(read_reference("&amp").kind == ReferenceKind::RawAmpersand);  // no ';'
  CHECK(read_reference("&#;").kind == ReferenceKind::RawAmpersand);
  CHECK(read_reference("&#x;").kind == ReferenceKind::RawAmpersand);
  CHECK(read_reference("&").kind == ReferenceKind::RawAmpersand);
}

TEST_CASE("decoding replaces valid references and keeps everything else as written") {
  std::string out;
  decode_entities("a&amp;b&lt;&#233;&#x1F600;&nbsp;& c", &out);
  CHECK(out == "a&b<\xC3\xA9\xF0\x9F\x98\x80&nbsp;& c");
}

TEST_CASE("decoding appends, and the shortest reference of each UTF-8 length fits where it was written") {
  // Decoding writes in place, in the room the text as written takes: each reference that decodes
  // to the most bytes for its length must fit, at either end of the text.
  std::string out = "kept:";
  decode_entities("&#9;&#128;&#x80;&#2048;&#x800;&#65536;&#x10000;&#x10FFFF;", &out);
  CHECK(out == "kept:\t\xC2\x80\xC2\x80\xE0\xA0\x80\xE0\xA0\x80\xF0\x90\x80\x80\xF0\x90\x80\x80\xF4\x8F\xBF\xBF");
  out.clear();
  decode_entities("&amp;", &out);
  CHECK(out == "&");
  out.clear();
  decode_entities("no reference", &out);
  CHECK(out == "no reference");
  out.clear();
  decode_entities("&#0;&bogus;&amp&", &out);  // not references: copied as written
  CHECK(out == "&#0;&bogus;&amp&");
  // Sixteen-byte blocks: a reference across each boundary decodes the same.
  for (std::size_t at = 0; at < 40; ++at) {
    out.clear();
    decode_entities(std::string(at, 'x') + "&amp;&#xE9;" + std::string(40 - at, 'y'), &out);
    CAPTURE(at);
    CHECK(out == std::string(at, 'x') + "&\xC3\xA9" + std::string(40 - at, 'y'));
  }
}

TEST_CASE("decoding agrees with reading each reference in turn, on texts of every mix and length") {
  // The reference decoder: a byte at a time, each '&' read with read_reference.
  const auto decoded_slowly = [](std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size();) {
      if (raw[i] != '&') {
        out += raw[i++];
        continue;
      }
      const Reference ref = read_reference(raw.substr(i));
      const bool valid = ref.kind == ReferenceKind::Predefined || ref.kind == ReferenceKind::Character;
      if (valid) append_utf8(ref.code_point, &out);
      else out += raw.substr(i, ref.length);
      i += ref.length;
    }
    return out;
  };
  const std::vector<std::string> pieces = {"&amp;", "&lt;", "&#xE9;", "&#128512;", "&bogus;",  "&",
                                           "&#0;",  "&amp", "x",      "yy",        "\xC3\xA9", "abcdefghijklmnopq"};
  // Each reference at every place of texts of one to two steps of sixty-four bytes, up to the end.
  for (const std::string_view reference : {"&amp;", "&", "&lt;", "&am"}) {
    for (std::size_t length = 60; length <= 140; ++length) {
      for (std::size_t at = 0; at + reference.size() <= length; ++at) {
        const std::string raw =
            std::string(at, 'x') + std::string(reference) + std::string(length - at - reference.size(), 'y');
        std::string out;
        decode_entities(raw, &out);
        CAPTURE(raw);
        CHECK(out == decoded_slowly(raw));
      }
    }
  }
  std::mt19937 random(29);
  for (int n = 0; n < 5000; ++n) {
    std::string raw;
    for (std::size_t k = 0, count = random() % 24; k < count; ++k) raw += pieces[random() % pieces.size()];
    CAPTURE(raw);
    std::string out = "kept";
    const bool faulty = decode_entities(raw, &out);
    CHECK(out == "kept" + decoded_slowly(raw));
    CHECK(faulty == has_faulty_reference(raw, 0));
  }
}

TEST_CASE("a faulty reference is found among valid ones, from where the search starts") {
  CHECK_FALSE(has_faulty_reference("a&amp;b&#233;c&lt;", 0));
  CHECK(has_faulty_reference("a&amp;b&nbsp;c", 0));
  CHECK(has_faulty_reference("a&amp;b & c", 0));
  CHECK(has_faulty_reference("&#0;&amp;", 0));
  CHECK_FALSE(has_faulty_reference("& &amp;", 2));  // the raw '&' is before `from`
  CHECK(has_faulty_reference(std::string(33, 'q') + "&amp;&amp;&copy;", 0));
}

TEST_CASE("markup characters: the bits of the ones a text holds, wherever they are and however long it is") {
  const std::string specials = "&<>\"'";
  CHECK(markup_characters("") == 0);
  CHECK(markup_characters("https://example.com/a?b=c#d") == 0);
  CHECK(markup_characters("a&b") == kAmpersand);
  CHECK(markup_characters("it's \"x\" > y < z") == (kApostrophe | kQuote | kGreaterThan | kLessThan));
  // Every length from 0 to 40, every position, every character: the scan in blocks of sixteen (and
  // its overlapping last block) must agree with a byte-by-byte look.
  for (std::size_t length = 1; length <= 40; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (const char c : specials + "a\x80") {
        std::string text(length, 'x');
        text[at] = c;
        CAPTURE(length);
        CAPTURE(at);
        CHECK(markup_characters(text) == markup_character_bit(c));
        if (length - 1 - at == at) continue;
        text[length - 1 - at] = '&';
        CHECK(markup_characters(text) == (markup_character_bit(c) | kAmpersand));
      }
    }
  }
}

TEST_CASE("every '&' is visited once, in order, past the references read, at any place in blocks of sixteen") {
  // Against a byte-by-byte search: '&' at every position of texts up to 40 bytes, with a
  // reference that spans a block boundary.
  for (std::size_t length = 1; length <= 40; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      std::string text(length, 'x');
      text[at] = '&';
      if (at + 5 <= length) text.replace(at, 5, "&amp;");
      text[length - 1] = '&';
      std::string expected, visited;
      for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '&') expected += std::to_string(i) + ",";
      }
      for_each_ampersand(text, 0, [&](std::size_t found) {
        visited += std::to_string(found) + ",";
        return found + read_reference(std::string_view(text).substr(found)).length;
      });
      CAPTURE(text);
      CHECK(visited == expected);
    }
  }
  std::string visited;
  for_each_ampersand("&&&&amp;&", 1, [&](std::size_t found) {
    visited += std::to_string(found) + ",";
    return found + (found == 3 ? 5 : 1);
  });
  CHECK(visited == "1,2,3,8,");
}

TEST_CASE("a faulty reference: a raw '&', an undefined entity or a bad character reference, anywhere") {
  CHECK_FALSE(has_faulty_reference("a&amp;b&lt;&#233;&#x1F600;", 0));
  CHECK_FALSE(has_faulty_reference(std::string(100, 'x') + "&quot;&apos;&gt;", 0));
  CHECK(has_faulty_reference("a&amp;b& c", 0));
  CHECK(has_faulty_reference(std::string(40, 'x') + "&amp;&nbsp;", 0));
  CHECK(has_faulty_reference("&#0;", 0));
  CHECK(has_faulty_reference("&amp", 0));
  CHECK_FALSE(has_faulty_reference("& &amp;", 2));  // from: only what follows counts
}
