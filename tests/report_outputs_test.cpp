// -o FORMAT=FILE: several reports from one run, each in its own file, the --format one where it
// always goes; no report over an input, and none left half-written.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// One error (raw ampersand) and one warning (child out of order).
const std::string kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
    "  <url><lastmod>2024-01-01</lastmod><loc>https://example.com/x</loc></url>\n"
    "</urlset>\n";

}  // namespace

TEST_CASE("outputs: -o FORMAT=FILE writes each report from the same run") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  const std::string json = (dir.path / "report.json").string();
  const std::string sarif = (dir.path / "out dir" / "report.sarif").string();
  dir.write("out dir/.keep", "");
  const CommandResult result =
      run_cli({"--format", "github", "--now", kTestNow, "-o", "json=" + json, "--output", "sarif=" + sarif, input});
  CHECK(result.exit_code == 1);
  // The --format report still goes to standard output.
  CHECK(result.out.find("::error file=") != std::string::npos);
  CHECK(result.out.find("::warning file=") != std::string::npos);
  const auto report = nlohmann::json::parse(read_file(json));
  CHECK(report["summary"]["errors"] == 1);
  CHECK(report["summary"]["warnings"] == 1);
  const auto log = nlohmann::json::parse(read_file(sarif));
  CHECK(log["runs"][0]["results"].size() == 2);
}

TEST_CASE("outputs: a plain -o FILE still takes the --format report, beside FORMAT=FILE ones") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  const std::string human = (dir.path / "report.txt").string();
  const std::string gcc = (dir.path / "report.gcc").string();
  const CommandResult result = run_cli({"-o", human, "-o", "gcc=" + gcc, input});
  CHECK(result.exit_code == 1);
  CHECK(result.out.empty());
  CHECK(read_file(human).find("Found 1 error, 1 warning") != std::string::npos);
  CHECK(read_file(gcc).find(": error: raw '&'") != std::string::npos);
}

TEST_CASE("outputs: a file named like FORMAT=x is written with ./, and mistakes are usage errors") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  // "./json=x" is a file for the --format report, not a JSON report.
  CHECK(run_cli({"-o", "./json=odd name.txt", input}, "", dir.path.string()).exit_code == 1);
  CHECK(read_file((dir.path / "json=odd name.txt").string()).find("Found 1 error") != std::string::npos);

  const CommandResult twice = run_cli({"-o", (dir.path / "a").string(), "-o", (dir.path / "b").string(), input});
  CHECK(twice.exit_code == 2);
  CHECK(twice.err.find("two files") != std::string::npos);
  CHECK(run_cli({"-o", "json=", input}).exit_code == 2);
  // Two reports into one file, however it is spelled: the second would replace the first.
  const CommandResult same = run_cli({"-o", "json=r.json", "-o", "sarif=./r.json", input}, "", dir.path.string());
  CHECK(same.exit_code == 2);
  CHECK(same.err.find("the json and sarif reports both go to ./r.json") != std::string::npos);
  CHECK(!std::filesystem::exists(dir.path / "r.json"));
  // Never over an input, whichever report would go there; nothing is written then.
  const CommandResult over = run_cli({"-o", "json=" + (dir.path / "r.json").string(), "-o", "sarif=" + input, input});
  CHECK(over.exit_code == 2);
  CHECK(over.err.find("is one of the inputs") != std::string::npos);
  CHECK(read_file(input) == kSitemap);
  CHECK(!std::filesystem::exists(dir.path / "r.json"));
}

TEST_CASE("outputs: a URL is fetched once however many reports are written") {
  HttpTestServer server;
  server.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, kSitemap});
  TempDir dir;
  const CommandResult result = run_cli({"--format", "json", "-o", "sarif=" + (dir.path / "r.sarif").string(), "-o",
                                        "junit=" + (dir.path / "r.xml").string(), server.url("/sitemap.xml")});
  CHECK(result.exit_code == 1);
  CHECK(server.hits("/sitemap.xml") == 1);
  // The same findings in each report (the URLs lie outside the served sitemap's scope too).
  const auto json = nlohmann::json::parse(result.out);
  const auto& summary = json["summary"];
  const std::size_t findings = summary["errors"].get<std::size_t>() + summary["warnings"].get<std::size_t>() +
                               summary["infos"].get<std::size_t>();
  CHECK(findings >= 2);
  CHECK(nlohmann::json::parse(read_file((dir.path / "r.sarif").string()))["runs"][0]["results"].size() == findings);
  CHECK(read_file((dir.path / "r.xml").string()).find("<testsuite") != std::string::npos);
}

namespace {

// The report must be written, for the input it was about.
bool is_json_report(const std::string& text) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  return !json.is_discarded() && json.contains("summary");
}

