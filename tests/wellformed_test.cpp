// The xml-syntax messages: readable, naming the tags involved and where the open one started.
#include <doctest/doctest.h>

#include "rule.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

std::string first_message(const std::string& text) {
  const FileReport report = lint_text(text);
  REQUIRE(!report.diagnostics.empty());
  return report.diagnostics.front().message;
}

// The first xml-syntax message.
std::string syntax_message(const std::string& text) {
  for (const Diagnostic& d : lint_text(text).diagnostics) {
    if (d.rule->code == std::string_view("SM001")) return d.message;
  }
  return "(no xml-syntax finding)";
}

}  // namespace

TEST_CASE("syntax messages name both tags of a mismatch") {
  CHECK(first_message("<a><b></a>") == "closing tag </a> does not match <b> opened at line 1, column 4");
  // A closed sibling is not the open element.
  CHECK(first_message("<a><b/><c></c></d>") == "closing tag </d> does not match <a> opened at line 1, column 1");
}

TEST_CASE("syntax messages at the end of a truncated input name the unclosed element") {
  CHECK(first_message("<urlset>\n  <url><loc>x</loc>\n") ==
        "unexpected end of input: <url> opened at line 2, column 3 is never closed");
  CHECK(first_message("<urlset>\n  <url><loc>https://exa") ==
        "unexpected end of input: <loc> opened at line 2, column 8 is never closed");
}

TEST_CASE("syntax messages for empty, blank and non-XML inputs") {
  CHECK(first_message("") == "the input is empty");
  CHECK(first_message("\xEF\xBB\xBF") == "the input is empty");
  CHECK(first_message(" \n\t ") == "the input contains only white space");
  CHECK(first_message("<1a/>").find("'<' does not start a valid tag") == 0);
  CHECK(first_message("<a b=c/>").find("malformed attribute") == 0);
}

TEST_CASE("what pugixml accepts but XML does not") {
  CHECK(first_message("\n<?xml version=\"1.0\"?><urlset/>").find("the XML declaration must be the very first") == 0);
  CHECK(syntax_message("<!-- c -->junk<urlset/>").find("text before the root element: 'junk' (") == 0);
  CHECK(syntax_message("<?xml version=\"1.0\"?><urlset/><b/>").find("a second root element <b>") == 0);
  const FileReport trailing = lint_text("<?xml version=\"1.0\"?><a/> <!-- ok --> trailing");
  CHECK(trailing.diagnostics.back().message == "text after the root element ended: 'trailing'");
  CHECK(lint_text("<?xml version=\"1.0\"?><a/><!-- fine --><?pi fine?>\n").diagnostics.size() ==
        1);  // unknown-root only
}
