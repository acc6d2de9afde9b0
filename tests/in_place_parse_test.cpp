// A file on disk is parsed in place (pugixml writes a NUL after each name and value into the
// bytes); anything else is parsed as a copy. Both must find exactly the same: every fixture is
// linted both ways and the findings compared whole, with their lines and columns.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "analysis/line_index.h"
#include "load/declared_encoding.h"
#include "load/parse.h"
#include "load/source.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// A finding with its place, in one line a failure can show.
std::string describe(const Diagnostic& d, const Position& at) {
  std::ostringstream out;
  out << d.rule->code << " " << at.line << ":" << at.column << "/" << at.utf16_column << " +" << d.length << " "
      << d.message;
  if (d.fix) out << " fix " << d.fix->offset << "+" << d.fix->length << " '" << d.fix->replacement << "'";
  if (d.related) out << " related " << d.related->path << "@" << d.related->offset;
  return out.str();
}

Position placed_at(const FileReport& report, std::size_t offset) {
  const auto it = std::lower_bound(report.placed.begin(), report.placed.end(), offset,
                                   [](const FileReport::Placed& p, std::size_t o) { return p.offset < o; });
  REQUIRE(it != report.placed.end());
  REQUIRE(it->offset == offset);
  return {it->line, it->column, it->utf16_column};
}

// The findings of the file at `path` as a copy (bytes kept) and in place (bytes given up, findings
// placed before they went), each described with its position.
std::pair<std::vector<std::string>, std::vector<std::string>> both_ways(const std::string& path,
                                                                        const Settings& settings) {
  Input copy, in_place;
  std::string error;
  REQUIRE_MESSAGE(load_input(path, &copy, &error), error);
  REQUIRE_MESSAGE(load_input(path, &in_place, &error), error);
  copy.reloadable = false;
  REQUIRE(in_place.reloadable);
  // A file in another encoding is linted as the UTF-8 it decodes to, which its report keeps: the
  // file read again would not be that text.
  const bool decoded = !read_declared_encoding(in_place.bytes).read_as.empty();
  const FileReport a = lint_input(std::move(copy), every_rule(), settings);
  const FileReport b = lint_input(std::move(in_place), every_rule(), settings);
  CHECK(b.bytes.empty() != decoded);
  const LineIndex lines(a.bytes);
  std::vector<std::string> as_copy, parsed_in_place;
  for (const Diagnostic& d : a.diagnostics) as_copy.push_back(describe(d, lines.position(d.offset)));
  for (const Diagnostic& d : b.diagnostics) {
    parsed_in_place.push_back(describe(d, decoded ? lines.position(d.offset) : placed_at(b, d.offset)));
  }
  return {as_copy, parsed_in_place};
}

}  // namespace

TEST_CASE("in-place parse: every fixture finds what a parse of a copy finds, at the same lines and columns") {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(source_path("testdata"))) {
    const fs::path p = entry.path();
    if (!entry.is_regular_file() || p.extension() == ".expected" || p.extension() == ".http") continue;
    if (fs::exists(fs::path(p.string() + ".http"))) continue;  // stands for a response: never on disk
    const std::string file = p.string();
    CAPTURE(file);
    const auto [as_copy, in_place] = both_ways(file, fixture_settings(p, read_file(file)));
    CHECK(as_copy == in_place);
    ++files;
  }
  CHECK(files > 500);
}

TEST_CASE("in-place parse: overwritten line breaks, text before the root and broken XML keep their places") {
  const TempDir dir;
  // A line break right after a name (the parse overwrites it), CRLF lines, a suppression, a
  // comment and CDATA inside a <loc> (the builder's raw text), an attribute the fix removes.
  const std::string breaks =
      dir.write("breaks.xml",
                "<urlset\r\n  xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"\r\n  foo=\"1\">\r\n"
                "  <url\n    bar='2'><loc>https://example.com/a<!-- c -->b&c</loc></url>\r\n"
                "  <!-- sitemaplint-disable-next-line SM301 -->\r\n"
                "  <url><loc>https://example.com/?a=1&b=2</loc><lastmod\n>2024-13-01</lastmod></url>\r\n"
                "  <url><loc>x<![CDATA[https://example.com/c]]></loc><priority>2</priority></url>\r\n"
                "</urlset>\r\n");
  const std::string before_root =
      dir.write("before.xml",
                "junk <?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
                "<url><loc>https://example.com/</loc></url></urlset>\n trailing");
  const std::string broken = dir.write(
      "broken.xml",
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url\n><loc>https://example.com/</loc>\n"
      "</urlx></urlset>\n");
  for (const std::string& path : {breaks, before_root, broken}) {
    CAPTURE(path);
    const auto [as_copy, in_place] = both_ways(path, test_settings());
    CHECK(!as_copy.empty());
    CHECK(as_copy == in_place);
  }
}

