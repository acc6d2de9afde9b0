// Hostile input, end to end through the built binary: whatever the bytes, sitemaplint must exit
// with a meaningful code and name the problem, never crash, hang, read outside its input or
// balloon in memory. Large inputs are generated at test time in a temporary directory and deleted.
//
// Several of these found real bugs when written (quadratic hangs, wrong columns, escape sequences
// reaching the terminal) and now guard against their return. Slow cases run under a time and
// memory bound, so a regression fails instead of hanging.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/message_text.h"
#include "bounded_run.h"
#include "http_test_server.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint::testing;

namespace {

constexpr const char* kHead =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";

// One finding of the --quiet human report: "path:line:col: severity[CODE name]: message".
struct Finding {
  std::string code, name, severity;
  int line = 0, column = 0;
  std::string message;
  std::string str() const {
    return code + " " + severity + " " + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
  }
};

std::vector<Finding> parse_findings(const std::string& out, const std::string& path) {
  static const std::regex kLine(R"(^(\d+):(\d+): (error|warning|info)\[(SM\d{3}) ([a-z0-9-]+)\]: (.*)$)");
  std::vector<Finding> findings;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    const std::string rest = line.starts_with(path + ":") ? line.substr(path.size() + 1) : "";
    if (!std::regex_match(rest, m, kLine)) {
      findings.push_back({"?", "?", "?", 0, 0, "unparsed report line: " + line});
      continue;
    }
    findings.push_back({m[4], m[5], m[3], std::stoi(m[1]), std::stoi(m[2]), m[6]});
  }
  return findings;
}

// Findings and expectations are compared as text, one finding a line, so a failure shows both.
std::string lines(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += item + "\n";
  return out;
}

std::string strs(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  for (const Finding& f : findings) out.push_back(f.str());
  return lines(out);
}

std::size_t count_code(const std::vector<Finding>& findings, const std::string& code) {
  std::size_t n = 0;
  for (const Finding& f : findings) n += f.code == code;
  return n;
}

// Lints `path` with every rule, findings only.
CommandResult lint_quiet(const std::string& path) { return run_cli({"--quiet", "--color", "never", path}); }

std::string quiet_findings(const std::string& path, int expected_exit) {
  const CommandResult r = lint_quiet(path);
  CHECK(r.exit_code == expected_exit);
  CHECK(r.err.empty());
  return strs(parse_findings(r.out, path));
}

// Compresses `total` copies of `fill` without holding them in memory.
std::string gzip_repeated(char fill, std::size_t total, std::string_view prefix = {}) {
  z_stream stream{};
  REQUIRE(deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out;
  const std::string block(1 << 20, fill);
  char buffer[1 << 16];
  auto pump = [&](std::string_view in, int flush) {
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    stream.avail_in = static_cast<uInt>(in.size());
    do {
      stream.next_out = reinterpret_cast<Bytef*>(buffer);
      stream.avail_out = sizeof buffer;
      deflate(&stream, flush);
      out.append(buffer, sizeof buffer - stream.avail_out);
    } while (stream.avail_out == 0);
  };
  pump(prefix, Z_NO_FLUSH);
  for (std::size_t done = 0; done < total; done += block.size()) {
    pump(std::string_view(block).substr(0, std::min(block.size(), total - done)), Z_NO_FLUSH);
  }
  pump({}, Z_FINISH);
  deflateEnd(&stream);
  return out;
}

// A small sitemap with one known finding: SM104 at 3:39.
const std::string kOneFinding = std::string(kHead) +
                                "  <url><loc>https://example.com/</loc><bogus/></url>\n"
                                "</urlset>\n";
const std::string kOneFindingExpected =
    "SM104 error 3:39: unknown element <bogus> in <url>; allowed: loc, lastmod, changefreq, priority\n";

}  // namespace

