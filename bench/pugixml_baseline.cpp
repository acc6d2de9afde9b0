// The baseline sitemaplint is measured against: read the file, parse it with pugixml (the same
// flags sitemaplint uses) and visit every node once, touching each name and value.
#include <pugixml.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  pugi::xml_document doc;
  const unsigned flags = pugi::parse_declaration | pugi::parse_doctype | pugi::parse_comments |
                         pugi::parse_pi | pugi::parse_cdata;
  if (!doc.load_buffer_inplace(bytes.data(), bytes.size(), flags, pugi::encoding_utf8)) return 1;
  std::size_t checksum = 0;
  for (pugi::xml_node node = doc.first_child(); node;) {
    checksum += std::char_traits<char>::length(node.name()) + std::char_traits<char>::length(node.value());
    if (node.first_child()) { node = node.first_child(); continue; }
    while (node && !node.next_sibling()) node = node.parent();
    if (node) node = node.next_sibling();
  }
  std::printf("%zu\n", checksum);
  return 0;
}
