// The library's public API (include/sitemaplint/): settings, findings, errors, and the README's
// example, which tests/install-consumer/ builds against an installed copy.
#include <doctest/doctest.h>
#include <sitemaplint/sitemaplint.h>

#include <signal.h>

#include <algorithm>
#include <cstdint>
#include <sstream>

#include "documented_block.h"
#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;
namespace sl = sitemaplint::api;

namespace {

const char* const kNow = "2026-01-01T00:00:00Z";

sl::Settings at_now() {
  sl::Settings settings;
  settings.now = kNow;
  return settings;
}

}  // namespace

TEST_CASE("library: the README's example is the program the install test builds") {
  const std::string readme = read_file(source_path("README.md"));
  const std::string example = read_file(source_path("tests/install-consumer/lint_example.cpp"));
  CHECK(documented_block(readme, "```cpp\n") == example);
}

TEST_CASE("library: a file's findings are the command line's, placed, with fixes and the summary") {
  const std::string path = source_path("testdata/example/sitemap.xml");
  const sl::Result result = sl::lint_file(path, at_now());
  // --format gcc: "file:line:col: severity: message [CODE name]", one finding a line; its level
  // "info" is gcc's "note".
  std::string printed;
  for (const sl::Finding& f : result.findings) {
    const std::string level = f.severity == sl::Severity::Info ? "note" : std::string(sl::severity_name(f.severity));
    printed += f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + ": " + level + ": " +
               f.message + " [" + f.code + " " + f.rule + "]\n";
  }
  CHECK(printed == run_cli({"--no-config", "--now", kNow, "--format", "gcc", path}).out);
  REQUIRE(result.findings.size() == 4);
  const auto fixed = std::find_if(result.findings.begin(), result.findings.end(),
                                  [](const sl::Finding& f) { return f.fix.has_value(); });
  REQUIRE(fixed != result.findings.end());
  CHECK(fixed->fix->description == "replace with '&apos;'");
  CHECK(result.summary.files == 1);
  CHECK(result.summary.warnings == 1);
  CHECK(result.summary.infos == 3);
  REQUIRE(result.files.size() == 1);
  CHECK(result.files[0].kind == "urlset");
  CHECK(result.files[0].entries == 3);
}

TEST_CASE("library: settings choose rules, severities and what is left out") {
  const std::string bytes = read_file(source_path("testdata/example/sitemap.xml"));
  sl::Settings settings = at_now();
  settings.select = {"SM106,SM304"};
  settings.severities = {{"SM106", sl::Severity::Error}};
  const sl::Result chosen = sl::lint_bytes(bytes, settings, "shop.xml");
  REQUIRE(chosen.findings.size() == 2);
  CHECK(chosen.findings[0].code == "SM106");
  CHECK(chosen.findings[0].severity == sl::Severity::Error);
  CHECK(chosen.findings[0].file == "shop.xml");
  settings.min_severity = sl::Severity::Warning;
  const sl::Result above = sl::lint_bytes(bytes, settings);
  CHECK(above.findings.size() == 1);
  CHECK(above.summary.left_out == 1);
}

TEST_CASE("library: a set's duplicates point into the other file") {
  TempDir dir;
  const std::string a = dir.write("a-sitemap.xml", urlset({"https://example.com/x"}));
  const std::string b = dir.write("b-sitemap.xml", urlset({"https://example.com/x"}));
  const sl::Result result = sl::lint_files({a, b}, at_now());
  const auto across = std::find_if(result.findings.begin(), result.findings.end(),
                                   [](const sl::Finding& f) { return !f.related.empty(); });
  REQUIRE(across != result.findings.end());
  CHECK(across->file == b);
  CHECK(across->related[0].file == a);
  CHECK(across->related[0].line == 3);
}

