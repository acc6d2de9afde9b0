// Rule documentation as users see it: --list-rules and --explain (docs/rules.md: reference_docs.h).
#pragma once

#include <ostream>
#include <span>
#include <string>

#include "rule.h"

namespace sitemaplint {

// The authorities a rule rests on, with Google's Search Console message where it has one:
// 'sitemaps.org, sitemap XSD, W3C Datetime, Google ("Invalid date")'.
std::string authority_summary(const RuleInfo& info);
void write_rule_list_text(std::ostream& out);
// The same table for some of the rules (a family, for --explain FAMILY).
void write_rule_list_text(std::span<const RuleInfo* const> rules, std::ostream& out);
void write_rule_list_json(std::ostream& out);
// The Markdown table of every rule: --list-rules markdown.
std::string rule_table_markdown();
void write_explanation(const RuleInfo& info, std::ostream& out);
// Where a rule's documentation lives on the web (SARIF-style help links, the language server's
// codeDescription, the HTML report). Built from the CMake cache variable SITEMAPLINT_DOCS_URL, in
// which {code}, {name} and {anchor} ("sm201-loc-empty") are replaced; by default the rule's section
// of the installed docs/rules.md.
std::string rule_docs_url(const RuleInfo& info);

}  // namespace sitemaplint
