#include "engine/entry_builder.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <iterator>

#include "analysis/xml_text.h"
#include "schema.h"

namespace sitemaplint {
namespace {

// Unique in the process without a shared counter per block: walks run on several threads, and
// one atomic counter incremented for every block of two walks at once moved its cache line
// between the cores 400,000 times on an image sitemap. Each thread takes a number once; its
// blocks count in the low 40 bits.
std::uint64_t next_block_serial() {
  static std::atomic<std::uint64_t> threads{0};
  thread_local const std::uint64_t thread_base = (threads.fetch_add(1, std::memory_order_relaxed) + 1) << 40;
  thread_local std::uint64_t count = 0;
  return thread_base | ++count;
}

}  // namespace

Entry& EntryBuilder::begin(const Element& e, std::size_t index) {
  // Reset by a copy of an empty one: Entry{} was zeroed on the stack, then copied in pieces that
  // waited on the zeroing's stores.
  static const Entry kEmpty;
  entry_ = kEmpty;
  entry_.element = &e;
  entry_.index = index;
  children_.clear();
  nodes_.clear();
  slots_.clear();
  attributes_.clear();
  block_ranges_.clear();
  strings_used_ = 0;
  if (url_caches_.empty()) url_caches_.emplace_back();
  url_caches_[0].reset();
  entry_.loc_cache = &url_caches_[0];  // the loc rules share one analysis of <loc> per entry
  return entry_;
}

std::string& EntryBuilder::scratch() {
  if (strings_used_ == strings_.size()) strings_.emplace_back();
  std::string& s = strings_[strings_used_++];
  s.clear();
  return s;
}

bool EntryBuilder::add_child(const Element& e, FieldId id) {
  children_.push_back(
      Child{e.local_name, e.qualified_name, e.in_sitemap_ns, e.ns.empty() && e.prefix_declared, id, e.offset});
  if (id == FieldId::Unknown) return false;
  Field& field = const_cast<Field&>(entry_.field(id));
  if (field.present) return false;  // a duplicate; the first one counts
  field.present = true;
  field.element_offset = e.offset;
  // Until text arrives, point just past the start tag's name.
  field.value_offset = e.offset + 1 + e.qualified_name.size();
  return true;
}

bool EntryBuilder::append_field_text(FieldId id, const TextRun& run) {
  return append_text(const_cast<Field&>(entry_.field(id)), field_storage_[static_cast<std::size_t>(id)], run);
}

void EntryBuilder::set_field_value(FieldId id, std::string value) {
  std::string& storage = field_storage_[static_cast<std::size_t>(id)];
  storage = std::move(value);
  Field& field = const_cast<Field&>(entry_.field(id));
  field.value = storage;
  field.exact = false;
}

// A field's first text run without a reference: its value is the run itself, in place.
bool EntryBuilder::takes_run_as_is(Field& field, const TextRun& run) {
  if (!field.raw.empty() || !field.value.empty() || run.first_ampersand != std::string_view::npos) return false;
  field.value_offset = run.offset;
  field.raw = run.raw;
  field.value = run.raw;
  return true;
}

// Joins a text run to a field: the first run is used in place; entities, CDATA next to text, or a
// second run (text split by a comment) make a decoded copy in `storage`.
bool EntryBuilder::append_text(Field& field, std::string& storage, const TextRun& run) {
  if (takes_run_as_is(field, run)) return false;
  if (field.raw.empty() && field.value.empty()) {  // a first run with references: decoded
    field.value_offset = run.offset;
    field.raw = run.raw;
    storage.clear();
    const bool faulty = decode_entities(run.raw, &storage);
    field.value = storage;
    field.exact = false;
    return faulty;
  }
  if (field.exact) {
    storage.assign(field.value);
    // A first run that was a CDATA section: the field as written starts at its "<![CDATA[", so
    // a fix that rewrites the whole text sees the markup and declines.
    constexpr std::string_view kOpen = "<![CDATA[";
    if (field.value_offset >= kOpen.size() && opens_markup(bytes_, field.value_offset - kOpen.size(), kOpen)) {
      field.value_offset -= kOpen.size();
    }
  }
  bool faulty = false;
  if (run.kind != TextKind::CData) faulty = decode_entities(run.raw, &storage);
  else storage.append(run.raw);
  field.value = storage;
  field.exact = false;
  field.raw = bytes_.substr(field.value_offset, run.offset + run.raw.size() - field.value_offset);
  return faulty;
}

std::size_t EntryBuilder::push_node(const Element& e, std::size_t parent, int depth) {
  // Built where it stays: an ExtensionNode is 160 bytes, and one built on the stack and then
  // copied was written a field at a time and read back sixteen bytes at a time, each read waiting
  // for the writes it overlaps.
  nodes_.emplace_back(e, parent, depth);
  slots_.push_back(NodeSlots{attributes_.size(), 0, nullptr});
  return nodes_.size() - 1;
}

std::size_t EntryBuilder::begin_block(const Element& e) {
  const std::size_t at = push_node(e, nodes_.size(), 0);
  nodes_[at].parent = 0;  // the root's parent is itself: index 0 of its block
  block_ranges_.emplace_back(at, at + 1);
  return at;
}

std::size_t EntryBuilder::add_node(const Element& e, std::size_t parent) {
  nodes_[parent].has_element_children = true;
  const std::size_t at = push_node(e, parent, nodes_[parent].depth + 1);
  block_ranges_.back().second = at + 1;
  return at;
}

void EntryBuilder::add_attribute(std::string_view qualified_name, std::string_view local_name, std::string_view ns,
                                 std::size_t name_offset, std::string_view raw_value, std::size_t value_offset) {
  Attribute a{qualified_name, local_name, ns, name_offset, Field{}};
  Field& f = a.value;
  f.present = true;
  f.element_offset = name_offset;
  f.value_offset = value_offset;
  f.raw = f.value = raw_value;
  if (raw_value.find('&') != std::string_view::npos) {
    std::string& storage = scratch();
    decode_entities(raw_value, &storage);
    f.value = storage;
    f.exact = false;
  }
  attributes_.push_back(a);
  ++slots_.back().attributes_count;
}

bool EntryBuilder::append_node_text(std::size_t node, const TextRun& run) {
  Field& text = nodes_[node].text;
  if (takes_run_as_is(text, run)) return false;  // the usual text, which needs no storage of its own
  NodeSlots& slot = slots_[node];
  if (!slot.storage) slot.storage = &scratch();
  return append_text(text, *slot.storage, run);
}

std::span<const UrlField> EntryBuilder::finish(std::string_view loc_label) {
  entry_.children = children_;
  // Spans only now: the vectors no longer grow.
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    nodes_[i].attributes =
        std::span<const Attribute>(attributes_).subspan(slots_[i].attributes_begin, slots_[i].attributes_count);
  }
  blocks_.clear();
  for (const auto& [begin, end] : block_ranges_) {
    // Parent indexes were absolute while gathering; a block's nodes see them relative to its root.
    for (std::size_t i = begin + 1; i < end; ++i) nodes_[i].parent -= begin;
    blocks_.push_back(
        ExtensionBlock{std::span<const ExtensionNode>(nodes_).subspan(begin, end - begin), next_block_serial()});
  }
  entry_.extensions = blocks_;

