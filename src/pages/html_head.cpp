// Reads a page's HTML head: encoding_sniffing decides its encoding and page_decoding decodes it
// when it is not UTF-8, the scan of head_scanner finds where the head ends (and what gumbo must not
// see), simple_head (or else gumbo) builds the elements of those bytes that the tree builder keeps
// in <head> (head_tree), and they are read into HeadFacts, their links resolved by
// url_resolution. What keeps the page from being read is recorded as its problem.
#include "pages/html_head.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/ascii.h"
#include "analysis/encoding_labels.h"
#include "analysis/line_index.h"
#include "pages/encoding_sniffing.h"
#include "pages/head_scanner.h"
#include "pages/header_facts.h"
#include "pages/head_tree.h"
#include "pages/html_text.h"
#include "pages/meta_content.h"
#include "pages/page_decoding.h"
#include "pages/simple_head.h"
#include "pages/url_resolution.h"

namespace sitemaplint {
namespace {

using html::kSpaces;
using html::split;
using html::trim;

std::string collapse_white_space(std::string_view text) {
  std::string out;
  for (const std::string_view word : split(text, kSpaces)) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

// Where a byte of the text gumbo parsed is in the page file: past the byte order mark, and, for a
// page decoded from another encoding, at the offset of the bytes it was decoded from.
struct FileOffsets {
  std::size_t skipped = 0;
  const std::vector<std::uint32_t>* decoded = nullptr;
  std::size_t operator()(std::size_t at) const {
    return skipped + (decoded ? (*decoded)[std::min(at, decoded->size() - 1)] : at);
  }
};

// An encoding a <meta> of the head declares, with the label as written and the tag's offset.
struct HeadDeclaration {
  const WebEncoding* encoding = nullptr;
  std::string label;
  std::size_t offset = 0;
};

// Reads the elements of a head into HeadFacts.
class HeadReader {
 public:
  // `text`: the page as decoded, which `parsed` maps the parsed bytes' offsets back to.
  HeadReader(std::string_view page_url, HeadFacts& facts, std::string_view text, const ParsedOffsets& parsed,
             const FileOffsets& offsets)
      : base_url_(page_url), facts_(facts), text_(text), parsed_(parsed), offsets_(offsets) {}

  const HeadDeclaration& declaration() const { return declaration_; }

  void read(const HeadTree& tree) {
    tree_ = &tree;
    use_first_base(tree);
    for (const HeadElement& element : tree.elements) read_element(element);
  }

 private:
  std::optional<std::string_view> attribute(const HeadElement& element, std::string_view name) const {
    return tree_->attribute(element, name);
  }

  // Every relative link in the page resolves against the first <base href>, wherever it stands in
  // the head; one that does not resolve leaves the page's own URL, as in browsers.
  void use_first_base(const HeadTree& tree) {
    for (const HeadElement& element : tree.elements) {
      if (element.tag != HeadTag::Base || element.in_noscript) continue;
      const auto href = attribute(element, "href");
      if (!href) continue;
      if (std::string base = resolve_http_url(*href, base_url_); !base.empty()) base_url_ = std::move(base);
      return;
    }
  }

  void read_element(const HeadElement& element) {
    switch (element.tag) {
      case HeadTag::Meta: read_meta(element); break;
      case HeadTag::Link: read_link(element); break;
      case HeadTag::Title:
        if (!seen_title_) facts_.title = collapse_white_space(element.title);
        seen_title_ = true;
        break;
      case HeadTag::Base: break;
    }
  }

  void read_meta(const HeadElement& element) {
    const std::size_t line = element.line;
    const auto content = attribute(element, "content");
    if (const auto name = attribute(element, "name"); name && content) {
      const std::string agent = ascii_lowered(trim(*name));
      if ((agent == "robots" || agent == "googlebot") && forbids_indexing(*content)) {
        facts_.noindex.push_back({"<meta name=\"" + agent + "\">", std::string(trim(*content)), line,
                                  file_offset(element), column_of(element)});
      } else if ((agent == "robots" || agent == "googlebot") && x_robots_tag_unavailable_after(*content)) {
        facts_.unavailable_after.push_back({"<meta name=\"" + agent + "\">", std::string(trim(*content)), line,
                                            file_offset(element), column_of(element)});
      }
    }
    if (const auto http_equiv = attribute(element, "http-equiv"); http_equiv && content) {
      const std::string_view header = trim(*http_equiv);
      if (ascii_equal_ignoring_case(header, "refresh") && !facts_.refresh) {
        if (const auto target = refresh_target(*content))
          facts_.refresh = std::make_shared<const PageLink>(link_to(*target, element));
      }
      if (ascii_equal_ignoring_case(header, "content-type")) {
        const std::string_view label = content_type_charset(*content);
        if (facts_.charset.empty()) facts_.charset = std::string(label);
        if (!attribute(element, "charset")) declares(trim(label), element);
      }
    }
    if (const auto charset = attribute(element, "charset")) {
      if (facts_.charset.empty()) facts_.charset = std::string(trim(*charset));
      declares(trim(*charset), element);
    }
  }

  // The first <meta> of the head whose label names an encoding: the one the HTML parser "changes
  // the encoding" to when it meets it (13.2.6.4.4, "in head", a start tag "meta").
  void declares(std::string_view label, const HeadElement& element) {
    if (declaration_.encoding || label.empty()) return;
    if (const WebEncoding* named = encoding_for_label(label))
      declaration_ = {named, std::string(label), file_offset(element)};
  }

  void read_link(const HeadElement& element) {
    const auto rel = attribute(element, "rel");
    const auto href = attribute(element, "href");
    if (!rel || !href) return;
    bool canonical = false;
    bool alternate = false;
    for (const std::string_view token : split(*rel, kSpaces)) {
      canonical = canonical || ascii_equal_ignoring_case(token, "canonical");
      alternate = alternate || ascii_equal_ignoring_case(token, "alternate");
    }
    if (canonical) facts_.canonicals.push_back(link_to(*href, element));
    const auto hreflang = attribute(element, "hreflang");
    if (alternate && hreflang && facts_.alternates.size() == HeadFacts::kMaxAlternates) {
      ++facts_.alternates_dropped;
    } else if (alternate && hreflang) {
      PageLink link = link_to(*href, element);
      link.hreflang = std::string(*hreflang);
      facts_.alternates.push_back(std::move(link));
    }
  }

  PageLink link_to(std::string_view href, const HeadElement& element) {
    PageLink link;
    link.href = std::string(href);
    link.url = resolve_http_url(href, base_url_);
    link.line = element.line;
    link.column = column_of(element);
    link.offset = file_offset(element);
    return link;
  }

  std::string base_url_;
  HeadFacts& facts_;
  // Where `element` begins in the page file.
  std::size_t file_offset(const HeadElement& element) const { return offsets_(parsed_(element.offset)); }
  // Its column in the page, in code points (a tab is one), as every position sitemaplint prints:
  // gumbo's own counts tabs to 8 and misses what the head scanner hid before it on its line. The
  // tags come in the page's order: each count goes on from the last, so a minified head of many
  // alternates on one line is scanned once, not once a tag.
  std::size_t column_of(const HeadElement& element) {
    const std::size_t at = std::min(parsed_(element.offset), text_.size());
    if (at < column_at_) column_at_ = 0, column_ = 1;  // not in order: from the top again
    for (; column_at_ < at; ++column_at_) {
      const char c = text_[column_at_];
      if (c == '\n' || c == '\r') column_ = 1;
      else column_ += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }
    return column_;
  }

  std::string_view text_;
  std::size_t column_at_ = 0, column_ = 1;  // column_of's count so far: the column at text_[column_at_]
  const ParsedOffsets& parsed_;
  const FileOffsets& offsets_;
  bool seen_title_ = false;
  HeadDeclaration declaration_;
  const HeadTree* tree_ = nullptr;
};

// Bytes searched for a NUL, the mark of a file that is no text (as git and grep decide).
constexpr std::size_t kBinarySniffBytes = 8000;

Position position_at(std::string_view text, std::size_t offset) {
  return LineIndex(text).position(std::min(offset, text.size()));
}

std::string hex_byte(char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const auto byte = static_cast<unsigned char>(c);
  return std::string("0x") + kHex[byte >> 4] + kHex[byte & 0xF];
}

// "512 KiB", "300 bytes".
std::string size_text(std::size_t bytes) {
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

}  // namespace

namespace {

// The page read in the encoding `sniffed` says; `declaration`, if given, gets the encoding the head
// declares.
HeadFacts read_head_in(std::string_view html, std::string_view page_url, std::size_t max_bytes,
                       const SniffedEncoding& sniffed, HeadDeclaration* declaration) {
  HeadFacts facts;
  facts.encoding = std::string(sniffed.encoding->name);
  facts.encoding_source = sniffed.source;
  const auto problem = [&](PageProblemKind kind, std::string what, std::size_t offset) {
    if (facts.problem.kind != PageProblemKind::None) return;
    const Position at = position_at(html, offset);
    facts.problem = {kind, std::move(what), offset, at.line, at.column};
  };
  const bool utf16 = sniffed.encoding == &utf16le_encoding() || sniffed.encoding == &utf16be_encoding();
  if (const std::size_t nul = html.substr(0, std::min(html.size(), kBinarySniffBytes)).find('\0');
      !utf16 && nul != std::string_view::npos) {
    problem(PageProblemKind::Binary, "a NUL byte", nul);
    return facts;
  }
  // gumbo does not drop a byte order mark: it would be text, and text ends the head.
  std::string_view raw = html.substr(sniffed.bom_length);
  // All of max_bytes read (or passed: a caller may read only that much of the page).
  const bool more_may_follow = !raw.empty() && raw.size() >= max_bytes;
  raw = raw.substr(0, std::min(raw.size(), max_bytes));

  std::optional<DecodedPage> decoded;
  if (sniffed.encoding != &utf8_encoding()) {
    if (!sniffed.encoding->icu_converter.empty()) decoded = decode_with_icu(raw, sniffed.encoding->icu_converter);
    // Read as UTF-8 instead: the ASCII of its tags is still read right.
    if (!decoded)
      problem(PageProblemKind::UndecodableEncoding, "'" + sniffed.label + "' (" + facts.encoding + ")",
              sniffed.declared_at);
  } else {
    if (!sniffed.unknown_label.empty())
      problem(PageProblemKind::UnknownEncoding, "'" + sniffed.unknown_label + "'", sniffed.unknown_at);
    if (const auto bad = first_invalid_utf8(raw, more_may_follow)) {
      const std::size_t at = sniffed.bom_length + *bad;
      problem(PageProblemKind::InvalidUtf8, "byte " + hex_byte(html[at]), at);
    }
  }
  const std::string_view text = decoded ? std::string_view(decoded->text) : raw;
  const FileOffsets offsets{sniffed.bom_length, decoded ? &decoded->source : nullptr};

  const HeadExtent extent = scan_head_extent(text);
  std::string storage;
  ParsedOffsets parsed;
  const std::string_view bytes = bytes_to_parse(text, extent, storage, parsed);
  // Most heads are a few plain tags that the scan reads as gumbo would, at a fraction of its cost.
  std::optional<HeadTree> tree = simple_head_tree(bytes);
  if (!tree) tree = gumbo_head_tree(bytes);
  if (tree->lang) facts.lang = std::string(*tree->lang);
  HeadReader reader(page_url, facts, text, parsed, offsets);
  reader.read(*tree);
  if (declaration) *declaration = reader.declaration();
  // Without a tag that begins the body in what was read, the head is known to be whole only if
  // something in it (text) began the body.
  facts.truncated = extent.cut_short || (!extent.body_found && more_may_follow && !tree->body_has_children);
  if (extent.cut_short) {
    problem(PageProblemKind::StallingTag,
            "a tag with more than " + std::to_string(kMaxHeadTagAttributes) + " attributes", offsets(extent.size));
  } else if (facts.truncated) {
    problem(PageProblemKind::HeadNotClosed, size_text(max_bytes), offsets(text.size()));
  }
  return facts;
}

}  // namespace

HeadFacts read_html_head(std::string_view html, std::string_view page_url, std::size_t max_bytes,
                         std::string_view content_type) {
  const SniffedEncoding sniffed = sniff_html_encoding(html, content_type);
  if (sniffed.source != EncodingSource::Default) return read_head_in(html, page_url, max_bytes, sniffed, nullptr);
  // Nothing in the first 1,024 bytes declared the encoding, so UTF-8 is only tentative. A <meta
  // charset> (or http-equiv Content-Type) the parser then meets in the head changes it: the HTML
  // Standard reparses the page in the encoding it names (13.2.3.4, "changing the encoding while
  // parsing"), and Blink, WebKit and Gecko read the whole head for it (whatwg/html#6962). So the
  // page is read again in that encoding, as if the prescan had found the tag.
  HeadDeclaration declaration;
  HeadFacts facts = read_head_in(html, page_url, max_bytes, sniffed, &declaration);
  const WebEncoding* declared = declaration.encoding;
  if (!declared) return facts;
  // As the prescan maps them: a page whose tags were read is no UTF-16, and x-user-defined is
  // windows-1252.
  if (declared == &utf16le_encoding() || declared == &utf16be_encoding()) declared = &utf8_encoding();
  if (declared->name == "x-user-defined") declared = &windows1252_encoding();
  if (declared == &utf8_encoding() && sniffed.unknown_label.empty()) return facts;
  SniffedEncoding changed = sniffed;
  changed.encoding = declared;
  changed.source = EncodingSource::Declaration;
  changed.label = declaration.label;
  changed.declared_at = declaration.offset;
  changed.unknown_label.clear();  // passed over by the prescan, and by the parser too
  return read_head_in(html, page_url, max_bytes, changed, nullptr);
}

}  // namespace sitemaplint
