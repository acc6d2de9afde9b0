#include "engine.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <unordered_map>

#include "analysis/loc_analysis.h"
#include "rule_sink.h"
#include "analysis/xml_text.h"

namespace sitemaplint {
namespace {

struct ActiveRule {
  std::unique_ptr<Rule> rule;
  RuleSink reporter;
};


struct Frame {
  Element element;
  std::size_t scope_mark;  // entries of declared_ below this index belong to ancestors
  FieldId field = FieldId::Unknown;  // a child of an entry: the field its text fills, if any
};

// Search engines accept RSS 2.0 and Atom feeds as sitemaps and take one URL per item: the text of
// an RSS <item>'s <link>, or the href of an Atom <entry>'s alternate <link>.
enum class FeedFormat { None, Rss, Atom };

constexpr std::string_view kAtomNamespace = "http://www.w3.org/2005/Atom";
constexpr std::string_view kAtom03Namespace = "http://purl.org/atom/ns#";

bool is_atom(const Element& e, std::string_view local_name) {
  return e.local_name == local_name && (e.ns == kAtomNamespace || e.ns == kAtom03Namespace);
}

// RSS 2.0 elements are in no namespace and unprefixed; a prefixed <x:item> is an extension.
bool is_rss(const Element& e, std::string_view name) {
  return e.qualified_name == name && e.ns.empty();
}

// The href of an Atom link to the entry itself: rel="alternate" (also as the IANA registry's IRI),
// or no rel, which means alternate. Other links (self, enclosure, related, ...) are not the entry.
pugi::xml_attribute atom_alternate_href(const Element& e) {
  if (!is_atom(e, "link") || !e.has_attributes) return {};
  const pugi::xml_attribute rel = e.node.attribute("rel");
  if (rel) {
    const std::string_view value = trim_xml_space(rel.value());
    if (value != "alternate" && value != "http://www.iana.org/assignments/relation/alternate") return {};
  }
  return e.node.attribute("href");
}

class Walker {
 public:
  Walker(Document& doc, std::vector<ActiveRule>& rules, SetFacts* facts) : doc_(doc), facts_(facts) {
    for (ActiveRule& active : rules) {
      const unsigned hooks = active.rule->hooks();
      if (hooks & kOnElement) element_rules_.push_back(&active);
      if (hooks & kOnText) text_rules_.push_back(&active);
      if (hooks & kOnEntry) entry_rules_.push_back(&active);
    }
    if (doc.kind == DocumentKind::UrlSet || doc.kind == DocumentKind::SitemapIndex) {
      core_ns_ = doc.root_ns;
      has_core_ns_ = true;
    }
    if (doc.kind == DocumentKind::Feed) feed_ = doc.root_local == "rss" ? FeedFormat::Rss : FeedFormat::Atom;
    // Element::parent points into frames_: it must never reallocate.
    frames_.reserve(kMaxInspectedDepth + 1);
  }

  void walk() {
    const pugi::xml_node root = doc_.tree.document_element();
    for (pugi::xml_node top = doc_.tree.first_child(); top; top = top.next_sibling()) {
      if (top.type() == pugi::node_comment) comment(top);
    }
    enter(root);
    pugi::xml_node node = root.first_child();
    while (!frames_.empty()) {
      if (node) {
        if (node.type() == pugi::node_element) {
          if (static_cast<int>(frames_.size()) >= kMaxInspectedDepth) {
            if (!doc_.nesting_limit_offset) doc_.nesting_limit_offset = doc_.offset_of(node.name()) - 1;
            node = node.next_sibling();
            continue;
          }
          enter(node);
          node = node.first_child();
          continue;
        }
        if (node.type() == pugi::node_pcdata || node.type() == pugi::node_cdata) text(node);
        else if (node.type() == pugi::node_comment) comment(node);
        node = node.next_sibling();
      } else {
        const pugi::xml_node finished = frames_.back().element.node;
        leave();
        node = finished.next_sibling();
      }
    }
  }

  // A text sitemap: every non-blank line is a <url> entry whose <loc> is the line.
  void walk_text() {
    for_each_line([this](std::size_t at, std::string_view line) {
      if (line.find_first_not_of(" \t") != std::string_view::npos) line_entry("url", at, line, at);
    });
  }

