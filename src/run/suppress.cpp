#include "run/suppress.h"

#include <algorithm>
#include <optional>

#include "entry.h"
#include "analysis/line_index.h"
#include "analysis/message_text.h"

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

// Directives honoured per file; more only make a hostile file slow.
constexpr std::size_t kMaxDirectives = 10'000;

bool unsuppressible(const RuleInfo& info) { return !info.suppressible; }

}  // namespace

void apply_suppressions(const Document& doc, std::string_view bytes, const RuleSelection& selection,
                        std::vector<Diagnostic>* diagnostics) {
  if (doc.directives.empty()) return;
  const RuleInfo* sm901 = &rule_info(RuleId::unused_suppression);
  const bool report = selection.is_enabled(RuleId::unused_suppression);
  std::vector<Diagnostic> findings;  // SM901's own
  const auto finding = [&](std::size_t offset, std::size_t length, std::string message) {
    if (report) {
      findings.push_back(Diagnostic{sm901, selection.severity_of(*sm901), offset, length,
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
  if (directives.size() > kMaxDirectives) {
    finding(directives[kMaxDirectives].offset, 4,
            std::to_string(directives.size() - kMaxDirectives) + " more sitemaplint directives are ignored (at most " +
                std::to_string(kMaxDirectives) + " per file)");
    directives.resize(kMaxDirectives);
  }
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
      const RuleInfo* rule = find_rule(word);
      if (!rule) {
        const std::string hint = closest_rule(word);
        finding(directive.offset, length,
                "unknown rule '" + std::string(word) + "' in " + std::string(command) + did_you_mean(hint));
      } else if (unsuppressible(*rule)) {
        finding(directive.offset, length, std::string(rule->name) + " findings cannot be suppressed");
      } else {
        rules.emplace_back(rule, word);
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

  // One sweep in offset order (the findings come sorted): only the ranges around a finding are
  // looked at, so a file with many directives stays linear in practice.
  std::vector<std::size_t> by_begin(done.size());
  for (std::size_t i = 0; i < done.size(); ++i) by_begin[i] = i;
  std::stable_sort(by_begin.begin(), by_begin.end(),
                   [&](std::size_t a, std::size_t b) { return done[a].begin < done[b].begin; });
  std::size_t next = 0;
  std::vector<std::size_t> active;
  std::vector<Diagnostic> kept;
  kept.reserve(diagnostics->size());
  for (Diagnostic& d : *diagnostics) {
    while (next < by_begin.size() && done[by_begin[next]].begin <= d.offset) active.push_back(by_begin[next++]);
    std::erase_if(active, [&](std::size_t i) { return done[i].end <= d.offset; });
    bool suppressed = false;
    if (!unsuppressible(*d.rule)) {
      for (std::size_t i : active) {
        Suppression& s = done[i];
        if (s.rule == nullptr || s.rule == d.rule) {
          s.used = true;
          suppressed = true;
        }
      }
    }
    if (!suppressed) kept.push_back(std::move(d));
  }
  diagnostics->swap(kept);
  const auto selected = [&](const RuleInfo* info) {
    return std::any_of(selection.enabled.begin(), selection.enabled.end(),
                       [&](const RuleInfo* def) { return def == info; });
  };
  for (const Suppression& s : done) {
    // A rule that did not run could not have anything to suppress.
    if (s.used || (s.rule && !selected(s.rule))) continue;
    const std::string what = s.rule ? "'" + std::string(s.word) + "'" : "every rule";
    finding(s.directive, s.directive_end - s.directive, "sitemaplint-" + std::string(s.kind) + " of " + what + " suppressed nothing");
  }
  if (findings.empty()) return;
  diagnostics->insert(diagnostics->end(), findings.begin(), findings.end());
  std::stable_sort(diagnostics->begin(), diagnostics->end(), diagnostic_order);
}

}  // namespace sitemaplint
