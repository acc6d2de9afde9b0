#include "load/proxy_choice.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstdlib>
#include <cstring>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

// Whether the address `host` lies in `network` with a prefix of `bits` (0: the whole address),
// both of `family` and written as inet_pton reads them.
bool in_network(int family, const std::string& host, const std::string& network, unsigned bits) {
  unsigned char a[16] = {}, b[16] = {};
  const unsigned width = family == AF_INET ? 32 : 128;
  if (bits == 0) bits = width;
  if (bits > width || inet_pton(family, host.c_str(), a) != 1 || inet_pton(family, network.c_str(), b) != 1) {
    return false;
  }
  const unsigned whole = bits / 8, rest = bits % 8;
  if (std::memcmp(a, b, whole) != 0) return false;
  const auto mask = static_cast<unsigned char>(0xFF00 >> rest);
  return rest == 0 || ((a[whole] ^ b[whole]) & mask) == 0;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

bool no_proxy_matches(std::string_view host, std::string_view no_proxy) {
  if (no_proxy == "*") return true;
  int family = 0;  // of an address; 0 for a name
  std::string name;
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    family = AF_INET6;
    name = host.substr(1, host.size() - 2);
  } else {
    name = host;
    in_addr unused{};
    if (inet_pton(AF_INET, name.c_str(), &unused) == 1) family = AF_INET;
    else if (!name.empty() && name.back() == '.') name.pop_back();
  }
  std::size_t at = 0;
  while (at < no_proxy.size()) {
    while (at < no_proxy.size() && (is_blank(no_proxy[at]) || no_proxy[at] == ',')) ++at;
    const std::size_t start = at;
    while (at < no_proxy.size() && !is_blank(no_proxy[at]) && no_proxy[at] != ',') ++at;
    std::string_view token = no_proxy.substr(start, at - start);
    if (token.empty()) continue;
    if (family == 0) {
      if (token.back() == '.') token.remove_suffix(1);
      if (!token.empty() && token.front() == '.') token.remove_prefix(1);
      if (token.empty() || token.size() > name.size()) continue;
      const std::string_view tail = std::string_view(name).substr(name.size() - token.size());
      if (ascii_equal_ignoring_case(token, tail) &&
          (token.size() == name.size() || name[name.size() - token.size() - 1] == '.')) {
        return true;
      }
      continue;
    }
    const std::size_t slash = token.find('/');
    const std::string network(token.substr(0, slash));
    const unsigned bits = slash == std::string_view::npos
                              ? 0
                              : static_cast<unsigned>(std::atoi(std::string(token.substr(slash + 1)).c_str()));
    if (in_network(family, name, network, bits)) return true;
  }
  return false;
}

std::string proxy_for(std::string_view scheme, std::string_view host, const EnvironmentLookup& environment) {
  const auto get = [&](const char* variable) -> std::string {
    const char* value = environment ? environment(variable) : std::getenv(variable);
    return value ? value : "";
  };
  std::string no_proxy = get("no_proxy");
  if (no_proxy.empty()) no_proxy = get("NO_PROXY");
  if (no_proxy_matches(host, no_proxy)) return "";
  std::string proxy;
  if (scheme == "https") {
    proxy = get("https_proxy");
    if (proxy.empty()) proxy = get("HTTPS_PROXY");
  } else {
    proxy = get("http_proxy");  // HTTP_PROXY is not read: a CGI program's environment sets it from a request header
  }
  if (proxy.empty()) proxy = get("all_proxy");
  if (proxy.empty()) proxy = get("ALL_PROXY");
  return proxy;
}

}  // namespace sitemaplint
