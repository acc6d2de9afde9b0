// Whether a request goes through a proxy: the choice libcurl makes from the environment, made here
// instead and handed to libcurl explicitly (fetch.cpp), so that the fetcher knows which requests
// connect directly (their address is checked before connecting: fetch.h) and which go to a proxy
// (which resolves the name itself, so that only the name can be checked). Guessed from the mere
// presence of a variable, the answer was wrong for HTTP_PROXY (which libcurl ignores for http://)
// and for the hosts no_proxy names, which were then fetched directly and unchecked.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace sitemaplint {

// Looks an environment variable up; null when it is not set.
using EnvironmentLookup = std::function<const char*(const char*)>;

// The proxy a request for `scheme` ("http" or "https", lower case) to `host` (as libcurl gives a
// URL's host, an IPv6 literal in brackets) goes through, as libcurl would choose it; empty for a
// direct connection. The proxy: https_proxy or HTTPS_PROXY for https, http_proxy (only lower case,
// as libcurl has it) for http, else all_proxy or ALL_PROXY; none when no_proxy (or NO_PROXY) lets
// the host go direct (no_proxy_matches). An empty variable counts as unset. `environment` defaults
// to the process's.
std::string proxy_for(std::string_view scheme, std::string_view host, const EnvironmentLookup& environment = {});

// Whether `no_proxy` (libcurl's syntax: "*", or names, addresses and networks separated by commas
// or blanks) lets `host` go direct: "*"; a name equal to the host or a domain above it
// ("example.com" and ".example.com" both take www.example.com, not notexample.com; case and a
// trailing dot ignored); an IPv4 or IPv6 address equal to the host's, or a network holding it
// ("10.0.0.0/8", "fd00::/8").
bool no_proxy_matches(std::string_view host, std::string_view no_proxy);

}  // namespace sitemaplint
