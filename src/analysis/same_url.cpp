#include "analysis/same_url.h"

#include <algorithm>
#include <array>
#include <functional>

#define XXH_INLINE_ALL  // the header alone: nothing to link
#include <xxhash.h>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"

namespace sitemaplint {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

// Whether text[at] starts an escape that normalising leaves as it is: upper-case hex, of a byte
// that is not unreserved (those are decoded).
inline bool stays_escaped(std::string_view text, std::size_t at) {
  if (text[at] != '%' || at + 2 >= text.size()) return false;
  const int byte = escaped_byte(text.data() + at + 1, kUpperHexDigitValues);
  return byte >= 0 && !kUnreservedBytes[byte];
}

void append_escape(unsigned char c, std::string* out) {
  const char escape[3] = {'%', kHex[c >> 4], kHex[c & 15]};
  out->append(escape, 3);
}

// Percent-escapes with upper-case hex, unreserved characters decoded, non-ASCII bytes escaped;
// with `fold_case`, letters outside escapes in lower case (for a host). A '%' that starts no escape
// is escaped itself (%25), as a URI must write it: left as it is, a decoded digit after it could
// make an escape that the next normalisation would decode ("%%341" -> "%41" -> "A").
void append_normalised(std::string_view part, bool fold_case, std::string* out) {
  for (std::size_t i = 0; i < part.size(); ++i) {
    // A run that normalising leaves as it is (no non-ASCII byte, no letter to fold, and escapes
    // only in upper-case hex of bytes that stay escaped) is appended at once: most of a URL, and
    // all of an encoded non-English path, which byte by byte cost some twenty instructions a byte.
    std::size_t run = i;
    while (run < part.size()) {
      const char c = part[run];
      if (c == '%') {
        if (!stays_escaped(part, run)) break;
        run += 3;
        continue;
      }
      if (static_cast<unsigned char>(c) >= 0x80 || (fold_case && is_ascii_upper(c))) break;
      ++run;
    }
    out->append(part.substr(i, run - i));
    if (run == part.size()) return;
    i = run;
    const auto c = static_cast<unsigned char>(part[i]);
    const int byte = c == '%' && i + 2 < part.size() ? escaped_byte(part.data() + i + 1) : -1;
    if (byte >= 0) {
      const auto decoded = static_cast<unsigned char>(byte);
      if (kUnreservedBytes[decoded])
        *out += fold_case ? ascii_lower(static_cast<char>(decoded)) : static_cast<char>(decoded);
      else append_escape(decoded, out);
      i += 2;
    } else if (c >= 0x80 || c == '%') {
      append_escape(c, out);
    } else {
      *out += fold_case ? ascii_lower(static_cast<char>(c)) : static_cast<char>(c);
    }
  }
}

// Drops the last "/segment" written after `start`.
void pop_segment(std::string* out, std::size_t start) {
  const std::size_t slash = out->rfind('/');
  out->resize(slash == std::string::npos || slash < start ? start : slash);
}

// RFC 3986 5.2.4 for an absolute path (one that starts with '/').
void append_without_dot_segments(std::string_view in, std::string* out) {
  const std::size_t start = out->size();
  std::size_t i = 0;
  while (i < in.size()) {
    const std::string_view rest = in.substr(i);
    if (rest.starts_with("/./")) {
      i += 2;
    } else if (rest == "/.") {
      *out += '/';
      i += 2;
    } else if (rest.starts_with("/../")) {
      pop_segment(out, start);
      i += 3;
    } else if (rest == "/..") {
      pop_segment(out, start);
      *out += '/';
      i += 3;
    } else {
      std::size_t next = in.find('/', i + 1);
      if (next == std::string_view::npos) next = in.size();
      out->append(in.substr(i, next - i));
      i = next;
    }
  }
}

std::string_view default_port(std::string_view scheme) {
  if (scheme == "http") return "80";
  if (scheme == "https") return "443";
  if (scheme == "ftp") return "21";
  return {};
}

bool is_scheme(std::string_view s) {
  if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return false;
  for (char c : s) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

// Where the path of a normal form ends (at '?', '#' or the end), and where it starts.
std::size_t path_start(std::string_view url) {
  const std::size_t authority = url.find("://");
  if (authority == std::string_view::npos) return 0;
  const std::size_t slash = find_any(url, "/?#", authority + 3);
  return slash == std::string_view::npos ? url.size() : slash;
}

std::size_t path_end(std::string_view url) {
  const std::size_t end = find_any(url, "?#", path_start(url));
  return end == std::string_view::npos ? url.size() : end;
}

// `url` without "www." at the start of its host.
std::string without_www(std::string_view url) {
  std::string out(url);
  const std::size_t authority = url.find("://");
  if (authority != std::string_view::npos && url.substr(authority + 3).starts_with("www.")) out.erase(authority + 3, 4);
  return out;
}

// `url` without a final '/' on a path longer than "/".
std::string without_trailing_slash(std::string_view url) {
  std::string out(url);
  const std::size_t end = path_end(url);
  if (end > path_start(url) + 1 && url[end - 1] == '/') out.erase(end - 1, 1);
  return out;
}

// Whether `url` starts with "scheme://"; *colon is where its ':' is.
bool has_authority(std::string_view url, std::size_t* colon) {
  *colon = url.find(':');
  return *colon != std::string_view::npos && is_scheme(url.substr(0, *colon)) && url.substr(*colon + 1, 2) == "//";
}

}  // namespace

void normalise_url(std::string_view url, std::string* out) {
  out->clear();
  std::size_t colon = 0;
  if (!has_authority(url, &colon)) {
    append_normalised(url, false, out);
    // Decoding must not spell a scheme that was not there ("h%2e://" would become "h.://", which
    // the next normalisation would read as a URL): such a value is written as it is.
    if (std::size_t spelled = 0; has_authority(*out, &spelled)) out->assign(url);
    return;
  }
  for (char c : url.substr(0, colon)) *out += ascii_lower(c);
  const std::string scheme = *out;
  *out += "://";
  const std::string_view rest = url.substr(colon + 3);
  const std::size_t authority_end = std::min(find_any(rest, "/?#"), rest.size());
  std::string_view host_port = rest.substr(0, authority_end);
  if (const std::size_t at = host_port.rfind('@'); at != std::string_view::npos) {
    append_normalised(host_port.substr(0, at + 1), false, out);
    host_port.remove_prefix(at + 1);
  }
  std::string_view host = host_port, port;
  const std::size_t port_colon = host_port.rfind(':');
  const std::size_t bracket = host_port.rfind(']');
  // A port follows the only ':' after the host (an IPv6 literal keeps its own in brackets). With
  // another ':' the authority is no host and port at all ("a::"): dropping the empty port there
  // would make "a:" the next host and port, and the normal form would change when normalised again.
  const std::size_t host_end = bracket == std::string_view::npos ? 0 : bracket;
  const bool one_colon = host_port.find(':', host_end) == port_colon;
  if (port_colon != std::string_view::npos && (bracket == std::string_view::npos || port_colon > bracket) &&
      one_colon) {
    host = host_port.substr(0, port_colon);
    port = host_port.substr(port_colon + 1);
    while (port.size() > 1 && port[0] == '0') port.remove_prefix(1);
  }
  append_normalised(host, true, out);
  if (!port.empty() && port != default_port(scheme)) {
    *out += ':';
    *out += port;
  }
  const std::string_view tail = rest.substr(authority_end);
  const std::size_t path_length = std::min(find_any(tail, "?#"), tail.size());
  if (path_length == 0) {
    *out += '/';
  } else {
    thread_local std::string path;
    path.clear();
    append_normalised(tail.substr(0, path_length), false, &path);
    append_without_dot_segments(path, out);
  }
  append_normalised(tail.substr(path_length), false, out);
}

// XXH3: std::hash (MurmurHash2) took a twentieth of the time of a sitemap of long query strings,
// where every <loc> is keyed once and is a kilobyte long.
std::uint64_t url_key(std::string_view normal_form) { return XXH3_64bits(normal_form.data(), normal_form.size()); }

namespace {

// How is_normal_form() treats each byte, one table lookup per character (it runs on every <loc>
// and link of a run): in the host, after it, and in the path.
enum : std::uint8_t {
  kHostStop = 1,  // not in a host that is its own normal form: upper case, escapes, user info, ...
  kRestStop = 2,  // not in a normal form at all: an escape or a non-ASCII byte
  kPathSpecial = 4  // ends the path ('?', '#') or may start a dot segment ('/')
};
constexpr std::array<std::uint8_t, 256> make_normal_form_classes() {
  std::array<std::uint8_t, 256> table{};
  for (int c = 'A'; c <= 'Z'; ++c) table[c] |= kHostStop;
  for (const char c : std::string_view("%@:[?#")) table[static_cast<unsigned char>(c)] |= kHostStop;
  for (int c = 0x80; c < 0x100; ++c) table[c] |= kHostStop | kRestStop;
  table['%'] |= kRestStop;
  for (const char c : std::string_view("/?#")) table[static_cast<unsigned char>(c)] |= kPathSpecial;
  return table;
}
constexpr std::array<std::uint8_t, 256> kNormalFormClass = make_normal_form_classes();

}  // namespace

bool is_normal_form(std::string_view url) {
  const auto cls = [&](std::size_t k) { return kNormalFormClass[static_cast<unsigned char>(url[k])]; };
  std::size_t i = 0;
  if (url.empty() || !(url[0] >= 'a' && url[0] <= 'z')) return false;
  for (; i < url.size() && url[i] != ':'; ++i) {
    const char c = url[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')) return false;
  }
  if (url.substr(i, 3) != "://") return false;
  i += 3;
  // The host: no upper case, and nothing that needs a closer look (user info, port, IP literal).
  for (; i < url.size() && url[i] != '/'; ++i) {
    if (cls(i) & kHostStop) return false;
  }
  if (i == url.size()) return false;  // no path: it is written "/"
  for (; i < url.size(); ++i) {
    const std::uint8_t k = cls(i);
    if (k & kRestStop) {
      if (!stays_escaped(url, i)) return false;
      i += 2;
      continue;
    }
    if (!(k & kPathSpecial)) continue;  // upper case, ':' and '@' belong to a path as written
    if (url[i] != '/') break;  // '?' or '#': the path ends; the rest is compared as written
    if (i + 1 < url.size() && url[i + 1] == '.') return false;  // perhaps a dot segment
  }
  for (; i < url.size(); ++i) {
    if (cls(i) & kRestStop) {
      if (!stays_escaped(url, i)) return false;
      i += 2;
    }
  }
  return true;
}

std::uint64_t same_url_key(std::string_view url, std::string* scratch) {
  if (is_normal_form(url)) return url_key(url);
  normalise_url(url, scratch);
  return url_key(*scratch);
}

bool same_url(std::string_view a, std::string_view b) {
  const auto trimmed = [](std::string_view s) {
    constexpr std::string_view kSpace = " \t\r\n";
    const std::size_t first = s.find_first_not_of(kSpace);
    return first == std::string_view::npos ? std::string_view()
                                           : s.substr(first, s.find_last_not_of(kSpace) + 1 - first);
  };
  a = trimmed(a);
  b = trimmed(b);
  if (a == b) return true;
  std::string normal_a, normal_b;
  normalise_url(a, &normal_a);
  normalise_url(b, &normal_b);
  return normal_a == normal_b;
}

UrlSlip url_slip(std::string_view a, std::string_view b) {
  if (a == b) return UrlSlip::None;
  const std::size_t sa = a.find("://"), sb = b.find("://");
  if (sa != std::string_view::npos && sb != std::string_view::npos && a.substr(sa) == b.substr(sb)) {
    return UrlSlip::Scheme;
  }
  if (without_www(a) == without_www(b)) return UrlSlip::Www;
  if (without_trailing_slash(a) == without_trailing_slash(b)) return UrlSlip::TrailingSlash;
  return UrlSlip::None;
}

}  // namespace sitemaplint
