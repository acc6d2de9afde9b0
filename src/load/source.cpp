#include "load/source.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

#include "load/open_file.h"
#include "load/read_in_halves.h"
#include "tree_memory.h"

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

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1F &&
         static_cast<unsigned char>(bytes[1]) == 0x8B;
}

}  // namespace

namespace {

// Inflates gzip `data`, concatenated members as one file (gzip -c a b > c), handing each piece of
// output to `take`, which returns false to stop there. Returns the compression error, if any.
template <typename Take>
std::string inflate_gzip(std::string_view data, Take take) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return "compression error: zlib could not be initialised";
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  char chunk[1 << 16];
  std::string error;
  while (true) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    const int status = inflate(&stream, Z_NO_FLUSH);
    if (!take(std::string_view(chunk, sizeof chunk - stream.avail_out))) break;
    if (status == Z_STREAM_END) {
      // Anything but another member after the end is junk.
      if (stream.avail_in > 0 && is_gzip({reinterpret_cast<const char*>(stream.next_in), stream.avail_in})) {
        inflateReset(&stream);
        continue;
      }
      if (stream.avail_in > 0) error = "compression error: trailing bytes after the gzip data";
      break;
    }
    if (status == Z_OK) continue;
    if (status == Z_BUF_ERROR && stream.avail_in == 0) {
      error = "compression error: the gzip data is truncated";
      break;
    }
    error = std::string("compression error: ") + (stream.msg ? stream.msg : "the gzip data is corrupt");
    break;
  }
  inflateEnd(&stream);
  return error;
}

// The uncompressed size a gzip stream's trailer states (ISIZE, modulo 4 GiB; the last member's
// only), as a capacity to reserve: at most `limit`, and at most what deflate's best ratio (1032:1)
// allows, so a forged trailer cannot ask for much.
std::size_t stated_size(std::string_view data, std::size_t limit) {
  if (data.size() < 18) return 0;
  std::uint32_t isize = 0;
  for (int i = 0; i < 4; ++i)
    isize |= static_cast<std::uint32_t>(static_cast<unsigned char>(data[data.size() - 4 + i])) << (8 * i);
  return std::min({static_cast<std::size_t>(isize), limit, data.size() * 1032});
}

}  // namespace

void gunzip(std::string_view data, std::size_t limit, Input* out) {
  // Reserved up front: growing by doubling would hold the old and the new buffer at once.
  out->bytes.reserve(out->bytes.size() + stated_size(data, limit + 1));
  if (huge_pages_suit(out->bytes.capacity())) advise_huge_pages(out->bytes.data(), out->bytes.capacity());
  out->compression_error = inflate_gzip(data, [&](std::string_view piece) {
    out->bytes.append(piece);
    if (out->bytes.size() <= limit) return true;
    out->decompression_stopped = true;
    return false;
  });
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

bool read_input_again(const std::string& path, std::span<char> bytes) {
  std::size_t size = 0;
  std::string why;
  const std::unique_ptr<std::FILE, FileCloser> file = open_stream(path, &size, &why);
  if (!file) return false;
  std::size_t got = std::fread(bytes.data(), 1, std::min<std::size_t>(bytes.size(), 2), file.get());
  if (got == 2 && is_gzip({bytes.data(), 2})) {
    std::string compressed(bytes.data(), 2), error;
    if (!read_stream(file.get(), path, &compressed, &error)) return false;
    std::size_t filled = 0;
    bool fits = true;
    error = inflate_gzip(compressed, [&](std::string_view piece) {
      fits = piece.size() <= bytes.size() - filled;
      if (fits) std::memcpy(bytes.data() + filled, piece.data(), piece.size());
      filled += fits ? piece.size() : 0;
      return fits;
    });
    return fits && error.empty() && filled == bytes.size();
  }
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
    // Straight into the buffer, a piece at a time: each piece is read into room made (zeroed)
    // just before, still in the cache. Made ready whole and then read in one go, each page was
    // written three times with the cache lost in between (0.6% of a 25 MB file's whole run).
    raw.reserve(size);
    if (huge_pages_suit(size)) advise_huge_pages(raw.data(), raw.capacity());
    if (reads_in_halves(size, threads)) {
      // Failing (a read error, a file that shrank), the read starts again below, which says why.
      if (read_in_halves(::fileno(file.get()), size, &raw)) std::fseek(file.get(), static_cast<long>(size), SEEK_SET);
      else std::rewind(file.get());
    }
    while (raw.size() < size) {
      const std::size_t at = raw.size();
      const std::size_t want = std::min(kReadPiece, size - at);
      raw.resize(at + want);
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
