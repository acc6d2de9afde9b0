// Rule fixtures: testdata/rules/<code>-<name>/ holds sitemaps whose expected findings are written
// next to the offending line, in the style of clang's -verify, each with the full message a user
// reads:
//
//   <loc>https://example.com/b</loc> <!-- expect: SM105 error @:5 "<url> has a second <loc>; only one is allowed and the first is used" -->
//
// "@:C" is the comment's own line, "@-1:C" / "@+1:C" are relative lines, "@12:C" is absolute.
// Inside the quotes, \" is a quote, \\ a backslash and \- a hyphen (so "--", which an XML comment
// cannot hold, is written -\-). Several expectations in one comment are separated by ';'. A file
// that expects nothing says "<!-- expect: none -->". Inputs that must stay byte-exact (encodings,
// gzip, no room for a comment) use a sidecar "<file>.expected" with one `CODE severity LINE:COL
// "message"` per line, or "none". After the message, `fix="TEXT"` pins the finding's fix: it must
// carry one, replacing its span with TEXT (escaped as messages are), as ESLint's RuleTester pins a
// fix's output; every rule that offers fixes pins at least one in its fixtures. "<!-- base-url: URL -->" lints the fixture as if served from URL
// (--base-url). In a ROBOTS folder, a file named *robots.txt (or .gz) is linted as a robots.txt, its
// expectations in '#' comments ("# <!-- expect: ... -->"); "<!-- robots: FILE -->" checks a
// sitemap's URLs against the robots.txt FILE beside it, as --robots does (its origin is the
// base-url's, when one is given). The comparison is exact: a missing finding, an unexpected one
// and a different message all fail.
//
// A folder inside a fixture directory is a set: its files are linted together as one run, as the
// CLI lints files given together (an index among them is followed), so checks across files are
// tested the same way, each file's findings exact. Messages name the set's files by their names
// in the folder ("sitemap-de.xml:3:3"), wherever the source tree is.
//
// The fixtures also hold fixes to account: in every fixture, the fixes of each rule that offers
// some there are applied and the result linted again (see check_fixes), and every rule's findings
// in every fixture must agree with its RuleMeta::fixes declaration.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "analysis/line_index.h"
#include "analysis/robots_txt.h"
#include "engine/registry.h"
#include "load/source.h"
#include "run/fix.h"
#include "run/site.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// One finding, expected or reported.
struct Finding {
  std::string code;
  std::string severity;
  std::size_t line = 0;
  std::size_t column = 0;
  std::string message;
  std::string written_at;  // "file:line" of the expectation; not compared
  // Expected: the pinned fix="..." text, if any. Reported: the fix's replacement, if any. Compared
  // only where an expectation pins it.
  std::optional<std::string> fix;

  auto key() const { return std::tie(code, severity, line, column, message); }
  bool operator<(const Finding& other) const { return key() < other.key(); }
  bool operator==(const Finding& other) const { return key() == other.key(); }
};

// The message as it is written between the quotes of an expectation.
std::string escape_message(std::string_view message) {
  std::string out;
  for (std::size_t i = 0; i < message.size(); ++i) {
    const char c = message[i];
    if (c == '\\' || c == '"') out += '\\';
    if (c == '-' && i > 0 && message[i - 1] == '-') out += '\\';
    out += c;
  }
  return out;
}

// As a sidecar line: SM401 error 3:14 "message" (ready to paste, after '@' for an inline one).
std::string describe(const Finding& f) {
  std::string out = f.code + " " + f.severity + " " + std::to_string(f.line) + ":" + std::to_string(f.column) + " \"" +
                    escape_message(f.message) + "\"";
  if (f.fix) out += " fix=\"" + escape_message(*f.fix) + "\"";
  return out;
}

