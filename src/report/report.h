// Reporters turn file reports into text. Each computes line and column numbers itself, only for
// the findings it prints.
#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "page.h"
#include "run/lint.h"

namespace sitemaplint {

struct Totals {
  std::size_t files = 0;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
  std::size_t fixable = 0;
};

Totals count(std::span<const FileReport> reports);

// The findings of one rule across a run.
struct RuleCount {
  const RuleInfo* rule = nullptr;
  std::size_t count = 0;
  std::size_t errors = 0, warnings = 0, infos = 0;  // a rule's severity may differ from file to file
  std::size_t fixable = 0;
  Severity highest() const { return errors ? Severity::Error : warnings ? Severity::Warning : Severity::Info; }
};

// Every rule with findings, the most findings first (then by code).
std::vector<RuleCount> count_by_rule(std::span<const FileReport> reports);

// --statistics: one line per rule (count, code, name, severity, fixable), or a JSON array of
// {code, name, severity, count, fixable} objects.
void write_statistics(std::span<const FileReport> reports, bool json, std::ostream& out);

struct HumanStyle {
  bool color = false;
  bool quiet = false;  // findings only: no source excerpt, no summary
  // Findings --min-severity (or min-severity = in the config) left out, for the summary to say so.
  std::size_t left_out = 0;
  Severity min_severity = Severity::Info;
};

// An input that could not be read at all (missing, unreadable, a failed fetch).
struct InputError {
  std::string path;
  std::string message;  // one line, naming the input
  // The message without the "PATH: " it starts with, for formats that show the path on their own.
  std::string_view reason() const {
    const std::string_view m = message;
    const bool named = m.size() > path.size() + 2 && m.starts_with(path) && m.substr(path.size(), 2) == ": ";
    return named ? m.substr(path.size() + 2) : m;
  }
};

// A limit on warnings (--max-warnings, or max-warnings in a sitemaplint.toml) and the run's count.
struct WarningLimit {
  std::size_t limit = 0;
  std::size_t warnings = 0;
  std::string source;  // where the limit was set: "--max-warnings 10", "max-warnings = 10 in PATH"
  bool exceeded() const { return warnings > limit; }
  // Once exceeded: "12 warnings exceed --max-warnings 10".
  std::string message() const;
};

// --pages: what the URLs the run lists lead to on the site, for the summary, the JSON report's
// "pages" object and the HTML report's pages section.
struct PagesSummary {
  std::string source;  // "public as Netlify serves it"
  PageTally tally;
  std::vector<SitePage> unlisted;  // indexable pages of the build that no listed URL leads to
  bool live = false;  // fetched from the live site: the statuses below and `note` apply
  std::string note;  // live: how the listed URLs were cut (--max-urls) or sampled (--sample); empty: neither
  // Live: the listed URLs that redirect, each with its chain ("a (301) -> b (200)"), in URL order.
  std::vector<std::pair<std::string, std::string>> redirect_chains;
  // "pages: 120 listed URLs checked against public as Netlify serves it: 3 missing ...".
  std::string line() const;
};

// What fails a run besides its error findings: inputs that could not be read (exit 2) and too many
// warnings (exit 1). Every format shows them, so that CI reading only the report (annotations, a
// SARIF upload, JUnit test results) can say why the run failed.
struct RunStatus {
  std::vector<InputError> input_errors;
  std::optional<WarningLimit> warning_limit;  // when a limit applies, exceeded or not
  std::optional<PagesSummary> pages;  // --pages: not a failure, but every format that has a summary shows it
  // --baseline: how many findings it hid, so a clean-looking run is not taken for a clean site.
  std::optional<std::size_t> baseline_hidden;
  // Whether anything above fails the run.
  bool failed() const { return !input_errors.empty() || (warning_limit && warning_limit->exceeded()); }
};

void write_human(std::span<const FileReport> reports, const RunStatus& status, const HumanStyle& style,
                 std::ostream& out);

// The JSON report; its shape is documented in docs/output.md ("JSON") and versioned.
inline constexpr int kJsonFormatVersion = 1;

void write_json(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out);

// One line per finding: "path:line:col: error: message [CODE name]".
void write_gcc(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out);
// GitHub Actions workflow commands, which annotate the files in a pull request.
void write_github(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out);
// JUnit XML: one test case per file (and per unreadable input, and for the warning limit).
void write_junit(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out);
// SARIF 2.1.0 (GitHub code scanning); docs/output.md ("SARIF") documents the fields.
// `rules`: the rules the log describes in tool.driver.rules, with their full help: those that made a
// finding (a clean run's log stays small), or every rule (--sarif-all-rules).
enum class SarifRules { Fired, All };
void write_sarif(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out,
                 SarifRules rules = SarifRules::Fired);
// GitLab Code Quality (a JSON array of issues); docs/output.md ("CI formats") documents the fields.
void write_gitlab(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out);
// Checkstyle XML, which Jenkins, reviewdog and other checkstyle readers show.
void write_checkstyle(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out);

}  // namespace sitemaplint
