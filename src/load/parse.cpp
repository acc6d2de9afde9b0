#include "load/parse.h"

#include <cctype>
#include <cstring>

#include "analysis/encoding_scan.h"
#include "analysis/line_starts.h"
#include "load/wellformed.h"

namespace sitemaplint {
namespace {

// The namespace URI that the root's own attributes bind to its prefix; the root has no ancestors.
void resolve_root(Document& doc, pugi::xml_node root) {
  const std::string_view qname = root.name();
  const auto colon = qname.find(':');
  const std::string_view prefix = colon == std::string_view::npos ? "" : qname.substr(0, colon);
  doc.root_local = colon == std::string_view::npos ? qname : qname.substr(colon + 1);
  doc.root_offset = doc.offset_of(root.name()) - 1;
  const std::string wanted = prefix.empty() ? "xmlns" : "xmlns:" + std::string(prefix);
  for (pugi::xml_attribute attr : root.attributes()) {
    if (wanted == attr.name()) {
      doc.root_ns = attr.value();
      doc.root_ns_value_offset = doc.offset_of(attr.value());
      doc.root_ns_value_length = doc.root_ns.size();
    }
  }
  if (doc.root_local == "urlset") doc.kind = DocumentKind::UrlSet;
  else if (doc.root_local == "sitemapindex") doc.kind = DocumentKind::SitemapIndex;
  else if (doc.root_local == "rss" || doc.root_local == "feed") doc.kind = DocumentKind::Feed;
  else doc.kind = DocumentKind::Other;
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  }
  return true;
}

// A robots.txt has lines such as "User-agent: *" or "Sitemap: ..." near its top, often after comments.
bool looks_like_robots_txt(std::string_view text) {
  const std::string_view head = text.substr(0, 4096);
  for (std::size_t at = 0; at < head.size();) {
    std::size_t end = head.find('\n', at);
    if (end == std::string_view::npos) end = head.size();
    const std::string_view line = head.substr(at, end - at);
    for (std::string_view field : {"user-agent:", "sitemap:", "disallow:", "allow:"}) {
      if (starts_with_ignoring_case(line, field)) return true;
    }
    at = end + 1;
  }
  return false;
}

// XML starts with '<' (after a BOM and white space); a text sitemap starts with a URL. Anything
// else is named as well as we can, so the user learns what they passed instead of a sitemap.
DocumentKind sniff_format(std::string_view text, std::string_view* looks_like) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return DocumentKind::None;
  if (text[first] == '<') {
    // HTML5 is not XML (void elements, lower-case doctype): name it instead of reporting the first
    // tag pugixml trips over. A server's error page or app shell at /sitemap.xml is the usual case.
    const std::string_view markup = text.substr(first);
    if (starts_with_ignoring_case(markup, "<!doctype html") || starts_with_ignoring_case(markup, "<html")) {
      *looks_like = "an HTML page (a server's error or app page served instead of the sitemap?)";
      return DocumentKind::NotSitemap;
    }
    return DocumentKind::None;
  }
  // Text never contains NUL; archives, images and UTF-16 without a BOM do.
  if (text.substr(0, 4096).find('\0') != std::string_view::npos) {
    *looks_like = text.size() > 262 && text.substr(257, 5) == "ustar" ? "a tar archive" : "binary data";
    return DocumentKind::NotSitemap;
  }
  const std::string_view rest = text.substr(first);
  if (starts_with_ignoring_case(rest, "http://") || starts_with_ignoring_case(rest, "https://")) {
    return DocumentKind::Text;
  }
  if (rest[0] == '{' || rest[0] == '[') *looks_like = "JSON";
  else if (looks_like_robots_txt(text)) *looks_like = "a robots.txt file";
  else if (rest[0] == '#') *looks_like = "a comment or Markdown document";
  else *looks_like = "plain text";
  return DocumentKind::NotSitemap;
}

// An input read in another encoding than UTF-8: without a declaration naming it, the encoding
// finding goes on the byte order mark (or the start); a conflict is a well-formedness error.
void note_decoding(Document& doc) {
  if (doc.load.encoding_conflict) doc.syntax_errors.push_back(*doc.load.encoding_conflict);
  if (doc.load.read_as.empty()) return;
  if (doc.encoding.foreign_encoding) {
    doc.encoding.foreign_encoding->message += " (the file is read as " + doc.load.read_as + ", as it says)";
  } else {
    doc.encoding.foreign_encoding =
        ByteFinding{0, doc.encoding.bom_length,
                    "the input is encoded as " + doc.load.read_as + "; sitemaps.org and Google require UTF-8"};
  }
}

}  // namespace