struct Expectations {
  std::vector<Finding> findings;
  bool declared = false;  // an expect comment, or a sidecar
  bool says_none = false;  // "none" was written
  std::vector<std::string> problems;  // "file:line: what is wrong", one per malformed expectation
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Reads `body` (what follows "expect:" in a comment, or a sidecar line): "none", or expectations
// `CODE SEVERITY POSITION "MESSAGE"` separated by ';'. An inline POSITION is "@:C", "@+N:C",
// "@-N:C" or "@N:C" (relative to `line`, the comment's line); a sidecar's is "LINE:COL". Returns
// what is wrong, or an empty string.
std::string parse_expectation_list(std::string_view body, bool is_inline, std::size_t line, const std::string& where,
                                   Expectations* out) {
  std::size_t i = 0;
  const auto skip_space = [&] {
    while (i < body.size() && is_space(body[i])) ++i;
  };
  const auto digits = [&] {
    const std::size_t start = i;
    while (i < body.size() && body[i] >= '0' && body[i] <= '9') ++i;
    return body.substr(start, i - start);
  };
  const auto rest = [&] { return "'" + std::string(body.substr(i, 40)) + "'"; };
  std::string_view trimmed = body;
  while (!trimmed.empty() && is_space(trimmed.front())) trimmed.remove_prefix(1);
  while (!trimmed.empty() && is_space(trimmed.back())) trimmed.remove_suffix(1);
  if (trimmed == "none") {
    out->says_none = true;
    return {};
  }
  if (trimmed.empty()) return "no expectation; write 'none' for a file without findings";
  while (true) {
    skip_space();
    Finding f;
    f.written_at = where;
    const std::size_t code_start = i;
    while (i < body.size() && body[i] >= 'A' && body[i] <= 'Z') ++i;
    const bool has_letters = i > code_start;
    if (!has_letters || digits().empty() || (i < body.size() && !is_space(body[i]))) {
      i = code_start;
      return "expected a rule code (capital letters, then digits, as in SM401 or IMG101) at " + rest();
    }
    f.code = std::string(body.substr(code_start, i - code_start));
    skip_space();
    const std::size_t severity_start = i;
    while (i < body.size() && body[i] >= 'a' && body[i] <= 'z') ++i;
    f.severity = std::string(body.substr(severity_start, i - severity_start));
    if (f.severity != "error" && f.severity != "warning" && f.severity != "info") {
      i = severity_start;
      return "expected a severity (error, warning or info) after " + f.code + " at " + rest();
    }
    skip_space();
    const std::size_t position_start = i;
    const std::string form = is_inline ? "'@:C', '@+N:C', '@-N:C' or '@N:C'" : "'LINE:COL'";
    const auto bad_position = [&] {
      i = position_start;
      return "expected a position (" + form + ") after '" + f.code + " " + f.severity + "' at " + rest();
    };
    std::size_t target = line;
    if (is_inline) {
      if (i >= body.size() || body[i] != '@') return bad_position();
      ++i;
      const char sign = i < body.size() && (body[i] == '+' || body[i] == '-') ? body[i++] : '\0';
      const std::string_view number = digits();
      if (sign && number.empty()) return bad_position();
      const std::size_t n = number.empty() ? 0 : std::stoul(std::string(number));
      if (sign == '+') target = line + n;
      else if (sign == '-') target = n < line ? line - n : 0;
      else if (!number.empty()) target = n;
    } else {
      const std::string_view number = digits();
      if (number.empty()) return bad_position();
      target = std::stoul(std::string(number));
    }
    if (i >= body.size() || body[i] != ':') return bad_position();
    ++i;
    const std::string_view column = digits();
    if (column.empty() || target == 0 || std::stoul(std::string(column)) == 0) return bad_position();
    f.line = target;
    f.column = std::stoul(std::string(column));
    const std::string label = "'" + std::string(body.substr(code_start, i - code_start)) + "'";
    skip_space();
    if (i >= body.size() || body[i] == ';') {
      return "no message for " + label + ": write the finding's full message in double quotes after the position";
    }
    if (body[i] != '"') return "expected the message in double quotes after " + label + " at " + rest();
    // Reads the quoted text at body[i] into `text`; returns what is wrong, or an empty string.
    const auto quoted_text = [&](std::string_view what, std::string& text) -> std::string {
      ++i;
      while (i < body.size()) {
        const char c = body[i++];
        if (c == '"') return {};
        if (c != '\\') {
          text += c;
          continue;
        }
        if (i >= body.size() || (body[i] != '"' && body[i] != '\\' && body[i] != '-')) {
          return "unknown escape in the " + std::string(what) + " of " + label +
                 ": only \\\", \\\\ and \\- are escapes";
        }
        text += body[i++];
      }
      return "the " + std::string(what) + " of " + label + " has no closing '\"'";
    };
    if (std::string problem = quoted_text("message", f.message); !problem.empty()) return problem;
    skip_space();
    if (body.substr(i).starts_with("fix=")) {
      i += 4;
      if (i >= body.size() || body[i] != '"') return "expected the fix's text in double quotes after fix= at " + rest();
      f.fix.emplace();
      if (std::string problem = quoted_text("fix", *f.fix); !problem.empty()) return problem;
    }
    out->findings.push_back(std::move(f));
    skip_space();
    if (i >= body.size()) return {};
    if (body[i] != ';')
      return "unexpected " + rest() + " after the message of " + label + "; separate expectations with ';'";
    ++i;
  }
}

void finish(Expectations* result, const std::string& file) {
  if (result->says_none && !result->findings.empty()) {
    result->problems.push_back(file + ": says 'none' but also expects findings");
  }
}

// The expectations written in `text`'s comments; `file` names it in problems.
Expectations inline_expectations(const std::string& text, const std::string& file) {
  Expectations result;
  const LineIndex index(text);
  std::size_t close = 0;
  for (std::size_t open = text.find("<!--"); open != std::string::npos; open = text.find("<!--", close + 3)) {
    close = text.find("-->", open + 4);
    if (close == std::string::npos) break;
    std::string_view body = std::string_view(text).substr(open + 4, close - open - 4);
    while (!body.empty() && is_space(body.front())) body.remove_prefix(1);
    std::string head(body.substr(0, 6));
    std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return std::tolower(c); });
    if (head != "expect") continue;
    const std::size_t line = index.position(open).line;
    const std::string where = file + ":" + std::to_string(line);
    if (!body.starts_with("expect:")) {
      result.problems.push_back(where + ": malformed expectation comment: write '<!-- expect: ... -->'");
      continue;
    }
    result.declared = true;
    if (body.find("--") != std::string_view::npos) {
      result.problems.push_back(where + ": '--' cannot appear inside an XML comment; write '-\\-' in a message");
      continue;
    }
    const std::string problem = parse_expectation_list(body.substr(7), true, line, where, &result);
    if (!problem.empty()) result.problems.push_back(where + ": malformed expectation: " + problem);
  }
  finish(&result, file);
  return result;
}

