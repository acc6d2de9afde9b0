#include "report/fingerprint.h"

#include <algorithm>
#include <charconv>

#include "analysis/line_index.h"
#include "rule.h"

namespace sitemaplint {
namespace {

std::uint64_t fnv1a(std::uint64_t h, std::string_view text) {
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_line_break(char c) { return c == '\n' || c == '\r'; }

// The text a finding's fingerprint hashes: its trimmed source line, or on a very long line (a
// whole sitemap on one line) a window around the finding, so hashing stays cheap. The line is
// found from the finding's offset: no index of the file's lines is built for it.
std::string_view fingerprint_text(std::string_view bytes, std::size_t offset) {
  constexpr std::size_t kLongLine = 1024, kWindow = 256;
  if (const auto line = short_line_at(bytes, offset, kLongLine); line && line->size() <= kLongLine) return trim(*line);
  // The window: kWindow bytes before the finding (or from the line's start) and 2 * kWindow in
  // all, within the line.
  offset = std::min(offset, bytes.size());
  if (offset > 0 && offset < bytes.size() && bytes[offset] == '\n' && bytes[offset - 1] == '\r') --offset;
  std::size_t begin = offset, end = offset;
  while (begin > 0 && offset - begin < kWindow && !is_line_break(bytes[begin - 1])) --begin;
  while (end < bytes.size() && end - begin < 2 * kWindow && !is_line_break(bytes[end])) ++end;
  return bytes.substr(begin, end - begin);
}

}  // namespace

std::size_t Fingerprints::occurrence(std::uint64_t hash) {
  // Open addressing, kept under half full: the findings of a file share few hashes, and a node
  // allocated for each (std::unordered_map) cost as much as hashing its line.
  if (2 * (used_ + 1) > slots_.size()) {
    std::vector<Slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
    old.swap(slots_);
    used_ = 0;
    for (const Slot& s : old) {
      if (s.count != 0) place(s.hash)->count = s.count, ++used_;
    }
  }
  Slot* slot = place(hash);
  if (slot->count == 0) ++used_;
  slot->hash = hash;
  return ++slot->count;
}

Fingerprints::Slot* Fingerprints::place(std::uint64_t hash) {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    if (slots_[i].count == 0 || slots_[i].hash == hash) {
      slots_[i].hash = hash;
      return &slots_[i];
    }
  }
}

std::string_view Fingerprints::next(const Diagnostic& d) {
  std::uint64_t hash = fnv1a(14695981039346656037ull, d.rule->code);
  hash = fnv1a(hash, std::string_view("\0", 1));
  hash = fnv1a(hash, fingerprint_text(source_.bytes(), d.offset));
  hash = fnv1a(hash, std::string_view("\0", 1));
  hash = fnv1a(hash, report_.path);
  // "<16 hex digits>:<n>", put together in place.
  static constexpr char kHex[] = "0123456789abcdef";
  std::uint64_t v = hash;
  for (int i = 15; i >= 0; --i, v >>= 4) text_[i] = kHex[v & 15];
  text_[16] = ':';
  const auto end = std::to_chars(text_ + 17, text_ + sizeof text_, occurrence(hash)).ptr;
  return std::string_view(text_, static_cast<std::size_t>(end - text_));
}

}  // namespace sitemaplint
