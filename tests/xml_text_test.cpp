#include <doctest/doctest.h>

#include <string>

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
