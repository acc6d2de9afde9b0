#include "analysis/uri_scan.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>
#include <tuple>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <boost/url/ipv6_address.hpp>

#include "analysis/ascii.h"
#include "analysis/clean_escape_run.h"
#include "analysis/percent_encoding.h"

namespace sitemaplint {
namespace {

bool is_digit(char c) { return is_ascii_digit(c); }
bool is_hex(char c) { return hex_value(c) >= 0; }

// The end of the authority ('/', '?' or '#') or of the path ('?' or '#') at or after `from`, or
// t.size().
std::size_t find_delimiter(std::string_view t, std::size_t from, bool slash_ends) {
  return std::min(find_any(t, slash_ends ? "/?#" : "?#", from), t.size());
}
bool is_ascii(char c) { return static_cast<unsigned char>(c) < 0x80; }

// Which parts of a URI allow an ASCII character as is (RFC 3986 section 3 and appendix A).
enum : std::uint8_t { kUserInfo = 1, kRegName = 2, kPath = 4, kQuery = 8 };

// Non-ASCII bytes pass every part here (loc-non-ascii reports them); '%' is checked on its own.
constexpr std::array<std::uint8_t, 256> make_allowed() {
  std::array<std::uint8_t, 256> table{};
  auto add = [&](std::string_view chars, std::uint8_t parts) {
    for (char c : chars) table[static_cast<unsigned char>(c)] |= parts;
  };
  constexpr std::uint8_t kAll = kUserInfo | kRegName | kPath | kQuery;
  add("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~", kAll);  // unreserved
  add("!$&'()*+,;=", kAll);  // sub-delims
  add(":", kUserInfo | kPath | kQuery);
  add("@", kPath | kQuery);
  add("/", kPath | kQuery);
  add("?", kQuery);
  for (int c = 0x80; c < 0x100; ++c) table[c] = kAll;
  return table;
}
constexpr std::array<std::uint8_t, 256> kAllowed = make_allowed();

void scan_chars(std::string_view t, std::size_t begin, std::size_t end, std::uint8_t allowed, UriPart part,
                UriScan& scan) {
  for (std::size_t i = begin; i < end; ++i) {
    const char c = t[i];
    if (kAllowed[static_cast<unsigned char>(c)] & allowed) continue;  // the hot path: one lookup
    if (c == '%' && i + 2 < end && is_hex(t[i + 1]) && is_hex(t[i + 2])) {
      i += 2;
      continue;
    }
    scan.fail(c == '%' ? SyntaxProblem::PercentEscape : SyntaxProblem::Character, part, i);
    return;
  }
}

// The first index at or after k whose byte may not stand in a path as it is, or n: sixteen bytes
// a step where SSE2 is there (every x86-64). A path's bytes are the unreserved characters, the
// sub-delims, ':', '@', '/', and any non-ASCII byte (loc-non-ascii reports those); '%', '?', '#'
// and the rest stop it. A URL's path and query are most of its bytes.
std::size_t skip_path_bytes(const char* p, std::size_t k, std::size_t n) {
#if defined(__SSE2__)
  // The bytes of a 16-byte block that are not path bytes, as a bit mask.
  const auto others = [](__m128i v) {
    // lo <= v <= hi as unsigned bytes: max(v - lo, hi - lo) == hi - lo.
    const auto in = [&](char lo, char hi) {
      const __m128i span = _mm_set1_epi8(static_cast<char>(hi - lo));
      return _mm_cmpeq_epi8(_mm_max_epu8(_mm_sub_epi8(v, _mm_set1_epi8(lo)), span), span);
    };
    const auto is = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
    const __m128i path = _mm_or_si128(
        _mm_or_si128(_mm_or_si128(in('a', 'z'), in('@', 'Z')),
                     _mm_or_si128(in('&', ';'), _mm_cmplt_epi8(v, _mm_setzero_si128()))),
        _mm_or_si128(_mm_or_si128(is('!'), is('$')), _mm_or_si128(_mm_or_si128(is('='), is('_')), is('~'))));
    return ~static_cast<unsigned>(_mm_movemask_epi8(path)) & 0xFFFFu;
  };
  for (; k + 16 <= n; k += 16) {
    if (const unsigned m = others(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k)))) {
      return k + static_cast<std::size_t>(std::countr_zero(m));
    }
  }
  if (k < n && n >= 16) {  // the last bytes, in the block that ends with them
    const unsigned m = others(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16))) >> (16 - (n - k));
    return m ? k + static_cast<std::size_t>(std::countr_zero(m)) : n;
  }
