// One request of a live audit as libcurl carries it out (live_scheduler.h), and the sinks libcurl
// writes its answer into: the headers, kept in order up to a cap, and the body, kept only for a 2xx
// HTML page (or whatever robots.txt is) and ended at </head> or at kLiveBodyBytes, so that a huge,
// endless or bomb-decoded body costs no more than its head.
#pragma once

#include <cstddef>
#include <string>

#include "live/live_scheduler.h"
#include "load/curl_library.h"

namespace sitemaplint {

// A request waiting for its host's turn, and what to call with its answer.
struct QueuedRequest {
  LiveRequest request;
  LiveCallback done;
  int retries = 0;
};

// A request in flight.
struct LiveTransfer {
  CURL* easy = nullptr;
  curl_slist* headers = nullptr;
  QueuedRequest pending;
  std::string host;
  LiveResponse response;
  char errbuf[CURL_ERROR_SIZE] = {};
  bool guard_active = false;
  std::string refused_address;
  bool type_checked = false;
  bool stopped = false;  // the body was ended on purpose: </head>, the cap, or not needed
  const CurlFunctions* curl = nullptr;
};

// `text` on one line: control characters as spaces, trailing spaces dropped.
std::string one_line(std::string text);

// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, with the LiveTransfer as their user data.
std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user);
std::size_t read_header(char* data, std::size_t size, std::size_t count, void* user);

}  // namespace sitemaplint
