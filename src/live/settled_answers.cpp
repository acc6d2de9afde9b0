#include "live/settled_answers.h"

#include <cstring>

namespace sitemaplint {

void SettledAnswers::add(std::uint64_t key, std::string_view packed, bool listed, bool logged) {
  std::size_t block;
  std::size_t offset = 0;
  if (packed.size() > kBlockBytes) {
    // A block of its own; the block being filled stays so.
    blocks_.push_back(std::make_unique<char[]>(packed.size()));
    block = blocks_.size() - 1;
  } else {
    if (packed.size() > kBlockBytes - used_) {
      blocks_.push_back(std::make_unique<char[]>(kBlockBytes));
      filling_ = blocks_.size() - 1;
      used_ = 0;
    }
    block = filling_;
    offset = used_;
    used_ += packed.size();
  }
  std::memcpy(blocks_[block].get() + offset, packed.data(), packed.size());
  places_[key] = {static_cast<std::uint32_t>(block), static_cast<std::uint32_t>(offset),
                  static_cast<std::uint32_t>(packed.size()), listed, logged};
}

std::optional<SettledAnswers::Entry> SettledAnswers::find(std::uint64_t key) const {
  const auto found = places_.find(key);
  if (found == places_.end()) return std::nullopt;
  const Place& place = found->second;
  return Entry{std::string_view(blocks_[place.block].get() + place.offset, place.size), place.listed, place.logged};
}

}  // namespace sitemaplint
