// The answers of the URLs a live audit is done with (live_pages.h): each URL's 64-bit key, two
// flags and its packed answer (answer_bytes.h), the answers' bytes one after another in large
// blocks. About 24 bytes a URL besides the answer's own bytes, where a slot, its node and its key
// took some 170 and a block of the heap for the answer.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

namespace sitemaplint {

class SettledAnswers {
 public:
  struct Entry {
    std::string_view packed;  // stays where it is
    bool listed = false;  // a listing named the URL
    bool logged = false;  // its --pages-log line is written
  };
  void add(std::uint64_t key, std::string_view packed, bool listed, bool logged);
  std::optional<Entry> find(std::uint64_t key) const;
  // Takes the URL back out (to a slot of its own). Its bytes stay where they are: an answer is seldom
  // taken back, and only after thousands of others.
  void erase(std::uint64_t key) { places_.erase(key); }
  bool empty() const { return places_.empty(); }
  std::size_t size() const { return places_.size(); }

 private:
  static constexpr std::size_t kBlockBytes = std::size_t{1} << 20;
  struct Place {
    std::uint32_t block = 0, offset = 0, size = 0;
    bool listed = false, logged = false;
  };
  boost::unordered_flat_map<std::uint64_t, Place> places_;
  // An answer larger than a block has a block of its own.
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::size_t filling_ = 0;  // the block answers are added to
  std::size_t used_ = kBlockBytes;  // of it
};

}  // namespace sitemaplint
