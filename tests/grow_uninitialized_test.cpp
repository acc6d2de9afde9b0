// A string grown for a read: exactly the size asked for, what it held kept, with room or without.
#include <doctest/doctest.h>

#include <string>

#include "load/grow_uninitialized.h"

using namespace sitemaplint;

TEST_CASE("grow uninitialized: the size asked for, the old bytes kept, within its room or past it") {
  std::string text = "abc";
  text.reserve(64);
  const char* const room = text.data();
  grow_uninitialized(text, 40);
  CHECK(text.size() == 40);
  CHECK(text.data() == room);  // within its room: not moved
  CHECK(text.substr(0, 3) == "abc");
  CHECK(text.c_str()[40] == '\0');
  text.replace(3, 37, std::string(37, 'd'));
  // Past its room, where the library grows it to twice the room (and once gave the operation that
  // length, not the one asked for: it then came out 128 bytes long).
  grow_uninitialized(text, 70);
  CHECK(text.size() == 70);
  CHECK(text.capacity() >= 70);
  CHECK(text.substr(0, 40) == "abc" + std::string(37, 'd'));
  CHECK(text.c_str()[70] == '\0');
  // From nothing, and back down with resize, as a short read leaves it.
  std::string empty;
  grow_uninitialized(empty, 1000);
  CHECK(empty.size() == 1000);
  empty.resize(10);
  CHECK(empty.size() == 10);
}
