#include "pages/site_walk.h"

#include "analysis/percent_encoding.h"

namespace sitemaplint {
namespace {

// RFC 3986's pchar, and '/': what a path may hold as it is.
bool stands_in_path(unsigned char c) {
  return is_unreserved(c) || std::string_view("!$&'()*+,;=:@/").find(static_cast<char>(c)) != std::string_view::npos;
}

std::string encoded_path(std::string_view path) {
  std::string out;
  out.reserve(path.size());
  append_percent_encoded(path, stands_in_path, &out);
  return out;
}

}  // namespace

std::vector<std::string> url_paths_for(std::string_view relative_file) {
  const std::string path = encoded_path("/" + std::string(relative_file));
  const std::size_t slash = path.rfind('/');
  const std::string_view name = std::string_view(path).substr(slash + 1);
  const std::string_view folder = std::string_view(path).substr(0, slash + 1);
  if (name == "index.html" || name == "index.htm") return {std::string(folder), path};
  const std::string bare = path.substr(0, path.size() - (name.ends_with(".htm") ? 4 : 5));
  return {bare, path, bare + "/"};
}

}  // namespace sitemaplint
