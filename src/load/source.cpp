#include "load/source.h"

#include <sys/stat.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

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

void gunzip(std::string_view data, std::size_t limit, Input* out) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) {
    out->compression_error = "compression error: zlib could not be initialised";
    return;
  }
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  char chunk[1 << 16];
  int status = Z_OK;
  while (true) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    status = inflate(&stream, Z_NO_FLUSH);
    const std::size_t produced = sizeof chunk - stream.avail_out;
    out->bytes.append(chunk, produced);
    if (out->bytes.size() > limit) {
      out->decompression_stopped = true;
      break;
    }
    if (status == Z_STREAM_END) {
      // Concatenated gzip members are one file (gzip -c a b > c); anything else after is junk.
      if (stream.avail_in > 0 && is_gzip({reinterpret_cast<const char*>(stream.next_in), stream.avail_in})) {
        inflateReset(&stream);
        continue;
      }
      if (stream.avail_in > 0) out->compression_error = "compression error: trailing bytes after the gzip data";
      break;
    }
    if (status == Z_OK) continue;
    if (status == Z_BUF_ERROR && stream.avail_in == 0) {
      out->compression_error = "compression error: the gzip data is truncated";
      break;
    }
    out->compression_error = std::string("compression error: ") +
                             (stream.msg ? stream.msg : "the gzip data is corrupt");
    break;
  }
  inflateEnd(&stream);
}

namespace {
struct stat info_of(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) info.st_mode = 0;
  return info;
}
}  // namespace

bool load_input(const std::string& path, Input* out, std::string* error) {
  out->path = path;
  std::string raw;
  if (path == "-") {
    if (!read_stream(stdin, "<stdin>", &raw, error)) return false;
  } else {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
      *error = path + ": " + std::strerror(errno);
      return false;
    }
    if (S_ISDIR(info.st_mode)) {
      *error = path + ": is a directory";
      return false;
    }
    if (S_ISREG(info.st_mode) && static_cast<std::size_t>(info.st_size) > kMaxInputBytes) {
      *error = path + ": input is larger than 1 GiB; refusing to read it";
      return false;
    }
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) {
      *error = path + ": " + std::strerror(errno);
      return false;
    }
    if (S_ISREG(info.st_mode)) raw.reserve(static_cast<std::size_t>(info.st_size));
    if (!read_stream(file.get(), path, &raw, error)) return false;
  }
  *out = input_from_bytes(path, std::move(raw));
  // A regular file can be read again (a FIFO or a device could not).
  out->reloadable = path != "-" && S_ISREG(info_of(path).st_mode);
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