TEST_CASE("library: it maps no file and leaves the program's SIGBUS handling alone") {
  // The command line maps a released file to show or quote it, with a SIGBUS handler that ends the
  // process if the file is cut short meanwhile (load/mapped_file.h); a program that uses the
  // library must not be ended so: the library reads the files again instead.
  struct sigaction before {};
  REQUIRE(::sigaction(SIGBUS, nullptr, &before) == 0);
  TempDir dir;
  const std::string a = dir.write("a-sitemap.xml", urlset({"https://example.com/x", "https://example.com/y&z"}));
  const std::string b = dir.write("b-sitemap.xml", urlset({"https://example.com/x"}));
  const sl::Result result = sl::lint_files({a, b}, at_now());
  REQUIRE(!result.findings.empty());
  std::ostringstream human;
  sl::write_report(result, "human", human);
  CHECK(human.str().find("https://example.com/y&z") != std::string::npos);  // its line, shown
  struct sigaction after {};
  REQUIRE(::sigaction(SIGBUS, nullptr, &after) == 0);
  CHECK(reinterpret_cast<std::uintptr_t>(after.sa_handler) == reinterpret_cast<std::uintptr_t>(before.sa_handler));
  CHECK((after.sa_flags & SA_SIGINFO) == (before.sa_flags & SA_SIGINFO));
}

TEST_CASE("library: bad settings and unreadable inputs are exceptions, or input errors in a set") {
  sl::Settings settings;
  settings.profile = "gogle";
  CHECK_THROWS_WITH_AS(sl::Linter{settings}, doctest::Contains("profile: unknown profile 'gogle'"), sl::SettingsError);
  settings = {};
  settings.now = "soon";
  CHECK_THROWS_AS(sl::Linter{settings}, sl::SettingsError);
  settings = {};
  settings.base_url = "ftp://example.com/";
  CHECK_THROWS_WITH_AS(sl::Linter{settings}, doctest::Contains("base_url: "), sl::SettingsError);
  const sl::Linter linter(at_now());
  CHECK_THROWS_AS(linter.lint_file("/no/such/sitemap.xml"), sl::UnreadableInputError);
  const sl::Result set = linter.lint_files({"/no/such/sitemap.xml", source_path("testdata/example/sitemap.xml")});
  REQUIRE(set.input_errors.size() == 1);
  CHECK(set.input_errors[0].path == "/no/such/sitemap.xml");
  CHECK(set.summary.files == 1);
  CHECK(set.summary.input_errors == 1);
}

TEST_CASE("library: pages checks the build as --pages does, in the findings, the counts and the reports") {
  const std::string root = source_path("testdata/example/public");
  const std::string sitemap = root + "/sitemap.xml";
  const std::vector<std::string> cli_pages = {"--no-config", "--now", kNow,         "--pages",
                                              "--root",      root,    "--base-url", "https://example.com/sitemap.xml"};
  sl::Settings settings = at_now();
  settings.pages = true;
  settings.root = root;
  settings.base_url = "https://example.com/sitemap.xml";
  const sl::Result result = sl::lint_file(sitemap, settings);
  for (const char* format : {"json", "human", "sarif"}) {
    CAPTURE(format);
    std::vector<std::string> args = cli_pages;
    args.insert(args.end(), {"--format", format, sitemap});
    CHECK(sl::report(result, format) == run_cli(args).out);
  }
  REQUIRE(result.pages.has_value());
  CHECK_FALSE(result.pages->live);
  CHECK(result.pages->checked == 9);
  CHECK(result.pages->served == 6);
  CHECK(result.pages->missing == 2);
  CHECK(result.pages->redirected == 1);
  CHECK(result.pages->noindex == 1);
  REQUIRE(result.pages->unlisted.size() == 2);
  CHECK(result.pages->unlisted[0].first == "https://example.com/contact/");
  CHECK(std::count_if(result.findings.begin(), result.findings.end(),
                      [](const sl::Finding& f) { return f.code.starts_with("PAGE"); }) == 8);
  // A config's pages = true is honoured as the command line honours it; without pages, none.
  TempDir dir;
  dir.write("sitemaplint.toml", "pages = true\n");
  sl::Settings configured = settings;
  configured.pages = false;
  configured.config = (dir.path / "sitemaplint.toml").string();
  CHECK(sl::lint_file(sitemap, configured).pages.has_value());
  CHECK_FALSE(sl::lint_file(sitemap, at_now()).pages.has_value());
  // coverage: each unlisted page a finding of its own, as --coverage.
  sl::Settings covered = settings;
  covered.coverage = true;
  std::vector<std::string> args = cli_pages;
  args.insert(args.end(), {"--coverage", "--format", "json", sitemap});
  CHECK(sl::report(sl::lint_file(sitemap, covered), "json") == run_cli(args).out);
}

