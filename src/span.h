// A range of bytes of the original input: where a finding, a value or a tag is.
#pragma once

#include <cstddef>

namespace sitemaplint {

struct Span {
  std::size_t offset = 0;
  std::size_t length = 0;  // 0 marks a point
};

}  // namespace sitemaplint
