#include "load/pem_bundle.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace sitemaplint {
namespace {

constexpr std::string_view kBegin = "-----BEGIN ";
constexpr std::string_view kCertificateBegin = "-----BEGIN CERTIFICATE-----";
constexpr std::string_view kCertificateEnd = "-----END CERTIFICATE-----";

bool is_line_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trimmed_end(std::string_view line) {
  while (!line.empty() && is_line_space(line.back())) line.remove_suffix(1);
  return line;
}

// RFC 4648's alphabet: the value of each byte, or -1.
constexpr std::array<std::int8_t, 256> kBase64Values = [] {
  std::array<std::int8_t, 256> values{};
  values.fill(-1);
  constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (std::size_t i = 0; i < alphabet.size(); ++i)
    values[static_cast<unsigned char>(alphabet[i])] = static_cast<std::int8_t>(i);
  return values;
}();

// Appends the bytes of base64 `line` (one line of a block, padding only at the end of the block)
// to *out, carrying partial groups in *bits and *count; false on a byte outside the alphabet.
bool decode_line(std::string_view line, std::uint32_t* bits, int* count, bool* padded, std::string* out) {
  // A line's whole groups of four, most of a bundle, decoded a group at a time into a buffer that
  // is appended at once (a byte at a time, a bundle took 9M instructions); the rest one by one.
  std::size_t whole = 0;
  if (*count == 0 && !*padded) {
    std::array<char, 96> bytes;  // a PEM line of 64 characters makes 48
    std::size_t made = 0;
    for (; whole + 4 <= line.size(); whole += 4) {
      const auto value = [&](std::size_t i) { return int{kBase64Values[static_cast<unsigned char>(line[whole + i])]}; };
      const int a = value(0), b = value(1), c = value(2), d = value(3);
      if ((a | b | c | d) < 0) break;  // '=', a space or a stray byte: the slow loop decides
      if (made + 3 > bytes.size()) {
        out->append(bytes.data(), made);
        made = 0;
      }
      const auto group = static_cast<std::uint32_t>(a << 18 | b << 12 | c << 6 | d);
      bytes[made++] = static_cast<char>(group >> 16);
      bytes[made++] = static_cast<char>(group >> 8);
      bytes[made++] = static_cast<char>(group);
    }
    out->append(bytes.data(), made);
  }
  for (const char c : line.substr(whole)) {
    if (is_line_space(c)) continue;
    if (c == '=') {
      *padded = true;
      continue;
    }
    const int value = kBase64Values[static_cast<unsigned char>(c)];
    if (value < 0 || *padded) return false;
    *bits = (*bits << 6) | static_cast<std::uint32_t>(value);
    if (++*count == 4) {
      out->push_back(static_cast<char>(*bits >> 16));
      out->push_back(static_cast<char>(*bits >> 8));
      out->push_back(static_cast<char>(*bits));
      *bits = 0;
      *count = 0;
    }
  }
  return true;
}

// The bytes of the group left when the block ends: two or three characters give one or two.
bool finish_block(std::uint32_t bits, int count, std::string* out) {
  if (count == 1) return false;
  if (count == 2) out->push_back(static_cast<char>(bits >> 4));
  if (count == 3) {
    out->push_back(static_cast<char>(bits >> 10));
    out->push_back(static_cast<char>(bits >> 2));
  }
  return true;
}

// One DER element at the start of *rest: its tag, and *rest moved past it; *whole is the element
// with its header, *content its content. False when the length is not a definite one that fits.
bool next_element(std::string_view* rest, unsigned char* tag, std::string_view* whole, std::string_view* content) {
  if (rest->size() < 2) return false;
  *tag = static_cast<unsigned char>((*rest)[0]);
  if ((*tag & 0x1F) == 0x1F) return false;  // a high tag number: none in a certificate's header
  std::size_t length = static_cast<unsigned char>((*rest)[1]);
  std::size_t header = 2;
  if (length & 0x80) {
    const std::size_t octets = length & 0x7F;
    if (octets == 0 || octets > 4 || rest->size() < 2 + octets) return false;
    length = 0;
    for (std::size_t i = 0; i < octets; ++i) length = (length << 8) | static_cast<unsigned char>((*rest)[2 + i]);
    header += octets;
  }
  if (length > rest->size() - header) return false;
  *whole = rest->substr(0, header + length);
  *content = rest->substr(header, length);
  rest->remove_prefix(header + length);
  return true;
}

constexpr unsigned char kSequence = 0x30;
constexpr unsigned char kInteger = 0x02;
constexpr unsigned char kVersion = 0xA0;  // [0] EXPLICIT, constructed

}  // namespace

std::optional<std::vector<std::string>> pem_certificates(std::string_view text) {
  std::vector<std::string> certificates;
  bool inside = false;
  std::uint32_t bits = 0;
  int count = 0;
  bool padded = false;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = trimmed_end(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!inside) {
      if (line.substr(0, kBegin.size()) != kBegin) continue;  // a comment between blocks
      if (line != kCertificateBegin) return std::nullopt;
      inside = true;
      // Four characters make three bytes.
      certificates.emplace_back().reserve(std::min(text.find(kCertificateEnd), text.size()) / 4 * 3);
      bits = 0;
      count = 0;
      padded = false;
    } else if (line == kCertificateEnd) {
      if (!finish_block(bits, count, &certificates.back()) || certificates.back().empty()) return std::nullopt;
      inside = false;
    } else if (line.find(':') != std::string_view::npos || line.substr(0, 5) == "-----" ||
               !decode_line(line, &bits, &count, &padded, &certificates.back())) {
      return std::nullopt;  // headers, another block's line, or not base64
    }
  }
  if (inside) return std::nullopt;
  return certificates;
}

std::optional<std::string_view> certificate_subject(std::string_view der) {
  std::string_view whole, content;
  unsigned char tag = 0;
  if (!next_element(&der, &tag, &whole, &content) || tag != kSequence) return std::nullopt;  // Certificate
  std::string_view fields = content;
  if (!next_element(&fields, &tag, &whole, &content) || tag != kSequence) return std::nullopt;  // tbsCertificate
  fields = content;
  if (!next_element(&fields, &tag, &whole, &content)) return std::nullopt;
  if (tag == kVersion && !next_element(&fields, &tag, &whole, &content)) return std::nullopt;
  if (tag != kInteger) return std::nullopt;  // serialNumber
  // signature, issuer, validity: three SEQUENCEs, then the subject.
  for (int i = 0; i < 4; ++i) {
    if (!next_element(&fields, &tag, &whole, &content) || tag != kSequence) return std::nullopt;
  }
  return whole;
}

}  // namespace sitemaplint