TEST_CASE("library: the pages' settings are checked, and a shard refuses pages") {
  sl::Settings lone = at_now();
  lone.rate = 10;
  CHECK_THROWS_WITH_AS(sl::Linter{lone}, doctest::Contains("rate: takes effect with pages only"), sl::SettingsError);
  lone.rate = 0;
  lone.pages_log = "log.jsonl";
  CHECK_THROWS_WITH_AS(sl::Linter{lone}, doctest::Contains("pages_log: takes effect with pages only"),
                       sl::SettingsError);
  sl::Settings pages = at_now();
  pages.pages = true;
  pages.host = "nowhere";
  CHECK_THROWS_WITH_AS(sl::Linter{pages}, doctest::Contains("host: unknown host 'nowhere'"), sl::SettingsError);
  pages.host = "";
  pages.user_agent = "x\r\nX-Injected: 1";  // a header of its own in every request
  CHECK_THROWS_WITH_AS(sl::Linter{pages}, doctest::Contains("user_agent: expected one line of text"),
                       sl::SettingsError);
  pages.user_agent = "";
  pages.rate = 5000;
  CHECK_THROWS_WITH_AS(sl::Linter{pages}, doctest::Contains("rate: expected 0.01 to 1000"), sl::SettingsError);
  pages.rate = 0;
  // No --root, no origin: the live site cannot be named.
  CHECK_THROWS_WITH_AS(sl::lint_bytes("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>", pages),
                       doctest::Contains("fetches the live site: it needs"), sl::SettingsError);
  pages.root = source_path("testdata/example/public");
  // Named as the library names its settings; a path in the message as it is.
  CHECK_THROWS_WITH_AS(sl::Linter{pages}.lint_file(source_path("testdata/example/public/sitemap.xml")),
                       doctest::Contains("pages needs base_url URL (or base-url = in the config)"), sl::SettingsError);
  {
    TempDir folders;
    const std::string file = folders.write("a-b/not-a-folder", "x");
    sl::Settings live = at_now();
    live.pages = true;
    live.cache = file;
    const std::string expected = "cache " + file + ": cannot be used as a folder";
    CHECK_THROWS_WITH_AS(sl::lint_bytes("<urlset/>", live, "https://example.com/sitemap.xml"),
                         doctest::Contains(expected.c_str()), sl::SettingsError);
  }
  pages.base_url = "https://example.com/";
  TempDir dir;
  CHECK_THROWS_WITH_AS(sl::Linter{pages}.write_records({source_path("testdata/example/public/sitemap.xml")},
                                                       (dir.path / "shard").string()),
                       doctest::Contains("pages: the pages are checked by one run of the whole set"), sl::Error);
}

TEST_CASE("library: pages without a root audits the live site as --pages does") {
  HttpTestServer server;
  server.route("/ok",
               HttpResponse{200, {{"Content-Type", "text/html"}}, "<html><head><title>OK</title></head></html>"});
  const std::string sitemap = server.url("/sitemap.xml");
  server.route("/sitemap.xml", HttpResponse{200,
                                            {{"Content-Type", "application/xml"}},
                                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
                                            "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>" +
                                                server.url("/ok") + "</loc></url>\n<url><loc>" + server.url("/gone") +
                                                "</loc></url>\n</urlset>\n"});
  sl::Settings settings = at_now();
  settings.pages = true;
  settings.rate = 200;
  const sl::Result result = sl::lint_file(sitemap, settings);
  REQUIRE(result.pages.has_value());
  CHECK(result.pages->live);
  CHECK(result.pages->checked == 2);
  CHECK(result.pages->served == 1);
  CHECK(result.pages->missing == 1);
  REQUIRE(result.findings.size() == 1);
  CHECK(result.findings[0].code == "PAGE101");
  CHECK(result.findings[0].line == 4);
  CHECK(sl::report(result, "json") ==
        run_cli({"--no-config", "--now", kNow, "--pages", "--rate", "200", "--format", "json", sitemap}).out);
  // Each call is a run of its own: the pages are asked for again.
  const std::size_t asked = server.hits("/ok");
  CHECK(sl::Linter{settings}.lint_files({sitemap}).pages->served == 1);
  CHECK(server.hits("/ok") == asked + 1);
}

