// search_directory: entries that change while a directory is searched (a folder that vanishes or
// turns into a file, a file that turns into a folder) are each reported, and the search goes on.
// The changes are made from the search's own hook, between the listing of an entry and its
// examination, so that each test is the same every time.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "load/source.h"
#include "run/directory_search.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

TEST_CASE("search_directory: entries that change during the search are reported, the others found") {
  TempDir dir;
  const std::string root = (dir.path / "site").string();
  dir.write("site/sitemap-a.xml", kCleanSitemap);
  dir.write("site/gone/sitemap.xml", kCleanSitemap);  // vanishes once listed
  dir.write("site/filed/sitemap.xml", kCleanSitemap);  // becomes a file once listed
  dir.write("site/sitemap-c.xml", kCleanSitemap);  // becomes a folder once listed
  dir.write("site/kept/sitemap-d.xml", kCleanSitemap);
  const auto change = [&](const std::string& path) {
    if (path == root + "/gone") fs::remove_all(path);
    if (path == root + "/filed") {
      fs::remove_all(path);
      dir.write("site/filed", "a file now\n");
    }
    if (path == root + "/sitemap-c.xml") {
      fs::remove(path);
      fs::create_directory(path);
    }
  };
  const DirectorySearch search = search_directory(root, {}, change);
  CHECK(search.error == "");
  CHECK(search.found ==
        std::vector<std::string>{root + "/kept/sitemap-d.xml", root + "/sitemap-a.xml", root + "/sitemap-c.xml"});
  CHECK(search.unusable ==
        std::vector<std::pair<std::string, std::string>>{{root + "/filed", root + "/filed: Not a directory"},
                                                         {root + "/gone", root + "/gone: No such file or directory"}});
  // The file that became a folder is refused when it is read, as any folder is.
  Input input;
  std::string error;
  CHECK_FALSE(load_input(root + "/sitemap-c.xml", &input, &error));
  CHECK(error == root + "/sitemap-c.xml: is a directory");
}

TEST_CASE("search_directory: the directory itself gone is its one error") {
  TempDir dir;
  const DirectorySearch search = search_directory((dir.path / "nothing").string());
  CHECK(search.error == (dir.path / "nothing").string() + ": No such file or directory");
  CHECK(search.found.empty());
}

TEST_CASE("search_directory: hidden entries and node_modules are passed over, unless named") {
  TempDir dir;
  const std::string root = (dir.path / "site").string();
  dir.write("site/sitemap.xml", kCleanSitemap);
  dir.write("site/.cache/sitemap.xml", kCleanSitemap);
  dir.write("site/.sitemap-draft.xml", kCleanSitemap);
  dir.write("site/node_modules/pkg/sitemap.xml", kCleanSitemap);
  dir.write("site/blog/sitemap.xml", kCleanSitemap);
  CHECK(search_directory(root).found == std::vector<std::string>{root + "/blog/sitemap.xml", root + "/sitemap.xml"});
  // A hidden folder given as the search's own directory is searched.
  CHECK(search_directory(root + "/.cache").found == std::vector<std::string>{root + "/.cache/sitemap.xml"});
}