std::unique_ptr<Document> parse_document(std::string path, std::string_view bytes, LoadFacts load,
                                         std::string* in_place, LineStarts* lines, DocumentPieces* pieces,
                                         unsigned threads) {
  auto doc = std::make_unique<Document>();
  doc->path = std::move(path);
  doc->bytes = bytes;
  doc->load = std::move(load);
  if (!doc->load.compression_error.empty() || doc->load.decompression_stopped) return doc;
  if (doc->load.http_status != 0 && (doc->load.http_status < 200 || doc->load.http_status > 299)) return doc;
  // The start first: binary data or a JSON file is named from its first bytes, without a pass
  // over all of them (500 MB of NUL bytes would otherwise take a minute to be called binary).
  doc->encoding = scan_encoding(bytes, false);
  if (doc->encoding.foreign_encoding_is_fatal) return doc;
  note_decoding(*doc);
  if (doc->load.robots_txt) {
    doc->kind = DocumentKind::Robots;
    scan_characters(bytes, doc->encoding);
    doc->robots = std::make_shared<const RobotsTxt>(parse_robots_txt(bytes));
    return doc;
  }
  doc->kind = sniff_format(bytes.substr(doc->encoding.bom_length), &doc->looks_like);
  if (doc->kind == DocumentKind::NotSitemap) return doc;  // named; its characters do not matter
  // XML to be parsed in place: the lines are recorded while the bytes are as written.
  const bool record_lines = lines && in_place && doc->kind == DocumentKind::None;
  scan_characters(bytes, doc->encoding, record_lines ? lines : nullptr, threads);
  // Decoded text is valid UTF-8: what the encoding read could not map are its invalid bytes.
  doc->encoding.invalid_utf8.insert(doc->encoding.invalid_utf8.begin(), doc->load.undecodable.begin(),
                                    doc->load.undecodable.end());
  if (doc->kind != DocumentKind::None) return doc;  // not XML: nothing for pugixml to parse

  // pugixml overwrites the byte after each name and value with a NUL. In place, the rules then read
  // text through the tree, which is unchanged, and nothing reads the overwritten delimiters but
  // the checks around the root, made before. A control character (a NUL above all) would make the
  // overwritten bytes ambiguous: such input, like input without a buffer to spare, is copied.
  const bool overwrite = in_place && in_place->data() == bytes.data() && in_place->size() == bytes.size() &&
                         doc->encoding.invalid_characters.empty();
  const std::size_t bom = doc->encoding.bom_length;
  OutsideRoot outside = scan_outside_root(bytes, bom);
  char* buffer = nullptr;
  if (overwrite) {
    buffer = in_place->data();
    doc->bytes_overwritten = true;
  } else {
    doc->parse_buffer = std::make_unique_for_overwrite<char[]>(bytes.size() + 1);
    buffer = doc->parse_buffer.get();
    if (!bytes.empty()) std::memcpy(buffer, bytes.data(), bytes.size());
    buffer[bytes.size()] = '\0';
  }
  doc->parse_base = buffer;
  // In pieces, only what comes before the root's content is parsed here: the root's start tag, which
  // pugixml leaves open (the engine parses the rest, engine/pieces.h). The scan reads the bytes as
  // written, before any is overwritten.
  std::optional<RootContent> content;
  // A character XML forbids (a NUL above all, where pugixml ends the whole document but only a
  // piece) is parsed whole: a broken file, which the whole parse describes.
  if (pieces && doc->encoding.invalid_characters.empty()) content = find_root_content(bytes, outside.root_start);
  const std::size_t parse_end = content ? content->begin : bytes.size();
  doc->tree_memory = TreeMemory::for_input(parse_end);
  pugi::xml_parse_result result = [&] {
    const TreeMemory::Scope scope(doc->tree_memory.get());
    return doc->tree.load_buffer_inplace(buffer + bom, parse_end - bom, kXmlParseFlags, pugi::encoding_utf8);
  }();
  if (doc->tree_memory) doc->tree_memory->release_unused();
  if (content) {
    // pugixml took the start tag's '>' for a NUL; a whole parse writes one there only after a name.
    if (content->root_has_attributes) buffer[parse_end - 1] = '>';
    const pugi::xml_node root = doc->tree.document_element();
    if (result.status != pugi::status_end_element_mismatch || !root || root.first_child() ||
        doc->offset_of(root.name()) != outside.root_start + 1) {
      // The scan and the parser disagree: the whole parse says why, from the bytes as written.
      doc->tree.reset();
      if (overwrite) {
        doc->needs_bytes_as_written = true;
        return doc;
      }
      // The copy parsed has the first parse's NULs: copied again.
      std::memcpy(buffer, bytes.data(), parse_end);
      result = doc->tree.load_buffer_inplace(buffer + bom, bytes.size() - bom, kXmlParseFlags, pugi::encoding_utf8);
    } else {
      result = pugi::xml_parse_result();
      result.status = pugi::status_ok;
      pieces->bytes = bytes;
      pieces->buffer = buffer;
      pieces->root = content;
    }
  }
  if (!result) {
    pugi::xml_parse_result shifted = result;
    shifted.offset += static_cast<std::ptrdiff_t>(bom);
    doc->syntax_errors.push_back(describe_parse_error(*doc, shifted));
    // Its messages quote the input: in place they saw the parser's NULs.
    doc->needs_bytes_as_written = overwrite;
    return doc;
  }
  resolve_root(*doc, doc->tree.document_element());
  if (outside.root_start != doc->root_offset) {
    // Text before the root, or markup the quick scan misread: scan again from the tree's root,
    // which needs the bytes as written.
    if (overwrite) {
      doc->needs_bytes_as_written = true;
      return doc;
    }
    outside = scan_outside_root(bytes, bom, doc->root_offset);
  }
  check_outside_root(*doc, outside);
  doc->parsed = true;
  return doc;
}

}  // namespace sitemaplint