// The expectations of a sidecar file's `text`; `file` names it in problems.
Expectations sidecar_expectations(const std::string& text, const std::string& file) {
  Expectations result;
  result.declared = true;
  std::istringstream lines(text);
  std::string line;
  for (std::size_t number = 1; std::getline(lines, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::string where = file + ":" + std::to_string(number);
    const std::string problem = parse_expectation_list(line, false, number, where, &result);
    if (!problem.empty()) result.problems.push_back(where + ": malformed expectation: " + problem);
  }
  if (!result.says_none && result.findings.empty() && result.problems.empty()) {
    result.problems.push_back(file + ": expects nothing without saying so; write 'none' for a file without findings");
  }
  finish(&result, file);
  return result;
}

// `message` with the source tree's path dropped wherever it names a file of the tree (a page of
// testdata/sites/), so that expectations hold wherever the tree is.
std::string tree_relative(std::string message) {
  static const std::string tree = std::string(SITEMAPLINT_SOURCE_DIR) + "/";
  for (auto at = message.find(tree); at != std::string::npos; at = message.find(tree, at))
    message.erase(at, tree.size());
  return message;
}

// The findings of `report`, placed in `text` (a report of a set may have given its bytes up).
std::vector<Finding> findings_of(const FileReport& report, std::string_view text) {
  std::vector<Finding> out;
  const LineIndex index(text);
  for (const Diagnostic& d : report.diagnostics) {
    const Position pos = index.position(d.offset);
    Finding& f = out.emplace_back(Finding{std::string(d.rule->code), std::string(severity_name(d.severity)), pos.line,
                                          pos.column, tree_relative(d.message), "", std::nullopt});
    if (d.fix) f.fix = d.fix->replacement;
  }
  return out;
}

std::vector<Finding> findings_of(const FileReport& report) { return findings_of(report, report.bytes); }

// What differs between two sorted lists, as lines to read: a finding whose message alone differs
// is shown with both messages.
std::string difference(const std::vector<Finding>& want, const std::vector<Finding>& got) {
  std::vector<Finding> missing, unexpected;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(unexpected));
  std::string out;
  for (const Finding& m : missing) {
    const auto same_place = std::find_if(unexpected.begin(), unexpected.end(), [&](const Finding& u) {
      return u.code == m.code && u.severity == m.severity && u.line == m.line && u.column == m.column;
    });
    if (same_place != unexpected.end()) {
      out += "  " + m.written_at + ": the message differs:\n    expected " + describe(m) + "\n    reported " +
             describe(*same_place) + "\n";
      unexpected.erase(same_place);
    } else {
      out += "  " + m.written_at + ": expected but not reported: " + describe(m) + "\n";
    }
  }
  for (const Finding& u : unexpected) out += "  reported but not expected: " + describe(u) + "\n";
  return out;
}

// The pinned fixes (fix="...") that the findings in `got` do not carry, as lines to read; `want`
// and `got` are sorted and hold the same findings.
std::string pin_differences(const std::vector<Finding>& want, const std::vector<Finding>& got) {
  std::string out;
  for (const Finding& w : want) {
    if (!w.fix) continue;
    const auto g = std::lower_bound(got.begin(), got.end(), w);
    if (g == got.end() || !(*g == w)) continue;  // difference() names it
    if (g->fix == w.fix) continue;
    out += "  " + w.written_at + ": the fix differs:\n    expected " + describe(w) + "\n    reported " +
           (g->fix ? describe(*g) : describe(*g) + " (no fix)") + "\n";
  }
  return out;
}

// What differs between the expected findings and the reported ones, pinned fixes included; empty
// when nothing does. Both lists are sorted.
std::string compare(const std::vector<Finding>& want, const std::vector<Finding>& got) {
  return (want == got ? std::string() : difference(want, got)) + pin_differences(want, got);
}

struct Fixture {
  fs::path path;
  fs::path sidecar;  // empty: expectations are inline
  std::string dir;  // "SM203-loc-unsupported-scheme"
  std::string code;  // "SM203"
};

std::vector<Fixture> all_fixtures() {
  std::vector<Fixture> files;
  for (const fs::path& p : rule_fixture_files()) {
    const std::string name = p.parent_path().filename().string();
    fs::path sidecar = p;
    sidecar += ".expected";
    files.push_back({p, fs::exists(sidecar) ? sidecar : fs::path(), name, name.substr(0, name.find('-'))});
  }
  return files;
}

// The folders inside fixture directories: each a set of files linted together.
struct FixtureSet {
  fs::path folder;
  std::string dir;  // "LANG501-hreflang-return-link-missing"
  std::string code;  // "LANG501"
  std::vector<fs::path> files;  // sorted
};

std::vector<FixtureSet> all_fixture_sets() {
  std::vector<FixtureSet> sets;
  for (const auto& dir : fs::directory_iterator(source_path("testdata/rules"))) {
    if (!dir.is_directory()) continue;
    const std::string name = dir.path().filename().string();
    for (const auto& folder : fs::directory_iterator(dir.path())) {
      if (!folder.is_directory()) continue;
      FixtureSet set{folder.path(), name, name.substr(0, name.find('-')), {}};
      for (const auto& file : fs::directory_iterator(folder.path())) set.files.push_back(file.path());
      std::sort(set.files.begin(), set.files.end());
      sets.push_back(std::move(set));
    }
  }
  std::sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) { return a.folder < b.folder; });
  return sets;
}

