#include "run/set_records.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <fstream>

namespace sitemaplint {
namespace {

std::uint64_t load64(const unsigned char* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];  // little-endian, whatever the machine's order
  return v;
}

std::uint64_t fmix64(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}

// The file's first bytes; "\r\n" shows a copy that changed line ends, as PNG's signature does.
constexpr std::string_view kMagic = "SMLREC\r\n";
constexpr std::size_t kHeaderBytes = kMagic.size() + 12;

void put32(std::uint32_t v, std::string* out) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}
void put64(std::uint64_t v, std::string* out) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}
void put_varint(std::uint64_t v, std::string* out) {
  for (; v >= 0x80; v >>= 7) out->push_back(static_cast<char>(v | 0x80));
  out->push_back(static_cast<char>(v));
}
void put_text(std::string_view text, std::string* out) {
  put_varint(text.size(), out);
  out->append(text);
}

// Reads little-endian numbers, varints and texts from bytes, never past their end; the first
// problem stops it and says at which byte (counted from `base`, the file's start).
class Cursor {
 public:
  Cursor(std::string_view bytes, std::size_t base) : bytes_(bytes), base_(base) {}
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  std::size_t at() const { return at_; }
  bool done() const { return at_ == bytes_.size(); }
  void skip(std::size_t n) { at_ += n; }  // n bytes the caller checked are there

  void fail(const std::string& what) {
    if (error_.empty()) error_ = what + " at byte " + std::to_string(base_ + at_);
  }
  std::uint64_t fixed(int bytes) {
    if (!ok()) return 0;
    if (bytes_.size() - at_ < static_cast<std::size_t>(bytes)) {
      fail("cut short");
      return 0;
    }
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(bytes_[at_ + i]);
    at_ += bytes;
    return v;
  }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; ok(); shift += 7) {
      if (at_ == bytes_.size()) {
        fail("cut short");
        break;
      }
      const auto byte = static_cast<unsigned char>(bytes_[at_++]);
      if (shift == 63 && byte > 1) fail("a number over 64 bits");
      v |= std::uint64_t{byte & 0x7fu} << shift;
      if ((byte & 0x80) == 0) return v;
    }
    return 0;
  }
  std::uint32_t u32() {
    const std::uint64_t v = varint();
    if (v > UINT32_MAX) fail("a number over 32 bits");
    return static_cast<std::uint32_t>(v);
  }
  Fingerprint fingerprint() {
    Fingerprint f;
    f.high = fixed(8);
    f.low = fixed(8);
    return f;
  }
  std::string text() {
    const std::uint64_t size = varint();
    if (!ok()) return {};
    if (size > bytes_.size() - at_) {
      fail("a text longer than its record");
      return {};
    }
    std::string out(bytes_.substr(at_, size));
    at_ += size;
    return out;
  }

 private:
  std::string_view bytes_;
  std::size_t base_;
  std::size_t at_ = 0;
  std::string error_;
};

// One record's body, which must be used up exactly.
bool decode_body(std::string_view body, std::size_t base, Record* r, std::string* error) {
  Cursor in(body, base);
  const auto kind = static_cast<std::uint8_t>(in.fixed(1));
  if (kind == 0 || kind > kLastRecordKind) {
    *error = "malformed record: unknown record kind " + std::to_string(kind) + " at byte " + std::to_string(base);
    return false;
  }
  r->kind = static_cast<RecordKind>(kind);
  r->key = in.fingerprint();
  r->file = in.u32();
  r->item = in.u32();
  r->offset = in.u32();
  r->length = in.u32();
  r->line = in.u32();
  r->column = in.u32();
  r->flags = in.u32();
  r->other = in.fingerprint();
  const std::uint64_t zigzag = in.varint();
  r->number = static_cast<std::int64_t>(zigzag >> 1) ^ -static_cast<std::int64_t>(zigzag & 1);
  r->text = in.text();
  r->extra = in.text();
  if (in.ok() && !in.done()) in.fail("bytes after the record's last field");
  if (!in.ok()) *error = "malformed record: " + in.error();
  return in.ok();
}

}  // namespace

