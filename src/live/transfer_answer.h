// What a finished transfer of the live audit answered: its status, timing, type and Location, or
// why there is no answer.
#pragma once

#include "live/live_scheduler.h"
#include "live/response_sinks.h"
#include "load/curl_library.h"

namespace sitemaplint {

// Fills t.response from the ended transfer `t` (libcurl's result `code`): an answer, or status 0
// and the reason in one line (transfer_failure). t.curl and t.easy must still be set.
void read_answer(LiveTransfer& t, CURLcode code, const SchedulerOptions& options);

}  // namespace sitemaplint
