// The facts about an entry's <loc> that the loc rules (SM201-SM211) share, so that a URL is
// trimmed, scanned and parsed once, not once per rule. Entry::loc_analysis() computes them on the
// first rule's request into storage the engine reuses entry after entry: a clean ASCII URL costs a
// trim, one byte scan, one Boost.URL parse and no allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "entry.h"
#include "span.h"
#include "analysis/uri_scan.h"

namespace sitemaplint {

enum class UrlShape {
  Empty,  // nothing but white space
  NotAbsolute,  // no scheme: '/a', 'index.html', '//host/x', '://x', ...
  OtherScheme,  // an absolute URI whose scheme is not http or https
  Http,  // http: or https:, in any case
};

// What a value without a scheme looks like; the rule words its hint from it.
enum class RelativeForm {
  Path,  // '/a', 'index.html', 'None'
  HostName,  // 'www.example.com/x', 'example.com:8080/': a host without its scheme
  SchemeRelative,  // '//example.com/x'
  MissingScheme,  // '://example.com/x'
  MissingColon,  // 'https//example.com/x'
};

enum class HostProblem {
  None,
  NoAuthority,  // 'https:/example.com/x': no '//' after the scheme
  Empty,  // 'http:///x'
  Idna,  // UTS #46 ToASCII reported errors (UrlAnalysis::idna_errors)
  NumericTld,  // '256.1.1.1', 'example.123': ends in a number but is no IPv4 address
  NotQualified,  // 'intranet', 'localhost', 'None': no dot
};

// What analyze_url finds, without the buffers it keeps from URL to URL: resetting these is a
// plain assignment.
struct UrlFacts {
  // Every position is a byte index into `trimmed`.
  std::string_view trimmed;  // the value without the XML white space around it
  std::size_t start = 0;  // index of `trimmed` in the field's value
  std::size_t code_points = 0;  // length of `trimmed` in code points
  UrlShape shape = UrlShape::Empty;
  RelativeForm relative_form = RelativeForm::Path;  // NotAbsolute only
  std::string_view scheme;  // as written; OtherScheme and Http only
  std::size_t fragment = kNoPosition;  // the first '#'
  std::size_t first_non_ascii = kNoPosition;  // the first byte >= 0x80
  bool has_percent = false;  // a '%' anywhere: the escape rules look no further without one
  bool valid_utf8 = true;  // false: invalid-utf8 reports the bytes, the loc rules stay quiet on them

  // Http only. Validity is Boost.URL's verdict on the URL with its non-ASCII bytes
  // percent-encoded (loc-non-ascii reports those); the culprit comes from our own scan.
  bool syntax_valid = false;
  SyntaxProblem syntax_problem = SyntaxProblem::None;
  UriPart syntax_part = UriPart::Path;
  std::size_t syntax_at = kNoPosition;

  // Http only; the host is set whenever there is an authority, the rest needs valid syntax.
  bool has_authority = false;
  std::string_view path;  // as written, without query and fragment
  std::string_view host;  // as written; an IP literal keeps its brackets
  std::size_t host_at = kNoPosition;
  bool host_is_ip = false;  // IPv4, IPv6 or IPvFuture
  std::string_view ascii_host;  // the host in ASCII: itself, or its IDNA ToASCII form
  // Known to be its own normal form (is_normal_form in analysis/same_url.h), found while
  // scanning; false may also mean "not sure".
  bool normal_form = false;
  // Found while scanning too (analysis/uri_scan.h), and false also when not known: every run of
  // percent-escapes in the path and the query clean (analysis/clean_escape_run.h), and no "%25"
  // in the path.
  bool escapes_clean = false;
  bool no_escaped_percent_in_path = false;
  HostProblem host_problem = HostProblem::None;
  std::uint32_t idna_errors = 0;  // UIDNA_ERROR_* bits, for HostProblem::Idna
  mutable std::uint64_t key = 0;  // same_url_key(), once known
  mutable bool key_known = false;
};

// The facts, with the strings that are built for some URLs and the buffers kept for the next one.
struct UrlAnalysis : UrlFacts {
  // With non-ASCII characters only: the URL as it should be written, with non-ASCII bytes
  // percent-encoded (UTF-8) and a Unicode host in Punycode. Empty when the host has no ASCII form.
  std::string ascii_form;

