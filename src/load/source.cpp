#include "load/source.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "load/grow_uninitialized.h"
#include "load/gunzip.h"
#include "load/open_file.h"
#include "load/read_in_halves.h"
#include "load/read_room.h"

namespace sitemaplint {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f && f != stdin) std::fclose(f);
  }
};

bool read_stream(std::FILE* f, const std::string& name, std::string* out, std::string* error) {
  char chunk[1 << 16];
  while (true) {
    const std::size_t n = std::fread(chunk, 1, sizeof chunk, f);
    if (n > 0) {
      if (out->size() + n > kMaxInputBytes) {
        *error = name + ": input is larger than 1 GiB; refusing to read it";
        return false;
      }
      out->append(chunk, n);
    }
    if (n < sizeof chunk) {
      if (std::ferror(f)) {
        *error = name + ": read error: " + std::strerror(errno);
        return false;
      }
      return true;
    }
  }
}

}  // namespace

void gunzip(std::string_view data, std::size_t limit, Input* out) {
  Inflated inflated = gunzip_data(data, limit);
  out->bytes = std::move(inflated.bytes);
  out->decompression_stopped = inflated.stopped;
  out->compression_error = std::move(inflated.error);
}

namespace {

// A stream on `path`, opened as open_regular_file() allows (null, with *why, when it does not).
std::unique_ptr<std::FILE, FileCloser> open_stream(const std::string& path, std::size_t* size, std::string* why) {
  OpenedFile file = open_regular_file(path, size, why);
  if (!file) return nullptr;
  std::unique_ptr<std::FILE, FileCloser> stream(::fdopen(file.fd(), "rb"));
  if (!stream) {
    *why = std::strerror(errno);
    return nullptr;
  }
  file.release();  // the stream's now
  return stream;
}

}  // namespace

bool read_input_again(const std::string& path, std::span<char> bytes, unsigned threads) {
  std::size_t size = 0;
  std::string why;
  const std::unique_ptr<std::FILE, FileCloser> file = open_stream(path, &size, &why);
  if (!file) return false;
  std::size_t got = std::fread(bytes.data(), 1, std::min<std::size_t>(bytes.size(), 2), file.get());
  if (got == 2 && is_gzip({bytes.data(), 2})) {
    std::string compressed(bytes.data(), 2), error;
    return read_stream(file.get(), path, &compressed, &error) && gunzip_exactly_into(compressed, bytes);
  }
  // The file as it was: its size unchanged, read whole in halves (a file that changed since is
  // read on one thread below, which finds out how).
  if (size == bytes.size() && reads_in_halves(size, threads) && read_in_halves(::fileno(file.get()), bytes))
    return true;
  got += std::fread(bytes.data() + got, 1, bytes.size() - got, file.get());
  char past;
  return got == bytes.size() && std::fread(&past, 1, 1, file.get()) == 0 && !std::ferror(file.get());
}

// The piece read_input reads at a time: room it makes stays in the cache (L2) until the read
// fills it.
constexpr std::size_t kReadPiece = std::size_t{256} << 10;

bool load_input(const std::string& path, Input* out, std::string* error, unsigned threads) {
  out->path = path;
  std::string raw;
  if (path == "-") {
    if (!read_stream(stdin, "<stdin>", &raw, error)) return false;
  } else {
    // Only a regular file (a FIFO, a device, /proc/self/environ are refused: open_file.h).
    std::size_t size = 0;
    std::string why;
    const std::unique_ptr<std::FILE, FileCloser> file = open_stream(path, &size, &why);
    if (!file) {
      *error = path + ": " + why;
      return false;
    }
    if (size > kMaxInputBytes) {
      *error = path + ": input is larger than 1 GiB; refusing to read it";
      return false;
    }
    // Straight into the buffer, a piece at a time, its room not zeroed first (grow_uninitialized.h).
    // (Made ready whole and then read in one go, each page was written three times with the cache
    // lost in between: 0.6% of a 25 MB file's whole run.)
    reserve_read_room(raw, size);
    if (reads_in_halves(size, threads)) {
      // Failing (a read error, a file that shrank), the read starts again below, which says why.
      if (read_in_halves(::fileno(file.get()), size, &raw)) std::fseek(file.get(), static_cast<long>(size), SEEK_SET);
      else std::rewind(file.get());
    }
    while (raw.size() < size) {
      const std::size_t at = raw.size();
      const std::size_t want = std::min(kReadPiece, size - at);
      grow_uninitialized(raw, at + want);
      const std::size_t got = std::fread(raw.data() + at, 1, want, file.get());
      raw.resize(at + got);
      if (got < want) break;
    }
    if (std::ferror(file.get())) {
      *error = path + ": read error: " + std::strerror(errno);
      return false;
    }
    // What a file that grew since has more, up to the cap.
    if (!read_stream(file.get(), path, &raw, error)) return false;
  }
  *out = input_from_bytes(path, std::move(raw));
  out->reloadable = path != "-";  // a regular file, which can be read again
  return true;
}

Input input_from_bytes(std::string path, std::string raw) {
  Input input;
  input.path = std::move(path);
  if (is_gzip(raw)) {
    input.compressed = true;
    input.compressed_size = raw.size();
    gunzip(raw, kProtocolMaxBytes, &input);
  } else {
    input.bytes = std::move(raw);
  }
  return input;
}

}  // namespace sitemaplint
