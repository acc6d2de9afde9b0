#include "fetch.h"

#include <curl/curl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <thread>
#include <unordered_set>

namespace sitemaplint {
namespace {

using Clock = std::chrono::steady_clock;

// libcurl's global state, set up once (curl_global_init is not thread-safe in every build).
bool global_init() {
  static const bool ok = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  return ok;
}

struct EasyDeleter {
  void operator()(CURL* handle) const { curl_easy_cleanup(handle); }
};
using Easy = std::unique_ptr<CURL, EasyDeleter>;

struct UrlDeleter {
  void operator()(CURLU* url) const { curl_url_cleanup(url); }
};
using Url = std::unique_ptr<CURLU, UrlDeleter>;

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}

// Control characters (a server's text can reach messages) become spaces: errors are one line.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string url_part(CURLU* url, CURLUPart part, unsigned flags = 0) {
  char* value = nullptr;
  if (curl_url_get(url, part, &value, flags) != CURLUE_OK || !value) return "";
  std::string out(value);
  curl_free(value);
  return out;
}

// A URL that may be requested: parsed by libcurl (the same parse the transfer uses), http or
// https, and on an allowed host. Returns the parsed URL, or null with *error set.
Url check_url(const std::string& text, const FetchOptions& options, std::string* error) {
  Url url(curl_url());
  if (!url) {
    *error = "out of memory";
    return nullptr;
  }
  // Any scheme parses, so that refusing one is this function's message, not libcurl's.
  const CURLUcode parsed = curl_url_set(url.get(), CURLUPART_URL, text.c_str(), CURLU_NON_SUPPORT_SCHEME);
  if (parsed != CURLUE_OK) {
    *error = one_line("invalid URL '" + text + "': " + curl_url_strerror(parsed));
    return nullptr;
  }
  const std::string scheme = url_part(url.get(), CURLUPART_SCHEME);
  if (!iequals(scheme, "http") && !iequals(scheme, "https")) {
    *error = one_line("unsupported URL scheme '" + scheme + "': only http and https URLs are fetched");
    return nullptr;
  }
  const std::string host = url_part(url.get(), CURLUPART_HOST);
  if (host.empty()) {
    *error = one_line("invalid URL '" + text + "': no host");
    return nullptr;
  }
  if (!options.allowed_hosts.empty() &&
      std::none_of(options.allowed_hosts.begin(), options.allowed_hosts.end(),
                   [&](const std::string& allowed) { return iequals(allowed, host); })) {
    *error = one_line("host '" + host + "' is not an allowed host");
    return nullptr;
  }
  return url;
}

struct Sink {
  std::string* body;
  std::size_t limit;
  bool overflowed = false;
};

std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user) {
  Sink& sink = *static_cast<Sink*>(user);
  const std::size_t n = size * count;
  if (n > sink.limit - std::min(sink.limit, sink.body->size())) {
    sink.overflowed = true;
    return 0;  // libcurl aborts the transfer with CURLE_WRITE_ERROR
  }
  sink.body->append(data, n);
  return n;
}

bool is_tls_error(CURLcode code) {
  switch (code) {
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_SSL_SHUTDOWN_FAILED:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_CLIENTCERT:
    case CURLE_USE_SSL_FAILED:
      return true;
    default:
      return false;
  }
}

std::string too_large(std::size_t limit) { return "response larger than " + std::to_string(limit) + " bytes"; }

class Fetcher {
 public:
  Fetcher() : handle_(global_init() ? curl_easy_init() : nullptr) {}

