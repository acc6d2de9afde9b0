#include "docs/man_page.h"

#include <algorithm>
#include <map>
#include <vector>

#include "config/config_keys.h"
#include "engine/registry.h"

namespace sitemaplint {
namespace {

// roff treats a leading '.' or '\'' as a request, '\' as an escape, and '-' as a hyphen (which
// may not be typed as the ASCII minus a command line needs).
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

// What each config key means; a test checks that every key the config reader accepts is here.
const std::map<std::string_view, std::string_view>& config_key_docs() {
  static const std::map<std::string_view, std::string_view> docs = {
      {"extend",
       "Another config file (a path ending in .toml) this one builds on: its settings apply first, this "
       "file's win, and its paths and globs are read as if written here."},
      {"profile",
       "The preset of rules and severities to start from (default, google, xsd, protocol, bing, strict), "
       "as --profile; in [[overrides]], for the files the globs match."},
      {"select", "Rules to run, and only those: codes, names, families, code prefixes or \"ALL\" (an array)."},
      {"ignore", "Rules not to run (an array of the same words)."},
      {"severity", "A table of RULE = \"error\", \"warning\" or \"info\", as --severity."},
      {"base-url", "Where the sitemap is served, as --base-url: every <loc> must lie under it."},
      {"root", "The directory that holds the site's /, relative to the config file, as --root."},
      {"max-warnings", "Fail (exit 1) when there are more warnings than this, as --max-warnings."},
      {"min-severity", "Report only findings at this level or above, as --min-severity."},
      {"exclude", "Globs of files and folders a directory search skips."},
      {"overrides",
       "[[overrides]] tables: \"files\" (globs) and any of profile, select, ignore, severity and base-url, "
       "for the files the globs match."},
      {"robots", "A robots.txt (a file relative to the config file, or a URL), as --robots."},
      {"pages",
       "true: check what each listed URL leads to in root, as --pages; \"live\": fetch them from the live site, as "
       "--pages without --root."},
      {"host",
       "How the host serves root for pages: plain, github-pages, netlify, cloudflare-pages or vercel, as --host."},
      {"coverage", "true: report each indexable page of root that no sitemap lists, as --coverage."},
      {"rate", "Live pages: requests a second per host at most (default 5), as --rate."},
      {"user-agent", "Live pages: the User-Agent of page fetches, as --user-agent."},
      {"max-urls", "Live pages: fetch at most N listed URLs (default 10000), as --max-urls."},
      {"sample", "Live pages: fetch a seeded random sample of N listed URLs, as --sample."},
      {"cache",
       "Live pages: a directory inside the config's that keeps answers for conditional re-fetches, as "
       "--cache."},
      {"memory-limit",
       "The memory the checks across the set may hold before they write pages to a temporary folder (\"256MiB\", "
       "\"2G\", \"none\"), as --memory-limit."},
      {"files", "In [[overrides]]: the globs of the files the table applies to."},
  };
  return docs;
}

void write_option(const OptionDoc& option, std::ostream& out) {
  out << ".TP\n";
  for (std::size_t i = 0; i < option.names.size(); ++i) {
    out << (i ? ", " : "") << "\\fB" << roff(option.names[i]) << "\\fR";
  }
  if (!option.value_name.empty()) {
    out << (option.value_optional ? " [\\fI" : " \\fI") << roff(option.value_name)
        << (option.value_optional ? "\\fR]" : "\\fR");
  }
  out << '\n' << roff(option.description) << (option.description.ends_with('.') ? "" : ".");
  // The choices, unless the description already names them all.
  const bool named = std::all_of(option.choices.begin(), option.choices.end(), [&](const std::string& choice) {
    return option.description.find(choice) != std::string::npos;
  });
  if (!named) {
    out << " One of:";
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
      out << (i ? ", " : " ") << "\\fB" << roff(option.choices[i]) << "\\fR";
    }
    out << ".";
  }
  if (!option.default_value.empty()) out << " Default: \\fB" << roff(option.default_value) << "\\fR.";
  out << "\n";
}

void write_config(std::ostream& out) {
  out << ".SH CONFIGURATION\n"
         "For each input, sitemaplint reads the nearest \\fBsitemaplint.toml\\fR in the input's directory or any "
         "directory above it (for URLs and standard input: above the current directory); \\fB\\-\\-config\\fR names "
         "one file for every input and \\fB\\-\\-no\\-config\\fR ignores them. Only the nearest file applies. Every "
         "key and value is checked before anything is linted: an unknown key or a bad value stops the run with exit "
         "status 2 and its position. The command line has the last word. Keys:\n";
  // The top level's keys, then those only [[overrides]] tables have.
  std::vector<std::string_view> keys(kTopLevelConfigKeys.begin(), kTopLevelConfigKeys.end());
  for (std::string_view key : kOverrideConfigKeys) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  const auto& docs = config_key_docs();
  for (std::string_view key : keys) {
    const auto it = docs.find(key);
    out << ".TP\n.B " << roff(key) << "\n" << roff(it == docs.end() ? "" : it->second) << "\n";
  }
  out << ".PP\nFor example:\n.PP\n.nf\n.RS\n"
      << roff(
             "ignore = [\"lastmod-reduced-precision\"]\n"
             "base-url = \"https://example.com/sitemap.xml\"\n"
             "min-severity = \"warning\"\n"
             "\n"
             "[severity]\n"
             "changefreq-never = \"warning\"\n"
             "\n"
             "[[overrides]]\n"
             "files = [\"news/*.xml\"]\n"
             "ignore = [\"SM502\"]\n")
      << ".RE\n.fi\n";
}

}  // namespace

