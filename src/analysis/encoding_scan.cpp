#include "analysis/encoding_scan.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <utility>

#include "analysis/ascii.h"
#include "analysis/line_starts.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sitemaplint {
namespace {

std::string hex_code_point(std::uint32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", cp);
  return buf;
}

// Encodings that cannot be read byte for byte as UTF-8: they must be named, and linting stops.
std::optional<std::string_view> fatal_encoding_from_bom(std::string_view bytes) {
  if (starts_with_bytes(bytes, {0x00, 0x00, 0xFE, 0xFF})) return "UTF-32BE";
  if (starts_with_bytes(bytes, {0xFF, 0xFE, 0x00, 0x00})) return "UTF-32LE";
  if (starts_with_bytes(bytes, {0xFE, 0xFF})) return "UTF-16BE";
  if (starts_with_bytes(bytes, {0xFF, 0xFE})) return "UTF-16LE";
  if (starts_with_bytes(bytes, {0x3C, 0x00, 0x3F, 0x00})) return "UTF-16LE (without a BOM)";
  if (starts_with_bytes(bytes, {0x00, 0x3C, 0x00, 0x3F})) return "UTF-16BE (without a BOM)";
  return std::nullopt;
}

bool is_utf8_name(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "utf-8" || lower == "utf8";
}

void add_capped(std::vector<ByteFinding>& list, ByteFinding finding) {
  if (list.size() < kMaxByteFindings) list.push_back(std::move(finding));
}

// The length of the run of plain bytes at the start of `data`: ASCII characters that XML allows
// (printable, tab, LF, CR). Most sitemaps are nothing else, so this is where the scan spends its
// time: sixteen bytes per step with SSE2 (every x86-64 has it), eight with portable word tricks.
// `lines` is told of the plain bytes' line breaks as they are passed (NoLines: not at all).
template <class Lines>
std::size_t plain_ascii_prefix(const unsigned char* data, std::size_t size, Lines& lines) {
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(0x20), tab = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'),
                cr = _mm_set1_epi8('\r');
  // A byte is suspect when it is below 0x20 as a signed byte (so also every byte >= 0x80) and is no
  // tab, LF or CR.
  const auto suspects = [&](__m128i v) {
    const __m128i allowed =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, lf)), _mm_cmpeq_epi8(v, cr));
    return _mm_andnot_si128(allowed, _mm_cmplt_epi8(v, space));
  };
  // Sixty-four bytes a step while they hold nothing below 0x20 but LF (indented XML has a line
  // break every few dozen bytes, a tab or CR far less often): fewer comparisons than `suspects`.
  // A step that holds more is looked at again thirty-two bytes at a time.
  const auto unusual = [&](std::size_t at) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at));
    return _mm_andnot_si128(_mm_cmpeq_epi8(v, lf), _mm_cmplt_epi8(v, space));
  };
  while (i + 32 <= size) {
    for (; i + 64 <= size; i += 64) {
      const __m128i any =
          _mm_or_si128(_mm_or_si128(unusual(i), unusual(i + 16)), _mm_or_si128(unusual(i + 32), unusual(i + 48)));
      if (_mm_movemask_epi8(any) != 0) break;
      lines.template plain_block<64>(data + i, i);
    }
    if (i + 32 > size) break;
    const __m128i a = suspects(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i)));
    const __m128i b = suspects(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + 16)));
    if (_mm_movemask_epi8(_mm_or_si128(a, b)) != 0) break;
    lines.template plain_block<32>(data + i, i);
    i += 32;
  }
