// The shared analysis of <loc> values (src/loc_analysis.h): shapes, positions, host checks, the
// ASCII form offered as a fix, and the once-per-entry caching.
#include <doctest/doctest.h>
#include <unicode/uidna.h>

#include "url_analysis.h"
#include "analysis/same_url.h"
#include "analysis/uri_scan.h"

#include <boost/url/parse.hpp>
#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>
#include <regex>
#include "test_support.h"

using namespace sitemaplint;

namespace {

UrlAnalysis analyze(std::string_view value) {
  UrlAnalysis a;
  analyze_url(value, a);
  return a;
}

}  // namespace

TEST_CASE("loc analysis: trimming, length and positions") {
  const UrlAnalysis a = analyze("\n    https://example.com/caf\xC3\xA9#top \t");
  CHECK(a.trimmed == "https://example.com/caf\xC3\xA9#top");
  CHECK(a.start == 5);
  CHECK(a.code_points == 28);  // 'é' is one character in two bytes
  CHECK(a.first_non_ascii == 23);
  CHECK(a.fragment == 25);
  CHECK(url_position(a, a.first_non_ascii) == 24);
  CHECK(url_position(a, a.fragment) == 25);  // 1-based, in code points
  CHECK(code_point_at(a.trimmed, 23) == "\xC3\xA9");
  CHECK(decode_code_point("\xC3\xA9") == U'\u00E9');
  CHECK(decode_code_point("\xE2\x80\x8B") == U'\u200B');
  CHECK(decode_code_point("{") == U'{');
}

TEST_CASE("loc analysis: the first '#', any '%' and the first non-ASCII byte, at every place in blocks of sixteen") {
  // Against the string's own searches: each marker (and a second one after it) at every position
  // of values from 1 to 60 bytes long (under 16 bytes, past whole blocks, in the last block).
  for (std::size_t length = 1; length <= 60; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (const char marker : {'#', '%', '\xC3'}) {
        std::string url =
            length >= 20 ? "https://example.com/" + std::string(length - 20, 'a') : std::string(length, 'a');
        url[at] = marker;
        if (at + 3 < length) url[at + 3] = marker;
        CAPTURE(url);
        const UrlAnalysis a = analyze(url);
        CHECK(a.fragment == url.find('#'));
        CHECK(a.has_percent == (url.find('%') != std::string::npos));
        const std::size_t high = url.find('\xC3');
        CHECK(a.first_non_ascii == (high == std::string::npos ? kNoPosition : high));
      }
    }
  }
}

