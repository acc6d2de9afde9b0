// Text made small enough to carry inside an HTML page: gzip (zlib), then base64. A browser
// unpacks it with DecompressionStream('gzip'), which fetches nothing, so the page stays
// self-contained under its Content-Security-Policy.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// `text` gzip-compressed and base64-encoded (RFC 4648, with padding).
std::string gzip_base64(std::string_view text);

}  // namespace sitemaplint
