// Inline suppressions: XML comments that silence findings.
//
//   <!-- sitemaplint-disable-next-line RULE[,RULE...] -->  the next line that is not blank
//   <!-- sitemaplint-disable RULE[,RULE...] -->            from here to a matching enable, or the end
//   <!-- sitemaplint-enable RULE[,RULE...] -->
//
// RULE is a code, a name, a family or a code prefix (as for --select); no rule means every rule.
// The engine collects the comments during its walk (Document::directives). A file's suppressions
// are resolved to byte ranges once, applied to its own findings and later to the findings that
// checks across the set make in it, and only then asked which silenced nothing: a directive naming
// an unknown rule, or one that silenced nothing, is an SM901 unused-suppression finding. Rules that
// cannot be suppressed (RuleMeta::suppressible) are never silenced.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "document.h"
#include "engine/registry.h"

namespace sitemaplint {

class Suppressions {
 public:
  Suppressions() = default;
  // Resolves the document's directives; `bytes` are its bytes (for "the next line").
  Suppressions(const Document& doc, std::string_view bytes);

  // Removes the suppressed findings from *diagnostics (sorted by offset) and notes which
  // suppressions were used.
  void apply(std::vector<Diagnostic>* diagnostics);

  // SM901 findings, once every finding of the file has been through apply(): directives that are
  // malformed or name unknown rules, and suppressions of selected rules that silenced nothing.
  // Appended to *diagnostics, which is sorted again.
  void report_unused(const RuleSelection& selection, std::vector<Diagnostic>* diagnostics) const;

  // Whether the file had no directive at all.
  bool empty() const { return ranges_.empty() && problems_.empty(); }

  // The resolved suppressions as JSON text and back, which used ones included: a shard of a set
  // (set_shard.h) carries them to the merge, where the set's findings are applied to them.
  // from_json() refuses anything but what to_json() writes, and rules this build does not know.
  std::string to_json() const;
  static std::optional<Suppressions> from_json(std::string_view text);

 private:
  // Rules (all of them when `rules` is empty) silenced over the bytes [begin, end).
  struct Range {
    std::vector<const RuleInfo*> rules;
    std::string word;  // as written in the directive; empty for every rule
    std::size_t begin = 0, end = 0;
    std::size_t directive = 0, directive_end = 0;  // where the directive's comment starts and ends
    std::string_view kind;  // "disable-next-line" or "disable"
    bool used = false;
  };
  struct Problem {
    std::size_t offset = 0, length = 0;
    std::string message;
  };
  void add_problem(std::size_t offset, std::size_t length, std::string message);

  std::vector<Range> ranges_;
  std::vector<std::size_t> by_begin_;  // indexes of ranges_ in order of begin
  std::vector<Problem> problems_;
};

}  // namespace sitemaplint
