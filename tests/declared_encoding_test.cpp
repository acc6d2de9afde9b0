// Input in another encoding than UTF-8, read as XML 1.0 says (load/declared_encoding.h), and the
// findings of a whole lint at the places of the file as written.
#include <doctest/doctest.h>

#include <string>

#include "load/declared_encoding.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

std::string utf16le(std::string_view ascii) {
  std::string out;
  for (const char c : ascii) {
    out += c;
    out += '\0';
  }
  return out;
}

}  // namespace

TEST_CASE("declared encoding: UTF-8, no declaration and unknown encodings are read as written") {
  CHECK(read_declared_encoding("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>caf\xC3\xA9</a>").read_as.empty());
  CHECK(read_declared_encoding("<a>caf\xE9</a>").read_as.empty());
  const DeclaredEncoding unknown = read_declared_encoding("<?xml version=\"1.0\" encoding=\"x-no-such\"?><a>\xE9</a>");
  CHECK(unknown.read_as.empty());
  CHECK_FALSE(unknown.conflict);
  // ASCII reads the same in Latin-1: nothing to decode, the declaration is still named elsewhere.
  CHECK(read_declared_encoding("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>").read_as.empty());
}

TEST_CASE("declared encoding: single- and multi-byte encodings decode character for character") {
  const DeclaredEncoding latin1 =
      read_declared_encoding("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf\xE9 cr\xE8me</a>");
  CHECK(latin1.read_as == "ISO-8859-1");
  CHECK(latin1.text == "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf\xC3\xA9 cr\xC3\xA8me</a>");
  CHECK(latin1.undecodable.empty());
  const DeclaredEncoding sjis = read_declared_encoding("<?xml version='1.0' encoding='Shift_JIS'?><a>\x93\xFA</a>");
  CHECK(sjis.text == "<?xml version='1.0' encoding='Shift_JIS'?><a>\xE6\x97\xA5</a>");  // U+65E5
}

TEST_CASE("declared encoding: bytes the encoding assigns nothing are one finding at their U+FFFD") {
  const DeclaredEncoding sjis =
      read_declared_encoding("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a>\x93\xFA\x85\x40</a>");
  REQUIRE(sjis.undecodable.size() == 1);
  const std::size_t at = sjis.text.find("\xEF\xBF\xBD");
  CHECK(at == sjis.undecodable[0].offset);
  CHECK(sjis.text.substr(at - 3, 3) == "\xE6\x97\xA5");  // the character before it
  CHECK(sjis.undecodable[0].message == "bytes 0x85 0x40 are not valid Shift_JIS, the encoding the file is read as");
  // windows-1252 leaves 0x81 undefined (unicode.org's CP1252.TXT; iconv, libxml2 and so xmllint
  // reject it), though ICU reads it as U+0081: one finding at its U+FFFD, after the euro sign.
  const DeclaredEncoding cp1252 =
      read_declared_encoding("<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>\x80\x81</a>");
  REQUIRE(cp1252.undecodable.size() == 1);
  CHECK(cp1252.text.find("\xE2\x82\xAC\xEF\xBF\xBD") == cp1252.undecodable[0].offset - 3);
  CHECK(cp1252.undecodable[0].message == "byte 0x81 is not valid windows-1252, the encoding the file is read as");
  // Every C1 control the other Windows code pages leave undefined likewise; ISO-8859-1 defines them.
  CHECK(read_declared_encoding("<?xml version='1.0' encoding='cp1250'?><a>\x83</a>").undecodable.size() == 1);
  CHECK(read_declared_encoding("<?xml version='1.0' encoding='ISO-8859-1'?><a>\x81</a>").undecodable.empty());
}

TEST_CASE("declared encoding: UTF-16 by its byte order mark, or by '<?' without one") {
  const DeclaredEncoding bom = read_declared_encoding("\xFF\xFE" + utf16le("<a>x</a>"));
  CHECK(bom.read_as == "UTF-16LE");
  CHECK(bom.text == "\xEF\xBB\xBF<a>x</a>");
  CHECK_FALSE(bom.conflict);
  const DeclaredEncoding bare = read_declared_encoding(utf16le("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>"));
  CHECK(bare.read_as == "UTF-16LE");
  CHECK(bare.text == "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>");
  CHECK_FALSE(bare.conflict);
}

TEST_CASE("declared encoding: a declaration the byte order mark or the bytes contradict is a conflict") {
  const DeclaredEncoding utf16 =
      read_declared_encoding("\xFF\xFE" + utf16le("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>"));
  REQUIRE(utf16.conflict);
  CHECK(utf16.text.substr(utf16.conflict->offset, utf16.conflict->length) == "ISO-8859-1");
  const DeclaredEncoding utf8 = read_declared_encoding("\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"latin1\"?><a/>");
  CHECK(utf8.read_as.empty());
  REQUIRE(utf8.conflict);
  CHECK(utf8.conflict->offset == 33);
  const DeclaredEncoding narrow = read_declared_encoding("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>");
  REQUIRE(narrow.conflict);
  CHECK(narrow.read_as.empty());
  // EBCDIC cannot be how an ASCII declaration was written.
  const DeclaredEncoding ebcdic = read_declared_encoding("<?xml version=\"1.0\" encoding=\"IBM037\"?><a>\xC1</a>");
  REQUIRE(ebcdic.conflict);
  CHECK(ebcdic.read_as.empty());
}

TEST_CASE("declared encoding: findings of a Latin-1 file stand at its lines and columns, and carry no fix") {
  const std::string latin1 =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "  <url><loc>https://example.com/</loc><changefreq>D\xE9\xE9ly</changefreq><priority>2</priority></url>\n"
      "</urlset>\n";
  const FileReport report = lint_text(latin1);
  for (const Diagnostic& d : report.diagnostics) {
    CAPTURE(d.message);
    CHECK(std::string(d.rule->code) != "SM003");  // no Latin-1 byte is taken for broken UTF-8
    CHECK_FALSE(d.fix);  // a fix would be written into the file as UTF-8
  }
  // The declared name at 1:31, the <changefreq> value at 3:51 and the <priority> value at 3:79:
  // each Latin-1 byte before them one column, as an editor that reads the file shows it.
  std::string places;
  for (const std::string& line : summarize(report)) places += line + "\n";
  CHECK(places.find("SM002 error 1:31\n") != std::string::npos);
  CHECK(places.find(" 3:51\n") != std::string::npos);
  CHECK(places.find(" 3:79\n") != std::string::npos);
}
