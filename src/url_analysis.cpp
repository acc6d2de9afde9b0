#include "url_analysis.h"

#include "analysis/ascii.h"
#include "analysis/same_url.h"
#include "url_host.h"
#include "analysis/uri_scan.h"

#include <unicode/utf8.h>

#include <array>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <boost/url/parse.hpp>

namespace sitemaplint {
namespace {

constexpr std::string_view kXmlSpace = " \t\r\n";

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ascii(char c) { return static_cast<unsigned char>(c) < 0x80; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// "http" or "https" in any case: every URL's scheme is compared with them.
bool is_http_scheme(std::string_view scheme) {
  if (scheme.size() != 4 && scheme.size() != 5) return false;
  // Setting bit 5 lower-cases an ASCII letter; a scheme holds letters, digits, '+', '-', '.' only,
  // and none of the others becomes a letter so.
  const auto low = [&](std::size_t k) { return static_cast<char>(scheme[k] | 0x20); };
  return low(0) == 'h' && low(1) == 't' && low(2) == 't' && low(3) == 'p' && (scheme.size() == 4 || low(4) == 's');
}

bool istarts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

// A file name such as 'index.html' is not a host name without its scheme.
bool looks_like_host(std::string_view t) {
  const std::string_view name = t.substr(0, find_any(t, "/?#:"));
  if (name.empty() || name.front() == '.' || name.back() == '.') return false;
  for (char c : name) {
    if (!is_alpha(c) && !is_digit(c) && c != '-' && c != '.') return false;
  }
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return false;
  if (istarts_with(name, "www.")) return true;
  const std::string_view tld = name.substr(dot + 1);
  if (tld.size() < 2) return false;
  for (char c : tld) {
    if (!is_alpha(c)) return false;
  }
  static constexpr std::string_view kFileTypes[] = {"html", "htm",  "xhtml", "shtml", "php", "asp", "aspx", "jsp",
                                                    "cfm",  "cgi",  "pl",    "xml",   "txt", "pdf", "json", "gz",
                                                    "jpg",  "jpeg", "png",   "gif",   "svg", "webp"};
  for (std::string_view type : kFileTypes) {
    if (iequals(tld, type)) return false;
  }
  return true;
}

// 'www.example.com:8080/x' parses as the scheme 'www.example.com': a host and port, really.
bool scheme_is_host_and_port(std::string_view t, std::string_view scheme) {
  if (scheme.find('.') == std::string_view::npos && !iequals(scheme, "localhost")) return false;
  std::size_t i = scheme.size() + 1;
  const std::size_t digits = i;
  while (i < t.size() && is_digit(t[i])) ++i;
  return i > digits && (i == t.size() || t[i] == '/' || t[i] == '?' || t[i] == '#');
}

void classify(UrlAnalysis& a) {
  const std::string_view t = a.trimmed;
  if (t.empty()) {
    a.shape = UrlShape::Empty;
    return;
  }
  // The usual URL, with its scheme as most are written, is known without reading it byte by byte.
  for (const std::string_view scheme : {std::string_view("https"), std::string_view("http")}) {
    if (t.size() > scheme.size() && t[scheme.size()] == ':' && same_bytes(t.substr(0, scheme.size()), scheme)) {
      a.scheme = t.substr(0, scheme.size());
      a.shape = UrlShape::Http;
      return;
    }
  }
  a.shape = UrlShape::NotAbsolute;
  if (t.starts_with("//")) {
    a.relative_form = RelativeForm::SchemeRelative;
    return;
  }
  if (t.starts_with("://")) {
    a.relative_form = RelativeForm::MissingScheme;
    return;
  }
  std::size_t i = 0;
  if (is_alpha(t[0])) {
    i = 1;
    while (i < t.size() && (is_alpha(t[i]) || is_digit(t[i]) || t[i] == '+' || t[i] == '-' || t[i] == '.')) ++i;
  }
  if (i == 0 || i == t.size() || t[i] != ':') {
    if (istarts_with(t, "http//") || istarts_with(t, "https//")) a.relative_form = RelativeForm::MissingColon;
    else if (looks_like_host(t)) a.relative_form = RelativeForm::HostName;
    else a.relative_form = RelativeForm::Path;
    return;
  }
  a.scheme = t.substr(0, i);
  // The usual scheme first: it holds no '.', so it is no host name either.
  if (is_http_scheme(a.scheme)) {
    a.shape = UrlShape::Http;
    return;
  }
  if (scheme_is_host_and_port(t, a.scheme)) {
    a.scheme = {};
    a.relative_form = RelativeForm::HostName;
    return;
  }
  a.shape = UrlShape::OtherScheme;
}

void append_percent_encoded(std::string_view bytes, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char c : bytes) {
    if (is_ascii(c)) {
      out += c;
    } else {
      const auto b = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
}

// For an ASCII URL whose scan found a reg-name host without a port and escapes (if any) that
// normalising keeps as they are: whether the rest that normalising would change is absent too,
// i.e. a lower-case scheme and host, a path, and no "." or ".." segment in it (the scan saw the
// host and the path). Cheaper than is_normal_form's scan of every byte.
bool is_normal_form_scanned(const UrlAnalysis& a, const UriScan& scan) {
  return (a.scheme == "http" || a.scheme == "https") && !a.path.empty() && !scan.host_has_upper &&
         !scan.path_has_dot_segment;
}

void analyze_http(UrlAnalysis& a) {
  const std::string_view t = a.trimmed;
  const UriScan scan = scan_http(t, a.scheme.size());
  a.has_authority = scan.has_authority;
  a.escapes_clean = scan.escapes_clean;
  a.no_escaped_percent_in_path = scan.no_escaped_percent_in_path;
  a.path = t.substr(scan.path_begin, scan.path_end - scan.path_begin);
  if (scan.has_authority) {
    a.host_at = scan.host_begin;
    a.host = t.substr(scan.host_begin, scan.host_end - scan.host_begin);
  }
  // The hot path: an ASCII URL our RFC 3986 walk finds nothing wrong with. Boost.URL agrees on
  // every such URL (a differential test in tests/loc_analysis_test.cpp holds them to it) and would
  // cost four times as much as the rest of the analysis, so it is consulted only below.
  if (scan.problem == SyntaxProblem::None && a.first_non_ascii == kNoPosition) {
    a.syntax_valid = true;
    a.normal_form = scan.plain_host_normal_escapes && is_normal_form_scanned(a, scan);
    check_host(a);
    return;
  }
  std::string_view input = t;
  if (a.first_non_ascii != kNoPosition) {
    a.encoded_buffer.clear();
    append_percent_encoded(t, a.encoded_buffer);
    input = a.encoded_buffer;
  }
  const auto parsed = boost::urls::parse_uri(boost::urls::string_view(input.data(), input.size()));
  bool valid = parsed.has_value() && scan.problem == SyntaxProblem::None;
  // Boost.URL 1.81 lets a path without its leading '/' follow the authority ('http://h:80a/'),
  // which RFC 3986 (path-abempty) does not (boostorg/url#636).
  if (valid && parsed->has_authority() && !parsed->encoded_path().empty() && parsed->encoded_path().front() != '/') {
    valid = false;
  }
  if (!valid) {
    a.syntax_problem = scan.problem == SyntaxProblem::None ? SyntaxProblem::Unlocated : scan.problem;
    a.syntax_part = scan.part;
    a.syntax_at = scan.at;
    return;
  }
  a.syntax_valid = true;
  check_host(a);
}

void build_ascii_form(UrlAnalysis& a) {
  const std::string_view t = a.trimmed;
  a.ascii_form.clear();
  const std::string_view host = a.has_authority ? a.host : std::string_view{};
  bool unicode_host = false;
  for (char c : host) unicode_host = unicode_host || !is_ascii(c);
  if (!unicode_host) {
    append_percent_encoded(t, a.ascii_form);
    return;
  }
  if (!a.syntax_valid || a.host_problem == HostProblem::Idna || a.ascii_host.empty()) return;
  append_percent_encoded(t.substr(0, a.host_at), a.ascii_form);
  a.ascii_form += a.ascii_host;
  append_percent_encoded(t.substr(a.host_at + host.size()), a.ascii_form);
}

}  // namespace

namespace {

// What analyze_url first needs of a URL's bytes, found in one pass (sixteen bytes a step): where
// its fragment starts, whether it holds a '%', where its first non-ASCII byte is.
struct ByteFacts {
  std::size_t fragment = std::string_view::npos;
  bool has_percent = false;
  std::size_t first_non_ascii = kNoPosition;
};

ByteFacts scan_url_bytes(std::string_view t) {
  ByteFacts facts;
  const char* p = t.data();
  const std::size_t n = t.size();
  std::size_t i = 0;
#if defined(__SSE2__)
  if (n >= 16) {
    const __m128i hash = _mm_set1_epi8('#'), percent = _mm_set1_epi8('%');
    // The block of 16 bytes at `at`, of which `keep` has a bit for each byte not seen yet.
    const auto look = [&](std::size_t at, unsigned keep) {
      const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
      const unsigned hashes = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, hash))) & keep;
      const unsigned percents = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, percent))) & keep;
      const unsigned high = static_cast<unsigned>(_mm_movemask_epi8(block)) & keep;
      facts.has_percent |= percents != 0;
      if (hashes != 0 && facts.fragment == std::string_view::npos)
        facts.fragment = at + static_cast<std::size_t>(__builtin_ctz(hashes));
      if (high != 0 && facts.first_non_ascii == kNoPosition)
        facts.first_non_ascii = at + static_cast<std::size_t>(__builtin_ctz(high));
    };
    for (; i + 16 <= n; i += 16) look(i, 0xFFFFu);
    // The last bytes, in the block that ends with them, without the bytes already seen.
    if (i < n) look(n - 16, (0xFFFFu << (16 - (n - i))) & 0xFFFFu);
    return facts;
  }
