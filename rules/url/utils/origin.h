// A URL's origin as the URL rules compare it: scheme, host and port, and how they are named in
// messages.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "url_analysis.h"

namespace sitemaplint {

// The origin as compared (`key`): the scheme and host in lower case, the host without a final dot,
// and the port unless it is the scheme's default.
struct Origin {
  std::string key;
  std::size_t scheme_size = 0, host_size = 0;
  std::string port;  // as written, without ':' or leading zeros; empty for the default
};

// The port written after the host, without its ':': digits up to the path, query or fragment.
std::string_view written_port(const UrlAnalysis& a);
// A port TCP can have (0 to 65535); Boost.URL takes any digits.
bool port_in_range(std::string_view port);
// The origin of `a` into `out`, reusing its capacity.
void origin_of(const UrlAnalysis& a, Origin& out);
std::string_view scheme_of(const Origin& o);
std::string_view host_of(const Origin& o);
// "port 8080", or "the default port of https".
std::string port_text(const Origin& o);

}  // namespace sitemaplint
