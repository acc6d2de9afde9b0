// The shared analysis of <loc> values (src/loc_analysis.h): shapes, positions, host checks, the
// ASCII form offered as a fix, and the once-per-entry caching.
#include <doctest/doctest.h>
#include <unicode/uidna.h>

#include "loc_analysis.h"
#include "test_support.h"

using namespace sitemaplint;

namespace {

LocAnalysis analyze(std::string_view value) {
  LocAnalysis a;
  analyze_loc(value, a);
  return a;
}

}  // namespace

TEST_CASE("loc analysis: trimming, length and positions") {
  const LocAnalysis a = analyze("\n    https://example.com/caf\xC3\xA9#top \t");
  CHECK(a.trimmed == "https://example.com/caf\xC3\xA9#top");
  CHECK(a.start == 5);
  CHECK(a.code_points == 28);  // 'é' is one character in two bytes
  CHECK(a.first_non_ascii == 23);
  CHECK(a.fragment == 25);
  CHECK(loc_position(a, a.first_non_ascii) == 24);
  CHECK(loc_position(a, a.fragment) == 25);  // 1-based, in code points
  CHECK(code_point_at(a.trimmed, 23) == "\xC3\xA9");
  CHECK(decode_code_point("\xC3\xA9") == U'\u00E9');
  CHECK(decode_code_point("\xE2\x80\x8B") == U'\u200B');
  CHECK(decode_code_point("{") == U'{');
}

TEST_CASE("loc analysis: shapes") {
  CHECK(analyze("").shape == LocShape::Empty);
  CHECK(analyze(" \r\n\t ").shape == LocShape::Empty);
  CHECK(analyze("https://example.com/").shape == LocShape::Http);
  CHECK(analyze("http://example.com/").shape == LocShape::Http);
  const LocAnalysis upper = analyze("HTTPS://EXAMPLE.COM/");
  CHECK(upper.shape == LocShape::Http);
  CHECK(upper.scheme == "HTTPS");
  CHECK(upper.syntax_valid);
  CHECK(upper.host_problem == HostProblem::None);

  for (std::string_view other : {"ftp://example.com/x", "mailto:info@example.com",
                                 "file:///C:/site/index.html", "javascript:void(0)", "htps://example.com/"}) {
    CAPTURE(other);
    CHECK(analyze(other).shape == LocShape::OtherScheme);
  }
  CHECK(analyze("mailto:info@example.com").scheme == "mailto");

  struct Case {
    std::string_view value;
    RelativeForm form;
  };
  for (const Case& c :
       {Case{"/a", RelativeForm::Path}, Case{"index.html", RelativeForm::Path},
        Case{"None", RelativeForm::Path}, Case{"page.php?id=1", RelativeForm::Path},
        Case{"www.example.com/x", RelativeForm::HostName}, Case{"example.com/x", RelativeForm::HostName},
        Case{"example.com:8080/x", RelativeForm::HostName}, Case{"localhost:3000", RelativeForm::HostName},
        Case{"//example.com/x", RelativeForm::SchemeRelative},
        Case{"://example.com/x", RelativeForm::MissingScheme},
        Case{"https//example.com/x", RelativeForm::MissingColon}}) {
    CAPTURE(c.value);
    const LocAnalysis a = analyze(c.value);
    CHECK(a.shape == LocShape::NotAbsolute);
    CHECK(a.relative_form == c.form);
  }
}

