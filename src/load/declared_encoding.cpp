// Reading an input in its declared encoding (declared_encoding.h). ICU decodes it into UTF-16 in
// chunks; a callback marks where each sequence the encoding cannot map stands in that output, and
// the output is written as UTF-8 with those marks turned into offsets.
#include "load/declared_encoding.h"

#include <algorithm>
#include <cstdio>
#include <memory>

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "analysis/ascii.h"
#include "analysis/encoding_scan.h"

namespace sitemaplint {
namespace {

struct ConverterCloser {
  void operator()(UConverter* converter) const { ucnv_close(converter); }
};
using Converter = std::unique_ptr<UConverter, ConverterCloser>;

Converter open_converter(const std::string& name) {
  UErrorCode status = U_ZERO_ERROR;
  Converter converter(ucnv_open(name.c_str(), &status));
  if (U_FAILURE(status)) converter.reset();
  return converter;
}

// "UTF-16le", "utf_16LE", "Utf16le" -> "utf16le": encoding names compare without case or punctuation.
std::string folded_name(std::string_view name) {
  std::string folded;
  for (char c : name) {
    if (c == '-' || c == '_' || c == ' ') continue;
    folded += ascii_lower(c);
  }
  return folded;
}

bool names_utf8(std::string_view name) { return folded_name(name) == "utf8"; }

// The encodings with two- or four-byte units, which ASCII-compatible bytes can never be in.
bool names_wide_encoding(std::string_view name) {
  const std::string folded = folded_name(name);
  return folded.starts_with("utf16") || folded.starts_with("utf32") || folded.starts_with("ucs2") ||
         folded.starts_with("ucs4") || folded.starts_with("iso10646");
}

// Whether a declaration naming `declared` agrees with bytes read as `detected` ("UTF-16LE" ...).
bool declaration_fits(std::string_view declared, std::string_view detected) {
  const std::string name = folded_name(declared), wide = folded_name(detected);  // "utf16le"
  const std::string family = wide.substr(0, 5);  // "utf16", "utf32"
  const std::string ucs = family == "utf16" ? "ucs2" : "ucs4";
  return name == family || name == wide || name == ucs || name == "iso10646" + ucs;
}

// The Windows code pages 1250 to 1258 leave some of 0x80-0x9F undefined (unicode.org's CP125x.TXT:
// "UNDEFINED"; iconv, and so libxml2, rejects them). ICU maps such a byte to the C1 control of the
// same number instead, a character no slot of these code pages defines: read as such, it is a byte
// the encoding does not have.
bool leaves_c1_undefined(std::string_view encoding) {
  const std::string folded = folded_name(encoding);
  for (const std::string_view prefix : {"windows125", "cp125", "xcp125"}) {
    if (folded.size() == prefix.size() + 1 && folded.starts_with(prefix) && folded.back() >= '0' &&
        folded.back() <= '8') {
      return true;
    }
  }
  return false;
}

std::string hex_bytes(std::string_view bytes) {
  std::string text;
  for (unsigned char c : bytes) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "%s0x%02X", text.empty() ? "" : " ", c);
    text += buffer;
  }
  return text;
}

// Where the sequences ICU could not map stand in its output, in UTF-16 units from the start.
struct Misses {
  const UChar* chunk_start = nullptr;
  std::size_t units_before = 0;  // written by the chunks before this one
  struct Miss {
    std::size_t unit;
    std::string bytes;
  };
  std::vector<Miss> list;
};

// ICU's callback for a sequence it cannot map: marks it, and writes U+FFFD for it (ICU's own
// substitute is U+001A for many single-byte encodings, a control character XML forbids).
void on_unmappable(const void* context, UConverterToUnicodeArgs* args, const char* units, int32_t length,
                   UConverterCallbackReason reason, UErrorCode* status) {
  if (reason > UCNV_IRREGULAR) return;  // reset, close, clone: nothing was read
  auto* misses = static_cast<Misses*>(const_cast<void*>(context));
  if (misses->list.size() < kMaxByteFindings) {
    misses->list.push_back({misses->units_before + static_cast<std::size_t>(args->target - misses->chunk_start),
                            std::string(units, static_cast<std::size_t>(std::max(length, 0)))});
  }
  *status = U_ZERO_ERROR;
  const UChar replacement = 0xFFFD;
  ucnv_cbToUWriteUChars(args, &replacement, 1, 0, status);
}

