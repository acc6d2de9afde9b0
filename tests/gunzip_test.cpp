// A .gz input is inflated by libdeflate when its trailer's stated size can be trusted, by zlib
// otherwise. What zlib gives is what every input got before libdeflate came: the same bytes, the
// same errors and the same stop at the limit. Each case here is inflated both ways and the two
// compared whole, and against what it must be.
#include <doctest/doctest.h>
#include <zlib.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "load/gunzip.h"
#include "sanitizer_scale.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// How a member's header is written.
struct Header {
  bool name = false;  // FNAME
  bool extra = false;  // FEXTRA
  bool header_crc = false;  // FHCRC
};

// One gzip member of `data`, as gzip writes it (level 9), with the header asked for.
std::string gzip_member(std::string_view data, Header header = {}) {
  z_stream stream{};
  REQUIRE(deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  gz_header head{};
  std::string name = "sitemap.xml", extra = "XY\x02\x00ab";
  head.os = 3;
  if (header.name) head.name = reinterpret_cast<Bytef*>(name.data());
  if (header.extra) {
    head.extra = reinterpret_cast<Bytef*>(extra.data());
    head.extra_len = static_cast<uInt>(extra.size());
  }
  head.hcrc = header.header_crc;
  REQUIRE(deflateSetHeader(&stream, &head) == Z_OK);
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())) + 64, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&stream, Z_FINISH) == Z_STREAM_END);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

// `gz` with its last trailer's size (ISIZE) replaced.
std::string with_stated_size(std::string gz, std::uint32_t size) {
  for (int i = 0; i < 4; ++i) gz[gz.size() - 4 + i] = static_cast<char>((size >> (8 * i)) & 0xFF);
  return gz;
}

// A sitemap of `urls` entries: text that compresses as real sitemaps do.
std::string sitemap(int urls) {
  std::string doc =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (int i = 0; i < urls; ++i)
    doc += "  <url><loc>https://example.com/page-" + std::to_string(i * 7919 % 100'003) +
           "</loc><lastmod>2024-05-01</lastmod></url>\n";
  return doc + "</urlset>\n";
}

constexpr std::size_t kLimit = std::size_t{1} << 20;

// Inflates `gz` both ways: they must agree in everything. Returns what they gave.
Inflated both_ways(const std::string& gz, std::size_t limit = kLimit) {
  const Inflated fast = gunzip_data(gz, limit, Inflater::kFastest);
  const Inflated zlib = gunzip_data(gz, limit, Inflater::kZlib);
  // Sizes in the message: the bytes themselves are too many to show.
  CHECK_MESSAGE(fast.bytes == zlib.bytes, "libdeflate " << fast.bytes.size() << " bytes, zlib " << zlib.bytes.size());
  CHECK(fast.error == zlib.error);
  CHECK(fast.stopped == zlib.stopped);
  return zlib;
}

void check_inflates_to(const std::string& gz, const std::string& expected) {
  const Inflated got = both_ways(gz);
  CHECK(got.bytes == expected);
  CHECK(got.error == "");
  CHECK_FALSE(got.stopped);
}

void check_error(const std::string& gz, const std::string& error) {
  const Inflated got = both_ways(gz);
  CHECK(got.error == error);
  CHECK_FALSE(got.stopped);
}

}  // namespace

