#include "engine/piece_lanes.h"

#include <algorithm>
#include <new>

namespace sitemaplint {

namespace {

// Where each lane's span begins: as OpenMP's guided schedule deals out work, each lane takes a
// (2 x threads)-th of what is left, down to a (16 x threads)-th of the whole. The threads walk the
// large lanes first and the small ones last, so that a thread that is done waits at most a small
// lane for the others (with equal lanes, four a thread, one thread walked the last lane alone for
// an eighth of a two-thread run).
std::vector<std::size_t> guided_starts(std::size_t begin, std::size_t end, unsigned threads) {
  const std::size_t size = end - begin;
  const std::size_t smallest = std::max<std::size_t>(size / (16 * std::size_t{threads}), 1);
  std::vector<std::size_t> starts;
  for (std::size_t at = begin; at < end;) {
    starts.push_back(at);
    std::size_t step = std::max((end - at) / (2 * std::size_t{threads}), smallest);
    if (end - at - std::min(step, end - at) < smallest / 2) step = end - at;  // no crumb of a lane last
    at += std::min(step, end - at);
  }
  if (starts.empty()) starts.push_back(begin);
  return starts;
}

}  // namespace

PieceLanes::PieceLanes(const DocumentPieces& pieces, unsigned threads)
    : pieces_(pieces),
      bounds_(threads <= 1 ? std::vector<std::size_t>{pieces.root->begin}
                           : guided_starts(pieces.root->begin, pieces.root->end, threads)),
      search_(pieces.bytes, *pieces.root, pieces.piece_bytes, bounds_.size() > 1) {
  const std::size_t lanes = bounds_.size();
  for (std::size_t k = 0; k < lanes; ++k) lanes_.push_back(std::make_unique<Lane>(*this, static_cast<unsigned>(k)));
  bounds_.push_back(kUnknown);
  first_piece_.assign(lanes, kUnknown);
  first_piece_[0] = 0;
  before_.resize(lanes);
}

void PieceLanes::cut_one() {
  const std::lock_guard cutting(cut_mutex_);
  {
    const std::lock_guard lock(mutex_);
    if (all_cut_) return;
  }
  // A lane starts at the first piece that begins in its span; the children before it are counted
  // by then. (first_piece_ and ranges_ change only here, under cut_mutex_: read without mutex_.)
  const std::size_t begin = search_.next_begin();
  std::vector<std::size_t> starting;
  for (std::size_t k = 1; k < lanes_.size(); ++k) {
    if (first_piece_[k] == kUnknown && begin >= bounds_[k]) starting.push_back(k);
  }
  std::vector<ChildCount> before;
  if (!starting.empty()) before = search_.children_before_next();
  std::pair<std::size_t, std::size_t> range;
  const PieceCut cut = search_.next(&range);
  const std::lock_guard lock(mutex_);
  for (const std::size_t k : starting) {
    first_piece_[k] = ranges_.size();
    before_[k] = before;
  }
  if (cut == PieceCut::Piece) {
    ranges_.push_back(range);
    return;
  }
  all_cut_ = true;
  if (cut == PieceCut::Unusual) failed_ = true;
  for (std::size_t k = 1; k < lanes_.size(); ++k) {  // lanes past the last piece: empty
    if (first_piece_[k] == kUnknown) {
      first_piece_[k] = ranges_.size();
      before_[k] = search_.children_before_next();
    }
  }
}

void PieceLanes::fail() {
  failed_ = true;
  throw PieceParseFailed();
}

std::vector<ChildCount> PieceLanes::children_before(unsigned lane) {
  for (;;) {
    {
      const std::lock_guard lock(mutex_);
      if (failed_) fail();
      if (first_piece_[lane] != kUnknown) return before_[lane];
    }
    cut_one();
  }
}

void PieceLanes::lane_done() {
  // A parse of the whole document takes its last byte for the NUL that ends it, and leaves it so:
  // the pieces leave the very bytes it does.
  if (++lanes_done_ == lanes_.size()) pieces_.buffer[pieces_.bytes.size() - 1] = '\0';
}

PieceLanes::Lane::~Lane() { hand_on_memory(); }

void PieceLanes::Lane::hand_on_memory() {
  tree_.reset();
  TreeMemory::give_back(std::move(memory_));
}

pugi::xml_node PieceLanes::Lane::next() {
  while (!done_) {
    std::pair<std::size_t, std::size_t> range;
    {
      const std::lock_guard lock(owner_.mutex_);
      if (owner_.failed_) owner_.fail();
      if (next_ == kUnknown) next_ = owner_.first_piece_[index_];
      const bool known = next_ != kUnknown && next_ < owner_.ranges_.size();
      if (!known && !(next_ != kUnknown && owner_.all_cut_)) {
        range = {kUnknown, kUnknown};
      } else if (!known || owner_.ranges_[next_].first >= owner_.bounds_[index_ + 1]) {
        done_ = true;
        owner_.lane_done();
        break;
      } else {
        range = owner_.ranges_[next_++];
      }
    }
    if (range.first == kUnknown) {  // not cut yet: cut on (or wait for the thread that cuts)
      owner_.cut_one();
      continue;
    }
    tree_.reset();  // the piece walked before: nothing points into its tree any more
    if (!memory_) memory_ = TreeMemory::for_input(range.second - range.first);
    if (memory_) memory_->clear();
    bool parsed = false;
    try {
      const TreeMemory::Scope scope(memory_.get());
      parsed = parse_piece(tree_, owner_.pieces_.buffer, range.first, range.second);
    } catch (const std::bad_alloc&) {
      parsed = false;
    }
    if (!parsed) {
      const std::lock_guard lock(owner_.mutex_);
      owner_.fail();
    }
    if (const pugi::xml_node first = tree_.first_child()) return first;
  }
  hand_on_memory();
  return {};
}

}  // namespace sitemaplint
