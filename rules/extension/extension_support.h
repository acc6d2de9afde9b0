// What the extension families (image, video, news, hreflang, PageMap, mobile) share: each
// extension's schema as data (an element's children in XSD order, how often each may occur, its
// attributes), the structure checks that follow from it, and the test for a namespace URI that
// misses the extension's by a little. Each family's rules are thin: they call these with their
// schema, or instantiate the rule classes of extension_rules.h.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rule.h"
#include "rules/extension/extension_urls.h"  // the URL judgements every family makes, with the schema checks
#include "url_analysis.h"

namespace sitemaplint {

inline constexpr int kUnbounded = -1;

struct AttributeSpec {
  std::string_view name;  // unqualified: the extension XSDs declare no prefixed attributes
  bool required = false;
};

struct ElementSpec {
  std::string_view name;  // local name
  int min_occurs = 0;
  int max_occurs = 1;  // kUnbounded for no limit
  std::span<const AttributeSpec> attributes = {};
  std::span<const ElementSpec> children = {};  // in the XSD's sequence order; empty: text only
  bool deprecated = false;  // removed from Google's documentation (2022)
  bool empty = false;  // the XSD's empty content (<xsd:complexType/>): no children and no text either
};

struct ExtensionFamily {
  std::string_view name;  // "image": the word messages use
  std::string_view ns;  // the one namespace URI Google defines
  std::string_view prefix;  // the prefix people write, e.g. "image", "xhtml"
  // D11(a): the namespace after normalisation (lower case, no scheme, no "www.", no final
  // "*.xsd" segment, no trailing "/") is a near miss when it matches this ECMAScript regex.
  std::string_view near_miss_pattern;
  const ElementSpec* root;  // the block's root element, e.g. image:image (nullptr: none)
  std::string_view page = {};  // the page a block belongs to, as messages name it: "the page that shows the image"
  // What a namespace near miss costs, after "or": empty for "search engines ignore the image tags
  // it binds", which is not so of a tag no search engine reads any more.
  std::string_view near_miss_effect = {};
};

// A namespace declaration that misses the family's URI: the normalised URI matches the family's
// pattern, or the usual prefix is bound to a URI of no family. `fixable` when the URI itself is a
// misspelling of the family's (so replacing it is safe).
struct NearMiss {
  bool fixable = false;
};
std::optional<NearMiss> namespace_near_miss(const ExtensionFamily& family, std::string_view prefix,
                                            std::string_view uri);

// Reports every namespace declaration of `doc` that misses the family's URI, on its value.
void report_namespace_near_misses(const ExtensionFamily& family, const Document& doc, FindingSink& out);

// Where findings about an element or attribute go: '<' plus the qualified name; the name.
std::size_t tag_length(const ExtensionNode& node);

// Structure checks over one block, driven by the family's schema. Each reports through `out`.
// Elements inside deprecated elements are not checked (VID403's business). A block whose root is
// not the family's root element (an <image:loc> straight in <url>) is an unknown element.
void report_unknown_elements(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out);
void report_unexpected_attributes(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out);
void report_duplicate_children(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out);
void report_children_out_of_order(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out);

// The schema of nodes[i] when it is known (the root, or a child known at its place); nullptr else.
const ElementSpec* spec_of(const ExtensionFamily& family, const ExtensionBlock& block, std::size_t i);

// The required children (min_occurs > 0) of nodes[i] that it lacks, in schema order.
std::vector<const ElementSpec*> missing_children(const ExtensionFamily& family, const ExtensionBlock& block,
                                                 std::size_t i);

// Whether a block is the family's: its root is the family's root element in the family's namespace.
// Inline, as is_page_entry: every block rule asks it of every block.
inline bool is_family_block(const ExtensionFamily& family, const ExtensionBlock& block) {
  return family.root && same_namespace(block.root().ns, family.ns) &&
         same_name(block.root().local_name, family.root->name);
}

// "<image:loc>", "<image:loc>, <image:caption>" ...: names as a message writes them, with the
// prefix the document uses (the block root's).
std::string element_name(const ExtensionBlock& block, std::string_view local_name);

// ---------------------------------------------------------------------------------------------
// What the families' rule files share beyond the schema checks.

// Whether an entry is a <url> of a sitemap (D1, D2): the only place an extension block describes a
// page. Feeds and index entries are not inspected.
inline bool is_page_entry(const Entry& entry) { return entry.kind == EntryKind::Url && !entry.in_feed; }

// Whether `block` is the family's and describes a page: a direct child of a <url> of a urlset (not
// of an index's <sitemap>, not of a feed item). The family's rules look at no other block; the
// 102 and 103 rules report the others.
inline bool is_page_block(const ExtensionFamily& family, const ExtensionBlock& block, const Entry& entry) {
  return is_page_entry(entry) && is_family_block(family, block);
}

// Where findings on a node go (D4). The tag span: '<' and the qualified name. The value span: the
// trimmed text as written, or the tag span when there is no text at all.
Span tag_span(const ExtensionNode& node);
Span value_span(const ExtensionNode& node);
// "<video:title>": the element as written, for messages.
std::string tag(const ExtensionNode& node);
// Reports `message` on the node's value (D4), with a fix that replaces the whole text when given.
void report_value(const ExtensionNode& node, std::string message, FindingSink& out,
                  std::optional<std::string> replacement = std::nullopt);
// Length in Unicode code points (what "characters" means in Google's limits).
std::size_t code_points(std::string_view text);

// Calls fn(node) for each child of the block's root named `name` in the family's namespace. The
// short name is compared first: a block's children rarely share it, and most rules ask.
template <typename Fn>
void for_each_child_named(const ExtensionFamily& family, const ExtensionBlock& block, std::string_view name, Fn fn) {
  block.for_each_child(0, [&](const ExtensionNode& node) {
    if (same_name(node.local_name, name) && same_namespace(node.ns, family.ns)) fn(node);
  });
}

// The index of `node` in its block's nodes.
std::size_t node_index(const ExtensionBlock& block, const ExtensionNode& node);

// The first child of nodes[parent] in namespace `ns` named `local_name`; nullptr when there is none.
const ExtensionNode* child_of(const ExtensionBlock& block, std::size_t parent, std::string_view ns,
                              std::string_view local_name);

// Whether any element of `doc` declares the namespace `uri`.
bool declares_namespace(const Document& doc, std::string_view uri);

// The family's block root outside any <url>: an entry of its own directly in <urlset> or
// <sitemapindex>, or a block of an index's <sitemap>. The XSDs' wildcards accept it there, but no
// page owns it. Reports each in `entry`, naming the page it belongs to (ExtensionFamily::page).
// OutsideUrlRule (family_rules.h) calls it once per entry that is not a <url>, where an element
// subscription would be matched against every element of the family's namespace.
void report_outside_url(const ExtensionFamily& family, const Entry& entry, FindingSink& out);

// An element of the family's namespace straight in <urlset> or <sitemapindex> (an entry of its
// own) that is not the family's block root: the XSD declares only the root globally.
void report_misplaced_entry(const ExtensionFamily& family, const Entry& entry, FindingSink& out);

// The same inside an index's <sitemap>, where the engine gathers it as a block: a block of the
// family's namespace whose root is not the family's root (that one is the 103 rules').
void report_misplaced_in_index_entry(const ExtensionFamily& family, const ExtensionBlock& block, const Entry& entry,
                                     FindingSink& out);

}  // namespace sitemaplint