TEST_SUITE("hostile input") {
  TEST_CASE("an empty file is one syntax error, not a crash") {
    TempDir dir;
    const std::string path = dir.write("empty.xml", "");
    CHECK(quiet_findings(path, 1) == lines({"SM001 error 1:1: the input is empty"}));
  }

  TEST_CASE("a file of white space only is one syntax error") {
    TempDir dir;
    const std::string path = dir.write("blank.xml", "  \n\t\r\n   \n");
    CHECK(quiet_findings(path, 1) == lines({"SM001 error 1:1: the input contains only white space"}));
  }

  TEST_CASE("binary junk with NUL bytes is named as not a sitemap, with capped byte findings") {
    // std::mt19937's output is fixed by the standard, so these bytes are the same everywhere.
    std::mt19937 random(20240601);
    std::string junk;
    for (int i = 0; i < 4096; ++i) junk.push_back(static_cast<char>(random() & 0xFF));
    REQUIRE(junk.find('\0') != std::string::npos);
    REQUIRE(static_cast<unsigned char>(junk[0]) != '<');
    TempDir dir;

    SUBCASE("random bytes from the start") {
      const std::string path = dir.write("junk.bin", junk);
      const CommandResult r = lint_quiet(path);
      CHECK(r.exit_code == 1);
      CHECK(r.err.empty());
      const auto findings = parse_findings(r.out, path);
      // One finding names the input; no flood of per-byte findings.
      REQUIRE(findings.size() == 1);
      CHECK(findings[0].str() ==
            "SM008 error 1:1: this is not a sitemap: it looks like binary data, not XML or a "
            "text file with one http(s) URL per line");
    }

    SUBCASE("random bytes inside a <loc>, through the XML parser") {
      const std::string head = std::string(kHead) + "<url><loc>https://example.com/";
      const std::string path = dir.write("junk.xml", head + junk + "</loc></url>\n</urlset>\n");
      const CommandResult r = lint_quiet(path);
      CHECK(r.exit_code == 1);
      CHECK(r.err.empty());
      const auto findings = parse_findings(r.out, path);
      CHECK(count_code(findings, "SM001") == 1);
      CHECK(count_code(findings, "SM003") == 100);
      CHECK(count_code(findings, "SM004") == 100);
      CHECK(findings.size() == 201);
    }

    SUBCASE("the full human report and JSON survive junk too") {
      const std::string path = dir.write("junk.bin", junk);
      const CommandResult human = run_cli({"--color", "never", path});
      CHECK(human.exit_code == 1);
      CHECK(human.out.find("Found 1 error, 0 warnings and 0 info findings in 1 file.") != std::string::npos);
      const CommandResult json = run_cli({"--format", "json", path});
      CHECK(json.exit_code == 1);
      const auto parsed = nlohmann::json::parse(json.out, nullptr, false);
      REQUIRE_FALSE(parsed.is_discarded());
      CHECK(parsed["files"][0]["diagnostics"].size() == 1);
      CHECK(parsed["files"][0]["kind"] == "not-sitemap");
    }
  }

  TEST_CASE("an HTML page, however it is written, is named as an HTML page") {
    const std::string expected =
        "SM008 error 1:1: this is not a sitemap: it looks like an HTML page (a server's error or app page "
        "served instead of the sitemap?), not XML or a text file with one http(s) URL per line";
    TempDir dir;
    for (const std::string& page :
         {std::string("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<title>Not found</title>\n</head>\n<body><p>Sorry.<br></p></body>\n</html>\n"),
          std::string("<!doctype html><html><head><title>App</title></head><body></body></html>"),
          std::string("<html><body>Login</body></html>"),
          std::string("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>x</title></head>"
                      "<body><p>hi</p></body></html>\n")}) {
      CAPTURE(page);
      const std::string path = dir.write("page.html", page);
      CHECK(quiet_findings(path, 1) == lines({expected}));
    }
  }

  TEST_CASE("truncated XML is a syntax error at the cut") {
    TempDir dir;
    const std::string complete = std::string(kHead) + "  <url><loc>https://example.com/</loc></url>\n";

    SUBCASE("cut in the middle of a tag") {
      const std::string path = dir.write("cut-tag.xml", complete + "  <url><lo");
      const auto findings = parse_findings(lint_quiet(path).out, path);
      REQUIRE(findings.size() == 1);
      CHECK(findings[0].code == "SM001");
      CHECK(findings[0].line == 4);
      // pugixml reports the cut start tag as malformed (at 4:10, inside the name "lo"): not the
      // clearest wording for a truncated file, but the right rule and line.
      CHECK(findings[0].message.starts_with("malformed start tag near "));
      CHECK(lint_quiet(path).exit_code == 1);
    }

    SUBCASE("cut in the middle of text") {
      const std::string path = dir.write("cut-text.xml", std::string(kHead) + "  <url><loc>https://exam");
      CHECK(quiet_findings(path, 1) == lines({"SM001 error 3:25: unexpected end of input: <loc> opened at line 3, "
                                              "column 8 is never closed"}));
    }
  }

  TEST_CASE("a 100 MB line without a newline finishes quickly, in bounded memory") {
    TempDir dir;
    const std::string path = (dir.path / "long-line.xml").string();
    const std::string head =
        std::string(kHead).substr(0, std::string(kHead).size() - 1) + "<url><loc>https://example.com/";
    const std::string tail = "</loc></url></urlset>";
    const std::size_t kFill = std::size_t{100} << 20;
    {
      std::ofstream out(path, std::ios::binary);
      out << head;
      const std::string block(1 << 20, 'a');
      for (std::size_t done = 0; done < kFill; done += block.size()) out << block;
      out << tail;
      REQUIRE(out);
    }
    const std::size_t total = head.size() + kFill + tail.size();
    const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 60);
    REQUIRE_FALSE(r.timed_out);
    CHECK(r.exit_code == 1);
    CHECK(r.seconds < 10 * kSlowdown);
    // The input is held twice (the bytes and pugixml's in-place copy); allow little more than that.
    CHECK(r.max_rss_kib < 320 * 1024 * kMemoryFactor);
    const auto findings = parse_findings(r.out, path);
    REQUIRE_FALSE(findings.empty());
    // Over the protocol's size limit, and otherwise only loc rules may speak (none exist yet on this
    // branch; the loc rules being added elsewhere may report the 100 MB URL).
    CHECK(findings[0].str() == "SM702 error 1:1: the sitemap is " + sitemaplint::grouped(total) +
                                   " bytes uncompressed; the limit is 52,428,800 bytes (50 MiB)");
    for (std::size_t i = 1; i < findings.size(); ++i) {
      INFO(findings[i].str());
      CHECK(findings[i].name.starts_with("loc-"));
    }
    fs::remove(path);
  }

  TEST_CASE("100,000 nested elements inside a urlset report nesting-too-deep") {
    TempDir dir;
    std::string deep = kHead;
    for (int i = 0; i < 100'000; ++i) deep += "<a>";
    for (int i = 0; i < 100'000; ++i) deep += "</a>";
    deep += "\n</urlset>\n";
    const std::string path = dir.write("deep.xml", deep);
    const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 30);
    REQUIRE_FALSE(r.timed_out);
    CHECK(r.signal == 0);
    CHECK(r.exit_code == 1);
    CHECK(r.seconds < 5 * kSlowdown);
    // The urlset is depth 1, so the 64th <a> (column 1 + 63 * 3) is the first element not inspected.
    CHECK(strs(parse_findings(r.out, path)) ==
          lines({"SM108 warning 2:1: the <urlset> lists no <url>",
                 "SM104 error 3:1: unknown element <a> in <urlset>, which holds only <url> entries",
                 "SM112 warning 3:190: elements are nested more than 64 levels deep; nothing below this "
                 "point is checked"}));
  }

  TEST_CASE("100,000 unclosed nested elements are one syntax error") {
    TempDir dir;
    std::string deep = kHead;
    for (int i = 0; i < 100'000; ++i) deep += "<a>";
    deep += "\n</urlset>\n";
    const std::string path = dir.write("deep-open.xml", deep);
    const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 30);
    REQUIRE_FALSE(r.timed_out);
    CHECK(r.exit_code == 1);
    CHECK(strs(parse_findings(r.out, path)) ==
          lines({"SM001 error 4:1: closing tag </urlset> does not match <a> opened at "
                 "line 3, column 299998"}));
  }

  TEST_CASE("a root never closed over 100,000 nested elements names the innermost open one, in one pass") {
    TempDir dir;
    // `opened` <a> tags, then `closed` </a> tags, on line 3 (kHead ends line 2): the findings.
    const auto lint_nested = [&](int opened, int closed) {
      std::string deep = kHead;
      for (int i = 0; i < opened; ++i) deep += "<a>";
      for (int i = 0; i < closed; ++i) deep += "</a>";
      const std::string path = dir.write("nested.xml", deep);
      const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 60);
      REQUIRE_FALSE(r.timed_out);
      CHECK(r.exit_code == 1);
      return strs(parse_findings(r.out, path));
    };
    // The input ends at `end_column`; the <a> of `level` starts three columns a level along.
    const auto never_closed = [](int end_column, int level) {
      return lines({"SM001 error 3:" + std::to_string(end_column) +
                    ": unexpected end of input: <a> opened at line 3, "
                    "column " +
                    std::to_string(1 + 3 * (level - 1)) + " is never closed"});
    };
    SUBCASE("none closed") { CHECK(lint_nested(100'000, 0) == never_closed(300'001, 100'000)); }
    SUBCASE("the inner half closed: asking each level whether its end tag came later was quadratic") {
      CHECK(lint_nested(100'000, 50'000) == never_closed(500'001, 50'000));
    }
    SUBCASE("comments, CDATA, quoted '>' and empty elements between") {
      const std::string doc = std::string(kHead) +
                              "<url><loc a=\"x>y\" b='/'>https://example.com/<!-- </loc> --><![CDATA[</loc>]]></loc>"
                              "<x/><?pi </url>?>\n";
      const std::string path = dir.write("mixed.xml", doc);
      const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 60);
      REQUIRE_FALSE(r.timed_out);
      CHECK(strs(parse_findings(r.out, path)) ==
            lines({"SM001 error 4:1: unexpected end of input: <url> opened at line 3, column 1 is never closed"}));
    }
  }

  TEST_CASE("billion laughs: the DOCTYPE is reported and its entities are never expanded") {
    std::string doc =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE urlset [\n"
        "  <!ENTITY lol \"lol\">\n";
    for (int level = 1; level <= 9; ++level) {
      const std::string prev = level == 1 ? "lol" : "lol" + std::to_string(level - 1);
      doc += "  <!ENTITY lol" + std::to_string(level) + " \"";
      for (int i = 0; i < 10; ++i) doc += "&" + prev + ";";
      doc += "\">\n";
    }
    doc +=
        "]>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        "  <url><loc>https://example.com/&lol9;</loc></url>\n</urlset>\n";
    TempDir dir;
    const std::string path = dir.write("lol.xml", doc);
    const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 30);
    REQUIRE_FALSE(r.timed_out);
    CHECK(r.exit_code == 1);
    CHECK(r.seconds < 2 * kSlowdown);
    CHECK(r.max_rss_kib < 100 * 1024 * kMemoryFactor);  // 10^9 "lol"s would be 3 GB
    CHECK(strs(parse_findings(r.out, path)) ==
          lines({"SM006 warning 2:1: a DOCTYPE has no use in a sitemap, and careful crawlers refuse or ignore one; "
                 "remove it (its entities are not expanded)",
                 "SM302 error 15:33: entity '&lol9;' is not one of XML's five predefined entities, and "
                 "sitemaps have no DTD to define others; write the character itself or a numeric reference"}));
  }

  TEST_CASE("an external entity (XXE) is never resolved: the file it names is not read") {
    TempDir dir;
    const std::string path = dir.write("xxe.xml",
                                       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                       "<!DOCTYPE urlset [\n  <!ENTITY x SYSTEM \"file:///etc/passwd\">\n]>\n"
                                       "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                                       "  <url><loc>https://example.com/&x;</loc></url>\n</urlset>\n");
    CHECK(quiet_findings(path, 1) ==
          lines({"SM006 warning 2:1: a DOCTYPE has no use in a sitemap, and careful crawlers refuse or ignore one; "
                 "remove it (its entities are not expanded)",
                 "SM302 error 6:33: entity '&x;' is not one of XML's five predefined entities, and sitemaps "
                 "have no DTD to define others; write the character itself or a numeric reference"}));
    for (const auto& args : {std::vector<std::string>{path}, std::vector<std::string>{"--format", "json", path}}) {
      const CommandResult r = run_cli(args);
      CHECK(r.exit_code == 1);
      CHECK(r.out.find("root:") == std::string::npos);
      CHECK(r.err.find("root:") == std::string::npos);
    }

    SUBCASE("an external DTD is not fetched either") {
      const std::string external =
          dir.write("xxe-dtd.xml",
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE urlset SYSTEM \"file:///etc/passwd\">\n"
                    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                    "  <url><loc>https://example.com/</loc></url>\n</urlset>\n");
      const CommandResult r = lint_quiet(external);
      CHECK(r.exit_code == 0);  // a warning alone
      CHECK(r.out.find("root:") == std::string::npos);
      CHECK(strs(parse_findings(r.out, external)) ==
            lines({"SM006 warning 2:1: a DOCTYPE has no use in a sitemap, and careful crawlers refuse or ignore "
                   "one; remove it (its entities are not expanded)"}));
    }
  }

  TEST_CASE("a quoted close-bracket in a DOCTYPE entity value does not end the DOCTYPE") {
    TempDir dir;
    const std::string path =
        dir.write("doctype-brackets.xml",
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE urlset [\n  <!ENTITY close \"]>\">\n"
                  "  <!ENTITY other \"x\">\n]>\n"
                  "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                  "  <url><loc>https://example.com/</loc></url>\n</urlset>\n");
    CHECK(quiet_findings(path, 0) ==
          lines({"SM006 warning 2:1: a DOCTYPE has no use in a sitemap, and careful crawlers refuse or ignore one; "
                 "remove it (its entities are not expanded)"}));
  }

  TEST_CASE("invalid UTF-8 bytes are reported at their exact line and column") {
    TempDir dir;
    // 0xE9 is Latin-1 'é'; "\xC3\xA8" is a valid 'è' between them (one column); 0xFF never occurs.
    const std::string path =
        dir.write("latin1.xml", std::string(kHead) +
                                    "  <url><loc>https://example.com/caf\xE9-cr\xC3\xA8me/\xFF</loc></url>\n"
                                    "</urlset>\n");
    CHECK(quiet_findings(path, 1) ==
          lines({"SM003 error 3:36: byte 0xE9 starts an incomplete UTF-8 sequence (is the file in another "
                 "encoding, such as Windows-1252?)",
                 "SM003 error 3:44: byte 0xFF is not a valid UTF-8 lead byte (is the file in another "
                 "encoding, such as Windows-1252?)"}));
  }

  TEST_CASE("stray continuation bytes each take a column") {
    TempDir dir;
    const std::string path = dir.write(
        "continuation.xml",
        std::string(kHead) + "  <url><loc>https://example.com/\xB1\xB1x\xC3(y</loc><bogus/></url>\n</urlset>\n");
    CHECK(quiet_findings(path, 1) ==
          lines({"SM003 error 3:33: byte 0xB1 is not a valid UTF-8 lead byte (is the file in another encoding, "
                 "such as Windows-1252?)",
                 "SM003 error 3:34: byte 0xB1 is not a valid UTF-8 lead byte (is the file in another encoding, "
                 "such as Windows-1252?)",
                 "SM003 error 3:36: byte 0xC3 starts an incomplete UTF-8 sequence (is the file in another "
                 "encoding, such as Windows-1252?)",
                 "SM104 error 3:45: unknown element <bogus> in <url>; allowed: loc, lastmod, changefreq, "
                 "priority"}));
  }

  TEST_CASE("a NUL byte inside a document is a forbidden character at its position") {
    TempDir dir;
    const std::string path = dir.write("nul.xml", std::string(kHead) + "<url><loc>https://example.com/" +
                                                      std::string(1, '\0') + "x</loc></url>\n</urlset>\n");
    const auto findings = parse_findings(lint_quiet(path).out, path);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].str() ==
          "SM001 error 3:31: a NUL byte ends the document here for XML parsers; unexpected end of input: "
          "<loc> opened at line 3, column 6 is never closed");
    CHECK(findings[1].str() == "SM004 error 3:31: control character U+0000 is not allowed in XML");
  }

  TEST_CASE("a NUL byte: the syntax error is not placed at the end of the file") {
    TempDir dir;
    const std::string path = dir.write("nul.xml", std::string(kHead) + "<url><loc>https://example.com/" +
                                                      std::string(1, '\0') + "x</loc></url>\n</urlset>\n");
    for (const Finding& f : parse_findings(lint_quiet(path).out, path)) {
      INFO(f.str());
      CHECK((f.line == 3 && f.column == 31));
    }
  }

  TEST_CASE("a UTF-16LE file with a BOM is read as UTF-16, against its declaration of UTF-8") {
    const std::string text = std::string(kHead) + "  <url><loc>https://example.com/</loc></url>\n</urlset>\n";
    std::string utf16 = "\xFF\xFE";
    for (char c : text) {
      utf16.push_back(c);
      utf16.push_back('\0');
    }
    TempDir dir;
    const std::string path = dir.write("utf16.xml", utf16);
    CHECK(quiet_findings(path, 1) ==
          lines({"SM002 error 1:1: the input is encoded as UTF-16LE; sitemaps.org and Google require UTF-8",
                 "SM001 error 1:31: the XML declaration names encoding 'UTF-8', but the file is UTF-16LE by its byte "
                 "order mark; XML 1.0 (section 4.3.3) makes this a fatal error"}));
    CHECK(run_cli({"--color", "never", path}).exit_code == 1);  // the excerpt of a UTF-16 line too
  }

  TEST_CASE("a directory without sitemap files is a usage error with a one-line message") {
    TempDir dir;
    const std::string sub = (dir.path / "sitemaps").string();
    fs::create_directory(sub);
    const CommandResult r = run_cli({sub});
    CHECK(r.exit_code == 2);
    const std::string message = sub +
                                ": no sitemap files in this directory (names containing 'sitemap' and ending in "
                                ".xml, .txt or .gz)";
    CHECK(r.out == "error: 1 input could not be read:\n  " + message + "\n");
    CHECK(r.err == "sitemaplint: error: " + message + "\n");
  }

  TEST_CASE("a missing path is a usage error, and the other inputs are still linted") {
    TempDir dir;
    const std::string missing = (dir.path / "nope.xml").string();
    const CommandResult r = run_cli({missing});
    CHECK(r.exit_code == 2);
    // The report says it too, for a CI log that shows only standard output.
    CHECK(r.out == "error: 1 input could not be read:\n  " + missing + ": No such file or directory\n");
    CHECK(r.err == "sitemaplint: error: " + missing + ": No such file or directory\n");

    const std::string good = dir.write("one.xml", kOneFinding);
    const CommandResult both = run_cli({"--quiet", "--color", "never", missing, good});
    CHECK(both.exit_code == 2);
    CHECK(both.err == "sitemaplint: error: " + missing + ": No such file or directory\n");
    CHECK(strs(parse_findings(both.out, good)) == kOneFindingExpected);
  }

  TEST_CASE("an unreadable file is a usage error") {
    TempDir dir;
    const std::string path = dir.write("secret.xml", kOneFinding);
    REQUIRE(::chmod(path.c_str(), 0) == 0);
    const CommandResult r = lint_quiet(path);
    if (::geteuid() == 0) {
      // root reads a mode-000 file anyway (CAP_DAC_OVERRIDE), so there is no error to see: skip the
      // assertion, but the file must still be linted normally.
      MESSAGE("running as root: a chmod 000 file is readable, the permission error cannot be tested");
      CHECK(r.exit_code == 1);
      CHECK(strs(parse_findings(r.out, path)) == kOneFindingExpected);
    } else {
      CHECK(r.exit_code == 2);
      CHECK(r.out.empty());
      CHECK(r.err == "sitemaplint: error: " + path + ": Permission denied\n");
    }
  }

  TEST_CASE("gzip input") {
    TempDir dir;
    const std::string compressed = gzip_for_test(kOneFinding);

    SUBCASE("a valid .gz has the findings of the plain file") {
      const std::string plain = dir.write("one.xml", kOneFinding);
      const std::string gz = dir.write("one.xml.gz", compressed);
      CHECK(quiet_findings(plain, 1) == kOneFindingExpected);
      CHECK(quiet_findings(gz, 1) == kOneFindingExpected);
    }

    SUBCASE("a corrupt .gz (bad checksum) is a compression error") {
      std::string corrupt = compressed;
      corrupt[corrupt.size() - 8] = static_cast<char>(corrupt[corrupt.size() - 8] ^ 0x55);  // CRC-32
      const std::string path = dir.write("corrupt.xml.gz", corrupt);
      CHECK(quiet_findings(path, 1) == lines({"SM007 error 1:1: compression error: incorrect data check"}));
    }

    SUBCASE("a .gz with an unknown compression method is a compression error") {
      std::string corrupt = compressed;
      corrupt[2] = 9;  // only 8 (deflate) exists
      const std::string path = dir.write("method.xml.gz", corrupt);
      CHECK(quiet_findings(path, 1) == lines({"SM007 error 1:1: compression error: unknown compression method"}));
    }

    SUBCASE("a truncated .gz is a compression error") {
      for (const std::size_t keep : {std::size_t{10}, compressed.size() / 2, compressed.size() - 1}) {
        CAPTURE(keep);
        const std::string path = dir.write("truncated.xml.gz", compressed.substr(0, keep));
        CHECK(quiet_findings(path, 1) == lines({"SM007 error 1:1: compression error: the gzip data is truncated"}));
      }
    }

    SUBCASE("junk after the gzip data is a compression error") {
      const std::string path = dir.write("trailing.xml.gz", compressed + "junk");
      CHECK(quiet_findings(path, 1) ==
            lines({"SM007 error 1:1: compression error: trailing bytes after the gzip data"}));
    }

    SUBCASE("a gzip bomb stops at the size limit, quickly and in bounded memory") {
      // 60 MB of white space after a sitemap's start, compressed to about 60 KB.
      const std::string bomb = gzip_repeated(' ', 60'000'000, kHead);
      CHECK(bomb.size() < 200'000);
      const std::string path = dir.write("bomb.xml.gz", bomb);
      const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 60);
      REQUIRE_FALSE(r.timed_out);
      CHECK(r.exit_code == 1);
      CHECK(r.seconds < 5 * kSlowdown);
      CHECK(r.max_rss_kib < 200 * 1024 * kMemoryFactor);  // decompression stops at 52,428,800 bytes
      CHECK(strs(parse_findings(r.out, path)) ==
            lines({"SM702 error 1:1: decompressed size exceeds the limit of 52,428,800 "
                   "bytes; decompression stopped there and the document was not checked"}));
    }
  }

  TEST_CASE("standard input via '-'") {
    SUBCASE("plain") {
      const CommandResult r = run_cli({"--quiet", "--color", "never", "-"}, kOneFinding);
      CHECK(r.exit_code == 1);
      CHECK(strs(parse_findings(r.out, "-")) == kOneFindingExpected);
    }
    SUBCASE("gzip-compressed") {
      const CommandResult r = run_cli({"--quiet", "--color", "never", "-"}, gzip_for_test(kOneFinding));
      CHECK(r.exit_code == 1);
      CHECK(strs(parse_findings(r.out, "-")) == kOneFindingExpected);
    }
    SUBCASE("empty") {
      const CommandResult r = run_cli({"--quiet", "--color", "never", "-"}, "");
      CHECK(r.exit_code == 1);
      CHECK(strs(parse_findings(r.out, "-")) == lines({"SM001 error 1:1: the input is empty"}));
    }
  }

  TEST_CASE("50,000 attributes on one element do not hang") {
    std::string doc =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"";
    for (int i = 0; i < 50'000; ++i) doc += " a" + std::to_string(i) + "=\"v\"";
    doc += ">\n<url><loc>https://example.com/</loc></url>\n</urlset>\n";
    TempDir dir;
    const std::string path = dir.write("attributes.xml", doc);
    const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 20 * kSlowdown);
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 0);
    CHECK(r.seconds < 5 * kSlowdown);
  }

  TEST_CASE("50,000 namespace declarations and 50,000 entries do not hang") {
    std::string doc =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"";
    for (int i = 0; i < 50'000; ++i) doc += " xmlns:p" + std::to_string(i) + "=\"urn:x" + std::to_string(i) + "\"";
    doc += ">\n";
    for (int i = 0; i < 50'000; ++i) doc += "<url><loc>https://example.com/</loc></url>\n";
    doc += "</urlset>\n";
    TempDir dir;
    const std::string path = dir.write("namespaces.xml", doc);
    const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 20 * kSlowdown);
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 0);
    CHECK(r.seconds < 5 * kSlowdown);
  }

  TEST_CASE("many findings on one very long line do not make the human report quadratic") {
    std::string doc = std::string(kHead) + "<url><loc>https://example.com/";
    for (int i = 0; i < 200'000; ++i) doc += "&nbsp;";
    doc += "</loc></url>\n</urlset>\n";
    TempDir dir;
    const std::string path = dir.write("flood.xml", doc);
    const BoundedResult r = run_bounded({"--color", "never", path}, 30 * kSlowdown);
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 1);
    CHECK(r.seconds < 5 * kSlowdown);
  }

  TEST_CASE("control bytes from the input never reach the terminal") {
    TempDir dir;
    const std::string path = dir.write("escape.xml", "<\x1b]0;owned\x07\x1b[31mRED");
    const CommandResult r = run_cli({"--color", "never", path});
    CHECK(r.exit_code == 1);
    CHECK(r.out.find('\x1b') == std::string::npos);
    CHECK(r.out.find('\x07') == std::string::npos);
  }

}  // TEST_SUITE

TEST_CASE("a robots.txt naming 100,000 sitemaps leads to at most 1,000, and says so") {
  TempDir dir;
  std::string robots = "User-agent: *\n";
  for (int i = 0; i < 100'000; ++i) robots += "Sitemap: /s" + std::to_string(i) + ".xml\n";
  const std::string path = dir.write("robots.txt", robots);
  const BoundedResult r = run_bounded({"--quiet", "--color", "never", "--select", "SM805", "--robots", path}, 60);
  CHECK_FALSE(r.timed_out);
  CHECK(r.seconds < 10 * kSlowdown);
  // Google reads the first 500 KiB of a robots.txt (about 24,000 of these lines); past the first
  // 1,000 of those, none is followed.
  CHECK(r.out.find(" more sitemaps are not followed: one robots.txt leads to at most 1000 sitemaps in a run") !=
        std::string::npos);
}

TEST_CASE("a baseline that is not a regular file is refused at once") {
  TempDir dir;
  const std::string sitemap =
      dir.write("sitemap.xml", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>\n");
  const BoundedResult r = run_bounded({"--baseline", "/dev/zero", sitemap}, 30);
  CHECK_FALSE(r.timed_out);
  CHECK(r.exit_code == 2);
  CHECK(r.seconds < 2 * kSlowdown);
  // A regular file of /proc is not read either (the environment is no baseline, and stays unread).
  const BoundedResult environ = run_bounded({"--baseline", "/proc/self/environ", sitemap}, 30);
  CHECK(environ.exit_code == 2);
  CHECK(environ.err ==
        "sitemaplint: error: --baseline: cannot read '/proc/self/environ': is a file of /proc; nothing "
        "under /proc, /sys or /dev is read (see sitemaplint --help)\n");
}

TEST_CASE("a FIFO, a device and a file of /proc are refused at once, named on the command line or met in a directory") {
  TempDir dir;
  const std::string good = dir.write("site/sitemap.xml", kCleanSitemap);
  const std::string fifo = (dir.path / "site/sitemap-pipe.xml").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);  // no writer: opening it to read would wait for ever
  const std::string zero = (dir.path / "site/sitemap-zero.xml").string();
  std::filesystem::create_symlink("/dev/zero", zero);  // would read 1 GiB of NUL bytes
  const std::string environ = (dir.path / "site/sitemap-environ.xml").string();
  std::filesystem::create_symlink("/proc/self/environ", environ);  // the environment, secrets included
  const std::map<std::string, std::string> why = {
      {fifo, "is a FIFO, not a regular file; only regular files are read"},
      {zero, "is a character device, not a regular file; only regular files are read"},
      {environ, "is a file of /proc; nothing under /proc, /sys or /dev is read"},
  };
  for (const auto& [input, reason] : why) {
    const std::string& path = input;  // clang 14 cannot capture a structured binding in INFO's lambda
    INFO(path);
    const BoundedResult r = run_bounded({"--quiet", "--color", "never", path}, 30);
    REQUIRE_FALSE(r.timed_out);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "sitemaplint: error: " + path + ": " + reason + "\n");
    CHECK(r.out == "");
    CHECK(r.seconds < 2 * kSlowdown);
  }
  // In a directory: each is named, and the regular file beside them is linted.
  const BoundedResult r = run_bounded({"--color", "never", "--format", "json", (dir.path / "site").string()}, 30);
  REQUIRE_FALSE(r.timed_out);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "sitemaplint: error: " + environ + ": " + why.at(environ) + "\n" + "sitemaplint: error: " + fifo +
                     ": " + why.at(fifo) + "\n" + "sitemaplint: error: " + zero + ": " + why.at(zero) + "\n");
  CHECK(r.out.find("\"path\": \"" + good + "\"") != std::string::npos);
  CHECK(r.seconds < 2 * kSlowdown);
  // Through a config's robots or --robots, the same.
  const BoundedResult robots = run_bounded({"--quiet", "--robots", "/proc/self/environ", good}, 30);
  CHECK(robots.exit_code == 2);
  CHECK(robots.err == "sitemaplint: error: /proc/self/environ: " + why.at(environ) + "\n");
}

