// ROBOTS101 robots-syntax: a robots.txt line that is not "field: value".
#include <algorithm>
#include <cctype>

#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A robots.txt line that is not a 'field: value' record",
                         .docs = R"md(
## What it does
Reports each line of the robots.txt that is not a `field: value` record: a rule written without
its colon (`Disallow /private/`), a value with no field before its colon, or a line of prose or
markup that is not marked as a comment. Blank lines, and comments from `#` to the end of a line,
are fine.

## Why it matters
RFC 9309 reads a robots.txt as `field: value` records and ignores every other line, so a rule
without its colon blocks nothing for crawlers that follow the standard (Google's own parser
happens to accept a space in place of the colon; others do not). Lines of HTML mean the server
answered `/robots.txt` with a page instead of the file.

## Example
```robots
User-agent: *
Disallow /private/
```

## Use instead
```robots
User-agent: *
Disallow: /private/
```
)md",
                         .authorities = kRfc9309};

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// For "Disallow /private/": the line as it should be written, when it is a known field and one
// value separated by blanks.
std::string with_colon(std::string_view content) {
  const std::size_t blank = content.find_first_of(" \t");
  if (blank == std::string_view::npos) return {};
  const std::string_view name = content.substr(0, blank);
  const std::string_view value = content.substr(content.find_first_not_of(" \t", blank));
  if (value.find_first_of(" \t") != std::string_view::npos) return {};
  for (std::string_view field : {"user-agent", "allow", "disallow", "sitemap"}) {
    if (equals_ignoring_case(name, field)) return std::string(name) + ": " + std::string(value);
  }
  return {};
}

std::string message_for(std::string_view content) {
  if (content.starts_with(':')) {
    return quoted(content) + " has no field name before its ':'; crawlers ignore the line";
  }
  if (const std::string fixed = with_colon(content); !fixed.empty()) {
    return quoted(content) +
           " has no ':' between its field and value, so crawlers that follow RFC 9309 ignore "
           "it; write " +
           quoted(fixed);
  }
  return quoted(content) + " is not a 'field: value' line, so crawlers ignore it; start it with '#' if it is a comment";
}

class RobotsSyntax final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    for (const RobotsLine& line : doc.robots->lines) {
      if (line.field != RobotsField::NotAField) continue;
      out.report({.at = {line.content_offset, line.content_length}, .message = message_for(line.content(doc.bytes))});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_syntax, kMeta, RobotsSyntax)
