#include "load/fetch.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>

#include "analysis/ascii.h"
#include "load/ca_store.h"
#include "load/curl_library.h"
#include "host_name.h"
#include "load/proxy_choice.h"

namespace sitemaplint {
namespace {

using Clock = std::chrono::steady_clock;

// libcurl is called through the functions curl_library() loaded (load/curl_library.h).
struct EasyDeleter {
  const CurlFunctions* curl = nullptr;
  void operator()(CURL* handle) const { curl->easy_cleanup(handle); }
};
using Easy = std::unique_ptr<CURL, EasyDeleter>;

struct UrlDeleter {
  const CurlFunctions* curl = nullptr;
  void operator()(CURLU* url) const { curl->url_cleanup(url); }
};
using Url = std::unique_ptr<CURLU, UrlDeleter>;

std::string url_part(const CurlFunctions& curl, CURLU* url, CURLUPart part, unsigned flags = 0) {
  char* value = nullptr;
  if (curl.url_get(url, part, &value, flags) != CURLUE_OK || !value) return "";
  std::string out(value);
  curl.free(value);
  return out;
}

// A URL that may be requested: parsed by libcurl (the same parse the transfer uses), http or
// https, and on an allowed host. Returns the parsed URL, or null with *error set.
Url check_url(const CurlFunctions& curl, const std::string& text, const FetchOptions& options, std::string* error) {
  Url url(curl.url(), UrlDeleter{&curl});
  if (!url) {
    *error = "out of memory";
    return nullptr;
  }
  // Any scheme parses, so that refusing one is this function's message, not libcurl's.
  const CURLUcode parsed = curl.url_set(url.get(), CURLUPART_URL, text.c_str(), CURLU_NON_SUPPORT_SCHEME);
  if (parsed != CURLUE_OK) {
    *error = one_line("invalid URL '" + text + "': " + curl.url_strerror(parsed));
    return nullptr;
  }
  const std::string scheme = url_part(curl, url.get(), CURLUPART_SCHEME);
  if (!ascii_equal_ignoring_case(scheme, "http") && !ascii_equal_ignoring_case(scheme, "https")) {
    *error = one_line("unsupported URL scheme '" + scheme + "': only http and https URLs are fetched");
    return nullptr;
  }
  const std::string host = url_part(curl, url.get(), CURLUPART_HOST);
  if (host.empty()) {
    *error = one_line("invalid URL '" + text + "': no host");
    return nullptr;
  }
  if (!options.allowed_hosts.empty() && !host_in(host, options.allowed_hosts)) {
    *error = one_line("host '" + host + "' is not an allowed host");
    return nullptr;
  }
  return url;
}

// The address a connection would go to, as text ("127.0.0.1", "::1").
std::string address_text(const void* address, int family) {
  char text[INET6_ADDRSTRLEN] = {};
  const void* raw = family == AF_INET ? static_cast<const void*>(&static_cast<const sockaddr_in*>(address)->sin_addr)
                                      : static_cast<const void*>(&static_cast<const sockaddr_in6*>(address)->sin6_addr);
  return inet_ntop(family, raw, text, sizeof text) ? text : "?";
}

}  // namespace

// With a proxy, which resolves names itself, the literal is all that can be checked.
std::string internal_host_literal(const std::string& host) {
  const std::string normal = normal_host(host);
  if (normal == "localhost" || normal.ends_with(".localhost")) return "this machine";
  std::string address = normal;
  if (address.size() > 2 && address.front() == '[') address = address.substr(1, address.size() - 2);
  sockaddr_in v4{};
  sockaddr_in6 v6{};
  if (inet_pton(AF_INET, address.c_str(), &v4.sin_addr) == 1 && is_internal_address(&v4, AF_INET)) return address;
  if (inet_pton(AF_INET6, address.c_str(), &v6.sin6_addr) == 1 && is_internal_address(&v6, AF_INET6)) return address;
  return "";
}

namespace {

// Refuses connections to internal addresses: the check runs on the address libcurl resolved, just
// before it connects, so a name that resolves to 127.0.0.1 (or is rebound to it) is caught too.
struct SocketGuard {
  bool active = false;
  std::string refused;  // the address refused, for the message
};

curl_socket_t open_guarded_socket(void* user, curlsocktype purpose, curl_sockaddr* address) {
  auto& guard = *static_cast<SocketGuard*>(user);
  if (guard.active && purpose == CURLSOCKTYPE_IPCXN && (address->family == AF_INET || address->family == AF_INET6) &&
      is_internal_address(&address->addr, address->family)) {
    guard.refused = address_text(&address->addr, address->family);
    return CURL_SOCKET_BAD;
  }
  return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

std::string refusal(const std::string& host, const std::string& address) {
  return one_line("refused to connect to '" + host + "'" + (address == host ? "" : " (" + address + ")") +
                  ": a loopback, private or link-local address, named by a remote document or a redirect, "
                  "is not fetched unless --allow-host names it");
}

struct Sink {
  std::string* body;
  std::size_t limit;
  bool overflowed = false;
  // To size the body from its Content-Length at the first bytes: a body grown by doubling held up
  // to twice its size (a 10 MB sitemap, 16 MB), two at once on two threads.
  const CurlFunctions* curl = nullptr;
  CURL* handle = nullptr;
};

std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user) {
  Sink& sink = *static_cast<Sink*>(user);
  const std::size_t n = size * count;
  if (n > sink.limit - std::min(sink.limit, sink.body->size())) {
    sink.overflowed = true;
    return 0;  // libcurl aborts the transfer with CURLE_WRITE_ERROR
  }
  if (sink.body->empty() && sink.curl) {
    // The length as sent: a compressed body inflates to more, and grows on from there. Not
    // trusted past the size limit.
    curl_off_t length = -1;
    if (sink.curl->easy_getinfo(sink.handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK && length > 0)
      sink.body->reserve(std::min(static_cast<std::size_t>(length), sink.limit));
  }
  sink.body->append(data, n);
  return n;
}

std::string too_large(std::size_t limit) { return "response larger than " + std::to_string(limit) + " bytes"; }

// One thread's fetches (fetch() keeps one fetcher a thread): its connections, kept from fetch to
// fetch. Two handles, so
// that a connection is only reused by a request of the trust it was opened for: one opened
// without the address check (a host the user named) never carries a request that must be
// checked, whose own connection is checked when it opens.
// libcurl's progress callback: a nonzero answer ends the transfer (the run was asked to stop).
int end_when_stopped(void* stop, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const std::atomic<bool>*>(stop)->load(std::memory_order_relaxed) ? 1 : 0;
}

class Fetcher {
 public:
  // Loads libcurl the first time any fetcher is made (curl_library() waits for and returns that
  // first load to every thread).
  Fetcher() : curl_(curl_library(&unavailable_)) {
    if (!curl_) return;
    for (Easy& handle : handles_) handle = Easy(curl_->easy_init(), EasyDeleter{curl_});
  }

  FetchResult fetch(const std::string& start_url, const FetchOptions& options, UrlOrigin origin) {
    FetchResult result;
    if (!curl_) {
      result.error = unavailable_;
      return result;
    }
    if (!handles_[0] || !handles_[1]) {
      result.error = "libcurl could not be initialised";
      return result;
    }
    const Clock::time_point start = Clock::now();
    std::string url = start_url;
    for (int redirects = 0;; ++redirects) {
      if (options.stopped()) {
        result.error = "not fetched: the run was stopped";
        result.body.clear();
        return result;
      }
      std::string error;
      Url parsed = check_url(*curl_, url, options, &error);
      if (!parsed) {
        result.error = redirects == 0 ? error : one_line("redirect to '" + url + "' refused: " + error);
        result.body.clear();
        return result;
      }
      const long elapsed_ms =
          static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
      const long remaining_ms = options.timeout_ms - elapsed_ms;
      if (remaining_ms <= 0) {
        result.error = "timed out after " + std::to_string(options.timeout_ms) + " ms";
        result.body.clear();
        return result;
      }
      // Remote input (a URL a document named, any redirect target) may reach an internal address
      // only on a host the user named; a user's own URL may redirect within its own host. Hosts
      // are compared as spelled one way: "LOCALHOST." is the "localhost" the user named.
      const std::string host = url_part(*curl_, parsed.get(), CURLUPART_HOST);
      if (redirects == 0) start_host_ = normal_host(host);
      const bool trusted =
          host_in(host, options.trusted_hosts) || (origin == UrlOrigin::User && normal_host(host) == start_host_);
      // A direct connection has its address checked; one through a proxy cannot have.
      const std::string proxy = proxy_for(ascii_lowered(url_part(*curl_, parsed.get(), CURLUPART_SCHEME)), host);
      guard_.active = !trusted && proxy.empty();
      guard_.refused.clear();
      if (!trusted) {
        if (const std::string literal = internal_host_literal(host); !literal.empty()) {
          result.error = refusal(host, literal);
          result.body.clear();
          return result;
        }
      }
      result.final_url = url;
      result.status = 0;
      result.content_type.clear();
      result.body.clear();
      std::string next;
      if (!transfer(parsed.get(), proxy, options, remaining_ms, start, &result, &next)) {
        result.body.clear();
        return result;
      }
      if (redirects > 0 || !next.empty()) result.redirects.push_back({url, static_cast<int>(result.status)});
      if (next.empty()) {
        result.ok = true;
        return result;
      }
      if (redirects >= options.max_redirects) {
        result.error = "too many redirects (" + std::to_string(options.max_redirects) + ")";
        result.body.clear();
        return result;
      }
      url = std::move(next);
    }
  }

 private:
  // One request. Returns false with result->error set when no response arrived; otherwise fills
  // status, content type and body, and *next with the redirect target when there is one.
  bool transfer(CURLU* url, const std::string& proxy, const FetchOptions& options, long remaining_ms,
                Clock::time_point start, FetchResult* result, std::string* next) {
    CURL* h = handle();
    curl_->easy_reset(h);  // keeps the connection cache
    use_shared_caches(*curl_, h);
    if (proxy.empty()) {
      use_shared_ca_store(*curl_, h, "");
    } else {
      use_own_ca_store(*curl_, h, "");
    }
    char errbuf[CURL_ERROR_SIZE] = {};
    Sink sink{&result->body, options.max_bytes, false, curl_, h};
    curl_->easy_setopt(h, CURLOPT_CURLU, url);
    // Belt and braces: check_url already allows only these, and redirects are not followed here.
    curl_->easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_->easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_->easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    // The proxy chosen (an empty one: none, whatever the environment says), and no second choice
    // by libcurl from no_proxy.
    curl_->easy_setopt(h, CURLOPT_PROXY, proxy.c_str());
    curl_->easy_setopt(h, CURLOPT_NOPROXY, "");
    curl_->easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_->easy_setopt(h, CURLOPT_TIMEOUT_MS, remaining_ms);
    curl_->easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, std::min(options.connect_timeout_ms, remaining_ms));
    curl_->easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
    curl_->easy_setopt(h, CURLOPT_USERAGENT, options.user_agent.c_str());
    // A declared length over the cap is refused up front, unless what arrives is kept anyway.
    if (!options.keep_truncated) {
      curl_->easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(options.max_bytes));
    }
    curl_->easy_setopt(h, CURLOPT_WRITEFUNCTION, write_body);
    curl_->easy_setopt(h, CURLOPT_WRITEDATA, &sink);
    curl_->easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
    curl_->easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_guarded_socket);
    curl_->easy_setopt(h, CURLOPT_OPENSOCKETDATA, &guard_);
    if (options.stop) {  // libcurl asks at least once a second, whether bytes come or not
      curl_->easy_setopt(h, CURLOPT_XFERINFOFUNCTION, end_when_stopped);
      curl_->easy_setopt(h, CURLOPT_XFERINFODATA, const_cast<std::atomic<bool>*>(options.stop));
      curl_->easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    }

