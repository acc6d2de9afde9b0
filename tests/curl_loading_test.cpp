// libcurl is loaded by the first fetch, never by a run that fetches nothing (src/load/
// curl_library.h); and when it cannot be loaded, a URL is an unreadable input with a message that
// says why. What a process loaded is read from the dynamic loader's own log (LD_DEBUG=files).
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "http_test_server.h"
#include "load/curl_library.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// Runs the built sitemaplint with `args` and the environment variables `environment` ("NAME=value")
// added; standard output and standard error apart. Loopback servers are never reached through a
// proxy the environment may name.
CommandResult run_with_environment(const std::vector<std::string>& environment, const std::vector<std::string>& args) {
  const TempDir dir;
  const std::string out_path = (dir.path / "stdout").string();
  const std::string err_path = (dir.path / "stderr").string();
  std::string command = "env no_proxy=127.0.0.1 NO_PROXY=127.0.0.1";
  for (const std::string& variable : environment) command += " " + shell_quote(variable);
  command += " " + shell_quote(SITEMAPLINT_BINARY);
  for (const std::string& arg : args) command += " " + shell_quote(arg);
  command += " </dev/null >" + shell_quote(out_path) + " 2>" + shell_quote(err_path);
  const int status = std::system(command.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(out_path);
  result.err = read_file(err_path);
  return result;
}

// The shared objects the built sitemaplint loads while it runs with `args` (which must succeed),
// by the names it asked for ("libcurl.so.4"): every "file=NAME [" line of the loader's log.
std::set<std::string> libraries_loaded(const std::vector<std::string>& args) {
  const TempDir log_dir;
  const CommandResult run =
      run_with_environment({"LD_DEBUG=files", "LD_DEBUG_OUTPUT=" + (log_dir.path / "ld").string()}, args);
  CAPTURE(run.out);
  CAPTURE(run.err);
  CHECK(run.exit_code == 0);
  std::set<std::string> loaded;
  const std::regex file_line(R"(file=(\S+) \[)");
  for (const auto& entry : std::filesystem::directory_iterator(log_dir.path)) {  // ld.<pid>
    const std::string log = read_file(entry.path().string());
    for (auto it = std::sregex_iterator(log.begin(), log.end(), file_line); it != std::sregex_iterator(); ++it) {
      loaded.insert((*it)[1].str());
    }
  }
  return loaded;
}

bool any_curl(const std::set<std::string>& libraries) {
  for (const std::string& name : libraries) {
    if (name.find("curl") != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("libcurl: --version and a local file do not load it, fetching a URL does") {
  const TempDir dir;
  const std::string local = dir.write("sitemap.xml", kCleanSitemap);
  const std::set<std::string> version = libraries_loaded({"--version"});
  const std::set<std::string> file = libraries_loaded({"--now", kTestNow, local});
  // The log is read: the libraries linked are in it.
  CHECK(version.count("libpugixml.so.1") == 1);
  CHECK(file.count("libpugixml.so.1") == 1);
  CHECK_FALSE(any_curl(version));
  CHECK_FALSE(any_curl(file));
  CHECK(version.count("libssl.so.3") == 0);  // one of the libraries libcurl.so.4 needs

  HttpTestServer server;
  const std::string listing = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>" +
                              server.url("/") + "</loc></url></urlset>\n";
  server.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, listing});
  const std::set<std::string> fetched = libraries_loaded({"--now", kTestNow, server.url("/sitemap.xml")});
  CHECK(fetched.count(kLibcurlSoname) == 1);
  CHECK(server.hits("/sitemap.xml") == 1);
  CHECK(fetched.size() > file.size() + 10);  // and the libraries it needs
}

TEST_CASE("libcurl: a library that is not there is named in the error") {
  CurlFunctions functions{};
  std::string error;
  CHECK_FALSE(load_curl_functions("libcurl-not-installed.so.4", &functions, &error));
  CHECK(error.starts_with("fetching URLs needs libcurl (libcurl-not-installed.so.4): libcurl-not-installed.so.4: "));
  CHECK(error.find("No such file or directory") != std::string::npos);
  CHECK((functions.easy_init == nullptr));  // parenthesised: doctest cannot print a function pointer

  CHECK(load_curl_functions(kLibcurlSoname, &functions, &error));
  CHECK((functions.easy_init != nullptr));
  CHECK((functions.free != nullptr));
}

TEST_CASE("libcurl: a URL that cannot be fetched without it is an unreadable input (exit 2)") {
  // A libcurl.so.4 without libcurl's functions, found before the system's. The URL is never
  // reached: the failure comes first (port 9, discard, has no server here either way).
  const std::string stub = "LD_LIBRARY_PATH=" SITEMAPLINT_STUB_LIBCURL_DIR;
  const std::string url = "http://127.0.0.1:9/sitemap.xml";
  const std::string why = url + ": fetching URLs needs libcurl (libcurl.so.4): " SITEMAPLINT_STUB_LIBCURL_DIR
                                "/libcurl.so.4: undefined symbol: curl_global_init";
  const CommandResult run = run_with_environment({stub}, {url});
  CHECK(run.exit_code == 2);
  CHECK(run.err == "sitemaplint: error: " + why + "\n");
  CHECK(run.out == "error: 1 input could not be read:\n  " + why + "\n");
  // A local file is linted as ever.
  const TempDir dir;
  const std::string local = dir.write("sitemap.xml", kCleanSitemap);
  const CommandResult file = run_with_environment({stub}, {"--now", kTestNow, local});
  CHECK(file.exit_code == 0);
  CHECK(file.out == "No problems found in 1 file.\n");
}
