// SM106 child-out-of-order: children of <url>/<sitemap> not in the schema's order.
#include "rules/lane_state.h"
#include "rules/rule_support.h"
#include "rules/structure/utils/near_sitemap_namespace.h"

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
    if (e.in_sitemap_ns || e.ns.empty() || !e.parent) return;
    // An entry in a near miss of the sitemap namespace is namespace-mismatch's, not an element of
    // another namespace to put in order.
    if (is_near_miss_sitemap_element(e)) return;
    Foreign foreign{e.offset, std::string(e.qualified_name), std::string(e.parent->qualified_name),
                    !first_entry_.empty(), later_lane_ ? entry_subject(entry) : std::string()};
    // A later lane does not know whether an entry came before it: its elements are judged when it
    // is absorbed.
    if (later_lane_) foreign_.push_back(std::move(foreign));
    else if (!first_entry_.empty()) report(foreign, first_entry_, out);
  }
  void walks_later_lane(Rule&) override { later_lane_ = true; }
  void absorb(Rule& later_rule, FindingSink& out) override {
    const auto& later = static_cast<ChildOutOfOrder&>(later_rule);
    for (const Foreign& foreign : later.foreign_) {
      const std::string& first = !first_entry_.empty() ? first_entry_ : later.first_entry_;
      if (!first_entry_.empty() || foreign.after_lane_first) report(foreign, first, out);
    }
    if (first_entry_.empty()) first_entry_ = later.first_entry_;
  }

 private:
  struct Foreign {
    std::size_t offset;
    std::string name, parent;  // qualified
    bool after_lane_first;  // after the first entry of its lane
    std::string subject;  // a later lane's: its entry's URL
  };

  static void report(const Foreign& e, const std::string& first_entry, FindingSink& out) {
    const std::string entry_tag = "<" + first_entry + ">";
    out.report({.at = {e.offset, e.name.size() + 1},
                .message = "<" + e.name + "> comes after a " + entry_tag +
                           "; the schema allows elements of other namespaces in <" + e.parent +
                           "> only before its first " + entry_tag + ": move it before that, or into the " + entry_tag +
                           " it belongs to",
                .subject = e.subject});
  }

  std::string first_entry_;  // the first <url> or <sitemap>'s name as written ("url", "sm:url"); empty before it
  bool later_lane_ = false;
  std::vector<Foreign> foreign_;  // in a later lane, the elements of other namespaces in the root

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