    CURLcode code = curl_->easy_perform(h);
    if (code == CURLE_BAD_CONTENT_ENCODING && !sink.overflowed) {
      // A body its Content-Encoding does not describe is a sitemap served wrong, which a finding
      // says: asked again for the bytes as sent, which the loader reads as what they are.
      result->content_encoding_error = one_line(*errbuf ? errbuf : curl_->easy_strerror(code));
      result->body.clear();
      errbuf[0] = '\0';
      curl_->easy_setopt(h, CURLOPT_HTTP_CONTENT_DECODING, 0L);
      code = curl_->easy_perform(h);
    }
    long status = 0;
    curl_->easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    result->status = status;
    if (code != CURLE_OK && !(sink.overflowed && options.keep_truncated)) {
      result->error = describe(code, errbuf, sink.overflowed, url, options, start);
      curl_->easy_setopt(h, CURLOPT_ERRORBUFFER, nullptr);
      return false;
    }
    result->truncated = sink.overflowed;
    curl_->easy_setopt(h, CURLOPT_ERRORBUFFER, nullptr);
    const char* content_type = nullptr;
    if (curl_->easy_getinfo(h, CURLINFO_CONTENT_TYPE, &content_type) == CURLE_OK && content_type) {
      result->content_type = content_type;
    }
    const char* location = nullptr;
    if (status >= 300 && status < 400 && curl_->easy_getinfo(h, CURLINFO_REDIRECT_URL, &location) == CURLE_OK &&
        location) {
      *next = location;
    }
    return true;
  }