// The fixture's path from the source tree, as failures name it.
std::string shown(const fs::path& path) { return fs::path(path).lexically_relative(source_path("")).string(); }

// Where the byte at `offset` of the original lies after `fixes` (sorted, not overlapping) were
// applied; a byte inside a replaced range maps to the replacement's start.
std::size_t offset_after(std::size_t offset, const std::vector<Fix>& fixes) {
  std::size_t grown = 0, shrunk = 0;  // what the fixes before `offset` added and removed
  for (const Fix& fix : fixes) {
    const bool insertion = fix.length == 0;
    if (insertion ? fix.offset > offset : fix.offset >= offset) break;
    if (!insertion && offset < fix.offset + fix.length) return fix.offset + grown - shrunk;
    grown += fix.replacement.size();
    shrunk += fix.length;
  }
  return offset + grown - shrunk;
}

std::string located(const FileReport& report, const Diagnostic& d) {
  const Position pos = LineIndex(report.bytes).position(d.offset);
  return std::string(d.rule->code) + " " + std::string(severity_name(d.severity)) + " " + std::to_string(pos.line) +
         ":" + std::to_string(pos.column) + " \"" + escape_message(d.message) + "\"";
}

// Rules that judge only a value another rule accepts: fixing a case slip in the value can reveal
// their finding on it, which is the fix working, not breaking something. Such a finding must lie
// where a fixed one did. (Fixing "2024-05-31t10:00z" reveals that it has no seconds; fixing
// "Never" that 'never' does not stop crawling.)
const std::set<std::pair<std::string_view, std::string_view>> kRevealedByFix = {{"SM401", "SM403"}, {"SM501", "SM502"}};

// Applies `rule`'s fixes to the fixture (linted as `before`) and lints the result again. Returns
// what went wrong, empty when: every finding of `rule` that carried a fix is gone and those that
// had none remain; a second pass changes nothing; a well-formed file stays well-formed; and no
// finding of another rule appears. *applied counts the fixes.
std::string check_fixes(const Input& input, const Settings& settings, const RuleInfo& rule, const FileReport& before,
                        std::size_t* applied) {
  std::vector<Diagnostic> fixable;
  std::multiset<std::string> unfixable;  // messages
  for (const Diagnostic& d : before.diagnostics) {
    if (d.rule->id != rule.id) continue;
    if (d.fix) fixable.push_back(d);
    else unfixable.insert(d.message);
  }
  *applied = 0;
  if (fixable.empty()) return {};
  const std::string fixed = apply_fixes(before.bytes, fixable, applied);
  if (*applied != fixable.size()) {
    return "only " + std::to_string(*applied) + " of the " + std::to_string(fixable.size()) + " fixes of " +
           std::string(rule.code) + " could be applied together: they overlap";
  }
  std::vector<Fix> fixes;
  for (const Diagnostic& d : fixable) fixes.push_back(*d.fix);
  std::stable_sort(fixes.begin(), fixes.end(), [](const Fix& a, const Fix& b) { return a.offset < b.offset; });
  std::set<std::size_t> fixed_at;  // where the fixed findings lie in the fixed text
  for (const Diagnostic& d : fixable) fixed_at.insert(offset_after(d.offset, fixes));

  Input again = input;
  again.bytes = fixed;
  const FileReport after = lint_input(std::move(again), every_rule(), settings);
  std::string problems;
  std::multiset<std::string> remaining;
  std::vector<Diagnostic> fixable_after;
  for (const Diagnostic& d : after.diagnostics) {
    if (d.rule->id != rule.id) continue;
    remaining.insert(d.message);
    if (d.fix) fixable_after.push_back(d);
  }
  if (remaining != unfixable) {
    problems += "  the findings of " + std::string(rule.code) + " left are not exactly the ones that had no fix (" +
                std::to_string(unfixable.size()) + "); they are:\n";
    for (const Diagnostic& d : after.diagnostics) {
      if (d.rule->id == rule.id) problems += "    " + located(after, d) + "\n";
    }
    if (remaining.empty()) problems += "    (none)\n";
  }
  std::size_t second = 0;
  if (apply_fixes(fixed, fixable_after, &second) != fixed) {
    problems += "  a second pass of fixes changes the text again (not idempotent)\n";
  }
  const RuleId xml_syntax = find_rule("xml-syntax")->id;
  const auto has_syntax_error = [&](const FileReport& r) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                       [&](const Diagnostic& d) { return d.rule->id == xml_syntax; });
  };
  if (!has_syntax_error(before) && has_syntax_error(after)) {
    problems += "  the fixed text is not well-formed XML\n";
  }
  std::multiset<std::pair<RuleId, std::size_t>> before_elsewhere;
  for (const Diagnostic& d : before.diagnostics) {
    if (d.rule->id != rule.id) before_elsewhere.insert({d.rule->id, offset_after(d.offset, fixes)});
  }
  for (const Diagnostic& d : after.diagnostics) {
    if (d.rule->id == rule.id) continue;
    const auto seen = before_elsewhere.find({d.rule->id, d.offset});
    if (seen != before_elsewhere.end()) {
      before_elsewhere.erase(seen);
      continue;
    }
    if (kRevealedByFix.count({rule.code, d.rule->code}) && fixed_at.count(d.offset)) continue;
    problems += "  a finding of another rule appeared: " + located(after, d) + "\n";
  }
  if (!problems.empty()) {
    problems = "applying the " + std::to_string(*applied) + " fixes of " + std::string(rule.code) + " " +
               std::string(rule.name) + " went wrong:\n" + problems + "  the fixed text:\n" + fixed;
  }
  return problems;
}

}  // namespace