TEST_CASE("a directory search goes on past entries that vanished or loop, naming each") {
  TempDir dir;
  const std::string good = dir.write("site/sitemap.xml", kCleanSitemap);
  const std::string gone = (dir.path / "site/sitemap-gone.xml").string();
  std::filesystem::create_symlink(dir.path / "site/deleted.xml", gone);
  const std::string loop = (dir.path / "site/sitemap-loop.xml").string();
  std::filesystem::create_symlink("sitemap-loop.xml", loop);
  const std::string later = dir.write("site/z/sitemap.xml", kCleanSitemap);
  const BoundedResult r = run_bounded({"--color", "never", "--format", "json", (dir.path / "site").string()}, 30);
  REQUIRE_FALSE(r.timed_out);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "sitemaplint: error: " + gone + ": No such file or directory\n" + "sitemaplint: error: " + loop +
                     ": Too many levels of symbolic links\n");
  CHECK(r.out.find("\"path\": \"" + good + "\"") != std::string::npos);
  CHECK(r.out.find("\"path\": \"" + later + "\"") != std::string::npos);
}

TEST_CASE("500 MB of NUL or 0xFF bytes is called binary data or text from its start, quickly") {
  TempDir dir;
  const std::string zeros = (dir.path / "zeros.bin").string();
  {
    std::ofstream out(zeros, std::ios::binary);
    const std::string block(1 << 20, '\0');
    for (int i = 0; i < 500; ++i) out << block;
  }
  const BoundedResult r = run_bounded({"--quiet", "--color", "never", zeros}, 120);
  CHECK_FALSE(r.timed_out);
  CHECK(r.seconds < 10 * kSlowdown);  // it took 46 s when every byte was scanned first
  CHECK(r.out.find("SM008") != std::string::npos);
}

