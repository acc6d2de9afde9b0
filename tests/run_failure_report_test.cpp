// Machine reports say why CI failed: an input that could not be read (missing, a directory,
// permission denied, a robots.txt the server does not have, a host that does not answer) and a
// --max-warnings limit exceeded appear in every format --help lists, each in the form the CI that
// reads that format shows (annotations, tool notifications, failing test cases, summary fields);
// inputs that are read but broken (a corrupt gzip file, a sitemap URL answering 404) are error
// findings, in every format too.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <map>
#include <regex>
#include <sstream>

#include "http_test_server.h"
#include "report/markup.h"
#include "report/report.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// One warning (SM106), no error.
const std::string kWarning =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><lastmod>2024-05-01</lastmod><loc>https://example.com/x</loc></url>\n"
    "</urlset>\n";

// The formats --help offers, read from its text: a new format cannot be added without a check here.
std::vector<std::string> formats_in_help() {
  const CommandResult help = run_cli({"--help"});
  std::smatch m;
  const std::regex choices(R"(--format[^\n]*\{([a-z,]+)\})");
  REQUIRE(std::regex_search(help.out, m, choices));
  std::vector<std::string> formats;
  std::stringstream list(m[1].str());
  for (std::string format; std::getline(list, format, ',');) formats.push_back(format);
  return formats;
}

nlohmann::json json_of(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  REQUIRE_MESSAGE(!j.is_discarded(), text);
  return j;
}

// The JUnit test case named `name`, in a report that must be well-formed.
pugi::xml_node junit_case(pugi::xml_document& doc, const std::string& text, const std::string& name) {
  REQUIRE_MESSAGE(doc.load_string(text.c_str()), text);
  return doc.child("testsuites").child("testsuite").find_child_by_attribute("testcase", "name", name.c_str());
}

// Checks that the report `out`, in `format`, names the unreadable input `path` with `message`.
void check_unreadable(const std::string& format, const std::string& out, const std::string& path,
                      const std::string& message) {
  CAPTURE(format);
  CAPTURE(out);
  const std::string reason = message.substr(path.size() + 2);  // the message without "PATH: "
  const bool url = path.starts_with("http");
  if (format == "human") {
    CHECK(out.find("error: 1 input could not be read:\n  " + message + "\n") != std::string::npos);
  } else if (format == "gcc") {
    CHECK(out.find(path + ":1:1: error: " + reason + " [unreadable-input]\n") != std::string::npos);
  } else if (format == "github") {
    if (url) {
      CHECK(out.find("::error title=unreadable input::" + message + "\n") != std::string::npos);
    } else {
      CHECK(out.find("::error file=" + path + ",title=unreadable input::" + reason + "\n") != std::string::npos);
    }
  } else if (format == "json") {
    const nlohmann::json j = json_of(out);
    REQUIRE(j["input_errors"].size() == 1);
    CHECK(j["input_errors"][0]["path"] == path);
    CHECK(j["input_errors"][0]["message"] == message);
    CHECK(j["summary"]["input_errors"] == 1);
  } else if (format == "sarif") {
    const nlohmann::json invocation = json_of(out)["runs"][0]["invocations"][0];
    CHECK(invocation["executionSuccessful"] == false);
    REQUIRE(invocation["toolExecutionNotifications"].size() == 1);
    const nlohmann::json& note = invocation["toolExecutionNotifications"][0];
    CHECK(note["level"] == "error");
    CHECK(note["message"]["text"] == message);
    CHECK(note["descriptor"]["id"] == "unreadable-input");
    const std::string uri = note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    CHECK((url ? uri == path : uri.ends_with(path.substr(path.rfind('/') + 1))));
  } else if (format == "junit") {
    pugi::xml_document doc;
    const pugi::xml_node test = junit_case(doc, out, path);
    CHECK(std::string(test.child("error").attribute("message").value()) == message);
    CHECK(doc.child("testsuites").attribute("errors").as_int() == 1);
  } else if (format == "gitlab") {
    const nlohmann::json issues = json_of(out);
    REQUIRE(issues.size() == 1);
    CHECK(issues[0]["check_name"] == "input-error");
    CHECK(issues[0]["severity"] == "blocker");
    CHECK(issues[0]["description"] == message);
  } else if (format == "checkstyle") {
    pugi::xml_document doc;
    REQUIRE_MESSAGE(doc.load_string(out.c_str()), out);
    const pugi::xml_node error =
        doc.child("checkstyle").find_child_by_attribute("file", "name", path.c_str()).child("error");
    CHECK(std::string(error.attribute("source").value()) == "sitemaplint.input-error");
    CHECK(std::string(error.attribute("severity").value()) == "error");
    CHECK(std::string(error.attribute("message").value()) == message);
  } else if (format == "html") {
    CHECK(out.find("<section id=\"unreadable\" class=\"run-failed\">\n<h2>1 input could not be read</h2>\n<ul><li>" +
                   escape_markup(message) + "</li></ul>") != std::string::npos);
  } else {
    FAIL("no check for --format " << format << ": say how it shows an unreadable input");
  }
}

