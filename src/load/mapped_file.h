// A file read again only to show its lines (report/source.h) or quote them (the set rules),
// mapped rather than copied: the kernel's cached pages are shown as they are, where a read copied
// the whole file (a 10 MB sitemap with findings spent 4 ms of a 60 ms run on that copy).
// A file cut short while it is mapped would end the process with SIGBUS at the first access past
// its new end; a handler turns that into a message and exit status 2. Only a process that says so
// maps files (the command line, allow_mapped_files): in a program that uses the library, that
// handler would end the program, where a read lets it carry on.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sitemaplint {

// Lets MappedFile::map map files in this process from now on (with false: no longer), and
// installs the SIGBUS handler (once). Any SIGBUS that is not a fault in one of its mappings goes
// where it went before: the previous disposition is put back and the signal raised again, or the
// fault runs again.
void allow_mapped_files(bool allowed = true);

class MappedFile {
 public:
  // `path` mapped whole, if it is a regular file as open_regular_file() allows, not empty, not
  // gzip-compressed (its bytes as written are not its text) and no more than `limit` bytes long;
  // nullopt otherwise, before allow_mapped_files(), or when no mapping can be had (the caller then
  // reads the file).
  static std::optional<MappedFile> map(const std::string& path, std::size_t limit);

  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::string_view bytes() const { return {data_, size_}; }

 private:
  MappedFile(const char* data, std::size_t size, int region) : data_(data), size_(size), region_(region) {}
  void release();
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  int region_ = -1;  // its entry in the handler's list of mappings
};

}  // namespace sitemaplint
