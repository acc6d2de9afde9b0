#include "http_test_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace sitemaplint::testing {
namespace {

constexpr std::size_t kMaxRequestHead = 16 * 1024;
constexpr int kPollSliceMs = 20;

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

const char* reason(int status) {
  switch (status) {
    case 200: return "OK";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 404: return "Not Found";
    case 500: return "Internal Server Error";
    default: return "Status";
  }
}

void set_timeout(int fd, int option, int ms) {
  timeval tv{};
  tv.tv_sec = ms / 1000;
  tv.tv_usec = (ms % 1000) * 1000;
  ::setsockopt(fd, SOL_SOCKET, option, &tv, sizeof tv);
}

// Reads up to the blank line that ends the request head (no request here has a body).
bool read_request(int fd, HttpRequest* request) {
  std::string head;
  char chunk[4096];
  while (head.find("\r\n\r\n") == std::string::npos) {
    if (head.size() > kMaxRequestHead) return false;
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) return false;  // closed, error, or the read timeout
    // A request starts with its method, a token: anything else (a TLS handshake sent to this plain
    // port) is answered at once, as real servers do, rather than waited on for a head.
    if (head.empty() && !std::isalpha(static_cast<unsigned char>(chunk[0]))) {
      const std::string_view bad = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
      [[maybe_unused]] const ssize_t sent = ::send(fd, bad.data(), bad.size(), MSG_NOSIGNAL);
      return false;
    }
    head.append(chunk, static_cast<std::size_t>(n));
  }
  head.resize(head.find("\r\n\r\n"));
  std::size_t line_end = head.find("\r\n");
  const std::string line = head.substr(0, line_end);
  const std::size_t first = line.find(' '), second = line.find(' ', first + 1);
  if (first == std::string::npos || second == std::string::npos) return false;
  request->method = line.substr(0, first);
  request->target = line.substr(first + 1, second - first - 1);
  request->path = request->target.substr(0, request->target.find('?'));
  while (line_end != std::string::npos) {
    const std::size_t start = line_end + 2;
    line_end = head.find("\r\n", start);
    const std::string field = head.substr(start, line_end == std::string::npos ? std::string::npos : line_end - start);
    const std::size_t colon = field.find(':');
    if (colon == std::string::npos) continue;
    std::string value = field.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    request->headers.emplace_back(field.substr(0, colon), value);
  }
  return true;
}

}  // namespace

std::string HttpRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (iequals(key, name)) return value;
  }
  return "";
}

bool HttpExchange::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool HttpExchange::send_head(const HttpResponse& response) {
  std::string head = "HTTP/1.1 " + std::to_string(response.status) + " " + reason(response.status) + "\r\n";
  for (const auto& [name, value] : response.headers) head += name + ": " + value + "\r\n";
  if (response.content_length) head += "Content-Length: " + std::to_string(response.body.size()) + "\r\n";
  head += keep_alive_ ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
  return send(head);
}

bool HttpExchange::send_response(const HttpResponse& response) { return send_head(response) && send(response.body); }

bool HttpExchange::sleep_for(std::chrono::milliseconds duration) {
  const auto end = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < end) {
    if (stopping_) return false;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(std::chrono::milliseconds(kPollSliceMs),
                                                                              end - std::chrono::steady_clock::now()));
  }
  return !stopping_;
}

bool HttpExchange::wait_for_close(std::chrono::milliseconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!stopping_ && std::chrono::steady_clock::now() < end) {
    pollfd p{fd_, POLLIN | POLLRDHUP, 0};
    const int ready = ::poll(&p, 1, kPollSliceMs);
    if (ready < 0 && errno != EINTR) return true;
    if (ready > 0) {
      if (p.revents & (POLLHUP | POLLERR | POLLRDHUP)) return true;
      char byte;
      const ssize_t n = ::recv(fd_, &byte, 1, MSG_DONTWAIT);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) return true;
    }
  }
  return false;
}

HttpTestServer::HttpTestServer() {
  listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener_ < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  const int yes = 1;
  ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;  // the OS chooses
  socklen_t length = sizeof address;
  if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(listener_, 64) != 0 ||
      ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    const std::string error = std::strerror(errno);
    ::close(listener_);
    throw std::runtime_error("test server: " + error);
  }
  port_ = ntohs(address.sin_port);
  acceptor_ = std::thread([this] { accept_loop(); });
}

HttpTestServer::~HttpTestServer() {
  stopping_ = true;
  acceptor_.join();
  ::close(listener_);
  // No new workers once the acceptor has stopped.
  for (std::thread& worker : workers_) worker.join();
}

std::string HttpTestServer::url(std::string_view path, std::string_view host) const {
  return "http://" + std::string(host) + ":" + std::to_string(port_) + std::string(path);
}

void HttpTestServer::route(const std::string& path, HttpResponse response) {
  route(path, [response = std::move(response)](const HttpRequest&, HttpExchange& exchange) {
    exchange.send_response(response);
  });
}

void HttpTestServer::route(const std::string& path, HttpHandler handler) {
  std::lock_guard lock(mutex_);
  routes_[path] = std::move(handler);
}

std::size_t HttpTestServer::hits(const std::string& path) const {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(requests_.begin(), requests_.end(), [&](const HttpRequest& r) { return r.path == path; }));
}

std::vector<HttpRequest> HttpTestServer::requests() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

void HttpTestServer::accept_loop() {
  while (!stopping_) {
    pollfd p{listener_, POLLIN, 0};
    if (::poll(&p, 1, kPollSliceMs) <= 0) continue;
    const int fd = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    ++connections_;
    std::lock_guard lock(mutex_);
    workers_.emplace_back([this, fd] { serve(fd); });
  }
}

void HttpTestServer::serve(int fd) {
  set_timeout(fd, SO_RCVTIMEO, 2000);
  set_timeout(fd, SO_SNDTIMEO, 2000);
  for (bool more = true; more; more = keep_alive_ && !stopping_) {
    HttpRequest request;
    if (!read_request(fd, &request)) break;
    HttpHandler handler;
    {
      std::lock_guard lock(mutex_);
      requests_.push_back(request);
      auto found = routes_.find(request.path);
      if (found == routes_.end()) found = routes_.find("*");  // a catch-all
      if (found != routes_.end()) handler = found->second;
    }
    HttpExchange exchange(fd, stopping_, keep_alive_);
    if (handler) handler(request, exchange);
    else exchange.send_response({404, {{"Content-Type", "text/plain"}}, "no route\n"});
  }
  ::shutdown(fd, SHUT_WR);
  ::close(fd);
}

}  // namespace sitemaplint::testing