TEST_CASE("config globs with several '**' match in polynomial time") {
  TempDir dir;
  std::string deep = "site";
  for (int i = 0; i < 40; ++i) deep += "/d" + std::to_string(i);
  dir.write(deep + "/sitemap.xml", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>\n");
  dir.write("sitemaplint.toml", "exclude = [\"**/a/**/b/**/c/**/d/**/e/**/nothing.xml\"]\n");
  const BoundedResult r = run_bounded({"--quiet", (dir.path / "site").string()}, 60);
  CHECK_FALSE(r.timed_out);
  CHECK(r.seconds < 5 * kSlowdown);
}

TEST_CASE("four copies of one 20,000-URL sitemap cost about four times one, not a file read per finding") {
  // Every URL is a duplicate across the set; the files give their bytes up once linted and are
  // read again for the findings' texts, which once happened in hash order, a file per finding.
  std::string doc = std::string(kHead);
  for (int i = 0; i < 20'000; ++i) doc += "  <url><loc>https://example.com/p/" + std::to_string(i) + "</loc></url>\n";
  doc += "</urlset>\n";
  TempDir dir;
  std::vector<std::string> args{"--quiet", "--jobs", "1"};
  for (int copy = 1; copy <= 4; ++copy) args.push_back(dir.write("copy-" + std::to_string(copy) + ".xml", doc));
  const BoundedResult r = run_bounded(args, 60 * kSlowdown);
  CHECK_FALSE(r.timed_out);
  CHECK(r.exit_code == 0);  // SM803 is a warning
  CHECK(r.out.find("SM803") != std::string::npos);
  CHECK(r.seconds < 10 * kSlowdown);
}

TEST_CASE("a sitemap served gzip-encoded that inflates past 50 MB stops there, said of the decoded size") {
  HttpTestServer server;
  // 60 MB of white space after a sitemap's start, sent as about 60 KB with Content-Encoding: gzip.
  server.route("/sitemap.xml", HttpResponse{200,
                                            {{"Content-Type", "application/xml"}, {"Content-Encoding", "gzip"}},
                                            gzip_repeated(' ', 60'000'000, kHead)});
  const BoundedResult r = run_bounded({"--quiet", "--color", "never", server.url("/sitemap.xml")}, 60);
  REQUIRE_FALSE(r.timed_out);
  CHECK(r.seconds < 10 * kSlowdown);
  CHECK(strs(parse_findings(r.out, server.url("/sitemap.xml"))) ==
        lines({"SM702 error 1:1: the response holds more than 52,428,800 bytes (once its Content-Encoding, if any, "
               "is undone); reading stopped there and the document was not checked"}));
}
