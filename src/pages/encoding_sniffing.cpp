// The HTML Standard's encoding sniffing (encoding_sniffing.h), step for step: the byte order mark,
// then "prescan a byte stream to determine its encoding" with its "get an attribute" and the
// "algorithm for extracting a character encoding from a meta element", then "get an XML
// encoding". Labels mean what the Encoding Standard says (encoding_labels.h).
#include "pages/encoding_sniffing.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "analysis/ascii.h"
#include "pages/html_text.h"
#include "pages/meta_content.h"

namespace sitemaplint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// The prescan's white space: tab, LF, FF, CR, space; '/' too between attributes.
bool is_prescan_space(char c) { return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '; }

struct Attribute {
  std::string name;  // lower case
  std::string value;  // lower case, as the prescan keeps it
};

// The prescan over `bytes`: running out of them anywhere ends it without an answer.
class Prescan {
 public:
  explicit Prescan(std::string_view bytes) : bytes_(bytes) {}

  // The encoding a <meta> declares, with its label and the offset of its tag; nullptr when none
  // does before the bytes run out.
  const WebEncoding* run(std::string* label, std::size_t* tag_at) {
    while (at_ < bytes_.size()) {
      if (bytes_[at_] != '<') {
        ++at_;
        continue;
      }
      const std::string_view rest = bytes_.substr(at_);
      if (rest.starts_with("<!--")) {
        // The first '>' preceded by two '-', counted from the '<' ("<!-->" ends it).
        const std::size_t end = bytes_.find("-->", at_ + 2);
        if (end == npos) return nullptr;
        at_ = end + 3;
      } else if (rest.size() >= 6 && ascii_equal_ignoring_case(rest.substr(0, 5), "<meta") &&
                 (is_prescan_space(rest[5]) || rest[5] == '/')) {
        const std::size_t tag = at_;
        at_ += 5;  // on the white space or '/' after the name
        if (const WebEncoding* found = meta(tag, label)) {
          *tag_at = tag;
          return found;
        }
        if (out_of_bytes_) return nullptr;
      } else if ((rest.size() >= 2 && is_ascii_alpha(rest[1])) ||
                 (rest.size() >= 3 && rest[1] == '/' && is_ascii_alpha(rest[2]))) {
        // A tag: its name, then its attributes, skipped.
        while (at_ < bytes_.size() && !is_prescan_space(bytes_[at_]) && bytes_[at_] != '>') ++at_;
        while (attribute()) {
        }
        if (out_of_bytes_) return nullptr;
        ++at_;
      } else if (rest.starts_with("<!") || rest.starts_with("</") || rest.starts_with("<?")) {
        const std::size_t end = bytes_.find('>', at_ + 2);
        if (end == npos) return nullptr;
        at_ = end + 1;
      } else {
        ++at_;
      }
    }
    return nullptr;
  }

  // A label the prescan met that named no encoding, with its tag's offset.
  const std::string& unknown_label() const { return unknown_label_; }
  std::size_t unknown_at() const { return unknown_at_; }

 private:
  // The attributes of a <meta> from at_ on, and the encoding they declare.
  const WebEncoding* meta(std::size_t tag, std::string* label) {
    std::vector<std::string> names;
    bool got_pragma = false;
    std::optional<bool> need_pragma;
    const WebEncoding* charset = nullptr;
    std::string charset_label;
    bool failed = false;
    while (const std::optional<Attribute> a = attribute()) {
      if (std::find(names.begin(), names.end(), a->name) != names.end()) continue;
      names.push_back(a->name);
      if (a->name == "http-equiv") {
        got_pragma = got_pragma || a->value == "content-type";
      } else if (a->name == "content" && !charset && !failed) {
        const std::string_view declared = content_type_charset(a->value);
        if (!declared.empty()) {
          charset = encoding_for_label(declared);
          charset_label = std::string(declared);
          failed = charset == nullptr;
          need_pragma = true;
        }
      } else if (a->name == "charset") {
        charset = encoding_for_label(a->value);
        charset_label = a->value;
        failed = charset == nullptr;
        need_pragma = false;
      }
    }
    if (out_of_bytes_ || !need_pragma || (*need_pragma && !got_pragma)) return nullptr;
    if (!charset) {
      if (unknown_label_.empty()) {
        unknown_label_ = trimmed(charset_label);
        unknown_at_ = tag;
      }
      return nullptr;
    }
    // A page whose bytes the prescan could read is no UTF-16: the declaration means UTF-8.
    if (charset == &utf16le_encoding() || charset == &utf16be_encoding()) charset = &utf8_encoding();
    if (charset->name == "x-user-defined") charset = &windows1252_encoding();
    *label = trimmed(charset_label);
    return charset;
  }

  // "Get an attribute": the next attribute from at_, names and values in lower case; nullopt at
  // the tag's end (at_ on its '>') or when the bytes run out (out_of_bytes_).
  std::optional<Attribute> attribute() {
    while (at_ < bytes_.size() && (is_prescan_space(bytes_[at_]) || bytes_[at_] == '/')) ++at_;
    if (at_ >= bytes_.size()) return ran_out();
    if (bytes_[at_] == '>') return std::nullopt;
    Attribute a;
    // The name.
    for (;; ++at_) {
      if (at_ >= bytes_.size()) return ran_out();
      const char c = bytes_[at_];
      if (c == '=' && !a.name.empty()) {
        ++at_;
        return value(std::move(a));
      }
      if (is_prescan_space(c)) break;
      if (c == '/' || c == '>') return a;
      a.name += ascii_lower(c);
    }
    while (at_ < bytes_.size() && is_prescan_space(bytes_[at_])) ++at_;
    if (at_ >= bytes_.size()) return ran_out();
    if (bytes_[at_] != '=') return a;
    ++at_;
    return value(std::move(a));
  }

  std::optional<Attribute> value(Attribute a) {
    while (at_ < bytes_.size() && is_prescan_space(bytes_[at_])) ++at_;
    if (at_ >= bytes_.size()) return ran_out();
    const char first = bytes_[at_];
    if (first == '"' || first == '\'') {
      for (++at_;; ++at_) {
        if (at_ >= bytes_.size()) return ran_out();
        if (bytes_[at_] == first) {
          ++at_;
          return a;
        }
        a.value += ascii_lower(bytes_[at_]);
      }
    }
    if (first == '>') return a;
    for (;; ++at_) {
      if (at_ >= bytes_.size()) return ran_out();
      if (is_prescan_space(bytes_[at_]) || bytes_[at_] == '>') return a;
      a.value += ascii_lower(bytes_[at_]);
    }
  }

  std::optional<Attribute> ran_out() {
    out_of_bytes_ = true;
    return std::nullopt;
  }

  static std::string trimmed(std::string_view label) {
    const std::size_t begin = label.find_first_not_of("\t\n\f\r ");
    if (begin == npos) return {};
    return std::string(label.substr(begin, label.find_last_not_of("\t\n\f\r ") - begin + 1));
  }

  std::string_view bytes_;
  std::size_t at_ = 0;
  bool out_of_bytes_ = false;
  std::string unknown_label_;
  std::size_t unknown_at_ = 0;
};

// "Get an XML encoding": the encoding="..." of an XML declaration at the very start.
const WebEncoding* xml_declaration_encoding(std::string_view bytes, std::string* label) {
  if (!bytes.starts_with("<?x")) return nullptr;
  const std::size_t end = bytes.find('>');
  if (end == npos) return nullptr;
  std::size_t at = bytes.find("encoding");
  if (at == npos || at > end) return nullptr;
  at += 8;
  while (at < end && static_cast<unsigned char>(bytes[at]) <= 0x20) ++at;
  if (at >= end || bytes[at] != '=') return nullptr;
  ++at;
  while (at < end && static_cast<unsigned char>(bytes[at]) <= 0x20) ++at;
  if (at >= end || (bytes[at] != '"' && bytes[at] != '\'')) return nullptr;
  const char quote = bytes[at++];
  const std::size_t close = bytes.find(quote, at);
  if (close == npos || close > end) return nullptr;
  const std::string_view declared = bytes.substr(at, close - at);
  const WebEncoding* found = encoding_for_label(declared);
  if (!found) return nullptr;
  if (found == &utf16le_encoding() || found == &utf16be_encoding()) found = &utf8_encoding();
  *label = std::string(declared);
  return found;
}

}  // namespace