  // same_url_key() of `trimmed` (analysis/same_url.h): computed on the first request and kept,
  // as several rules key one <loc> (duplicates in a file and across a set, the hreflang graph).
  std::uint64_t same_url_key() const;

  // Scratch storage, reused from entry to entry; not for rules.
  std::string encoded_buffer, host_buffer, idna_buffer;
  mutable std::string key_buffer;
};

// What a URL shows that few do, as bits (url_traits): a URL rule that finds something only in
// the URLs showing one of them subscribes to those (Subscriptions::urls), and the usual URL, an
// http(s) URL of valid syntax and nothing else of note, costs it no call. Like every subscription
// filter, a trait only saves calls: a rule must find nothing in the URLs it leaves out.
enum UrlTrait : std::uint16_t {
  kUrlNotHttp = 1u << 0,  // empty, without a scheme, or of a scheme other than http(s)
  kUrlSyntaxInvalid = 1u << 1,  // http(s), but not valid RFC 3986
  kUrlHostProblem = 1u << 2,  // valid syntax, and a HostProblem
  kUrlHasPort = 1u << 3,  // a ':' after the host
  kUrlHasUserInfo = 1u << 4,  // an '@' before the host
  kUrlSurroundingSpace = 1u << 5,  // white space around the URL in its field
  kUrlNonAscii = 1u << 6,  // a byte >= 0x80
  kUrlHasPercent = 1u << 7,  // a '%' anywhere
  kUrlUncleanEscape = 1u << 11,  // a '%', and its escapes not known to be clean (UrlFacts::escapes_clean)
  kUrlEscapedPercent = 1u << 12,  // a '%', and the path not known to be without "%25"
  kUrlHasFragment = 1u << 8,  // a '#'
  kUrlLong = 1u << 9,  // kUrlLengthLimit code points or more
  kUrlShort = 1u << 10,  // fewer than kXsdMinUrlLength bytes
};
// The protocol's limit: a URL must be shorter than 2,048 characters.
inline constexpr std::size_t kUrlLengthLimit = 2048;
// The sitemap XSD's minLength of a <loc> (its type tLoc).
inline constexpr std::size_t kXsdMinUrlLength = 12;

// True when `text` is well-formed UTF-8.
bool is_valid_utf8(std::string_view text);

// Fills `out` for a <loc> value (entities decoded, not trimmed), reusing out's buffers.
void analyze_url(std::string_view value, UrlAnalysis& out);

// The UrlTrait bits of a URL whose analysis is `a`, in the field `field`.
std::uint16_t url_traits(const UrlAnalysis& a, const Field& field);

// The storage behind Entry::loc_analysis(): the walker owns one and resets it for every entry.
class UrlAnalysisCache {
 public:
  const UrlAnalysis& get(const Field& loc) {
    if (!valid_) {
      analyze_url(loc.value, analysis_);
      valid_ = true;
    }
    return analysis_;
  }
  void reset() { valid_ = false; }

 private:
  UrlAnalysis analysis_;
  bool valid_ = false;
};

// True for a <url> or <sitemap> with a <loc>: what every loc rule checks.
inline bool has_loc(const Entry& entry) { return entry.kind != EntryKind::Other && entry.loc.present; }

// Where the trimmed value is in the input. When entities or CDATA make the map inexact, the text as
// written, without the white space around it.
Span url_span(const Field& loc, const UrlAnalysis& a);
// Where trimmed[at, at + length) is in the input; the whole value's span when the map is inexact.
Span url_span(const Field& loc, const UrlAnalysis& a, std::size_t at, std::size_t length);

// The 1-based position, in code points, of trimmed[at]: what a person counts.
std::size_t url_position(const UrlAnalysis& a, std::size_t at);
// The whole UTF-8 sequence that starts at s[at].
std::string_view code_point_at(std::string_view s, std::size_t at);
// The code point of a whole UTF-8 sequence, as code_point_at() returns it.
char32_t decode_code_point(std::string_view ch);
// "%7B" for '{', "%C3%A9" for 'é': the UTF-8 bytes of `text`, percent-encoded.
std::string percent_encoded(std::string_view text);

}  // namespace sitemaplint
