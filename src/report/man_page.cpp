#include "report/man_page.h"

#include "registry.h"

namespace sitemaplint {
namespace {

// roff treats a leading '.' or '\'' as a request and '\' as an escape.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
    line_start = c == '\n';
  }
  return out;
}

}  // namespace

void write_man_page(const std::string& help_text, std::ostream& out) {
  out << ".TH SITEMAPLINT 1 \"\" \"sitemaplint " << SITEMAPLINT_VERSION << "\" \"User Commands\"\n"
      << ".SH NAME\nsitemaplint \\- a fast, exact linter for XML sitemaps\n"
      << ".SH SYNOPSIS\n.B sitemaplint\n[\\fIOPTIONS\\fR] \\fIPATH\\fR...\n"
      << ".SH DESCRIPTION\nChecks sitemaps (files, directories, gzip, text sitemaps, feeds, http(s) URLs and "
         "sitemap indexes with their children) against the sitemaps.org protocol and what search engines "
         "accept, and reports every problem with its file, line, column, rule and, where possible, a fix.\n"
      << ".SH OPTIONS\n.nf\n" << roff(help_text) << ".fi\n"
      << ".SH EXIT STATUS\n.TP\n0\nNo error finding (and no more warnings than \\-\\-max\\-warnings).\n"
      << ".TP\n1\nAt least one error finding, or too many warnings.\n"
      << ".TP\n2\nA usage error or an input that cannot be used.\n"
      << ".SH RULES\nEach rule has a stable code and a name; \\fBsitemaplint \\-\\-explain\\fR \\fIRULE\\fR "
         "prints its documentation.\n";
  for (const RuleInfo* rule : all_rules()) {
    const RuleInfo& info = *rule;
    out << ".TP\n.B " << info.code << " " << roff(info.name) << "\n(" << severity_name(info.default_severity)
        << ") " << roff(info.summary) << ".\n";
  }
  out << ".SH SEE ALSO\nxmllint(1)\n";
}

}  // namespace sitemaplint