// Checks that the report `out`, in `format`, says that `message` (the warning limit exceeded).
void check_limit_exceeded(const std::string& format, const std::string& out, const std::string& message) {
  CAPTURE(format);
  CAPTURE(out);
  if (format == "human") {
    CHECK(out.ends_with("error: " + message + ".\n"));
  } else if (format == "gcc") {
    CHECK(out.ends_with("sitemaplint: error: " + message + " [max-warnings]\n"));
  } else if (format == "github") {
    CHECK(out.ends_with("::error title=max-warnings::" + message + "\n"));
  } else if (format == "json") {
    const nlohmann::json j = json_of(out);
    CHECK(j["max_warnings"]["exceeded"] == true);
    CHECK(j["max_warnings"]["message"] == message);
    CHECK(j["summary"]["max_warnings_exceeded"] == true);
  } else if (format == "sarif") {
    const nlohmann::json invocation = json_of(out)["runs"][0]["invocations"][0];
    CHECK(invocation["executionSuccessful"] == true);  // sitemaplint did its job; the limit failed the run
    REQUIRE(invocation["toolExecutionNotifications"].size() == 1);
    CHECK(invocation["toolExecutionNotifications"][0]["level"] == "error");
    CHECK(invocation["toolExecutionNotifications"][0]["message"]["text"] == message);
    CHECK(invocation["toolExecutionNotifications"][0]["descriptor"]["id"] == "max-warnings");
  } else if (format == "junit") {
    pugi::xml_document doc;
    const pugi::xml_node test = junit_case(doc, out, "max-warnings");
    CHECK(std::string(test.child("failure").attribute("message").value()) == message);
    CHECK(doc.child("testsuites").attribute("failures").as_int() == 1);
  } else if (format == "gitlab") {
    const nlohmann::json issues = json_of(out);
    REQUIRE(!issues.empty());
    CHECK(issues.back()["check_name"] == "max-warnings");
    CHECK(issues.back()["severity"] == "major");
    CHECK(issues.back()["description"] == message);
  } else if (format == "checkstyle") {
    CHECK(out.find("<error line=\"1\" severity=\"error\" message=\"" + message +
                   "\" source=\"sitemaplint.max-warnings\"/>") != std::string::npos);
  } else if (format == "html") {
    CHECK(out.find("<section id=\"max-warnings\" class=\"run-failed\"") != std::string::npos);
    CHECK(out.find("data-exceeded=\"true\">\n<p>" + escape_markup(message) + ".</p>") != std::string::npos);
  } else {
    FAIL("no check for --format " << format << ": say how it shows the warning limit");
  }
}

// Checks that the report `out`, in `format`, does not say that a warning limit was exceeded.
void check_limit_kept(const std::string& format, const std::string& out) {
  CAPTURE(format);
  CAPTURE(out);
  if (format == "human" || format == "gcc" || format == "github") {
    CHECK(out.find("exceed") == std::string::npos);
  } else if (format == "json") {
    const nlohmann::json j = json_of(out);
    CHECK(j["max_warnings"] == nlohmann::json{{"limit", 1}, {"warnings", 1}, {"exceeded", false}});
    CHECK(j["summary"]["max_warnings_exceeded"] == false);
  } else if (format == "sarif") {
    const nlohmann::json invocation = json_of(out)["runs"][0]["invocations"][0];
    CHECK(invocation == nlohmann::json{{"executionSuccessful", true}});
  } else if (format == "junit") {
    pugi::xml_document doc;
    const pugi::xml_node test = junit_case(doc, out, "max-warnings");
    CHECK(test);
    CHECK(test.first_child().empty());  // a passing test case
    CHECK(doc.child("testsuites").attribute("failures").as_int() == 0);
  } else if (format == "gitlab" || format == "checkstyle") {
    CHECK(out.find("max-warnings") == std::string::npos);
  } else if (format == "html") {
    CHECK(out.find("class=\"run-failed\"") == std::string::npos);
    CHECK(out.find("data-exceeded=\"false\"") != std::string::npos);
  } else {
    FAIL("no check for --format " << format);
  }
}