#endif
  for (; i < n; ++i) {
    facts.has_percent |= p[i] == '%';
    if (p[i] == '#' && facts.fragment == std::string_view::npos) facts.fragment = i;
    if (static_cast<unsigned char>(p[i]) >= 0x80 && facts.first_non_ascii == kNoPosition) facts.first_non_ascii = i;
  }
  return facts;
}

}  // namespace

void analyze_url(std::string_view value, UrlAnalysis& out) {
  // Start afresh but keep the buffers' capacity.
  static const UrlFacts kNone;
  static_cast<UrlFacts&>(out) = kNone;  // one copy, where UrlFacts{} was built on the stack and copied
  out.ascii_form.clear();

  out.trimmed = trim_xml_space(value);
  out.start = out.trimmed.empty() ? value.size() : static_cast<std::size_t>(out.trimmed.data() - value.data());
  const std::string_view t = out.trimmed;
  const ByteFacts bytes = scan_url_bytes(t);
  out.fragment = bytes.fragment;
  out.has_percent = bytes.has_percent;
  out.first_non_ascii = bytes.first_non_ascii;
  out.code_points = t.size();
  if (out.first_non_ascii != kNoPosition) {
    out.code_points = 0;
    for (char c : t) out.code_points += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }
  classify(out);
  if (out.shape == UrlShape::Http) analyze_http(out);
  if (out.first_non_ascii != kNoPosition) {
    out.valid_utf8 = is_valid_utf8(t.substr(out.first_non_ascii));
    build_ascii_form(out);
  }
}

