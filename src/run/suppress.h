// Inline suppressions: XML comments that silence findings.
//
//   <!-- sitemaplint-disable-next-line RULE[,RULE...] -->  the next line that is not blank
//   <!-- sitemaplint-disable RULE[,RULE...] -->            from here to a matching enable, or the end
//   <!-- sitemaplint-enable RULE[,RULE...] -->
//
// RULE is a code or a name; no rule means every rule. The engine collects the comments during its
// walk (Document::directives); this filters the findings after the rules ran. A directive naming an
// unknown rule, or one that silenced nothing, is an SM901 unused-suppression finding. Findings of
// SM001 xml-syntax and SM901 itself cannot be suppressed.
#pragma once

#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "document.h"
#include "registry.h"

namespace sitemaplint {

void apply_suppressions(const Document& doc, std::string_view bytes, const RuleSelection& selection,
                        std::vector<Diagnostic>* diagnostics);

}  // namespace sitemaplint
