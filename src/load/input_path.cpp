#include "load/input_path.h"

#include <algorithm>
#include <cctype>

namespace sitemaplint {

bool is_url(std::string_view path) {
  const auto starts = [&](std::string_view prefix) {
    return path.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), path.begin(), [](char a, char b) {
             return a == std::tolower(static_cast<unsigned char>(b));
           });
  };
  return starts("http://") || starts("https://");
}

}  // namespace sitemaplint
