#include "listing_order.h"

namespace sitemaplint {

void ListingOrder::wait_turn(std::size_t file) {
  std::unique_lock lock(mutex_);
  turn_.wait(lock, [&] { return first_waiting_ >= file; });
}

void ListingOrder::pass(std::size_t file) {
  {
    std::lock_guard lock(mutex_);
    if (file >= passed_.size() || passed_[file]) return;
    passed_[file] = true;
    while (first_waiting_ < passed_.size() && passed_[first_waiting_]) ++first_waiting_;
  }
  turn_.notify_all();
}

}  // namespace sitemaplint