// Checks that the report `out`, in `format`, has an error finding of rule `code`.
void check_error_finding(const std::string& format, const std::string& out, const std::string& code) {
  CAPTURE(format);
  CAPTURE(out);
  if (format == "human") {
    CHECK(out.find("error[" + code + " ") != std::string::npos);
  } else if (format == "gcc") {
    CHECK(out.find(": error: ") != std::string::npos);
    CHECK(out.find("[" + code + " ") != std::string::npos);
  } else if (format == "github") {
    CHECK(out.find("::error file=") != std::string::npos);
    CHECK(out.find("title=" + code + " ") != std::string::npos);
  } else if (format == "json") {
    CHECK(json_of(out)["files"][0]["diagnostics"][0]["code"] == code);
    CHECK(json_of(out)["summary"]["errors"] == 1);
  } else if (format == "sarif") {
    const nlohmann::json results = json_of(out)["runs"][0]["results"];
    REQUIRE(!results.empty());
    CHECK(results[0]["ruleId"] == code);
    CHECK(results[0]["level"] == "error");
  } else if (format == "junit") {
    pugi::xml_document doc;
    REQUIRE(doc.load_string(out.c_str()));
    CHECK(doc.child("testsuites").attribute("failures").as_int() == 1);
    CHECK(std::string(doc.child("testsuites").child("testsuite").child("testcase").child("failure").text().get())
              .find("[" + code + " ") != std::string::npos);
  } else if (format == "gitlab") {
    const nlohmann::json issues = json_of(out);
    REQUIRE(!issues.empty());
    CHECK(issues[0]["check_name"] == code);
  } else if (format == "checkstyle") {
    CHECK(out.find("severity=\"error\"") != std::string::npos);
    CHECK(out.find("source=\"sitemaplint." + code + ".") != std::string::npos);
  } else if (format == "html") {
    CHECK(out.find("<tr data-severity=\"error\" data-rule=\"" + code + "\">") != std::string::npos);
    CHECK(out.find("<li class=\"errors\" data-total=\"errors\"><span class=\"figure\">1</span>") != std::string::npos);
  } else {
    FAIL("no check for --format " << format);
  }
}

}  // namespace

TEST_CASE("run failures: --help lists the formats these tests check") {
  CHECK(formats_in_help() ==
        std::vector<std::string>{"human", "json", "gcc", "github", "junit", "sarif", "gitlab", "checkstyle", "html"});
}

TEST_CASE("run failures: a missing file, a directory and an unreadable file are in every format") {
  TempDir dir;
  std::vector<std::pair<std::string, std::string>> inputs;  // path, message
  const std::string missing = (dir.path / "missing.xml").string();
  inputs.push_back({missing, missing + ": No such file or directory"});
  const std::string not_a_directory = dir.write("plain.xml", kWarning) + "/sitemap.xml";
  inputs.push_back({not_a_directory, not_a_directory + ": Not a directory"});
  if (::geteuid() != 0) {  // root reads a mode-000 file anyway (CAP_DAC_OVERRIDE)
    const std::string secret = dir.write("secret.xml", kWarning);
    REQUIRE(::chmod(secret.c_str(), 0) == 0);
    inputs.push_back({secret, secret + ": Permission denied"});
  } else {
    MESSAGE("running as root: a chmod 000 file is readable, so Permission denied is not tested");
  }
  for (const auto& [path, message] : inputs) {
    for (const std::string& format : formats_in_help()) {
      const CommandResult r = run_cli({"--format", format, "--color", "never", path});
      CHECK(r.exit_code == 2);
      CHECK(r.err == "sitemaplint: error: " + message + "\n");
      check_unreadable(format, r.out, path, message);
    }
  }
}

TEST_CASE("run failures: unreadable URLs are in every format, a sitemap URL answering 404 is an error finding") {
  HttpTestServer server;
  server.route("/gone.xml", HttpResponse{404, {{"Content-Type", "text/html"}}, "<html>Not found</html>"});
  const std::string robots = server.url("/robots.txt");  // no route: 404
  const std::string refused = "http://127.0.0.1:1/sitemap.xml";
  for (const std::string& format : formats_in_help()) {
    const CommandResult missing_robots = run_cli({"--format", format, "--robots", robots});
    CHECK(missing_robots.exit_code == 2);
    check_unreadable(format, missing_robots.out, robots, robots + ": the server answered HTTP 404");
    const CommandResult no_server = run_cli({"--format", format, refused});
    CHECK(no_server.exit_code == 2);
    REQUIRE(no_server.err.starts_with("sitemaplint: error: " + refused + ": "));
    check_unreadable(format, no_server.out, refused, no_server.err.substr(20, no_server.err.size() - 21));
    const CommandResult gone = run_cli({"--format", format, "--now", kTestNow, server.url("/gone.xml")});
    CHECK(gone.exit_code == 1);
    check_error_finding(format, gone.out, "SM009");
  }
}