TEST_CASE("loc analysis: syntax errors are Boost.URL's verdict, located by our own scan") {
  struct Case {
    std::string_view value;
    SyntaxProblem problem;
    UriPart part;
    std::size_t at;
  };
  for (const Case& c : {
           Case{"https://example.com/p?q={x}", SyntaxProblem::Character, UriPart::Query, 24},
           Case{"https://example.com/a b", SyntaxProblem::Character, UriPart::Path, 21},
           Case{"https://exa mple.com/", SyntaxProblem::Character, UriPart::Host, 11},
           Case{"https://example.com/%ZZ", SyntaxProblem::PercentEscape, UriPart::Path, 20},
           Case{"https://example.com/a%2", SyntaxProblem::PercentEscape, UriPart::Path, 21},
           Case{"https://example.com/a|b", SyntaxProblem::Character, UriPart::Path, 21},
           Case{"https://example.com/a\\b", SyntaxProblem::Character, UriPart::Path, 21},
           Case{"https://example.com/a#b#c", SyntaxProblem::Character, UriPart::Fragment, 23},
           Case{"https://example.com/a[1]", SyntaxProblem::Character, UriPart::Path, 21},
           // Boost.URL 1.81 accepts these two; RFC 3986 (path-abempty) does not.
           Case{"https://example.com:80a/", SyntaxProblem::Character, UriPart::Port, 22},
           Case{"http://a@b@example.com/", SyntaxProblem::Character, UriPart::UserInfo, 8},
           Case{"http://[::1/", SyntaxProblem::IpLiteral, UriPart::Host, 7},
           Case{"http://[zz]/", SyntaxProblem::IpLiteral, UriPart::Host, 7},
       }) {
    CAPTURE(c.value);
    const LocAnalysis a = analyze(c.value);
    REQUIRE(a.shape == LocShape::Http);
    CHECK_FALSE(a.syntax_valid);
    CHECK(a.syntax_problem == c.problem);
    CHECK(a.syntax_part == c.part);
    CHECK(a.syntax_at == c.at);
  }
  // Raw non-ASCII alone is no syntax error: it is percent-encoded before parsing.
  for (std::string_view valid :
       {"https://example.com/caf\xC3\xA9",
        "https://b\xC3\xBC"
        "cher.example/",
        "https://example.com/?q=a&b='c'(d)*+,;=:@/?", "https://user:pw@example.com:8080/",
        "https://example.com/%7Bx%7D", "https://example.com", "https://example.com:/x"}) {
    CAPTURE(valid);
    const LocAnalysis a = analyze(valid);
    CHECK(a.syntax_valid);
    CHECK(a.syntax_problem == SyntaxProblem::None);
  }
}

TEST_CASE("loc analysis: hosts") {
  const LocAnalysis plain = analyze("https://Example.COM:8443/x");
  CHECK(plain.has_authority);
  CHECK(plain.host == "Example.COM");
  CHECK(plain.host_at == 8);
  CHECK(plain.ascii_host == "Example.COM");
  CHECK(plain.host_problem == HostProblem::None);

  for (std::string_view ip :
       {"http://192.0.2.1/", "http://[2001:db8::1]/", "http://[::1]:8080/", "http://[v1.x]/"}) {
    CAPTURE(ip);
    const LocAnalysis a = analyze(ip);
    CHECK(a.host_is_ip);
    CHECK(a.host_problem == HostProblem::None);
  }
  CHECK(analyze("http://[2001:db8::1]/").host == "[2001:db8::1]");

  const LocAnalysis idn = analyze(
      "https://B\xC3\xBC"
      "cher.example/");
  CHECK(idn.host_problem == HostProblem::None);
  CHECK(idn.ascii_host == "xn--bcher-kva.example");
  CHECK(analyze("https://xn--bcher-kva.example/").host_problem == HostProblem::None);
  CHECK(analyze("https://example.com./").host_problem == HostProblem::None);
  CHECK(analyze("http://ex%41mple.com/").host_problem == HostProblem::None);

  struct Case {
    std::string_view value;
    HostProblem problem;
    std::uint32_t idna = 0;
  };
  const std::string long_label = "http://" + std::string(64, 'a') + ".com/";
  std::string long_name = "http://";
  for (int i = 0; i < 26; ++i) long_name += "abcdefghi.";
  long_name += "com/";  // 263 characters
  for (const Case& c :
       {Case{"http:///x", HostProblem::Empty}, Case{"https:/example.com/x", HostProblem::NoAuthority},
        Case{"https:example.com", HostProblem::NoAuthority},
        Case{"http://intranet/x", HostProblem::NotQualified}, Case{"http://None", HostProblem::NotQualified},
        Case{"http://localhost./", HostProblem::NotQualified},
        Case{"http://256.1.1.1/", HostProblem::NumericTld},
        Case{"http://example.123/", HostProblem::NumericTld},
        Case{"http://ex_ample.com/", HostProblem::Idna, UIDNA_ERROR_DISALLOWED},
        Case{"http://a..example.com/", HostProblem::Idna, UIDNA_ERROR_EMPTY_LABEL},
        Case{"http://-shop.example.com/", HostProblem::Idna, UIDNA_ERROR_LEADING_HYPHEN},
        Case{"http://ab--c.example.com/", HostProblem::Idna, UIDNA_ERROR_HYPHEN_3_4},
        Case{"http://xn--zz.com/", HostProblem::Idna, UIDNA_ERROR_PUNYCODE},
        Case{"http://1abc.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA/", HostProblem::Idna, UIDNA_ERROR_BIDI},
        Case{long_label, HostProblem::Idna, UIDNA_ERROR_LABEL_TOO_LONG},
        Case{long_name, HostProblem::Idna, UIDNA_ERROR_DOMAIN_NAME_TOO_LONG}}) {
    CAPTURE(c.value);
    const LocAnalysis a = analyze(c.value);
    REQUIRE(a.syntax_valid);
    CHECK(a.host_problem == c.problem);
    if (c.idna) CHECK((a.idna_errors & c.idna) != 0);
  }
}