  // A robots.txt: every "Sitemap:" line (the field name in any case; '#' starts a comment) is a
  // <sitemap> entry whose <loc> is the line's value, as in an index.
  void walk_robots() {
    for_each_line([this](std::size_t at, std::string_view line) {
      line = line.substr(0, line.find('#'));
      const std::size_t colon = line.find(':');
      if (colon == std::string_view::npos || !equals_ignoring_case(trim_blanks(line.substr(0, colon)), "sitemap")) {
        return;
      }
      const std::string_view value = trim_blanks(line.substr(colon + 1));
      if (!value.empty()) line_entry("sitemap", at, value, at + static_cast<std::size_t>(value.data() - line.data()));
    });
  }

 private:
  // Calls line(offset, text) for each line of a text input, without its end-of-line characters.
  template <typename LineFn>
  void for_each_line(LineFn line) {
    const std::string_view text = doc_.bytes;
    std::size_t pos = doc_.encoding.bom_length;
    while (pos < text.size()) {
      std::size_t end = text.find_first_of("\r\n", pos);
      if (end == std::string_view::npos) end = text.size();
      line(pos, text.substr(pos, end - pos));
      pos = end;
      if (pos < text.size() && text[pos] == '\r') ++pos;
      if (pos < text.size() && text[pos] == '\n') ++pos;
    }
  }

  static std::string_view trim_blanks(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
  }

  static bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  }

  // An entry that a line of a text input stands for: a <url> (text sitemap) or <sitemap>
  // (robots.txt) element at `line_at` whose <loc> holds `value`, found at `value_at`.
  void line_entry(std::string_view element, std::size_t line_at, std::string_view value, std::size_t value_at) {
    text_line_ = Element{};
    text_line_.qualified_name = text_line_.local_name = element;
    text_line_.offset = line_at;
    text_line_.depth = 2;
    text_line_.in_sitemap_ns = true;
    begin_entry(text_line_);
    entry_.from_robots = doc_.kind == DocumentKind::Robots;
    Field& loc = entry_.loc;
    loc.present = true;
    loc.element_offset = line_at;
    loc.value_offset = value_at;
    loc.raw = loc.value = value;
    finish_entry();
  }

  void enter(pugi::xml_node node) {
    Frame frame;
    frame.scope_mark = declared_.size();
    Element& e = frame.element;
    e.node = node;
    e.qualified_name = node.name();
    e.offset = doc_.offset_of(node.name()) - 1;
    e.depth = static_cast<int>(frames_.size()) + 1;
    e.parent = frames_.empty() ? nullptr : &frames_.back().element;
    const pugi::xml_attribute first_attribute = node.first_attribute();
    e.has_attributes = first_attribute;
    for (pugi::xml_attribute attr = first_attribute; attr; attr = attr.next_attribute()) {
      const std::string_view name = attr.name();
      if (name == "xmlns") bind("", attr.value());
      else if (name.starts_with("xmlns:")) bind(name.substr(6), attr.value());
    }
    const auto colon = e.qualified_name.find(':');
    if (colon != std::string_view::npos) {
      e.prefix = e.qualified_name.substr(0, colon);
      e.local_name = e.qualified_name.substr(colon + 1);
    } else {
      e.local_name = e.qualified_name;
    }
    e.ns = resolve(e.prefix, &e.prefix_declared);
    e.in_sitemap_ns = has_core_ns_ && e.ns == core_ns_;
    frames_.push_back(frame);
    Element& pushed = frames_.back().element;
    for (ActiveRule* active : element_rules_) active->rule->on_element(pushed, active->reporter);
    for (pugi::xml_attribute attr = first_attribute; attr; attr = attr.next_attribute()) {
      dispatch_text(TextRun{attr.value(), doc_.offset_of(attr.value()), TextKind::AttributeValue,
                            &pushed, attr.name()});
    }
    if (!in_entry_) {
      if (starts_entry(pushed)) begin_entry(pushed);
    } else if (pushed.depth == entry_depth_ + 1) {
      add_child(frames_.back());
    }
  }

  // Which elements are entries: in a feed, an RSS <item> in <channel> or an Atom <entry> in
  // <feed>; in any other XML, every child of the root (rules judge whether it is a <url> or a
  // <sitemap>).
  bool starts_entry(const Element& e) const {
    switch (feed_) {
      case FeedFormat::None: return e.depth == 2;
      case FeedFormat::Rss: return e.depth == 3 && is_rss(e, "item") && is_rss(*e.parent, "channel");
      case FeedFormat::Atom: return e.depth == 2 && is_atom(e, "entry");
    }
    return false;
  }

