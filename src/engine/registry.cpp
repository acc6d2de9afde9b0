#include "engine/registry.h"
#include "analysis/message_text.h"

#include "analysis/edit_distance.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>

namespace sitemaplint {

#define SITEMAPLINT_RULE(family, code, id) extern const RuleDefinition id;
#include "rules/rules.def"

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && equals_ignoring_case(text.substr(0, prefix.size()), prefix);
}

constexpr FamilyInfo kFamilies[] = {
#define SITEMAPLINT_FAMILY(id, prefix, summary) {FamilyId::id, #id, prefix, summary},
#include "rules/rules.def"
};

// A rule's identity as rules/rules.def states it, with its file's definition.
struct Identity {
  RuleId id;
  std::string_view code;
  std::string_view id_name;  // lastmod_invalid: the name with '_' for '-'
  FamilyId family;
  const RuleDefinition* definition;
};

const Identity kIdentities[] = {
#define SITEMAPLINT_RULE(family, code, id) {RuleId::id, #code, #id, FamilyId::family, &id},
#include "rules/rules.def"
};

struct Table {
  std::array<std::string, kRuleCount> names;
  std::vector<RuleInfo> infos;
  std::vector<const RuleInfo*> pointers;
};

const Table& table() {
  static const Table kTable = [] {
    Table t;
    t.infos.reserve(kRuleCount);
    for (std::size_t i = 0; i < kRuleCount; ++i) {
      const Identity& rule = kIdentities[i];
      std::string& name = t.names[i];
      name = rule.id_name;
      std::replace(name.begin(), name.end(), '_', '-');
      const RuleMeta& meta = rule.definition->meta;
      t.infos.push_back(RuleInfo{rule.id, rule.code, name, &kFamilies[static_cast<std::size_t>(rule.family)],
                                 meta.severity, meta.fixes, meta.suppressible, meta.summary, meta.docs,
                                 meta.authorities, meta.search_console, rule.definition->make});
    }
    for (const RuleInfo& info : t.infos) t.pointers.push_back(&info);
    return t;
  }();
  return kTable;
}

}  // namespace

std::string unknown_rule_message(std::string_view word) {
  return "unknown rule '" + std::string(word) + "'" + did_you_mean(closest_rule(word)) +
         " (sitemaplint --list-rules shows them all)";
}

std::span<const RuleInfo* const> all_rules() { return table().pointers; }

std::span<const FamilyInfo> all_families() { return kFamilies; }

const RuleInfo& rule_info(RuleId id) { return table().infos[index_of(id)]; }

const RuleInfo* find_rule(std::string_view word) {
  for (const RuleInfo* rule : all_rules()) {
    if (equals_ignoring_case(word, rule->code) || word == rule->name) return rule;
  }
  return nullptr;
}

std::vector<const RuleInfo*> rules_named(std::string_view word) {
  std::vector<const RuleInfo*> out;
  if (equals_ignoring_case(word, "ALL")) return {all_rules().begin(), all_rules().end()};
  if (const RuleInfo* rule = find_rule(word)) return {rule};
  for (const FamilyInfo& family : all_families()) {
    if (word == family.name) {
      for (const RuleInfo* rule : all_rules()) {
        if (rule->family == &family) out.push_back(rule);
      }
      return out;
    }
  }
  // A code prefix: the letters of a family's prefix in full ("SM", "IMG"), then any digits.
  const std::size_t letters = static_cast<std::size_t>(
      std::find_if(word.begin(), word.end(), [](char c) { return !std::isalpha(static_cast<unsigned char>(c)); }) -
      word.begin());
  if (letters == 0 || !std::all_of(word.begin() + static_cast<std::ptrdiff_t>(letters), word.end(),
                                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    return out;
  }
  for (const RuleInfo* rule : all_rules()) {
    const std::size_t code_letters = rule->code.find_first_of("0123456789");
    if (code_letters == letters && starts_with_ignoring_case(rule->code, word)) out.push_back(rule);
  }
  return out;
}

std::string closest_rule(std::string_view unknown) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(3, unknown.size() / 3) + 1;
  for (const RuleInfo* rule : all_rules()) {
    for (std::string_view candidate : {rule->name, rule->code}) {
      const std::size_t d = edit_distance(unknown, candidate);
      if (d < best_distance) {
        best_distance = d;
        best = std::string(candidate);
      }
    }
  }
  return best;
}

