// NEWS107 news-missing-required: a news entry without one of the tags Google requires, or with one empty.
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <news:news> lacks a required tag, or has it empty",
                         .docs = R"md(
## What it does
Reports a `<news:news>` without `<news:publication>`, `<news:publication_date>` or
`<news:title>` (one finding, on `<news:news>`, naming all that are missing), a
`<news:publication>` without `<news:name>` or `<news:language>` (on `<news:publication>`), and
any of `<news:name>`, `<news:language>`, `<news:publication_date>` and `<news:title>` that is
present but empty or only white space (on the empty element).

An empty value is reported here only: the rules that check languages and dates skip it.

## Why it matters
Google requires exactly these tags: `<news:news>`, `<news:publication>` with `<news:name>` and
`<news:language>`, `<news:publication_date>` and `<news:title>`; the XSD requires them too. Google
drops an entry that lacks one. Search Console reports **"Missing XML tag"**, or **"Missing
<publication> tag"** for a missing `<news:publication>`.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Missing XML tag"};

// What each required element holds, for messages that say what to add.
std::string_view what_it_holds(std::string_view name) {
  if (name == "publication") return "the publication's name and language";
  if (name == "name") return "the publication's name exactly as it appears on news.google.com";
  if (name == "language") return "the ISO 639 code of the publication's language, e.g. en";
  if (name == "publication_date") return "when the article was first published, e.g. 2024-05-01T10:00:00+02:00";
  return "the article's title as it appears on the page";  // title
}

class NewsMissingRequired final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_entry(entry) || !is_family_block(kNewsFamily, block)) return;
    report_missing(block, 0, out);
    if (const ExtensionNode* publication = child_of(block, 0, kNewsNamespace, "publication")) {
      report_missing(block, node_index(block, *publication), out);
    }
    for (std::size_t i = 1; i < block.nodes.size(); ++i) {
      const ElementSpec* spec = spec_of(kNewsFamily, block, i);
      const ExtensionNode& node = block.nodes[i];
      if (!spec || spec->min_occurs == 0 || !spec->children.empty() || !node.text.trimmed().empty() ||
          node.has_element_children) {
        continue;
      }
      out.report({.at = {node.offset, tag_length(node)},
                  .message = "<" + std::string(node.qualified_name) + "> is empty; give " +
                             std::string(what_it_holds(spec->name))});
    }
  }

 private:
  static void report_missing(const ExtensionBlock& block, std::size_t i, FindingSink& out) {
    const std::vector<const ElementSpec*> missing = missing_children(kNewsFamily, block, i);
    if (missing.empty()) return;
    std::string list;
    for (const ElementSpec* spec : missing) {
      if (!list.empty()) list += ", ";
      list += element_name(block, spec->name) + " (" + std::string(what_it_holds(spec->name)) + ")";
    }
    const ExtensionNode& parent = block.nodes[i];
    out.report({.at = {parent.offset, tag_length(parent)},
                .message = "<" + std::string(parent.qualified_name) + "> lacks the required " + list});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_missing_required, kMeta, NewsMissingRequired)