TEST_CASE("loc analysis: the ASCII form offered for non-ASCII URLs") {
  CHECK(analyze("https://example.com/caf\xC3\xA9").ascii_form == "https://example.com/caf%C3%A9");
  CHECK(analyze("https://b\xC3\xBC"
                "cher.example/caf\xC3\xA9?q=\xE5\x80\xA4#\xC3\xA9")
            .ascii_form == "https://xn--bcher-kva.example/caf%C3%A9?q=%E5%80%A4#%C3%A9");
  CHECK(analyze("https://user:p\xC3\xA4@example.com/").ascii_form == "https://user:p%C3%A4@example.com/");
  CHECK(analyze("/caf\xC3\xA9").ascii_form == "/caf%C3%A9");
  // A host IDNA rejects has no ASCII form.
  CHECK(analyze("http://1abc.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA/").ascii_form.empty());
  // ASCII URLs need none.
  CHECK(analyze("https://example.com/").ascii_form.empty());
  CHECK(percent_encoded("{") == "%7B");
  CHECK(percent_encoded("\xC3\xA9") == "%C3%A9");
}

TEST_CASE("loc analysis: reusing one analysis leaves nothing behind") {
  LocAnalysis a;
  analyze_loc(
      "https://b\xC3\xBC"
      "cher.example/a b#x",
      a);
  CHECK(a.first_non_ascii != kNoPosition);
  analyze_loc("https://example.com/", a);
  CHECK(a.syntax_valid);
  CHECK(a.first_non_ascii == kNoPosition);
  CHECK(a.fragment == kNoPosition);
  CHECK(a.ascii_form.empty());
  CHECK(a.ascii_host == "example.com");
  analyze_loc("", a);
  CHECK(a.shape == LocShape::Empty);
  CHECK(a.host.empty());
}

TEST_CASE("loc analysis: source spans map into the input") {
  Field exact;
  exact.present = true;
  exact.value_offset = 100;
  exact.raw = exact.value = "  https://example.com/{x}\n";
  LocAnalysis a;
  analyze_loc(exact.value, a);
  SourceSpan whole = loc_span(exact, a);
  CHECK(whole.offset == 102);
  CHECK(whole.length == 23);
  const SourceSpan brace = loc_span(exact, a, a.syntax_at, 1);
  CHECK(brace.offset == 102 + 20);
  CHECK(brace.length == 1);

  // With entities, offsets inside the value do not map: everything points at the text as written.
  Field inexact;
  inexact.present = true;
  inexact.value_offset = 50;
  inexact.raw = " https://example.com/?a=1&amp;b={2} ";
  inexact.value = " https://example.com/?a=1&b={2} ";
  inexact.exact = false;
  analyze_loc(inexact.value, a);
  whole = loc_span(inexact, a);
  CHECK(whole.offset == 51);
  CHECK(whole.length == inexact.raw.size() - 2);
  CHECK(loc_span(inexact, a, a.syntax_at, 1).offset == 51);
}

TEST_CASE("loc analysis: computed once per entry and shared by the loc rules") {
  // The engine resets the cache for each entry; every rule then sees the same object.
  Entry entry;
  entry.kind = EntryKind::Url;
  entry.loc.present = true;
  entry.loc.raw = entry.loc.value = "https://example.com/a";
  LocAnalysisCache cache;
  entry.loc_cache = &cache;
  const LocAnalysis* first = &entry.loc_analysis();
  CHECK(first == &entry.loc_analysis());
  CHECK(first->trimmed == "https://example.com/a");
  entry.loc.raw = entry.loc.value = "ftp://example.com/b";
  CHECK(entry.loc_analysis().shape == LocShape::Http);  // cached until the engine resets it
  cache.reset();
  CHECK(entry.loc_analysis().shape == LocShape::OtherScheme);
  // Without a cache, each call analyzes afresh.
  entry.loc_cache = nullptr;
  CHECK(entry.loc_analysis().trimmed == "ftp://example.com/b");
}
