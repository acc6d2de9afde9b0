#include "load/xml_declaration.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace sitemaplint {

// The version is required (VersionInfo), of the form '1.' and digits. Other 1.x versions are
// well-formed (XML 1.0 parsers read them as 1.0); xml-version reports them.
void check_xml_declaration(Document& doc) {
  const pugi::xml_node declaration = doc.tree.first_child();
  if (declaration.type() != pugi::node_declaration) return;
  const std::size_t start = doc.offset_of(declaration.name()) - 2;
  // pugixml takes "<?XML" for the declaration too; XML reserves the name in any case, and the
  // declaration is written in lower case.
  if (std::string_view(declaration.name()) != "xml") {
    doc.syntax_errors.push_back({start, 2 + std::string_view(declaration.name()).size(),
                                 "'<?" + std::string(declaration.name()) +
                                     "' is no XML declaration, and XML reserves the name in any case; write "
                                     "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"});
    return;
  }
  // XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>' (XML 1.0, 2.8): these three, in
  // this order, each at most once.
  constexpr std::string_view kOrder[] = {"version", "encoding", "standalone"};
  std::size_t next = 0;  // the index in kOrder the next pseudo-attribute may have, at least
  pugi::xml_attribute version;
  for (pugi::xml_attribute a = declaration.first_attribute(); a; a = a.next_attribute()) {
    const std::string_view name = a.name();
    const std::size_t at = doc.offset_of(a.name());
    const auto known = std::find(std::begin(kOrder), std::end(kOrder), name);
    if (known == std::end(kOrder)) {
      doc.syntax_errors.push_back({at, name.size(),
                                   "'" + std::string(name) +
                                       "' has no place in the XML declaration: it takes version, encoding and "
                                       "standalone, in this order"});
      continue;
    }
    const auto index = static_cast<std::size_t>(known - std::begin(kOrder));
    if (index < next) {
      doc.syntax_errors.push_back({at, name.size(),
                                   "'" + std::string(name) +
                                       "' is out of place in the XML declaration: XML fixes the order version, "
                                       "encoding, standalone (each once); write <?xml version=\"1.0\" "
                                       "encoding=\"UTF-8\"?>"});
      continue;
    }
    next = index + 1;
    if (index == 0) version = a;
    const std::string_view value = a.value();
    if (index == 2 && value != "yes" && value != "no") {
      doc.syntax_errors.push_back({doc.offset_of(a.value()), value.size(),
                                   "standalone='" + std::string(value) + "' is neither 'yes' nor 'no'"});
    }
  }
  if (!version) {
    if (declaration.attribute("version")) return;  // out of place: said above
    doc.syntax_errors.push_back(
        {start, 5, "the XML declaration has no version; write <?xml version=\"1.0\" encoding=\"UTF-8\"?>"});
    return;
  }
  const std::string_view value = version.value();
  const bool one_dot_digits =
      value.size() > 2 && value.starts_with("1.") && value.find_first_not_of("0123456789", 2) == std::string_view::npos;
  if (one_dot_digits) return;
  doc.syntax_errors.push_back({doc.offset_of(version.value()), value.size(),
                               "'" + std::string(value) +
                                   "' is not an XML version (XML 1.0 allows '1.' and digits, "
                                   "and a sitemap is XML 1.0): write version=\"1.0\""});
}

}  // namespace sitemaplint