std::uint16_t url_traits(const UrlAnalysis& a, const Field& field) {
  std::uint16_t traits = 0;
  if (a.shape != UrlShape::Http) traits |= kUrlNotHttp;
  else if (!a.syntax_valid) traits |= kUrlSyntaxInvalid;
  else if (a.host_problem != HostProblem::None) traits |= kUrlHostProblem;
  if (a.has_authority && a.host_at != kNoPosition) {
    const std::size_t after = a.host_at + a.host.size();
    if (after < a.trimmed.size() && a.trimmed[after] == ':') traits |= kUrlHasPort;
    if (a.host_at > 0 && a.trimmed[a.host_at - 1] == '@') traits |= kUrlHasUserInfo;
  }
  if (a.trimmed.size() != field.value.size()) traits |= kUrlSurroundingSpace;
  if (a.first_non_ascii != kNoPosition) traits |= kUrlNonAscii;
  if (a.has_percent) {
    traits |= kUrlHasPercent;
    if (!a.escapes_clean) traits |= kUrlUncleanEscape;
    if (!a.no_escaped_percent_in_path) traits |= kUrlEscapedPercent;
  }
  if (a.fragment != kNoPosition) traits |= kUrlHasFragment;
  if (a.code_points >= kUrlLengthLimit) traits |= kUrlLong;
  if (a.trimmed.size() < kXsdMinUrlLength) traits |= kUrlShort;
  return traits;
}