TEST_CASE("fixture expectations: the syntax, with full messages") {
  SUBCASE("inline, with relative and absolute lines, escapes and several in one comment") {
    const Expectations e = inline_expectations(
        "<a/>\n<b/>\n<!-- expect: SM401 error @:14 \"'x' is \\\"odd\\\" -\\- a\\\\b; c\"; IMG101 warning @-1:2 \"m\";"
        "NEWS301 info @+2:3 \"<n>\" -->\n<!-- expect: SM9 info @7:1 \"z\"-->\n",
        "f.xml");
    CHECK(e.problems.empty());
    CHECK(e.declared);
    REQUIRE(e.findings.size() == 4);
    CHECK(describe(e.findings[0]) == "SM401 error 3:14 \"'x' is \\\"odd\\\" -\\- a\\\\b; c\"");
    CHECK(e.findings[0].message == "'x' is \"odd\" -- a\\b; c");
    CHECK(e.findings[0].written_at == "f.xml:3");
    CHECK(describe(e.findings[1]) == "IMG101 warning 2:2 \"m\"");
    CHECK(describe(e.findings[2]) == "NEWS301 info 5:3 \"<n>\"");
    CHECK(describe(e.findings[3]) == "SM9 info 7:1 \"z\"");
  }
  SUBCASE("a pinned fix, and what differs from it") {
    const Expectations e = inline_expectations(
        "<a/>\n<!-- expect: SM301 error @:3 \"raw '&'\" fix=\"&amp;\"; SM4 info @:1 \"b\" fix=\"\\\"x\\\"\" -->\n",
        "f.xml");
    CHECK(e.problems.empty());
    REQUIRE(e.findings.size() == 2);
    CHECK(e.findings[0].fix == "&amp;");
    CHECK(describe(e.findings[0]) == "SM301 error 2:3 \"raw '&'\" fix=\"&amp;\"");
    CHECK(e.findings[1].fix == "\"x\"");
    std::vector<Finding> want = e.findings;
    std::vector<Finding> got = want;
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    CHECK(compare(want, got).empty());
    got[0].fix = "&#38;";  // the same finding, another fix
    CHECK(compare(want, got).find("the fix differs") != std::string::npos);
    got[0].fix.reset();  // no fix at all
    CHECK(compare(want, got).find("(no fix)") != std::string::npos);
    want[0].fix.reset();  // nothing pinned: the fix is not compared
    CHECK(compare(want, got).empty());
    for (const std::string& text : {std::string("<!-- expect: SM1 error @:1 \"a\" fix=x -->"),
                                    std::string("<!-- expect: SM1 error @:1 \"a\" fix=\"x -->")}) {
      CAPTURE(text);
      const Expectations bad = inline_expectations("<a/>\n" + text + "\n", "f.xml");
      REQUIRE(bad.problems.size() == 1);
      CHECK(bad.problems[0].find("fix") != std::string::npos);
    }
  }
  SUBCASE("none, and a file that states nothing") {
    const Expectations none = inline_expectations("<!-- a comment -->\n<!-- expect: none -->\n", "f.xml");
    CHECK(none.declared);
    CHECK(none.says_none);
    CHECK(none.problems.empty());
    CHECK(!inline_expectations("<!-- a comment -->\n", "f.xml").declared);
  }
  SUBCASE("each malformed expectation is named with its file and line") {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"<!-- expect: SM401 error @:14 -->", "f.xml:2: malformed expectation: no message for 'SM401 error @:14'"},
        {"<!-- expect: SM401 error @:14 'x' -->",
         "f.xml:2: malformed expectation: expected the message in double quotes"},
        {"<!-- expect: SM401 error @:14 \"x -->",
         "f.xml:2: malformed expectation: the message of 'SM401 error @:14' has no closing"},
        {"<!-- expect: SM401 error @:14 \"a\\nb\" -->", "f.xml:2: malformed expectation: unknown escape"},
        {"<!-- expect: SM401 error @:14 \"a\" \"b\" -->", "f.xml:2: malformed expectation: unexpected '\"b\""},
        {"<!-- expect: SM401 error @:14 \"a\"; -->", "f.xml:2: malformed expectation: expected a rule code"},
        {"<!-- expect: sm401 error @:14 \"a\" -->", "f.xml:2: malformed expectation: expected a rule code"},
        {"<!-- expect: 401 error @:14 \"a\" -->", "f.xml:2: malformed expectation: expected a rule code"},
        {"<!-- expect: SM401 fatal @:14 \"a\" -->", "f.xml:2: malformed expectation: expected a severity"},
        {"<!-- expect: SM401 error 14 \"a\" -->", "f.xml:2: malformed expectation: expected a position"},
        {"<!-- expect: SM401 error @+:14 \"a\" -->", "f.xml:2: malformed expectation: expected a position"},
        {"<!-- expect: SM401 error @-5:14 \"a\" -->", "f.xml:2: malformed expectation: expected a position"},
        {"<!-- expect: SM401 error @:0 \"a\" -->", "f.xml:2: malformed expectation: expected a position"},
        {"<!-- expect: -->", "f.xml:2: malformed expectation: no expectation; write 'none'"},
        {"<!-- expect: a--b -->", "f.xml:2: '--' cannot appear inside an XML comment"},
        {"<!-- expected: none -->", "f.xml:2: malformed expectation comment"},
        {"<!-- expect: none -->\n<!-- expect: SM1 error @:1 \"a\" -->", "f.xml: says 'none' but also expects findings"},
    };
    for (const auto& [text, problem] : cases) {
      const std::string& shown = text;  // clang 14 cannot capture a structured binding in CAPTURE's lambda
      CAPTURE(shown);
      const Expectations e = inline_expectations("<a/>\n" + text + "\n", "f.xml");
      REQUIRE(e.problems.size() == 1);
      CHECK_MESSAGE(e.problems[0].starts_with(problem), e.problems[0]);
    }
  }
  SUBCASE("sidecar files") {
    const Expectations e =
        sidecar_expectations("# comment\nSM203 error 3:12 \"a \\\"b\\\"\"\n\nSM1 info 1:1 \"c\"\n", "f.expected");
    CHECK(e.problems.empty());
    REQUIRE(e.findings.size() == 2);
    CHECK(describe(e.findings[0]) == "SM203 error 3:12 \"a \\\"b\\\"\"");
    CHECK(e.findings[1].written_at == "f.expected:4");
    CHECK(sidecar_expectations("none\n", "f.expected").says_none);
    const std::vector<std::pair<std::string, std::string>> cases{
        {"SM203 error 3:12\n", "f.expected:1: malformed expectation: no message for 'SM203 error 3:12'"},
        {"none\nSM203 error @:12 \"a\"\n", "f.expected:2: malformed expectation: expected a position ('LINE:COL')"},
        {"", "f.expected: expects nothing without saying so; write 'none'"},
        {"# only a comment\n\n", "f.expected: expects nothing without saying so"},
        {"none\nSM203 error 3:12 \"a\"\n", "f.expected: says 'none' but also expects findings"},
    };
    for (const auto& [text, problem] : cases) {
      const std::string& shown = text;  // clang 14 cannot capture a structured binding in CAPTURE's lambda
      CAPTURE(shown);
      const Expectations bad = sidecar_expectations(text, "f.expected");
      REQUIRE(bad.problems.size() == 1);
      CHECK_MESSAGE(bad.problems[0].starts_with(problem), bad.problems[0]);
    }
  }
}