  void leave() {
    Frame& frame = frames_.back();
    if (in_entry_ && frame.element.depth == entry_depth_) finish_entry();
    while (declared_.size() > frame.scope_mark) {
      (declared_.back().empty() ? default_ns_ : bindings_[declared_.back()]).pop_back();
      declared_.pop_back();
    }
    frames_.pop_back();
  }

  // Namespace bindings in scope: a stack of URIs per prefix, so resolving costs one lookup
  // however many declarations a (hostile) document makes.
  void bind(std::string_view prefix, std::string_view uri) {
    (prefix.empty() ? default_ns_ : bindings_[prefix]).push_back(uri);
    declared_.push_back(prefix);
  }

  std::string_view resolve(std::string_view prefix, bool* declared) const {
    *declared = true;
    if (prefix == "xml") return "http://www.w3.org/XML/1998/namespace";
    if (prefix.empty()) return default_ns_.empty() ? std::string_view() : default_ns_.back();
    const auto it = bindings_.find(prefix);
    if (it != bindings_.end() && !it->second.empty()) return it->second.back();
    if (!prefix.empty()) *declared = false;
    return {};
  }

  void text(pugi::xml_node node) {
    Frame& parent = frames_.back();
    const char* value = node.value();
    const TextKind kind = node.type() == pugi::node_cdata ? TextKind::CData : TextKind::Text;
    const TextRun run{value, doc_.offset_of(value), kind, &parent.element, {}};
    dispatch_text(run);
    if (in_entry_ && parent.field != FieldId::Unknown) {
      append_field_text(parent.field, run);
    }
  }

  // Keeps comments that may be sitemaplint directives; src/suppress.cpp interprets them.
  void comment(pugi::xml_node node) {
    const char* value = node.value();
    const std::string_view text = value;
    if (trim_xml_space(text).substr(0, 12) != "sitemaplint-") return;
    const std::size_t at = doc_.offset_of(value);
    doc_.directives.push_back({at - 4, at + text.size() + 3, text});
  }

  void dispatch_text(const TextRun& run) {
    for (ActiveRule* active : text_rules_) active->rule->on_text(run, active->reporter);
  }

  void begin_entry(const Element& e) {
    in_entry_ = true;
    entry_depth_ = e.depth;
    entry_ = Entry{};
    entry_.element = &e;
    entry_.index = doc_.entry_count++;
    // The loc rules share one analysis of <loc> per entry; it is computed on first use.
    loc_cache_.reset();
    entry_.loc_cache = &loc_cache_;
    if (e.in_sitemap_ns && e.local_name == "url") entry_.kind = EntryKind::Url;
    else if (e.in_sitemap_ns && e.local_name == "sitemap") entry_.kind = EntryKind::Sitemap;
    if (feed_ != FeedFormat::None) {
      entry_.kind = EntryKind::Url;
      entry_.in_feed = true;
    }
    children_.clear();
  }

  void add_child(Frame& frame) {
    const Element& e = frame.element;
    Child child{e.local_name, e.qualified_name, e.in_sitemap_ns, e.ns.empty() && e.prefix_declared,
                FieldId::Unknown, e.offset};
    pugi::xml_attribute href;  // an Atom link's URL
    if (e.in_sitemap_ns) child.id = field_id(e.local_name);
    else if (feed_ == FeedFormat::Rss && is_rss(e, "link")) child.id = FieldId::Loc;
    else if (feed_ == FeedFormat::Atom && (href = atom_alternate_href(e))) child.id = FieldId::Loc;
    children_.push_back(child);
    if (child.id == FieldId::Unknown) return;
    Field& field = field_ref(child.id);
    if (field.present) return;  // a duplicate; the first one counts
    field.present = true;
    field.element_offset = e.offset;
    // Until text arrives, point just past the start tag's name.
    field.value_offset = e.offset + 1 + e.qualified_name.size();
    if (href) {  // the value is the attribute's; the link's content, if any, is not the URL
      append_field_text(child.id, TextRun{href.value(), doc_.offset_of(href.value()),
                                          TextKind::AttributeValue, &e, href.name()});
      return;
    }
    frame.field = child.id;
  }

  Field& field_ref(FieldId id) { return const_cast<Field&>(entry_.field(id)); }