#endif
  const std::size_t words_from = i;
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x80 * kOnes;
  // The bytes of y that are zero, as 0x80 flags; exact when every byte of y is below 0x80.
  const auto zero_bytes = [](std::uint64_t y) { return ~(y + 0x7F * kOnes) & kHigh; };
  for (; i + 8 <= size; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, data + i, 8);
    if (word & kHigh) break;
    const std::uint64_t control = ~(word + 0x60 * kOnes) & kHigh;  // bytes below 0x20
    const std::uint64_t allowed =
        zero_bytes(word ^ ('\t' * kOnes)) | zero_bytes(word ^ ('\n' * kOnes)) | zero_bytes(word ^ ('\r' * kOnes));
    if (control & ~allowed) break;
  }
  for (; i < size; ++i) {
    const unsigned char c = data[i];
    if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) break;
  }
  lines.plain_bytes(data, words_from, i);
  return i;
}

// A pre-scan that records no lines.
struct NoLines {
  NoLines& from(std::size_t) { return *this; }
  template <std::size_t kLength>
  void plain_block(const unsigned char*, std::size_t) {}
  void plain_bytes(const unsigned char*, std::size_t, std::size_t) {}
};

}  // namespace

// A pre-scan that records where lines start (LineStarts) as it passes the plain bytes, which hold
// every line break: a sixty-four-byte step costs a comparison and a mask more, and the bytes are
// read once for both. A CR ends the record (a lone CR ends a line: PositionCursor decides those).
class LineRecorder {
 public:
  LineRecorder(LineStarts& lines, std::size_t size) : lines_(lines) {
    lines_.starts_.clear();
    lines_.later_.clear();
    lines_.starts_.reserve(size / 32 + 64);  // a sitemap's lines are some 40 bytes long
    lines_.starts_.push_back(0);
  }
  // The offset of the bytes plain_ascii_prefix is given next.
  LineRecorder& from(std::size_t base) {
    base_ = base;
    return *this;
  }
  // kLength (32 or 64) plain bytes at `block`, `at` bytes on from the base.
  template <std::size_t kLength>
  void plain_block(const unsigned char* block, std::size_t at) {
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    const auto lfs_at = [&](std::size_t k) {  // the LFs of the k-th sixteen bytes, as bits
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * k));
      return std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf)))} << (16 * k);
    };
    std::uint64_t lfs = lfs_at(0) | lfs_at(1);
    if constexpr (kLength == 64) lfs |= lfs_at(2) | lfs_at(3);
    // A sixty-four-byte step has no CR (plain_ascii_prefix took it as one of nothing but LFs).
    if constexpr (kLength == 32) {
      const __m128i cr = _mm_set1_epi8('\r');
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block));
      const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16));
      if (_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(a, cr), _mm_cmpeq_epi8(b, cr))) != 0) usable_ = false;
    }
    if (lfs == 0 || !usable_) return;
    // Grown a little at a time; resize() writes nothing (analysis/huge_pages.h).
    if (lines_.starts_.size() < count_ + 64) lines_.starts_.resize(count_ + 4096);
    std::uint32_t* out = lines_.starts_.data() + count_;
    const auto first = static_cast<std::uint32_t>(base_ + at + 1);
    for (; lfs != 0; lfs &= lfs - 1) *out++ = first + static_cast<std::uint32_t>(std::countr_zero(lfs));
    count_ = static_cast<std::size_t>(out - lines_.starts_.data());
#else
    plain_bytes(block - at, at, at + kLength);
#endif
  }
  // The plain bytes [from, to) of `data`, from the base.
  void plain_bytes(const unsigned char* data, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to && usable_; ++i) {
      if (data[i] == '\r') usable_ = false;
      if (data[i] != '\n') continue;
      if (lines_.starts_.size() == count_) lines_.starts_.resize(count_ + 4096);
      lines_.starts_[count_++] = static_cast<std::uint32_t>(base_ + i + 1);
    }
  }
  void finish() {
    lines_.starts_.resize(usable_ ? count_ : 0);
    lines_.usable_ = usable_;
  }

 private:
  LineStarts& lines_;
  std::size_t base_ = 0;
  std::size_t count_ = 1;  // starts_ holds count_ starts, and room after them
  bool usable_ = true;
};