TEST_CASE("fixture harness: offsets after fixes") {
  const std::vector<Fix> fixes{{0, 0, "<?xml?>\n", ""}, {10, 1, "&amp;", ""}, {20, 3, "x", ""}};
  CHECK(offset_after(0, fixes) == 8);  // the insertion goes before it
  CHECK(offset_after(9, fixes) == 17);
  CHECK(offset_after(10, fixes) == 18);  // the start of a replaced range
  CHECK(offset_after(11, fixes) == 23);
  CHECK(offset_after(21, fixes) == 32);  // inside a replaced range: its start
  CHECK(offset_after(23, fixes) == 33);
}

TEST_CASE("every rule fixture produces exactly its expected findings, messages included") {
  std::size_t files_checked = 0, expectations_checked = 0;
  std::map<std::string, std::pair<bool, bool>> fires_and_quiet;  // by directory
  std::map<std::string, bool> pinned;  // by directory: a fix of its rule pinned with fix="..."
  for (const Fixture& fixture : all_fixtures()) {
    const std::string file = shown(fixture.path);
    CAPTURE(file);
    const std::string text = read_file(fixture.path.string());
    const Expectations expected =
        fixture.sidecar.empty() ? inline_expectations(text, file)
                                : sidecar_expectations(read_file(fixture.sidecar.string()), shown(fixture.sidecar));
    for (const std::string& problem : expected.problems) FAIL_CHECK(problem);
    if (!expected.problems.empty()) continue;
    if (!expected.declared) {
      FAIL_CHECK(file << ": the fixture states no expectation; add <!-- expect: none --> if it expects none");
      continue;
    }
    const FileReport report =
        lint_input(load_fixture(fixture.path), every_rule(), fixture_settings(fixture.path, text));
    // A finding rests on its rule's authorities or on some of them, never on others.
    for (const Diagnostic& d : report.diagnostics) {
      const std::uint32_t rests_on = finding_authorities(d);
      CHECK_MESSAGE((rests_on != 0 && (rests_on & ~d.rule->authorities) == 0),
                    file << ": a finding of " << d.rule->code << " rests on " << authority_list(rests_on)
                         << ", not a part of its rule's " << authority_list(d.rule->authorities));
    }
    std::vector<Finding> want = expected.findings;
    std::vector<Finding> got = findings_of(report);
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    if (const std::string diff = compare(want, got); !diff.empty())
      FAIL_CHECK(file << ": the findings are not the expected ones:\n" << diff);
    for (const Finding& w : want) pinned[fixture.dir] |= w.fix && w.code == fixture.code;
    const bool fires = std::any_of(got.begin(), got.end(), [&](const Finding& g) { return g.code == fixture.code; });
    auto& [any_fires, any_quiet] = fires_and_quiet[fixture.dir];
    any_fires |= fires;
    any_quiet |= !fires;
    ++files_checked;
    expectations_checked += want.size();
  }
  for (const auto& [folder, seen] : fires_and_quiet) {
    const std::string& dir = folder;  // clang 14 cannot capture a structured binding in a macro's lambda
    CHECK_MESSAGE(seen.first, dir << " has no fixture on which its rule fires");
    CHECK_MESSAGE(seen.second, dir << " has no fixture on which its rule stays quiet");
  }
  for (const RuleInfo* rule : all_rules()) {
    if (rule->fixes == Fixes::Never) continue;
    const std::string dir = std::string(rule->code) + "-" + std::string(rule->name);
    CHECK_MESSAGE(pinned[dir], dir << " offers fixes but pins none in its fixtures: add fix=\"...\" after a message");
  }
  CHECK(files_checked > 0);
  MESSAGE("checked " << files_checked << " fixture files in " << fires_and_quiet.size() << " directories, "
                     << expectations_checked << " expected findings with their messages");
}

