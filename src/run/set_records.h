// What a file contributes to the checks across a set, as records in a byte format of their own
// (docs/records.md): written out, partitioned by a 128-bit key and read back, so that a set larger
// than memory can be checked one partition at a time, and shards linted apart can be merged. The
// reader trusts nothing it reads: a truncated or hostile file is an error with the byte it is at.
#pragma once

#include <compare>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// A 128-bit fingerprint of a text: MurmurHash3_x64_128 with seed 0, its first 64-bit half in
// `high`. Two different texts share one with a probability of about 2^-128 per pair, and a record
// carries the text too, so a match is confirmed on the text before anything is reported.
struct Fingerprint {
  std::uint64_t high = 0, low = 0;
  auto operator<=>(const Fingerprint&) const = default;
};
Fingerprint fingerprint(std::string_view text);

// The partition a key goes to: high % partitions (partitions > 0).
std::uint32_t partition_of(const Fingerprint& key, std::uint32_t partitions);

enum class RecordKind : std::uint8_t {
  Page = 1,  // a <url> with a <loc>: duplicate-across-sitemaps and the hreflang graph
  Link = 2,  // an hreflang link of a page: the hreflang graph
  Lastmod = 3,  // a file's newest <lastmod>: stale-index-lastmod
  Child = 4,  // a child of an index or a Sitemap: line of a robots.txt: the index rules
};
inline constexpr std::uint8_t kLastRecordKind = 4;

// One record. Every kind has every field; docs/records.md says what each means for each kind.
struct Record {
  RecordKind kind = RecordKind::Page;
  Fingerprint key;  // what it is partitioned by
  std::uint32_t file = 0;  // the file's index in its run (or shard)
  std::uint32_t item = 0;  // which page, link or child of the file
  std::uint32_t offset = 0, length = 0;  // where in the file a finding about it goes
  std::uint32_t line = 0, column = 0;  // that offset as a printed finding places it
  std::uint32_t flags = 0;
  Fingerprint other;  // a second key: a link's target, a page's URL as written
  std::int64_t number = 0;  // a packed language code, or seconds since the epoch
  std::string text;  // the URL, as written and entities decoded: what confirms a match
  std::string extra;  // a link's hreflang value; a child's <lastmod>
  bool operator==(const Record&) const = default;
};

inline constexpr std::uint32_t kRecordFormatVersion = 1;
// Longest record body the reader accepts: a hostile length must not make it allocate gigabytes.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 24;

// A record file is a header, records and an end mark (the number of records), appended to *out
// by these; RecordWriter writes them, and so can anything that builds a file in memory.
void begin_record_file(std::uint32_t partition, std::uint32_t partitions, std::string* out);
void encode_record(const Record& record, std::string* out);  // its length, then its body
void end_record_file(std::uint64_t records, std::string* out);

// What a record file's header says.
struct RecordFileInfo {
  std::uint32_t partition = 0, partitions = 1;
  std::uint64_t records = 0;  // what its end mark counts
};

// Reads the records of a whole record file's bytes in order, calling `each` for each. Returns
// false and sets *error (with the byte it is at) when they are not a complete record file of this
// version: a bad header, a record cut short, too long or malformed, no end mark, a wrong count.
// `each` may have been called for the records before the error.
bool read_records(std::string_view bytes, const std::function<void(Record&&)>& each, RecordFileInfo* info,
                  std::string* error);
// The same for a file on disk; the error names it.
bool read_record_file(const std::filesystem::path& path, const std::function<void(Record&&)>& each,
                      RecordFileInfo* info, std::string* error);

// The name of partition `partition`'s file in a folder: part-00003.smrec.
std::string record_file_name(std::uint32_t partition);

// Writes records into `partitions` files in a folder, each record into the partition of its key,
// through a buffer per partition: memory stays at partitions x buffer_bytes however many records
// are written.
class RecordWriter {
 public:
  RecordWriter() = default;
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  ~RecordWriter();

  // Creates (or replaces) the partitions' files in `folder`, which must exist.
  bool open(const std::filesystem::path& folder, std::uint32_t partitions, std::size_t buffer_bytes,
            std::string* error);
  bool add(const Record& record);  // false after a write error (finish() says which)
  // Writes what is buffered and each file's end mark, and closes them.
  bool finish(std::string* error);
  std::uint64_t records() const { return total_; }

 private:
  struct Partition {
    std::FILE* file = nullptr;
    std::string buffer;
    std::uint64_t records = 0;
  };
  bool flush(Partition& partition);
  void close_all();

  std::filesystem::path folder_;
  std::vector<Partition> partitions_;
  std::size_t buffer_bytes_ = 0;
  std::uint64_t total_ = 0;
  std::string error_;
};

}  // namespace sitemaplint
