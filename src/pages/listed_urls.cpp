#include "pages/listed_urls.h"

#include <cstring>

#include "analysis/xml_text.h"
#include "url_analysis.h"

namespace sitemaplint {
namespace {

std::string_view local_name(const char* name) {
  const char* colon = std::strchr(name, ':');
  return colon ? colon + 1 : name;
}

// An element's text as the walk gives it to the rules: its text and CDATA children joined, the
// references of the text decoded (the tree keeps them raw), a CDATA section's as written.
void element_value(const pugi::xml_node element, std::string& out) {
  out.clear();
  for (const pugi::xml_node child : element.children()) {
    if (child.type() == pugi::node_pcdata) decode_entities(child.value(), &out);
    else if (child.type() == pugi::node_cdata) out.append(child.value());
  }
}

// Adds `value`'s URL in the spelling a page rule asks for it (rules/page/utils/page_rule.h): the
// live audit fetches what it is given, so a URL in another spelling ("&amp;" undecoded, a
// non-ASCII path not yet percent-encoded) would be a request for a page the sitemap does not name.
// A URL no page rule asks about (relative, invalid) is left out.
void add_url(std::string_view value, UrlAnalysis& analysis, std::vector<std::string>& urls) {
  analyze_url(value, analysis);
  if (analysis.shape != UrlShape::Http || !analysis.syntax_valid || !analysis.valid_utf8) return;
  urls.emplace_back(analysis.ascii_form.empty() ? analysis.trimmed : std::string_view(analysis.ascii_form));
}

}  // namespace

void append_listed_urls(const pugi::xml_node first_entry, std::vector<std::string>& urls) {
  std::string value;
  UrlAnalysis analysis;
  for (pugi::xml_node url = first_entry; url; url = url.next_sibling()) {
    for (const pugi::xml_node node : url.children()) {
      const std::string_view name = local_name(node.name());
      if (name == "loc") {
        element_value(node, value);
        add_url(value, analysis, urls);
      } else if (name == "link") {
        value.clear();
        decode_entities(node.attribute("href").value(), &value);
        add_url(value, analysis, urls);
      } else {
        // <image:image>, <video:video>: their URL children.
        for (const pugi::xml_node inner : node.children()) {
          const std::string_view inner_name = local_name(inner.name());
          if (inner_name == "loc" || inner_name == "thumbnail_loc" || inner_name == "content_loc") {
            element_value(inner, value);
            add_url(value, analysis, urls);
          }
        }
      }
    }
  }
}

std::vector<std::string> listed_urls(const Document& document) {
  std::vector<std::string> urls;
  if (document.parsed && document.kind == DocumentKind::UrlSet)
    append_listed_urls(document.tree.document_element().first_child(), urls);
  return urls;
}

}  // namespace sitemaplint