#endif
  while (k < n && (kAllowed[static_cast<unsigned char>(p[k])] & kPath)) ++k;
  return k;
}

// Whether "/." occurs in `s`: a path with a "." or ".." segment may not be in normal form. Sixteen
// bytes a step, each block overlapping the last by one byte so that no pair is split.
bool has_slash_dot(std::string_view s) {
  const char* p = s.data();
  const std::size_t n = s.size();
#if defined(__SSE2__)
  if (n >= 16) {
    const __m128i slash = _mm_set1_epi8('/'), dot = _mm_set1_epi8('.');
    for (std::size_t k = 0;; k += 15) {
      if (k + 16 > n) k = n - 16;
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
      const auto slashes = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, slash)));
      const auto dots = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, dot)));
      if (((slashes << 1) & dots) != 0) return true;
      if (k + 16 == n) return false;
    }
  }
#endif
  for (std::size_t i = 1; i < n; ++i) {
    if (p[i] == '.' && p[i - 1] == '/') return true;
  }
  return false;
}

bool valid_ip_literal(std::string_view inside) {
  if (!inside.empty() && (inside[0] == 'v' || inside[0] == 'V')) {  // IPvFuture
    std::size_t i = 1;
    while (i < inside.size() && is_hex(inside[i])) ++i;
    if (i == 1 || i >= inside.size() || inside[i] != '.' || i + 1 == inside.size()) return false;
    for (++i; i < inside.size(); ++i) {
      const char c = inside[i];
      if (!is_ascii(c) || !(c == ':' || (kAllowed[static_cast<unsigned char>(c)] & kRegName))) return false;
    }
    return true;
  }
  return boost::urls::parse_ipv6_address(boost::urls::string_view(inside.data(), inside.size())).has_value();
}

// The common case in one pass: "//", a reg-name host, an optional port, then path, query and
// fragment of allowed characters and valid escapes, each part ending at the next one's delimiter.
// Anything else (user information, an IP literal, a character a part does not allow) returns
// false, and the full scan below finds where and why.
bool scan_plain(std::string_view t, std::size_t i, UriScan& scan) {
  const std::size_t n = t.size();
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(t[k]); };
  // What the escapes are, found as they are skipped: each is decoded once, here, so that neither
  // the normal form (same_url.h) nor loc-percent-encoding reads an encoded path again.
  bool normal_escapes = true, clean = true, escaped_percent = false;
  // The escape at k (a '%'): its byte, or -1 when "%XX" is no escape.
  const auto escape_at = [&](std::size_t k) { return k + 2 < n ? escaped_byte(t.data() + k + 1) : -1; };
  // Skips characters of `part` and valid escapes from i; returns where it stopped. Inlined by
  // force: GCC made it a function of its own, called for the path and again for the query.
  enum class Where { Path, Query, Fragment };
  const auto skip = [&](std::size_t k, std::uint8_t part, Where where) __attribute__((always_inline)) {
    while (k < n) {
      k = skip_path_bytes(t.data(), k, n);  // every part here allows at least a path's bytes
      if (k == n) break;
      if (kAllowed[at(k)] & part) {
        ++k;
        continue;
      }
      int byte = t[k] == '%' ? escape_at(k) : -1;
      if (byte < 0) break;
      // Escapes come in runs (a non-ASCII character is two to four of them): the whole run is
      // taken here, not one escape per block of sixteen bytes.
      CleanRun run(where == Where::Path);
      do {
        // Upper-case hex ('a' to 'f' are the only hex digits from 'a' on), of a byte that stays escaped.
        normal_escapes = normal_escapes && t[k + 1] < 'a' && t[k + 2] < 'a' && !kUnreservedBytes[byte];
        escaped_percent = escaped_percent || (where == Where::Path && byte == '%');
        run.add(static_cast<unsigned char>(byte));
        k += 3;
      } while (k < n && t[k] == '%' && (byte = escape_at(k)) >= 0);
      clean = clean && (where == Where::Fragment || run.clean());  // SM216 leaves a fragment alone
    }
    return k;
  };
  if (t.substr(i, 2) != "//") return false;
  i += 2;
  const std::size_t host = i;
  // Most URLs of a sitemap share a host or two (the site's, a CDN's for its images): the last few
  // hosts scanned are kept, and a URL whose host is one of them (it starts there, and no host
  // character follows) is not scanned byte by byte again. Plain arrays: thread-local storage that
  // needs no constructor is reached without a call.
  struct KnownHost {
    std::array<char, 64> name;  // hosts longer than this are not kept
    std::uint8_t size = 0;
    bool upper = false;
  };
  thread_local std::array<KnownHost, 4> recent{};
  thread_local std::size_t next = 0;  // the slot the next new host takes
  const auto known_here = [&](const KnownHost& h) {
    const std::size_t size = h.size;
    return size > 0 && n - i >= size && std::memcmp(t.data() + i, h.name.data(), size) == 0 &&
           (i + size == n || (kAllowed[at(i + size)] & kRegName) == 0);
  };
  bool upper = false;
  if (const auto hit = std::find_if(recent.begin(), recent.end(), known_here); hit != recent.end()) {
    i += hit->size;
    upper = hit->upper;
  } else {
    while (i < n && (kAllowed[at(i)] & kRegName)) {
      upper |= static_cast<unsigned>(at(i) - 'A') < 26u;
      ++i;
    }
    if (i - host <= std::tuple_size_v<decltype(KnownHost::name)>) {
      KnownHost& slot = recent[next];
      std::memcpy(slot.name.data(), t.data() + host, i - host);
      slot.size = static_cast<std::uint8_t>(i - host);
      slot.upper = upper;
      next = (next + 1) % recent.size();
    }
  }
  const std::size_t host_end = i;
  const bool port = i < n && t[i] == ':';
  if (port) {
    ++i;
    while (i < n && is_digit(t[i])) ++i;
  }
  if (i < n && t[i] != '/' && t[i] != '?' && t[i] != '#') return false;
  const std::size_t path = i;
  i = skip(i, kPath, Where::Path);
  const std::size_t path_end = i;
  const bool dot_segment = has_slash_dot(t.substr(path, path_end - path));  // "/." anywhere in the path
  if (i < n && t[i] == '?') i = skip(i + 1, kQuery, Where::Query);
  if (i < n && t[i] == '#') i = skip(i + 1, kQuery, Where::Fragment);
  if (i < n) return false;
  scan.has_authority = true;
  scan.host_begin = host;
  scan.host_end = host_end;
  scan.path_begin = path;
  scan.path_end = path_end;
  scan.plain_host_normal_escapes = !port && normal_escapes;
  scan.escapes_clean = clean;
  scan.no_escaped_percent_in_path = !escaped_percent;
  scan.host_has_upper = upper;
  scan.path_has_dot_segment = dot_segment;
  return true;
}

}  // namespace