TEST_CASE("library: a lint asked to stop ends within a second, fetches nothing more, and throws Stopped") {
  // Forty pages that each take a second to come, two at a time: twenty seconds unless stopped.
  HttpTestServer server;
  std::string urls;
  for (int i = 0; i < 40; ++i) {
    const std::string path = "/slow/" + std::to_string(i);
    server.route(path, [](const HttpRequest&, HttpExchange& exchange) {
      if (!exchange.sleep_for(std::chrono::seconds(1))) return;
      exchange.send_response(HttpResponse{200, {{"Content-Type", "text/html"}}, "<html><head></head></html>"});
    });
    urls += "<url><loc>" + server.url(path) + "</loc></url>\n";
  }
  server.route("/sitemap.xml", HttpResponse{200,
                                            {{"Content-Type", "application/xml"}},
                                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
                                            "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
                                                urls + "</urlset>\n"});
  sl::Settings settings = at_now();
  settings.pages = true;
  settings.rate = 100;
  const sl::Linter linter{settings};
  const auto slow_asked = [&] {
    std::size_t asked = 0;
    for (const HttpRequest& request : server.requests()) asked += request.path.starts_with("/slow/");
    return asked;
  };
  for (const bool files : {false, true}) {
    CAPTURE(files);
    const std::size_t before = slow_asked();
    sl::StopFlag stop;
    const auto begun = std::chrono::steady_clock::now();
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      stop.request();
    });
    const auto lint = [&] {
      return files ? linter.lint_files({server.url("/sitemap.xml")}, &stop)
                   : linter.lint_file(server.url("/sitemap.xml"), &stop);
    };
    CHECK_THROWS_AS(lint(), sl::Stopped);
    const auto took = std::chrono::steady_clock::now() - begun;
    stopper.join();
    CHECK(took < std::chrono::milliseconds(3500));
    // Nothing asked for after the stop: at most the two in flight then and the two before them.
    CHECK(slow_asked() - before <= 4);
  }
  // A flag set before the call: nothing is fetched at all.
  sl::StopFlag stopped;
  stopped.request();
  const std::size_t before = server.requests().size();
  CHECK_THROWS_AS(linter.lint_file(server.url("/sitemap.xml"), &stopped), sl::Stopped);
  CHECK(server.requests().size() == before);
}

TEST_CASE("library: a Result's report is the command line's, byte for byte, in every format") {
  const std::string example = source_path("testdata/example/sitemap.xml");
  const std::string broken = source_path("testdata/rules/SM105-duplicate-child/two-locs.xml");
  const std::string missing = source_path("testdata/no-such-sitemap.xml");
  sl::Settings settings = at_now();
  settings.min_severity = sl::Severity::Warning;
  settings.html_overview = true;  // what the HTML report shows, gathered while linting
  const sl::Result result = sl::lint_files({example, broken, missing}, settings);
  REQUIRE(result.summary.input_errors == 1);
  REQUIRE(result.summary.left_out > 0);
  const std::vector<std::string> formats = sl::report_formats();
  CHECK(formats.front() == "human");
  CHECK(std::find(formats.begin(), formats.end(), "html") != formats.end());
  CHECK(formats.size() >= 8);
  for (const std::string& format : formats) {
    CAPTURE(format);
    const CommandResult cli = run_cli(
        {"--no-config", "--now", kNow, "--min-severity", "warning", "--format", format, example, broken, missing});
    CHECK(cli.exit_code == 2);
    CHECK(cli.out.size() > 200);
    CHECK(sl::report(result, format) == cli.out);
  }
  settings.html_overview = false;
  CHECK_THROWS_WITH_AS(sl::report(sl::lint_files({example}, settings), "html"),
                       doctest::Contains("lint with the setting html_overview on"), sl::SettingsError);
  CHECK_THROWS_WITH(sl::report(result, "xml"), doctest::Contains("unknown format 'xml' (the formats are human, "));
  CHECK_THROWS_WITH(sl::report(sl::Result{}, "json"), doctest::Contains("has no run behind it"));
}
