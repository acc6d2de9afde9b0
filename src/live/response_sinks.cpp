#include "live/response_sinks.h"

#include <algorithm>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

// Headers kept of one answer at most: a server that sends thousands is not read further.
constexpr std::size_t kMaxHeaders = 200;

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
    text.remove_suffix(1);
  return text;
}

// Whether "</head" starts in `text` at or after `from` (case-insensitive).
bool head_closed(std::string_view text, std::size_t from) {
  static constexpr std::string_view kEnd = "</head";
  for (std::size_t at = text.find('<', from); at != std::string_view::npos; at = text.find('<', at + 1)) {
    if (at + kEnd.size() > text.size()) return false;
    if (ascii_equal_ignoring_case(text.substr(at, kEnd.size()), kEnd)) return true;
  }
  return false;
}

// The body needed is read (or none is): whether the rest is read and dropped (see kDrainBytes).
bool stop(LiveTransfer& t) {
  t.stopped = true;
  t.stopped_at = std::chrono::steady_clock::now();
  long version = 0;
  t.curl->easy_getinfo(t.easy, CURLINFO_HTTP_VERSION, &version);
  curl_off_t length = -1;  // as sent, before decoding; -1 when unknown (chunked)
  t.curl->easy_getinfo(t.easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
  const bool http1 = version == CURL_HTTP_VERSION_1_0 || version == CURL_HTTP_VERSION_1_1;
  if (!http1) {
    // A stream ends alone, but the rest of the chunk at hand is taken: most pages' whole body is in
    // it, and the transfer then ends as it should, not with a write error (a message libcurl
    // writes through its printf). Another chunk ends it, and so does kDrainTime without one.
    t.draining = t.chunk_only = true;
    return true;
  }
  t.draining = t.received <= kDrainBytes && length <= static_cast<curl_off_t>(kDrainBytes);
  return t.draining;
}

}  // namespace

namespace {

// "text/html" of " Text/HTML; charset=utf-8": the type without parameters, in lower case.
std::string bare_type(std::string_view type) {
  return std::string(trim(ascii_lowered(type.substr(0, type.find(';')))));
}

}  // namespace

bool is_html_type(std::string_view type) {
  const std::string bare = bare_type(type);
  return bare == "text/html" || bare == "application/xhtml+xml";
}

bool is_unknown_type(std::string_view type) {
  const std::string bare = bare_type(type);
  return bare.empty() || bare == "*/*" || bare == "unknown/unknown" || bare == "application/unknown";
}

bool sniffs_as_html(std::string_view bytes) {
  const std::size_t start = bytes.find_first_not_of(" \t\n\f\r");
  if (start == std::string_view::npos) return false;
  bytes.remove_prefix(start);
  if (bytes.starts_with("<!--")) return true;
  for (const std::string_view tag : {"<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT",
                                     "<TABLE", "<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P"}) {
    if (bytes.size() > tag.size() && ascii_equal_ignoring_case(bytes.substr(0, tag.size()), tag) &&
        (bytes[tag.size()] == ' ' || bytes[tag.size()] == '>'))
      return true;
  }
  return false;
}

bool drain_over(const LiveTransfer& t) {
  return t.received > kDrainBytes || std::chrono::steady_clock::now() - t.stopped_at > kDrainTime;
}

std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& t = *static_cast<LiveTransfer*>(user);
  const std::size_t n = size * count;
  t.received += n;
  if (t.stopped) return t.draining && !t.chunk_only && !drain_over(t) ? n : 0;
  if (!t.type_checked) {
    t.type_checked = true;
    long status = 0;
    t.curl->easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &status);
    const char* type = nullptr;
    t.curl->easy_getinfo(t.easy, CURLINFO_CONTENT_TYPE, &type);
    // Only a 2xx HTML page's head is read; any other body is not needed (an error page, an image).
    // A body of no or an unknown type is sniffed, as browsers and Googlebot do, once enough of it is in.
    t.sniffing = !type || is_unknown_type(type);
    const bool html = t.sniffing || is_html_type(type);
    if (!t.pending.request.whole_body && (status < 200 || status >= 300 || !html)) {
      return stop(t) ? n : 0;
    }
  }
  if (t.sniffing && !t.pending.request.whole_body) {
    // Kept until enough is in to tell (a first chunk may be a line break alone), then judged whole.
    std::string& body = t.response.body;
    body.append(data, std::min(n, kLiveBodyBytes - std::min(kLiveBodyBytes, body.size())));
    const std::size_t start = std::min(body.find_first_not_of(" \t\n\f\r"), body.size());
    if (body.size() - start < kSniffDecides && body.size() < kSniffBytes) return n;
    t.sniffing = false;
    if (!sniffs_as_html(body)) {
      body.clear();
      return stop(t) ? n : 0;
    }
    if (head_closed(body, 0)) return stop(t) ? n : 0;
    if (body.size() >= kLiveBodyBytes) {
      t.stopped = true;
      t.response.truncated = true;
      return 0;
    }
    return n;
  }
  std::string& body = t.response.body;
  const std::size_t before = body.size();
  const std::size_t take = std::min(n, kLiveBodyBytes - std::min(kLiveBodyBytes, before));
  body.append(data, take);
  if (!t.pending.request.whole_body && head_closed(body, before >= 6 ? before - 6 : 0)) return stop(t) ? n : 0;
  if (body.size() >= kLiveBodyBytes) {
    t.stopped = true;
    t.response.truncated = true;
    return 0;
  }
  return n;
}

std::size_t read_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto& t = *static_cast<LiveTransfer*>(user);
  const std::string_view line(data, size * count);
  if (line == "\r\n" || line == "\n") {
    t.headers_ended = true;
  } else if (line.starts_with("HTTP/")) {
    t.headers_ended = false;
    t.response.headers.clear();  // a new answer (after a 100 Continue, say)
    t.response.headers.reserve(16);  // an answer's usual headers, without growing the list for each
  } else if (const std::size_t colon = line.find(':');
             colon != std::string_view::npos && colon > 0 && t.response.headers.size() < kMaxHeaders) {
    const std::string_view name = trim(line.substr(0, colon));
    std::string value(trim(line.substr(colon + 1)));
    // A Location is read as browsers read a URL, which drop its tabs (transfer_answer.cpp); other
    // headers are made one line of text.
    if (ascii_equal_ignoring_case(name, "Location"))
      std::erase_if(value, [](char c) { return c == '\t' || c == '\r' || c == '\n'; });
    t.response.headers.emplace_back(std::string(name), one_line(std::move(value)));
  }
  return size * count;
}

}  // namespace sitemaplint
