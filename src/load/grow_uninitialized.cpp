// Compiled as C++23 (CMakeLists.txt): resize_and_overwrite is not in C++20.
#include "load/grow_uninitialized.h"

namespace sitemaplint {

void grow_uninitialized(std::string& text, std::size_t size) {
  // `size`, not the length given to the operation: GCC 12's library gives it the capacity it grew
  // to when it had to grow, which may be more (libstdc++ bug 109703).
  text.resize_and_overwrite(size, [size](char*, std::size_t) { return size; });
}

}  // namespace sitemaplint
