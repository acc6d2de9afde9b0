#include "run/fix.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "run/lint.h"
#include "run/output_file.h"

namespace sitemaplint {
namespace {

// Passes are needed only for fixes that overlap (one at a time): this bounds a pathological file.
constexpr int kMaxPasses = 64;

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start + 1));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::string apply_fixes(std::string_view bytes, const std::vector<Diagnostic>& diagnostics, std::size_t* applied) {
  std::vector<const Fix*> fixes;
  for (const Diagnostic& d : diagnostics) {
    if (d.fix) fixes.push_back(&*d.fix);
  }
  std::stable_sort(fixes.begin(), fixes.end(), [](const Fix* a, const Fix* b) { return a->offset < b->offset; });
  std::string out;
  out.reserve(bytes.size());
  std::size_t copied = 0;  // bytes[0, copied) are in `out` already
  *applied = 0;
  for (const Fix* fix : fixes) {
    if (fix->offset < copied || fix->offset + fix->length > bytes.size()) continue;  // overlaps: next pass
    out.append(bytes.substr(copied, fix->offset - copied));
    out.append(fix->replacement);
    copied = fix->offset + fix->length;
    ++*applied;
  }
  out.append(bytes.substr(copied));
  return out;
}

std::string fix_until_stable(const std::string& path, std::string_view bytes, const RuleSelection& selection,
                             const Settings& settings, std::size_t* applied) {
  *applied = 0;
  Settings fixing = settings;
  fixing.engine.max_findings_per_rule = static_cast<std::size_t>(-1);  // every fix in one pass, not 10,000
  fixing.engine.fixes_only = true;
  fixing.engine.record_subjects = false;  // a fix is applied, not matched against a baseline
  fixing.sole_input = true;  // the findings are not kept for a set: no copy of them made smaller
  // The caller's text is linted where it is; then each pass's result, the one copy this keeps.
  std::string fixed;
  for (int pass = 0; pass < kMaxPasses; ++pass) {
    std::vector<Diagnostic> fixes = lint_borrowed(path, pass == 0 ? bytes : fixed, selection, fixing).diagnostics;
    std::size_t now = 0;
    std::string next = apply_fixes(pass == 0 ? bytes : fixed, fixes, &now);  // offsets are into the text linted
    if (now == 0) break;
    *applied += now;
    fixed = std::move(next);
  }
  return *applied == 0 ? std::string(bytes) : fixed;
}

namespace {

// One difference between two versions: a[a_begin, a_end) became b[b_begin, b_end).
struct Change {
  std::size_t a_begin, a_end, b_begin, b_end;
};

// Fixes are local, so the versions are walked in step: equal lines are skipped, and each run of
// differing lines ends at the next line the two share again (looked for within a small window).
// Linear in the file, whatever its size.
std::vector<Change> line_changes(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  std::vector<Change> changes;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      ++i;
      ++j;
      continue;
    }
    std::size_t ei = a.size(), ej = b.size();
    bool synced = false;
    for (std::size_t span = 1; !synced && span <= 16; ++span) {
      for (std::size_t da = 0; da <= span && !synced; ++da) {
        const std::size_t db = span - da;
        if (i + da < a.size() && j + db < b.size() && a[i + da] == b[j + db]) {
          ei = i + da;
          ej = j + db;
          synced = true;
        }
      }
    }
    changes.push_back({i, ei, j, ej});
    i = ei;
    j = ej;
  }
  return changes;
}

// A hunk's range as GNU diff writes it: "start,count", where an empty range names the line before.
std::string hunk_range(std::size_t start, std::size_t count) {
  return std::to_string(count == 0 ? start : start + 1) + "," + std::to_string(count);
}

void diff_line(std::string& out, char mark, std::string_view line) {
  out += mark;
  out += line;
  if (!line.ends_with('\n')) out += "\n\\ No newline at end of file\n";
}

}  // namespace

std::string unified_diff(const std::string& path, std::string_view before, std::string_view after) {
  if (before == after) return {};
  constexpr std::size_t kContext = 3;
  const std::vector<std::string_view> a = split_lines(before), b = split_lines(after);
  const std::vector<Change> changes = line_changes(a, b);
  const bool absolute = path.starts_with('/');
  std::string out = (absolute ? "--- " : "--- a/") + path + (absolute ? "\n+++ " : "\n+++ b/") + path + "\n";
  for (std::size_t first = 0; first < changes.size();) {
    // Changes whose context would touch or overlap share one hunk.
    std::size_t last = first;
    while (last + 1 < changes.size() && changes[last + 1].a_begin - changes[last].a_end <= 2 * kContext) ++last;
    const Change& f = changes[first];
    const Change& l = changes[last];
    const std::size_t lead = std::min(kContext, f.a_begin);
    const std::size_t trail = std::min(kContext, a.size() - l.a_end);
    const std::size_t a_start = f.a_begin - lead, a_stop = l.a_end + trail;
    const std::size_t b_start = f.b_begin - lead, b_stop = l.b_end + trail;
    out += "@@ -" + hunk_range(a_start, a_stop - a_start) + " +" + hunk_range(b_start, b_stop - b_start) + " @@\n";
    std::size_t at = a_start;  // the next line of `a` to write
    for (std::size_t k = first; k <= last; ++k) {
      const Change& c = changes[k];
      for (; at < c.a_begin; ++at) diff_line(out, ' ', a[at]);
      for (std::size_t x = c.a_begin; x < c.a_end; ++x) diff_line(out, '-', a[x]);
      for (std::size_t y = c.b_begin; y < c.b_end; ++y) diff_line(out, '+', b[y]);
      at = c.a_end;
    }
    for (; at < a_stop; ++at) diff_line(out, ' ', a[at]);
    first = last + 1;
  }
  return out;
}

bool write_atomically(const std::string& path, std::string_view content, std::string* error) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    *error = path + ": " + std::strerror(errno);
    return false;
  }
  if (write_output_file(path, content, Durability::Synced, error)) return true;
  *error += " (the file is unchanged)";
  return false;
}

}  // namespace sitemaplint