  std::string describe(CURLcode code, const char* errbuf, bool overflowed, CURLU* url, const FetchOptions& options,
                       Clock::time_point start) {
    CURL* h = handle();
    const std::string detail = one_line(*errbuf ? errbuf : curl_->easy_strerror(code));
    const std::string host = url_part(*curl_, url, CURLUPART_HOST);
    if (!guard_.refused.empty()) return refusal(host, guard_.refused);
    if (overflowed || code == CURLE_FILESIZE_EXCEEDED) return too_large(options.max_bytes);
    if (code == CURLE_OPERATION_TIMEDOUT) {
      const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
      curl_off_t connect_us = 0;
      curl_->easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connect_us);
      if (connect_us == 0 && elapsed < options.timeout_ms) {
        return one_line("could not connect to '" + host + "' within " + std::to_string(options.connect_timeout_ms) +
                        " ms");
      }
      return "timed out after " + std::to_string(options.timeout_ms) + " ms";
    }
    if (code == CURLE_COULDNT_RESOLVE_HOST) return one_line("could not resolve host '" + host + "'");
    if (code == CURLE_COULDNT_CONNECT) {
      long os_error = 0;
      curl_->easy_getinfo(h, CURLINFO_OS_ERRNO, &os_error);
      const std::string port = url_part(*curl_, url, CURLUPART_PORT, CURLU_DEFAULT_PORT);
      std::string message = "could not connect to '" + host + "' port " + port;
      if (os_error != 0) message += std::string(": ") + std::strerror(static_cast<int>(os_error));
      return one_line(message);
    }
    if (answered_in_plain_http(code, detail)) {
      return one_line("TLS error: the server at '" + host + "' port " +
                      url_part(*curl_, url, CURLUPART_PORT, CURLU_DEFAULT_PORT) +
                      " answered in plain HTTP to an https request: that port serves http://, not https://");
    }
    if (is_tls_error(code)) return "TLS error: " + detail;
    if (code == CURLE_BAD_CONTENT_ENCODING) return "could not decode the response: " + detail;
    return detail;
  }

  // The handle for the request guard_ is set up for: checked ([1]) or not ([0]).
  CURL* handle() const { return handles_[guard_.active ? 1 : 0].get(); }

  // Declared first: the constructor writes into it while it loads curl_.
  std::string unavailable_;  // why libcurl could not be loaded
  const CurlFunctions* curl_ = nullptr;  // null when it could not
  Easy handles_[2];
  SocketGuard guard_;
  std::string start_host_;
};

}  // namespace

