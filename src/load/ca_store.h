// The certificate authorities TLS connections are verified against, loaded once for the whole
// process. libcurl loads them into each connection's own store, and caches that store only per
// multi handle: the live audit's, and one for each thread that fetches sitemaps. Debian's bundle
// is 144 certificates, about 20 ms a load. Here one store, made on first use from the file
// libcurl would read, is handed to every connection by CURLOPT_SSL_CTX_FUNCTION, with libcurl's
// own files unset so that it loads nothing. Where the file is certificates alone (load/pem_bundle),
// the store parses only those a chain asks for by subject, and what it trusts is what the file
// loaded whole gives; any other file is loaded whole. Only where libcurl's TLS library is the OpenSSL 3
// that libcurl4 is built with (its functions are looked up in the libssl.so.3 libcurl loaded);
// anywhere else libcurl loads the certificates itself, as before.
#pragma once

#include <cstddef>
#include <string>

#include "load/curl_library.h"

namespace sitemaplint {

// Makes `h`'s connections verify against the shared store of `ca_file` (empty: the file libcurl
// reads by default) and returns true; or, when that cannot be, leaves `h` to libcurl's own
// loading of `ca_file` and returns false. For a connection without a proxy only: libcurl hands the
// callback a proxy's TLS context too, and would load the proxy's certificates into the shared
// store; a request through a proxy gets use_own_ca_store(). TLS sessions are resumed only with
// the default file's store (libcurl keys them by the file named, and none is).
bool use_shared_ca_store(const CurlFunctions& curl, CURL* h, const std::string& ca_file);

// Leaves `h` to libcurl's own loading of `ca_file` (empty: its default file), without the folder
// Debian's libcurl also names, so that libcurl caches what it loads per multi handle: libcurl
// caches a store only when it comes from one file (update-ca-certificates keeps the same
// certificates in both).
void use_own_ca_store(const CurlFunctions& curl, CURL* h, const std::string& ca_file);

// How many of the bundles' certificates the shared stores have parsed so far (tests).
std::size_t ca_certificates_parsed();

}  // namespace sitemaplint
