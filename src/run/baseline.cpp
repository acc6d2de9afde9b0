#include "run/baseline.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "entry.h"
#include "rule.h"
#include "analysis/xml_text.h"

namespace sitemaplint {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // path, rule code, url or message

bool named(std::string_view name, std::string_view local) {
  return name.ends_with(local) &&
         (name.size() == local.size() || name[name.size() - local.size() - 1] == ':');
}

// The entries of a file: where each child of the root starts, and its <loc>, trimmed and decoded.
struct EntrySpan {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string loc;
};

std::vector<EntrySpan> entry_spans(const std::string& bytes) {
  std::vector<EntrySpan> spans;
  pugi::xml_document tree;
  if (!tree.load_buffer(bytes.data(), bytes.size(), pugi::parse_minimal, pugi::encoding_utf8)) return spans;
  const pugi::xml_node root = tree.document_element();
  for (pugi::xml_node entry = root.first_child(); entry; entry = entry.next_sibling()) {
    if (entry.type() != pugi::node_element) continue;
    EntrySpan span;
    span.begin = static_cast<std::size_t>(entry.offset_debug() - 1);
    for (pugi::xml_node field : entry.children()) {
      if (field.type() != pugi::node_element || !named(field.name(), "loc")) continue;
      std::string value;
      decode_entities(field.child_value(), &value);
      span.loc = std::string(trim_xml_space(value));
      break;
    }
    spans.push_back(std::move(span));
  }
  // An entry ends where the next begins; the last one where the root's end tag begins.
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (i + 1 < spans.size()) {
      spans[i].end = spans[i + 1].begin;
    } else {
      const std::size_t close = bytes.rfind("</");
      spans[i].end = close == std::string::npos || close < spans[i].begin ? bytes.size() : close;
    }
  }
  return spans;
}

std::vector<Key> keys_of(const FileReport& report) {
  std::vector<Key> keys;
  std::vector<EntrySpan> spans;
  if (!report.bytes.empty() && !report.diagnostics.empty()) spans = entry_spans(report.bytes);
  for (const Diagnostic& d : report.diagnostics) {
    std::string what = d.message;
    if (!d.line_column) {
      const auto after = std::upper_bound(spans.begin(), spans.end(), d.offset,
                                          [](std::size_t offset, const EntrySpan& s) { return offset < s.begin; });
      if (after != spans.begin()) {
        const EntrySpan& span = *(after - 1);
        if (d.offset < span.end && !span.loc.empty()) what = span.loc;
      }
    }
    keys.emplace_back(report.path, std::string(d.rule->code), std::move(what));
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
  out << root.dump(2) << '\n';
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
    if (!f.is_object() || !f.contains("path") || !f.contains("rule") || !f.contains("url") ||
        !f["path"].is_string() || !f["rule"].is_string() || !f["url"].is_string()) {
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
