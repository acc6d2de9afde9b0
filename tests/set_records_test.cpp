// The record format of the checks across a set (run/set_records.h, docs/records.md): fingerprints
// as MurmurHash3_x64_128 publishes them, records read back as written, partitioned by key, and
// every truncated, cut or hostile file refused with the byte it is at.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "run/set_records.h"
#include "test_support.h"

using namespace sitemaplint;
using sitemaplint::testing::TempDir;

namespace {

Record page_record(std::uint32_t file, std::uint32_t item, std::string url) {
  Record r;
  r.kind = RecordKind::Page;
  r.key = fingerprint(url);
  r.file = file;
  r.item = item;
  r.offset = 100 + item;
  r.length = static_cast<std::uint32_t>(url.size());
  r.line = 3 + item;
  r.column = 12;
  r.flags = 1;
  r.text = std::move(url);
  return r;
}

Record hostile_record() {
  Record r;
  r.kind = RecordKind::Link;
  r.key = {std::numeric_limits<std::uint64_t>::max(), 1};
  r.file = r.item = r.offset = r.length = r.line = r.column = r.flags = std::numeric_limits<std::uint32_t>::max();
  r.other = {2, std::numeric_limits<std::uint64_t>::max()};
  r.number = std::numeric_limits<std::int64_t>::min();
  r.text = std::string("https://example.com/\0\xff\n", 23);
  r.extra = "x-default";
  return r;
}

// A record file's bytes, as RecordWriter writes them, for `records` in one partition.
std::string file_bytes(const std::vector<Record>& records) {
  TempDir dir;
  RecordWriter writer;
  std::string error;
  REQUIRE(writer.open(dir.path, 1, 64, &error));
  for (const Record& r : records) REQUIRE(writer.add(r));
  REQUIRE(writer.finish(&error));
  std::ifstream in(dir.path / record_file_name(0), std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<Record> read_back(std::string_view bytes, std::string* error) {
  std::vector<Record> out;
  RecordFileInfo info;
  if (!read_records(
          bytes, [&](Record&& r) { out.push_back(std::move(r)); }, &info, error))
    out.clear();
  return out;
}

std::string hex(const Fingerprint& f) {
  // The digest as MurmurHash3's reference prints it: each half's bytes, little-endian.
  std::string out;
  for (const std::uint64_t half : {f.high, f.low}) {
    for (int i = 0; i < 8; ++i) {
      static constexpr char kDigits[] = "0123456789abcdef";
      const auto byte = static_cast<unsigned>(half >> (8 * i)) & 0xff;
      out += kDigits[byte >> 4];
      out += kDigits[byte & 15];
    }
  }
  return out;
}

}  // namespace

TEST_CASE("set records: fingerprints are MurmurHash3_x64_128 with seed 0") {
  // The reference's published digests, so that a shard written elsewhere (Spark, Beam) can compute
  // the same keys.
  CHECK(hex(fingerprint("")) == "00000000000000000000000000000000");
  CHECK(hex(fingerprint("hello")) == "029bbd41b3a7d8cb191dae486a901e5b");
  CHECK(hex(fingerprint("abc")) == "6778ad3f3f3f96b4522dca264174a23b");
  CHECK(hex(fingerprint("The quick brown fox jumps over the lazy dog")) == "6c1b07bc7bbc4be347939ac4a93c437a");
  CHECK(hex(fingerprint("The quick brown fox jumps over the lazy cog")) == "9a2685ff70a98c653e5c8ea6eae3fe43");
  // Every length of tail, 0 to 15 bytes past a block, gives a different key.
  std::set<Fingerprint> keys;
  const std::string text = "https://example.com/a-page-of-some-length";
  for (std::size_t n = 0; n <= text.size(); ++n) keys.insert(fingerprint(text.substr(0, n)));
  CHECK(keys.size() == text.size() + 1);
}

TEST_CASE("set records: every field of every record is read back as written") {
  std::vector<Record> records = {page_record(0, 0, "https://example.com/a"), hostile_record(),
                                 page_record(7, 49'999, std::string(70'000, 'x'))};
  Record lastmod;
  lastmod.kind = RecordKind::Lastmod;
  lastmod.number = -86'400;  // before 1970: negative seconds survive
  records.push_back(lastmod);
  Record child = page_record(1, 2, "https://example.com/child.xml");
  child.kind = RecordKind::Child;
  child.extra = "2024-01-01";
  records.push_back(child);
  std::string error;
  const std::vector<Record> back = read_back(file_bytes(records), &error);
  CHECK(error.empty());
  CHECK(back == records);
  CHECK(read_back(file_bytes({}), &error).empty());
  CHECK(error.empty());  // an empty partition is a header and an end mark
}

TEST_CASE("set records: each record goes to its key's partition, and only there") {
  TempDir dir;
  RecordWriter writer;
  std::string error;
  constexpr std::uint32_t kPartitions = 7;
  REQUIRE(writer.open(dir.path, kPartitions, 256, &error));
  std::vector<Record> written;
  for (std::uint32_t i = 0; i < 2'000; ++i) {
    written.push_back(page_record(i % 3, i, "https://example.com/" + std::to_string(i % 700)));
    REQUIRE(writer.add(written.back()));
  }
  REQUIRE(writer.finish(&error));
  CHECK(writer.records() == 2'000);
  std::vector<Record> read;
  std::size_t nonempty = 0;
  for (std::uint32_t p = 0; p < kPartitions; ++p) {
    RecordFileInfo info;
    std::size_t before = read.size();
    REQUIRE(read_record_file(
        dir.path / record_file_name(p),
        [&](Record&& r) {
          CHECK(partition_of(r.key, kPartitions) == p);
          read.push_back(std::move(r));
        },
        &info, &error));
    CHECK(info.partition == p);
    CHECK(info.partitions == kPartitions);
    CHECK(info.records == read.size() - before);
    nonempty += read.size() > before;
  }
  CHECK(nonempty == kPartitions);
  // Within a partition the records keep the order they were written in.
  auto by_item = [](const Record& a, const Record& b) { return a.item < b.item; };
  std::stable_sort(read.begin(), read.end(), by_item);
  CHECK(read == written);
}

TEST_CASE("set records: a file cut at any byte is refused as truncated") {
  const std::string whole = file_bytes(
      {page_record(0, 0, "https://example.com/a"), hostile_record(), page_record(1, 1, "https://example.com/b")});
  std::string error;
  REQUIRE(!read_back(whole, &error).empty());
  for (std::size_t n = 0; n < whole.size(); ++n) {
    error.clear();
    RecordFileInfo info;
    const bool read = read_records(
        std::string_view(whole).substr(0, n), [](Record&&) {}, &info, &error);
    CHECK_MESSAGE(!read, "cut at byte ", n);
    if (n >= 8) CHECK_MESSAGE(error.find("truncated") != std::string::npos, "cut at byte ", n, ": ", error);
  }
}

TEST_CASE("set records: hostile headers, lengths, kinds and counts are errors that say so") {
  const std::string whole = file_bytes({page_record(0, 0, "https://example.com/a")});
  const auto refused = [](std::string bytes) {
    std::string error;
    RecordFileInfo info;
    CHECK(!read_records(
        bytes, [](Record&&) {}, &info, &error));
    return error;
  };
  CHECK(refused("<urlset/>").find("not a sitemaplint record file") != std::string::npos);
  std::string other_version = whole;
  other_version[8] = 2;
  CHECK(refused(other_version) == "record format version 2; this sitemaplint reads version 1");
  std::string bad_partition = whole;
  bad_partition[12] = 5;  // partition 5 of 1
  CHECK(refused(bad_partition) == "the header names partition 5 of 1");
  // A record claiming 2^40 bytes: refused before anything is allocated.
  std::string huge = whole.substr(0, 20) + std::string("\x80\x80\x80\x80\x80\x20", 6) + whole.substr(20);
  CHECK(refused(huge) == "a record of 1099511627776 bytes, over the limit at byte 20");
  std::string kind = whole;
  kind[21] = 9;  // the first record's kind (its length fits one byte)
  CHECK(refused(kind) == "malformed record: unknown record kind 9 at byte 21");
  std::string count = whole;
  count[count.size() - 8] = 3;
  CHECK(refused(count) == "the end mark counts 3 records, the file holds 1");
  CHECK(refused(whole + "x") == "bytes after the end mark at byte " + std::to_string(whole.size()));
  // A text whose length runs past its record.
  Record r = page_record(0, 0, "abc");
  std::string one;
  encode_record(r, &one);
  std::string lying = whole.substr(0, 20) + one + whole.substr(whole.size() - 9);
  lying[20 + one.size() - 5] = 100;  // the text's length byte ("abc", then an empty extra)
  CHECK(refused(lying).find("malformed record: a text longer than its record") != std::string::npos);
}

TEST_CASE("set records: a folder that cannot be written is an error, not a crash") {
  RecordWriter writer;
  std::string error;
  CHECK(!writer.open("/nonexistent-folder/records", 4, 1024, &error));
  CHECK(error.find("/nonexistent-folder/records/part-00000.smrec: cannot be written") == 0);
  CHECK(!writer.add(page_record(0, 0, "https://example.com/")));
}
