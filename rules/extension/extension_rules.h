// The rule classes the extension families instantiate with their schema (so that each rule file
// holds its documentation and little else), the deprecated-tag count they share, and the block
// traits their structure rules subscribe with (BlockFilter).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rule.h"
#include "rules/extension/extension_support.h"

namespace sitemaplint {

// Counts the deprecated children of a family's blocks over a file and reports the first of each
// kind at the end, with how many the file has (D13: a file can hold hundreds).
class DeprecatedTagCount {
 public:
  void count(const ExtensionFamily& family, const ExtensionBlock& block);
  // Counts one element or attribute that the schema does not mark deprecated but Google no
  // longer reads (or never documented): <video:id>, the autoplay attribute of <video:player_loc>.
  void count_element(const ExtensionNode& element);
  void count_attribute(const ExtensionNode& element, const Attribute& attribute);
  // `effect` completes "<image:caption> ..." (or "the autoplay attribute of <video:player_loc> ...")
  // with what Google does with the tag now.
  void report(std::string_view effect, FindingSink& out) const;
  // Adds what a later lane counted (Rule::absorb).
  void absorb(DeprecatedTagCount& later);

 private:
  // `spec`: the deprecated element's schema, which identifies it without comparing names; nullptr
  // for a tag the schema does not mark.
  void note(const ElementSpec* spec, std::string_view local_name, std::string_view attribute,
            const ExtensionNode& element, std::size_t offset, std::size_t length);
  struct Seen {
    const ElementSpec* spec;
    std::string_view local_name;  // of the element
    std::string_view attribute;  // empty for the element itself
    std::string qualified_name;
    std::size_t offset = 0;
    std::size_t length = 0;
    std::size_t count = 0;
  };
  std::vector<Seen> seen_;  // one per deprecated tag found, in order of first appearance
};

// Rule classes the families instantiate with their schema (`family` is the family's constant in
// its schema header), so each rule file holds its documentation and little else.

// The 101 rules: namespace declarations that miss the family's URI (D11), in sitemaps only (D1).
template <const ExtensionFamily& family>
class NamespaceNearMissRule final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.finish(); }
  void on_finish(const Document& doc, FindingSink& out) override {
    if (doc.kind == DocumentKind::UrlSet || doc.kind == DocumentKind::SitemapIndex) {
      report_namespace_near_misses(family, doc, out);
    }
  }
};

using BlockCheck = void (*)(const ExtensionFamily&, const ExtensionBlock&, FindingSink&);

// What a block shows, as BlockFilter bits. Nearly every block is flat (its
// children are known leaves of its root) and clean; a structure rule subscribes with the traits
// its check looks for and is not called for the others.
enum BlockTrait : std::uint32_t {
  kIrregularBlock = 1u << 0,  // not flat, not in a page, or built by hand: every check runs on it
  kHasAttributes = 1u << 1,
  kRepeatsChild = 1u << 2,  // a child that may appear once appears again
  kChildrenOutOfOrder = 1u << 3,
  kLacksRequiredChild = 1u << 4,
  kHasDeprecatedChild = 1u << 5,
};
// The traits of a family's block (all of them when it is irregular), from the shape the structure
// checks share (extension_specs.h).
std::uint32_t block_traits(const ExtensionFamily& family, const ExtensionBlock& block, const Entry& entry);
template <const ExtensionFamily& family>
std::uint32_t family_block_traits(const ExtensionBlock& block, const Entry& entry) {
  return block_traits(family, block, entry);
}
// The filter for a family's blocks that show one of `traits`, or are irregular.
template <const ExtensionFamily& family>
constexpr BlockFilter blocks_showing(std::uint32_t traits) {
  return {&family_block_traits<family>, traits | kIrregularBlock};
}

// The traits in which each schema check above can find something in a flat block.
template <BlockCheck check>
inline constexpr std::uint32_t kTraitsChecked = ~std::uint32_t{0};
template <>
inline constexpr std::uint32_t kTraitsChecked<report_unknown_elements> = 0;  // a flat block's nodes are all known
template <>
inline constexpr std::uint32_t kTraitsChecked<report_unexpected_attributes> = kHasAttributes;
template <>
inline constexpr std::uint32_t kTraitsChecked<report_duplicate_children> = kRepeatsChild;
template <>
inline constexpr std::uint32_t kTraitsChecked<report_children_out_of_order> = kChildrenOutOfOrder;

// Runs one of the schema checks above on every block of the family's namespace in a <url>.
template <const ExtensionFamily& family, BlockCheck check>
class BlockCheckRule final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(family.ns, {}, blocks_showing<family>(kTraitsChecked<check>));
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (is_page_entry(entry)) check(family, block, out);
  }
};

// The 102 rules: unknown and misplaced elements in blocks, and family elements straight in the root.
template <const ExtensionFamily& family>
class UnknownElementRule final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(family.ns, {}, blocks_showing<family>(kTraitsChecked<report_unknown_elements>));
    s.entries_showing(kEntryNotUrl);  // a family's element standing as an entry of its own
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (is_page_entry(entry)) report_unknown_elements(family, block, out);
    else report_misplaced_in_index_entry(family, block, entry, out);
  }
  void on_entry(const Entry& entry, FindingSink& out) override { report_misplaced_entry(family, entry, out); }
};

// The 401 rules: deprecated tags, the first of each kind per file with the file's count. A rule that
// also counts deprecated attributes (the video family's) looks at blocks with attributes too.
template <const ExtensionFamily& family, std::uint32_t traits = kHasDeprecatedChild>
class DeprecatedTagRule : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(family.ns, family.root->name, blocks_showing<family>(traits));
    s.finish();
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink&) override {
    if (is_page_entry(entry)) tags_.count(family, block);
  }
  void absorb(Rule& later, FindingSink&) override { tags_.absorb(static_cast<DeprecatedTagRule&>(later).tags_); }

 protected:
  DeprecatedTagCount tags_;
};

}  // namespace sitemaplint
