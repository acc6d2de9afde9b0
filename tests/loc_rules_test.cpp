// The loc rules together (SM201-SM211): which one fires for which value, and what the messages say.
// Per-rule cases with exact positions live in testdata/rules/SM2xx-*/.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>

#include "engine/registry.h"
#include "test_support.h"

using namespace sitemaplint;

namespace {

const std::string kHead =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
    "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
const std::string kTail = "</urlset>\n";

std::string urlset(const std::vector<std::string>& locs) {
  std::string doc = kHead;
  for (const std::string& loc : locs) doc += "<url><loc>" + loc + "</loc></url>\n";
  return doc + kTail;
}

std::vector<const Diagnostic*> findings(const FileReport& report, std::string_view code) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : report.diagnostics) {
    if (d.rule->code == code) out.push_back(&d);
  }
  return out;
}

std::string apply(const std::string& text, const Fix& fix) {
  return text.substr(0, fix.offset) + fix.replacement + text.substr(fix.offset + fix.length);
}

// The first ```xml block of a Markdown section.
}  // namespace

TEST_CASE("loc rules: one of SM201-SM206 (or SM212) per loc, and messages that name the value") {
  const auto codes = [](const std::string& loc) {
    const FileReport report = testing::lint_text(urlset({loc}));
    std::vector<std::string> out;
    for (const Diagnostic& d : report.diagnostics) out.push_back(std::string(d.rule->code) + " " + d.message);
    return out;
  };
  const auto only = [&](const std::string& loc, const std::string& code, const std::string& fragment) {
    CAPTURE(loc);
    const std::vector<std::string> got = codes(loc);
    REQUIRE(got.size() == 1);
    CHECK(got[0].starts_with(code + " "));
    CHECK_MESSAGE(got[0].find(fragment) != std::string::npos, got[0]);
  };
  only("", "SM201", "<loc> is empty");
  only("www.example.com/x", "SM202", "add https:// ('https://www.example.com/x')");
  only("//example.com/x", "SM202", "'https://example.com/x'");
  only("FTP://example.com/x", "SM203", "'FTP'");
  only("https://example.com/p?q={x}", "SM205", "'{' at position 25 is not allowed in a URL; percent-encode it as %7B");
  only("https://example.com/%ZZ", "SM205", "('%ZZ')");
  only("http:///x", "SM206", "empty host");
  only("http://intranet/x", "SM212", "has no dot, so it is not a public host name");
  only("http://ex_ample.com/", "SM206", "'_' is not allowed in a host name");
  // Relative and invalid at once: only the first problem in precedence order.
  only("/a b", "SM202", "'/a b'");
  only("mailto:a b", "SM203", "'mailto'");
  only("http://exa mple/", "SM205", "a space at position 11");
}