UriScan scan_http(std::string_view t, std::size_t scheme_length) {
  UriScan scan;
  if (scan_plain(t, scheme_length + 1, scan)) return scan;
  std::size_t i = scheme_length + 1;
  if (t.substr(i, 2) == "//") {
    scan.has_authority = true;
    i += 2;
    const std::size_t end = find_delimiter(t, i, true);
    const std::size_t at_sign = t.substr(i, end - i).rfind('@');
    std::size_t host = i;
    if (at_sign != std::string_view::npos) {
      host = i + at_sign + 1;  // the userinfo allows no '@': any but the last is its culprit
      scan_chars(t, i, host - 1, kUserInfo, UriPart::UserInfo, scan);
    }
    std::size_t port = end;
    scan.host_begin = host;
    if (host < end && t[host] == '[') {
      const std::size_t close = t.find(']', host);
      if (close >= end || !valid_ip_literal(t.substr(host + 1, close - host - 1))) {
        scan.fail(SyntaxProblem::IpLiteral, UriPart::Host, host);
        scan.host_end = end;
      } else {
        scan.host_end = close + 1;
        if (close + 1 < end && t[close + 1] != ':') scan.fail(SyntaxProblem::Character, UriPart::Host, close + 1);
        port = close + 1;
      }
    } else {
      scan.host_end = std::min(t.find(':', host), end);
      port = scan.host_end;
      scan_chars(t, host, scan.host_end, kRegName, UriPart::Host, scan);
    }
    if (port < end && t[port] == ':') {
      for (std::size_t p = port + 1; p < end; ++p) {
        if (!is_digit(t[p])) {
          scan.fail(SyntaxProblem::Character, UriPart::Port, p);
          break;
        }
      }
    }
    i = end;
  }
  const std::size_t query = find_delimiter(t, i, false);
  scan.path_begin = i;
  scan.path_end = query;
  scan_chars(t, i, query, kPath, UriPart::Path, scan);
  if (query == t.size()) return scan;
  const std::size_t fragment = t[query] == '#' ? query : std::min(t.find('#', query), t.size());
  scan_chars(t, query + 1, fragment, kQuery, UriPart::Query, scan);
  if (fragment < t.size()) scan_chars(t, fragment + 1, t.size(), kQuery, UriPart::Fragment, scan);
  return scan;
}

}  // namespace sitemaplint
