// SM106 child-out-of-order: children of <url>/<sitemap> not in the schema's order.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The children of an entry are not in the schema's order",
                         .docs = R"md(
## What it does
Reports a child of `<url>` or `<sitemap>` that comes after one the schema puts later. The XSD
order is `loc`, `lastmod`, `changefreq`, `priority`, then elements of other namespaces (image,
video, news, `xhtml:link`).

It also reports an element of another namespace directly in `<urlset>` or `<sitemapindex>` that
comes after a `<url>` or `<sitemap>`: the XSD allows such elements there only before the first
entry. (Whether an image, video or news block belongs there at all is its family's question.)

## Why it matters
The sitemaps.org XSD is a sequence, so schema validation fails; search engines themselves accept
any order, which is why this is a warning.

## Example
```xml
<url>
  <lastmod>2024-05-01</lastmod>
  <loc>https://example.com/</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05-01</lastmod>
</url>
```
)md",
                         .authorities = kSitemapXsd};

constexpr int kExtensionRank = 4;

class ChildOutOfOrder final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    // The first <url> or <sitemap> (first_entry_), what is not a <url>, and children out of order.
    s.entries_showing(kEntryFirstOfKind | kEntryNotUrl | kEntryChildrenOutOfOrder);
  }
  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.in_feed || entry.from_robots || !entry.element) return;  // a feed has its own schema
    if (entry.kind != EntryKind::Other) {
      if (first_entry_.empty()) first_entry_ = entry.element->qualified_name;
      check_children(entry, out);
      return;
    }
    // An element of another namespace in the root: the XSD's wildcard comes before the entries.
    const Element& e = *entry.element;
    if (first_entry_.empty() || e.in_sitemap_ns || e.ns.empty() || !e.parent) return;
    const std::string entry_tag = "<" + first_entry_ + ">";
    out.report({.at = {e.offset, e.qualified_name.size() + 1},
                .message = "<" + std::string(e.qualified_name) + "> comes after a " + entry_tag +
                           "; the schema allows elements of other namespaces in <" +
                           std::string(e.parent->qualified_name) + "> only before its first " + entry_tag +
                           ": move it before that, or into the " + entry_tag + " it belongs to"});
  }

 private:
  std::string first_entry_;  // the first <url> or <sitemap>'s name as written ("url", "sm:url"); empty before it

  void check_children(const Entry& entry, FindingSink& out) {
    int highest = -1;
    const Child* highest_child = nullptr;
    for (const Child& child : entry.children) {
      int rank;
      if (child.in_sitemap_ns) {
        if (child.id == FieldId::Unknown) continue;  // unknown-element reports it
        rank = static_cast<int>(child.id);
      } else {
        rank = kExtensionRank;
      }
      if (rank < highest) {
        const std::string later = highest == kExtensionRank
                                      ? "extension element <" + std::string(highest_child->qualified_name) + ">"
                                      : "<" + std::string(highest_child->local_name) + ">";
        out.report({.at = {child.offset, child.qualified_name.size() + 1},
                    .message = "<" + std::string(child.local_name) + "> comes after " + later +
                               "; the schema's order is loc, lastmod, changefreq, priority, then extensions"});
        continue;
      }
      if (rank > highest) {
        highest = rank;
        highest_child = &child;
      }
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(child_out_of_order, kMeta, ChildOutOfOrder)