TEST_CASE("loc rules: fixes") {
  SUBCASE("loc-whitespace replaces the text with the bare URL") {
    const std::string text = urlset({"https://example.com/", "\n   https://example.com/a \t"});
    const FileReport report = testing::lint_text(text);
    const auto found = findings(report, "SM207");
    REQUIRE(found.size() == 1);
    REQUIRE(found[0]->fix.has_value());
    const std::string fixed = apply(text, *found[0]->fix);
    CHECK(fixed == urlset({"https://example.com/", "https://example.com/a"}));
    CHECK(testing::lint_text(fixed).diagnostics.empty());
  }
  SUBCASE("loc-whitespace rewrites the whole text, escaped, when entities make the text differ from the value") {
    const std::string text = urlset({"https://example.com/", " https://example.com/?a=1&amp;b=2"});
    const FileReport report = testing::lint_text(text);
    const auto found = findings(report, "SM207");
    REQUIRE(found.size() == 1);
    REQUIRE(found[0]->fix.has_value());
    const std::string fixed = apply(text, *found[0]->fix);
    CHECK(fixed == urlset({"https://example.com/", "https://example.com/?a=1&amp;b=2"}));
    CHECK(testing::lint_text(fixed).diagnostics.empty());
  }
  SUBCASE("a value in one CDATA section is fixed inside it; text mixed with CDATA is not rewritten") {
    const std::string text = urlset({"https://example.com/", "<![CDATA[ https://example.com/b?x=1&y=2]]>"});
    const FileReport report = testing::lint_text(text);
    const auto found = findings(report, "SM207");
    REQUIRE(found.size() == 1);
    REQUIRE(found[0]->fix.has_value());
    CHECK(apply(text, *found[0]->fix) == urlset({"https://example.com/", "<![CDATA[https://example.com/b?x=1&y=2]]>"}));
    const std::string mixed = urlset({"https://example.com/", " https://example.com/<![CDATA[c]]>"});
    const FileReport mixed_report = testing::lint_text(mixed);
    const auto mixed_found = findings(mixed_report, "SM207");
    REQUIRE(mixed_found.size() == 1);
    CHECK_FALSE(mixed_found[0]->fix.has_value());
  }
  SUBCASE("loc-non-ascii writes the URL in ASCII: Punycode host, percent-encoded rest") {
    const std::string text =
        urlset({"https://b\xC3\xBC"
                "cher.example/caf\xC3\xA9?q=\xE5\x80\xA4"});
    const FileReport report = testing::lint_text(text);
    const auto found = findings(report, "SM208");
    REQUIRE(found.size() == 1);
    REQUIRE(found[0]->fix.has_value());
    CHECK(found[0]->fix->replacement == "https://xn--bcher-kva.example/caf%C3%A9?q=%E5%80%A4");
    CHECK(found[0]->message.find("'\xC3\xBC' (U+00FC) at position 10") != std::string::npos);
    const std::string fixed = apply(text, *found[0]->fix);
    CHECK(fixed == urlset({"https://xn--bcher-kva.example/caf%C3%A9?q=%E5%80%A4"}));
    CHECK(testing::lint_text(fixed).diagnostics.empty());
  }
  SUBCASE("loc-non-ascii offers no fix for a host IDNA rejects; a character reference is rewritten") {
    CHECK_FALSE(findings(testing::lint_text(urlset({"https://1abc.\xD7\xA2\xD7\x91\xD7\xA8/"})), "SM208")[0]->fix);
    const std::string text = urlset({"https://example.com/caf&#233;"});
    const auto fix = findings(testing::lint_text(text), "SM208")[0]->fix;
    REQUIRE(fix.has_value());
    CHECK(apply(text, *fix) == urlset({"https://example.com/caf%C3%A9"}));
  }
}

TEST_CASE("loc rules: related locations") {
  const std::string text = urlset({"https://example.com/", "https://www.example.com/a", "https://WWW.example.com/b",
                                   "https://example.com/", "https://example.com/"});
  const FileReport report = testing::lint_text(text);
  const std::size_t first_loc = text.find("https://example.com/");

  const auto hosts = findings(report, "SM210");
  REQUIRE(hosts.size() == 1);  // once per other host, however often it recurs
  CHECK(hosts[0]->offset == text.find("www.example.com"));
  CHECK(hosts[0]->length == std::string_view("www.example.com").size());
  REQUIRE(hosts[0]->related.has_value());
  CHECK(hosts[0]->related->offset == first_loc);
  CHECK(hosts[0]->message.find("'www.example.com'") != std::string::npos);
  CHECK(hosts[0]->message.find("'example.com'") != std::string::npos);

  const auto repeats = findings(report, "SM211");
  REQUIRE(repeats.size() == 2);  // every repeat, each pointing at the first
  for (const Diagnostic* d : repeats) {
    REQUIRE(d->related.has_value());
    CHECK(d->related->offset == first_loc);
    CHECK(d->related->message == "first listed here");
    CHECK(d->length == std::string_view("https://example.com/").size());
  }
}

TEST_CASE("loc rules: the message of loc-too-long gives the length") {
  const std::string url = "https://example.com/?q=" + std::string(3000 - 23, 'a');
  const FileReport report = testing::lint_text(urlset({url}));
  const auto found = findings(report, "SM204");
  REQUIRE(found.size() == 1);
  CHECK(found[0]->message.find("is 3,000 characters long") != std::string::npos);
}