TEST_CASE("in-place parse: the parse writes into the given bytes, and only when they are free of control characters") {
  std::string bytes =
      "<urlset "
      "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/</loc></url></urlset>";
  const std::string original = bytes;
  auto doc = parse_document("a.xml", bytes, {}, &bytes);
  CHECK(doc->parsed);
  CHECK(doc->bytes_overwritten);
  CHECK(bytes != original);
  CHECK(std::count(bytes.begin(), bytes.end(), '\0') > 0);
  CHECK(doc->root_offset == 0);

  std::string with_control = original;
  with_control.insert(with_control.find("https"), "\x01");
  const std::string kept = with_control;
  auto copied = parse_document("b.xml", with_control, {}, &with_control);
  CHECK(!copied->bytes_overwritten);
  CHECK(with_control == kept);
}

TEST_CASE("in-place parse: a file is read again into its own buffer, gzip inflated, and only at the same size") {
  const TempDir dir;
  const std::string text = "<urlset>\n  <url><loc>https://example.com/</loc></url>\n</urlset>\n";
  const std::string plain = dir.write("a.xml", text);
  const std::string zipped = dir.write("a.xml.gz", gzip_for_test(text));
  for (const std::string& path : {plain, zipped}) {
    CAPTURE(path);
    std::string buffer(text.size(), '\0');
    CHECK(read_input_again(path, buffer));
    CHECK(buffer == text);
    std::string shorter(text.size() - 1, '\0'), longer(text.size() + 1, '\0');
    CHECK_FALSE(read_input_again(path, shorter));
    CHECK_FALSE(read_input_again(path, longer));
  }
  std::string buffer(text.size(), '\0');
  CHECK_FALSE(read_input_again((dir.path / "missing.xml").string(), buffer));
}

TEST_CASE("a file is read whole, byte for byte, whatever its size against the piece read at a time") {
  const TempDir dir;
  // Sizes around the 256 KiB piece: one byte, less than a piece, exactly one, one and a bit, several.
  for (const std::size_t size : {std::size_t{1}, std::size_t{1000}, std::size_t{256} << 10,
                                 (std::size_t{256} << 10) + 1, (std::size_t{3} << 20) + 17}) {
    std::string bytes(size, '\0');
    for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>('a' + (i * 7 + i / 4099) % 26);
    const std::string path = dir.write("f" + std::to_string(size) + ".txt", bytes);
    Input input;
    std::string error;
    REQUIRE_MESSAGE(load_input(path, &input, &error), error);
    CHECK(input.bytes.size() == size);
    CHECK(input.bytes == bytes);
  }
}

TEST_CASE("in-place parse: findings are placed from the line starts recorded, the file not read again for them") {
  const TempDir dir;
  const std::string head =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  const std::string tail = "<url><loc>https://example.com/a</loc><priority>1.5</priority></url>\n</urlset>\n";
  struct Case {
    std::string text;
    std::uint32_t line, column;
  };
  const std::vector<Case> cases = {
      {head + "  " + tail, 3, 50},
      // A letter before the finding on its line: its column counts code points.
      {head + "  <!-- caf\xC3\xA9 -->" + tail, 3, 63},
      // A line break pugixml overwrites (the one after the name) before it.
      {head.substr(0, head.size() - 1) + "<url\n>" + tail.substr(5), 3, 44},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    Input input;
    std::string error;
    const std::string path = dir.write("sitemap.xml", c.text);
    REQUIRE_MESSAGE(load_input(path, &input, &error), error);
    REQUIRE(input.reloadable);
    // The file changes on disk once read, its first line break a space: read again, it would put
    // the finding a line up.
    std::string changed = c.text;
    changed[changed.find('\n')] = ' ';
    dir.write("sitemap.xml", changed);
    input.keep_bytes = true;  // the only input of a run: it keeps its bytes when they are as written
    const FileReport report = lint_input(std::move(input), every_rule(), test_settings());
    REQUIRE(report.diagnostics.size() == 1);
    const Diagnostic& d = report.diagnostics[0];
    CHECK(std::string(d.rule->code) == "SM602");
    const Position at = placed_at(report, d.offset);
    CHECK(at.line == c.line);
    CHECK(at.column == c.column);
    CHECK(at.utf16_column == at.column);
    CHECK(report.bytes.empty());
  }
}
