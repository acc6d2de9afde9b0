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

void on_bus_error(int signal, siginfo_t* info, void*) {
  const char* at = static_cast<const char*>(info->si_addr);
  // A fault (si_code > 0) in a mapping of ours: the file was cut short meanwhile.
  for (Region& r : regions) {
    const char* begin = r.begin.load(std::memory_order_acquire);
    if (info->si_code <= 0 || !begin || at < begin || at >= begin + r.size.load(std::memory_order_acquire)) continue;
    static constexpr char kPrefix[] = "sitemaplint: error: ";
    static constexpr char kSuffix[] = ": the file was cut short while sitemaplint read it; run again\n";
    write_all(kPrefix, sizeof kPrefix - 1);
    write_all(r.path, r.path_length);
    write_all(kSuffix, sizeof kSuffix - 1);
    ::_exit(2);
  }
  // Anything else goes where it went before this handler: its disposition is put back, and a
  // signal sent (kill, raise) is raised again; a fault runs again and is delivered to it as the
  // kernel would have, with its own flags.
  ::sigaction(SIGBUS, &before_ours, nullptr);
  if (info->si_code <= 0) ::raise(signal);
}

void install_handler() {
  struct sigaction ours {};
  ours.sa_sigaction = on_bus_error;
  ours.sa_flags = SA_SIGINFO | SA_RESTART;  // a write of the report it interrupts goes on
  sigemptyset(&ours.sa_mask);
  ::sigaction(SIGBUS, &ours, &before_ours);
}

// A free entry, claimed before the file is mapped: with none, nothing is mapped for nothing.
int take_region() {
  for (std::size_t i = 0; i < regions.size(); ++i) {
    bool expected = false;
    if (regions[i].taken.compare_exchange_strong(expected, true)) return static_cast<int>(i);
  }
  return -1;
}

void fill_region(int at, const std::string& path, const char* begin, std::size_t size) {
  Region& r = regions[static_cast<std::size_t>(at)];
  r.path_length = std::min(path.size(), sizeof r.path);
  std::memcpy(r.path, path.data(), r.path_length);
  r.size.store(size, std::memory_order_release);
  r.begin.store(begin, std::memory_order_release);  // last: the handler reads an entry from here
}

void free_region(int at) {
  Region& r = regions[static_cast<std::size_t>(at)];
  r.begin.store(nullptr, std::memory_order_release);
  r.taken.store(false, std::memory_order_release);
}

std::atomic<bool> mapping_allowed{false};

}  // namespace

void allow_mapped_files(bool allowed) {
  if (allowed) std::call_once(handler_installed, install_handler);
  mapping_allowed = allowed;
}

std::optional<MappedFile> MappedFile::map(const std::string& path, std::size_t limit) {
  if (!mapping_allowed) return std::nullopt;
  std::size_t size = 0;
  std::string why;
  const OpenedFile file = open_regular_file(path, &size, &why);
  if (!file || size == 0 || size > limit) return std::nullopt;
  unsigned char magic[2] = {};
  if (::pread(file.fd(), magic, sizeof magic, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b) return std::nullopt;
  const int region = take_region();
  if (region < 0) return std::nullopt;
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.fd(), 0);
  if (data == MAP_FAILED) {
    free_region(region);
    return std::nullopt;
  }
  fill_region(region, path, static_cast<const char*>(data), size);
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
    free_region(region_);
    region_ = -1;
  }
  if (data_) ::munmap(const_cast<char*>(data_), size_);
  data_ = nullptr;
  size_ = 0;
}

}  // namespace sitemaplint
