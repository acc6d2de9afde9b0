// The fuzz targets (fuzz/) in the normal build: every input that once broke a target, kept in
// testdata/fuzz/<target>/, is replayed through that target's own checks, and every target passes
// on ordinary fixtures (a target that failed on good input would only ever find itself).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "fuzz_targets.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint::testing;

namespace sitemaplint::fuzz {

// In the fuzzer a broken property aborts; here it is an exception doctest reports with its message.
void fail(const std::string& what) { throw std::runtime_error(what); }

}  // namespace sitemaplint::fuzz

namespace {

using Target = void (*)(std::string_view);

const std::vector<std::pair<std::string, Target>>& targets() {
  namespace f = sitemaplint::fuzz;
  static const std::vector<std::pair<std::string, Target>> all = {
      {"lint", f::lint},     {"pieces", f::pieces},     {"report", f::report}, {"fix", f::fix},
      {"config", f::config}, {"baseline", f::baseline}, {"lsp", f::lsp},       {"datetime", f::datetime},
      {"uri", f::uri},       {"suppress", f::suppress}, {"pages", f::pages},   {"records", f::records},
  };
  return all;
}

Target target_named(const std::string& name) {
  for (const auto& [n, run] : targets()) {
    if (n == name) return run;
  }
  return nullptr;
}

void replay(const std::string& target, std::string_view input) {
  try {
    target_named(target)(input);
  } catch (const std::exception& e) {
    FAIL_CHECK("fuzz target " << target << ": " << std::string(e.what()));
  }
}

}  // namespace

TEST_CASE("fuzz regressions: every saved input passes its target's checks") {
  const fs::path root = source_path("testdata/fuzz");
  REQUIRE(fs::is_directory(root));
  std::size_t replayed = 0;
  for (const auto& folder : fs::directory_iterator(root)) {
    const std::string target = folder.path().filename().string();
    CAPTURE(target);
    const bool known = target_named(target) != nullptr;
    REQUIRE_MESSAGE(known, "testdata/fuzz/" << target << " names no fuzz target");
    std::vector<fs::path> inputs;
    for (const auto& file : fs::directory_iterator(folder.path())) inputs.push_back(file.path());
    std::sort(inputs.begin(), inputs.end());
    for (const fs::path& input : inputs) {
      CAPTURE(input.string());
      replay(target, read_file(input.string()));
      ++replayed;
    }
  }
  CHECK(replayed > 0);
}

TEST_CASE("fuzz targets: ordinary inputs pass every target") {
  const std::string sitemap = read_file(source_path("testdata/example/sitemap.xml"));
  for (const char* target : {"lint", "pieces", "report", "fix", "suppress"}) {
    CAPTURE(target);
    replay(target, sitemap);
    replay(target, read_file(source_path("testdata/extensions/news.xml")));
    replay(target, read_file(source_path("testdata/rules/SM007-compression-error/valid.xml.gz")));
    replay(target, "https://example.com/a\nhttps://example.com/b\n");
  }
  replay("config", "select = [\"ALL\"]\nignore = [\"SM1\"]\nmax-warnings = 3\n[severity]\nSM203 = \"info\"\n");
  replay("baseline", "{\"version\": 1, \"findings\": []}");
  // A file name and values that are no UTF-8: the baseline written from them silences them.
  replay("baseline", "caf\xE9\nhttps://example.com/\xFF\x01\n\xC3(soon\nof\xF0\x9Ften\n5&\n\xED\xA0\x80");
  // A record file holding no records (docs/records.md), and the bytes of its header alone.
  const std::string records("SMLREC\r\n\1\0\0\0\0\0\0\0\1\0\0\0\0\0\0\0\0\0\0\0\0", 29);
  replay("records", records);
  replay("records", records.substr(0, 20));
  replay("datetime", "2024-05-01T10:00:00+02:00");
  replay("uri", "https://user@exa%41mple.com:443/a/./b/../c?q=1#f");
  replay("suppress", "disable-next-line SM301\nenable");
  replay("pages", std::string("/blog/*  /news/:splat\n/a /b 302!\n/app/* /index.html 200\n", 56) + '\0' +
                      read_file(source_path("testdata/sites/basic/draft/index.html")));
  replay("lsp", "Content-Length: 58\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}");
}