TEST_CASE("loc analysis: shapes") {
  CHECK(analyze("").shape == UrlShape::Empty);
  CHECK(analyze(" \r\n\t ").shape == UrlShape::Empty);
  CHECK(analyze("https://example.com/").shape == UrlShape::Http);
  CHECK(analyze("http://example.com/").shape == UrlShape::Http);
  const UrlAnalysis upper = analyze("HTTPS://EXAMPLE.COM/");
  CHECK(upper.shape == UrlShape::Http);
  CHECK(upper.scheme == "HTTPS");
  CHECK(upper.syntax_valid);
  CHECK(upper.host_problem == HostProblem::None);

  for (std::string_view other : {"ftp://example.com/x", "mailto:info@example.com", "file:///C:/site/index.html",
                                 "javascript:void(0)", "htps://example.com/"}) {
    CAPTURE(other);
    CHECK(analyze(other).shape == UrlShape::OtherScheme);
  }
  CHECK(analyze("mailto:info@example.com").scheme == "mailto");
  // Near the usual schemes: the scheme is what stands before the first ':'.
  CHECK(analyze("https:").scheme == "https");
  CHECK(analyze("http:/a").scheme == "http");
  CHECK(analyze("https:/a").shape == UrlShape::Http);
  CHECK(analyze("httpsx://example.com/").scheme == "httpsx");
  CHECK(analyze("httpsx://example.com/").shape == UrlShape::OtherScheme);
  CHECK(analyze("http+x://example.com/").scheme == "http+x");

  struct Case {
    std::string_view value;
    RelativeForm form;
  };
  for (const Case& c :
       {Case{"/a", RelativeForm::Path}, Case{"index.html", RelativeForm::Path}, Case{"None", RelativeForm::Path},
        Case{"page.php?id=1", RelativeForm::Path}, Case{"www.example.com/x", RelativeForm::HostName},
        Case{"example.com/x", RelativeForm::HostName}, Case{"example.com:8080/x", RelativeForm::HostName},
        Case{"localhost:3000", RelativeForm::HostName}, Case{"//example.com/x", RelativeForm::SchemeRelative},
        Case{"://example.com/x", RelativeForm::MissingScheme},
        Case{"https//example.com/x", RelativeForm::MissingColon}}) {
    CAPTURE(c.value);
    const UrlAnalysis a = analyze(c.value);
    CHECK(a.shape == UrlShape::NotAbsolute);
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
    const UrlAnalysis a = analyze(c.value);
    REQUIRE(a.shape == UrlShape::Http);
    CHECK_FALSE(a.syntax_valid);
    CHECK(a.syntax_problem == c.problem);
    CHECK(a.syntax_part == c.part);
    CHECK(a.syntax_at == c.at);
  }
  // Raw non-ASCII alone is no syntax error: it is percent-encoded before parsing.
  for (std::string_view valid : {"https://example.com/caf\xC3\xA9",
                                 "https://b\xC3\xBC"
                                 "cher.example/",
                                 "https://example.com/?q=a&b='c'(d)*+,;=:@/?", "https://user:pw@example.com:8080/",
                                 "https://example.com/%7Bx%7D", "https://example.com", "https://example.com:/x"}) {
    CAPTURE(valid);
    const UrlAnalysis a = analyze(valid);
    CHECK(a.syntax_valid);
    CHECK(a.syntax_problem == SyntaxProblem::None);
  }
}

TEST_CASE("loc analysis: hosts") {
  const UrlAnalysis plain = analyze("https://Example.COM:8443/x");
  CHECK(plain.has_authority);
  CHECK(plain.host == "Example.COM");
  CHECK(plain.host_at == 8);
  CHECK(plain.ascii_host == "Example.COM");
  CHECK(plain.host_problem == HostProblem::None);

  for (std::string_view ip : {"http://192.0.2.1/", "http://[2001:db8::1]/", "http://[::1]:8080/", "http://[v1.x]/"}) {
    CAPTURE(ip);
    const UrlAnalysis a = analyze(ip);
    CHECK(a.host_is_ip);
    CHECK(a.host_problem == HostProblem::None);
  }
  CHECK(analyze("http://[2001:db8::1]/").host == "[2001:db8::1]");

  const UrlAnalysis idn = analyze(
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
        Case{"https:example.com", HostProblem::NoAuthority}, Case{"http://intranet/x", HostProblem::NotQualified},
        Case{"http://None", HostProblem::NotQualified}, Case{"http://localhost./", HostProblem::NotQualified},
        Case{"http://256.1.1.1/", HostProblem::NumericTld}, Case{"http://example.123/", HostProblem::NumericTld},
        Case{"http://ex_ample.com/", HostProblem::Idna, UIDNA_ERROR_DISALLOWED},
        Case{"http://a..example.com/", HostProblem::Idna, UIDNA_ERROR_EMPTY_LABEL},
        Case{"http://-shop.example.com/", HostProblem::Idna, UIDNA_ERROR_LEADING_HYPHEN},
        Case{"http://ab--c.example.com/", HostProblem::Idna, UIDNA_ERROR_HYPHEN_3_4},
        Case{"http://xn--zz.com/", HostProblem::Idna, UIDNA_ERROR_PUNYCODE},
        Case{"http://1abc.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA/", HostProblem::Idna, UIDNA_ERROR_BIDI},
        Case{long_label, HostProblem::Idna, UIDNA_ERROR_LABEL_TOO_LONG},
        Case{long_name, HostProblem::Idna, UIDNA_ERROR_DOMAIN_NAME_TOO_LONG}}) {
    CAPTURE(c.value);
    const UrlAnalysis a = analyze(c.value);
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
  UrlAnalysis a;
  analyze_url(
      "https://b\xC3\xBC"
      "cher.example/a b#x",
      a);
  CHECK(a.first_non_ascii != kNoPosition);
  analyze_url("https://example.com/", a);
  CHECK(a.syntax_valid);
  CHECK(a.first_non_ascii == kNoPosition);
  CHECK(a.fragment == kNoPosition);
  CHECK(a.ascii_form.empty());
  CHECK(a.ascii_host == "example.com");
  analyze_url("", a);
  CHECK(a.shape == UrlShape::Empty);
  CHECK(a.host.empty());
}

