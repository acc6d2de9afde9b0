// A URL's host in one spelling, for the host checks of fetch.cpp: a resolver or a proxy takes
// "LOCALHOST.", "ｌｏｃａｌｈｏｓｔ" and "localhost" for one name, and "127.0.0.1.", "2130706433",
// "0x7f.1", "017700000001" and "127.1" for one address, so a check on the spelling a document
// wrote would let the others through.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// `host` as libcurl gives a URL's host (percent-decoded, an IPv6 literal in brackets), spelled one
// way:
// - an IPv6 literal: in brackets, without a zone, as inet_ntop writes it ("[::1]" for
//   "[0:0:0:0:0:0:0:1]"); an IPv4-mapped one as its IPv4 address ("127.0.0.1" for
//   "[::FFFF:7F00:1]");
// - a name: in ASCII lower case (IDNA ToASCII, UTS #46, when it is not ASCII), without trailing
//   dots; one that inet_aton() would read as an IPv4 address (one to four dot-separated numbers,
//   each decimal, octal with a leading 0 or hexadecimal with 0x, the last filling the bytes left)
//   as a dotted quad.
std::string normal_host(std::string_view host);

// The origin of an absolute http(s) URL (origin_of_url) with its host in normal_host's spelling:
// "http://127.1:80/" and "http://[::ffff:127.0.0.1]/" are "http://127.0.0.1"; "" when it has none.
// What the live audit keys an origin's robots.txt, probe and queue of URLs by.
std::string normal_origin(std::string_view url);

}  // namespace sitemaplint
