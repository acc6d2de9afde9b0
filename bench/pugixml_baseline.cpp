// The baseline sitemaplint is measured against: read the file, parse it with pugixml (the same
// flags sitemaplint uses) and visit every node once, touching each name and value.
//
// The file is read with fread into a buffer of the file's size, as sitemaplint's loader does: an
// istreambuf_iterator copy, character by character, cost more than the parse itself and made the
// baseline look slower than it is.
#include <pugixml.hpp>

#include <cstdio>
#include <memory>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(std::fopen(argv[1], "rb"), &std::fclose);
  if (!in) {
    std::perror(argv[1]);
    return 2;
  }
  std::string bytes;
  if (std::fseek(in.get(), 0, SEEK_END) == 0) {
    const long size = std::ftell(in.get());
    if (size > 0) bytes.reserve(static_cast<std::size_t>(size));
    std::rewind(in.get());
  }
  char chunk[1 << 16];
  for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, in.get())) > 0;) bytes.append(chunk, n);
  pugi::xml_document doc;
  const unsigned flags =
      pugi::parse_declaration | pugi::parse_doctype | pugi::parse_comments | pugi::parse_pi | pugi::parse_cdata;
  if (!doc.load_buffer_inplace(bytes.data(), bytes.size(), flags, pugi::encoding_utf8)) return 1;
  std::size_t checksum = 0;
  for (pugi::xml_node node = doc.first_child(); node;) {
    checksum += std::char_traits<char>::length(node.name()) + std::char_traits<char>::length(node.value());
    if (node.first_child()) {
      node = node.first_child();
      continue;
    }
    while (node && !node.next_sibling()) node = node.parent();
    if (node) node = node.next_sibling();
  }
  std::printf("%zu\n", checksum);
  return 0;
}
