#include "lint.h"

#include "engine.h"
#include "xml_text.h"

namespace sitemaplint {
namespace {

// The <loc> of every <sitemap> of an index. An index is small (at most 50,000 short entries), so
// this look at the tree after the rules costs little and keeps index following out of the engine.
std::vector<ChildSitemap> index_children(const Document& doc) {
  std::vector<ChildSitemap> children;
  for (pugi::xml_node entry : doc.tree.document_element().children()) {
    const std::string_view name = entry.name();
    if (!name.ends_with("sitemap") || (name.size() > 7 && name[name.size() - 8] != ':')) continue;
    for (pugi::xml_node field : entry.children()) {
      const std::string_view field_name = field.name();
      if (!field_name.ends_with("loc") || (field_name.size() > 3 && field_name[field_name.size() - 4] != ':')) continue;
      const pugi::xml_node text = field.first_child();
      if (text.type() != pugi::node_pcdata && text.type() != pugi::node_cdata) break;
      std::string url;
      decode_entities(text.value(), &url);
      const std::string_view trimmed = trim_xml_space(url);
      ChildSitemap child;
      child.url = std::string(trimmed);
      child.offset = doc.offset_of(text.value());
      child.length = std::string_view(text.value()).size();
      children.push_back(std::move(child));
      break;
    }
  }
  return children;
}

}  // namespace

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings) {
  FileReport report;
  report.path = input.path;
  report.bytes = std::move(input.bytes);
  LoadFacts load{input.compressed, input.decompression_stopped, std::move(input.compression_error),
                 input.http_status, std::move(input.content_type)};
  auto doc = parse_document(input.path, report.bytes, std::move(load));
  report.diagnostics = run_rules(*doc, selection, settings);
  report.kind = doc->kind;
  report.entries = doc->entry_count;
  if (doc->parsed && doc->kind == DocumentKind::SitemapIndex) report.children = index_children(*doc);
  // Reporters need the bytes only to place and show findings; a clean file of a large site need
  // not stay in memory until the report is written. An index may still get findings about its
  // children, so it keeps them.
  if (report.diagnostics.empty() && report.kind != DocumentKind::SitemapIndex) std::string().swap(report.bytes);
  return report;
}

FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection,
                      const Settings& settings) {
  Input input;
  input.path = std::move(path);
  input.bytes = std::move(bytes);
  return lint_input(std::move(input), selection, settings);
}

}  // namespace sitemaplint
