// Judging the host of an http(s) URL: IP addresses, plain names, and IDNA (UTS #46) through ICU,
// with the verdicts on the last few hosts kept, as most URLs of a sitemap share a few hosts.
#include "url_host.h"

#include <array>
#include <string>

#include <boost/url/ipv4_address.hpp>
#include <boost/url/ipv6_address.hpp>
#include <unicode/uidna.h>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"

namespace sitemaplint {
namespace {

// A host of LDH labels (letters, digits, hyphens) that UTS #46 would pass unchanged but for case:
// ICU need not see it. 'xn--' and other '--' labels, '_' and the like go to ICU.
bool plain_ascii_host(std::string_view host) {
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  if (host.empty() || host.size() > 253) return false;
  std::size_t label = 0;
  while (label <= host.size()) {
    const std::size_t end = std::min(host.find('.', label), host.size());
    const std::string_view l = host.substr(label, end - label);
    if (l.empty() || l.size() > 63 || l.front() == '-' || l.back() == '-') return false;
    if (l.size() >= 4 && l[2] == '-' && l[3] == '-') return false;
    for (char c : l) {
      if (!is_ascii_alpha(c) && !is_ascii_digit(c) && c != '-') return false;
    }
    label = end + 1;
  }
  return true;
}

const UIDNA* idna() {
  static const std::unique_ptr<UIDNA, void (*)(UIDNA*)> instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA* p = uidna_openUTS46(
        UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_USE_STD3_RULES, &status);
    return std::unique_ptr<UIDNA, void (*)(UIDNA*)>(U_SUCCESS(status) ? p : nullptr, &uidna_close);
  }();
  return instance.get();
}

void check_host_uncached(UrlAnalysis& a);

}  // namespace

std::uint32_t idna_to_ascii(std::string_view name, std::string& out) {
  const UIDNA* converter = idna();
  if (!converter) {  // no ICU data: keep the name, report nothing
    out.assign(name);
    return 0;
  }
  out.resize(name.size() * 2 + 64);
  for (;;) {
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uidna_nameToASCII_UTF8(converter, name.data(), static_cast<int32_t>(name.size()), out.data(),
                                             static_cast<int32_t>(out.size()), &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      out.resize(static_cast<std::size_t>(n));
      continue;
    }
    out.resize(U_SUCCESS(status) ? static_cast<std::size_t>(n) : 0);
    return U_SUCCESS(status) ? info.errors : static_cast<std::uint32_t>(UIDNA_ERROR_DISALLOWED);
  }
}

// Most URLs of a sitemap share a few hosts (the site's, a CDN's for its images): the verdicts on
// the last few ASCII hosts (a plain name or an IP address, whose ASCII form is itself) are kept per
// thread and reused while those hosts repeat.
void check_host(UrlAnalysis& a) {
  struct Verdict {
    std::string host;
    bool valid = false, is_ip = false;
    HostProblem problem = HostProblem::None;
  };
  thread_local std::array<Verdict, 4> recent;
  thread_local std::size_t next = 0;  // the slot the next new host takes
  if (a.has_authority) {
    for (const Verdict& v : recent) {
      if (v.valid && same_bytes(a.host, v.host)) {
        a.host_is_ip = v.is_ip;
        a.ascii_host = a.host;
        a.host_problem = v.problem;
        return;
      }
    }
  }
  check_host_uncached(a);
  Verdict& slot = recent[next];
  slot.valid = a.has_authority && !a.host.empty() && a.ascii_host.data() == a.host.data() &&
               a.ascii_host.size() == a.host.size() && a.idna_errors == 0;
  if (slot.valid) {
    slot.host.assign(a.host);
    slot.is_ip = a.host_is_ip;
    slot.problem = a.host_problem;
    next = (next + 1) % recent.size();
  }
}

namespace {

void check_host_uncached(UrlAnalysis& a) {
  if (!a.has_authority) {
    a.host_problem = HostProblem::NoAuthority;
    return;
  }
  if (a.host.empty()) {
    a.host_problem = HostProblem::Empty;
    return;
  }
  // The scan has validated a bracketed IP literal already; a dotted quad is an IPv4 address.
  const bool ip_literal = a.host.front() == '[';
  if (ip_literal ||
      boost::urls::parse_ipv4_address(boost::urls::string_view(a.host.data(), a.host.size())).has_value()) {
    a.host_is_ip = true;
    a.ascii_host = a.host;
    return;
  }
  if (plain_ascii_host(a.host)) {
    a.ascii_host = a.host;
  } else {
    std::string_view name = a.host;
    if (name.find('%') != std::string_view::npos) {  // the syntax is valid, so every '%' is an escape
      a.host_buffer.clear();
      for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] == '%') {
          a.host_buffer += static_cast<char>(escaped_byte(&name[i + 1]));
          i += 2;
        } else {
          a.host_buffer += name[i];
        }
      }
      name = a.host_buffer;
    }
    a.idna_errors = idna_to_ascii(name, a.idna_buffer);
    a.ascii_host = a.idna_buffer;
    if (a.idna_errors != 0) {
      a.host_problem = HostProblem::Idna;
      return;
    }
  }
  std::string_view name = a.ascii_host;
  if (!name.empty() && name.back() == '.') name.remove_suffix(1);
  const std::size_t dot = name.rfind('.');
  const std::string_view last = dot == std::string_view::npos ? name : name.substr(dot + 1);
  bool numeric = !last.empty();
  for (char c : last) numeric = numeric && is_ascii_digit(c);
  if (numeric) a.host_problem = HostProblem::NumericTld;
  else if (dot == std::string_view::npos) a.host_problem = HostProblem::NotQualified;
}

}  // namespace
}  // namespace sitemaplint