  void append_field_text(FieldId id, const TextRun& run) {
    Field& field = field_ref(id);
    std::string& storage = storage_[static_cast<std::size_t>(id)];
    if (field.raw.empty() && field.value.empty()) {
      field.value_offset = run.offset;
      field.raw = run.raw;
      field.value = run.raw;
      if (run.kind != TextKind::CData && run.raw.find('&') != std::string_view::npos) {
        storage.clear();
        decode_entities(run.raw, &storage);
        field.value = storage;
        field.exact = false;
      }
      return;
    }
    // A second run (text split by a comment or CDATA): join them.
    if (field.exact) storage.assign(field.value);
    if (run.kind != TextKind::CData) decode_entities(run.raw, &storage);
    else storage.append(run.raw);
    field.value = storage;
    field.exact = false;
    field.raw = doc_.bytes.substr(field.value_offset, run.offset + run.raw.size() - field.value_offset);
  }

  void finish_entry() {
    entry_.children = children_;
    if (facts_ && entry_.kind == EntryKind::Url) record_set_facts();
    if (entry_.kind == EntryKind::Sitemap && entry_.loc.present &&
        (doc_.kind == DocumentKind::SitemapIndex || doc_.kind == DocumentKind::Robots)) {
      record_child();
    }
    for (ActiveRule* active : entry_rules_) active->rule->on_entry(entry_, active->reporter);
    in_entry_ = false;
  }

  // An index's child (or a robots.txt's sitemap), for following it after the walk.
  void record_child() {
    const Field& loc = entry_.loc;
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
    if (entry_.lastmod.present) {
      if (const auto& parsed = entry_.lastmod_parsed().value) {
        child.lastmod = to_unix_seconds(*parsed);
        child.lastmod_offset = entry_.lastmod.value_offset;
        child.lastmod_length = entry_.lastmod.raw.size();
      }
    }
    doc_.children.push_back(std::move(child));
  }

  void record_set_facts() {
    if (entry_.loc.present) {
      const std::string_view loc = entry_.loc.trimmed();
      const std::size_t start = static_cast<std::size_t>(loc.data() - entry_.loc.value.data());
      facts_->locs.push_back({std::hash<std::string_view>{}(loc), entry_.loc.source_offset(start), 0, 0});
    }
    if (entry_.lastmod.present) {
      if (const auto& parsed = entry_.lastmod_parsed().value) {
        const std::int64_t instant = to_unix_seconds(*parsed);
        if (!facts_->newest_lastmod || instant > *facts_->newest_lastmod) facts_->newest_lastmod = instant;
      }
    }
  }

  Document& doc_;
  SetFacts* facts_;
  std::vector<ActiveRule*> element_rules_, text_rules_, entry_rules_;
  std::unordered_map<std::string_view, std::vector<std::string_view>> bindings_;
  std::vector<std::string_view> default_ns_;  // xmlns="..." in scope: most elements need only this
  std::vector<std::string_view> declared_;  // prefixes bound, in order, for unwinding
  std::vector<Frame> frames_;
  std::string_view core_ns_;
  bool has_core_ns_ = false;
  FeedFormat feed_ = FeedFormat::None;
  bool in_entry_ = false;
  int entry_depth_ = 0;  // the current entry element's depth, while in_entry_
  Entry entry_;
  std::vector<Child> children_;
  std::array<std::string, 4> storage_;  // decoded field values, reused entry after entry
  Element text_line_;  // the element a text sitemap's line stands for
  LocAnalysisCache loc_cache_;          // behind Entry::loc_analysis(), reused entry after entry
};

}  // namespace

std::vector<Diagnostic> run_rules(Document& doc, const RuleSelection& selection, const Settings& settings,
                                  SetFacts* facts) {
  std::vector<Diagnostic> diagnostics;
  std::vector<ActiveRule> rules;
  rules.reserve(selection.enabled.size());
  for (const RuleInfo* def : selection.enabled) {
    rules.push_back(ActiveRule{def->make(settings),
                               RuleSink(*def, selection.severity_of(*def), diagnostics)});
  }
  for (ActiveRule& active : rules) {
    if (active.rule->hooks() & kOnDocument) active.rule->on_document(doc, active.reporter);
  }
  if (doc.parsed) Walker(doc, rules, facts).walk();
  else if (doc.kind == DocumentKind::Text) Walker(doc, rules, facts).walk_text();
  else if (doc.kind == DocumentKind::Robots) Walker(doc, rules, facts).walk_robots();
  for (ActiveRule& active : rules) {
    if (active.rule->hooks() & kOnFinish) active.rule->on_finish(doc, active.reporter);
    active.reporter.report_suppressed();
  }
  std::stable_sort(diagnostics.begin(), diagnostics.end(), diagnostic_order);
  return diagnostics;
}

}  // namespace sitemaplint