// Runs sitemaplint with `args` in a shell whose files may grow to `blocks` blocks (ulimit -f):
// writing past that fails with EFBIG, as a full disk fails with ENOSPC. Output and errors together.
CommandResult run_cli_with_file_limit(int blocks, const std::vector<std::string>& args) {
  std::string command =
      "ulimit -f " + std::to_string(blocks) + " && trap '' XFSZ && exec " + shell_quote(SITEMAPLINT_BINARY);
  for (const std::string& arg : args) command += " " + shell_quote(arg);
  return run_command(command + " </dev/null");
}

}  // namespace

TEST_CASE("outputs: no report or baseline replaces an input, by any of its names, and nothing is written then") {
  TempDir dir;
  const std::string input = dir.write("site/sitemap.xml", kSitemap);
  std::filesystem::create_symlink(input, dir.path / "link.xml");
  std::filesystem::create_hard_link(input, dir.path / "hard.xml");
  const std::string cwd = dir.path.string();
  // The input named relative to the working directory; the outputs by every other name of it.
  for (const std::string& name :
       {std::string("site/sitemap.xml"), std::string("./site//sitemap.xml"), input,
        std::string("site/../site/sitemap.xml"), std::string("link.xml"), std::string("hard.xml")}) {
    for (const std::vector<std::string>& option : {std::vector<std::string>{"-o", name},
                                                   {"-o", "json=" + name},
                                                   {"--write-baseline", name},
                                                   {"--fix", "-o", name},
                                                   {"--fix", "--write-baseline", name}}) {
      CAPTURE(name);
      CAPTURE(option.front() + " " + option.back());
      std::vector<std::string> args = option;
      args.push_back("site/sitemap.xml");
      const CommandResult result = run_cli(args, "", cwd);
      CHECK(result.exit_code == 2);
      const std::string same = name == "site/sitemap.xml" ? "" : " ('site/sitemap.xml' is the same file)";
      CHECK(result.err.find("'" + name + "' is one of the inputs; refusing to overwrite it" + same + " (see") !=
            std::string::npos);
      CHECK(read_file(input) == kSitemap);  // not replaced, and not fixed either
      CHECK(std::filesystem::hard_link_count(input) == 2);
    }
  }
  // Standard input redirected from the file reads it.
  const CommandResult piped = run_command("cd " + shell_quote(cwd) + " && " + shell_quote(SITEMAPLINT_BINARY) +
                                          " -o link.xml - < site/sitemap.xml");
  CHECK(piped.exit_code == 2);
  CHECK(piped.out.find("'link.xml' is one of the inputs; refusing to overwrite it (standard input reads it)") !=
        std::string::npos);
  CHECK(read_file(input) == kSitemap);
  // A file found by searching a directory is an input too.
  const CommandResult found = run_cli({"--write-baseline", "hard.xml", "site"}, "", cwd);
  CHECK(found.exit_code == 2);
  CHECK(found.err ==
        "sitemaplint: error: --write-baseline: 'hard.xml' is one of the inputs; refusing to overwrite it "
        "('site/sitemap.xml' is the same file) (see sitemaplint --help)\n");
  CHECK(read_file(input) == kSitemap);
  // So is the child an index names, found under --root.
  const std::string child = dir.write("root/child.xml", kSitemap);
  dir.write(
      "root/sitemap_index.xml",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
      "<sitemap><loc>https://example.com/child.xml</loc></sitemap></sitemapindex>\n");
  const CommandResult children = run_cli({"--base-url", "https://example.com/sitemap_index.xml", "--root", "root", "-o",
                                          "json=root/child.xml", "root/sitemap_index.xml"},
                                         "", cwd);
  CHECK(children.exit_code == 2);
  CHECK(children.err.find("'root/child.xml' is one of the inputs; refusing to overwrite it") != std::string::npos);
  CHECK(read_file(child) == kSitemap);
}

TEST_CASE("outputs: a failed write (a full disk) leaves the file as it was, says why and exits 2") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  const std::string old_report = "an earlier report\n";
  const std::string report = dir.write("out/report.json", old_report);
  const std::string baseline = dir.write("out/baseline.json", old_report);
  // With no room at all the first write fails (EFBIG), as it would on a full disk (ENOSPC).
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--format", "json", "-o", report, input},
                                               {"-o", "json=" + report, input},
                                               {"--write-baseline", baseline, input}}) {
    CAPTURE(args.front());
    const CommandResult result = run_cli_with_file_limit(0, args);
    CHECK(result.exit_code == 2);
    CHECK(result.out.find(": writing failed: File too large (the file is as it was)") != std::string::npos);
    CHECK(read_file(report) == old_report);
    CHECK(read_file(baseline) == old_report);
    // The temporary file is gone.
    CHECK(std::distance(std::filesystem::directory_iterator(dir.path / "out"), std::filesystem::directory_iterator()) ==
          2);
  }
  // /dev/full, a device, is written as it is: its error is named.
  for (const std::vector<std::string>& args : {std::vector<std::string>{"-o", "/dev/full", input},
                                               {"-o", "sarif=/dev/full", input},
                                               {"--write-baseline", "/dev/full", input}}) {
    CAPTURE(args.front());
    const CommandResult result = run_cli(args);
    CHECK(result.exit_code == 2);
    CHECK(result.err.find("/dev/full: writing failed: No space left on device") != std::string::npos);
  }
  // /dev/null stays a device: a report there is thrown away, not renamed over it.
  CHECK(run_cli({"-o", "/dev/null", "-o", "json=/dev/null", input}).exit_code == 1);
  CHECK(std::filesystem::is_character_file("/dev/null"));
}