void append_utf8(std::string& text, UChar32 c) {
  char buffer[U8_MAX_LENGTH];
  std::int32_t length = 0;
  UBool error = false;
  U8_APPEND(buffer, length, U8_MAX_LENGTH, c, error);
  if (!error) text.append(buffer, static_cast<std::size_t>(length));
}

// `bytes` decoded by `converter` into out.text, with out.undecodable.
void decode(std::string_view bytes, UConverter* converter, const std::string& encoding, DeclaredEncoding& out) {
  Misses misses;
  UErrorCode status = U_ZERO_ERROR;
  ucnv_setToUCallBack(converter, on_unmappable, &misses, nullptr, nullptr, &status);
  out.text.reserve(bytes.size() + bytes.size() / 4);
  constexpr std::size_t kChunk = 64 * 1024;
  std::vector<UChar> units(kChunk);
  const char* source = bytes.data();
  const char* const end = bytes.data() + bytes.size();
  std::optional<UChar> lead;  // a high surrogate whose pair may open the next chunk
  std::size_t next_miss = 0;
  std::size_t unit_index = 0;  // of units[0] in the whole output
  const bool c1_undefined = leaves_c1_undefined(encoding);
  for (;;) {
    UChar* target = units.data();
    misses.chunk_start = units.data();
    misses.units_before = unit_index;
    status = U_ZERO_ERROR;
    ucnv_toUnicode(converter, &target, units.data() + units.size(), &source, end, nullptr, true, &status);
    const auto written = static_cast<std::size_t>(target - units.data());
    for (std::size_t i = 0; i < written; ++i, ++unit_index) {
      while (next_miss < misses.list.size() && misses.list[next_miss].unit == unit_index) {
        const std::string& missed = misses.list[next_miss++].bytes;
        out.undecodable.push_back({out.text.size() + (lead ? 3 : 0), 3,
                                   (missed.size() == 1 ? "byte " : "bytes ") + hex_bytes(missed) +
                                       (missed.size() == 1 ? " is" : " are") + " not valid " + encoding +
                                       ", the encoding the file is read as"});
      }
      const UChar unit = units[i];
      if (lead) {
        const UChar high = *lead;
        lead.reset();
        if (U16_IS_TRAIL(unit)) {
          append_utf8(out.text, U16_GET_SUPPLEMENTARY(high, unit));
          continue;
        }
        append_utf8(out.text, 0xFFFD);
      }
      if (c1_undefined && unit >= 0x80 && unit <= 0x9F) {
        if (out.undecodable.size() < kMaxByteFindings) {
          out.undecodable.push_back({out.text.size(), 3,
                                     "byte " + hex_bytes(std::string(1, static_cast<char>(unit))) + " is not valid " +
                                         encoding + ", the encoding the file is read as"});
        }
        append_utf8(out.text, 0xFFFD);
        continue;
      }
      if (U16_IS_LEAD(unit)) lead = unit;
      else append_utf8(out.text, U16_IS_SURROGATE(unit) ? 0xFFFD : unit);
    }
    if (status != U_BUFFER_OVERFLOW_ERROR) break;
  }
  if (lead) append_utf8(out.text, 0xFFFD);
}

// The encoding an XML declaration at the start of `text` names, and its offset there.
std::string_view declared_name(std::string_view text, std::size_t* offset) {
  if (text.size() < 6 || text.substr(0, 5) != "<?xml" || !is_xml_space(text[5])) return {};
  return declaration_attribute(text, "encoding", offset);
}

