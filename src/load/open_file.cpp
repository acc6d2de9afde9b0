#include "load/open_file.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>

namespace sitemaplint {
namespace {

// What a file that is not a regular one is, for the message.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "an unusual file";
}

// The system tree an open file belongs to ("/proc", "/sys", "/dev"), or null: by the file system
// it is on (which a bind mount elsewhere keeps), else by the path it was opened under once every
// link is resolved (which /proc/self/fd gives).
const char* system_tree_of(int fd) {
  struct statfs fs {};
  if (::fstatfs(fd, &fs) == 0) {
    switch (static_cast<unsigned long>(fs.f_type)) {
      case PROC_SUPER_MAGIC: return "/proc";
      case SYSFS_MAGIC:
      case DEBUGFS_MAGIC:
      case TRACEFS_MAGIC:
      case SECURITYFS_MAGIC:
      case CGROUP_SUPER_MAGIC:
      case CGROUP2_SUPER_MAGIC:
      case EFIVARFS_MAGIC:
      case BPF_FS_MAGIC: return "/sys";
      case DEVPTS_SUPER_MAGIC: return "/dev";
      default: break;
    }
  }
  char target[4096];
  const std::string link = "/proc/self/fd/" + std::to_string(fd);
  const ssize_t n = ::readlink(link.c_str(), target, sizeof target);
  if (n <= 0 || static_cast<std::size_t>(n) >= sizeof target) return nullptr;
  const std::string_view real(target, static_cast<std::size_t>(n));
  for (const char* tree : {"/proc", "/sys", "/dev"}) {
    if (real.starts_with(tree) && (real.size() == std::strlen(tree) || real[std::strlen(tree)] == '/')) return tree;
  }
  return nullptr;
}

}  // namespace

OpenedFile& OpenedFile::operator=(OpenedFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

OpenedFile::~OpenedFile() {
  if (fd_ >= 0) ::close(fd_);
}

OpenedFile open_regular_file(const std::string& path, std::size_t* size, std::string* why) {
  // O_NONBLOCK: a FIFO opens at once, writer or not, and is then refused; O_NOCTTY: a terminal
  // does not become the controlling one.
  OpenedFile file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!file) {
    *why = std::strerror(errno);
    return {};
  }
  struct stat info {};
  if (::fstat(file.fd(), &info) != 0) {
    *why = std::strerror(errno);
    return {};
  }
  if (S_ISDIR(info.st_mode)) {
    *why = "is a directory";
    return {};
  }
  if (!S_ISREG(info.st_mode)) {
    *why = std::string("is ") + kind_of(info.st_mode) + ", not a regular file; only regular files are read";
    return {};
  }
  if (const char* tree = system_tree_of(file.fd())) {
    *why = std::string("is a file of ") + tree + "; nothing under /proc, /sys or /dev is read";
    return {};
  }
  // Reads of a regular file wait for the disk, as they should.
  const int flags = ::fcntl(file.fd(), F_GETFL);
  if (flags < 0 || ::fcntl(file.fd(), F_SETFL, flags & ~O_NONBLOCK) != 0) {
    *why = std::strerror(errno);
    return {};
  }
  *size = static_cast<std::size_t>(info.st_size);
  return file;
}

bool read_regular_file(const std::string& path, std::size_t limit, std::string* text, std::string* why) {
  std::size_t size = 0;
  const OpenedFile file = open_regular_file(path, &size, why);
  if (!file) return false;
  const std::string too_large = "is larger than " + std::to_string(limit) + " bytes";
  if (size > limit) {
    *why = too_large;
    return false;
  }
  text->clear();
  text->reserve(size);
  char chunk[1 << 16];
  while (true) {
    const ssize_t n = ::read(file.fd(), chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *why = std::string("read error: ") + std::strerror(errno);
      return false;
    }
    if (n == 0) return true;
    if (static_cast<std::size_t>(n) > limit - text->size()) {
      *why = too_large;
      return false;
    }
    text->append(chunk, static_cast<std::size_t>(n));
  }
}

}  // namespace sitemaplint
