#include "rules/url/utils/origin.h"

#include "analysis/ascii.h"

namespace sitemaplint {

namespace {

void lower_into(std::string_view text, std::string& out) {
  for (const char c : text) out.push_back(ascii_lower(c));
}

}  // namespace

// The port written after the host, without its ':': digits up to the path, query or fragment.
std::string_view written_port(const UrlAnalysis& a) {
  std::size_t at = a.host_at + a.host.size();
  if (at >= a.trimmed.size() || a.trimmed[at] != ':') return {};
  const std::size_t end = a.trimmed.find_first_of("/?#", at + 1);
  return a.trimmed.substr(at + 1, (end == std::string_view::npos ? a.trimmed.size() : end) - at - 1);
}

// A port TCP can have (0 to 65535); Boost.URL takes any digits.
bool port_in_range(std::string_view port) {
  while (port.size() > 1 && port.front() == '0') port.remove_prefix(1);
  return port.size() < 5 || (port.size() == 5 && port <= "65535");
}

// Fills `out`, reusing its capacity.
void origin_of(const UrlAnalysis& a, Origin& out) {
  out.key.clear();
  lower_into(a.scheme, out.key);
  out.scheme_size = out.key.size();
  out.key += "://";
  std::string_view host = a.ascii_host;
  if (host.ends_with('.')) host.remove_suffix(1);
  lower_into(host, out.key);
  out.host_size = host.size();
  std::string_view port = written_port(a);
  while (port.size() > 1 && port.front() == '0') port.remove_prefix(1);
  const bool https = out.key.starts_with("https:");
  if (port.empty() || port == (https ? "443" : "80")) port = {};
  out.port.assign(port);
  if (!port.empty()) {
    out.key += ':';
    out.key += port;
  }
}

std::string_view scheme_of(const Origin& o) { return std::string_view(o.key).substr(0, o.scheme_size); }
std::string_view host_of(const Origin& o) { return std::string_view(o.key).substr(o.scheme_size + 3, o.host_size); }
std::string port_text(const Origin& o) {
  return o.port.empty() ? "the default port of " + std::string(scheme_of(o)) : "port " + std::string(o.port);
}

}  // namespace sitemaplint
