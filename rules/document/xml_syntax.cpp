// SM001 xml-syntax: the input is not well-formed XML.
#include <algorithm>
#include <unordered_set>
#include <vector>

#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .suppressible = false,
                         .summary = "The input is not well-formed XML",
                         .docs = R"md(
## What it does
Reports every way the input fails to be well-formed XML: tags that do not match, a file cut off
before its end, markup that is not a tag, text or a second element outside the root, an XML
declaration that is not the very first thing in the file, attributes given twice, and two hyphens
in a row inside a comment (`<!-- a -- b -->`, or `--->` at its end), which XML forbids (libxml2
rejects such a file; pugixml reads it). The message
names the tags involved and where the open one started.

It also reports an encoding declaration that the file contradicts: a byte order mark of another
encoding (a UTF-8 mark before `encoding="ISO-8859-1"`, a UTF-16 one before `encoding="UTF-8"`),
`encoding="UTF-16"` on a file written one byte per character, or an encoding in which the
declaration itself could not be written as it is (EBCDIC, UTF-7). XML 1.0, section 4.3.3: "It is
a fatal error for an entity including an encoding declaration to be presented to the XML
processor in an encoding other than that named in the declaration". The file is then read as the
mark (or UTF-8) says. libxml2 is more lenient with a UTF-8 mark and reads such a file without
complaint.

## Why it matters
Search engines parse sitemaps with strict XML parsers: one syntax error and the whole file is
rejected ("Parsing error" / "Your Sitemap appears to be an HTML page" in Search Console). A blank
line or a space before `<?xml` is the most common real-world breakage.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```
)md",
                         .authorities = kXml | kSitemapsOrg | kGoogle,
                         .search_console = "Parsing error"};

class XmlSyntax final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.document();
    s.finish();
    s.elements(Subscriptions::kAnyNamespace, {}, kElementHasAttributes);
  }

  void on_document(const Document& doc, FindingSink& out) override {
    reported_ = doc.syntax_errors.size();
    for (const ByteFinding& error : doc.syntax_errors) {
      std::optional<Fix> fix;
      // White space before the declaration: deleting it is safe and makes the file well-formed.
      if (doc.misplaced_declaration == error.offset && doc.declaration_after_space_only) {
        const std::size_t bom = doc.encoding.bom_length;
        fix = Fix{bom, error.offset - bom, "", "delete the white space before the XML declaration"};
      }
      out.report({.at = {error.offset, error.length}, .message = error.message, .fix = std::move(fix)});
    }
  }

  // What the walk adds: comments XML does not allow.
  void on_finish(const Document& doc, FindingSink& out) override {
    for (std::size_t i = reported_; i < doc.syntax_errors.size(); ++i) {
      const ByteFinding& error = doc.syntax_errors[i];
      out.report({.at = {error.offset, error.length}, .message = error.message});
    }
  }

  void on_element(const Element& element, FindingSink& out) override {
    if (!element.has_attributes) return;
    // pugixml accepts repeated attributes; XML does not. A few attributes (an <xhtml:link>'s three)
    // are compared pair by pair; a set keeps hostile input with thousands of them linear.
    names_.clear();
    seen_.clear();
    for (pugi::xml_attribute attr = element.node.first_attribute(); attr; attr = attr.next_attribute()) {
      const std::string_view name = attr.name();
      if (names_.size() < kPairwiseUpTo) {
        if (std::find(names_.begin(), names_.end(), name) == names_.end()) {
          names_.push_back(name);
          continue;
        }
      } else {
        if (seen_.empty()) seen_.insert(names_.begin(), names_.end());
        if (seen_.insert(name).second) continue;
      }
      // Names live in one buffer, so the distance between them is the distance in the input.
      const std::size_t at = element.offset + 1 + static_cast<std::size_t>(attr.name() - element.node.name());
      out.report({.at = {at, std::string_view(attr.name()).size()},
                  .message = "attribute '" + std::string(attr.name()) + "' appears twice in <" +
                             std::string(element.qualified_name) + ">"});
    }
  }

 private:
  static constexpr std::size_t kPairwiseUpTo = 16;
  std::vector<std::string_view> names_;  // the first kPairwiseUpTo names
  std::unordered_set<std::string_view> seen_;  // every name, once there are more
  std::size_t reported_ = 0;  // the syntax errors on_document reported
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(xml_syntax, kMeta, XmlSyntax)
