// A tiny HTTP/1.1 server for tests: listens on 127.0.0.1 on a port the OS chooses, answers from a
// route table in background threads (one per connection, "Connection: close" on every response
// unless keep_alive() is asked for) and stops in its destructor. Every socket operation is bounded, so a misbehaving client or test
// cannot hang the suite.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace sitemaplint::testing {

struct HttpRequest {
  std::string method, target, path;  // path: target without the query
  std::vector<std::pair<std::string, std::string>> headers;
  std::string header(std::string_view name) const;  // first match, case-insensitive; "" if absent
};

struct HttpResponse {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  bool content_length = true;  // false: the body ends when the connection closes
};

// The handler's side of one connection.
class HttpExchange {
 public:
  HttpExchange(int fd, const std::atomic<bool>& stopping, bool keep_alive = false)
      : fd_(fd), stopping_(stopping), keep_alive_(keep_alive) {}
  // Status line and headers ("Connection: close", or keep-alive, and, unless told not to,
  // Content-Length added).
  bool send_head(const HttpResponse& response);
  bool send_response(const HttpResponse& response);
  // Sends all of `bytes`; false once the peer is gone (or a send blocks for over two seconds).
  bool send(std::string_view bytes);
  // Sleeps; false (early) when the server is stopping.
  bool sleep_for(std::chrono::milliseconds duration);
  // Waits up to `limit` for the peer to close its end; true when it did.
  bool wait_for_close(std::chrono::milliseconds limit);

 private:
  int fd_;
  const std::atomic<bool>& stopping_;
  bool keep_alive_;
};

using HttpHandler = std::function<void(const HttpRequest&, HttpExchange&)>;

class HttpTestServer {
 public:
  HttpTestServer();
  ~HttpTestServer();
  HttpTestServer(const HttpTestServer&) = delete;
  HttpTestServer& operator=(const HttpTestServer&) = delete;

  int port() const { return port_; }
  // "http://HOST:PORT" + path.
  std::string url(std::string_view path, std::string_view host = "127.0.0.1") const;

  // A path the server answers; "*" answers every path without a route of its own (else 404).
  void route(const std::string& path, HttpResponse response);
  void route(const std::string& path, HttpHandler handler);

  std::size_t connections() const { return connections_.load(); }  // accepted so far
  // From now on, a connection is kept for the client's next request (each answer must then have
  // its Content-Length), until the client closes it or is idle for two seconds.
  void keep_alive() { keep_alive_ = true; }
  std::size_t hits(const std::string& path) const;  // requests for `path`
  std::vector<HttpRequest> requests() const;  // in arrival order

 private:
  void accept_loop();
  void serve(int fd);

  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> connections_{0};
  std::atomic<bool> keep_alive_{false};
  mutable std::mutex mutex_;
  std::map<std::string, HttpHandler> routes_;
  std::vector<HttpRequest> requests_;
  std::vector<std::thread> workers_;
  std::thread acceptor_;
};

}  // namespace sitemaplint::testing