TEST_CASE("loc analysis: the normal form is recognised while scanning, never wrongly") {
  for (const char* url :
       {"https://example.com/a", "https://example.com/a/?Q=B#F", "http://example.com/",
        "https://example.com/.well-known/x", "https://Example.com/a", "https://example.com",
        "https://example.com:443/a", "https://example.com/%7e", "https://example.com/a/../b", "https://u@example.com/a",
        "https://example.com/caf\xC3\xA9", "HTTPS://example.com/a", "https://example.com/a?x=%41", "https://[::1]/a",
        "https://example.com?q", "https://example.com/a/.", "https://example.com/A:b@c", "ftp://example.com/a"}) {
    CAPTURE(url);
    const UrlAnalysis a = analyze(url);
    std::string normal;
    normalise_url(url, &normal);
    if (a.normal_form) CHECK(normal == url);
    std::string scratch;
    CHECK(a.same_url_key() == same_url_key(url, &scratch));
    CHECK(a.same_url_key() == a.same_url_key());  // kept, not recomputed differently
  }
  // The usual sitemap URL is recognised without a second scan.
  CHECK(analyze("https://example.com/en/products/item-1/").normal_form);
  CHECK(analyze("https://www.example.com/a?utm_source=x&b=C#top").normal_form);
  CHECK(analyze("https://example.com/A:b@c").normal_form);
  CHECK_FALSE(analyze("https://example.com/A/./b").normal_form);
  // A "/." at every place of paths of up to 40 bytes (two and a half blocks of sixteen), and a '/'
  // and a '.' apart, or in the query.
  for (std::size_t length = 2; length <= 40; ++length) {
    for (std::size_t at = 0; at + 2 <= length; ++at) {
      std::string path(length, 'a');
      path[0] = '/';
      path[at] = '/';
      path[at + 1] = '.';
      CAPTURE(path);
      CHECK_FALSE(analyze("https://example.com" + path).normal_form);
      std::string apart(length, 'a');
      apart[0] = '/';
      apart[length - 1] = '.';
      if (length > 2) CHECK(analyze("https://example.com" + apart).normal_form);
      CHECK(analyze("https://example.com/" + std::string(length, 'a') + "?/.").normal_form);
    }
  }
  CHECK_FALSE(analyze("https://example.com:8080/a").normal_form);
  // An escape normalising keeps (upper-case hex of a byte that stays escaped) leaves it so.
  CHECK(analyze("https://example.com/a%20b").normal_form);
  CHECK(analyze("https://example.com/%E5%95%86-%D1%81?q=%2F#%C3%A9").normal_form);
  CHECK_FALSE(analyze("https://example.com/a%2fb").normal_form);
  CHECK_FALSE(analyze("https://example.com/a?b=%7E").normal_form);
}

