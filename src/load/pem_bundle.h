// A bundle of certificate authorities as PEM text, read far enough to find each certificate's
// subject without parsing it: what load/ca_store needs to parse only the certificates a
// connection's chain names (OpenSSL 3 takes about 150 microseconds a certificate, 20 ms for
// Debian's 144).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// The DER bytes of each "CERTIFICATE" block of `text`, in order; nullopt when the text holds
// anything OpenSSL would read differently from certificates alone: another kind of block (a CRL,
// a TRUSTED CERTIFICATE with its trust settings, a key), headers inside a block, a block left
// open, base64 that does not decode. Lines outside blocks are comments, as OpenSSL reads them.
std::optional<std::vector<std::string>> pem_certificates(std::string_view text);

// The subject Name of the X.509 certificate `der` (RFC 5280, 4.1: the sixth field of the
// tbsCertificate, the optional version counted), as its whole DER element; nullopt when `der` is
// not shaped like a certificate that far.
std::optional<std::string_view> certificate_subject(std::string_view der);

}  // namespace sitemaplint