SniffedEncoding sniff_html_encoding(std::string_view bytes, std::string_view content_type) {
  SniffedEncoding sniffed;
  const auto bom = [&](std::string_view mark, const WebEncoding& encoding) {
    if (!bytes.starts_with(mark)) return false;
    sniffed.encoding = &encoding;
    sniffed.source = EncodingSource::ByteOrderMark;
    sniffed.bom_length = mark.size();
    return true;
  };
  if (bom("\xEF\xBB\xBF", utf8_encoding()) || bom("\xFE\xFF", utf16be_encoding()) ||
      bom("\xFF\xFE", utf16le_encoding()))
    return sniffed;
  // "If the transport layer specifies a character encoding, and it is supported": a label that
  // names none is passed over, as browsers do.
  if (const std::string_view charset = html::trim(content_type_charset(content_type)); !charset.empty()) {
    if (const WebEncoding* named = encoding_for_label(charset)) {
      sniffed.encoding = named;
      sniffed.source = EncodingSource::ContentType;
      sniffed.label = std::string(charset);
      return sniffed;
    }
  }
  const std::string_view window = bytes.substr(0, std::min(bytes.size(), kPrescanBytes));
  // An XML declaration written in UTF-16 ("<?x" with a zero byte after or before each letter).
  if (window.starts_with(std::string_view("<\0?\0x\0", 6)) || window.starts_with(std::string_view("\0<\0?\0x", 6))) {
    sniffed.encoding = window[0] == '<' ? &utf16le_encoding() : &utf16be_encoding();
    sniffed.source = EncodingSource::Declaration;
    sniffed.label = sniffed.encoding->name;
    return sniffed;
  }
  Prescan prescan(window);
  std::size_t tag_at = 0;
  const WebEncoding* found = prescan.run(&sniffed.label, &tag_at);
  if (!found) found = xml_declaration_encoding(window, &sniffed.label);
  if (found) {
    sniffed.encoding = found;
    sniffed.source = EncodingSource::Declaration;
    sniffed.declared_at = tag_at;
    return sniffed;
  }
  sniffed.label.clear();
  sniffed.encoding = &utf8_encoding();
  sniffed.unknown_label = prescan.unknown_label();
  sniffed.unknown_at = prescan.unknown_at();
  return sniffed;
}

}  // namespace sitemaplint