std::uint64_t UrlAnalysis::same_url_key() const {
  if (!key_known) {
    key = normal_form ? url_key(trimmed) : sitemaplint::same_url_key(trimmed, &key_buffer);
    key_known = true;
  }
  return key;
}

bool is_valid_utf8(std::string_view text) {
  int32_t i = 0;
  const auto length = static_cast<int32_t>(text.size());
  while (i < length) {
    UChar32 c;
    U8_NEXT(reinterpret_cast<const uint8_t*>(text.data()), i, length, c);
    if (c < 0) return false;
  }
  return true;
}

const UrlAnalysis& Entry::loc_analysis() const {
  if (loc_cache) return loc_cache->get(loc);
  thread_local UrlAnalysisCache fallback;
  fallback.reset();
  return fallback.get(loc);
}

Span url_span(const Field& loc, const UrlAnalysis& a) {
  if (loc.exact) return {loc.value_offset + a.start, a.trimmed.size()};
  const std::size_t first = loc.raw.find_first_not_of(kXmlSpace);
  if (first == std::string_view::npos) return {loc.value_offset, 0};
  return {loc.value_offset + first, loc.raw.find_last_not_of(kXmlSpace) - first + 1};
}

Span url_span(const Field& loc, const UrlAnalysis& a, std::size_t at, std::size_t length) {
  if (loc.exact) return {loc.value_offset + a.start + at, length};
  return url_span(loc, a);
}

std::size_t url_position(const UrlAnalysis& a, std::size_t at) {
  std::size_t position = 1;
  for (std::size_t i = 0; i < at && i < a.trimmed.size(); ++i) {
    if ((static_cast<unsigned char>(a.trimmed[i]) & 0xC0) != 0x80) ++position;
  }
  return position;
}

std::string_view code_point_at(std::string_view s, std::size_t at) {
  std::size_t end = at + 1;
  while (end < s.size() && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) ++end;
  return s.substr(at, end - at);
}

char32_t decode_code_point(std::string_view ch) {
  if (ch.empty()) return 0;
  const auto lead = static_cast<unsigned char>(ch[0]);
  const auto next = [&](std::size_t i) { return static_cast<char32_t>(static_cast<unsigned char>(ch[i]) & 0x3Fu); };
  if (lead >= 0xF0 && ch.size() == 4) return ((lead & 0x07u) << 18) | (next(1) << 12) | (next(2) << 6) | next(3);
  if (lead >= 0xE0 && ch.size() == 3) return ((lead & 0x0Fu) << 12) | (next(1) << 6) | next(2);
  if (lead >= 0xC0 && ch.size() == 2) return ((lead & 0x1Fu) << 6) | next(1);
  return lead;
}

std::string percent_encoded(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : text) {
    const auto b = static_cast<unsigned char>(c);
    out += '%';
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

}  // namespace sitemaplint
