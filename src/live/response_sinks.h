// One request of a live audit as libcurl carries it out (live_scheduler.h), and the sinks libcurl
// writes its answer into: the headers, kept in order up to a cap, and the body, kept only for a 2xx
// HTML page (or whatever robots.txt is) and ended at </head> or at kLiveBodyBytes, so that a huge,
// endless or bomb-decoded body costs no more than its head. Over HTTP/1.x the rest of a small body
// is read and dropped rather than the transfer ended there, over HTTP/2 the rest of the chunk that
// held </head> (see kDrainBytes).
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "live/live_scheduler.h"
#include "live/socket_events.h"
#include "load/curl_library.h"

namespace sitemaplint {

// Whether a Content-Type names an HTML page (text/html, application/xhtml+xml).
bool is_html_type(std::string_view type);
// Whether a Content-Type says nothing of the body (*/*, unknown/unknown, application/unknown), which
// the MIME Sniffing Standard sniffs as it does a body without one.
bool is_unknown_type(std::string_view type);
// Whether a body of no or an unknown type is an HTML page, as the MIME Sniffing Standard's rules for
// an unknown type tell it (section 7.1), which browsers follow: after white space, a comment or one
// of the tags that start HTML documents.
bool sniffs_as_html(std::string_view bytes);
// The bytes sniffed at most (the standard's resource header), and the bytes after white space that
// decide it before then (the longest pattern and its end).
inline constexpr std::size_t kSniffBytes = 1445;
inline constexpr std::size_t kSniffDecides = 16;

// A request waiting for its host's turn, and what to call with its answer.
struct QueuedRequest {
  LiveRequest request;
  LiveCallback done;
  int retries = 0;
  // The answer (a 429 or 503) it is to be asked again after: its answer if its host is given up
  // before it is, since it was fetched all the same.
  std::shared_ptr<LiveResponse> before_retry;
};

// A request in flight.
struct LiveTransfer {
  CURL* easy = nullptr;
  curl_slist* headers = nullptr;
  QueuedRequest pending;
  std::string host;
  // When it was started: after a long Retry-After its host asked for, or before that wait was over
  // (the scheduler gives a host up that asks for a long wait again once one was waited out).
  std::chrono::steady_clock::time_point started_at;
  LiveResponse response;
  char errbuf[CURL_ERROR_SIZE] = {};
  bool guard_active = false;
  std::string refused_address;
  bool type_checked = false;
  bool sniffing = false;  // a body of no or an unknown type, kept until sniff_as_html can tell
  // The blank line that ends the last answer's headers came: an answer without it was cut short,
  // whatever its status line said.
  bool headers_ended = false;
  bool stopped = false;  // the body was ended on purpose: </head>, the cap, or not needed
  // After `stopped`, the rest of the body is read and dropped, so that the connection is kept.
  bool draining = false;
  bool chunk_only = false;  // HTTP/2: only the rest of the chunk at hand is taken, not another
  std::size_t received = 0;  // bytes of the body handed over, decoded
  std::chrono::steady_clock::time_point stopped_at;
  const CurlFunctions* curl = nullptr;
  SocketEvents* sockets = nullptr;  // told of the sockets the transfer opens
};

// The rest of a body no longer needed is read and dropped, rather than the transfer ended, while
// the whole body stays within this many bytes (decoded) and kDrainTime: ending an HTTP/1.x transfer
// early closes its connection, and the next page's new connection costs more than reading a few
// kilobytes more. Over HTTP/2 a transfer ends alone (its stream is reset): only the rest of the
// chunk at hand is taken, within kDrainTime.
inline constexpr std::size_t kDrainBytes = 64 * 1024;
inline constexpr std::chrono::milliseconds kDrainTime{200};

// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, with the LiveTransfer as their user data.
std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user);
std::size_t read_header(char* data, std::size_t size, std::size_t count, void* user);
// Whether the dropped rest of a body is over its bounds (kDrainBytes, or kDrainTime since the body
// needed was read): the transfer is then ended, as the write callback does when bytes arrive and
// the scheduler's loop when none do.
bool drain_over(const LiveTransfer& t);

}  // namespace sitemaplint