TEST_CASE("each rule selected alone finds in its fixtures what it finds among all rules") {
  // A rule's subscriptions must ask for everything it reads: what the other rules' subscriptions
  // happen to make the engine gather (extension blocks, entries) is not there when a user runs
  // the rule alone (--select).
  std::size_t files_checked = 0;
  for (const Fixture& fixture : all_fixtures()) {
    const std::string file = shown(fixture.path);
    CAPTURE(file);
    // unused-suppression judges the suppressions of the rules that ran: what it finds depends on
    // which others run, by design.
    if (fixture.code == "SM901") continue;
    const RuleInfo* rule = find_rule(fixture.code);
    REQUIRE(rule);
    const std::string text = read_file(fixture.path.string());
    const Settings settings = fixture_settings(fixture.path, text);
    const FileReport all = lint_input(load_fixture(fixture.path), every_rule(), settings);
    RuleSelection alone = every_rule();
    alone.enabled = {rule};
    const FileReport only = lint_input(load_fixture(fixture.path), alone, settings);
    std::vector<Finding> among_all;
    for (const Finding& f : findings_of(all)) {
      if (f.code == fixture.code) among_all.push_back(f);
    }
    std::vector<Finding> by_itself = findings_of(only);
    std::sort(among_all.begin(), among_all.end());
    std::sort(by_itself.begin(), by_itself.end());
    if (among_all != by_itself) {
      FAIL_CHECK(file << ": " << fixture.code << " alone finds other than among all rules:\n"
                      << difference(among_all, by_itself));
    }
    ++files_checked;
  }
  CHECK(files_checked > 0);
}

TEST_CASE("every fixture set is linted as one run, and each of its files gets exactly its expected findings") {
  std::size_t sets_checked = 0, expectations_checked = 0;
  std::map<std::string, std::pair<bool, bool>> fires_and_quiet;  // by directory
  for (const FixtureSet& set : all_fixture_sets()) {
    CAPTURE(shown(set.folder));
    // Each file with its own settings ("<!-- base-url: ... -->"), as a config's overrides would.
    std::map<std::string, Profile> profiles;
    std::map<std::string, Expectations> expected;
    std::vector<std::string> paths;
    for (const fs::path& file : set.files) {
      const std::string text = read_file(file.string());
      const std::string key = file.lexically_normal().string();
      profiles[key] = Profile{nullptr, every_rule(), fixture_settings(file, text), nullptr, {}};
      expected[key] = inline_expectations(text, shown(file));
      paths.push_back(key);
    }
    // One build folder is one site for the whole run, as --pages makes it: coverage (PAGE401)
    // knows every listed page of the set.
    std::map<std::string, std::shared_ptr<const PageLookup>> sites;
    for (auto& entry : profiles) {
      std::shared_ptr<const PageLookup>& pages = entry.second.settings.pages;
      if (pages) pages = sites.try_emplace(pages->source_label(), pages).first->second;
    }
    const ProfileLookup lookup = [&](const std::string& input, std::string* error) -> const Profile* {
      const auto it = profiles.find(fs::path(input).lexically_normal().string());
      if (it == profiles.end()) *error = "not a file of the set: " + input;
      return it == profiles.end() ? nullptr : &it->second;
    };
    bool fires = false;
    for (const Outcome& outcome : lint_site(paths, lookup, SiteOptions{})) {
      const std::string file = fs::path(outcome.path).lexically_normal().string();
      CAPTURE(file);
      REQUIRE_MESSAGE(outcome.report, outcome.error);
      const auto want_it = expected.find(file);
      REQUIRE_MESSAGE(want_it != expected.end(), "the run linted a file outside the set");
      const Expectations& want_all = want_it->second;
      for (const std::string& problem : want_all.problems) FAIL_CHECK(problem);
      if (!want_all.declared)
        FAIL_CHECK(shown(file) << ": the fixture states no expectation; add <!-- expect: none -->");
      std::vector<Finding> want = want_all.findings;
      std::vector<Finding> got = findings_of(*outcome.report, read_file(file));
      const std::string folder = tree_relative(set.folder.lexically_normal().string() + "/");
      for (Finding& g : got) {
        for (auto at = g.message.find(folder); at != std::string::npos; at = g.message.find(folder, at)) {
          g.message.erase(at, folder.size());
        }
      }
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      if (const std::string diff = compare(want, got); !diff.empty())
        FAIL_CHECK(shown(file) << ": the findings are not the expected ones:\n" << diff);
      fires |= std::any_of(got.begin(), got.end(), [&](const Finding& g) { return g.code == set.code; });
      expectations_checked += want.size();
      expected.erase(want_it);
    }
    CHECK_MESSAGE(expected.empty(), "files of the set that the run did not report: " << expected.size());
    auto& [any_fires, any_quiet] = fires_and_quiet[set.dir];
    any_fires |= fires;
    any_quiet |= !fires;
    ++sets_checked;
  }
  for (const auto& [folder, seen] : fires_and_quiet) {
    const std::string& dir = folder;  // clang 14 cannot capture a structured binding in a macro's lambda
    CHECK_MESSAGE(seen.first, dir << " has no fixture set in which its rule fires");
    CHECK_MESSAGE(seen.second, dir << " has no fixture set in which its rule stays quiet");
  }
  MESSAGE("checked " << sets_checked << " fixture sets, " << expectations_checked << " expected findings");
}

