// The one walk over a document: elements with their namespaces resolved, raw text runs, entries
// (a <url> or <sitemap>, a feed item, a line of a text sitemap or a robots.txt's Sitemap: line)
// assembled by an EntryBuilder, each event handed to the Dispatch. Also records what following an
// index needs (Document::children) and the comments that may be sitemaplint directives.
#pragma once

#include <array>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/dispatch.h"
#include "document.h"
#include "engine/entry_builder.h"
#include "engine/entry_pieces.h"
#include "engine/pieces.h"
#include "engine/walk_records.h"

namespace sitemaplint {

class Walker {
 public:
  // `records`: where this walk records what it finds for the document; nullptr for a second walk
  // over the same document, for the rules another thread runs (engine.cpp), which records nothing.
  // `pieces`: the root's content is in pieces, walked in turn after the root's own (empty) tree.
  // `later`: the pieces are those of a later lane.
  Walker(Document& doc, Dispatch& dispatch, WalkRecords* records, PieceSource* pieces = nullptr,
         const LaterLane* later = nullptr);

  void walk();  // a parsed XML document
  void walk_text();  // a text sitemap: every non-blank line is a <url> whose <loc> is the line
  void walk_robots();  // a robots.txt: every Sitemap: line is a <sitemap> whose <loc> is its value

 private:
  // Search engines accept RSS 2.0 and Atom feeds as sitemaps and take one URL per item.
  enum class FeedFormat { None, Rss, Atom };

  struct Frame {
    Element element;
    std::size_t scope_mark;  // entries of declared_ below this index belong to ancestors
    FieldId field = FieldId::Unknown;  // a child of an entry: the core field its text fills
    std::size_t node = kNoNode;  // inside an extension block: its node in the builder
    // What element_traits() reads of the ancestors, kept with each frame so that a child's traits
    // cost no name comparison of its parent's: is_entry_element() and is_field_of_entry() of this
    // element, and field_id() of its name at depth 3 in the sitemap's namespace.
    bool entry_element = false;
    bool field_of_entry = false;
    FieldId sitemap_field = FieldId::Unknown;
  };
  static constexpr std::size_t kNoNode = static_cast<std::size_t>(-1);

  template <typename LineFn>
  void for_each_line(LineFn line);
  void line_entry(std::string_view element, std::size_t line_at, std::string_view value, std::size_t value_at);

  void enter(pugi::xml_node node, bool events = true);  // events: false for a later lane's root
  void leave();
  bool starts_entry(const Element& e) const;
  std::uint8_t traits_of(Frame& frame);
  void bind(std::string_view prefix, std::string_view uri);
  std::string_view resolve(std::string_view prefix, bool* declared);
  void text(pugi::xml_node node, pugi::xml_node_type type);
  // A text run or attribute value at `value` (a pointer into the parsed bytes).
  // `read_references`: whether to look for a faulty reference here; false for a text the entry
  // builder decodes, which finds them on the way.
  TextRun text_run(const char* value, TextKind kind, const Element* parent, std::string_view attribute,
                   bool read_references = true) const;
  void comment(pugi::xml_node node);
  void begin_entry(const Element& e);
  void add_child(Frame& frame);
  void gather(Frame& frame);
  void gather_attributes(const Element& e);
  void gather_attribute(pugi::xml_attribute attr);
  void finish_entry();
  void record_child(const Entry& entry);
  void count_entries_before(const LaterLane& later);

  Document& doc_;
  Dispatch& dispatch_;
  PieceSource* pieces_;
  WalkRecords* records_;
  const LaterLane* later_;
  EntryBuilder builder_;
  std::unordered_map<std::string_view, std::vector<std::string_view>> bindings_;
  std::vector<std::string_view> default_ns_;  // xmlns="..." in scope: most elements need only this
  std::vector<std::string_view> declared_;  // prefixes bound, in order, for unwinding
  // The last prefix resolved and its URI: a block's elements share one ("image:"), and looking it
  // up hashed it for each. Forgotten whenever a binding comes or goes.
  std::string_view last_prefix_, last_prefix_ns_;
  Frame& top() { return frames_[depth_ - 1]; }

  std::vector<Frame> frames_;  // the open elements: frames_[0, depth_)
  std::size_t depth_ = 0;
  std::string_view core_ns_;
  bool has_core_ns_ = false;
  FeedFormat feed_ = FeedFormat::None;
  std::size_t entries_ = 0;  // entries begun: the next entry's index
  std::array<std::size_t, 3> entries_of_kind_{};  // entries begun, by EntryKind
  bool in_entry_ = false;
  int entry_depth_ = 0;  // the current entry element's depth, while in_entry_
  int block_depth_ = 0;  // the current extension block's root depth, 0 outside blocks
  Element text_line_;  // the element a text line stands for
};

}  // namespace sitemaplint