namespace {

// What the scan says of a URL's escapes, worked out here the slow way, from the standards: each
// run of escapes decoded whole. In the path, a run must be UTF-8 without a control character (C0,
// DEL, C1); in the query, no NUL before its first byte from 0x80; a fragment is not looked at.
struct EscapeFacts {
  bool clean = true;
  bool escaped_percent_in_path = false;
};

EscapeFacts escape_facts(std::string_view url) {
  EscapeFacts facts;
  const std::size_t path = url.find('/', url.find("://") + 3);
  const std::size_t fragment = std::min(url.find('#'), url.size());
  const std::size_t query = std::min(url.find('?'), fragment);
  const auto byte_at = [&](std::size_t at) { return std::stoi(std::string(url.substr(at + 1, 2)), nullptr, 16); };
  for (std::size_t i = path; i < fragment;) {
    if (url[i] != '%') {
      ++i;
      continue;
    }
    const bool in_path = i < query;
    std::string run;
    for (; i < (in_path ? query : fragment) && url[i] == '%'; i += 3) run += static_cast<char>(byte_at(i));
    if (in_path) {
      facts.escaped_percent_in_path = facts.escaped_percent_in_path || run.find('%') != std::string::npos;
      if (!is_valid_utf8(run)) facts.clean = false;
      for (std::size_t k = 0; k < run.size() && facts.clean; k += code_point_at(run, k).size()) {
        const char32_t c = decode_code_point(code_point_at(run, k));
        if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) facts.clean = false;
      }
    } else {
      for (const char c : run) {
        if (static_cast<unsigned char>(c) >= 0x80) break;
        if (c == '\0') facts.clean = false;
      }
    }
  }
  return facts;
}

}  // namespace

TEST_CASE("loc analysis: escapes decoded once while scanning, as the standards read them") {
  // Bytes where the answers change: controls, unreserved and reserved characters, '%', UTF-8 lead
  // and continuation bytes at the edges of RFC 3629's table, bytes that are never UTF-8.
  const std::vector<unsigned> bytes = {0x00, 0x09, 0x0A, 0x1F, 0x20, 0x25, 0x2D, 0x2F, 0x41, 0x7E,
                                       0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xA9, 0xBF, 0xC0, 0xC2,
                                       0xC3, 0xDF, 0xE0, 0xE5, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF};
  std::mt19937 random(20261130);
  const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
  // A part of up to four runs of up to four escapes, in upper or lower case, between plain bytes.
  const auto part = [&](std::size_t runs) {
    std::string text;
    for (std::size_t r = 0; r < runs; ++r) {
      text += "ab-"[pick(3)];
      for (std::size_t e = 0, n = 1 + pick(4); e < n; ++e) {
        char escape[4];
        std::snprintf(escape, sizeof escape, pick(4) == 0 ? "%%%02x" : "%%%02X", bytes[pick(bytes.size())]);
        text += escape;
      }
    }
    return text;
  };
  std::size_t clean = 0, normal = 0, percent = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string url = "https://example.com/" + part(pick(5));
    if (pick(2)) url += "?q=" + part(pick(5));
    if (pick(3) == 0) url += "#" + part(pick(3));
    CAPTURE(url);
    const UrlAnalysis a = analyze(url);
    REQUIRE(a.syntax_valid);
    const EscapeFacts facts = escape_facts(url);
    CHECK(a.escapes_clean == facts.clean);
    CHECK(a.no_escaped_percent_in_path == !facts.escaped_percent_in_path);
    CHECK(a.normal_form == is_normal_form(url));
    clean += a.escapes_clean;
    normal += a.normal_form;
    percent += !a.no_escaped_percent_in_path;
  }
  // Each answer came out both ways, often.
  CHECK(clean > 2000);
  CHECK(clean < 18000);
  CHECK(normal > 2000);
  CHECK(normal < 18000);
  CHECK(percent > 2000);
  CHECK(percent < 18000);
}

