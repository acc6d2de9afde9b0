// SM113 field-whitespace: white space around the value of <lastmod>, <changefreq> or <priority>.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "White space around a <lastmod>, <changefreq> or <priority> value",
                         .docs = R"md(
## What it does
Reports spaces, tabs or line breaks before or after the value of `<lastmod>` (in `<url>` and
`<sitemap>` entries), `<changefreq>` or `<priority>` (in `<url>` entries), as in
`<lastmod> 2024-05-31 </lastmod>` or a value on its own indented line. The fix removes them (it is
offered unless the text is split by a CDATA section or a comment). The value rules
(SM401 to SM603) check the trimmed value, so they do not report the same thing twice. White space
around `<loc>` has its own rule.

## Why it matters
XML Schema collapses white space around `xs:date`, `xs:dateTime` and `xs:decimal`, so a schema
validator accepts ` 2024-05-31 `; it does not collapse the `xs:string` enumeration of
`<changefreq>`, so ` daily ` is invalid by the XSD. Beyond the schema, many sitemap parsers read
the text as it is and fail to parse a padded date or number.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod> 2024-05-31 </lastmod>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05-31</lastmod>
</url>
```
)md",
                         .authorities = kSitemapXsd | kAdvice};

class FieldWhitespace final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryFieldSpace); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind == EntryKind::Other || entry.in_feed) return;  // a feed item has only a link
    check(entry.lastmod, "lastmod", out);
    if (entry.kind != EntryKind::Url) return;  // in <sitemap>, another rule reports these children
    check(entry.changefreq, "changefreq", out);
    check(entry.priority, "priority", out);
  }

 private:
  static void check(const Field& field, std::string_view name, FindingSink& out) {
    if (!field.present) return;
    const std::string_view value = field.trimmed();
    if (value.empty() || value.size() == field.value.size()) return;  // empty: the value rule says so
    const bool leading = value.data() != field.value.data();
    const bool trailing = value.data() + value.size() != field.value.data() + field.value.size();
    const std::string where = leading && trailing ? "leading and trailing" : (leading ? "leading" : "trailing");
    std::string message(1, '<');
    message.append(name).append("> ").append(quoted(value)).append(" has " + where + " white space: ");
    if (name == "changefreq") {
      message +=
          "the sitemap XSD does not trim changefreq (an xs:string enumeration), so the value is "
          "invalid as written, and many parsers do not trim either";
    } else {
      message += "XML Schema trims it, but many sitemap parsers do not";
    }
    message += "; remove it";
    // XML Schema collapses the white space of xs:date, xs:dateTime and xs:decimal, so only the
    // <changefreq> finding rests on the XSD; the others are advice.
    const std::uint32_t rests_on = name == "changefreq" ? kMeta.authorities : kAdvice;
    out.report({.at = {field.value_offset, field.raw.size()},
                .message = std::move(message),
                .fix = field.replace_value(value, "remove the white space"),
                .rests_on = rests_on});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(field_whitespace, kMeta, FieldWhitespace)
