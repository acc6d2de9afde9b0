#include "engine/walker.h"

#include <algorithm>
#include <bit>
#include <string>
#include <type_traits>
#include <vector>

#include "analysis/ascii.h"
#include "analysis/reference_resolution.h"
#include "analysis/w3c_datetime.h"
#include "analysis/xml_text.h"
#include "engine/feed_items.h"

namespace sitemaplint {
namespace {

// Whether a pugixml handle is of a node or attribute: the null test its operator bool makes,
// without the call into the library. A handle is one pointer, null when empty (pugixml.hpp), and
// the walk tests one for every node it visits.
template <typename Handle>
bool present(Handle handle) {
  static_assert(sizeof(Handle) == sizeof(void*) && std::is_trivially_copyable_v<Handle>);
  return std::bit_cast<const void*>(handle) != nullptr;
}

}  // namespace

Walker::Walker(Document& doc, Dispatch& dispatch, WalkRecords* records, PieceSource* pieces, const LaterLane* later)
    : doc_(doc), dispatch_(dispatch), pieces_(pieces), records_(records), later_(later), builder_(doc.bytes) {
  if (doc.kind == DocumentKind::UrlSet || doc.kind == DocumentKind::SitemapIndex) {
    core_ns_ = canonical_namespace(doc.root_ns);
    has_core_ns_ = true;
  }
  if (doc.kind == DocumentKind::Feed) feed_ = doc.root_local == "rss" ? FeedFormat::Rss : FeedFormat::Atom;
  // Element::parent points into frames_: it never reallocates (and its frames are reused).
  frames_.resize(kMaxInspectedDepth + 1);
}

void Walker::walk() {
  const pugi::xml_node root = doc_.tree.document_element();
  if (later_) {  // the first lane walks all but the pieces of the root's content
    enter(root, false);
    count_entries_before(*later_);
  } else {
    for (pugi::xml_node top = doc_.tree.first_child(); present(top); top = top.next_sibling()) {
      if (top.type() == pugi::node_comment) comment(top);
    }
    enter(root);
  }
  pugi::xml_node node = root.first_child();
  while (depth_ > 0) {
    if (present(node)) {
      const pugi::xml_node_type type = node.type();  // each accessor is a call into pugixml
      if (type == pugi::node_element) {
        if (static_cast<int>(depth_) >= kMaxInspectedDepth) {
          if (records_ && !records_->nesting_limit_offset)
            records_->nesting_limit_offset = doc_.offset_of(node.name()) - 1;
          node = node.next_sibling();
          continue;
        }
        enter(node);
        node = node.first_child();
        continue;
      }
      // Text, a CDATA section, an XML declaration or a DOCTYPE among the entries of a document in
      // pieces: the walk gives up on it, and the document is walked whole (pugixml keeps no text of
      // white space alone, and takes a declaration or DOCTYPE at a piece's top level, where the
      // root's content makes them an error).
      if (pieces_ && depth_ == 1 && type != pugi::node_comment && type != pugi::node_pi) throw PieceParseFailed();
      if (type == pugi::node_pcdata || type == pugi::node_cdata) {
        text(node, type);
      } else if (type == pugi::node_comment) {
        comment(node);
      }
      node = node.next_sibling();
    } else if (depth_ == 1 && pieces_ && present(node = pieces_->next())) {
      continue;  // the root's next children, from the next piece
    } else {
      const pugi::xml_node finished = top().element.node;
      leave();
      node = finished.next_sibling();
    }
  }
}

// element_traits() of the frame's element, from what the frames above it know (and notes what its
// own children will ask of it): element_traits() compared the names of the parent and the
// grandparent again for every element, a tenth of the time spent entering elements.
[[gnu::always_inline]] inline std::uint8_t Walker::traits_of(Frame& frame) {
  const Element& e = frame.element;
  frame.entry_element = frame.field_of_entry = false;
  frame.sitemap_field = FieldId::Unknown;
  bool off_schema = false;
  switch (e.depth) {
    case 2:
      if (e.in_sitemap_ns) {
        const bool url = e.local_name == "url", sitemap = !url && e.local_name == "sitemap";
        frame.entry_element = url || sitemap;
        const std::string_view root = e.parent->local_name;
        off_schema = url ? root == "sitemapindex" : sitemap ? root == "urlset" : true;
      }
      break;
    case 3:
      if (e.in_sitemap_ns) {
        frame.sitemap_field = field_id(e.local_name);
        const Frame& parent = frames_[depth_ - 2];
        if (parent.entry_element) {
          frame.field_of_entry = frame.sitemap_field != FieldId::Unknown;
          off_schema = frame.sitemap_field == FieldId::Unknown ||
                       (parent.element.local_name == "sitemap" &&
                        (frame.sitemap_field == FieldId::Changefreq || frame.sitemap_field == FieldId::Priority));
        }
      }
      break;
    case 4: off_schema = frames_[depth_ - 2].field_of_entry; break;
    default: break;
  }
  return static_cast<std::uint8_t>(
      (e.has_attributes ? kElementHasAttributes : 0) | (e.ns.empty() ? kElementInNoNamespace : 0) |
      (e.prefix_declared ? 0 : kElementPrefixUndeclared) | (off_schema ? kElementOffSchema : 0) |
      (e.malformed_name ? kElementNameMalformed : 0));
}

void Walker::enter(pugi::xml_node node, bool events) {
  const Element* parent = depth_ == 0 ? nullptr : &top().element;
  // The frame of this depth is reused, every field set here: a Frame is over a hundred bytes, and
  // building a fresh one (zeroed, then filled) cost more than the rest of this function.
  Frame& pushed = frames_[depth_++];
  pushed.scope_mark = declared_.size();
  pushed.field = FieldId::Unknown;
  pushed.node = kNoNode;
  Element& e = pushed.element;
  e.node = node;
  e.qualified_name = node.name();
  e.prefix = {};
  e.offset = doc_.offset_of(e.qualified_name.data()) - 1;
  e.depth = static_cast<int>(depth_);
  e.parent = parent;
  const pugi::xml_attribute first_attribute = node.first_attribute();
  e.has_attributes = present(first_attribute);
  // Most elements have none, and their attribute loops end at once.
  for (pugi::xml_attribute attr = first_attribute; present(attr); attr = attr.next_attribute()) {
    const std::string_view name = attr.name();
    if (name != "xmlns" && !name.starts_with("xmlns:")) {
      // An attribute with a prefix in a piece: as the cut, the walk gives up on it (rules resolve
      // its prefix from the element's ancestors), and the document is walked whole.
      if (pieces_ && depth_ >= 2 && name.find(':') != std::string_view::npos) throw PieceParseFailed();
      continue;
    }
    const std::string_view prefix = name.size() > 6 ? name.substr(6) : std::string_view();
    bind(prefix, attr.value());
    if (records_ && events)
      records_->namespace_declarations.push_back({prefix, attr.value(), doc_.offset_of(attr.value()), e.offset});
  }
  // A byte loop: names are a few bytes long, and find() would call memchr for each.
  const auto colon = std::find(e.qualified_name.begin(), e.qualified_name.end(), ':');
  if (colon != e.qualified_name.end()) {
    e.prefix = std::string_view(e.qualified_name.begin(), colon);
    e.local_name = std::string_view(colon + 1, e.qualified_name.end());
    e.malformed_name = e.prefix.empty() || e.local_name.empty() ||
                       std::find(e.local_name.begin(), e.local_name.end(), ':') != e.local_name.end();
  } else {
    e.local_name = e.qualified_name;
    e.malformed_name = false;
  }
  // Most names have no prefix: the default namespace in scope, as resolve() gives it, without the call.
  if (e.prefix.empty()) {
    e.prefix_declared = true;
    e.ns = default_ns_.empty() ? std::string_view() : default_ns_.back();
  } else {
    e.ns = resolve(e.prefix, &e.prefix_declared);
  }
  e.in_sitemap_ns = has_core_ns_ && same_namespace(e.ns, core_ns_);
  if (!events) return;  // the root, entered by a later lane (no entry starts at it)
  const bool entry_starts = !in_entry_ && starts_entry(pushed.element);
  if (entry_starts) dispatch_.entry_begins();
  dispatch_.element(pushed.element, traits_of(pushed));
  if (dispatch_.wants_text() && e.has_attributes) {
    for (pugi::xml_attribute attr = first_attribute; present(attr); attr = attr.next_attribute()) {
      dispatch_.text(text_run(attr.value(), TextKind::AttributeValue, &pushed.element, attr.name()));
    }
  }
  if (entry_starts) {
    begin_entry(pushed.element);
  } else if (in_entry_ && pushed.element.depth == entry_depth_ + 1) {
    add_child(pushed);
  } else if (block_depth_ > 0 && pushed.element.depth > block_depth_) {
    gather(pushed);
  }
}

// Which elements are entries: in a feed, an RSS <item> in <channel> or an Atom <entry> in <feed>;
// in any other XML, every child of the root (rules judge whether it is a <url> or a <sitemap>).
bool Walker::starts_entry(const Element& e) const {
  switch (feed_) {
    case FeedFormat::None: return e.depth == 2;
    case FeedFormat::Rss: return e.depth == 3 && is_rss(e, "item") && is_rss(*e.parent, "channel");
    case FeedFormat::Atom: return e.depth == 2 && is_atom(e, "entry");
  }
  return false;
}

void Walker::leave() {
  Frame& frame = top();
  if (block_depth_ == frame.element.depth) block_depth_ = 0;
  if (in_entry_ && frame.element.depth == entry_depth_) finish_entry();
  while (declared_.size() > frame.scope_mark) {
    (declared_.back().empty() ? default_ns_ : bindings_[declared_.back()]).pop_back();
    declared_.pop_back();
    last_prefix_ = {};
  }
  --depth_;
}

// Namespace bindings in scope: a stack of URIs per prefix, so resolving costs one lookup however
// many declarations a (hostile) document makes.
void Walker::bind(std::string_view prefix, std::string_view uri) {
  last_prefix_ = {};
  (prefix.empty() ? default_ns_ : bindings_[prefix]).push_back(canonical_namespace(uri));
  declared_.push_back(prefix);
}

std::string_view Walker::resolve(std::string_view prefix, bool* declared) {
  *declared = true;
  if (prefix.empty()) return default_ns_.empty() ? std::string_view() : default_ns_.back();
  if (prefix == "xml") return kXmlNamespace;
  if (!last_prefix_.empty() && same_name(prefix, last_prefix_)) return last_prefix_ns_;
  const auto it = bindings_.find(prefix);
  if (it != bindings_.end() && !it->second.empty()) {
    last_prefix_ = prefix;
    last_prefix_ns_ = it->second.back();
    return last_prefix_ns_;
  }
  *declared = false;
  return {};
}

TextRun Walker::text_run(const char* value, TextKind kind, const Element* parent, std::string_view attribute,
                         bool read_references) const {
  TextRun run{value, doc_.offset_of(value), kind, parent, attribute};
  run.markup = markup_characters(run.raw);
  if (kind != TextKind::CData && (run.markup & kAmpersand) != 0) {
    run.first_ampersand = run.raw.find('&');
    if (read_references && dispatch_.wants_faulty_references() && has_faulty_reference(run.raw, run.first_ampersand)) {
      run.markup |= kFaultyReference;
    }
  }
  return run;
}

void Walker::text(pugi::xml_node node, pugi::xml_node_type type) {
  Frame& parent = top();
  const char* value = node.value();
  const TextKind kind = type == pugi::node_cdata ? TextKind::CData : TextKind::Text;
  // A text the entry builder takes is decoded there, which finds a faulty reference on the way (on
  // URLs with query strings, reading their references twice was a tenth of the walk): the builder
  // goes first, and the text rules see what it found.
  const bool built = in_entry_ && (parent.field != FieldId::Unknown || parent.node != kNoNode);
  TextRun run = text_run(value, kind, &parent.element, {}, !built);
  if (built) {
    const bool faulty = parent.field != FieldId::Unknown ? builder_.append_field_text(parent.field, run)
                                                         : builder_.append_node_text(parent.node, run);
    if (faulty && dispatch_.wants_faulty_references()) run.markup |= kFaultyReference;
  }
  dispatch_.text(run);
}

// Keeps comments that may be sitemaplint directives (src/run/suppress.cpp interprets them), and
// notes a "--" in a comment, which XML forbids and pugixml reads all the same.
void Walker::comment(pugi::xml_node node) {
  if (!records_) return;
  const char* value = node.value();
  const std::string_view text = value;
  const std::size_t at = doc_.offset_of(value);
  if (const std::size_t hyphens = text.find("--"); hyphens != std::string_view::npos) {
    records_->comment_errors.push_back(
        {at + hyphens, 2,
         "'--' inside a comment: XML allows two hyphens in a row only in the '-->' that ends it; write "
         "'- -' or one hyphen"});
  } else if (text.ends_with('-')) {
    records_->comment_errors.push_back(
        {at + text.size() - 1, 4, "comment ends with '--->': XML does not allow a hyphen just before the '-->'"});
  }
  if (trim_xml_space(text).substr(0, 12) != "sitemaplint-") return;
  records_->directives.push_back({at - 4, at + text.size() + 3, text});
}

void Walker::begin_entry(const Element& e) {
  in_entry_ = true;
  entry_depth_ = e.depth;
  Entry& entry = builder_.begin(e, entries_++);
  if (records_) records_->entry_count = entries_;
  if (e.in_sitemap_ns && e.local_name == "url") entry.kind = EntryKind::Url;
  else if (e.in_sitemap_ns && e.local_name == "sitemap") entry.kind = EntryKind::Sitemap;
  if (feed_ != FeedFormat::None) {
    entry.kind = EntryKind::Url;
    entry.in_feed = true;
  }
  const auto kind = static_cast<std::size_t>(entry.kind);
  entry.nth_of_kind = ++entries_of_kind_[kind];
  if (records_) records_->entries_of_kind[kind] = entries_of_kind_[kind];
}

void Walker::add_child(Frame& frame) {
  const Element& e = frame.element;
  FieldId id = FieldId::Unknown;
  pugi::xml_attribute href;  // an Atom link's URL
  // field_id() of a child in the sitemap's namespace, worked out for its traits (the entries of a
  // document with that namespace are its root's children, so their children are at depth 3).
  if (e.in_sitemap_ns) id = e.depth == 3 ? frame.sitemap_field : field_id(e.local_name);
  else if (feed_ == FeedFormat::Rss && is_rss(e, "link")) id = FieldId::Loc;
  else if (feed_ == FeedFormat::Atom && (href = atom_alternate_href(e))) id = FieldId::Loc;
  if (!builder_.add_child(e, id)) {
    // An element of another namespace in a sitemap entry starts an extension block.
    if (id == FieldId::Unknown && has_core_ns_ && !e.in_sitemap_ns && dispatch_.wants_blocks_of(e.ns)) {
      block_depth_ = e.depth;
      frame.node = builder_.begin_block(e);
      gather_attributes(e);
    }
    return;
  }
  if (href) {  // the value is the attribute's; the link's content, if any, is not the URL
    builder_.append_field_text(id, text_run(href.value(), TextKind::AttributeValue, &e, href.name()));
    // A relative href under an absolute xml:base is a fully determined URL (RFC 4287 section 2).
    const std::string_view written = builder_.entry().field(id).value;  // entities decoded
    if (!is_absolute_uri(written)) {
      if (const std::string base = atom_base(e.node); !base.empty()) {
        if (std::string resolved = resolve_reference(written, base); !resolved.empty()) {
          builder_.set_field_value(id, std::move(resolved));
        }
      }
    }
    return;
  }
  frame.field = id;
}

void Walker::gather(Frame& frame) {
  const std::size_t parent = frames_[depth_ - 2].node;
  if (parent == kNoNode) return;
  frame.node = builder_.add_node(frame.element, parent);
  gather_attributes(frame.element);
}

void Walker::gather_attributes(const Element& e) {
  if (!e.has_attributes) return;
  for (pugi::xml_attribute attr = e.node.first_attribute(); present(attr); attr = attr.next_attribute())
    gather_attribute(attr);
}

void Walker::gather_attribute(pugi::xml_attribute attr) {
  const std::string_view name = attr.name();
  if (name == "xmlns" || name.starts_with("xmlns:")) return;  // declarations, not attributes
  const auto colon = name.find(':');
  std::string_view ns;
  if (colon != std::string_view::npos) {
    bool declared = true;
    ns = resolve(name.substr(0, colon), &declared);
  }
  builder_.add_attribute(name, colon == std::string_view::npos ? name : name.substr(colon + 1), ns,
                         doc_.offset_of(attr.name()), attr.value(), doc_.offset_of(attr.value()));
}

void Walker::finish_entry() {
  in_entry_ = false;
  block_depth_ = 0;
  std::string_view label = "<loc>";
  if (doc_.kind == DocumentKind::Robots) label = "Sitemap:";
  else if (feed_ == FeedFormat::Rss) label = "<link>";
  else if (feed_ == FeedFormat::Atom) label = "the href of <link>";
  const std::span<const UrlField> urls = builder_.finish(label);
  const Entry& entry = builder_.entry();
  if (records_ && entry.kind == EntryKind::Sitemap && entry.loc.present &&
      (doc_.kind == DocumentKind::SitemapIndex || doc_.kind == DocumentKind::Robots)) {
    record_child(entry);
  }
  dispatch_.entry(entry, urls);
}

// An index's child (or a robots.txt's sitemap), for following it after the walk.
void Walker::record_child(const Entry& entry) {
  const Field& loc = entry.loc;
  const std::string_view url = loc.trimmed();
  Document::ChildRef child;
  child.url = std::string(url);
  if (loc.exact) {
    child.offset = loc.value_offset + static_cast<std::size_t>(url.data() - loc.value.data());
    child.length = url.size();
  } else {
    child.offset = loc.value_offset;
    child.length = loc.raw.size();
  }
  if (entry.lastmod.present) {
    if (const auto& parsed = entry.lastmod_parsed().value) {
      child.lastmod = to_unix_seconds(*parsed);
      child.lastmod_offset = entry.lastmod.value_offset;
      child.lastmod_length = entry.lastmod.raw.size();
    }
  }
  records_->children.push_back(std::move(child));
}

// The entries of the lanes before, counted by kind as their walks count them (begin_entry), each
// name resolved from the root's bindings (engine.cpp checks the count against the lanes' walks).
void Walker::count_entries_before(const LaterLane& later) {
  for (const ChildCount& child : later.children_before) {
    const auto colon = std::find(child.name.begin(), child.name.end(), ':');
    const std::string_view prefix =
        colon == child.name.end() ? std::string_view() : std::string_view(child.name.begin(), colon);
    const std::string_view local =
        colon == child.name.end() ? child.name : std::string_view(colon + 1, child.name.end());
    bool declared = true;
    const std::string_view ns = resolve(prefix, &declared);
    const bool in_sitemap_ns = has_core_ns_ && same_namespace(ns, core_ns_);
    EntryKind kind = EntryKind::Other;
    if (in_sitemap_ns && local == "url") kind = EntryKind::Url;
    else if (in_sitemap_ns && local == "sitemap") kind = EntryKind::Sitemap;
    entries_ += child.count;
    entries_of_kind_[static_cast<std::size_t>(kind)] += child.count;
  }
  if (records_) {
    records_->entry_count = records_->entries_before = entries_;
    records_->entries_of_kind = records_->entries_before_of_kind = entries_of_kind_;
  }
}

}  // namespace sitemaplint