// SM216 decides on each run of escapes in one pass (rules/url/loc_percent_encoding.cpp). Against
// an oracle written from RFC 3629 and the rule's documentation, over random runs biased towards
// the edges (lead bytes, the first continuation's limits, controls, NUL): a run is reported when,
// in a path, its bytes are not UTF-8 or hold a C0, DEL or C1 control; in a query, when a NUL comes
// before its first byte from 0x80.
TEST_CASE("loc rules: SM216 reports a run of escapes exactly when its bytes are not clean") {
  const auto valid_utf8 = [](const std::string& bytes) {
    for (std::size_t i = 0; i < bytes.size();) {
      const auto b = static_cast<unsigned char>(bytes[i]);
      std::size_t length = b < 0x80                 ? 1
                           : b >= 0xC2 && b <= 0xDF ? 2
                           : b >= 0xE0 && b <= 0xEF ? 3
                           : b >= 0xF0 && b <= 0xF4 ? 4
                                                    : 0;
      if (length == 0 || i + length > bytes.size()) return false;
      char32_t c = length == 1 ? b : b & (0x7F >> length);
      for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(bytes[i + k]);
        if ((next & 0xC0) != 0x80) return false;
        c = (c << 6) | (next & 0x3F);
      }
      const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
      if (c < least[length] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
      i += length;
    }
    return true;
  };
  const auto clean = [&](const std::string& bytes, bool in_path) {
    if (!in_path) {
      for (const char byte : bytes) {
        const auto b = static_cast<unsigned char>(byte);
        if (b >= 0x80) return true;
        if (b == 0) return false;
      }
      return true;
    }
    if (!valid_utf8(bytes)) return false;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      const auto b = static_cast<unsigned char>(bytes[i]);
      if (b < 0x20 || b == 0x7F) return false;
      if (b == 0xC2 && i + 1 < bytes.size() && static_cast<unsigned char>(bytes[i + 1]) < 0xA0) return false;
    }
    return true;
  };
  // Characters at the edges of UTF-8's ranges, C0 and C1 controls among them, written as UTF-8;
  // then forms UTF-8 forbids (overlong, surrogates, past U+10FFFF, stray bytes).
  const auto utf8 = [](char32_t c) {
    std::string out;
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
  };
  std::vector<std::string> pieces;
  for (const char32_t c : {0x00u,   0x1Fu,    0x20u,    0x41u,    0x7Eu,    0x7Fu,     0x80u,    0x85u,   0x9Fu,
                           0xA0u,   0xE9u,    0x7FFu,   0x800u,   0xFFFu,   0x1000u,   0xD7FFu,  0xE000u, 0xFFFDu,
                           0xFFFFu, 0x10000u, 0x3FFFFu, 0x40000u, 0xFFFFFu, 0x100000u, 0x10FFFFu}) {
    pieces.push_back(utf8(c));
  }
  for (const char* forbidden :
       {"\xC0\x80", "\xC1\xBF", "\xE0\x80\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF", "\xF0\x80\x80\x80",
        "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF", "\x80", "\xBF"}) {
    pieces.emplace_back(forbidden);
  }
  std::mt19937 random(216);
  std::size_t reported = 0, runs = 0;
  for (int round = 0; round < 3000; ++round) {
    const bool in_path = round % 3 != 0;
    std::string bytes;
    for (int k = 1 + static_cast<int>(random() % 3); k > 0; --k) {
      std::string piece = pieces[random() % pieces.size()];
      if (random() % 6 == 0 && piece.size() > 1) piece.pop_back();  // a sequence cut short
      bytes += piece;
    }
    std::string escapes;
    for (const char byte : bytes) {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(byte));
      escapes += hex;
    }
    const std::string loc = in_path ? "https://example.com/p/a" + escapes + "b" : "https://example.com/p?q=" + escapes;
    const FileReport report = testing::lint_text(urlset({loc}));
    const bool found = !findings(report, "SM216").empty();
    CAPTURE(loc);
    CHECK(found == !clean(bytes, in_path));
    reported += found;
    ++runs;
  }
  // Both answers came up often: the runs tested the decision, not one side of it.
  CHECK(reported > runs / 5);
  CHECK(runs - reported > runs / 5);
}
