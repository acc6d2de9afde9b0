// The body sink of a live request (src/live/response_sinks.h) as libcurl feeds it, chunk after
// chunk, with libcurl's answers to its questions (status, type, version, length) made up here:
// what it takes of each chunk once the page's </head> is in, over HTTP/2 and over HTTP/1.1.
#include <doctest/doctest.h>

#include <cstdarg>
#include <string>
#include <vector>

#include "live/response_sinks.h"

using namespace sitemaplint;

namespace {

long answer_version = CURL_HTTP_VERSION_2_0;
curl_off_t answer_length = -1;  // unknown

CURLcode made_up_info(CURL*, CURLINFO info, ...) {
  va_list args;
  va_start(args, info);
  switch (info) {
    case CURLINFO_RESPONSE_CODE: *va_arg(args, long*) = 200; break;
    case CURLINFO_CONTENT_TYPE: *va_arg(args, const char**) = "text/html; charset=utf-8"; break;
    case CURLINFO_HTTP_VERSION: *va_arg(args, long*) = answer_version; break;
    case CURLINFO_CONTENT_LENGTH_DOWNLOAD_T: *va_arg(args, curl_off_t*) = answer_length; break;
    default: break;
  }
  va_end(args);
  return CURLE_OK;
}

// What write_body took of each chunk, handed over in turn (0: the transfer is ended).
std::vector<std::size_t> feed(LiveTransfer& t, std::vector<std::string> chunks) {
  std::vector<std::size_t> taken;
  for (std::string& chunk : chunks) taken.push_back(write_body(chunk.data(), 1, chunk.size(), &t));
  return taken;
}

const std::string kHead = "<!DOCTYPE html><html><head><title>T</title></head><body>" + std::string(2000, 'x');

}  // namespace

TEST_CASE("response sinks: over HTTP/2 the chunk that holds </head> is taken whole, the next one ends it") {
  CurlFunctions curl{};
  curl.easy_getinfo = made_up_info;
  answer_version = CURL_HTTP_VERSION_2_0;
  answer_length = -1;
  LiveTransfer t;
  t.curl = &curl;
  // Taken whole, the transfer ends as it should when the stream does, with no write error.
  CHECK(feed(t, {kHead}) == std::vector<std::size_t>{kHead.size()});
  CHECK(t.stopped);
  CHECK(t.response.body == kHead);
  // A stream that goes on is ended at its next chunk, whatever its size: nothing more is read.
  CHECK(feed(t, {"y"}) == std::vector<std::size_t>{0});
  CHECK(t.response.body == kHead);

  // A page whose head comes in two chunks: the first is kept and taken, and the second, with
  // </head>, ends the reading.
  LiveTransfer split;
  split.curl = &curl;
  const std::string first = kHead.substr(0, 20), second = kHead.substr(20);
  CHECK(feed(split, {first, second, "z"}) == std::vector<std::size_t>{first.size(), second.size(), 0});
  CHECK(split.response.body == kHead);
}

TEST_CASE("response sinks: over HTTP/1.1 the rest of a small body is read and dropped, a large one's is not") {
  CurlFunctions curl{};
  curl.easy_getinfo = made_up_info;
  answer_version = CURL_HTTP_VERSION_1_1;
  answer_length = static_cast<curl_off_t>(kHead.size() + 4000);
  LiveTransfer small;
  small.curl = &curl;
  // The connection is kept: the rest is read (and not kept).
  CHECK(feed(small, {kHead, std::string(4000, 'y')}) == std::vector<std::size_t>{kHead.size(), 4000});
  CHECK(small.response.body == kHead);
  CHECK(small.draining);

  answer_length = static_cast<curl_off_t>(kDrainBytes) + 1;
  LiveTransfer large;
  large.curl = &curl;
  CHECK(feed(large, {kHead}) == std::vector<std::size_t>{0});
  CHECK_FALSE(large.draining);
}
