// An RFC 3986 walk over an http(s) URL: where its parts are, and the first character that breaks
// the grammar, so a message can name it. Boost.URL stays the authority on validity; this scan says
// where and why.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sitemaplint {

inline constexpr std::size_t kNoPosition = std::string_view::npos;

// The part of a URI a character belongs to (RFC 3986 section 3).
enum class UriPart { UserInfo, Host, Port, Path, Query, Fragment };

enum class SyntaxProblem {
  None,
  Character,  // a character the part does not allow, e.g. ' ', '{', '|', a second '#'
  PercentEscape,  // '%' not followed by two hex digits
  IpLiteral,  // '[...]' that is not an IPv6 (or IPvFuture) address
  Unlocated,  // Boost.URL rejects the URL but the scan found no culprit
};

struct UriScan {
  SyntaxProblem problem = SyntaxProblem::None;
  UriPart part = UriPart::Path;
  std::size_t at = kNoPosition;
  bool has_authority = false;
  std::size_t host_begin = 0, host_end = 0;
  std::size_t path_begin = 0, path_end = 0;  // the path: after the authority, before '?' or '#'
  // Set by the one-pass scan of the common case only (false there means "not known"):
  // - a reg-name host without a port, and every percent-escape in upper-case hex of a byte that
  //   stays escaped; both leave a URL its own normal form (analysis/same_url.h);
  bool plain_host_normal_escapes = false;
  // - every run of escapes in the path and in the query clean (analysis/clean_escape_run.h);
  bool escapes_clean = false;
  // - no escape in the path of a '%' ("%25", as in a URL encoded twice).
  bool no_escaped_percent_in_path = false;
  // Also from that scan: an upper-case letter in the host, a "/." in the path. Normalising would
  // change either (analysis/same_url.h).
  bool host_has_upper = false;
  bool path_has_dot_segment = false;

  void fail(SyntaxProblem p, UriPart where, std::size_t i) {
    if (problem != SyntaxProblem::None) return;
    problem = p;
    part = where;
    at = i;
  }
};

// Scans `t`, whose scheme (without ':') is `scheme_length` bytes long. Non-ASCII bytes pass
// (loc-non-ascii reports them), except in the port.
UriScan scan_http(std::string_view t, std::size_t scheme_length);

}  // namespace sitemaplint
