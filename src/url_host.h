// The host checks of the URL analysis (url_analysis.h): whether the host is an IP address, its
// ASCII (IDNA) form, and what is wrong with it.
#pragma once

#include "url_analysis.h"

namespace sitemaplint {

// Fills a.host_is_ip, a.ascii_host, a.host_problem and a.idna_errors from a.host (a.has_authority).
void check_host(UrlAnalysis& a);

}  // namespace sitemaplint
