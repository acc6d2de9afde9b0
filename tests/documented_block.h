// A block of documentation that a test runs as written: the text of a page from just after an
// opening line to the next "```".
#pragma once

#include <string>

namespace sitemaplint::testing {

// Empty when `opening` does not occur in `page`.
inline std::string documented_block(const std::string& page, const std::string& opening) {
  const std::size_t at = page.find(opening);
  if (at == std::string::npos) return {};
  const std::size_t start = at + opening.size();
  return page.substr(start, page.find("```", start) - start);
}

}  // namespace sitemaplint::testing