// Input whose units are two or four bytes: decoded whole as the byte order mark (or the "<?"
// pattern) says, then its declaration read from the text.
DeclaredEncoding read_wide(std::string_view bytes, const std::string& encoding, std::size_t bom_units) {
  DeclaredEncoding out;
  const Converter converter = open_converter(encoding);
  if (!converter) return out;
  out.read_as = encoding;
  decode(bytes, converter.get(), encoding, out);
  const std::size_t bom = bom_units ? 3 : 0;  // U+FEFF, in UTF-8
  std::size_t offset = 0;
  const std::string_view declared = declared_name(std::string_view(out.text).substr(bom), &offset);
  if (!declared.empty() && !declaration_fits(declared, encoding)) {
    out.conflict = ByteFinding{bom + offset, declared.size(),
                               "the XML declaration names encoding '" + std::string(declared) + "', but the file is " +
                                   encoding + (bom_units ? " by its byte order mark" : "") +
                                   "; XML 1.0 (section 4.3.3) makes this a fatal error"};
  }
  return out;
}

}  // namespace

DeclaredEncoding read_declared_encoding(std::string_view bytes) {
  // XML 1.0 appendix F: the byte order mark, then the first characters "<?", decide the width.
  if (starts_with_bytes(bytes, {0x00, 0x00, 0xFE, 0xFF})) return read_wide(bytes, "UTF-32BE", 1);
  if (starts_with_bytes(bytes, {0xFF, 0xFE, 0x00, 0x00})) return read_wide(bytes, "UTF-32LE", 1);
  if (starts_with_bytes(bytes, {0xFE, 0xFF})) return read_wide(bytes, "UTF-16BE", 1);
  if (starts_with_bytes(bytes, {0xFF, 0xFE})) return read_wide(bytes, "UTF-16LE", 1);
  if (starts_with_bytes(bytes, {0x3C, 0x00, 0x3F, 0x00})) return read_wide(bytes, "UTF-16LE", 0);
  if (starts_with_bytes(bytes, {0x00, 0x3C, 0x00, 0x3F})) return read_wide(bytes, "UTF-16BE", 0);

  DeclaredEncoding out;
  const std::size_t bom = starts_with_bytes(bytes, {0xEF, 0xBB, 0xBF}) ? 3 : 0;
  std::size_t offset = 0;
  const std::string_view declared = declared_name(bytes.substr(bom), &offset);
  if (declared.empty() || names_utf8(declared)) return out;
  const std::string name(declared);
  const auto conflict = [&](std::string message) {
    out.conflict = ByteFinding{bom + offset, declared.size(), std::move(message)};
    return out;
  };
  if (bom) {
    return conflict(
        "the byte order mark says UTF-8, but the XML declaration names encoding '" + name +
        "'; XML 1.0 (section 4.3.3) makes this a fatal error (the file is read as UTF-8, as the mark says)");
  }
  if (names_wide_encoding(declared)) {
    return conflict("the XML declaration names encoding '" + name +
                    "', but the file is written one byte per character, as UTF-8 is; XML 1.0 (section 4.3.3) "
                    "makes this a fatal error (the file is read as UTF-8)");
  }
  const Converter converter = open_converter(name);
  if (!converter) return out;  // no converter: the encoding rules name the declaration
  // An encoding that does not keep ASCII as it is (EBCDIC, UTF-7 ...) cannot be how the
  // declaration just read was written.
  {
    DeclaredEncoding head;
    const std::string_view written = bytes.substr(0, bom + offset + declared.size());
    decode(written, converter.get(), name, head);
    ucnv_reset(converter.get());
    if (head.text != written) {
      return conflict("the XML declaration names encoding '" + name +
                      "', in which the declaration itself cannot be written as it is; XML 1.0 (section 4.3.3) "
                      "makes this a fatal error (the file is read as UTF-8)");
    }
  }
  // ASCII alone reads the same in every encoding left (an escape could switch ISO-2022's sets).
  const bool ascii_only = std::none_of(bytes.begin(), bytes.end(),
                                       [](char c) { return static_cast<unsigned char>(c) >= 0x80 || c == '\x1B'; });
  if (ascii_only) return out;
  out.read_as = name;
  decode(bytes, converter.get(), name, out);
  return out;
}

}  // namespace sitemaplint
