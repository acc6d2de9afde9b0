#include <algorithm>
#include <cstdint>
#include <sstream>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <unicode/utf8.h>

#include "fuzz_targets.h"
#include "report/html.h"
#include "report/html_findings.h"
#include "report/report.h"

namespace sitemaplint::fuzz {
namespace {

std::size_t lines_of(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// What a terminal may be shown: well-formed UTF-8 without control characters (but line breaks),
// C1 controls or bidirectional overrides. Input bytes quoted in a message must never arrive raw.
bool safe_for_a_terminal(std::string_view text) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  for (std::int64_t at = 0; at < length;) {
    UChar32 c;
    U8_NEXT(data, at, length, c);
    if (c < 0 || (c < 0x20 && c != '\n') || (c >= 0x7F && c < 0xA0)) return false;
    if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)) return false;
  }
  return true;
}

// Well-formed XML 1.0 in UTF-8: pugixml parses it, and every character is one XML may carry
// (pugixml does not check characters).
bool well_formed_xml(const std::string& text) {
  pugi::xml_document doc;
  if (!doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8)) return false;
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  for (std::int64_t at = 0; at < length;) {
    UChar32 c;
    U8_NEXT(data, at, length, c);
    if (c < 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE || c == 0xFFFF) return false;
  }
  return true;
}

std::size_t occurrences_in(std::string_view text, std::string_view key) {
  std::size_t n = 0;
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) ++n;
  return n;
}

}  // namespace

// Every format over a lint of the input, which is also the file's name (paths are any bytes but
// NUL) and that of an unreadable input, with a warning limit exceeded: lines stay lines, JSON and
// SARIF parse, JUnit and checkstyle are well-formed XML, GitLab's is a JSON array, the HTML page has
// a row per finding, the human report is safe for a terminal, and what fails the run is in each.
void report(std::string_view data) {
  std::vector<FileReport> reports;
  reports.push_back(lint_as_file(data));
  std::string name(data.substr(0, 120));
  std::replace(name.begin(), name.end(), '\0', '_');
  if (name.empty()) name = "_";
  reports.back().path = name;
  RunStatus status;
  status.input_errors.push_back({name, name + ": " + std::string(data.substr(0, 200))});
  status.warning_limit = WarningLimit{0, count(reports).warnings + 1, "--max-warnings 0"};  // exceeded
  const std::size_t findings = reports.back().diagnostics.size();

  std::ostringstream gcc, github, human, json, sarif, junit;
  write_gcc(reports, status, gcc);
  require(lines_of(gcc.str()) == findings + 2, "gcc: not one line per finding, unreadable input and limit");
  write_github(reports, status, github);
  std::istringstream commands(github.str());
  std::size_t count = 0;
  for (std::string line; std::getline(commands, line); ++count)
    require(line.starts_with("::"), "github: a line that is no workflow command");
  require(count == findings + 2, "github: not one command per finding, unreadable input and limit");

  write_human(reports, status, HumanStyle{}, human);
  require(safe_for_a_terminal(human.str()), "human: bytes a terminal must not be sent");
  require(human.str().find("could not be read") != std::string::npos && human.str().find("exceed") != std::string::npos,
          "human: the summary does not say why the run failed");

  write_json(reports, status, json);
  const nlohmann::json j = nlohmann::json::parse(json.str(), nullptr, false);
  require(!j.is_discarded(), "json: not JSON");
  require(j["files"][0]["diagnostics"].size() == findings, "json: not one diagnostic per finding");
  require(j["input_errors"].size() == 1 && j["summary"]["max_warnings_exceeded"] == true,
          "json: the failure is missing");

  // The log carries every rule's documentation (300 KB): checked for syntax without building it,
  // and its results and notifications counted by their keys, which nothing else in it has.
  write_sarif(reports, status, sarif);
  const std::string log = sarif.str();
  require(nlohmann::json::accept(log), "sarif: not JSON");
  const auto occurrences = [&](std::string_view key) { return occurrences_in(log, key); };
  require(occurrences("\"ruleId\": ") == findings, "sarif: not one result per finding");
  require(occurrences("\"executionSuccessful\": false") == 1 && occurrences("\"descriptor\": ") == 2,
          "sarif: the failure is missing");

  write_junit(reports, status, junit);
  require(well_formed_xml(junit.str()), "junit: not well-formed XML");

  std::ostringstream gitlab, checkstyle, html;
  write_gitlab(reports, status, gitlab);
  const nlohmann::json issues = nlohmann::json::parse(gitlab.str(), nullptr, false);
  require(issues.is_array() && issues.size() == findings + 2,
          "gitlab: not one issue per finding, unreadable input and limit");
  write_checkstyle(reports, status, checkstyle);
  require(well_formed_xml(checkstyle.str()), "checkstyle: not well-formed XML");
  require(occurrences_in(checkstyle.str(), "<error ") == findings + 2,
          "checkstyle: not one error per finding, unreadable input and limit");
  write_html(reports, status, 0, html);
  // The first page of findings as rows, and every finding in the packed data (html_findings.h).
  const std::string page = html.str();
  const std::size_t body = page.find("<tbody>"), body_end = page.find("</tbody>");
  require(body != std::string::npos && body_end != std::string::npos, "html: no findings table");
  require(occurrences_in(std::string_view(page).substr(body, body_end - body), "<tr data-severity=") ==
              std::min(findings, kHtmlPageRows),
          "html: not one row per finding on its first page");
  require(page.find("id=\"findings-data\" data-rows=\"" + std::to_string(findings) + "\"") != std::string::npos,
          "html: not every finding in its data");
  require(page.find("id=\"unreadable\" class=\"run-failed\"") != std::string::npos &&
              page.find("id=\"max-warnings\" class=\"run-failed\"") != std::string::npos,
          "html: the failure is missing");
}

}  // namespace sitemaplint::fuzz