Fingerprint fingerprint(std::string_view text) {
  // MurmurHash3_x64_128 (Austin Appleby, public domain), seed 0.
  const auto* data = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  constexpr std::uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
  std::uint64_t h1 = 0, h2 = 0;
  const std::size_t blocks = size / 16;
  // A block word mixed into one lane, as the reference mixes each half: k1 with (c1, c2, 31),
  // k2 with (c2, c1, 33).
  const auto mixed = [](std::uint64_t k, std::uint64_t first, std::uint64_t second, int rotation) {
    return std::rotl(k * first, rotation) * second;
  };
  for (std::size_t i = 0; i < blocks; ++i) {
    h1 ^= mixed(load64(data + 16 * i), c1, c2, 31);
    h1 = (std::rotl(h1, 27) + h2) * 5 + 0x52dce729;
    h2 ^= mixed(load64(data + 16 * i + 8), c2, c1, 33);
    h2 = (std::rotl(h2, 31) + h1) * 5 + 0x38495ab5;
  }
  const unsigned char* tail = data + 16 * blocks;
  const std::size_t rest = size & 15;
  std::uint64_t k1 = 0, k2 = 0;
  for (std::size_t i = rest; i > 8; --i) k2 = k2 << 8 | tail[i - 1];
  for (std::size_t i = std::min<std::size_t>(rest, 8); i > 0; --i) k1 = k1 << 8 | tail[i - 1];
  if (rest > 8) h2 ^= mixed(k2, c2, c1, 33);
  if (rest > 0) h1 ^= mixed(k1, c1, c2, 31);
  h1 ^= size;
  h2 ^= size;
  h1 += h2;
  h2 += h1;
  h1 = fmix64(h1);
  h2 = fmix64(h2);
  h1 += h2;
  h2 += h1;
  return {h1, h2};
}

std::uint32_t partition_of(const Fingerprint& key, std::uint32_t partitions) {
  return static_cast<std::uint32_t>(key.high % partitions);
}

void begin_record_file(std::uint32_t partition, std::uint32_t partitions, std::string* out) {
  out->append(kMagic);
  put32(kRecordFormatVersion, out);
  put32(partition, out);
  put32(partitions, out);
}

void end_record_file(std::uint64_t records, std::string* out) {
  put_varint(0, out);  // a record's body is never empty: its kind comes first
  put64(records, out);
}

void encode_record(const Record& r, std::string* out) {
  std::string body;
  body.push_back(static_cast<char>(r.kind));
  put64(r.key.high, &body);
  put64(r.key.low, &body);
  for (const std::uint32_t v : {r.file, r.item, r.offset, r.length, r.line, r.column, r.flags}) put_varint(v, &body);
  put64(r.other.high, &body);
  put64(r.other.low, &body);
  put_varint((static_cast<std::uint64_t>(r.number) << 1) ^ static_cast<std::uint64_t>(r.number >> 63), &body);
  put_text(r.text, &body);
  put_text(r.extra, &body);
  put_varint(body.size(), out);
  out->append(body);
}

bool read_records(std::string_view bytes, const std::function<void(Record&&)>& each, RecordFileInfo* info,
                  std::string* error) {
  if (bytes.size() < kHeaderBytes && kMagic.starts_with(bytes.substr(0, kMagic.size())) && !bytes.empty()) {
    *error = "truncated: the header is cut short";
    return false;
  }
  if (bytes.size() < kHeaderBytes || bytes.substr(0, kMagic.size()) != kMagic) {
    *error = "not a sitemaplint record file (it does not start with \"SMLREC\")";
    return false;
  }
  Cursor in(bytes, 0);
  in.fixed(kMagic.size());
  const auto version = static_cast<std::uint32_t>(in.fixed(4));
  if (version != kRecordFormatVersion) {
    *error = "record format version " + std::to_string(version) + "; this sitemaplint reads version " +
             std::to_string(kRecordFormatVersion);
    return false;
  }
  info->partition = static_cast<std::uint32_t>(in.fixed(4));
  info->partitions = static_cast<std::uint32_t>(in.fixed(4));
  if (info->partitions == 0 || info->partition >= info->partitions) {
    *error =
        "the header names partition " + std::to_string(info->partition) + " of " + std::to_string(info->partitions);
    return false;
  }
  std::uint64_t count = 0;
  Record record;
  while (in.ok()) {
    const std::size_t start = in.at();
    if (in.done()) {
      *error = "no end mark after " + std::to_string(count) + " records: the file is truncated";
      return false;
    }
    const std::uint64_t size = in.varint();
    if (!in.ok()) break;
    if (size == 0) {
      info->records = in.fixed(8);
      if (!in.ok()) break;
      if (info->records != count) {
        *error = "the end mark counts " + std::to_string(info->records) + " records, the file holds " +
                 std::to_string(count);
        return false;
      }
      if (!in.done()) in.fail("bytes after the end mark");
      break;
    }
    if (size > kMaxRecordBytes || size > bytes.size() - in.at()) {
      *error = (size > kMaxRecordBytes ? "a record of " + std::to_string(size) + " bytes, over the limit"
                                       : std::string("a record cut short: the file is truncated")) +
               " at byte " + std::to_string(start);
      return false;
    }
    if (!decode_body(bytes.substr(in.at(), size), in.at(), &record, error)) return false;
    in.skip(size);
    each(std::move(record));
    ++count;
  }
  if (!in.ok()) *error = (in.error().starts_with("cut short") ? "truncated: " : "") + in.error();
  return in.ok();
}

