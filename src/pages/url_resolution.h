// How a link in a page's head becomes a URL: its href cleaned as browsers clean it, resolved
// against the page's URL (or its <base href>) as RFC 3986 resolves references, with the scheme in
// lower case and no ".." above the root, so that it compares with the URLs a sitemap lists.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// `href` resolved as RFC 3986 (section 5.2) resolves a reference against `base`; empty unless
// that gives an http(s) URL with a host (a javascript: link, a malformed one, no usable base).
// Without its fragment, which names a part of a page, never another.
std::string resolve_http_url(std::string_view href, std::string_view base);

}  // namespace sitemaplint