TEST_CASE(
    "outputs: a report is written under another name and renamed into place: SIGTERM mid-write leaves the old one") {
  TempDir dir;
  std::string text = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (int i = 0; i < 60'000; ++i)
    text += "<url><loc>https://example.com/p" + std::to_string(i) + "?a=1&b=2</loc></url>\n";
  text += "</urlset>\n";
  const std::string input = dir.write("sitemap.xml", text);
  const std::string old_report = "an earlier report\n";
  const std::string report = dir.write("out/report.json", old_report);
  const std::string folder = (dir.path / "out").string() + "/";
  // A loaded machine may let the run finish between the look that sees it writing and the
  // signal: that attempt proves nothing, and another is made. A run stopped by the signal must
  // always have left the old report, whichever attempt it is.
  bool stopped_mid_write = false;
  for (int attempt = 0; attempt < 5 && !stopped_mid_write; ++attempt) {
    CAPTURE(attempt);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      ::execl(SITEMAPLINT_BINARY, "sitemaplint", "--format", "json", "-o", report.c_str(), input.c_str(),
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    // The moment the run opens a file in the report's folder, it is writing the report: stop it then.
    bool killed = false;
    const std::string fds = "/proc/" + std::to_string(child) + "/fd";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!killed && std::chrono::steady_clock::now() < deadline && ::waitpid(child, nullptr, WNOHANG) == 0) {
      std::error_code ec;
      for (std::filesystem::directory_iterator it(fds, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string target = std::filesystem::read_symlink(it->path(), ec).string();
        if (!ec && target.starts_with(folder)) {
          ::kill(child, SIGTERM);
          killed = true;
          break;
        }
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!killed || !WIFSIGNALED(status) || read_file(report) != old_report) {
      // Too late: the report took the old one's place before the signal came (the run may
      // still have been printing its summary). It must be whole, never a part.
      CHECK(is_json_report(read_file(report)));
      dir.write("out/report.json", old_report);
      continue;
    }
    // Stopped while it wrote: the old report stands, and nothing is left beside it.
    stopped_mid_write = true;
    CHECK(std::distance(std::filesystem::directory_iterator(dir.path / "out"), std::filesystem::directory_iterator()) ==
          1);
  }
  REQUIRE_MESSAGE(stopped_mid_write, "no attempt stopped the run while it wrote the report");
  // Not killed, the whole report takes its place.
  CHECK(run_cli({"--format", "json", "-o", report, input}).exit_code == 1);
  CHECK(is_json_report(read_file(report)));
}

TEST_CASE("outputs: a symbolic link is followed and kept, and /dev/fd/N writes to that descriptor") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  const std::string cwd = dir.path.string();
  dir.write("reports/old.txt", "an earlier report\n");
  std::filesystem::create_symlink("reports/old.txt", dir.path / "report.txt");
  std::filesystem::create_symlink("reports/new.txt", dir.path / "dangling.txt");
  CHECK(run_cli({"-o", "report.txt", "-o", "json=dangling.txt", input}, "", cwd).exit_code == 1);
  CHECK(std::filesystem::is_symlink(dir.path / "report.txt"));
  CHECK(std::filesystem::is_symlink(dir.path / "dangling.txt"));
  CHECK(read_file(cwd + "/reports/old.txt").find("Found 1 error, 1 warning") != std::string::npos);
  CHECK(is_json_report(read_file(cwd + "/reports/new.txt")));
  // A descriptor's name is written through, not renamed over: the file the shell opened stays.
  const std::string out = dir.write("out.txt", "");
  const auto inode = [&] {
    struct stat info {};
    REQUIRE(::stat(out.c_str(), &info) == 0);
    return info.st_ino;
  };
  const auto before = inode();
  const CommandResult result = run_command("cd " + shell_quote(cwd) + " && " + shell_quote(SITEMAPLINT_BINARY) +
                                           " -o /dev/fd/3 sitemap.xml 3>>out.txt");
  CHECK(result.exit_code == 1);
  CHECK(inode() == before);
  CHECK(read_file(out).find("Found 1 error, 1 warning") != std::string::npos);
}