TEST_CASE("gunzip: libdeflate and zlib inflate the same, member by member") {
  const std::string a = sitemap(3'000), b = sitemap(40), c = "<urlset/>\n";

  SUBCASE("one member, with every kind of header") {
    check_inflates_to(gzip_member(a), a);
    check_inflates_to(gzip_member(a, {.name = true, .extra = true}), a);
    check_inflates_to(gzip_member(a, {.name = true, .header_crc = true}), a);
  }
  SUBCASE("concatenated members, the last one larger or smaller than the others") {
    check_inflates_to(gzip_member(a) + gzip_member(b), a + b);
    check_inflates_to(gzip_member(b) + gzip_member(a), b + a);
    check_inflates_to(gzip_member(b) + gzip_member(c) + gzip_member(a, {.name = true}), b + c + a);
  }
  SUBCASE("empty members, alone, first, last and between") {
    check_inflates_to(gzip_member(""), "");
    check_inflates_to(gzip_member("") + gzip_member(b), b);
    check_inflates_to(gzip_member(b) + gzip_member(""), b);
    check_inflates_to(gzip_member(a) + gzip_member("") + gzip_member(b), a + b);
  }
}

TEST_CASE("gunzip: a trailer that states the wrong size gives zlib's error") {
  const std::string a = sitemap(3'000);
  const std::string gz = gzip_member(a);
  const auto size = static_cast<std::uint32_t>(a.size());
  for (const std::uint32_t forged : {size - 1, size / 2, std::uint32_t{1}, size + 1, size * 2, std::uint32_t{0},
                                     static_cast<std::uint32_t>(kLimit), std::uint32_t{0xFFFFFFFF}}) {
    CAPTURE(forged);
    check_error(with_stated_size(gz, forged), "compression error: incorrect length check");
  }
}

TEST_CASE("gunzip: damaged data gives zlib's error, with what inflated before it") {
  const std::string a = sitemap(3'000);
  const std::string gz = gzip_member(a);

  SUBCASE("truncated anywhere") {
    for (const std::size_t keep : {std::size_t{1}, std::size_t{10}, std::size_t{17}, gz.size() / 2, gz.size() - 8,
                                   gz.size() - 4, gz.size() - 1}) {
      CAPTURE(keep);
      check_error(gz.substr(0, keep), "compression error: the gzip data is truncated");
    }
  }
  SUBCASE("trailing bytes after the last member, one of them the magic's first byte") {
    check_error(gz + "junk", "compression error: trailing bytes after the gzip data");
    check_error(gz + "\x1F", "compression error: trailing bytes after the gzip data");
    check_error(gz + gzip_member("x") + std::string(20, '\0'), "compression error: trailing bytes after the gzip data");
  }
  SUBCASE("a second member cut short") {
    const std::string second = gzip_member(sitemap(40));
    check_error(gz + second.substr(0, second.size() - 3), "compression error: the gzip data is truncated");
    check_error(gz + "\x1F\x8B", "compression error: the gzip data is truncated");
  }
  SUBCASE("a wrong checksum, method, header CRC") {
    std::string crc = gz;
    crc[crc.size() - 8] = static_cast<char>(crc[crc.size() - 8] ^ 0x55);
    check_error(crc, "compression error: incorrect data check");
    std::string method = gz;
    method[2] = 9;
    check_error(method, "compression error: unknown compression method");
    std::string header = gzip_member(a, {.header_crc = true});
    header[10] = static_cast<char>(header[10] ^ 0x01);  // the header's CRC, right after its 10 bytes
    check_error(header, "compression error: header crc mismatch");
  }
}

TEST_CASE("gunzip: past the limit, both stop just past it, whatever the trailer says") {
  const std::string big(3 * kLimit, ' ');
  const std::string gz = gzip_member(big);
  for (const std::uint32_t stated : {static_cast<std::uint32_t>(big.size()), static_cast<std::uint32_t>(kLimit),
                                     static_cast<std::uint32_t>(kLimit - 1), std::uint32_t{1000}, std::uint32_t{0}}) {
    CAPTURE(stated);
    const Inflated got = both_ways(with_stated_size(gz, stated));
    CHECK(got.stopped);
    CHECK(got.error == "");
    CHECK(got.bytes == std::string(kLimit + 1, ' '));
  }
  SUBCASE("a file of exactly the limit is not stopped") {
    check_inflates_to(gzip_member(std::string(kLimit, ' ')), std::string(kLimit, ' '));
  }
  SUBCASE("members that pass the limit together") {
    const std::string half(kLimit / 2 + 1, 'x');
    const Inflated got = both_ways(gzip_member(half) + gzip_member(half));
    CHECK(got.stopped);
    CHECK(got.bytes == std::string(kLimit + 1, 'x'));
  }
}

TEST_CASE("gunzip: random damage is judged alike by both") {
  const std::string a = sitemap(2'000);
  const std::string gz = gzip_member(a.substr(0, a.size() / 2)) + gzip_member(a.substr(a.size() / 2));
  std::mt19937 random(20261130);
  const std::size_t cases = 3'000 / kSanitizedShare;
  std::size_t failed = 0;
  for (std::size_t i = 0; i < cases; ++i) {
    std::string damaged = gz;
    const int flips = 1 + static_cast<int>(random() % 3);
    for (int f = 0; f < flips; ++f) damaged[random() % damaged.size()] ^= static_cast<char>(1 + random() % 255);
    if (random() % 4 == 0) damaged.resize(random() % damaged.size());
    const Inflated fast = gunzip_data(damaged, kLimit, Inflater::kFastest);
    const Inflated zlib = gunzip_data(damaged, kLimit, Inflater::kZlib);
    const bool same = fast.bytes == zlib.bytes && fast.error == zlib.error && fast.stopped == zlib.stopped;
    if (!same && ++failed <= 5) {
      CAPTURE(i);
      CHECK(fast.error == zlib.error);
      CHECK(fast.bytes.size() == zlib.bytes.size());
      CHECK(fast.stopped == zlib.stopped);
    }
  }
  CHECK(failed == 0);
}

TEST_CASE("gunzip: a buffer is refilled only with exactly its size of inflated bytes") {
  const std::string a = sitemap(3'000), b = sitemap(40);
  const std::string gz = gzip_member(a) + gzip_member(b);
  std::vector<char> room(a.size() + b.size());
  CHECK(gunzip_exactly_into(gz, room));
  CHECK(std::string(room.begin(), room.end()) == a + b);

  std::vector<char> single(a.size());
  CHECK(gunzip_exactly_into(gzip_member(a), single));
  CHECK(std::string(single.begin(), single.end()) == a);

  std::vector<char> shorter(a.size() - 1), longer(a.size() + 1);
  CHECK_FALSE(gunzip_exactly_into(gzip_member(a), shorter));
  CHECK_FALSE(gunzip_exactly_into(gzip_member(a), longer));
  // The stated size matches the buffer, but the data does not hold it.
  CHECK_FALSE(gunzip_exactly_into(with_stated_size(gzip_member(a), static_cast<std::uint32_t>(a.size() + 1)), longer));
  CHECK_FALSE(gunzip_exactly_into(gzip_member(a) + "junk", single));
  std::string corrupt = gzip_member(a);
  corrupt[corrupt.size() - 8] ^= 0x55;
  CHECK_FALSE(gunzip_exactly_into(corrupt, single));
  std::vector<char> none;
  CHECK(gunzip_exactly_into(gzip_member(""), none));
}
