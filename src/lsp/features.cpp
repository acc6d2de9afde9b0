#include "lsp/features.h"

#include <sstream>

#include "engine/registry.h"
#include "rule.h"
#include "docs/rule_docs.h"

namespace sitemaplint::lsp {
namespace {

// Whether a code action of `kind` is wanted by a request whose context.only is `only` (absent:
// everything). Kinds are hierarchical: "source" asks for "source.fixAll.sitemaplint" too.
bool wanted(const nlohmann::json& only, std::string_view kind) {
  if (only.is_null()) return true;
  for (const auto& item : only) {
    const std::string prefix = item.get<std::string>();
    if (kind == prefix || (kind.starts_with(prefix) && kind[prefix.size()] == '.')) return true;
  }
  return false;
}

bool rule_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

nlohmann::json rule_hover(const RuleInfo& info, const nlohmann::json& range) {
  std::ostringstream markdown;
  write_explanation(info, markdown);
  markdown << "\n[" << info.code << " in the sitemaplint documentation](" << rule_docs_url(info) << ")\n";
  return {{"contents", {{"kind", "markdown"}, {"value", markdown.str()}}}, {"range", range}};
}

}  // namespace

nlohmann::json publish_params(const OpenDocument& doc, PositionEncoding encoding) {
  const TextIndex index(doc.text, encoding);
  nlohmann::json diagnostics = nlohmann::json::array();
  for (const Diagnostic& d : doc.findings) diagnostics.push_back(to_lsp_diagnostic(d, index, doc.uri));
  return {{"uri", doc.uri}, {"version", doc.version}, {"diagnostics", std::move(diagnostics)}};
}

nlohmann::json code_actions(const OpenDocument& doc, PositionEncoding encoding, const nlohmann::json& params) {
  const TextIndex index(doc.text, encoding);
  const nlohmann::json& range = params.at("range");
  const std::size_t begin = index.offset(range.at("start"));
  const std::size_t end = index.offset(range.at("end"));
  const nlohmann::json only =
      params.contains("context") ? params["context"].value("only", nlohmann::json()) : nlohmann::json();
  if (!only.is_null() && !only.is_array()) throw InvalidParams("context.only must be an array");

  nlohmann::json actions = nlohmann::json::array();
  bool any_fix = false;
  for (const Diagnostic& d : doc.findings) {
    if (!d.fix) continue;
    any_fix = true;
    // The findings server-side are those of the current text, so no client round trip is trusted.
    const bool touches = d.offset <= end && d.offset + d.length >= begin;
    if (!touches || !wanted(only, "quickfix")) continue;
    nlohmann::json edit = {{"range", index.range(d.fix->offset, d.fix->length)}, {"newText", d.fix->replacement}};
    actions.push_back({{"title", d.fix->description},
                       {"kind", "quickfix"},
                       {"diagnostics", nlohmann::json::array({to_lsp_diagnostic(d, index, doc.uri)})},
                       {"edit", {{"changes", {{doc.uri, nlohmann::json::array({std::move(edit)})}}}}},
                       {"isPreferred", true}});
  }
  // Without an explicit request for it, "fix all" is offered next to a quick fix, not everywhere.
  const bool offer_all = only.is_null() ? !actions.empty() : (any_fix && wanted(only, kFixAllKind));
  if (offer_all) {
    std::size_t applied = 0;
    const std::string fixed = fix_document(doc, &applied);
    if (fixed != doc.text) {
      actions.push_back({{"title", "Apply all sitemaplint fixes in this file"},
                         {"kind", kFixAllKind},
                         {"edit", {{"changes", {{doc.uri, nlohmann::json::array({minimal_edit(index, fixed)})}}}}}});
    }
  }
  return actions;
}

nlohmann::json hover(const OpenDocument& doc, PositionEncoding encoding, const nlohmann::json& params) {
  const TextIndex index(doc.text, encoding);
  const std::size_t at = index.offset(params.at("position"));
  const std::string_view text = doc.text;
  std::size_t begin = at;
  std::size_t end = at;
  while (begin > 0 && rule_word_char(text[begin - 1])) --begin;
  while (end < text.size() && rule_word_char(text[end])) ++end;
  // Rule names hold single hyphens, never at either end: "SM401-->" names SM401.
  while (begin < end && text[begin] == '-') ++begin;
  while (end > begin && text[end - 1] == '-') --end;
  if (end > begin) {
    if (const RuleInfo* rule = find_rule(text.substr(begin, end - begin))) {
      return rule_hover(*rule, index.range(begin, end - begin));
    }
  }
  for (const Diagnostic& d : doc.findings) {
    if (d.rule && d.offset <= at && at <= d.offset + d.length)
      return rule_hover(*d.rule, index.range(d.offset, d.length));
  }
  return nullptr;
}

}  // namespace sitemaplint::lsp
