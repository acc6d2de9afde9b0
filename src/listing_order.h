// The order in which a run's files hand their listed URLs to the live audit (PageLookup::prefetch),
// so that --max-urls keeps the same URLs whichever file is read first: the files of one stage of a
// run (its inputs, then their indexes' children) are linted on several threads at once, and each
// waits for the files before it to have handed theirs over (which they do before their walk), not
// for their walks or fetches.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace sitemaplint {

class ListingOrder {
 public:
  explicit ListingOrder(std::size_t files) : passed_(files, false) {}
  // Blocks until every file before `file` has passed. Files are handed to threads in order
  // (parallel_for), so each file waited for is on a thread already and never waits for a later one.
  void wait_turn(std::size_t file);
  // `file` has handed its URLs over, or never will (it could not be read, or lists none); again: no effect.
  void pass(std::size_t file);

 private:
  std::mutex mutex_;
  std::condition_variable turn_;
  std::vector<bool> passed_;
  std::size_t first_waiting_ = 0;  // files before it have all passed
};

// A file's place in its stage's order; without an order, the file waits for none.
struct ListingTurn {
  std::shared_ptr<ListingOrder> order;
  std::size_t file = 0;
  void wait() const {
    if (order) order->wait_turn(file);
  }
  void pass() const {
    if (order) order->pass(file);
  }
};

// Passes its turn when the file's lint is over, however it ended: a file that failed before it
// handed anything over never holds the files after it.
class PassOnExit {
 public:
  explicit PassOnExit(const ListingTurn& turn) : turn_(turn) {}
  ~PassOnExit() { turn_.pass(); }
  PassOnExit(const PassOnExit&) = delete;
  PassOnExit& operator=(const PassOnExit&) = delete;

 private:
  const ListingTurn& turn_;
};

}  // namespace sitemaplint