TEST_CASE("run failures: a corrupt gzip file is an error finding in every format") {
  for (const std::string& format : formats_in_help()) {
    const CommandResult r =
        run_cli({"--format", format, "--now", kTestNow, "testdata/rules/SM007-compression-error/corrupt.xml.gz"}, "",
                source_path(""));
    CHECK(r.exit_code == 1);
    check_error_finding(format, r.out, "SM007");
  }
}

TEST_CASE("run failures: more warnings than --max-warnings is in every format, and so is a limit in the config") {
  TempDir dir;
  const std::string path = dir.write("w.xml", kWarning);
  for (const std::string& format : formats_in_help()) {
    const CommandResult r = run_cli({"--format", format, "--max-warnings", "0", "--now", kTestNow, path});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "sitemaplint: 1 warning exceeds --max-warnings 0\n");
    check_limit_exceeded(format, r.out, "1 warning exceeds --max-warnings 0");
    const CommandResult within = run_cli({"--format", format, "--max-warnings", "1", "--now", kTestNow, path});
    CHECK(within.exit_code == 0);
    check_limit_kept(format, within.out);
  }
  const std::string config = dir.write("sitemaplint.toml", "max-warnings = 0\n");
  const CommandResult from_config = run_cli({"--format", "json", "--now", kTestNow, "w.xml"}, "", dir.path.string());
  CHECK(from_config.exit_code == 1);
  check_limit_exceeded("json", from_config.out, "1 warning exceeds max-warnings = 0 in " + config);
}

TEST_CASE("run failures: JUnit counts the limit as a test case, passing within it") {
  const std::vector<FileReport> reports{lint_text(kWarning, "w.xml")};
  RunStatus status;
  status.warning_limit = WarningLimit{1, 1, "--max-warnings 1"};
  std::ostringstream out;
  write_junit(reports, status, out);
  pugi::xml_document doc;
  const pugi::xml_node limit = junit_case(doc, out.str(), "max-warnings");
  CHECK(limit);
  CHECK(limit.first_child().empty());
  CHECK(doc.child("testsuites").attribute("tests").as_int() == 2);
  CHECK(doc.child("testsuites").attribute("failures").as_int() == 0);
}

TEST_CASE("run failures: every format at once, as a golden report of two unreadable inputs and the limit") {
  const std::vector<FileReport> reports{lint_text(kWarning, "w.xml")};
  RunStatus status;
  status.input_errors = {{"gone,1.xml", "gone,1.xml: No such file or directory"},
                         {"https://example.com/s.xml", "https://example.com/s.xml: timed out after 300 ms"}};
  status.warning_limit = WarningLimit{0, 1, "--max-warnings 0"};
  std::ostringstream gcc, github, human;
  write_gcc(reports, status, gcc);
  CHECK(gcc.str() ==
        "w.xml:3:37: warning: <loc> comes after <lastmod>; the schema's order is loc, lastmod, changefreq, priority, "
        "then extensions [SM106 child-out-of-order]\n"
        "gone,1.xml:1:1: error: No such file or directory [unreadable-input]\n"
        "https://example.com/s.xml:1:1: error: timed out after 300 ms [unreadable-input]\n"
        "sitemaplint: error: 1 warning exceeds --max-warnings 0 [max-warnings]\n");
  write_github(reports, status, github);
  CHECK(github.str() ==
        "::warning file=w.xml,line=3,col=37,endLine=3,endColumn=41,title=SM106 child-out-of-order::<loc> comes after "
        "<lastmod>; the schema's order is loc, lastmod, changefreq, priority, then extensions\n"
        "::error file=gone%2C1.xml,title=unreadable input::No such file or directory\n"
        "::error title=unreadable input::https://example.com/s.xml: timed out after 300 ms\n"
        "::error title=max-warnings::1 warning exceeds --max-warnings 0\n");
  write_human(reports, status, HumanStyle{false, false}, human);
  CHECK(
      human.str().ends_with("Found 0 errors, 1 warning and 0 info findings in 1 file.\n"
                            "error: 2 inputs could not be read:\n"
                            "  gone,1.xml: No such file or directory\n"
                            "  https://example.com/s.xml: timed out after 300 ms\n"
                            "error: 1 warning exceeds --max-warnings 0.\n"));
}
