#include "document.h"

#include <cstring>

#include "encoding_scan.h"
#include "wellformed.h"

namespace sitemaplint {
namespace {

// Values stay raw: no entity decoding (escaping rules must see what the author wrote) and no
// end-of-line normalisation (so every string still sits at its original offset).
constexpr unsigned kParseFlags = pugi::parse_declaration | pugi::parse_doctype |
                                 pugi::parse_comments | pugi::parse_pi | pugi::parse_cdata;

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
  else doc.kind = DocumentKind::Other;
}

}  // namespace

std::unique_ptr<Document> parse_document(std::string path, std::string_view bytes,
                                         LoadFacts load) {
  auto doc = std::make_unique<Document>();
  doc->path = std::move(path);
  doc->bytes = bytes;
  doc->load = std::move(load);
  if (!doc->load.compression_error.empty() || doc->load.decompression_stopped) return doc;
  doc->encoding = scan_encoding(bytes);
  if (doc->encoding.foreign_encoding_is_fatal) return doc;

  doc->parse_buffer = std::make_unique_for_overwrite<char[]>(bytes.size() + 1);
  if (!bytes.empty()) std::memcpy(doc->parse_buffer.get(), bytes.data(), bytes.size());
  doc->parse_buffer[bytes.size()] = '\0';
  const std::size_t bom = doc->encoding.bom_length;
  const pugi::xml_parse_result result = doc->tree.load_buffer_inplace(
      doc->parse_buffer.get() + bom, bytes.size() - bom, kParseFlags, pugi::encoding_utf8);
  if (!result) {
    pugi::xml_parse_result shifted = result;
    shifted.offset += static_cast<std::ptrdiff_t>(bom);
    doc->syntax_errors.push_back(describe_parse_error(*doc, shifted));
    return doc;
  }
  resolve_root(*doc, doc->tree.document_element());
  check_outside_root(*doc);
  doc->parsed = true;
  return doc;
}

}  // namespace sitemaplint
