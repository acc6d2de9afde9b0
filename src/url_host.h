// The host checks of the URL analysis (url_analysis.h): whether the host is an IP address, its
// ASCII (IDNA) form, and what is wrong with it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "url_analysis.h"

namespace sitemaplint {

// Fills a.host_is_ip, a.ascii_host, a.host_problem and a.idna_errors from a.host (a.has_authority).
void check_host(UrlAnalysis& a);

// UTS #46 ToASCII of the host name `name` (UTF-8) into `out`; returns the UIDNA_ERROR_* bits. With
// errors, `out` holds what the mapping made of the name, or nothing when ICU refused it outright.
std::uint32_t idna_to_ascii(std::string_view name, std::string& out);

}  // namespace sitemaplint
