#include "run/baseline.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <nlohmann/json.hpp>

#include "analysis/utf8.h"
#include "rule.h"

namespace sitemaplint {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // path, rule code, url or message

// A finding's key: its file, its rule, and what it is about: the URL of its entry (or of what a
// check across the set names), else its message. In well-formed UTF-8, which the baseline's JSON
// holds as it is: a path or a value with ill-formed bytes (each written as U+FFFD) is keyed alike
// when the baseline is written and when it is read back.
std::vector<Key> keys_of(const FileReport& report) {
  std::vector<Key> keys;
  keys.reserve(report.diagnostics.size());
  const std::string path = well_formed_utf8(report.path);
  for (const Diagnostic& d : report.diagnostics) {
    keys.emplace_back(path, std::string(d.rule->code), well_formed_utf8(d.subject.empty() ? d.message : d.subject));
  }
  return keys;
}

}  // namespace

std::size_t write_baseline(const std::vector<FileReport>& reports, std::ostream& out) {
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const FileReport& report : reports) {
    for (const auto& [path, rule, url] : keys_of(report)) {
      findings.push_back(nlohmann::ordered_json{{"path", path}, {"rule", rule}, {"url", url}});
    }
  }
  const std::size_t count = findings.size();
  nlohmann::ordered_json root;
  root["version"] = 1;
  root["findings"] = std::move(findings);
  // The keys are well-formed UTF-8; replacing stays the rule, so that no key could ever abort.
  out << root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  return count;
}

bool apply_baseline(const std::string& text, std::vector<FileReport>* reports, std::string* error) {
  const nlohmann::json root = nlohmann::json::parse(text, nullptr, false);
  if (root.is_discarded() || !root.is_object() || !root.contains("findings") || !root["findings"].is_array()) {
    *error = "not a sitemaplint baseline (a JSON object with a \"findings\" array)";
    return false;
  }
  std::map<Key, std::size_t> accepted;
  for (const nlohmann::json& f : root["findings"]) {
    if (!f.is_object() || !f.contains("path") || !f.contains("rule") || !f.contains("url") || !f["path"].is_string() ||
        !f["rule"].is_string() || !f["url"].is_string()) {
      *error = "a baseline finding needs string \"path\", \"rule\" and \"url\" fields";
      return false;
    }
    ++accepted[Key{f["path"].get<std::string>(), f["rule"].get<std::string>(), f["url"].get<std::string>()}];
  }
  for (FileReport& report : *reports) {
    const std::vector<Key> keys = keys_of(report);
    std::vector<Diagnostic> kept;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const auto it = accepted.find(keys[i]);
      if (it != accepted.end() && it->second > 0) {
        --it->second;
        continue;
      }
      kept.push_back(std::move(report.diagnostics[i]));
    }
    report.diagnostics = std::move(kept);
  }
  return true;
}

}  // namespace sitemaplint
