// The huge-page room of the large arrays a lint writes front to back (analysis/huge_pages.h).
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "analysis/huge_pages.h"

using namespace sitemaplint;

TEST_CASE("huge pages: an array from 512 KiB has a room of its own on a huge-page boundary") {
  CHECK_FALSE(in_huge_room(0));
  CHECK_FALSE(in_huge_room((std::size_t{512} << 10) - 1));
  CHECK(in_huge_room(std::size_t{512} << 10) == huge_pages_wanted());
  for (const std::size_t bytes : {std::size_t{100}, std::size_t{600} << 10, std::size_t{5} << 20}) {
    CAPTURE(bytes);
    auto* room = static_cast<unsigned char*>(allocate_room(bytes));
    REQUIRE(room != nullptr);
    if (in_huge_room(bytes)) CHECK(reinterpret_cast<std::uintptr_t>(room) % kHugePageBytes == 0);
    // Every byte is the caller's: written and read back at both ends.
    std::memset(room, 0x5a, bytes);
    CHECK(room[0] == 0x5a);
    CHECK(room[bytes - 1] == 0x5a);
    free_room(room, bytes);
  }
}

TEST_CASE("huge pages: a room's vector counts in elements written past its end without writing them") {
  // What the lanes' pages rely on (page_facts.cpp): written into the room first, then counted in.
  for (const std::size_t room : {std::size_t{16}, std::size_t{1} << 20}) {
    CAPTURE(room);
    std::vector<std::uint64_t, HugeRoomAllocator<std::uint64_t>> values;
    values.reserve(room);
    values.push_back(1);
    values.push_back(2);
    values.data()[2] = 3;
    values.data()[3] = 4;
    values.resize(4);
    CHECK(values == std::vector<std::uint64_t, HugeRoomAllocator<std::uint64_t>>{1, 2, 3, 4});
    values.emplace_back(5);  // with a value: constructed from it
    CHECK(values.back() == 5);
  }
}
