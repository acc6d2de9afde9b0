// The listing of a build folder (pages/folder_listing): every entry once, whatever the number of
// threads, links returned unfollowed, and a listing that stops short says so.
#include "pages/folder_listing.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "test_support.h"

namespace sitemaplint {
namespace {

using testing::TempDir;

std::vector<std::string> sorted(std::vector<std::string> paths) {
  std::sort(paths.begin(), paths.end());
  return paths;
}

// A tree wide and deep enough that several threads share it: 40 folders of 3 files, nested 3 deep.
void write_tree(const TempDir& dir) {
  for (int i = 0; i < 40; ++i) {
    const std::string folder = "p/" + std::to_string(i) + "/q/r/";
    for (int j = 0; j < 3; ++j) dir.write(folder + std::to_string(j) + ".html", "x");
  }
  dir.write("index.html", "x");
}

TEST_CASE("folder listing: every file and folder once, on one thread or four") {
  TempDir dir;
  write_tree(dir);
  const FolderListing one = list_folder_tree(dir.path.string(), 1, 100000);
  REQUIRE(one.complete);
  CHECK(one.files.size() == 121);
  CHECK(one.folders.size() == 1 + 40 * 3);  // p, and p/N, p/N/q, p/N/q/r
  CHECK(std::count(one.files.begin(), one.files.end(), "p/7/q/r/2.html") == 1);
  CHECK(std::count(one.folders.begin(), one.folders.end(), "p/39/q") == 1);
  CHECK(one.links.empty());
  for (const unsigned threads : {2u, 4u}) {
    const FolderListing many = list_folder_tree(dir.path.string(), threads, 100000);
    INFO(threads);
    CHECK(many.complete);
    CHECK(sorted(many.files) == sorted(one.files));
    CHECK(sorted(many.folders) == sorted(one.folders));
  }
}

TEST_CASE("folder listing: links are returned, not followed") {
  TempDir dir;
  dir.write("real/a.html", "x");
  std::filesystem::create_directory_symlink(dir.path / "real", dir.path / "linked");
  std::filesystem::create_symlink("/etc/passwd", dir.path / "out.html");
  const FolderListing listing = list_folder_tree(dir.path.string(), 2, 1000);
  CHECK(listing.complete);
  CHECK(sorted(listing.links) == std::vector<std::string>{"linked", "out.html"});
  CHECK(listing.files == std::vector<std::string>{"real/a.html"});
}

TEST_CASE("folder listing: past the entry limit, or without the root, it is not complete") {
  TempDir dir;
  write_tree(dir);
  CHECK_FALSE(list_folder_tree(dir.path.string(), 2, 50).complete);
  CHECK_FALSE(list_folder_tree((dir.path / "none").string(), 2, 50).complete);
}

}  // namespace
}  // namespace sitemaplint
