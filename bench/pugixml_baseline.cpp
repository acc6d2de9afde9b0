// The baseline sitemaplint is measured against: read the file, parse it with pugixml (the same
// flags sitemaplint uses) and visit every node once, touching each name and value.
//
// The file is read with fread into a buffer of the file's size, as sitemaplint's loader does: an
// istreambuf_iterator copy, character by character, cost more than the parse itself and made the
// baseline look slower than it is.
//
// A gzip file (by its magic bytes) is inflated first, as any tool that reads one must: with zlib's
// usual inflate, straight into a buffer of the size its trailer states (grown if the trailer
// understates it), as gzip -d does.
#include <pugixml.hpp>
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

namespace {

bool is_gzip(const std::string& bytes) {
  return bytes.size() >= 18 && static_cast<unsigned char>(bytes[0]) == 0x1F &&
         static_cast<unsigned char>(bytes[1]) == 0x8B;
}

// Inflates every member of the gzip `data` into *out; false when it is not gzip zlib can read.
bool gunzip(const std::string& data, std::string* out) {
  std::uint32_t stated = 0;
  for (int i = 0; i < 4; ++i)
    stated |= static_cast<std::uint32_t>(static_cast<unsigned char>(data[data.size() - 4 + i])) << (8 * i);
  out->resize(stated);
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return false;
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  std::size_t filled = 0;
  int status = Z_OK;
  while (status == Z_OK) {
    if (filled == out->size()) out->resize(out->size() * 2 + (1 << 16));
    stream.next_out = reinterpret_cast<Bytef*>(out->data() + filled);
    stream.avail_out = static_cast<uInt>(out->size() - filled);
    status = inflate(&stream, Z_NO_FLUSH);
    filled = out->size() - stream.avail_out;
    if (status == Z_STREAM_END && stream.avail_in > 0) status = inflateReset(&stream);  // the next member
  }
  inflateEnd(&stream);
  out->resize(filled);
  return status == Z_STREAM_END;
}

}  // namespace

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
  if (is_gzip(bytes)) {
    std::string inflated;
    if (!gunzip(bytes, &inflated)) {
      std::fprintf(stderr, "%s: not gzip data zlib can inflate\n", argv[1]);
      return 1;
    }
    bytes = std::move(inflated);
  }
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
