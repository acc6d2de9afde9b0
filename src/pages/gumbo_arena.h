// Memory for gumbo's parses on one thread. gumbo allocates every token, string buffer and node on
// its own and frees them one by one: for a site's pages, malloc and free took a fifth of a --pages
// run. The arena hands out memory from blocks it keeps from parse to parse and frees nothing until
// the parse is over; past a cap (a hostile head), it hands out malloc's memory instead, which is
// freed as gumbo asks, so it never holds more than the cap.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include <gumbo.h>

namespace sitemaplint {

class GumboArena {
 public:
  // `options` with this arena as gumbo's allocator.
  void use_for(GumboOptions& options);
  // Once a parse's output is destroyed: every block is free again (the first is kept).
  void reset();

 private:
  static void* allocate(void* arena, std::size_t size);
  static void deallocate(void* arena, void* pointer);

  std::vector<std::unique_ptr<std::byte[]>> blocks_;
  std::vector<std::size_t> sizes_;
  std::size_t used_ = 0;  // in the last block
  std::size_t total_ = 0;  // of all blocks
};

// The arena of the calling thread, for the parse it runs (a thread parses one page at a time).
GumboArena& thread_gumbo_arena();

}  // namespace sitemaplint
