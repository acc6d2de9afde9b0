// The views the engine hands to rules while it walks: elements, raw text runs, and sitemap entries
// (<url> or <sitemap>) with their fields. Views point into the document; rules must not keep them
// past the call, except for the plain values they copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "analysis/ascii.h"
#include "analysis/w3c_datetime.h"
#include "analysis/xs_decimal.h"
#include "diagnostic.h"

namespace sitemaplint {

// What an element shows that few do, as bits (element_traits): a rule that looks only at the
// elements showing one of them subscribes to those (Subscriptions::elements), and the usual
// element costs it no call.
enum ElementTrait : std::uint8_t {
  kElementHasAttributes = 1u << 0,
  kElementInNoNamespace = 1u << 1,  // its name resolves to no namespace URI
  kElementPrefixUndeclared = 1u << 2,  // its prefix has no xmlns:prefix in scope
  // In the document's namespace where the sitemap schema has no place for it (a child of the root
  // that is not an entry the root lists, a child of an entry that is not one of its fields), or any
  // element inside an entry's field. What the structure rules report, and what few elements show.
  kElementOffSchema = 1u << 3,
  kElementNameMalformed = 1u << 4,  // Element::malformed_name
};

struct Element {
  std::string_view qualified_name;  // as written, e.g. "image:loc"
  std::string_view prefix;  // empty for an unprefixed name
  std::string_view local_name;
  std::string_view ns;  // resolved namespace URI, empty for none
  bool prefix_declared = true;  // false: the prefix has no xmlns:prefix in scope
  bool in_sitemap_ns = false;  // in the namespace of the document's root (see Document)
  bool has_attributes = false;  // lets rules skip pugixml's attribute list when it is empty
  bool malformed_name = false;  // not a QName: a colon first or last, or a second colon
  std::size_t offset = 0;  // offset of the tag's '<'
  int depth = 1;  // 1 is the root
  const Element* parent = nullptr;  // nullptr for the root
  pugi::xml_node node;
};

// The ElementTrait bits `e` shows.
std::uint8_t element_traits(const Element& e);

// Whether `e` is an entry of a sitemap: a <url> or <sitemap> child of the root, in the document's
// namespace (whichever the root is: rules judge whether the kind fits it).
bool is_entry_element(const Element* e);
// Whether `e` is a core field of an entry: <loc>, <lastmod>, <changefreq> or <priority>.
bool is_field_of_entry(const Element* e);

enum class TextKind { Text, CData, AttributeValue };

struct TextRun {
  std::string_view raw;  // exactly as written: entities are not decoded
  std::size_t offset = 0;
  TextKind kind = TextKind::Text;
  const Element* parent = nullptr;  // the element the text or attribute belongs to
  std::string_view attribute_name;  // for AttributeValue only
  // Where the first '&' is (npos: none, and always for CDATA): found once for the builder and every
  // escaping rule, which then skip the run without a search of their own.
  std::size_t first_ampersand = std::string_view::npos;
  // The MarkupCharacter bits (analysis/xml_text.h) of the characters `raw` holds: the escaping
  // rules are called only for the runs that hold theirs (Subscriptions::text_holding).
  std::uint8_t markup = 0;
};

enum class FieldId { Loc, Lastmod, Changefreq, Priority, Unknown };

// `text` without the white space XML Schema collapses (space, tab, CR, LF) at either end. Inline:
// rules trim every field they read, and most have nothing to trim.
inline std::string_view trim_xml_space(std::string_view text) {
  // A plain loop: find_first_not_of with a character set costs a memchr per byte.
  std::size_t begin = 0, end = text.size();
  while (begin < end && is_xml_space(text[begin])) ++begin;
  while (end > begin && is_xml_space(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

// Whether `markup` (such as "<!--", starting with '<') is written at bytes[at]. In bytes parsed in
// place the '<' may read as NUL: pugixml ends the text before it there (Document::bytes_overwritten).
bool opens_markup(std::string_view bytes, std::size_t at, std::string_view markup);
// Whether the raw text of a field holds `markup` (a comment or CDATA section), by opens_markup.
bool holds_markup(std::string_view raw, std::string_view markup);

// A core child of an entry (<loc>, <lastmod>, ...), with its text.
struct Field {
  bool present = false;
  std::size_t element_offset = 0;  // offset of the start tag's '<'
  std::size_t value_offset = 0;  // first byte of its text (or where text would go)
  std::string_view raw;  // the text as written, spanning every text run
  std::string_view value;  // the text with entities decoded and CDATA unwrapped
  bool exact = true;  // value == raw byte for byte, so value offsets map 1:1

  // The value without the white space XML Schema collapses (space, tab, CR, LF).
  std::string_view trimmed() const { return trim_xml_space(value); }
  // A fix that replaces the whole text of the element by `new_value`, escaped for XML text; none
  // when the text holds CDATA or a comment, which a plain replacement would break.
  std::optional<Fix> replace_value(std::string_view new_value, std::string description) const;
  // Offset in the input of value[i]; the value's start when entities make the map inexact.
  std::size_t source_offset(std::size_t i) const { return exact ? value_offset + i : value_offset; }
};

// A child element of an entry, in document order.
struct Child {
  std::string_view local_name;
  std::string_view qualified_name;
  bool in_sitemap_ns = false;
  bool no_namespace = false;  // the element has no namespace at all
  FieldId id = FieldId::Unknown;
  std::size_t offset = 0;
};

// An attribute of an element in an extension block, with its value as a Field (its offsets are the
// value's, between the quotes).
struct Attribute {
  std::string_view qualified_name;  // as written, e.g. "hreflang", "xml:lang"
  std::string_view local_name;
  std::string_view ns;  // a prefixed attribute's namespace; empty for an unprefixed one
  std::size_t offset = 0;  // of its name
  Field value;
};

// An element of an extension block: the block's root or one of its descendants.
struct ExtensionNode {
  std::string_view qualified_name;  // as written, e.g. "video:title"
  std::string_view local_name;
  std::string_view ns;  // resolved namespace URI, empty for none
  bool prefix_declared = true;
  std::size_t offset = 0;  // of the start tag's '<'
  std::size_t parent = 0;  // index of its parent in the block (the root's is itself, 0)
  int depth = 0;  // 0 for the block's root, 1 for its children, ...
  bool has_element_children = false;
  Field text;  // its own text runs, joined; `present` is always true
  std::span<const Attribute> attributes;

  ExtensionNode() = default;
  // The node of element `e` as the walker first meets it: text present but empty, no attributes.
  // Every member written once, in place (a default one zeroed first cost a string instruction's
  // start-up for each of a large file's nodes).
  ExtensionNode(const Element& e, std::size_t parent_index, int node_depth)
      : qualified_name(e.qualified_name),
        local_name(e.local_name),
        ns(e.ns),
        prefix_declared(e.prefix_declared),
        offset(e.offset),
        parent(parent_index),
        depth(node_depth),
        text{true, e.offset, e.offset + 1 + e.qualified_name.size(), {}, {}, true} {}

  const Attribute* attribute(std::string_view local_name) const;  // an unprefixed attribute by name
};

// An element of another namespace than the sitemap's, inside an entry (<image:image>,
// <video:video>, <news:news>, <xhtml:link>), gathered with all it contains while the engine walks.
struct ExtensionBlock {
  std::span<const ExtensionNode> nodes;  // nodes[0] is the block's root; then its descendants in document order
  // Unique among the blocks the engine gathers in a process (0 for a block built by hand): what
  // lets a check that several rules run on one block keep its result for the next rule.
  std::uint64_t serial = 0;

  const ExtensionNode& root() const { return nodes[0]; }
  // The children of nodes[i], in document order, by callback.
  template <typename Fn>
  void for_each_child(std::size_t i, Fn fn) const {
    for (std::size_t k = i + 1; k < nodes.size() && nodes[k].depth > nodes[i].depth; ++k) {
      if (nodes[k].parent == i) fn(nodes[k]);
    }
  }
  // The first child of the root with this namespace and local name; nullptr when there is none.
  const ExtensionNode* child(std::string_view ns, std::string_view local_name) const;
};

enum class EntryKind { Url, Sitemap, Other };

struct UrlAnalysis;  // loc_analysis.h
class UrlAnalysisCache;  // loc_analysis.h

// A child element of the root: a <url> of a urlset, a <sitemap> of an index, or anything else.
// In a feed, an RSS <item> or Atom <entry>: kind Url, with only `loc` filled, from its link.
struct Entry {
  EntryKind kind = EntryKind::Other;
  const Element* element = nullptr;
  std::size_t index = 0;  // 0-based position among the entries (the root's element children)
  std::size_t nth_of_kind = 0;  // 1-based position among the document's entries of its kind
  // An RSS <item> or Atom <entry>: `loc` is its link (an Atom link's href, offsets those of the
  // attribute value), it may lack one, and its children are not a sitemap's; structure rules skip it.
  bool in_feed = false;
  // A robots.txt's Sitemap: line: kind Sitemap, `loc` is the line's value. The URL may be on any
  // host (robots.txt may announce sitemaps elsewhere), so scope and host rules skip it.
  bool from_robots = false;
  Field loc, lastmod, changefreq, priority;
  std::span<const Child> children;
  // Its extension blocks, in document order (gathered only when a rule subscribed to them).
  std::span<const ExtensionBlock> extensions;

  const Field& field(FieldId id) const;

  // The analysis of `loc` that every loc rule shares (loc_analysis.h): computed on the first
  // call, at most once per entry, into `loc_cache`, which the engine owns and resets per entry.
  // Without a cache (an Entry built by hand) each call recomputes into thread-local storage.
  const UrlAnalysis& loc_analysis() const;

  // <lastmod>'s trimmed value as a W3C Datetime, parsed on the first rule's request and shared.
  struct ParsedLastmod {
    std::optional<W3cDatetime> value;
    DatetimeError error;  // when value is empty
  };
  const ParsedLastmod& lastmod_parsed() const;
  // <priority>'s trimmed value as an xs:decimal (nullopt: not one), parsed on the first rule's
  // request and shared.
  const std::optional<XsDecimal>& priority_parsed() const;
  UrlAnalysisCache* loc_cache = nullptr;
  mutable std::optional<ParsedLastmod> lastmod_cache;
  mutable std::optional<std::optional<XsDecimal>> priority_cache;
};

// What an entry shows that few do, as bits (entry_traits): a rule that finds something only in
// the entries showing one of them subscribes to those (Subscriptions::entries_showing), and the
// usual entry costs it no call. Like every subscription filter, a trait only saves calls: a rule
// must find nothing in the entries it leaves out.
enum EntryTrait : std::uint16_t {
  kEntryLacksLoc = 1u << 0,  // no <loc>
  kEntryRepeatsField = 1u << 1,  // a <loc>, <lastmod>, <changefreq> or <priority> twice
  kEntryFieldSpace = 1u << 2,  // white space around the value of a <lastmod>, <changefreq> or <priority>
  kEntryChangefreqUnusual = 1u << 3,  // a <changefreq> other than always, hourly, daily, weekly, monthly or yearly
  kEntryNotUrl = 1u << 4,  // not a <url> (nor a feed item): a <sitemap>, or another element
  kEntryFirstOfKind = 1u << 5,  // the document's first entry of its kind (nth_of_kind 1)
  kEntryPastLimit = 1u << 6,  // past the protocol's 50,000 entries of its kind
  // A child out of the schema's order: <loc>, <lastmod>, <changefreq>, <priority>, then elements of
  // other namespaces (unknown elements of the sitemap namespace aside).
  kEntryChildrenOutOfOrder = 1u << 7,
  // A <lastmod> that is not a W3C Datetime, or is one short of a full date or a date-time with
  // seconds and a time zone (a year, a month, hh:mm, no zone).
  kEntryLastmodUnusual = 1u << 8,
  kEntryPriorityUnusual = 1u << 9,  // a <priority> that is not an xs:decimal from 0 to 1
  kEntryManyBlocks = 1u << 10,  // more extension blocks than a page may have images (kMaxImagesPerPage)
};
inline constexpr std::uint16_t kEveryEntryTrait = (1u << 11) - 1;

// The EntryTrait bits `entry` shows. The two that parse a value (kEntryLastmodUnusual,
// kEntryPriorityUnusual) only when `wanted` has them; the others, cheap, always.
std::uint16_t entry_traits(const Entry& entry, std::uint16_t wanted = kEveryEntryTrait);

FieldId field_id(std::string_view local_name);
std::string_view field_name(FieldId id);

}  // namespace sitemaplint
