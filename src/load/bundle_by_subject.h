// A store whose certificates are those of a PEM bundle, each parsed only when a chain asks for
// its subject (load/pem_bundle finds the subjects without parsing): OpenSSL 3 takes about 150
// microseconds a certificate, 20 ms for Debian's bundle of 144, and a run needs one or two.
#pragma once

#include <cstddef>
#include <string_view>

#include "load/openssl_functions.h"

namespace sitemaplint {

// A new X509_STORE that finds the certificates of bundle `text` by subject; null when the text is
// not a bundle of certificates alone (the caller then loads the file whole, as libcurl would).
void* store_by_subject(const OpenSsl& ssl, std::string_view text);

// How many of the bundles' certificates the stores have parsed so far (tests).
std::size_t certificates_parsed_by_subject();

}  // namespace sitemaplint
