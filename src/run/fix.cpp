#include "run/fix.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "run/lint.h"

namespace sitemaplint {
namespace {

constexpr int kMaxPasses = 8;

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

std::string fix_until_stable(const std::string& path, std::string bytes, const RuleSelection& selection,
                             const Settings& settings, std::size_t* applied) {
  *applied = 0;
  for (int pass = 0; pass < kMaxPasses; ++pass) {
    const FileReport report = lint_bytes(path, bytes, selection, settings);
    std::size_t now = 0;
    std::string fixed = apply_fixes(bytes, report.diagnostics, &now);  // offsets are into `bytes`
    if (now == 0) break;
    *applied += now;
    bytes = std::move(fixed);
  }
  return bytes;
}

std::string unified_diff(const std::string& path, std::string_view before, std::string_view after) {
  if (before == after) return {};
  const std::vector<std::string_view> a = split_lines(before), b = split_lines(after);
  const bool absolute = path.starts_with('/');
  std::string out = (absolute ? "--- " : "--- a/") + path + (absolute ? "\n+++ " : "\n+++ b/") + path + "\n";
  // Fixes are local, so walk both versions in step: equal lines are skipped, each run of differing
  // lines becomes a hunk, resynchronising on the next line the two share.
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      ++i;
      ++j;
      continue;
    }
    std::size_t ei = i, ej = j;
    bool synced = false;
    for (std::size_t span = 1; !synced && span <= 8; ++span) {
      for (std::size_t da = 0; da <= span && !synced; ++da) {
        const std::size_t db = span - da;
        if (i + da < a.size() && j + db < b.size() && a[i + da] == b[j + db]) {
          ei = i + da;
          ej = j + db;
          synced = true;
        }
      }
    }
    if (!synced) {
      ei = a.size();
      ej = b.size();
    }
    out += "@@ -" + std::to_string(i + 1) + "," + std::to_string(ei - i) + " +" + std::to_string(j + 1) + "," +
           std::to_string(ej - j) + " @@\n";
    for (std::size_t k = i; k < ei; ++k) out += "-" + std::string(a[k]) + (a[k].ends_with('\n') ? "" : "\n");
    for (std::size_t k = j; k < ej; ++k) out += "+" + std::string(b[k]) + (b[k].ends_with('\n') ? "" : "\n");
    i = ei;
    j = ej;
  }
  return out;
}

bool write_atomically(const std::string& path, std::string_view content, std::string* error) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    *error = path + ": " + std::strerror(errno);
    return false;
  }
  std::string temp = path + ".sitemaplint-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    *error = path + ": cannot create a temporary file next to it: " + std::strerror(errno);
    return false;
  }
  bool ok = true;
  std::size_t written = 0;
  while (ok && written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0) ok = errno == EINTR;
    else written += static_cast<std::size_t>(n);
  }
  ok = ok && ::fchmod(fd, info.st_mode & 07777) == 0 && ::fsync(fd) == 0;
  ok = (::close(fd) == 0) && ok;
  if (!ok || ::rename(temp.c_str(), path.c_str()) != 0) {
    *error = path + ": writing the fixed file failed: " + std::strerror(errno) + " (the original is unchanged)";
    ::unlink(temp.c_str());
    return false;
  }
  return true;
}

}  // namespace sitemaplint
