#include "report/fingerprint.h"

#include <charconv>

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

// The text a finding's fingerprint hashes: its trimmed source line, or on a very long line (a
// whole sitemap on one line) a window around the finding, so hashing stays cheap.
std::string_view fingerprint_text(const ReportSource& source, const Diagnostic& d, std::size_t line) {
  constexpr std::size_t kLongLine = 1024, kWindow = 256;
  const std::string_view text = source.index().line_text(line);
  if (text.size() <= kLongLine) return trim(text);
  const auto line_begin = static_cast<std::size_t>(text.data() - source.bytes().data());
  const std::size_t at = d.offset > line_begin ? d.offset - line_begin : 0;
  const std::size_t from = at > kWindow ? at - kWindow : 0;
  return text.substr(from, 2 * kWindow);
}

}  // namespace

std::string Fingerprints::next(const Diagnostic& d, std::size_t line) {
  std::uint64_t hash = fnv1a(14695981039346656037ull, d.rule->code);
  hash = fnv1a(hash, std::string_view("\0", 1));
  hash = fnv1a(hash, fingerprint_text(source_, d, line));
  hash = fnv1a(hash, std::string_view("\0", 1));
  hash = fnv1a(hash, report_.path);
  // "<16 hex digits>:<n>", put together in place: one allocation a finding.
  static constexpr char kHex[] = "0123456789abcdef";
  char text[16 + 1 + 20];
  std::uint64_t v = hash;
  for (int i = 15; i >= 0; --i, v >>= 4) text[i] = kHex[v & 15];
  text[16] = ':';
  const auto end = std::to_chars(text + 17, text + sizeof text, ++seen_[hash]).ptr;
  return std::string(text, static_cast<std::size_t>(end - text));
}

}  // namespace sitemaplint