std::string default_user_agent() { return "sitemaplint/" SITEMAPLINT_VERSION " (+" SITEMAPLINT_PROJECT_URL ")"; }

bool is_valid_user_agent(std::string_view text) {
  return !text.empty() && std::none_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && byte != '\t') || byte == 0x7F;
  });
}

bool host_in(std::string_view host, const std::vector<std::string>& hosts) {
  const std::string normal = normal_host(host);
  return std::any_of(hosts.begin(), hosts.end(), [&](const std::string& h) { return normal_host(h) == normal; });
}

bool is_internal_address(const void* address, int family) {
  if (family == AF_INET) {
    const auto* v4 = static_cast<const sockaddr_in*>(address);
    const std::uint32_t a = ntohl(v4->sin_addr.s_addr);
    const auto in = [a](std::uint32_t net, int bits) { return (a >> (32 - bits)) == (net >> (32 - bits)); };
    return in(0x00000000, 8) || in(0x0A000000, 8) || in(0x64400000, 10) || in(0x7F000000, 8) || in(0xA9FE0000, 16) ||
           in(0xAC100000, 12) || in(0xC0A80000, 16);
  }
  if (family != AF_INET6) return false;
  const unsigned char* b = static_cast<const sockaddr_in6*>(address)->sin6_addr.s6_addr;
  // An IPv4 address inside an IPv6 one is judged as itself: mapped (::ffff:a.b.c.d), compatible
  // (::a.b.c.d, deprecated; :: and ::1 are 0.0.0.0 and 0.0.0.1, in 0/8) and NAT64's
  // (64:ff9b::a.b.c.d, which a NAT64 gateway turns into a.b.c.d).
  static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
  static constexpr unsigned char kCompatible[12] = {};
  static constexpr unsigned char kNat64[12] = {0, 0x64, 0xFF, 0x9B};
  if (std::memcmp(b, kMapped, 12) == 0 || std::memcmp(b, kCompatible, 12) == 0 || std::memcmp(b, kNat64, 12) == 0) {
    sockaddr_in v4{};
    std::memcpy(&v4.sin_addr, b + 12, 4);
    return is_internal_address(&v4, AF_INET);
  }
  return (b[0] & 0xFE) == 0xFC ||  // fc00::/7, unique local
         (b[0] == 0xFE && (b[1] & 0xC0) == 0x80);  // fe80::/10, link-local
}

FetchResult fetch(const std::string& url, const FetchOptions& options, UrlOrigin origin) {
  // A thread's fetches one after the other (an index's children, say) reuse its connections and
  // the certificate authorities it loaded, rather than a new handshake and a new load each.
  thread_local Fetcher fetcher;
  return fetcher.fetch(url, options, origin);
}

std::vector<FetchResult> fetch_all(const std::vector<std::string>& urls, const FetchOptions& options, int concurrency,
                                   UrlOrigin origin) {
  std::vector<FetchResult> results(urls.size());
  if (urls.empty()) return results;
  const std::size_t workers = std::min(urls.size(), static_cast<std::size_t>(std::max(concurrency, 1)));
  std::atomic<std::size_t> next{0};
  auto work = [&] {  // each worker with its thread's fetcher: connections to the same host are reused
    for (std::size_t i = next++; i < urls.size(); i = next++) results[i] = fetch(urls[i], options, origin);
  };
  std::vector<std::jthread> threads;
  threads.reserve(workers - 1);
  for (std::size_t i = 1; i < workers; ++i) threads.emplace_back(work);
  work();
  return results;  // the jthreads join first
}

}  // namespace sitemaplint
