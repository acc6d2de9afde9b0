// The text of the files a report speaks of, for placing and showing findings: the bytes a report
// kept, or, for a file that gave its bytes up after linting and got findings later (checks across
// a set), the file read again from disk. Related locations may point into another file of the run.
#pragma once

#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "analysis/line_index.h"
#include "run/lint.h"

namespace sitemaplint {

class ReportSource {
 public:
  // `always_load`: read a released file again even when it has no findings.
  explicit ReportSource(const FileReport& report, bool always_load = false);
  ReportSource(const ReportSource&) = delete;
  ReportSource& operator=(const ReportSource&) = delete;

  std::string_view bytes() const { return bytes_; }
  const LineIndex& index() const { return index_; }
  Position position(std::size_t offset) const { return index_.position(offset); }

 private:
  std::string reloaded_;
  std::string_view bytes_;
  LineIndex index_;
};

// All the files of one report, by path, for related locations in other files.
class RunSources {
 public:
  explicit RunSources(std::span<const FileReport> reports);
  // Where a finding's related location is: in `own` (its own file) or in the file it names.
  Position related_position(const Diagnostic& d, const ReportSource& own);

 private:
  std::map<std::string_view, const FileReport*, std::less<>> by_path_;
  std::map<std::string_view, std::unique_ptr<ReportSource>, std::less<>> loaded_;
};

}  // namespace sitemaplint
