// SM001 xml-syntax: the input is not well-formed XML.
#include <algorithm>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "analysis/xml_text.h"
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
before its end, markup that is not a tag, text, a CDATA section, a DOCTYPE or a second element
outside the root (or a second DOCTYPE before it), an XML declaration that is not the very first
thing in the file or not as XML 1.0 (section 2.8) writes it (`version`, then `encoding`, then
`standalone="yes"` or `"no"`, nothing else, in lower-case `<?xml`), a raw `<` in an attribute
value, attributes given twice, and two hyphens in a row inside a comment (`<!-- a -- b -->`, or
`--->` at its end). The message names the tags involved and where the open one started.

It also reports what Namespaces in XML 1.0 add, which the XSD validation (and every
namespace-aware parser) requires: a name with more than one colon, or with a colon first or last;
the prefix `xml` bound to another namespace, `xmlns` declared, either namespace bound to another
prefix; a prefix declared with an empty value (`xmlns:p=""`); and two attributes of one element
with the same local name whose prefixes are bound to the same namespace (`a:x` and `b:x`).
libxml2 rejects all of these; pugixml reads them.

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
    s.elements(Subscriptions::kAnyNamespace, {}, kElementHasAttributes | kElementNameMalformed);
    s.text_holding(kLessThan);
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

  // A raw '<' in an attribute value, which pugixml reads all the same (in text it starts a tag).
  void on_text(const TextRun& run, FindingSink& out) override {
    if (run.kind != TextKind::AttributeValue) return;
    const std::size_t lt = run.raw.find('<');
    if (lt == std::string_view::npos) return;  // the filter (text_holding) asks for no other
    out.report({.at = {run.offset + lt, 1},
                .message = "'<' in the value of attribute '" + std::string(run.attribute_name) +
                           "': XML does not allow it in an attribute value; write &lt;"});
  }

  void on_element(const Element& element, FindingSink& out) override {
    if (element.malformed_name) {
      out.report({.at = {element.offset + 1, element.qualified_name.size()},
                  .message = "<" + std::string(element.qualified_name) +
                             "> is no qualified name: " + std::string(kQNameRule)});
    }
    if (!element.has_attributes) return;
    // pugixml accepts repeated attributes; XML does not. A few attributes (an <xhtml:link>'s three)
    // are compared pair by pair; a set keeps hostile input with thousands of them linear.
    names_.clear();
    seen_.clear();
    prefixed_.clear();
    for (pugi::xml_attribute attr = element.node.first_attribute(); attr; attr = attr.next_attribute()) {
      const std::string_view name = attr.name();
      check_name(element, attr, name, out);
      if (names_.size() < kPairwiseUpTo) {
        if (std::find(names_.begin(), names_.end(), name) == names_.end()) {
          names_.push_back(name);
          continue;
        }
      } else {
        if (seen_.empty()) seen_.insert(names_.begin(), names_.end());
        if (seen_.insert(name).second) continue;
      }
      out.report({.at = {offset_of(element, attr), name.size()},
                  .message = "attribute '" + std::string(name) + "' appears twice in <" +
                             std::string(element.qualified_name) + ">"});
    }
    if (prefixed_.size() > 1) check_attributes_unique(element, out);
  }

 private:
  static constexpr std::string_view kQNameRule =
      "Namespaces in XML allow one colon, between a prefix and a local name that are both non-empty";

  // The offset of attribute `attr` of `element`: names live in one buffer, so the distance between
  // them is the distance in the input.
  static std::size_t offset_of(const Element& element, pugi::xml_attribute attr) {
    return element.offset + 1 + static_cast<std::size_t>(attr.name() - element.node.name());
  }

  // What Namespaces in XML 1.0 adds to XML's well-formedness for an attribute: its name a QName;
  // the prefixes xml and xmlns, and their namespaces, bound only as that recommendation says; no
  // prefix undeclared with an empty value. Notes the prefixed attributes for Attributes Unique.
  void check_name(const Element& element, pugi::xml_attribute attr, std::string_view name, FindingSink& out) {
    const auto colon = name.find(':');
    if (colon == std::string_view::npos) {
      if (name != "xmlns") return;
      const std::string_view value = attr.value();
      if (value == kXmlNamespace || value == kXmlnsNamespace) {
        out.report({.at = {offset_of(element, attr), name.size()},
                    .message = "the default namespace may not be " + quoted(value) +
                               ": Namespaces in XML reserve it for the prefix " +
                               (value == kXmlNamespace ? "xml" : "xmlns")});
      }
      return;
    }
    const std::string_view prefix = name.substr(0, colon), local = name.substr(colon + 1);
    if (prefix.empty() || local.empty() || local.find(':') != std::string_view::npos) {
      out.report({.at = {offset_of(element, attr), name.size()},
                  .message = "attribute '" + std::string(name) + "' is no qualified name: " + std::string(kQNameRule)});
      return;
    }
    if (prefix != "xmlns") {
      prefixed_.push_back(attr);
      return;
    }
    const std::string_view value = attr.value();
    std::string why;
    if (local == "xmlns") {
      why = "the prefix xmlns is bound by definition and may not be declared";
    } else if (local == "xml") {
      if (value != kXmlNamespace)
        why = "the prefix xml is bound to " + quoted(kXmlNamespace) + " and to no other namespace";
    } else if (value.empty()) {
      why = "a prefix may not be undeclared with an empty value in XML 1.0: give it its namespace's URI";
    } else if (value == kXmlNamespace || value == kXmlnsNamespace) {
      why = quoted(value) + " is reserved for the prefix " + (value == kXmlNamespace ? "xml" : "xmlns");
    }
    if (!why.empty())
      out.report({.at = {offset_of(element, attr), name.size()}, .message = std::string(name) + ": " + why});
  }

  // Attributes Unique (Namespaces in XML, 6.3): a:x and b:x with a and b bound to one namespace.
  void check_attributes_unique(const Element& element, FindingSink& out) {
    for (std::size_t i = 0; i < prefixed_.size(); ++i) {
      const std::string_view first = prefixed_[i].name();
      const std::string_view local = first.substr(first.find(':') + 1);
      for (std::size_t j = i + 1; j < prefixed_.size(); ++j) {
        const std::string_view second = prefixed_[j].name();
        if (second == first || second.substr(second.find(':') + 1) != local) continue;  // twice: said above
        const auto a = namespace_bound_at(element.node, first.substr(0, first.find(':')));
        const auto b = namespace_bound_at(element.node, second.substr(0, second.find(':')));
        if (!a || !b || *a != *b) continue;
        out.report({.at = {offset_of(element, prefixed_[j]), second.size()},
                    .message = "attributes '" + std::string(first) + "' and '" + std::string(second) + "' of <" +
                               std::string(element.qualified_name) +
                               "> are one attribute: both prefixes are bound to " + quoted(*a)});
      }
    }
  }

  std::vector<pugi::xml_attribute> prefixed_;  // an element's prefixed attributes, but declarations
  static constexpr std::size_t kPairwiseUpTo = 16;
  std::vector<std::string_view> names_;  // the first kPairwiseUpTo names
  std::unordered_set<std::string_view> seen_;  // every name, once there are more
  std::size_t reported_ = 0;  // the syntax errors on_document reported
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(xml_syntax, kMeta, XmlSyntax)
