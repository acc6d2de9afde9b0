// Assembles one entry while the walker is inside it: its core fields (<loc>, <lastmod>, ...) with
// their text and exact positions, its children, its extension blocks (each element of another
// namespace with everything inside it) and its URL-valued fields. Storage is reused entry after
// entry, so a clean entry costs no allocation once the buffers have grown.
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "entry.h"
#include "rule.h"
#include "url_analysis.h"

namespace sitemaplint {

class EntryBuilder {
 public:
  explicit EntryBuilder(std::string_view bytes) : bytes_(bytes) {}

  // Starts a new entry at element `e`.
  Entry& begin(const Element& e, std::size_t index);
  Entry& entry() { return entry_; }

  // A child element of the entry; `id` is the core field it fills (Unknown for none). Returns
  // whether the field's text should be collected (false for a repeated field).
  bool add_child(const Element& e, FieldId id);
  // Both append_*_text decode every reference of a text run that has one, and return whether one
  // of them was faulty (false for a run with no '&' or a CDATA section).
  bool append_field_text(FieldId id, const TextRun& run);
  // Gives field `id` the value `value` in place of its text (an Atom href resolved against its
  // xml:base); its place and its text as written stay the attribute's.
  void set_field_value(FieldId id, std::string value);

  // Extension blocks. begin_block starts one at `e` (a child of the entry in another namespace);
  // add_node adds a descendant of the node `parent`. Both return the node's index.
  std::size_t begin_block(const Element& e);
  std::size_t add_node(const Element& e, std::size_t parent);
  // An attribute of the node added last (call right after begin_block or add_node).
  void add_attribute(std::string_view qualified_name, std::string_view local_name, std::string_view ns,
                     std::size_t name_offset, std::string_view raw_value, std::size_t value_offset);
  bool append_node_text(std::size_t node, const TextRun& run);

  // Completes the entry (spans over the gathered storage, the URL fields) and returns its URL fields.
  std::span<const UrlField> finish(std::string_view loc_label);

 private:
  std::string& scratch();
  static bool takes_run_as_is(Field& field, const TextRun& run);
  bool append_text(Field& field, std::string& storage, const TextRun& run);
  std::size_t push_node(const Element& e, std::size_t parent, int depth);

  std::string_view bytes_;
  Entry entry_;
  std::vector<Child> children_;
  std::array<std::string, 4> field_storage_;  // decoded core field values

  // Extension blocks of the current entry.
  struct NodeSlots {
    std::size_t attributes_begin = 0, attributes_count = 0;
    std::string* storage = nullptr;  // its decoded text, once it needs one
  };
  std::vector<ExtensionNode> nodes_;
  std::vector<NodeSlots> slots_;
  std::vector<Attribute> attributes_;
  std::vector<std::pair<std::size_t, std::size_t>> block_ranges_;  // [begin, end) in nodes_
  std::vector<ExtensionBlock> blocks_;
  std::deque<std::string> strings_;  // decoded texts; a deque keeps them in place as it grows
  std::size_t strings_used_ = 0;

  std::vector<UrlField> urls_;
  std::deque<UrlAnalysisCache> url_caches_;  // one per URL field; Entry::loc_analysis() uses the first
};

}  // namespace sitemaplint
