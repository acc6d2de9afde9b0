// A large file read on two threads holds the very bytes a read on one does.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "load/read_in_halves.h"
#include "load/source.h"
#include "test_support.h"

using namespace sitemaplint;

TEST_CASE("a large file read in halves holds what a read on one thread holds, byte for byte") {
  const testing::TempDir dir;
  std::mt19937 random(11);
  for (const std::size_t size : {std::size_t{4} << 20, (std::size_t{5} << 20) + 3, (std::size_t{9} << 20) + 4095}) {
    CAPTURE(size);
    REQUIRE(reads_in_halves(size, 2));
    std::string bytes(size, '\0');
    for (char& c : bytes) c = static_cast<char>(random());
    const std::string path = dir.write("big-" + std::to_string(size) + ".xml", bytes);
    for (const unsigned threads : {1u, 2u}) {
      Input input;
      std::string error;
      REQUIRE(load_input(path, &input, &error, threads));
      CHECK(error.empty());
      CHECK(input.bytes.size() == size);
      CHECK(input.bytes == bytes);
    }
  }
  // Small files, or one thread: read as before.
  CHECK_FALSE(reads_in_halves(std::size_t{4} << 20, 1));
  CHECK_FALSE(reads_in_halves((std::size_t{4} << 20) - 1, 2));
}

TEST_CASE("a large file read again in halves into its buffer holds it as written, and only at its size") {
  const testing::TempDir dir;
  std::mt19937 random(12);
  const std::size_t size = (std::size_t{6} << 20) + 7;
  std::string bytes(size, '\0');
  for (char& c : bytes) c = static_cast<char>(random());
  const std::string path = dir.write("again.xml", bytes);
  for (const unsigned threads : {1u, 2u}) {
    CAPTURE(threads);
    std::string buffer(size, 'x');  // as a parse in place leaves it: other bytes
    CHECK(read_input_again(path, buffer, threads));
    CHECK(buffer == bytes);
    std::string shorter(size - 1, 'x'), longer(size + 1, 'x');
    CHECK_FALSE(read_input_again(path, shorter, threads));
    CHECK_FALSE(read_input_again(path, longer, threads));
  }
}

TEST_CASE("a large gzip file read in halves is inflated as a file read on one thread is") {
  const testing::TempDir dir;
  std::string xml = "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  std::mt19937 random(5);
  // Random names compress little: the compressed file itself reaches the size read in halves.
  const std::string letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";
  for (int k = 0; k < 150000; ++k) {
    std::string name(40, 'a');
    for (char& c : name) c = letters[random() % letters.size()];
    xml += "<url><loc>https://example.com/" + name + "</loc></url>\n";
  }
  const std::string compressed = testing::gzip_for_test(xml + "</urlset>\n");
  REQUIRE(reads_in_halves(compressed.size(), 2));
  const std::string path = dir.write("big.xml.gz", compressed);
  Input one, two;
  std::string error;
  REQUIRE(load_input(path, &one, &error, 1));
  REQUIRE(load_input(path, &two, &error, 2));
  CHECK(two.compressed);
  CHECK(two.bytes == xml + "</urlset>\n");
  CHECK(two.bytes == one.bytes);
}
