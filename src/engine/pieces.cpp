#include "engine/pieces.h"

#include <new>

namespace sitemaplint {

PieceParser::PieceParser(const DocumentPieces& pieces, unsigned helpers)
    : pieces_(pieces), cutter_(pieces.bytes, *pieces.root, pieces.piece_bytes), ahead_(2 * (std::size_t{helpers} + 1)) {
  for (unsigned i = 0; i < helpers; ++i) helpers_.emplace_back([this] { help(); });
}

PieceParser::~PieceParser() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  for (std::thread& helper : helpers_) helper.join();
}

// Parses piece `piece` (taken: State::Parsing) with the lock released, into a tree walked before
// when there is one: its memory is warm.
void PieceParser::parse(std::size_t piece, std::unique_lock<std::mutex>& lock) {
  std::unique_ptr<pugi::xml_document> tree;
  if (!spare_.empty()) {
    tree = std::move(spare_.back());
    spare_.pop_back();
  }
  const auto [begin, end] = ranges_[piece];
  lock.unlock();
  bool parsed = false;
  try {  // out of memory on a helper: the walk gives up on pieces, as for a piece that fails
    if (!tree) tree = std::make_unique<pugi::xml_document>();
    char* bytes = pieces_.buffer + begin;
    // pugixml takes the last byte for a NUL and reads it as the '>' it was (pugixml.cpp, parse);
    // written back, the bytes are what a parse of the whole document leaves: it writes no NUL over
    // the '>' that ends an element.
    const char last = bytes[end - begin - 1];
    parsed = tree->load_buffer_inplace(bytes, end - begin, kXmlParseFlags | pugi::parse_fragment, pugi::encoding_utf8);
    bytes[end - begin - 1] = last;
  } catch (const std::bad_alloc&) {
    parsed = false;
  }
  lock.lock();
  trees_[piece] = std::move(tree);
  states_[piece] = parsed ? State::Parsed : State::Failed;
  changed_.notify_all();
}

// Takes the next piece, cut first when it is not yet: false when there is none.
bool PieceParser::claim(std::size_t* piece) {
  if (claimed_ == ranges_.size()) {
    if (all_cut_) return false;
    std::pair<std::size_t, std::size_t> range;
    const EntryCutter::Cut cut = cutter_.next(&range);
    if (cut != EntryCutter::Cut::Piece) {
      all_cut_ = true;
      unusual_ = cut == EntryCutter::Cut::Unusual;
      changed_.notify_all();
      return false;
    }
    ranges_.push_back(range);
    states_.push_back(State::Parsing);
    trees_.emplace_back();
  }
  *piece = claimed_++;
  states_[*piece] = State::Parsing;
  return true;
}

void PieceParser::help() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock,
                  [&] { return stopping_ || (all_cut_ && claimed_ == ranges_.size()) || claimed_ < walked_ + ahead_; });
    std::size_t piece = 0;
    if (stopping_ || !claim(&piece)) return;
    parse(piece, lock);
  }
}

pugi::xml_node PieceParser::next() {
  std::unique_lock lock(mutex_);
  if (walked_ > 0) {  // the piece walked last: nothing points into its tree any more
    std::unique_ptr<pugi::xml_document>& done = trees_[walked_ - 1];
    if (done) {
      done->reset();
      spare_.push_back(std::move(done));
    }
  }
  for (;;) {
    std::size_t piece = walked_;
    if (piece == claimed_) {  // not taken: this thread cuts and parses it
      if (!claim(&piece)) {
        if (unusual_) throw PieceParseFailed();
        // A parse of the whole document takes its last byte for the NUL that ends it, and leaves
        // it so: the pieces leave the very bytes it does.
        pieces_.buffer[pieces_.bytes.size() - 1] = '\0';
        return {};
      }
      parse(piece, lock);
    }
    ++walked_;
    changed_.notify_all();  // room ahead for the helpers
    changed_.wait(lock, [&] { return states_[piece] != State::Parsing; });
    if (states_[piece] == State::Failed) throw PieceParseFailed();
    if (const pugi::xml_node first = trees_[piece]->first_child()) return first;
  }
}

}  // namespace sitemaplint
