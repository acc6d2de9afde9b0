// One request handed to libcurl: the options of its easy handle (no redirects followed, the
// protocols, timeouts, compression, HTTP/2, the sinks of response_sinks.h, and a socket opener
// that refuses internal addresses on hosts the user did not name).
#pragma once

#include <string>

#include "live/live_scheduler.h"
#include "live/response_sinks.h"
#include "load/curl_library.h"

namespace sitemaplint {

// Sets the options every request of the run shares on a new handle `h`. A handle is then kept from
// request to request without curl_easy_reset: those options stay, and only a request's own are set
// again (a reset and two dozen options a request were a tenth of the scheduler's time).
// `sockets` is told of every socket the handle's connections open and close.
void set_up_handle(const CurlFunctions& curl, CURL* h, const SchedulerOptions& options, SocketEvents& sockets);
// The headers every request of the run sends, User-Agent and Accept-Encoding, as custom headers:
// libcurl writes those of its own options through its printf twice a request, a byte at a time
// (a tenth of its work on a request). Accept-Encoding names what this libcurl decodes, as its own
// option would; the option stays set, and has libcurl decode what comes back.
curl_slist* common_headers(const CurlFunctions& curl, const std::string& user_agent);
// Sets `t.easy`'s options for `t.pending.request`, through `proxy` ("" for none): each one that
// set_up_handle does not set, so that nothing of the handle's last request is left. `common`:
// common_headers(), sent first; `user_agent` is also given to a proxy, in its CONNECT. `ca_file`:
// SchedulerOptions::ca_file (load/ca_store.h: one store for every direct connection).
void set_up_transfer(LiveTransfer& t, const std::string& scheme, const std::string& proxy, curl_slist* common,
                     const std::string& user_agent, const std::string& ca_file);

}  // namespace sitemaplint
