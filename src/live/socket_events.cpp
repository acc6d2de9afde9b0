#include "live/socket_events.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sitemaplint {

SocketEvents::SocketEvents() {
  events_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (events_fd_ < 0 || wake_fd_ < 0) {
    error_ = std::string("the requests' event loop could not be made: ") + std::strerror(errno);
    return;
  }
  epoll_event e{};
  e.events = EPOLLIN;
  e.data.fd = wake_fd_;
  ::epoll_ctl(events_fd_, EPOLL_CTL_ADD, wake_fd_, &e);
}

SocketEvents::~SocketEvents() {
  if (events_fd_ >= 0) ::close(events_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void SocketEvents::watch(int fd, bool in, bool out) {
  if (fd < 0) return;
  const std::size_t at = static_cast<std::size_t>(fd);
  if (at >= sockets_.size()) sockets_.resize(at + 1);
  Socket& s = sockets_[at];
  epoll_event e{};
  e.events = (in ? EPOLLIN : 0u) | (out ? EPOLLOUT : 0u);
  e.data.fd = fd;
  if (s.state == State::Out) {
    if (::epoll_ctl(events_fd_, EPOLL_CTL_ADD, fd, &e) != 0 && errno == EEXIST)
      ::epoll_ctl(events_fd_, EPOLL_CTL_MOD, fd, &e);
  } else if (s.events != e.events) {
    // ENOENT: closed without a word and its number reused (not by libcurl's sockets, all told).
    if (::epoll_ctl(events_fd_, EPOLL_CTL_MOD, fd, &e) != 0 && errno == ENOENT)
      ::epoll_ctl(events_fd_, EPOLL_CTL_ADD, fd, &e);
  }
  s.state = State::Watched;
  s.events = e.events;
}

void SocketEvents::forget(int fd) {
  if (!watched(fd)) return;
  Socket& s = sockets_[static_cast<std::size_t>(fd)];
  if (s.told) {
    s.state = State::Forgotten;
  } else {
    remove(fd);
  }
}

void SocketEvents::opened(int fd) {
  if (fd < 0) return;
  const std::size_t at = static_cast<std::size_t>(fd);
  if (at >= sockets_.size()) sockets_.resize(at + 1);
  sockets_[at] = Socket{State::Out, 0, true};  // a new socket is in no set
}

void SocketEvents::closed(int fd) {
  // The kernel drops a closed socket from the set by itself.
  if (fd >= 0 && static_cast<std::size_t>(fd) < sockets_.size()) sockets_[static_cast<std::size_t>(fd)] = Socket{};
}

bool SocketEvents::watched(int fd) const {
  return fd >= 0 && static_cast<std::size_t>(fd) < sockets_.size() &&
         sockets_[static_cast<std::size_t>(fd)].state == State::Watched;
}

void SocketEvents::remove(int fd) {
  ::epoll_ctl(events_fd_, EPOLL_CTL_DEL, fd, nullptr);
  if (fd < 0 || static_cast<std::size_t>(fd) >= sockets_.size()) return;
  Socket& s = sockets_[static_cast<std::size_t>(fd)];
  s.state = State::Out;  // still open, and still told of: it may stay in the set again later
  s.events = 0;
}

void SocketEvents::wake() const {
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t written = ::write(wake_fd_, &one, sizeof one);  // full: already awake
}

void SocketEvents::take_wake() {
  std::uint64_t count = 0;
  [[maybe_unused]] const ssize_t read = ::read(wake_fd_, &count, sizeof count);
}

}  // namespace sitemaplint
