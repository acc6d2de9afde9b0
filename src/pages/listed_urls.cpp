#include "pages/listed_urls.h"

#include <cstring>

namespace sitemaplint {
namespace {

std::string_view local_name(const char* name) {
  const char* colon = std::strchr(name, ':');
  return colon ? colon + 1 : name;
}

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

std::vector<std::string> listed_urls(const Document& document) {
  std::vector<std::string> urls;
  if (!document.parsed || document.kind != DocumentKind::UrlSet) return urls;
  for (const pugi::xml_node url : document.tree.document_element().children()) {
    for (const pugi::xml_node node : url.children()) {
      const std::string_view name = local_name(node.name());
      if (name == "loc") {
        urls.emplace_back(trimmed(node.child_value()));
      } else if (name == "link") {
        urls.emplace_back(trimmed(node.attribute("href").value()));
      } else {
        // <image:image>, <video:video>: their URL children.
        for (const pugi::xml_node inner : node.children()) {
          const std::string_view inner_name = local_name(inner.name());
          if (inner_name == "loc" || inner_name == "thumbnail_loc" || inner_name == "content_loc")
            urls.emplace_back(trimmed(inner.child_value()));
        }
      }
    }
  }
  return urls;
}

}  // namespace sitemaplint