TEST_CASE("loc analysis: source spans map into the input") {
  Field exact;
  exact.present = true;
  exact.value_offset = 100;
  exact.raw = exact.value = "  https://example.com/{x}\n";
  UrlAnalysis a;
  analyze_url(exact.value, a);
  Span whole = url_span(exact, a);
  CHECK(whole.offset == 102);
  CHECK(whole.length == 23);
  const Span brace = url_span(exact, a, a.syntax_at, 1);
  CHECK(brace.offset == 102 + 20);
  CHECK(brace.length == 1);

  // With entities, offsets inside the value do not map: everything points at the text as written.
  Field inexact;
  inexact.present = true;
  inexact.value_offset = 50;
  inexact.raw = " https://example.com/?a=1&amp;b={2} ";
  inexact.value = " https://example.com/?a=1&b={2} ";
  inexact.exact = false;
  analyze_url(inexact.value, a);
  whole = url_span(inexact, a);
  CHECK(whole.offset == 51);
  CHECK(whole.length == inexact.raw.size() - 2);
  CHECK(url_span(inexact, a, a.syntax_at, 1).offset == 51);
}

TEST_CASE("loc analysis: computed once per entry and shared by the loc rules") {
  // The engine resets the cache for each entry; every rule then sees the same object.
  Entry entry;
  entry.kind = EntryKind::Url;
  entry.loc.present = true;
  entry.loc.raw = entry.loc.value = "https://example.com/a";
  UrlAnalysisCache cache;
  entry.loc_cache = &cache;
  const UrlAnalysis* first = &entry.loc_analysis();
  CHECK(first == &entry.loc_analysis());
  CHECK(first->trimmed == "https://example.com/a");
  entry.loc.raw = entry.loc.value = "ftp://example.com/b";
  CHECK(entry.loc_analysis().shape == UrlShape::Http);  // cached until the engine resets it
  cache.reset();
  CHECK(entry.loc_analysis().shape == UrlShape::OtherScheme);
  // Without a cache, each call analyzes afresh.
  entry.loc_cache = nullptr;
  CHECK(entry.loc_analysis().trimmed == "ftp://example.com/b");
}

// The hot path trusts our RFC 3986 walk (src/uri_scan.cpp) for ASCII URLs and consults Boost.URL
// only when the walk objects. This holds the two to the same verdict over many generated URLs,
// valid and invalid, so the shortcut never changes a result.
TEST_CASE("the RFC 3986 walk and Boost.URL agree on every generated http(s) URL") {
  std::mt19937 random(20261121);
  const auto pick = [&](std::string_view from) { return from[random() % from.size()]; };
  const std::string_view common = "abcdefxyzABCXYZ0123456789-._~";
  const std::string_view special = "!$&'()*+,;=:@/?#%[]{}<>\"\\^`| ";
  const std::vector<std::string> hosts = {"example.com", "a.b.c",     "[::1]", "[2001:db8::7]", "[v1.x]",
                                          "[::1",        "192.0.2.1", "",      "user@h.com",    "u:p@h.com",
                                          "h.com:80",    "h.com:8a",  "a@b@c", "h%41.com",      "h%zz.com"};
  std::size_t valid = 0, disagreements = 0, boost_ipv4_prefix_rejections = 0;
  for (int n = 0; n < 100000; ++n) {
    std::string url = random() % 2 ? "http://" : "https://";
    if (random() % 8 == 0) url = "http:";  // no authority at all
    url += hosts[random() % hosts.size()];
    // Up to 80 characters after the host: the path scan reads sixteen bytes a step.
    const int length = static_cast<int>(random() % (random() % 4 == 0 ? 81 : 24));
    for (int i = 0; i < length; ++i) {
      const auto roll = random() % 10;
      if (roll < 7) url += pick(common);
      else if (roll < 9) url += pick(special);
      else url += std::string("%") + pick("0123456789abcdefAFg") + pick("0123456789abcdefAFg");
    }
    const UriScan scan = scan_http(url, url.starts_with("https") ? 5 : 4);
    const auto parsed = boost::urls::parse_uri(boost::urls::string_view(url.data(), url.size()));
    // Boost.URL 1.81 accepts a path without its leading '/' after the authority (boostorg/url#636).
    const bool boost_valid = parsed.has_value() && !(parsed->has_authority() && !parsed->encoded_path().empty() &&
                                                     parsed->encoded_path().front() != '/');
    const bool ours = scan.problem == SyntaxProblem::None;
    valid += ours;
    // Boost.URL 1.81 also rejects a reg-name that merely starts like an IPv4 address
    // ('192.0.2.1b'); RFC 3986 section 3.2.2 makes it a reg-name ("first-match-wins" applies only
    // to a host that matches IPv4address whole). The walk follows the RFC.
    static const std::regex kIpv4Prefix(R"(^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}[^:].*)");
    const std::string host(scan.has_authority ? url.substr(scan.host_begin, scan.host_end - scan.host_begin) : "");
    if (ours && !boost_valid && std::regex_match(host, kIpv4Prefix)) {
      ++boost_ipv4_prefix_rejections;
      continue;
    }
    if (ours != boost_valid && ++disagreements <= 5) {
      FAIL_CHECK("disagreement on '" << url << "': walk says " << std::string(ours ? "valid" : "invalid")
                                     << ", Boost.URL says " << std::string(boost_valid ? "valid" : "invalid"));
    }
    if (ours && boost_valid) {  // and the path is where Boost.URL finds it
      CAPTURE(url);
      CHECK(url.substr(scan.path_begin, scan.path_end - scan.path_begin) == std::string(parsed->encoded_path()));
    }
  }
  CHECK(disagreements == 0);
  CHECK(valid > 10000);  // the generator produces plenty of both kinds
  CHECK(boost_ipv4_prefix_rejections > 0);  // the generator does reach that case
}

