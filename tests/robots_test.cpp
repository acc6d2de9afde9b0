// A robots.txt given with --robots is a document whose entries are its Sitemap: lines.
#include <doctest/doctest.h>

#include "analysis/line_index.h"
#include "analysis/robots_match.h"
#include "severity.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

FileReport lint_robots(const std::string& text) {
  Input input = input_from_bytes("robots.txt", text);
  input.robots_txt = true;
  return lint_input(std::move(input), every_rule(), test_settings());
}

// "URL@offset+length" for each child the walk recorded.
std::vector<std::string> children_of(const FileReport& report) {
  std::vector<std::string> out;
  for (const ChildSitemap& child : report.children) {
    out.push_back(child.url + "@" + std::to_string(child.offset) + "+" + std::to_string(child.length));
  }
  return out;
}

}  // namespace

TEST_CASE("robots.txt: every Sitemap: line is an entry, with its value's exact place") {
  const std::string robots =
      "\xEF\xBB\xBFUser-agent: *\n"  // bytes 0-16 (a 3-byte BOM)
      "Disallow: /private/\n"  // 17-36
      "Sitemap: https://example.com/sitemap.xml\n"  // 37: value at 46
      "sitemap:https://example.com/news.xml   \r\n"  // 78: value at 86
      "SITEMAP :\thttps://example.com/b.xml # a comment\r\n"  // 119: value at 129
      "  Sitemap: https://example.com/sitemap.xml\n"  // 168: value at 179, a duplicate
      "# Sitemap: https://example.com/commented-out.xml\n"
      "Sitemap:\n"
      "Sitemaps: https://example.com/not-the-field.xml\n"
      "Allow: /sitemap: no\n"
      "Sitemap: https://example.com/last.xml";
  const FileReport report = lint_robots(robots);
  CHECK(report.kind == DocumentKind::Robots);
  CHECK(report.entries == 5);
  CHECK(children_of(report) == std::vector<std::string>{
                                   "https://example.com/sitemap.xml@46+31",
                                   "https://example.com/news.xml@86+28",
                                   "https://example.com/b.xml@129+25",
                                   "https://example.com/sitemap.xml@179+31",
                                   "https://example.com/last.xml@" + std::to_string(robots.size() - 28) + "+28",
                               });
  // The loc rules see each line's value: the duplicate line is a finding; "Sitemaps:" is no field.
  CHECK(summarize(report) == std::vector<std::string>{"SM211 warning 6:12", "ROBOTS102 warning 9:1"});
}

TEST_CASE("robots.txt: no Sitemap: lines, and lines that are not URLs") {
  CHECK(lint_robots("").children.empty());
  CHECK(lint_robots("User-agent: *\nDisallow:\n").children.empty());
  const FileReport odd = lint_robots("Sitemap: /sitemap.xml\nSitemap: file:///etc/passwd\n");
  CHECK(summarize(odd) == std::vector<std::string>{"SM202 error 1:10", "SM203 error 2:10"});
  // Scope and host rules do not apply: a robots.txt may name sitemaps on other hosts.
  Settings scoped = test_settings();
  std::string error;
  scoped.location = parse_sitemap_location("https://example.com/robots.txt", &error);
  Input input =
      input_from_bytes("robots.txt", "Sitemap: https://cdn.example.net/s.xml\nSitemap: https://example.com/s.xml\n");
  input.robots_txt = true;
  CHECK(lint_input(std::move(input), every_rule(), scoped).diagnostics.empty());
}

TEST_CASE("robots.txt: rules with text after a '*' past what a URL is matched against are reported once") {
  std::string robots = "User-agent: Googlebot\n";
  for (std::size_t i = 0; i < kRobotsWildcardRulesPerUrl; ++i) robots += "Disallow: /*x" + std::to_string(i) + "\n";
  const auto findings = [](const FileReport& report) {
    std::vector<std::string> out;
    const LineIndex index(report.bytes);
    for (const Diagnostic& d : report.diagnostics) {
      const Position pos = index.position(d.offset);
      out.push_back(std::string(d.rule->code) + " " + std::string(severity_name(d.severity)) + " " +
                    std::to_string(pos.line) + ":" + std::to_string(pos.column) + " " + d.message);
    }
    return out;
  };
  CHECK(findings(lint_robots(robots)).empty());  // at the limit: every rule is matched
  const std::string one_more = robots + "Allow: /*y\n";
  CHECK(findings(lint_robots(one_more)) ==
        std::vector<std::string>{"ROBOTS201 warning 1002:1 'Allow: /*y', one of Googlebot's rules with text after a "
                                 "'*', is not matched against sitemap URLs: sitemaplint matches a URL against at most "
                                 "1,000 such rules (each is a search of the URL), so the verdicts on URLs it would "
                                 "decide are made without it"});
  // Other crawlers' rules are not matched at all; rules without text after a '*' are not counted.
  const std::string more =
      robots + "Disallow: /plain\nDisallow: /x*\nDisallow: /*y\nDisallow: /*z\n\nUser-agent: *\nDisallow: /*w\n";
  CHECK(findings(lint_robots(more)) ==
        std::vector<std::string>{"ROBOTS201 warning 1004:1 'Disallow: /*y' and 1 more of Googlebot's rules with text "
                                 "after a '*' are not matched against sitemap URLs: sitemaplint matches a URL against "
                                 "at most 1,000 such rules (each is a search of the URL), so the verdicts on URLs they "
                                 "would decide are made without them"});
}
