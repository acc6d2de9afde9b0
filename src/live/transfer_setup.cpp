#include "live/transfer_setup.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>

#include "load/ca_store.h"
#include "load/fetch.h"

namespace sitemaplint {
namespace {

// Checked on the address a name resolved to, so that a public name pointing at an internal
// address is refused too.
curl_socket_t open_socket(void* user, curlsocktype purpose, curl_sockaddr* address) {
  auto& t = *static_cast<LiveTransfer*>(user);
  if (t.guard_active && purpose == CURLSOCKTYPE_IPCXN && (address->family == AF_INET || address->family == AF_INET6) &&
      is_internal_address(&address->addr, address->family)) {
    t.refused_address = "an internal address";
    return CURL_SOCKET_BAD;
  }
  const int fd = ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
  if (t.sockets) t.sockets->opened(fd);
  return fd;
}

// A connection's socket may be closed long after the transfer that opened it (the connection is
// kept): its user data is the scheduler's SocketEvents, which outlives every connection.
int close_socket(void* user, curl_socket_t fd) {
  static_cast<SocketEvents*>(user)->closed(fd);
  return ::close(fd);
}

}  // namespace

void set_up_handle(const CurlFunctions& curl, CURL* h, const SchedulerOptions& options, SocketEvents& sockets) {
  curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl.easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
  curl.easy_setopt(h, CURLOPT_NOPROXY, "");
  curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl.easy_setopt(h, CURLOPT_TIMEOUT_MS, options.timeout_ms);
  curl.easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, std::min(options.connect_timeout_ms, options.timeout_ms));
  curl.easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");  // decodes every encoding this libcurl knows
  curl.easy_setopt(h, CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_2TLS));
  use_shared_caches(curl, h);
  curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, write_body);
  curl.easy_setopt(h, CURLOPT_HEADERFUNCTION, read_header);
  curl.easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_socket);
  curl.easy_setopt(h, CURLOPT_CLOSESOCKETFUNCTION, close_socket);
  curl.easy_setopt(h, CURLOPT_CLOSESOCKETDATA, &sockets);
}

curl_slist* common_headers(const CurlFunctions& curl, const std::string& user_agent) {
  // The list libcurl's Accept-Encoding "" stands for, in its order (Curl_all_content_encodings).
  const long features = curl.version_info(CURLVERSION_NOW)->features;
  std::string encodings;
  const auto add = [&](const char* name) { encodings += (encodings.empty() ? "" : ", ") + std::string(name); };
  if (features & CURL_VERSION_LIBZ) {
    add("deflate");
    add("gzip");
  }
  if (features & CURL_VERSION_BROTLI) add("br");
  if (features & CURL_VERSION_ZSTD) add("zstd");
  curl_slist* headers = nullptr;
  if (!user_agent.empty()) headers = curl.slist_append(headers, ("User-Agent: " + user_agent).c_str());
  return curl.slist_append(headers, ("Accept-Encoding: " + (encodings.empty() ? "identity" : encodings)).c_str());
}

void set_up_transfer(LiveTransfer& t, const std::string& scheme, const std::string& proxy, curl_slist* common,
                     const std::string& user_agent, const std::string& ca_file) {
  const CurlFunctions* curl = t.curl;
  CURL* h = t.easy;
  const LiveRequest& r = t.pending.request;
  curl->easy_setopt(h, CURLOPT_ERRORBUFFER, t.errbuf);  // first: the last request's buffer is gone
  // Most requests send the common headers alone, and share their list; the others have their own.
  if (!r.headers.empty()) {
    for (const curl_slist* c = common; c; c = c->next) t.headers = curl->slist_append(t.headers, c->data);
    for (const std::string& header : r.headers) t.headers = curl->slist_append(t.headers, header.c_str());
  }
  curl->easy_setopt(h, CURLOPT_URL, r.url.c_str());
  curl->easy_setopt(h, CURLOPT_PROXY, proxy.c_str());
  if (proxy.empty()) {
    use_shared_ca_store(*curl, h, ca_file);
  } else {
    use_own_ca_store(*curl, h, ca_file);
  }
  curl->easy_setopt(h, CURLOPT_USERAGENT, proxy.empty() || user_agent.empty() ? nullptr : user_agent.c_str());
  // Over TLS, where HTTP/2 is offered: wait for a connection that multiplexes rather than open
  // a second one. Cleartext HTTP is HTTP/1.1 here, where waiting would only serialise requests.
  curl->easy_setopt(h, CURLOPT_PIPEWAIT, scheme == "https" ? 1L : 0L);
  curl->easy_setopt(h, CURLOPT_NOBODY, r.head ? 1L : 0L);  // 0 after a HEAD: a GET again
  curl->easy_setopt(h, CURLOPT_HTTPHEADER, t.headers ? t.headers : common);  // never the last request's
  curl->easy_setopt(h, CURLOPT_WRITEDATA, &t);
  curl->easy_setopt(h, CURLOPT_HEADERDATA, &t);
  curl->easy_setopt(h, CURLOPT_OPENSOCKETDATA, &t);
}

}  // namespace sitemaplint