TEST_CASE("a host that only starts like an IPv4 address is a registered name (RFC 3986 3.2.2)") {
  UrlAnalysis a;
  analyze_url("https://10.0.0.1x.example.com/page", a);
  CHECK(a.syntax_valid);
  CHECK(a.host == "10.0.0.1x.example.com");
  CHECK(a.host_problem == HostProblem::None);
  CHECK_FALSE(a.host_is_ip);
  analyze_url("https://192.0.2.1/page", a);
  CHECK(a.host_is_ip);
  analyze_url("https://[2001:db8::1]:8443/", a);
  CHECK(a.host == "[2001:db8::1]");
  CHECK(a.host_is_ip);
}

TEST_CASE("loc analysis: a host seen before is judged as if it were new") {
  // The scan keeps the last few hosts; a URL whose host only starts like one of them, or is one of
  // them in another case, must come out as it does after unrelated hosts.
  const std::vector<std::string> urls = {
      "https://example.com/a",     "https://example.com",   "https://example.com.evil/a",
      "https://example.comx/",     "https://Example.com/a", "https://example.com:8080/",
      "https://example.com?q",     "https://example.com#f", "https://example.com|x/",
      "https://exa%41mple.com/",   "https://example.co/",   "http://example.com/a/./b",
      "https://example.com@evil/", "https://EXAMPLE.COM/a", "https://example.com./a",
      "https://example.co"};
  const auto facts = [](const std::string& url) {
    const UrlAnalysis a = analyze(url);
    return std::string(a.host) + "|" + std::to_string(a.syntax_valid) + std::to_string(a.normal_form) + "|" +
           std::string(a.path) + "|" + std::to_string(static_cast<int>(a.host_problem));
  };
  const auto fresh = [&](const std::string& url) {
    for (int k = 0; k < 8; ++k) analyze("https://unrelated-" + std::to_string(k) + ".test/");
    return facts(url);
  };
  for (const std::string& before : urls) {
    for (const std::string& url : urls) {
      CAPTURE(before);
      CAPTURE(url);
      const std::string expected = fresh(url);
      analyze(before);
      CHECK(facts(url) == expected);
    }
  }
}
