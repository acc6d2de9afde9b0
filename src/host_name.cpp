#include "host_name.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cstdint>
#include <optional>

#include "analysis/ascii.h"
#include "analysis/url_origin.h"
#include "url_host.h"

namespace sitemaplint {
namespace {

// One part of an IPv4 address as inet_aton() reads it: decimal, octal after a leading 0,
// hexadecimal after 0x (nothing after 0x is 0, as the WHATWG URL parser has it).
std::optional<std::uint64_t> ipv4_number(std::string_view part) {
  if (part.empty()) return std::nullopt;
  unsigned base = 10;
  if (part.size() >= 2 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X')) {
    base = 16;
    part.remove_prefix(2);
  } else if (part.size() >= 2 && part[0] == '0') {
    base = 8;
    part.remove_prefix(1);
  }
  std::uint64_t value = 0;
  for (char c : part) {
    const unsigned digit = is_ascii_digit(c)      ? static_cast<unsigned>(c - '0')
                           : c >= 'a' && c <= 'f' ? static_cast<unsigned>(c - 'a' + 10)
                           : c >= 'A' && c <= 'F' ? static_cast<unsigned>(c - 'A' + 10)
                                                  : 99;
    if (digit >= base) return std::nullopt;
    value = value * base + digit;
    if (value > 0xFFFFFFFFu) return std::nullopt;
  }
  return value;
}

// The dotted quad of a name that inet_aton() reads as an IPv4 address; nullopt for any other name.
std::optional<std::string> ipv4_of(std::string_view name) {
  std::uint64_t parts[4];
  std::size_t count = 0;
  for (std::size_t start = 0;; ++count) {
    if (count == 4) return std::nullopt;
    const std::size_t dot = name.find('.', start);
    const auto number = ipv4_number(name.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (!number) return std::nullopt;
    parts[count] = *number;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  ++count;
  // The parts before the last are one byte each; the last fills the rest ("127.1" is 127.0.0.1).
  std::uint64_t address = 0;
  for (std::size_t i = 0; i + 1 < count; ++i) {
    if (parts[i] > 0xFF) return std::nullopt;
    address = address << 8 | parts[i];
  }
  const unsigned last_bits = 8 * static_cast<unsigned>(5 - count);
  if (parts[count - 1] >> last_bits != 0) return std::nullopt;
  address = address << last_bits | parts[count - 1];
  in_addr raw{};
  raw.s_addr = htonl(static_cast<std::uint32_t>(address));
  char text[INET_ADDRSTRLEN] = {};
  inet_ntop(AF_INET, &raw, text, sizeof text);
  return std::string(text);
}

}  // namespace

std::string normal_host(std::string_view host) {
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    std::string literal(host.substr(1, host.size() - 2));
    literal.erase(std::min(literal.find('%'), literal.size()));  // a zone: "fe80::1%eth0"
    in6_addr raw{};
    char text[INET6_ADDRSTRLEN] = {};
    if (inet_pton(AF_INET6, literal.c_str(), &raw) == 1 && inet_ntop(AF_INET6, &raw, text, sizeof text)) {
      // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address: one host, one spelling.
      if (IN6_IS_ADDR_V4MAPPED(&raw))
        return std::to_string(raw.s6_addr[12]) + "." + std::to_string(raw.s6_addr[13]) + "." +
               std::to_string(raw.s6_addr[14]) + "." + std::to_string(raw.s6_addr[15]);
      return "[" + std::string(text) + "]";
    }
  }
  std::string name;
  bool ascii = true;
  for (char c : host) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  // What the mapping makes of a name it finds errors in is kept too: a lenient resolver or proxy
  // may map it the same way. Only a name it refuses outright stays as written.
  if (!ascii) idna_to_ascii(host, name);
  if (name.empty()) name.assign(host);
  for (char& c : name) c = ascii_lower(c);
  while (!name.empty() && name.back() == '.') name.pop_back();
  if (auto address = ipv4_of(name)) return *std::move(address);
  return name;
}

std::string normal_origin(std::string_view url) {
  std::string origin = origin_of_url(url);
  if (origin.empty()) return origin;
  const std::size_t host_at = origin.find("://") + 3;
  std::size_t port_at = origin.rfind(':');
  if (port_at < host_at || origin.find(']', port_at) != std::string::npos) port_at = origin.size();
  const std::string host = normal_host(std::string_view(origin).substr(host_at, port_at - host_at));
  return origin.substr(0, host_at) + host + origin.substr(port_at);
}

}  // namespace sitemaplint
