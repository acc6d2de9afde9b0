// Growing a string that a read is about to fill, without writing its new bytes first.
// std::string::resize zeroes them: a write of every byte of the input just before the read writes
// it again (on a 14 MB sitemap, 14.5M instructions, and in a read on two threads one thread zeroed
// the whole file while the other waited). C++23's resize_and_overwrite does not; this project is
// C++20, so the one function that calls it is compiled as C++23, in a file of its own.
#pragma once

#include <cstddef>
#include <string>

namespace sitemaplint {

// Makes `text` `size` bytes long; bytes past its old size are left as they were in memory, for the
// caller to overwrite before anything reads them (and to cut off, with resize, where it does not).
void grow_uninitialized(std::string& text, std::size_t size);

}  // namespace sitemaplint