void write_man_page(std::span<const OptionDoc> options, std::ostream& out) {
  out << ".TH SITEMAPLINT 1 \"\" \"sitemaplint " << SITEMAPLINT_VERSION << "\" \"User Commands\"\n"
      << ".SH NAME\nsitemaplint \\- a fast, exact linter for XML sitemaps\n"
      << ".SH SYNOPSIS\n.B sitemaplint\n[\\fIOPTIONS\\fR] [\\fIPATH\\fR...]\n.br\n.B sitemaplint "
         "server\n[\\fB\\-\\-profile\\fR \\fINAME\\fR]\n"
      << ".SH DESCRIPTION\n"
         "Checks sitemaps against the sitemaps.org protocol and what search engines accept, and reports every "
         "problem with its file, line, column, rule and, where possible, a fix.\n"
         ".PP\n"
         "Each \\fIPATH\\fR is a file (XML sitemap or sitemap index, text sitemap, RSS or Atom feed, gzip "
         "recognised by content), a directory (searched for files whose names contain \"sitemap\" and end in "
         ".xml, .txt or .gz), an http(s) URL (fetched), or \\fB\\-\\fR for standard input. The children of a "
         "sitemap index are followed once, and checks across the whole set run over them.\n"
         ".PP\n"
         "\\fBsitemaplint server\\fR speaks the Language Server Protocol on standard input and output, for "
         "editors; with \\fB\\-\\-profile\\fR \\fINAME\\fR it lints every document under that profile, "
         "whatever its configuration names.\n"
      << ".SH OPTIONS\n";
  for (const OptionDoc& option : options) write_option(option, out);
  write_config(out);
  out << ".SH FILES\n"
         ".TP\n.B sitemaplint.toml\nThe configuration of the files in its directory and below (see "
         "\\fBCONFIGURATION\\fR).\n"
         ".TP\n.I /usr/share/doc/sitemaplint/README.md\nThe documentation, with the rest of it in docs/ beside it "
         "(docs/rules.md has every rule); under the prefix sitemaplint was installed to. The language server links "
         "each finding to the README's Rules section.\n"
      << ".SH ENVIRONMENT\n"
         ".TP\n.B NO_COLOR\nWhen set and not empty, \\fB\\-\\-color auto\\fR never colours (https://no\\-color.org).\n"
         ".TP\n.BR http_proxy \", \" https_proxy \", \" all_proxy \", \" no_proxy\n"
         "Fetch URLs through a proxy (as libcurl reads them, also in upper case). Through a proxy, addresses "
         "are resolved by the proxy, so only host names written as internal addresses are refused.\n"
      << ".SH EXIT STATUS\n"
         ".TP\n.B 0\nNo error finding (and no more warnings than \\fB\\-\\-max\\-warnings\\fR); always, with "
         "\\fB\\-\\-exit\\-zero\\fR, unless status 2 applies.\n"
         ".TP\n.B 1\nAt least one error finding, or too many warnings. Findings below "
         "\\fB\\-\\-min\\-severity\\fR do not count.\n"
         ".TP\n.B 2\nA usage error, a broken configuration, or an input that cannot be used (missing, unreadable, "
         "not fetched).\n"
      << ".SH EXAMPLES\n"
         ".TP\n.B sitemaplint public/sitemap.xml\nLint one file.\n"
         ".TP\n.B sitemaplint https://example.com/sitemap_index.xml\nFetch an index and every sitemap it lists.\n"
         ".TP\n.B sitemaplint \\-\\-min\\-severity warning \\-\\-statistics public/\nCount the warnings and errors "
         "of every sitemap under public/, rule by rule.\n"
         ".TP\n.B sitemaplint \\-\\-format sarif \\-o sitemaplint.sarif public/\nWrite a SARIF log for code "
         "scanning.\n"
         ".TP\n.B sitemaplint \\-\\-fix public/sitemap.xml\nApply the safe fixes, then report what is left.\n"
         ".TP\n.B curl \\-s https://example.com/sitemap.xml | sitemaplint \\-\nLint standard input.\n"
      << ".SH RULES\nEach rule has a stable code and a name; \\fBsitemaplint \\-\\-explain\\fR \\fIRULE\\fR "
         "prints its documentation.\n";
  for (const RuleInfo* rule : all_rules()) {
    const RuleInfo& info = *rule;
    out << ".TP\n.B " << info.code << " " << roff(info.name) << "\n(" << severity_name(info.default_severity) << ") "
        << roff(info.summary) << ".\n";
  }
  out << ".SH SEE ALSO\n.BR xmllint (1)\n";
}

}  // namespace sitemaplint
