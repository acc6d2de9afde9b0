#include "run/suppress.h"

#include <algorithm>
#include <optional>

#include <nlohmann/json.hpp>

#include "entry.h"
#include "analysis/line_index.h"
#include "analysis/message_text.h"

namespace sitemaplint {
namespace {

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

}  // namespace

Suppressions::Suppressions(const Document& doc, std::string_view bytes) {
  if (doc.directives.empty()) return;
  std::vector<Document::DirectiveComment> directives = doc.directives;
  std::sort(directives.begin(), directives.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  const LineIndex lines(bytes);
  const auto line_start = [&](std::size_t line) {
    return static_cast<std::size_t>(lines.line_text(line).data() - bytes.data());
  };

  std::vector<Range> open;  // disable ranges not yet enabled again
  if (directives.size() > kMaxDirectives) {
    add_problem(directives[kMaxDirectives].offset, 4,
                std::to_string(directives.size() - kMaxDirectives) +
                    " more sitemaplint directives are ignored (at most " + std::to_string(kMaxDirectives) +
                    " per file)");
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
      add_problem(directive.offset, length,
                  "unknown sitemaplint directive '" + std::string(command) +
                      "' (use sitemaplint-disable-next-line, sitemaplint-disable or sitemaplint-enable)");
      continue;
    }
    // The rules each word names (none: every rule); unknown words are findings and are left out.
    std::vector<std::pair<std::vector<const RuleInfo*>, std::string_view>> named;
    const std::vector<std::string_view> words = rule_words(rest);
    for (std::string_view word : words) {
      std::vector<const RuleInfo*> rules = rules_named(word);
      const auto fixed =
          std::stable_partition(rules.begin(), rules.end(), [](const RuleInfo* r) { return r->suppressible; });
      if (rules.empty()) {
        add_problem(
            directive.offset, length,
            "unknown rule '" + std::string(word) + "' in " + std::string(command) + did_you_mean(closest_rule(word)));
      } else if (fixed == rules.begin()) {
        add_problem(directive.offset, length, std::string(rules.front()->name) + " findings cannot be suppressed");
      } else {
        rules.erase(fixed, rules.end());
        named.emplace_back(std::move(rules), word);
      }
    }
    if (words.empty()) named.emplace_back(std::vector<const RuleInfo*>{}, std::string_view());
    if (named.empty()) continue;  // every word was bad, already reported

    if (command == "sitemaplint-enable") {
      for (auto it = open.begin(); it != open.end();) {
        const bool match = std::any_of(named.begin(), named.end(),
                                       [&](const auto& n) { return n.first.empty() || n.first == it->rules; });
        if (!match) {
          ++it;
          continue;
        }
        it->end = directive.offset;
        ranges_.push_back(std::move(*it));
        it = open.erase(it);
      }
      continue;
    }
    Range base;
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
    for (auto& [rules, word] : named) {
      Range r = base;
      r.rules = rules;
      r.word = std::string(word);
      (command == "sitemaplint-disable" ? open : ranges_).push_back(std::move(r));
    }
  }
  for (Range& r : open) ranges_.push_back(std::move(r));
  by_begin_.resize(ranges_.size());
  for (std::size_t i = 0; i < ranges_.size(); ++i) by_begin_[i] = i;
  std::stable_sort(by_begin_.begin(), by_begin_.end(),
                   [&](std::size_t a, std::size_t b) { return ranges_[a].begin < ranges_[b].begin; });
}

void Suppressions::add_problem(std::size_t offset, std::size_t length, std::string message) {
  problems_.push_back({offset, length, std::move(message)});
}

void Suppressions::apply(std::vector<Diagnostic>* diagnostics) {
  if (ranges_.empty()) return;
  // One sweep in offset order: only the ranges around a finding are looked at, so a file with
  // many directives stays linear in practice.
  std::size_t next = 0;
  std::vector<std::size_t> active;
  std::vector<Diagnostic> kept;
  kept.reserve(diagnostics->size());
  for (Diagnostic& d : *diagnostics) {
    while (next < by_begin_.size() && ranges_[by_begin_[next]].begin <= d.offset) active.push_back(by_begin_[next++]);
    std::erase_if(active, [&](std::size_t i) { return ranges_[i].end <= d.offset; });
    bool suppressed = false;
    if (d.rule->suppressible) {
      for (std::size_t i : active) {
        Range& r = ranges_[i];
        if (r.rules.empty() || std::find(r.rules.begin(), r.rules.end(), d.rule) != r.rules.end()) {
          r.used = true;
          suppressed = true;
        }
      }
    }
    if (!suppressed) kept.push_back(std::move(d));
  }
  diagnostics->swap(kept);
}

void Suppressions::report_unused(const RuleSelection& selection, std::vector<Diagnostic>* diagnostics) const {
  if (!selection.is_enabled(RuleId::unused_suppression) || (ranges_.empty() && problems_.empty())) return;
  const RuleInfo& sm901 = rule_info(RuleId::unused_suppression);
  const auto finding = [&](std::size_t offset, std::size_t length, std::string message) {
    Diagnostic d;
    d.rule = &sm901;
    d.severity = selection.severity_of(sm901);
    d.offset = offset;
    d.length = length;
    d.message = std::move(message);
    diagnostics->push_back(std::move(d));
  };
  for (const Problem& p : problems_) finding(p.offset, p.length, p.message);
  for (const Range& r : ranges_) {
    // A rule that did not run could not have anything to suppress.
    const bool ran = r.rules.empty() || std::any_of(r.rules.begin(), r.rules.end(), [&](const RuleInfo* rule) {
                       return selection.is_enabled(rule->id);
                     });
    if (r.used || !ran) continue;
    const std::string what = r.rules.empty() ? "every rule" : "'" + r.word + "'";
    finding(r.directive, r.directive_end - r.directive,
            "sitemaplint-" + std::string(r.kind) + " of " + what +
                " suppressed nothing; remove it, or it will hide a future finding");
  }
  sort_diagnostics(*diagnostics);
}

std::string Suppressions::to_json() const {
  nlohmann::json out = {{"ranges", nlohmann::json::array()}, {"problems", nlohmann::json::array()}};
  for (const Range& r : ranges_) {
    nlohmann::json rules = nlohmann::json::array();
    for (const RuleInfo* rule : r.rules) rules.push_back(std::string(rule->code));
    out["ranges"].push_back({{"rules", rules},
                             {"word", r.word},
                             {"begin", r.begin},
                             {"end", r.end},
                             {"directive", r.directive},
                             {"directive_end", r.directive_end},
                             {"kind", std::string(r.kind)},
                             {"used", r.used}});
  }
  for (const Problem& p : problems_)
    out["problems"].push_back({{"offset", p.offset}, {"length", p.length}, {"message", p.message}});
  out["by_begin"] = by_begin_;
  return out.dump();
}

std::optional<Suppressions> Suppressions::from_json(std::string_view text) {
  try {
    const nlohmann::json in = nlohmann::json::parse(text);
    Suppressions out;
    for (const nlohmann::json& r : in.at("ranges")) {
      Range range;
      for (const nlohmann::json& code : r.at("rules")) {
        const RuleInfo* rule = find_rule(code.get<std::string>());
        if (!rule) return std::nullopt;
        range.rules.push_back(rule);
      }
      range.word = r.at("word").get<std::string>();
      range.begin = r.at("begin").get<std::size_t>();
      range.end = r.at("end").get<std::size_t>();
      range.directive = r.at("directive").get<std::size_t>();
      range.directive_end = r.at("directive_end").get<std::size_t>();
      const std::string kind = r.at("kind").get<std::string>();
      // The two kinds the constructor names, as the literals it names them by.
      if (kind == "disable") range.kind = "disable";
      else if (kind == "disable-next-line") range.kind = "disable-next-line";
      else return std::nullopt;
      range.used = r.at("used").get<bool>();
      out.ranges_.push_back(std::move(range));
    }
    for (const nlohmann::json& p : in.at("problems"))
      out.problems_.push_back(
          {p.at("offset").get<std::size_t>(), p.at("length").get<std::size_t>(), p.at("message").get<std::string>()});
    out.by_begin_ = in.at("by_begin").get<std::vector<std::size_t>>();
    if (out.by_begin_.size() != out.ranges_.size()) return std::nullopt;
    for (std::size_t i : out.by_begin_) {
      if (i >= out.ranges_.size()) return std::nullopt;
    }
    return out;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace sitemaplint