namespace {

// Validates UTF-8 and XML 1.0's Char production in one pass.
template <class Lines>
void scan_characters(std::string_view bytes, std::size_t start, EncodingFacts& facts, Lines& lines) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t size = bytes.size();
  std::size_t i = start;
  while (i < size) {
    i += plain_ascii_prefix(data + i, size - i, lines.from(i));
    if (i == size) break;
    const unsigned char c = data[i];
    if (c < 0x80) {
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
        add_capped(facts.invalid_characters,
                   {i, 1, "control character " + hex_code_point(c) + " is not allowed in XML"});
      }
      ++i;
      continue;
    }
    std::size_t length = 0;
    std::uint32_t cp = 0;
    std::uint32_t min = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      length = 2;
      cp = c & 0x1F;
      min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
      length = 3;
      cp = c & 0x0F;
      min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
      length = 4;
      cp = c & 0x07;
      min = 0x10000;
    }
    // Count the continuation bytes that follow, so an incomplete sequence is one finding.
    std::size_t taken = 1;
    while (taken < std::max<std::size_t>(length, 1) && i + taken < size && (data[i + taken] & 0xC0) == 0x80) {
      cp = (cp << 6) | (data[i + taken] & 0x3F);
      ++taken;
    }
    const char* problem = nullptr;
    if (length == 0) problem = "is not a valid UTF-8 lead byte";
    else if (taken < length) problem = "starts an incomplete UTF-8 sequence";
    else if (cp < min) problem = "starts an overlong UTF-8 encoding";
    else if (cp > 0x10FFFF) problem = "encodes a value beyond U+10FFFF";
    else if (cp >= 0xD800 && cp <= 0xDFFF) problem = "encodes a UTF-16 surrogate, which UTF-8 forbids";
    if (problem) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "byte 0x%02X %s (is the file in another encoding, such as Windows-1252?)", c,
                    problem);
      add_capped(facts.invalid_utf8, {i, taken, buf});
      i += taken;
      continue;
    }
    if (cp == 0xFFFE || cp == 0xFFFF) {
      add_capped(facts.invalid_characters, {i, length, "character " + hex_code_point(cp) + " is not allowed in XML"});
    }
    i += length;
  }
}

}  // namespace

bool starts_with_bytes(std::string_view bytes, std::initializer_list<unsigned char> prefix) {
  if (bytes.size() < prefix.size()) return false;
  std::size_t i = 0;
  for (unsigned char c : prefix) {
    if (static_cast<unsigned char>(bytes[i++]) != c) return false;
  }
  return true;
}

std::string_view declaration_attribute(std::string_view declaration, std::string_view name, std::size_t* offset) {
  const auto end = declaration.find("?>");
  const std::string_view head = declaration.substr(0, end);
  std::size_t pos = 0;
  while ((pos = head.find(name, pos)) != std::string_view::npos) {
    const bool boundary = pos > 0 && is_xml_space(head[pos - 1]);
    std::size_t p = pos + name.size();
    while (p < head.size() && is_xml_space(head[p])) ++p;
    if (boundary && p < head.size() && head[p] == '=') {
      ++p;
      while (p < head.size() && is_xml_space(head[p])) ++p;
      if (p < head.size() && (head[p] == '"' || head[p] == '\'')) {
        const char quote = head[p];
        const auto close = head.find(quote, p + 1);
        if (close == std::string_view::npos) return {};
        if (offset) *offset = p + 1;
        return head.substr(p + 1, close - p - 1);
      }
    }
    pos += name.size();
  }
  return {};
}

