#include "report/source.h"

#include <algorithm>

#include "load/input_path.h"
#include "load/mapped_file.h"
#include "load/source.h"

namespace sitemaplint {
namespace {

// A released file is read again to show its findings; a clean one only when asked (nothing of it is
// shown). Mapped where it can be (load/mapped_file.h), else read.
std::string_view bytes_of(const FileReport& report, bool always, std::string* reloaded,
                          std::optional<MappedFile>* mapped) {
  if (!report.bytes.empty() || !report.reloadable || (report.diagnostics.empty() && !always)) return report.bytes;
  if ((*mapped = MappedFile::map(report.path, kMaxInputBytes))) {
    // The buffer kept to read it again into is not needed: let go before the mapping's pages are
    // touched, it would hold a second copy of the file at the run's peak.
    std::string().swap(report.spare_buffer);
    return (*mapped)->bytes();
  }
  if (!report.spare_buffer.empty()) {
    // Read into the buffer the file was linted in; a file changed since is read anew below.
    std::string spare = std::move(report.spare_buffer);
    if (read_input_again(report.path, spare, report.reload_threads)) {
      *reloaded = std::move(spare);
      return *reloaded;
    }
  }
  Input input;
  std::string error;
  if (load_input(report.path, &input, &error)) *reloaded = std::move(input.bytes);
  return *reloaded;
}

}  // namespace

std::string_view ReportSource::load() const {
  if (!loaded_) {
    bytes_ = bytes_of(report_, always_load_, &reloaded_, &mapped_);
    index_.emplace(bytes_);
    loaded_ = true;
  }
  return bytes_;
}

Position ReportSource::position(std::size_t offset) const {
  // The places worked out from the bytes that were linted, even once the file is read again: a
  // reporter that reads lines for fingerprints need not count them for positions too.
  const std::vector<FileReport::Placed>& placed = report_.placed;
  if (!placed.empty()) {
    std::size_t at = placed_at_;
    // The last answer, or one of the next few; else a search of the whole list.
    const std::size_t near_end = std::min(placed.size(), at + 4);
    while (at < near_end && placed[at].offset < offset) ++at;
    if (at == placed.size() || placed[at].offset != offset) {
      const auto by_offset = [](const FileReport::Placed& p, std::size_t o) { return p.offset < o; };
      at = static_cast<std::size_t>(std::lower_bound(placed.begin(), placed.end(), offset, by_offset) - placed.begin());
    }
    if (at < placed.size() && placed[at].offset == offset) {
      placed_at_ = at;
      return {placed[at].line, placed[at].column, placed[at].utf16_column};
    }
  }
  load();
  return index_->position(offset);
}

RunSources::RunSources(std::span<const FileReport> reports) {
  for (const FileReport& report : reports) by_path_.emplace(report.path, &report);
}

Position RunSources::related_position(const Diagnostic& d, const ReportSource& own) {
  if (!d.related) return {};
  if (d.related->path.empty()) return own.position(d.related->offset);
  auto loaded = loaded_.find(d.related->path);
  if (loaded == loaded_.end()) {
    const auto report = by_path_.find(d.related->path);
    const FileReport* other = report != by_path_.end() ? report->second : nullptr;
    if (!other) {
      // A page of the build: its bytes are read again, as a released input's are. Only a file:
      // a related URL that is no input is never fetched.
      if (is_url(d.related->path)) {
        if (d.related->line == 0) return {};
        return {d.related->line, d.related->column, d.related->column};
      }
      auto page = std::make_unique<FileReport>();
      page->path = d.related->path;
      page->reloadable = true;
      other = others_.emplace(d.related->path, std::move(page)).first->second.get();
    }
    // Read even when the other file has no findings of its own.
    loaded = loaded_.emplace(other->path, std::make_unique<ReportSource>(*other, true)).first;
  }
  return loaded->second->position(d.related->offset);
}

}  // namespace sitemaplint
