// GitLab Code Quality: the subset of the Code Climate issue format GitLab reads from a
// `codequality` report artifact, a JSON array of issues. GitLab checks each issue against its
// schema (description, fingerprint, severity, location) and stops reading at the first that fails,
// and it keys issues by fingerprint, so a repeated fingerprint would hide a finding.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "report/fingerprint.h"
#include "report/report.h"
#include "report/source.h"
#include "rule.h"
#include "load/input_path.h"

namespace sitemaplint {
namespace {

using Json = nlohmann::ordered_json;

// Code Quality has five levels: an error that stops any reader from using the file (it is not
// well-formed XML, or was never read) is critical or a blocker, other errors major.
std::string_view gitlab_severity(Severity s, const FileReport& report) {
  switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "minor";
    case Severity::Error: return report.kind == DocumentKind::None ? "critical" : "major";
  }
  return "major";
}

// GitLab links a path relative to the repository, without "./": the current directory is taken
// as its root, as CI jobs run there. Paths outside it, and URLs, stay as given.
std::string repository_path(const std::string& path) {
  if (path == "-" || is_url(path)) return path;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  const fs::path absolute = fs::absolute(path, ec).lexically_normal();
  if (ec || cwd.empty()) return path;
  const std::string relative = absolute.lexically_relative(cwd.lexically_normal()).generic_string();
  if (relative.empty() || relative == "." || relative == ".." || relative.starts_with("../")) return path;
  return relative;
}

Json location(const std::string& path, std::size_t begin, std::size_t end) {
  return {{"path", repository_path(path)}, {"lines", {{"begin", begin}, {"end", std::max(begin, end)}}}};
}

}  // namespace

void write_gitlab(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out) {
  Json issues = Json::array();
  for (const FileReport& report : reports) {
    if (report.diagnostics.empty()) continue;
    const ReportSource source(report);
    Fingerprints fingerprints(report, source);
    for (const Diagnostic& d : report.diagnostics) {
      const Position start = source.position(d.offset);
      const Position end = source.position(d.offset + d.length);
      Json issue;
      // The merge request widget shows only the description: it names the rule too.
      issue["description"] = d.message + " [" + std::string(d.rule->code) + " " + std::string(d.rule->name) + "]";
      issue["check_name"] = d.rule->code;
      issue["fingerprint"] = fingerprints.next(d);
      issue["severity"] = gitlab_severity(d.severity, report);
      issue["location"] = location(report.path, start.line, end.line);
      issues.push_back(std::move(issue));
    }
  }
  // An input that could not be read blocks everything else about it.
  for (const InputError& error : status.input_errors) {
    Json issue;
    issue["description"] = error.message;
    issue["check_name"] = "input-error";
    issue["fingerprint"] = "input-error:" + error.path;
    issue["severity"] = "blocker";
    issue["location"] = location(error.path, 1, 1);
    issues.push_back(std::move(issue));
  }
  // Too many warnings fail the run: an issue of the whole run, placed on its first file (GitLab
  // needs a location).
  if (status.warning_limit && status.warning_limit->exceeded()) {
    Json issue;
    issue["description"] = status.warning_limit->message();
    issue["check_name"] = "max-warnings";
    issue["fingerprint"] = "max-warnings";
    issue["severity"] = "major";
    issue["location"] = location(reports.empty() ? std::string(".") : reports.front().path, 1, 1);
    issues.push_back(std::move(issue));
  }
  // Invalid UTF-8 in messages (quoted from a broken input) is replaced, never a crash.
  out << issues.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace sitemaplint
