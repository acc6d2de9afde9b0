// A large sitemap walked in lanes, one a thread: the root's content split at the ends of entries
// into spans of about equal size, each lane parsing and walking the pieces of its own span with
// rule instances of its own (engine.cpp), which are then folded together (Rule::absorb). Where a
// PieceParser's helpers only parse for the one walk, every lane here also walks and checks: the
// walk and the rules cost more than the parse, so a file is linted on every core.
#pragma once

#include <cstddef>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <pugixml.hpp>

#include "engine/entry_pieces.h"
#include "engine/pieces.h"
#include "tree_memory.h"

namespace sitemaplint {

class PieceLanes {
 public:
  // Lanes for `threads` threads: one for one; for more, several a thread, large ones first
  // (guided_starts).
  PieceLanes(const DocumentPieces& pieces, unsigned threads);
  PieceLanes(const PieceLanes&) = delete;
  PieceLanes& operator=(const PieceLanes&) = delete;

  unsigned count() const { return static_cast<unsigned>(lanes_.size()); }
  // Lane `lane`'s pieces, in order; each lane is walked by one thread.
  PieceSource& lane(unsigned lane) { return *lanes_[lane]; }
  // The root's children before lane `lane`'s first piece, by name: what its walk counts entries on
  // from. Waits until the cut gets that far; throws PieceParseFailed when it fails before.
  std::vector<ChildCount> children_before(unsigned lane);

 private:
  static constexpr std::size_t kUnknown = std::numeric_limits<std::size_t>::max();

  class Lane final : public PieceSource {
   public:
    Lane(PieceLanes& owner, unsigned index) : owner_(owner), index_(index) {}
    ~Lane();
    pugi::xml_node next() override;

   private:
    // Walked to its end (or destroyed): its tree freed, its room given to this thread's next lane or
    // document (TreeMemory::give_back), whose first piece then finds the pages in place (the trees
    // of a 10 MB file's lanes at --jobs 2 faulted in 385 pages on the heap, 70 in rooms handed on).
    void hand_on_memory();
    PieceLanes& owner_;
    unsigned index_;
    std::size_t next_ = kUnknown;  // the index of its next piece in ranges_; kUnknown before the first
    bool done_ = false;
    // The room each piece's tree is built in, from its start again for the next piece: its pages are
    // faulted in once. From the heap, pugixml's pages of each tree went back to the kernel as the
    // heap's top was trimmed and were faulted in again for the next (a third of a 10 MB file's page
    // faults). Declared before tree_, which gives its pages back to it when destroyed.
    std::unique_ptr<TreeMemory> memory_;
    pugi::xml_document tree_;  // the piece being walked; the next is parsed into the same memory
  };

  // Cuts the next piece, if any is left: under cut_mutex_, then published under mutex_. A lane
  // that finds its next piece cut takes it without waiting for the cut of the one after: the
  // thread that cuts ahead for a later lane holds only cut_mutex_ while it cuts.
  void cut_one();
  [[noreturn]] void fail();
  void lane_done();

  const DocumentPieces& pieces_;
  std::vector<std::size_t> bounds_;  // lane k's pieces begin in [bounds_[k], bounds_[k + 1])
  std::vector<std::unique_ptr<Lane>> lanes_;
  std::mutex cut_mutex_;  // guards search_
  EntryEndSearch search_;
  std::mutex mutex_;  // guards all below
  std::vector<std::pair<std::size_t, std::size_t>> ranges_;  // the pieces cut so far
  bool all_cut_ = false;
  bool failed_ = false;
  std::vector<std::size_t> first_piece_;  // by lane: its first piece's index in ranges_, once cut that far
  std::vector<std::vector<ChildCount>> before_;  // by lane, once cut that far
  unsigned lanes_done_ = 0;
};

}  // namespace sitemaplint
