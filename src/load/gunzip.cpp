#include "load/gunzip.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <optional>

#include "load/grow_uninitialized.h"
#include "load/read_room.h"

namespace sitemaplint {

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1F &&
         static_cast<unsigned char>(bytes[1]) == 0x8B;
}

namespace {

// zlib's streaming inflate, resumed room after room: the output goes straight where it is wanted.
class ZlibGunzip {
 public:
  explicit ZlibGunzip(std::string_view data) {
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) {
      error_ = "compression error: zlib could not be initialised";
      done_ = true;
      return;
    }
    initialised_ = true;
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream_.avail_in = static_cast<uInt>(data.size());  // inputs are at most 1 GiB
  }
  ~ZlibGunzip() {
    if (initialised_) inflateEnd(&stream_);
  }
  ZlibGunzip(const ZlibGunzip&) = delete;
  ZlibGunzip& operator=(const ZlibGunzip&) = delete;

  // Inflates into `room` until it is full or the data ends (done()); returns the bytes written.
  std::size_t into(std::span<char> room) {
    stream_.next_out = reinterpret_cast<Bytef*>(room.data());
    stream_.avail_out = static_cast<uInt>(std::min<std::size_t>(room.size(), UINT_MAX));
    const std::size_t given = stream_.avail_out;
    // Never called with no room: zlib would report that as an error of its own.
    while (!done_ && stream_.avail_out > 0) step();
    return given - stream_.avail_out;
  }
  bool done() const { return done_; }
  const std::string& error() const { return error_; }

 private:
  void step() {
    const int status = inflate(&stream_, Z_NO_FLUSH);
    if (status == Z_OK) return;
    done_ = true;
    if (status == Z_STREAM_END) {
      // Anything but another member after the end is junk.
      const std::string_view rest(reinterpret_cast<const char*>(stream_.next_in), stream_.avail_in);
      if (is_gzip(rest)) {
        inflateReset(&stream_);
        done_ = false;
      } else if (!rest.empty()) {
        error_ = "compression error: trailing bytes after the gzip data";
      }
    } else if (status == Z_BUF_ERROR && stream_.avail_in == 0) {
      error_ = "compression error: the gzip data is truncated";
    } else {
      error_ = std::string("compression error: ") + (stream_.msg ? stream_.msg : "the gzip data is corrupt");
    }
  }

  z_stream stream_{};
  bool initialised_ = false;
  bool done_ = false;
  std::string error_;
};

// The uncompressed size a gzip stream's trailer states (ISIZE: the last member's, modulo 4 GiB).
std::size_t trailer_size(std::string_view data) {
  if (data.size() < 18) return 0;  // a member's header and trailer alone take 18 bytes
  std::uint32_t isize = 0;
  for (int i = 0; i < 4; ++i)
    isize |= static_cast<std::uint32_t>(static_cast<unsigned char>(data[data.size() - 4 + i])) << (8 * i);
  return isize;
}

// The stated size as a capacity to reserve: at most `limit`, and at most what deflate's best
// ratio (1032:1) allows, so a forged trailer cannot ask for much.
std::size_t capacity_for(std::string_view data, std::size_t limit) {
  return std::min({trailer_size(data), limit, data.size() * 1032});
}

// The piece of room made at a time for zlib (not zeroed: grow_uninitialized.h).
constexpr std::size_t kRoomPiece = std::size_t{256} << 10;

Inflated gunzip_with_zlib(std::string_view data, std::size_t limit, Inflated inflated) {
  inflated.bytes.clear();
  ZlibGunzip zlib(data);
  std::string& bytes = inflated.bytes;
  while (true) {
    const std::size_t at = bytes.size();
    grow_uninitialized(bytes, at + std::min(kRoomPiece, limit + 1 - at));
    bytes.resize(at + zlib.into(std::span<char>(bytes).subspan(at)));
    if (bytes.size() > limit) {
      inflated.stopped = true;
      break;
    }
    if (zlib.done()) {
      inflated.error = zlib.error();
      break;
    }
  }
  return inflated;
}

struct DecompressorFree {
  void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};

constexpr unsigned char kHeaderCrcFlag = 0x02;  // FHCRC: zlib checks the header's CRC, libdeflate skips it

// libdeflate, member after member into `room`: the bytes written, or nothing when it does not all
// hold (too little room, anything zlib might judge otherwise), for zlib to decide.
std::optional<std::size_t> gunzip_with_libdeflate(std::string_view data, std::span<char> room) {
  const std::unique_ptr<libdeflate_decompressor, DecompressorFree> decompressor(libdeflate_alloc_decompressor());
  if (!decompressor) return std::nullopt;
  std::size_t in = 0, out = 0;
  while (in < data.size()) {
    const std::string_view member = data.substr(in);
    if (!is_gzip(member) || member.size() < 4 || (static_cast<unsigned char>(member[3]) & kHeaderCrcFlag))
      return std::nullopt;  // junk after a member, or a header CRC: zlib's errors
    std::size_t read = 0, written = 0;
    if (libdeflate_gzip_decompress_ex(decompressor.get(), member.data(), member.size(), room.data() + out,
                                      room.size() - out, &read, &written) != LIBDEFLATE_SUCCESS)
      return std::nullopt;
    in += read;
    out += written;
  }
  return out;
}

}  // namespace

Inflated gunzip_data(std::string_view data, std::size_t limit, Inflater inflater) {
  Inflated inflated;
  // Reserved up front: growing by doubling would hold the old and the new buffer at once.
  reserve_read_room(inflated.bytes, capacity_for(data, limit + 1));
  const std::size_t stated = trailer_size(data);
  // A stated size of 0 is an empty file or a forged trailer, nothing to win either way.
  if (inflater == Inflater::kFastest && stated > 0 && stated <= capacity_for(data, limit)) {
    grow_uninitialized(inflated.bytes, stated);
    if (const std::optional<std::size_t> size = gunzip_with_libdeflate(data, inflated.bytes)) {
      inflated.bytes.resize(*size);
      return inflated;
    }
  }
  return gunzip_with_zlib(data, limit, std::move(inflated));
}

bool gunzip_exactly_into(std::string_view data, std::span<char> room) {
  if (trailer_size(data) == room.size()) {
    if (const std::optional<std::size_t> size = gunzip_with_libdeflate(data, room)) return *size == room.size();
  }
  ZlibGunzip zlib(data);
  const std::size_t filled = zlib.into(room);
  char past;
  return filled == room.size() && zlib.into({&past, 1}) == 0 && zlib.error().empty();
}

}  // namespace sitemaplint
