// Why a request of the live audit got no answer, in one line a user can act on, rather than
// libcurl's words alone.
#pragma once

#include <string>

#include "live/live_scheduler.h"
#include "live/response_sinks.h"
#include "load/curl_library.h"

namespace sitemaplint {

// Why `t` ended with `code` and no answer: a refused address, a timeout (connecting or
// answering), DNS, a connection, TLS (a plain HTTP server on an https URL's port said plainly), a
// body not in its Content-Encoding, a dropped connection, or libcurl's own words.
std::string transfer_failure(const LiveTransfer& t, CURLcode code, const SchedulerOptions& options);

}  // namespace sitemaplint
