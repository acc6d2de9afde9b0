// Where the two large buffers of a lint live: the input's bytes and pugixml's tree over them. Both
// are written once, front to back, and dropped together, so they are asked for in transparent huge
// pages (2 MiB): the page faults of first touch took a third of a plain parse's time (a 10 MB
// sitemap with its tree touched some 9,000 pages of 4 KiB; in huge pages, about 20).
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "analysis/huge_pages.h"

namespace sitemaplint {

// Address space reserved for one document's pugixml tree and taken front to back as the parse
// needs it, in huge pages where the kernel offers them. Untouched, the reservation costs nothing
// but address space. When it is full, or could not be reserved, the tree continues on the heap.
class TreeMemory {
 public:
  // Room for the tree of an input of `input_size` bytes (a sitemap's tree takes about twice its
  // size; room is left for denser XML), in huge pages as far as every sitemap's tree fills it
  // (huge_page_bytes). nullptr when no address space could be reserved.
  // A room this thread gave back (give_back) is taken again when it is large enough: its pages are
  // then written without a page fault each.
  static std::unique_ptr<TreeMemory> for_input(std::size_t input_size);
  // Keeps `memory` (its tree destroyed) for this thread's next document, when more are to come: a
  // site of 1,000 files had each tree's pages faulted in afresh and unmapped after. The larger of
  // two rooms is kept; the other is unmapped.
  static void give_back(std::unique_ptr<TreeMemory> memory);
  // How much of the room for an input of `input_size` bytes is asked for in huge pages: the whole
  // huge pages of the twice its size every sitemap's tree fills, where they suit the input
  // (huge_pages_suit); else none.
  static std::size_t huge_page_bytes(std::size_t input_size);
  ~TreeMemory();
  TreeMemory(const TreeMemory&) = delete;
  TreeMemory& operator=(const TreeMemory&) = delete;

  // While a Scope lives, pugixml's allocations on this thread come from `memory` (none: the heap).
  // Every pugi::xml_document must be destroyed or reset before the TreeMemory it allocated from.
  class Scope {
   public:
    explicit Scope(TreeMemory* memory);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    TreeMemory* previous_;
  };

  std::size_t used() const { return used_; }
  // Takes the room from its start again: the tree built in it is destroyed or reset.
  void clear() { used_ = 0; }
  // Gives back what the last huge page holds past the tree, once it is whole (a parse never adds to
  // it): on average a megabyte the kernel zeroed for nothing.
  void release_unused();

 private:
  TreeMemory(char* base, std::size_t size) : base_(base), size_(size) {}
  friend struct TreeAllocator;
  void* take(std::size_t n);
  bool holds(const void* p) const { return p >= base_ && p < base_ + size_; }

  char* base_;
  std::size_t size_;
  std::size_t used_ = 0;
};

}  // namespace sitemaplint
