// The live scheduler's one place of waiting: an epoll set of the sockets libcurl asks to watch
// (its multi_socket interface), and an eventfd that another thread writes to wake the loop (a
// submission, or stop()). The loop runs libcurl only for the sockets that are ready, rather than
// curl_multi_perform's look at every transfer's socket at each wake-up.
//
// A socket libcurl stops watching (a kept connection between two requests) stays in the set until
// it is closed or shows an event: the next request on it then costs no epoll_ctl, or one. (Removed
// at once and added again, each request cost three.) Only for the sockets whose opening and
// closing are told (opened(), closed()): a closed socket's number comes back for the next one,
// which is not in the set. Others (libcurl's own, for its resolver) leave the set at once.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <sys/epoll.h>

namespace sitemaplint {

class SocketEvents {
 public:
  SocketEvents();
  ~SocketEvents();
  SocketEvents(const SocketEvents&) = delete;
  SocketEvents& operator=(const SocketEvents&) = delete;

  // "" when the set and the eventfd were made; otherwise why not.
  const std::string& error() const { return error_; }
  // Watches `fd` for reading and/or writing (libcurl's CURL_POLL_IN, CURL_POLL_OUT).
  void watch(int fd, bool in, bool out);
  // libcurl no longer watches `fd` (CURL_POLL_REMOVE): its events are not reported.
  void forget(int fd);
  // `fd` is a new socket, whose closing will be told; and it is being closed.
  void opened(int fd);
  void closed(int fd);
  // Wakes a wait() on another thread (at once, if it is not waiting yet). Thread-safe.
  void wake() const;
  // Waits at most `ms` (0: a look, no wait) and calls `ready(fd, in, out, error)` for each watched
  // socket that is ready; a wake() ends the wait and is taken.
  template <typename OnReady>
  void wait(int ms, OnReady&& ready) {
    const int n = ::epoll_wait(events_fd_, ready_.data(), static_cast<int>(ready_.size()), ms);
    for (int i = 0; i < n; ++i) {
      const epoll_event& e = ready_[static_cast<std::size_t>(i)];
      if (e.data.fd == wake_fd_) {
        take_wake();
      } else if (watched(e.data.fd)) {
        ready(e.data.fd, (e.events & EPOLLIN) != 0, (e.events & EPOLLOUT) != 0,
              (e.events & (EPOLLERR | EPOLLHUP)) != 0);
      } else {
        remove(e.data.fd);  // a socket libcurl forgot, idle, which showed an event: out of the set now
      }
    }
  }

 private:
  enum class State : char { Out, Watched, Forgotten };  // Forgotten: in the set, not reported
  struct Socket {
    State state = State::Out;
    std::uint32_t events = 0;  // as registered in the set
    bool told = false;  // opened() and not closed() yet: it may stay in the set when forgotten
  };
  bool watched(int fd) const;
  void remove(int fd);
  void take_wake();

  int events_fd_ = -1;
  int wake_fd_ = -1;
  std::array<epoll_event, 32> ready_{};
  std::vector<Socket> sockets_;  // by descriptor
  std::string error_;
};

}  // namespace sitemaplint
