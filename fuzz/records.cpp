#include "fuzz_targets.h"
#include "run/set_records.h"

namespace sitemaplint::fuzz {
namespace {

std::vector<Record> read_all(std::string_view bytes, RecordFileInfo* info, std::string* error) {
  std::vector<Record> out;
  read_records(
      bytes, [&](Record&& r) { out.push_back(std::move(r)); }, info, error);
  return out;
}

std::string file_of(const std::vector<Record>& records, const RecordFileInfo& info) {
  std::string out;
  begin_record_file(info.partition, info.partitions, &out);
  for (const Record& r : records) encode_record(r, &out);
  end_record_file(records.size(), &out);
  return out;
}

}  // namespace

// The fuzzer's bytes as a record file (a merge reads files written elsewhere): refused with a
// message, or read into records that, written again, read back the same. And the bytes as the
// texts of a record, which come back as they went in.
void records(std::string_view data) {
  RecordFileInfo info;
  std::string error;
  const std::vector<Record> read = read_all(data, &info, &error);
  if (!error.empty()) {
    require(read.size() <= data.size(), "more records than bytes");
  } else {
    RecordFileInfo again_info;
    std::string again_error;
    const std::vector<Record> again = read_all(file_of(read, info), &again_info, &again_error);
    require(again_error.empty(), "records read from a file are refused once written again");
    require(again == read, "records written again read back otherwise");
    require(again_info.partition == info.partition && again_info.partitions == info.partitions,
            "a partition's header read back otherwise");
  }

  Record made;
  made.kind = static_cast<RecordKind>(1 + data.size() % kLastRecordKind);
  made.key = fingerprint(data);
  made.other = fingerprint(data.substr(data.size() / 2));
  made.number = static_cast<std::int64_t>(made.key.low);
  made.file = static_cast<std::uint32_t>(made.key.high);
  made.text = std::string(data.substr(0, data.size() / 2));
  made.extra = std::string(data.substr(data.size() / 2));
  info = RecordFileInfo{};
  error.clear();
  const std::vector<Record> back = read_all(file_of({made}, info), &info, &error);
  require(error.empty() && back.size() == 1 && back[0] == made, "a record made of the bytes is not read back");
}

}  // namespace sitemaplint::fuzz
