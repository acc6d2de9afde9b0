// The text of the files a report speaks of, for placing and showing findings: the bytes a report
// kept, or, for a file that gave its bytes up after linting and got findings later (checks across
// a set), the file mapped (load/mapped_file.h) or read again from disk. Related locations may point into another file of the run.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "analysis/line_index.h"
#include "load/mapped_file.h"
#include "run/lint.h"

namespace sitemaplint {

class ReportSource {
 public:
  // `always_load`: read a released file again even when it has no findings.
  explicit ReportSource(const FileReport& report, bool always_load = false)
      : report_(report), always_load_(always_load) {}
  ReportSource(const ReportSource&) = delete;
  ReportSource& operator=(const ReportSource&) = delete;

  // The file's text, read again on the first call if it was released.
  std::string_view bytes() const { return load(); }
  const LineIndex& index() const {
    load();
    return *index_;
  }
  // Asks the processor for the bytes at `offset` ahead of their use: a reporter calls it for the
  // finding kPrefetchAhead after the one it writes. Findings lie a few hundred bytes apart, too far
  // for the processor to guess, and each waited for its line to come from memory.
  void prefetch(std::size_t offset) const {
    const std::string_view text = load();
    if (offset < text.size()) __builtin_prefetch(text.data() + offset);
  }
  static constexpr std::size_t kPrefetchAhead = 8;
  // From the places worked out while the file was linted when it has one for `offset`; else from
  // the text (a finding made after the file was released).
  Position position(std::size_t offset) const;

 private:
  std::string_view load() const;
  const FileReport& report_;
  bool always_load_;
  mutable bool loaded_ = false;
  mutable std::string reloaded_;
  mutable std::optional<MappedFile> mapped_;
  mutable std::string_view bytes_;
  mutable std::optional<LineIndex> index_;
  // Where the last position() found its offset in report_.placed: findings are asked for in
  // offset order, so the next is looked for from there before the whole list is searched.
  mutable std::size_t placed_at_ = 0;
};

// All the files of one report, by path, for related locations in other files.
class RunSources {
 public:
  explicit RunSources(std::span<const FileReport> reports);
  // Where a finding's related location is: in `own` (its own file) or in the file it names, an
  // input of the run or a page of the build (--pages).
  Position related_position(const Diagnostic& d, const ReportSource& own);

 private:
  std::map<std::string_view, const FileReport*, std::less<>> by_path_;
  std::map<std::string_view, std::unique_ptr<ReportSource>, std::less<>> loaded_;
  // Files that are no input of the run but that findings point into (the pages of --pages), read
  // from disk when first asked for.
  std::map<std::string, std::unique_ptr<FileReport>, std::less<>> others_;
};

}  // namespace sitemaplint
