// --memory-limit: a set whose pages pass the limit writes them to partitions on disk and checks
// them from there, with exactly the findings of a run that held them all, in less memory.
#include <doctest/doctest.h>

#include <stdlib.h>
#include <sys/resource.h>

#include <fstream>
#include <string>

#include "bounded_run.h"
#include "run/memory_limit.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// A set of `files` sitemaps of `urls` pages each: URLs another file lists too (as written, and
// the same only once normalised), hreflang pairs across files, and two files of the same 10,050
// URLs, past SM803's cap.
void write_set(const TempDir& dir, std::size_t files, std::size_t urls) {
  for (std::size_t f = 0; f < files; ++f) {
    const std::string name = "f" + std::to_string(f);
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
        "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
    for (std::size_t i = 0; i < urls; ++i) {
      const std::string url = "https://example.com/" + name + "/p" + std::to_string(i);
      out += "  <url><loc>" + url + "</loc>";
      if (i % 50 == 0) {
        // Half of the counterparts have links of their own, half are listed without any (the graph
        // reads those back from the partitions).
        const std::size_t target = i % 100 == 0 ? i : i + 1;
        const std::string other =
            "https://example.com/f" + std::to_string((f + 1) % files) + "/p" + std::to_string(target);
        out += "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"" + url +
               "\"/><xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"" + other + "\"/>";
      }
      out += "</url>\n";
      if (f > 0 && i % 97 == 0)
        out += "  <url><loc>https://example.com/f" + std::to_string(f - 1) + "/p" + std::to_string(i + 1) +
               "</loc></url>\n";
      if (f > 1 && i % 131 == 0)
        out += "  <url><loc>HTTPS://Example.com:443/f" + std::to_string(f - 2) + "/p" + std::to_string(i + 3) +
               "</loc></url>\n";
    }
    dir.write("sitemap-" + name + ".xml", out + "</urlset>\n");
  }
  // Two files listing the same 10,050 URLs: the second has more duplicates than SM803 shows.
  std::string copy =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (std::size_t i = 0; i < 10'050; ++i)
    copy += "  <url><loc>https://example.com/c/p" + std::to_string(i) + "</loc></url>\n";
  dir.write("sitemap-copy-a.xml", copy + "</urlset>\n");
  dir.write("sitemap-copy-b.xml", copy + "</urlset>\n");
}

// TMPDIR for the runs a test makes, restored after.
class ScopedTmpdir {
 public:
  explicit ScopedTmpdir(const std::string& value) {
    if (const char* old = std::getenv("TMPDIR")) old_ = old;
    ::setenv("TMPDIR", value.c_str(), 1);
  }
  ~ScopedTmpdir() {
    if (old_) ::setenv("TMPDIR", old_->c_str(), 1);
    else ::unsetenv("TMPDIR");
  }
  ScopedTmpdir(const ScopedTmpdir&) = delete;
  ScopedTmpdir& operator=(const ScopedTmpdir&) = delete;

 private:
  std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("set spill: memory limits as written") {
  using sitemaplint::parse_memory_limit;
  CHECK(parse_memory_limit("256MiB") == 256u << 20);
  CHECK(parse_memory_limit("256m") == 256u << 20);
  CHECK(parse_memory_limit("2G") == std::uint64_t{2} << 30);
  CHECK(parse_memory_limit("1GB") == 1'000'000'000u);
  CHECK(parse_memory_limit("4096") == 4096u);
  CHECK(parse_memory_limit("0") == 0u);
  CHECK(parse_memory_limit("none") == 0u);
  CHECK(parse_memory_limit("NONE") == 0u);
  CHECK_FALSE(parse_memory_limit(""));
  CHECK_FALSE(parse_memory_limit("MiB"));
  CHECK_FALSE(parse_memory_limit("12 MiB"));
  CHECK_FALSE(parse_memory_limit("-1G"));
  CHECK_FALSE(parse_memory_limit("1.5G"));
  CHECK_FALSE(parse_memory_limit("99999999999999999999"));
  CHECK_FALSE(parse_memory_limit("9999999999T"));
  CHECK(sitemaplint::default_memory_limit() > 0);
}

TEST_CASE("set spill: a set checked from disk has the findings of the run that held it, byte for byte") {
  TempDir dir;
  write_set(dir, 12, 2'000);
  const std::vector<std::string> set = {"--no-config", "--format", "json", dir.path.string()};
  auto with = [&](const std::string& limit) {
    std::vector<std::string> args = set;
    args.insert(args.begin(), {"--memory-limit", limit});
    return run_cli(args);
  };
  const CommandResult in_memory = with("none");
  REQUIRE(in_memory.exit_code == 1);
  // What the set holds: duplicates (one file past the cap), hreflang findings across files.
  CHECK(in_memory.out.find("\"SM803\"") != std::string::npos);
  CHECK(in_memory.out.find("more findings of this rule in this file are not shown") != std::string::npos);
  CHECK(in_memory.out.find("once both are normalised") != std::string::npos);
  CHECK(in_memory.out.find("\"LANG501\"") != std::string::npos);
  CHECK(in_memory.out.find("\"LANG502\"") != std::string::npos);
  for (const std::string limit : {"256KiB", "1MiB", "4MiB"}) {
    CAPTURE(limit);
    const CommandResult spilled = with(limit);
    CHECK(spilled.exit_code == 1);
    CHECK(spilled.err.empty());
    CHECK(spilled.out == in_memory.out);
  }
  // The small limit does spill: where no folder can be made, it says so, and keeps the pages.
  const ScopedTmpdir nowhere(dir.write("not-a-folder", "x"));
  const CommandResult unwritable = with("256KiB");
  CHECK(unwritable.err.find("the set's pages stay in memory, past --memory-limit") != std::string::npos);
  CHECK(unwritable.out == in_memory.out);
}

TEST_CASE("set spill: the spilled run's peak memory stays below the in-memory run's") {
  // 8 text sitemaps of 80,000 URLs: 640,000 pages, 18 MB of page facts held at once.
  const std::size_t urls = sized_for_build(80'000);
  TempDir dir;
  std::vector<std::string> paths;
  for (int f = 0; f < 8; ++f) {
    const std::string path = (dir.path / ("sitemap-" + std::to_string(f) + ".txt")).string();
    std::ofstream out(path, std::ios::binary);
    std::string text;
    for (std::size_t i = 0; i < urls; ++i)
      text += "https://www.example.com/" + std::to_string(f) + "/" + std::to_string(i) + "\n";
    text += "https://www.example.com/0/" + std::to_string(f) + "\n";  // one duplicate a file
    out << text;
    paths.push_back(path);
  }
  auto run = [&](const std::string& limit) {
    std::vector<std::string> args = {"--no-config", "--quiet", "--color", "never", "--memory-limit", limit, "-j", "2"};
    args.insert(args.end(), paths.begin(), paths.end());
    return run_bounded(args, 120 * kSlowdown);
  };
  const BoundedResult in_memory = run("none");
  const BoundedResult spilled = run("4MiB");
  // 1 where a file is past 50,000 URLs (an error); the smaller files of a sanitizer build give
  // warnings only. Either way the runs agree, and the duplicates across files are found.
  REQUIRE(in_memory.exit_code == (urls > 50'000 ? 1 : 0));
  REQUIRE(spilled.exit_code == in_memory.exit_code);
  CHECK(in_memory.out.find("SM803 duplicate-across-sitemaps") != std::string::npos);
  CHECK(spilled.out == in_memory.out);
  CHECK(spilled.err.empty());
  MESSAGE("peak memory: " << in_memory.max_rss_kib / 1024 << " MiB in memory, " << spilled.max_rss_kib / 1024
                          << " MiB spilled");
  if (kSanitizedShare > 1) return;  // figures are not checked under the sanitizers
  // A forked child's peak counts the memory it shared with this process before its exec: after
  // many other tests in one process (not under ctest, which runs each alone), that can hide both
  // runs' own peaks.
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);
  if (self.ru_maxrss + 10 * 1024 >= in_memory.max_rss_kib) {
    MESSAGE("this test process's own " << self.ru_maxrss / 1024 << " MiB hide the runs' peaks: run the test alone");
    return;
  }
  CHECK(spilled.max_rss_kib + 10 * 1024 < in_memory.max_rss_kib);  // 23 MiB against 40 MiB here
}
