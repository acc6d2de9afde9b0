// MOB105 mobile-not-empty: text, or white space alone, inside <mobile:mobile>, which its XSD
// declares empty.
#include "rules/extension/family_rules.h"
#include "rules/mobile/utils/mobile_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <mobile:mobile> holds text or white space, which its XSD declares empty",
                         .docs = R"md(
## What it does
Reports a `<mobile:mobile>` in a `<url>` that holds text (`<mobile:mobile>yes</mobile:mobile>`),
a CDATA section or a character reference, on the text; or white space alone, such as a line break
between its start and end tags, on the tag. The fix removes it, leaving
`<mobile:mobile></mobile:mobile>`, except where a comment, a CDATA section or an element lies in
it. An element inside `<mobile:mobile>` is `mobile-unknown-element`'s.

## Why it matters
`sitemap-mobile.xsd` declares `<mobile:mobile>` as an empty `<xsd:complexType/>`: it may hold
no character at all, not even white space (XML Schema keeps the white space of an element whose
content is empty). A validator rejects the file: "Character content is not allowed, because the
content type is empty".

Google no longer reads the tag at all. It marked a page for feature phones (WML, XHTML Mobile
Profile or cHTML), and its help page is gone from Google's documentation; in 2015 Google's John
Mueller said a site needs no mobile sitemap "if your site doesn't have a feature-phone (WAP/WML,
etc) version" (https://www.seroundtable.com/google-mobile-sitemaps-20137.html). Nothing is lost to
search engines, which is why this is a warning; under `--profile xsd` it is an error.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">
  <url>
    <loc>https://m.example.com/news/ferry</loc>
    <mobile:mobile>true</mobile:mobile>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">
  <url>
    <loc>https://m.example.com/news/ferry</loc>
    <mobile:mobile/>
  </url>
</urlset>
```
Or leave the tag and its namespace out: a page that works on smartphones needs neither.
)md",
                         .authorities = kExtensionXsd};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The white space alone between the start tag of the element whose '<' is at `start` and its end
// tag (`<mobile:mobile>\n</mobile:mobile>`, of which the parse keeps no text): where it begins and
// how long it is; nothing for an empty-element tag, an element without content, or anything else.
// The bytes may have been parsed in place, with a NUL where the delimiter after each name and
// attribute value was: "<x>" reads "<x\0", and "<x/>" and "<x >" both read "<x\0>". What follows
// tells them apart: only after a start tag does the element's own end tag come (the element is
// the root of a block, and its parent, an entry, is not named so).
std::optional<Span> white_space_content(std::string_view bytes, std::size_t start, std::string_view qualified_name) {
  std::size_t at = start + 1 + qualified_name.size();
  if (at >= bytes.size() || bytes[at] == '/') return std::nullopt;
  std::size_t content = at + 1;
  if (bytes[at] != '>') {
    std::size_t next = at + 1;
    while (next < bytes.size() && is_space(bytes[next])) ++next;
    // A NUL followed by content (white space, then '<'): the NUL stands where the tag's '>' was.
    if (bytes[at] != '\0' || next >= bytes.size() || bytes[next] != '<') {
      bool quoted = false;
      char quote = '\0';
      for (at = next; at < bytes.size(); ++at) {
        const char c = bytes[at];
        if (quoted) {
          if (c == quote || c == '\0') quoted = false;
        } else if (c == '"' || c == '\'') {
          quoted = true;
          quote = c;
        } else if (c == '>') {
          break;
        }
      }
      if (at >= bytes.size() || bytes[at - 1] == '/') return std::nullopt;
      content = at + 1;
    }
  }
  std::size_t end = content;
  while (end < bytes.size() && is_space(bytes[end])) ++end;
  if (end == content || bytes.substr(end, 2) != "</" || !bytes.substr(end + 2).starts_with(qualified_name)) {
    return std::nullopt;
  }
  const std::size_t after = end + 2 + qualified_name.size();
  if (after >= bytes.size() || (bytes[after] != '>' && !is_space(bytes[after]))) return std::nullopt;
  return Span{content, end - content};
}

class MobileNotEmpty final : public BlockRule<kMobileFamily> {
 public:
  void subscribe(Subscriptions& s) const override {
    BlockRule::subscribe(s);
    s.document();
  }
  void on_document(const Document& doc, FindingSink&) override { bytes_ = doc.bytes; }

 protected:
  void check(const ExtensionBlock& block, FindingSink& out) override {
    const ExtensionNode& mobile = block.root();
    const std::string name = tag(mobile);
    if (!mobile.text.raw.empty()) {
      // Text on both sides of an element spans it: a fix that removed the text would take the element
      // too. A CDATA section's content removed would leave an empty section, which is content still.
      std::optional<Fix> fix;
      const std::size_t from = mobile.text.value_offset;
      const bool cdata = from >= 9 && bytes_.substr(from - 9, 9) == "<![CDATA[";
      if (!mobile.has_element_children && !cdata) fix = mobile.text.replace_value("", "remove the text");
      const std::string_view text = mobile.text.trimmed();
      out.report({.at = value_span(mobile),
                  .message = name + (text.empty() ? " holds white space" : " holds the text " + quoted(text)) +
                             ", but the mobile XSD declares it empty, so schema validation rejects the file; "
                             "write " +
                             name.substr(0, name.size() - 1) + "/>",
                  .fix = std::move(fix)});
      return;
    }
    if (mobile.has_element_children) return;  // white space between elements: mobile-unknown-element's
    const std::optional<Span> space = white_space_content(bytes_, mobile.offset, mobile.qualified_name);
    if (!space) return;
    out.report({.at = tag_span(mobile),
                .message = name +
                           " holds white space between its tags, which the mobile XSD's empty element does not "
                           "allow either, so schema validation rejects the file; write " +
                           name.substr(0, name.size() - 1) + "/>",
                .fix = Fix{space->offset, space->length, "", "remove the white space"}});
  }

 private:
  std::string_view bytes_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(mobile_not_empty, kMeta, MobileNotEmpty)
