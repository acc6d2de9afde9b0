// The SARIF 2.1.0 report, for GitHub code scanning and other SARIF viewers. README.md ("SARIF")
// documents which fields are filled in.
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <string>

#include "report/fingerprint.h"
#include "report/source.h"
#include "run/lint_many.h"
#include "registry.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
namespace {

using Json = nlohmann::ordered_json;

std::string_view sarif_level(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "note";
  }
  return "error";
}

// Percent-encodes what may not appear in a URI path. `relative` also encodes ':' so a relative
// reference is never read as having a scheme.
std::string uri_escape(std::string_view path, bool relative) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       std::string_view("-._~/!$&'()*+,;=@").find(ch) != std::string_view::npos ||
                       (c == ':' && !relative);
    if (plain) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string file_uri(const std::filesystem::path& absolute) {
  std::string p = absolute.generic_string();
  if (p.empty() || p.front() != '/') p.insert(p.begin(), '/');
  return "file://" + uri_escape(p, false);
}

// Where an input is, as a SARIF artifactLocation: relative to %SRCROOT% (the current directory)
// when it lies under it, otherwise an absolute URI. URLs stay as given.
Json artifact_location(const std::string& path) {
  if (path == "-") return {{"uri", "stdin"}};
  if (is_url(path)) return {{"uri", path}};
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec).lexically_normal();
  if (!cwd.empty()) {
    const std::filesystem::path relative = absolute.lexically_relative(cwd.lexically_normal());
    const std::string rel = relative.generic_string();
    if (!rel.empty() && rel != "." && !rel.starts_with("../") && rel != "..") {
      return {{"uri", uri_escape(rel, true)}, {"uriBaseId", "%SRCROOT%"}};
    }
  }
  return {{"uri", file_uri(absolute)}};
}

Json region_json(const Position& start, const Position& end) {
  return {{"startLine", start.line},
          {"startColumn", start.utf16_column},
          {"endLine", end.line},
          {"endColumn", end.utf16_column}};
}

Json rule_json(const RuleInfo& info) {
  Json j;
  j["id"] = info.code;
  j["name"] = info.name;
  j["shortDescription"] = {{"text", info.summary}};
  j["fullDescription"] = {{"text", info.summary}};
  // The help leads with whose rule it is, as --explain does.
  std::string help = "Authority: " + authority_list(info.authorities) + "\n";
  if (!info.search_console.empty()) help += "\nSearch Console: \"" + std::string(info.search_console) + "\"\n";
  help += info.docs;
  j["help"] = {{"text", help}, {"markdown", help}};
  j["defaultConfiguration"] = {{"level", sarif_level(info.default_severity)}};
  Json properties;
  properties["authorities"] = authority_names(info.authorities);
  if (!info.search_console.empty()) properties["searchConsole"] = info.search_console;
  // Code scanning filters alerts by tags: the family and each authority.
  Json tags = Json::array({info.family->name});
  for (std::string_view name : authority_names(info.authorities)) tags.push_back(name);
  properties["tags"] = std::move(tags);
  j["properties"] = std::move(properties);
  return j;
}

// The run's invocation: whether sitemaplint could do its job (it could not when an input was
// unreadable) and, as tool notifications, what fails the run besides its results. GitHub shows
// these on the tool's status page; a run that linted nothing must not look clean there.
Json invocation_json(const RunStatus& status) {
  Json notifications = Json::array();
  for (const InputError& error : status.input_errors) {
    Json location = {{"physicalLocation", {{"artifactLocation", artifact_location(error.path)}}}};
    notifications.push_back({{"level", "error"},
                             {"message", {{"text", error.message}}},
                             {"locations", Json::array({std::move(location)})},
                             {"descriptor", {{"id", "unreadable-input"}}}});
  }
  if (status.warning_limit && status.warning_limit->exceeded()) {
    notifications.push_back({{"level", "error"},
                             {"message", {{"text", status.warning_limit->message()}}},
                             {"descriptor", {{"id", "max-warnings"}}}});
  }
  Json invocation;
  invocation["executionSuccessful"] = status.input_errors.empty();
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  return invocation;
}

}  // namespace

void write_sarif(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out,
                 SarifRules described) {
  std::set<std::string_view> fired;
  for (const FileReport& report : reports) {
    for (const Diagnostic& d : report.diagnostics) fired.insert(d.rule->code);
  }
  Json rules = Json::array();
  std::map<std::string_view, std::size_t> rule_index;
  for (const RuleInfo* def : all_rules()) {
    if (described == SarifRules::Fired && !fired.contains(def->code)) continue;
    rule_index.emplace(def->code, rules.size());
    rules.push_back(rule_json(*def));
  }

  Json results = Json::array();
  RunSources sources(reports);
  for (const FileReport& report : reports) {
    if (report.diagnostics.empty()) continue;
    const Json location = artifact_location(report.path);
    const ReportSource source(report);
    Fingerprints fingerprints(report, source);
    for (const Diagnostic& d : report.diagnostics) {
      Json result;
      result["ruleId"] = d.rule->code;
      if (const auto it = rule_index.find(d.rule->code); it != rule_index.end()) result["ruleIndex"] = it->second;
      result["level"] = sarif_level(d.severity);
      result["message"] = {{"text", d.message}};
      result["properties"] = {{"authorities", authority_names(finding_authorities(d))}};

      Json physical;
      physical["artifactLocation"] = location;
      const Position start = source.position(d.offset);
      const Position end = source.position(d.offset + d.length);
      physical["region"] = region_json(start, end);
      result["locations"] = Json::array({{{"physicalLocation", std::move(physical)}}});
      // GitHub's form: hash, then which occurrence of that hash in the file this is.
      result["partialFingerprints"] = {{"primaryLocationLineHash", fingerprints.next(d, start.line)}};

      if (d.related) {
        const Position at = sources.related_position(d, source);
        Json related;
        related["id"] = 1;
        related["physicalLocation"] = {{"artifactLocation", d.related->path.empty() ? location
                                                                                     : artifact_location(d.related->path)},
                                       {"region", {{"startLine", at.line}, {"startColumn", at.utf16_column}}}};
        related["message"] = {{"text", d.related->message}};
        result["relatedLocations"] = Json::array({std::move(related)});
      }
      if (d.fix) {
        const Json deleted = region_json(source.position(d.fix->offset), source.position(d.fix->offset + d.fix->length));
        Json replacement = {{"deletedRegion", deleted}, {"insertedContent", {{"text", d.fix->replacement}}}};
        Json change = {{"artifactLocation", location}, {"replacements", Json::array({std::move(replacement)})}};
        result["fixes"] = Json::array(
            {{{"description", {{"text", d.fix->description}}}, {"artifactChanges", Json::array({std::move(change)})}}});
      }
      results.push_back(std::move(result));
    }
  }

  Json driver;
  driver["name"] = "sitemaplint";
  driver["version"] = SITEMAPLINT_VERSION;
  driver["semanticVersion"] = SITEMAPLINT_VERSION;
  driver["rules"] = std::move(rules);

  Json run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["invocations"] = Json::array({invocation_json(status)});
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (!cwd.empty()) {
    std::string root = file_uri(cwd.lexically_normal());
    if (root.back() != '/') root += '/';
    run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", root}}}};
  }
  run["results"] = std::move(results);
  run["columnKind"] = "utf16CodeUnits";

  Json root;
  root["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  root["version"] = "2.1.0";
  root["runs"] = Json::array({std::move(run)});
  // Invalid UTF-8 in messages (quoted from a broken input) is replaced, never a crash.
  out << root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace sitemaplint
