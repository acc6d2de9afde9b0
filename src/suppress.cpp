#include "suppress.h"

#include <algorithm>
#include <optional>

#include "entry.h"
#include "line_index.h"

namespace sitemaplint {
namespace {

// One rule (or every rule, when rule is null) silenced over the bytes [begin, end).
struct Suppression {
  const RuleInfo* rule = nullptr;
  std::string_view word;      // as written in the directive; empty for every rule
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t directive = 0;  // where the directive's comment starts and ends
  std::size_t directive_end = 0;
  std::string_view kind;      // "disable-next-line" or "disable"
  bool used = false;
};

std::vector<std::string_view> rule_words(std::string_view rest) {
  std::vector<std::string_view> words;
  std::size_t pos = 0;
  while (pos < rest.size()) {
    const std::size_t stop = rest.find_first_of(", \t\r\n", pos);
    const std::size_t end = stop == std::string_view::npos ? rest.size() : stop;
    if (end > pos) words.push_back(rest.substr(pos, end - pos));
    pos = end + 1;
  }
  return words;
}

bool unsuppressible(const RuleInfo& info) { return info.code == "SM001" || info.code == "SM901"; }

}  // namespace

void apply_suppressions(const Document& doc, std::string_view bytes, const RuleSelection& selection,
                        std::vector<Diagnostic>* diagnostics) {
  if (doc.directives.empty()) return;
  const RuleDefinition* sm901 = find_rule("SM901");
  const bool report = sm901 && std::find(selection.enabled.begin(), selection.enabled.end(), sm901) !=
                                   selection.enabled.end();
  std::vector<Diagnostic> findings;  // SM901's own
  const auto finding = [&](std::size_t offset, std::size_t length, std::string message) {
    if (report) {
      findings.push_back(Diagnostic{&sm901->info, selection.severity_of(sm901->info), offset, length,
                                    std::move(message), std::nullopt, std::nullopt, std::nullopt});
    }
  };

  std::vector<Document::DirectiveComment> directives = doc.directives;
  std::sort(directives.begin(), directives.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  const LineIndex lines(bytes);
  const auto line_start = [&](std::size_t line) {
    return static_cast<std::size_t>(lines.line_text(line).data() - bytes.data());
  };

  std::vector<Suppression> done;
  std::vector<Suppression> open;  // disable ranges not yet enabled again
  for (const auto& directive : directives) {
    std::string_view text = trim_xml_space(directive.text);
    const std::size_t space = text.find_first_of(" \t\r\n");
    const std::string_view command = text.substr(0, space);
    const std::string_view rest = space == std::string_view::npos ? std::string_view() : text.substr(space);
    const std::size_t length = directive.end - directive.offset;
    if (command != "sitemaplint-disable-next-line" && command != "sitemaplint-disable" &&
        command != "sitemaplint-enable") {
      finding(directive.offset, length, "unknown sitemaplint directive '" + std::string(command) +
                                            "' (use sitemaplint-disable-next-line, sitemaplint-disable or sitemaplint-enable)");
      continue;
    }
    // The rules it names, null for every rule; unknown words are findings and are left out.
    std::vector<std::pair<const RuleInfo*, std::string_view>> rules;
    const std::vector<std::string_view> words = rule_words(rest);
    for (std::string_view word : words) {
      const RuleDefinition* rule = find_rule(word);
      if (!rule) {
        const std::string hint = closest_rule(word);
        finding(directive.offset, length, "unknown rule '" + std::string(word) + "' in " + std::string(command) +
                                              (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
      } else if (unsuppressible(rule->info)) {
        finding(directive.offset, length, std::string(rule->info.name) + " findings cannot be suppressed");
      } else {
        rules.emplace_back(&rule->info, word);
      }
    }
    if (words.empty()) rules.emplace_back(nullptr, std::string_view());
    if (rules.empty()) continue;  // every word was bad, already reported

    if (command == "sitemaplint-enable") {
      for (auto it = open.begin(); it != open.end();) {
        const bool match = std::any_of(rules.begin(), rules.end(), [&](const auto& r) {
          return r.first == nullptr || r.first == it->rule;
        });
        if (!match) { ++it; continue; }
        it->end = directive.offset;
        done.push_back(*it);
        it = open.erase(it);
      }
      continue;
    }
    Suppression base;
    base.directive = directive.offset;
    base.directive_end = directive.end;
    if (command == "sitemaplint-disable") {
      base.kind = "disable";
      base.begin = directive.end;
      base.end = bytes.size();
    } else {
      base.kind = "disable-next-line";
      std::size_t line = lines.position(directive.end == 0 ? 0 : directive.end - 1).line + 1;
      while (line <= lines.line_count() && trim_xml_space(lines.line_text(line)).empty()) ++line;
      if (line > lines.line_count()) {
        base.begin = base.end = bytes.size();
      } else {
        base.begin = line_start(line);
        base.end = line < lines.line_count() ? line_start(line + 1) : bytes.size() + 1;
      }
    }
    for (const auto& [info, word] : rules) {
      Suppression s = base;
      s.rule = info;
      s.word = word;
      (command == "sitemaplint-disable" ? open : done).push_back(s);
    }
  }
  for (Suppression& s : open) done.push_back(s);

  std::erase_if(*diagnostics, [&](const Diagnostic& d) {
    if (unsuppressible(*d.rule)) return false;
    bool suppressed = false;
    for (Suppression& s : done) {
      if ((s.rule == nullptr || s.rule == d.rule) && d.offset >= s.begin && d.offset < s.end) {
        s.used = true;
        suppressed = true;
      }
    }
    return suppressed;
  });
  for (const Suppression& s : done) {
    if (s.used) continue;
    const std::string what = s.rule ? "'" + std::string(s.word) + "'" : "every rule";
    finding(s.directive, s.directive_end - s.directive, "sitemaplint-" + std::string(s.kind) + " of " + what + " suppressed nothing");
  }
  if (findings.empty()) return;
  diagnostics->insert(diagnostics->end(), findings.begin(), findings.end());
  std::stable_sort(diagnostics->begin(), diagnostics->end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.offset != b.offset) return a.offset < b.offset;
    return a.rule->code < b.rule->code;
  });
}

}  // namespace sitemaplint