  FetchResult fetch(const std::string& start_url, const FetchOptions& options) {
    FetchResult result;
    if (!handle_) {
      result.error = "libcurl could not be initialised";
      return result;
    }
    const Clock::time_point start = Clock::now();
    std::string url = start_url;
    for (int redirects = 0;; ++redirects) {
      std::string error;
      Url parsed = check_url(url, options, &error);
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
      result.final_url = url;
      result.status = 0;
      result.content_type.clear();
      result.body.clear();
      std::string next;
      if (!transfer(parsed.get(), options, remaining_ms, start, &result, &next)) {
        result.body.clear();
        return result;
      }
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
  bool transfer(CURLU* url, const FetchOptions& options, long remaining_ms, Clock::time_point start,
                FetchResult* result, std::string* next) {
    CURL* h = handle_.get();
    curl_easy_reset(h);  // keeps the connection and DNS caches
    char errbuf[CURL_ERROR_SIZE] = {};
    Sink sink{&result->body, options.max_bytes};
    curl_easy_setopt(h, CURLOPT_CURLU, url);
    // Belt and braces: check_url already allows only these, and redirects are not followed here.
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, remaining_ms);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, std::min(options.connect_timeout_ms, remaining_ms));
    curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(h, CURLOPT_USERAGENT, options.user_agent.c_str());
    curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(options.max_bytes));
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &sink);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);

    const CURLcode code = curl_easy_perform(h);
    long status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    result->status = status;
    if (code != CURLE_OK) {
      result->error = describe(code, errbuf, sink.overflowed, url, options, start);
      curl_easy_setopt(h, CURLOPT_ERRORBUFFER, nullptr);
      return false;
    }
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, nullptr);
    const char* content_type = nullptr;
    if (curl_easy_getinfo(h, CURLINFO_CONTENT_TYPE, &content_type) == CURLE_OK && content_type) {
      result->content_type = content_type;
    }
    const char* location = nullptr;
    if (status >= 300 && status < 400 && curl_easy_getinfo(h, CURLINFO_REDIRECT_URL, &location) == CURLE_OK &&
        location) {
      *next = location;
    }
    return true;
  }

  std::string describe(CURLcode code, const char* errbuf, bool overflowed, CURLU* url, const FetchOptions& options,
                       Clock::time_point start) {
    CURL* h = handle_.get();
    const std::string detail = one_line(*errbuf ? errbuf : curl_easy_strerror(code));
    const std::string host = url_part(url, CURLUPART_HOST);
    if (overflowed || code == CURLE_FILESIZE_EXCEEDED) return too_large(options.max_bytes);
    if (code == CURLE_OPERATION_TIMEDOUT) {
      const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
      curl_off_t connect_us = 0;
      curl_easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connect_us);
      if (connect_us == 0 && elapsed < options.timeout_ms) {
        return one_line("could not connect to '" + host + "' within " + std::to_string(options.connect_timeout_ms) +
                        " ms");
      }
      return "timed out after " + std::to_string(options.timeout_ms) + " ms";
    }
    if (code == CURLE_COULDNT_RESOLVE_HOST) return one_line("could not resolve host '" + host + "'");
    if (code == CURLE_COULDNT_CONNECT) {
      long os_error = 0;
      curl_easy_getinfo(h, CURLINFO_OS_ERRNO, &os_error);
      const std::string port = url_part(url, CURLUPART_PORT, CURLU_DEFAULT_PORT);
      std::string message = "could not connect to '" + host + "' port " + port;
      if (os_error != 0) message += std::string(": ") + std::strerror(static_cast<int>(os_error));
      return one_line(message);
    }
    if (is_tls_error(code)) return "TLS error: " + detail;
    if (code == CURLE_BAD_CONTENT_ENCODING) return "could not decode the response: " + detail;
    return detail;
  }

  Easy handle_;
};

}  // namespace

FetchResult fetch(const std::string& url, const FetchOptions& options) {
  Fetcher fetcher;
  return fetcher.fetch(url, options);
}

std::vector<FetchResult> fetch_all(const std::vector<std::string>& urls, const FetchOptions& options,
                                   int concurrency) {
  global_init();  // before any thread starts
  std::vector<FetchResult> results(urls.size());
  if (urls.empty()) return results;
  const std::size_t workers = std::min(urls.size(), static_cast<std::size_t>(std::max(concurrency, 1)));
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    Fetcher fetcher;  // one handle per worker: connections to the same host are reused
    for (std::size_t i = next++; i < urls.size(); i = next++) results[i] = fetcher.fetch(urls[i], options);
  };
  std::vector<std::jthread> threads;
  threads.reserve(workers - 1);
  for (std::size_t i = 1; i < workers; ++i) threads.emplace_back(work);
  work();
  return results;  // the jthreads join first
}

std::vector<std::string> sitemaps_from_robots(std::string_view text) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  auto trim = [](std::string_view s) {
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; };
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    return s;
  };
  while (!text.empty()) {
    const std::size_t end = text.find_first_of("\r\n");
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || !iequals(trim(line.substr(0, colon)), "sitemap")) continue;
    const std::string_view value = trim(line.substr(colon + 1));
    if (value.empty()) continue;
    if (seen.emplace(value).second) out.emplace_back(value);
  }
  return out;
}

}  // namespace sitemaplint
