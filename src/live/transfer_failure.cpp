#include "live/transfer_failure.h"

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

// "127.0.0.1:8080" from "https://127.0.0.1:8080/page", or the host with its scheme's port.
std::string authority_of(const LiveTransfer& t) {
  std::string_view url = t.pending.request.url;
  const char* const default_port = url.starts_with("https:") ? ":443" : ":80";
  url.remove_prefix(std::min(url.size(), url.find("://") + 3));
  url = url.substr(0, url.find_first_of("/?#"));
  if (const std::size_t at = url.rfind('@'); at != std::string_view::npos) url.remove_prefix(at + 1);
  const std::size_t close = url.rfind(']');
  const std::size_t colon = url.rfind(':');
  const bool has_port = colon != std::string_view::npos && (close == std::string_view::npos || colon > close);
  return has_port ? std::string(url) : std::string(url) + default_port;
}

}  // namespace

std::string transfer_failure(const LiveTransfer& t, CURLcode code, const SchedulerOptions& options) {
  const CurlFunctions* curl = t.curl;
  const std::string detail = one_line(t.errbuf[0] ? t.errbuf : curl->easy_strerror(code));
  if (!t.refused_address.empty()) {
    return "refused to connect to '" + t.host +
           "': it resolves to a loopback, private or link-local address, which is not fetched unless "
           "--allow-host names it";
  }
  if (code == CURLE_OPERATION_TIMEDOUT) {
    // How far it got: a request sent means a connection (a reused one has no connect time of its
    // own), and response headers mean an answer begun.
    long request_bytes = 0, header_bytes = 0;
    curl->easy_getinfo(t.easy, CURLINFO_REQUEST_SIZE, &request_bytes);
    curl->easy_getinfo(t.easy, CURLINFO_HEADER_SIZE, &header_bytes);
    if (request_bytes == 0) return "could not connect within " + std::to_string(options.connect_timeout_ms) + " ms";
    if (header_bytes == 0) return "nothing came within " + std::to_string(options.timeout_ms) + " ms of the request";
    return "the answer began but did not end within " + std::to_string(options.timeout_ms) + " ms";
  }
  if (code == CURLE_COULDNT_RESOLVE_HOST) return "DNS: could not resolve '" + t.host + "'";
  if (code == CURLE_COULDNT_CONNECT) return "could not connect to " + authority_of(t) + ": " + detail;
  // libcurl refuses a header line over 100 KB as out of memory, and all the headers over 300 KB
  // by name: either is the server's doing, not a lack of memory here.
  if (code == CURLE_OUT_OF_MEMORY || detail.find("Too large response headers") != std::string::npos)
    return "its response headers are larger than libcurl takes (100 KB a header, 300 KB in all)";
  if (answered_in_plain_http(code, detail)) {
    return "TLS error: the server at " + authority_of(t) +
           " answered in plain HTTP to an https request: that port serves http://, not https://";
  }
  if (is_tls_error(code)) return "TLS error: " + detail;
  if (code == CURLE_BAD_CONTENT_ENCODING)
    return "the body could not be decoded as its Content-Encoding says: " + detail;
  if (code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR || code == CURLE_GOT_NOTHING)
    return "the connection was closed before the answer ended: " + detail;
  return detail;
}

}  // namespace sitemaplint
