// Opening a file that is read whole (an input, a config file): only a regular file, outside /proc,
// /sys and /dev, and without blocking on the way. A FIFO with no writer would hang the run at
// open(); a device may never end (/dev/zero) or wait for input (a terminal); a file of /proc or
// /sys is the kernel's (/proc/self/environ holds the environment, secrets included), and neither a
// symbolic link nor a config file may turn it into findings.
#pragma once

#include <cstddef>
#include <string>

namespace sitemaplint {

// An open file descriptor, closed with the object.
class OpenedFile {
 public:
  OpenedFile() = default;
  explicit OpenedFile(int fd) : fd_(fd) {}
  OpenedFile(OpenedFile&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  OpenedFile& operator=(OpenedFile&& other) noexcept;
  OpenedFile(const OpenedFile&) = delete;
  OpenedFile& operator=(const OpenedFile&) = delete;
  ~OpenedFile();

  int fd() const { return fd_; }
  // The descriptor, now the caller's to close.
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }
  explicit operator bool() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
};

// `path` opened for reading (blocking again once open), if what was opened is a regular file
// outside /proc, /sys and /dev (the checks run on the open file, so a swap after them changes
// nothing), with *size its size then. Otherwise an empty OpenedFile, and *why says why, to follow
// "PATH: ": the system's message ("No such file or directory"), "is a directory", "is a FIFO, not
// a regular file; only regular files are read", "is a file of /proc; nothing under /proc, /sys or
// /dev is read".
OpenedFile open_regular_file(const std::string& path, std::size_t* size, std::string* why);

// The whole of the file `path`, opened as open_regular_file() allows, into *text, if it holds at
// most `limit` bytes (when it is read: a file that grows past it is refused too). Otherwise false,
// and *why says why as open_regular_file() does, or "is larger than LIMIT bytes".
bool read_regular_file(const std::string& path, std::size_t limit, std::string* text, std::string* why);

}  // namespace sitemaplint