  urls_.clear();
  std::size_t caches = 1;
  const auto add_url = [&](UrlFieldKind kind, std::string_view label, const Field& field) {
    if (caches == url_caches_.size()) url_caches_.emplace_back();
    UrlAnalysisCache* cache = &url_caches_[caches++];
    cache->reset();
    urls_.push_back(UrlField{kind, label, &field, &entry_, cache});
  };
  if (entry_.kind != EntryKind::Other && entry_.loc.present) {
    urls_.push_back(UrlField{UrlFieldKind::Loc, loc_label, &entry_.loc, &entry_, entry_.loc_cache});
  }
  // The URL fields of each known namespace (by known_namespace_index), worked out once: a block is
  // compared only with its own namespace's fields.
  static const auto specs_of_namespace = [] {
    std::array<std::vector<const UrlFieldSpec*>, kKnownNamespaces.size() + 1> of{};
    for (const UrlFieldSpec& spec : kExtensionUrlFields) of[known_namespace_index(spec.ns)].push_back(&spec);
    return of;
  }();
  for (const ExtensionBlock& block : blocks_) {
    const ExtensionNode& root = block.root();
    const std::vector<const UrlFieldSpec*>& specs = specs_of_namespace[known_namespace_index(root.ns)];
    if (specs.empty()) continue;
    for (const ExtensionNode& node : block.nodes) {
      if (node.depth > 1) continue;  // URL fields are a block's root or its children
      for (const UrlFieldSpec* spec : specs) {
        // The root is in the spec's namespace (its index is); a child may be in another.
        if (!same_name(node.local_name, spec->element) || !same_name(root.local_name, spec->block) ||
            !same_namespace(node.ns, spec->ns)) {
          continue;
        }
        if (spec->attribute.empty()) {
          if (node.depth == 1) add_url(spec->kind, spec->label, node.text);
        } else if (const Attribute* a = node.attribute(spec->attribute); a) {
          add_url(spec->kind, spec->label, a->value);
        }
      }
    }
  }
  return urls_;
}

}  // namespace sitemaplint
