// A file's rules split between two walks on two threads (EngineOptions::rule_threads, what --jobs gives
// a run with fewer files than jobs) find exactly what one walk finds: every fixture is linted both
// ways with the split forced. (A large sitemap through the CLI with --jobs 1 and 2 is parsed in
// pieces instead: tests/entry_pieces_test.cpp.)
#include <doctest/doctest.h>

#include <filesystem>

#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

TEST_CASE("rule threads: every fixture finds the same with its rules split between two walks") {
  std::size_t files = 0, with_findings = 0;
  for (const fs::path& path : rule_fixture_files()) {
    CAPTURE(path.string());
    const Settings settings = fixture_settings(path, read_file(path.string()));
    Settings split = settings;
    split.engine.rule_threads = 2;
    split.engine.split_rules_from_bytes = 0;
    const FileReport one = lint_input(load_fixture(path), every_rule(), settings);
    const FileReport two = lint_input(load_fixture(path), every_rule(), split);
    CHECK(findings_in_full(one.diagnostics) == findings_in_full(two.diagnostics));
    CHECK(one.entries == two.entries);
    CHECK(one.children.size() == two.children.size());
    ++files;
    with_findings += !one.diagnostics.empty();
  }
  CHECK(files > 300);
  CHECK(with_findings > 250);
}
