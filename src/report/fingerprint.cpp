#include "report/fingerprint.h"

#include <algorithm>
#include <charconv>

#include "analysis/line_index.h"
#include "rule.h"

namespace sitemaplint {
namespace {

constexpr std::uint64_t kFnvBasis = 14695981039346656037ull, kFnvPrime = 1099511628211ull;

std::uint64_t fnv1a(std::uint64_t h, std::string_view text) {
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= kFnvPrime;
  }
  return h;
}

using Lanes = std::array<std::uint64_t, Fingerprints::kLanes>;
using LaneTexts = std::array<std::string_view, Fingerprints::kLanes>;

// Each hash of `h` on over its text, as fnv1a does: the bytes all texts have are taken in step, one
// of each text at a time, and what a longer text has beyond them after.
void fnv1a_lanes(Lanes& h, const LaneTexts& texts) {
  static_assert(Fingerprints::kLanes == 4);
  std::size_t common = texts[0].size();
  for (const std::string_view text : texts) common = std::min(common, text.size());
  // The hashes in locals, written out lane by lane: in the array, each byte read (a char may alias
  // anything) made the compiler store and reload them, which put a store and a load in each chain.
  std::uint64_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];
  const char *t0 = texts[0].data(), *t1 = texts[1].data(), *t2 = texts[2].data(), *t3 = texts[3].data();
  for (std::size_t i = 0; i < common; ++i) {
    h0 = (h0 ^ static_cast<unsigned char>(t0[i])) * kFnvPrime;
    h1 = (h1 ^ static_cast<unsigned char>(t1[i])) * kFnvPrime;
    h2 = (h2 ^ static_cast<unsigned char>(t2[i])) * kFnvPrime;
    h3 = (h3 ^ static_cast<unsigned char>(t3[i])) * kFnvPrime;
  }
  h = {h0, h1, h2, h3};
  for (std::size_t k = 0; k < h.size(); ++k) h[k] = fnv1a(h[k], texts[k].substr(common));
}

void fnv1a_lanes(Lanes& h, std::string_view text) {
  LaneTexts same;
  same.fill(text);
  fnv1a_lanes(h, same);
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

namespace {

// The hashes of the findings in `lanes`: FNV-1a over the rule's code, a NUL, the finding's text, a
// NUL and the file's path.
Lanes hashes_of(const std::array<const Diagnostic*, Fingerprints::kLanes>& lanes, std::string_view bytes,
                std::string_view path) {
  LaneTexts codes, texts;
  for (std::size_t k = 0; k < lanes.size(); ++k) {
    codes[k] = lanes[k]->rule->code;
    texts[k] = fingerprint_text(bytes, lanes[k]->offset);
  }
  Lanes hashes;
  hashes.fill(kFnvBasis);
  fnv1a_lanes(hashes, codes);
  fnv1a_lanes(hashes, std::string_view("\0", 1));
  fnv1a_lanes(hashes, texts);
  fnv1a_lanes(hashes, std::string_view("\0", 1));
  fnv1a_lanes(hashes, path);
  return hashes;
}

}  // namespace

std::string_view Fingerprints::next(const Diagnostic& d) {
  const std::vector<Diagnostic>& findings = report_.diagnostics;
  const auto at = static_cast<std::size_t>(&d - findings.data());
  std::uint64_t hash;
  if (std::less<>{}(&d, findings.data()) || at >= findings.size()) {  // not the report's: hashed alone
    hash = hashes_of({&d, &d, &d, &d}, source_.bytes(), report_.path)[0];
  } else {
    if (at < first_hashed_ || at >= first_hashed_ + hashed_) {
      // This finding and the next few. Lanes past the file's last finding hash its last again.
      first_hashed_ = at;
      hashed_ = std::min(kLanes, findings.size() - at);
      std::array<const Diagnostic*, kLanes> lanes;
      for (std::size_t k = 0; k < kLanes; ++k) lanes[k] = &findings[at + std::min(k, hashed_ - 1)];
      hashes_ = hashes_of(lanes, source_.bytes(), report_.path);
    }
    hash = hashes_[at - first_hashed_];
  }
  // "<16 hex digits>:<n>", put together in place.
  static constexpr char kHex[] = "0123456789abcdef";
  std::uint64_t v = hash;
  for (int i = 15; i >= 0; --i, v >>= 4) text_[i] = kHex[v & 15];
  text_[16] = ':';
  const auto end = std::to_chars(text_ + 17, text_ + sizeof text_, occurrence(hash)).ptr;
  return std::string_view(text_, static_cast<std::size_t>(end - text_));
}

}  // namespace sitemaplint
