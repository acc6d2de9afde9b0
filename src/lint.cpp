#include "lint.h"

#include "engine.h"
#include "line_index.h"
#include "suppress.h"
#include "w3c_datetime.h"
#include "xml_text.h"

namespace sitemaplint {
namespace {

// The <loc> of every <sitemap> of an index. An index is small (at most 50,000 short entries), so
// this look at the tree after the rules costs little and keeps index following out of the engine.
std::vector<ChildSitemap> index_children(const Document& doc) {
  std::vector<ChildSitemap> children;
  const auto named = [](std::string_view name, std::string_view local) {
    return name.ends_with(local) && (name.size() == local.size() || name[name.size() - local.size() - 1] == ':');
  };
  for (pugi::xml_node entry : doc.tree.document_element().children()) {
    if (!named(entry.name(), "sitemap")) continue;
    ChildSitemap child;
    for (pugi::xml_node field : entry.children()) {
      const pugi::xml_node text = field.first_child();
      if (text.type() != pugi::node_pcdata && text.type() != pugi::node_cdata) continue;
      std::string value;
      decode_entities(text.value(), &value);
      const std::string_view trimmed = trim_xml_space(value);
      if (named(field.name(), "loc") && child.url.empty()) {
        child.url = std::string(trimmed);
        child.offset = doc.offset_of(text.value());
        child.length = std::string_view(text.value()).size();
      } else if (named(field.name(), "lastmod") && !child.lastmod) {
        DatetimeError error;
        if (const auto parsed = parse_w3c_datetime(trimmed, &error)) {
          child.lastmod = to_unix_seconds(*parsed);
          child.lastmod_offset = doc.offset_of(text.value());
          child.lastmod_length = std::string_view(text.value()).size();
        }
      }
    }
    if (!child.url.empty()) children.push_back(std::move(child));
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
  report.diagnostics = run_rules(*doc, selection, settings, settings.collect_set_facts ? &report.set : nullptr);
  apply_suppressions(*doc, report.bytes, selection, &report.diagnostics);
  if (!report.set.locs.empty()) {
    const LineIndex index(report.bytes);  // locs come in document order: one pass
    for (LocRecord& loc : report.set.locs) {
      const Position pos = index.position(loc.offset);
      loc.line = static_cast<std::uint32_t>(pos.line);
      loc.column = static_cast<std::uint32_t>(pos.column);
    }
  }
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
