#include "load/mapped_file.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <mutex>
#include <utility>

#include "load/open_file.h"

namespace sitemaplint {
namespace {

// The mappings alive, for the SIGBUS handler, which may only read what it finds here. A reporter
// maps one file at a time (a finding's related place may map one more), and so does each set rule
// running (one a thread): a few entries are plenty, and with none free a file is read instead.
struct Region {
  std::atomic<bool> taken{false};
  std::atomic<const char*> begin{nullptr};
  std::atomic<std::size_t> size{0};
  char path[512] = {};
  std::size_t path_length = 0;
};
std::array<Region, 16> regions;
struct sigaction before_ours {};
std::once_flag handler_installed;

void write_all(const char* text, std::size_t length) {
  while (length > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, length);
    if (n <= 0) return;
    text += n;
    length -= static_cast<std::size_t>(n);
  }
}

void on_bus_error(int signal, siginfo_t* info, void* context) {
  const char* at = static_cast<const char*>(info->si_addr);
  for (Region& r : regions) {
    const char* begin = r.begin.load(std::memory_order_acquire);
    if (!begin || at < begin || at >= begin + r.size.load(std::memory_order_acquire)) continue;
    static constexpr char kPrefix[] = "sitemaplint: error: ";
    static constexpr char kSuffix[] = ": the file was cut short while its report was written; run again\n";
    write_all(kPrefix, sizeof kPrefix - 1);
    write_all(r.path, r.path_length);
    write_all(kSuffix, sizeof kSuffix - 1);
    ::_exit(2);
  }
  // Not a mapping of ours: what would have happened without this handler.
  if (before_ours.sa_flags & SA_SIGINFO) {
    if (before_ours.sa_sigaction) before_ours.sa_sigaction(signal, info, context);
    return;
  }
  if (before_ours.sa_handler != SIG_DFL && before_ours.sa_handler != SIG_IGN) {
    before_ours.sa_handler(signal);
    return;
  }
  ::signal(SIGBUS, SIG_DFL);  // the access runs again, and ends the process as SIGBUS does
}

void install_handler() {
  struct sigaction ours {};
  ours.sa_sigaction = on_bus_error;
  ours.sa_flags = SA_SIGINFO;
  sigemptyset(&ours.sa_mask);
  ::sigaction(SIGBUS, &ours, &before_ours);
}

int take_region(const std::string& path, const char* begin, std::size_t size) {
  for (std::size_t i = 0; i < regions.size(); ++i) {
    Region& r = regions[i];
    bool expected = false;
    if (!r.taken.compare_exchange_strong(expected, true)) continue;
    r.path_length = std::min(path.size(), sizeof r.path);
    std::memcpy(r.path, path.data(), r.path_length);
    r.size.store(size, std::memory_order_release);
    r.begin.store(begin, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

std::optional<MappedFile> MappedFile::map(const std::string& path, std::size_t limit) {
  std::size_t size = 0;
  std::string why;
  const OpenedFile file = open_regular_file(path, &size, &why);
  if (!file || size == 0 || size > limit) return std::nullopt;
  unsigned char magic[2] = {};
  if (::pread(file.fd(), magic, sizeof magic, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b) return std::nullopt;
  std::call_once(handler_installed, install_handler);
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.fd(), 0);
  if (data == MAP_FAILED) return std::nullopt;
  const int region = take_region(path, static_cast<const char*>(data), size);
  if (region < 0) {
    ::munmap(data, size);
    return std::nullopt;
  }
  return MappedFile(static_cast<const char*>(data), size, region);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      region_(std::exchange(other.region_, -1)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    region_ = std::exchange(other.region_, -1);
  }
  return *this;
}

MappedFile::~MappedFile() { release(); }

void MappedFile::release() {
  if (region_ >= 0) {
    Region& r = regions[static_cast<std::size_t>(region_)];
    r.begin.store(nullptr, std::memory_order_release);
    r.taken.store(false, std::memory_order_release);
    region_ = -1;
  }
  if (data_) ::munmap(const_cast<char*>(data_), size_);
  data_ = nullptr;
  size_ = 0;
}

}  // namespace sitemaplint