EncodingFacts scan_encoding(std::string_view bytes, bool scan_all) {
  EncodingFacts facts;
  if (auto fatal = fatal_encoding_from_bom(bytes)) {
    facts.foreign_encoding =
        ByteFinding{0, 2, "the input is encoded as " + std::string(*fatal) + "; sitemaps.org and Google require UTF-8"};
    facts.foreign_encoding_is_fatal = true;
    return facts;
  }
  if (starts_with_bytes(bytes, {0xEF, 0xBB, 0xBF})) facts.bom_length = 3;
  const std::string_view text = bytes.substr(facts.bom_length);
  if (text.size() >= 6 && text.substr(0, 5) == "<?xml" && is_xml_space(text[5])) {
    facts.has_declaration = true;
    std::size_t offset = 0;
    const std::string_view declared = declaration_attribute(text, "encoding", &offset);
    if (!declared.empty() && !is_utf8_name(declared)) {
      facts.foreign_encoding = ByteFinding{
          facts.bom_length + offset, declared.size(),
          "the XML declaration names encoding '" + std::string(declared) + "'; sitemaps.org and Google require UTF-8"};
    }
  }
  if (scan_all) {
    NoLines none;
    scan_characters(bytes, facts.bom_length, facts, none);
  }
  return facts;
}

void scan_characters(std::string_view bytes, EncodingFacts& facts) { scan_characters(bytes, facts, nullptr); }

namespace {

// Below this, a second thread costs more than it saves (a thread starts in some 50 us; the scan
// reads some 5 GB/s).
constexpr std::size_t kHalvesFrom = std::size_t{4} << 20;

// Where the second half of a scan in two starts: just after a line break near the middle, else at
// the first byte there that continues no UTF-8 sequence. Each half then reads its characters and
// its line breaks as a scan of the whole would; npos when no such place is near.
std::size_t second_half(std::string_view bytes) {
  const std::size_t middle = bytes.size() / 2;
  const std::size_t near = std::min(bytes.size(), middle + 4096);
  const std::size_t newline = bytes.substr(0, near).find('\n', middle);
  if (newline != std::string_view::npos) return newline + 1;
  for (std::size_t at = middle; at < std::min(bytes.size(), middle + 4); ++at) {
    if ((static_cast<unsigned char>(bytes[at]) & 0xC0) != 0x80) return at;
  }
  return std::string_view::npos;
}

// `room`: the bytes whose lines `lines` is to hold (a half's, not the whole text's).
void scan_whole(std::string_view bytes, std::size_t start, EncodingFacts& facts, LineStarts* lines, std::size_t room) {
  if (lines) {
    LineRecorder recorder(*lines, room);
    scan_characters(bytes, start, facts, recorder);
    recorder.finish();
  } else {
    NoLines none;
    scan_characters(bytes, start, facts, none);
  }
}

void append_capped(std::vector<ByteFinding>& list, std::vector<ByteFinding>& more) {
  for (ByteFinding& finding : more) add_capped(list, std::move(finding));
}

}  // namespace

void scan_characters(std::string_view bytes, EncodingFacts& facts, LineStarts* lines) {
  scan_characters(bytes, facts, lines, 1);
}

void scan_characters(std::string_view bytes, EncodingFacts& facts, LineStarts* lines, unsigned threads) {
  if (lines && bytes.size() >= (std::size_t{1} << 31)) lines = nullptr;
  const std::size_t split = threads >= 2 && bytes.size() >= kHalvesFrom ? second_half(bytes) : std::string_view::npos;
  if (split == std::string_view::npos || split <= facts.bom_length) {
    scan_whole(bytes, facts.bom_length, facts, lines, bytes.size());
  } else {
    // The second half on a thread of its own; its findings and lines follow the first half's.
    EncodingFacts later;
    LineStarts later_lines;
    std::thread second([&] { scan_whole(bytes, split, later, lines ? &later_lines : nullptr, bytes.size() - split); });
    scan_whole(bytes.substr(0, split), facts.bom_length, facts, lines, split);
    second.join();
    append_capped(facts.invalid_utf8, later.invalid_utf8);
    append_capped(facts.invalid_characters, later.invalid_characters);
    if (lines) lines->append_later(std::move(later_lines));
  }
  const std::size_t newline = bytes.find('\n');
  facts.crlf_lines = newline != std::string_view::npos && newline > 0 && bytes[newline - 1] == '\r';
}

}  // namespace sitemaplint