TEST_CASE("fixes in the fixtures: each rule keeps its fixes declaration, and its fixes work") {
  // Every rule's findings in every fixture, not only its own: a fix that breaks something is as
  // likely to show in another rule's fixture.
  struct Seen {
    std::size_t with_fix = 0, without_fix = 0;
    bool fixed_in_own_fixtures = false;
  };
  std::map<RuleId, Seen> seen;
  std::size_t fixture_runs = 0, fixes_applied = 0;
  std::set<fs::path> fixtures_fixed;
  for (const Fixture& fixture : all_fixtures()) {
    const std::string file = shown(fixture.path);
    CAPTURE(file);
    const std::string text = read_file(fixture.path.string());
    const Settings settings = fixture_settings(fixture.path, text);
    const Input input = load_fixture(fixture.path);
    const FileReport report = lint_input(input, every_rule(), settings);
    std::set<RuleId> with_fixes;
    for (const Diagnostic& d : report.diagnostics) {
      const RuleInfo& rule = *d.rule;
      ++(d.fix ? seen[rule.id].with_fix : seen[rule.id].without_fix);
      if (d.fix) with_fixes.insert(rule.id);
      if (rule.fixes == Fixes::Never && d.fix) {
        FAIL_CHECK(file << ": " << rule.code << " is declared Fixes::Never but offers a fix: " << located(report, d));
      }
      if (rule.fixes == Fixes::Always && !d.fix) {
        FAIL_CHECK(file << ": " << rule.code << " is declared Fixes::Always but offers no fix: " << located(report, d));
      }
    }
    for (const RuleId id : with_fixes) {
      const RuleInfo& rule = rule_info(id);
      std::size_t applied = 0;
      const std::string problems = check_fixes(input, settings, rule, report, &applied);
      if (!problems.empty()) FAIL_CHECK(file << ": " << problems);
      ++fixture_runs;
      fixes_applied += applied;
      fixtures_fixed.insert(fixture.path);
      if (rule.code == fixture.code) seen[id].fixed_in_own_fixtures = true;
    }
  }
  std::size_t declared = 0;
  for (const RuleInfo* rule : all_rules()) {
    if (rule->fixes == Fixes::Never) continue;
    ++declared;
    CAPTURE(rule->code);
    const Seen s = seen[rule->id];
    CHECK_MESSAGE(s.fixed_in_own_fixtures,
                  rule->code << " declares fixes but offers none in its own fixtures; add one that shows a fix");
    if (rule->fixes == Fixes::Sometimes) {
      CHECK_MESSAGE(s.without_fix > 0, rule->code
                                           << " is declared Fixes::Sometimes but every finding in the fixtures has a "
                                              "fix; add a fixture where it offers none (or declare Fixes::Always)");
    }
  }
  MESSAGE("fixes: " << declared << " rules declare them; " << fixes_applied << " fixes applied rule by rule ("
                    << fixture_runs << " runs on " << fixtures_fixed.size() << " fixture files) and checked");
}

const std::set<std::string_view> kLiveOnlyRules = {"PAGE105", "PAGE106", "PAGE107", "PAGE108", "PAGE204", "PAGE302"};

TEST_CASE("every rule has a fixture directory named after its code and name") {
  std::set<std::string> dirs;
  for (const auto& dir : fs::directory_iterator(source_path("testdata/rules"))) {
    dirs.insert(dir.path().filename().string());
  }
  for (const RuleInfo* rule : all_rules()) {
    const std::string expected = std::string(rule->code) + "-" + std::string(rule->name);
    // A check across a set of files (tests/site_test.cpp) may have fixtures.
    Subscriptions subscriptions;
    rule->make(test_settings())->subscribe(subscriptions);
    if (subscriptions.plan().set) {
      dirs.erase(expected);
      continue;
    }
    // A rule only the live site shows (--pages without --root) has its findings pinned in
    // tests/live_pages_test.cpp, against a server: a fixture is a file and a build folder.
    if (kLiveOnlyRules.count(rule->code)) continue;
    CHECK_MESSAGE(dirs.count(expected) == 1, "missing testdata/rules/" << expected);
    dirs.erase(expected);
  }
  CHECK_MESSAGE(dirs.empty(), "fixture directories without a rule: " << (dirs.empty() ? "" : *dirs.begin()));
}