bool RuleSelection::is_enabled(RuleId id) const {
  return std::any_of(enabled.begin(), enabled.end(), [id](const RuleInfo* rule) { return rule->id == id; });
}

Severity RuleSelection::severity_of(const RuleInfo& info) const {
  return severity_overrides[index_of(info.id)].value_or(info.default_severity);
}

void apply_layer(const RuleLayer& layer, RuleSelection* selection) {
  if (layer.select) selection->enabled = *layer.select;
  for (const RuleInfo* rule : layer.ignore) std::erase(selection->enabled, rule);
  std::sort(selection->enabled.begin(), selection->enabled.end(),
            [](const RuleInfo* a, const RuleInfo* b) { return a->id < b->id; });
  selection->enabled.erase(std::unique(selection->enabled.begin(), selection->enabled.end()), selection->enabled.end());
  for (const auto& [rule, level] : layer.severity) selection->severity_overrides[index_of(rule->id)] = level;
}

RuleSelection default_selection() {
  RuleSelection selection;
  selection.enabled.assign(all_rules().begin(), all_rules().end());
  return selection;
}

bool resolve_rule_words(const std::vector<std::string>& words, std::vector<const RuleInfo*>* out, std::string* error) {
  for (const std::string& word : words) {
    const std::vector<const RuleInfo*> named = rules_named(word);
    if (named.empty()) {
      *error = unknown_rule_message(word);
      return false;
    }
    for (const RuleInfo* rule : named) {
      if (std::find(out->begin(), out->end(), rule) == out->end()) out->push_back(rule);
    }
  }
  return true;
}

bool parse_rule_layer(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                      const std::vector<std::string>& severities, RuleLayer* out, std::string* error) {
  if (!select.empty()) {
    out->select.emplace();
    if (!resolve_rule_words(select, &*out->select, error)) {
      *error = "--select: " + *error;
      return false;
    }
  }
  if (!resolve_rule_words(ignore, &out->ignore, error)) {
    *error = "--ignore: " + *error;
    return false;
  }
  for (const std::string& word : severities) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) {
      *error = "--severity: expected RULE=LEVEL, got '" + word + "'";
      return false;
    }
    const RuleInfo* rule = find_rule(std::string_view(word).substr(0, eq));
    if (!rule) {
      *error = "--severity: " + unknown_rule_message(word.substr(0, eq));
      return false;
    }
    const auto level = parse_severity(std::string_view(word).substr(eq + 1));
    if (!level) {
      *error = "--severity: " + unknown_severity_message(std::string_view(word).substr(eq + 1));
      return false;
    }
    out->severity.emplace_back(rule, *level);
  }
  return true;
}

bool make_selection(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                    const std::vector<std::string>& severities, RuleSelection* out, std::string* error) {
  RuleLayer layer;
  if (!parse_rule_layer(select, ignore, severities, &layer, error)) return false;
  *out = default_selection();
  apply_layer(layer, out);
  return true;
}

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
  struct Key {
    std::size_t offset;
    RuleId rule;
    std::uint32_t index;  // the finding's place before sorting: equal keys keep their order
  };
  std::vector<Key> keys;
  keys.reserve(diagnostics.size());
  bool sorted = true;
  for (std::size_t i = 0; i < diagnostics.size(); ++i) {
    keys.push_back({diagnostics[i].offset, diagnostics[i].rule->id, static_cast<std::uint32_t>(i)});
    sorted &= i == 0 || !diagnostic_order(diagnostics[i], diagnostics[i - 1]);
  }
  if (sorted) return;
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    if (a.offset != b.offset) return a.offset < b.offset;
    if (a.rule != b.rule) return a.rule < b.rule;
    return a.index < b.index;
  });
  // The permutation applied in place, cycle by cycle: each finding moved about once, and no second
  // array of findings (20,000 of them take megabytes, whose first touch costs page faults).
  std::vector<bool> placed(diagnostics.size());
  for (std::size_t start = 0; start < keys.size(); ++start) {
    if (placed[start] || keys[start].index == start) continue;
    // Position `at` takes the finding that sorts there, which frees the position it came from.
    Diagnostic carried = std::move(diagnostics[start]);
    std::size_t at = start;
    while (true) {
      placed[at] = true;
      const std::size_t from = keys[at].index;
      if (from == start) {
        diagnostics[at] = std::move(carried);
        break;
      }
      diagnostics[at] = std::move(diagnostics[from]);
      at = from;
    }
  }
}

}  // namespace sitemaplint