bool read_record_file(const std::filesystem::path& path, const std::function<void(Record&&)>& each,
                      RecordFileInfo* info, std::string* error) {
  // Read whole at once: a partition of spilled pages is tens of megabytes, which a stream read
  // a character at a time takes a second over.
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  std::string bytes;
  if (file) {
    const std::streamoff size = file.tellg();
    file.seekg(0);
    if (size > 0) {
      bytes.resize(static_cast<std::size_t>(size));
      file.read(bytes.data(), size);
    }
  }
  if (!file) {
    *error = path.string() + ": cannot be read";
    return false;
  }
  if (read_records(bytes, each, info, error)) return true;
  *error = path.string() + ": " + *error;
  return false;
}

std::string record_file_name(std::uint32_t partition) {
  std::string digits = std::to_string(partition);
  if (digits.size() < 5) digits.insert(0, 5 - digits.size(), '0');
  return "part-" + digits + ".smrec";
}

RecordWriter::~RecordWriter() { close_all(); }

void RecordWriter::close_all() {
  for (Partition& p : partitions_) {
    if (p.file) std::fclose(p.file);
    p.file = nullptr;
  }
}

bool RecordWriter::open(const std::filesystem::path& folder, std::uint32_t partitions, std::size_t buffer_bytes,
                        std::string* error) {
  close_all();
  folder_ = folder;
  buffer_bytes_ = buffer_bytes;
  total_ = 0;
  error_.clear();
  partitions_ = std::vector<Partition>(std::max<std::uint32_t>(partitions, 1));
  for (std::uint32_t i = 0; i < partitions_.size(); ++i) {
    const std::filesystem::path path = folder / record_file_name(i);
    partitions_[i].file = std::fopen(path.c_str(), "wb");
    if (!partitions_[i].file) {
      *error = path.string() + ": cannot be written: " + std::strerror(errno);
      close_all();
      partitions_.clear();
      return false;
    }
    begin_record_file(i, static_cast<std::uint32_t>(partitions_.size()), &partitions_[i].buffer);
  }
  return true;
}

bool RecordWriter::flush(Partition& p) {
  if (!error_.empty()) return false;
  if (!p.buffer.empty() && std::fwrite(p.buffer.data(), 1, p.buffer.size(), p.file) != p.buffer.size()) {
    error_ = (folder_ / record_file_name(static_cast<std::uint32_t>(&p - partitions_.data()))).string() +
             ": cannot be written: " + std::strerror(errno);
  }
  p.buffer.clear();
  return error_.empty();
}

bool RecordWriter::add(const Record& record) {
  if (partitions_.empty() || !error_.empty()) return false;
  Partition& p = partitions_[partition_of(record.key, static_cast<std::uint32_t>(partitions_.size()))];
  encode_record(record, &p.buffer);
  ++p.records;
  ++total_;
  return p.buffer.size() < buffer_bytes_ || flush(p);
}

bool RecordWriter::finish(std::string* error) {
  for (Partition& p : partitions_) {
    if (!p.file) continue;
    end_record_file(p.records, &p.buffer);
    flush(p);
    if (std::fclose(p.file) != 0 && error_.empty())
      error_ = folder_.string() + ": cannot be written: " + std::strerror(errno);
    p.file = nullptr;
  }
  partitions_.clear();
  if (!error_.empty()) *error = error_;
  return error_.empty();
}

}  // namespace sitemaplint
