#include "rules/extension_support.h"

#include <algorithm>
#include <array>
#include <regex>
#include <set>

#include "analysis/ascii.h"
#include "analysis/edit_distance.h"
#include "analysis/message_text.h"
#include "analysis/same_url.h"

namespace sitemaplint {
namespace {

constexpr std::string_view kSchemaInstance = "http://www.w3.org/2001/XMLSchema-instance";

// D11: lower case, no scheme, no "www.", no final "*.xsd" segment, no trailing "/".
std::string normalised_namespace(std::string_view uri) {
  std::string s = ascii_lowered(uri);
  for (std::string_view scheme : {"http://", "https://"}) {
    if (s.starts_with(scheme)) s.erase(0, scheme.size());
  }
  if (s.starts_with("www.")) s.erase(0, 4);
  while (!s.empty() && s.back() == '/') s.pop_back();
  if (const auto slash = s.rfind('/'); slash != std::string::npos && s.ends_with(".xsd")) s.erase(slash);
  while (!s.empty() && s.back() == '/') s.pop_back();
  return s;
}

// A family's near-miss pattern, compiled once per thread: compiling a std::regex costs far more
// than matching one, and a hostile file may declare 50,000 namespaces.
const std::regex& near_miss_regex(std::string_view pattern) {
  thread_local std::deque<std::pair<std::string, std::regex>> compiled;
  for (const auto& [source, regex] : compiled) {
    if (source == pattern) return regex;
  }
  return compiled.emplace_back(std::string(pattern), std::regex(std::string(pattern))).second;
}

// The names of a spec's children for a message: "<image:loc>" (and the deprecated ones apart).
std::string children_list(const ExtensionBlock& block, const ElementSpec& spec) {
  std::string current, deprecated;
  for (const ElementSpec& child : spec.children) {
    std::string& list = child.deprecated ? deprecated : current;
    if (!list.empty()) list += ", ";
    list += child.deprecated ? std::string(child.name) : element_name(block, child.name);
  }
  if (deprecated.empty()) return current;
  return current + " (and the deprecated " + deprecated + ")";
}

const ElementSpec* child_spec(const ElementSpec& parent, std::string_view name) {
  for (const ElementSpec& child : parent.children) {
    if (child.name == name) return &child;
  }
  return nullptr;
}

// The child names of `spec` closest to `name` (case or a small typo, or the start of a longer
// name: <video:thumbnail> for <video:thumbnail_loc>): "did you mean" material.
std::string closest_child(const ElementSpec& spec, std::string_view name) {
  std::string_view best;
  std::size_t best_distance = 3;
  for (const ElementSpec& child : spec.children) {
    const std::size_t d = edit_distance(name, child.name);
    if (d < best_distance) {
      best_distance = d;
      best = child.name;
    }
  }
  if (best.empty() && name.size() >= 4) {
    for (const ElementSpec& child : spec.children) {
      if (child.name.starts_with(name)) return std::string(child.name);
    }
  }
  return std::string(best);
}

// Beyond this many children a message does not list them all (<video:video> has 23).
constexpr std::size_t kChildrenListed = 10;

// Whether nodes[i] has a known spec whose children the checks may look at.
const ElementSpec* checked_parent(const ExtensionFamily& family, const ExtensionBlock& block, std::size_t i) {
  const ElementSpec* spec = spec_of(family, block, i);
  return spec && !spec->deprecated ? spec : nullptr;
}

}  // namespace

std::optional<NearMiss> namespace_near_miss(const ExtensionFamily& family, std::string_view prefix,
                                            std::string_view uri) {
  if (uri == family.ns) return std::nullopt;
  const std::string normalised = normalised_namespace(uri);
  if (std::regex_match(normalised, near_miss_regex(family.near_miss_pattern))) return NearMiss{true};
  // The usual prefix bound to a URI that is no sitemap schema at all: xmlns:image="urn:x:image".
  if (!prefix.empty() && prefix == family.prefix && normalised.find("sitemap") == std::string::npos &&
      normalised.find("w3.org") == std::string::npos) {
    return NearMiss{false};
  }
  return std::nullopt;
}

void report_namespace_near_misses(const ExtensionFamily& family, const Document& doc, FindingSink& out) {
  // Every declaration, each with its own fix (D11): were a repeated URI reported once, fixing it
  // would leave the next declaration of it to be reported on a second pass.
  for (const Document::NamespaceDeclaration& d : doc.namespace_declarations) {
    const std::optional<NearMiss> miss = namespace_near_miss(family, d.prefix, d.uri);
    if (!miss) continue;
    std::optional<Fix> fix;
    if (miss->fixable) {
      fix = Fix{d.value_offset, d.uri.size(), std::string(family.ns), "replace with " + quoted(family.ns)};
    }
    out.report(d.value_offset, d.uri.size(),
               quoted(d.uri) + " is not the " + std::string(family.name) + " namespace; use " + quoted(family.ns) +
                   ", or search engines ignore the " + std::string(family.name) + " tags it binds",
               std::move(fix));
  }
}

std::size_t tag_length(const ExtensionNode& node) { return node.qualified_name.size() + 1; }

bool is_family_block(const ExtensionFamily& family, const ExtensionBlock& block) {
  return family.root && block.root().ns == family.ns && block.root().local_name == family.root->name;
}

std::string element_name(const ExtensionBlock& block, std::string_view local_name) {
  const std::string_view qname = block.root().qualified_name;
  const auto colon = qname.find(':');
  if (colon == std::string_view::npos) return "<" + std::string(local_name) + ">";
  return "<" + std::string(qname.substr(0, colon + 1)) + std::string(local_name) + ">";
}

namespace {

const ElementSpec* compute_spec(const ExtensionFamily& family, const ExtensionBlock& block, std::size_t i) {
  if (!is_family_block(family, block)) return nullptr;
  if (i == 0) return family.root;
  const ExtensionNode& node = block.nodes[i];
  const ElementSpec* parent = compute_spec(family, block, node.parent);
  if (!parent || parent->deprecated || node.ns != family.ns) return nullptr;
  return child_spec(*parent, node.local_name);
}

}  // namespace

const ElementSpec* spec_of(const ExtensionFamily& family, const ExtensionBlock& block, std::size_t i) {
  // Every structure rule of a family asks for the specs of the same block's nodes, several times
  // each: the specs of the block last asked about are worked out once, in document order (a
  // parent comes before its children), and kept for the next rule.
  thread_local struct {
    const ExtensionFamily* family = nullptr;
    std::uint64_t serial = 0;
    std::vector<const ElementSpec*> specs;
  } memo;
  if (block.serial == 0) return compute_spec(family, block, i);
  if (memo.serial != block.serial || memo.family != &family) {
    memo.family = &family;
    memo.serial = block.serial;
    memo.specs.assign(block.nodes.size(), nullptr);
    if (is_family_block(family, block)) {
      memo.specs[0] = family.root;
      for (std::size_t k = 1; k < block.nodes.size(); ++k) {
        const ExtensionNode& node = block.nodes[k];
        const ElementSpec* parent = memo.specs[node.parent];
        memo.specs[k] = !parent || parent->deprecated || node.ns != family.ns ? nullptr
                                                                               : child_spec(*parent, node.local_name);
      }
    }
  }
  return memo.specs[i];
}

void report_unknown_elements(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  const ExtensionNode& root = block.root();
  if (root.ns != family.ns || !family.root) return;
  if (!is_family_block(family, block)) {
    const std::string where = element_name(block, family.root->name);
    if (child_spec(*family.root, root.local_name)) {
      out.report(root.offset, tag_length(root),
                 "<" + std::string(root.qualified_name) + "> must be inside " + where + ", not directly in <url>");
    } else {
      out.report(root.offset, tag_length(root),
                 "unknown element <" + std::string(root.qualified_name) + "> in <url>; the " +
                     std::string(family.name) + " extension's element here is " + where);
    }
    return;
  }
  for (std::size_t i = 1; i < block.nodes.size(); ++i) {
    const ExtensionNode& node = block.nodes[i];
    const ElementSpec* parent = checked_parent(family, block, node.parent);
    if (!parent || (node.ns == family.ns && child_spec(*parent, node.local_name))) continue;
    const ExtensionNode& owner = block.nodes[node.parent];
    std::string message = "unknown element <" + std::string(node.qualified_name) + "> in <" +
                          std::string(owner.qualified_name) + ">";
    if (parent->children.empty()) {
      message += ", which holds text only";
    } else if (parent->children.size() > kChildrenListed) {
      message += ", which the " + std::string(family.name) + " schema does not define there";
      const std::string hint = node.ns == family.ns ? closest_child(*parent, node.local_name) : std::string();
      if (!hint.empty()) {
        message += "; did you mean " + element_name(block, hint) + "?";
      } else {
        message += "; remove it, or use one of the " + std::to_string(parent->children.size()) + " it defines";
      }
    } else {
      message += ", which holds only " + children_list(block, *parent);
      if (node.ns == family.ns) {
        const std::string hint = closest_child(*parent, node.local_name);
        if (!hint.empty()) message += "; did you mean " + element_name(block, hint) + "?";
      }
    }
    out.report(node.offset, tag_length(node), std::move(message));
  }
}

void report_unexpected_attributes(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  for (std::size_t i = 0; i < block.nodes.size(); ++i) {
    if (block.nodes[i].attributes.empty()) continue;  // most elements: no schema lookup needed
    const ElementSpec* spec = spec_of(family, block, i);
    if (!spec || (i > 0 && !checked_parent(family, block, block.nodes[i].parent))) continue;
    const ExtensionNode& node = block.nodes[i];
    for (const Attribute& a : node.attributes) {
      if (a.ns == kSchemaInstance) continue;  // xsi:schemaLocation and friends are always allowed
      const bool known = a.ns.empty() && std::any_of(spec->attributes.begin(), spec->attributes.end(),
                                                      [&](const AttributeSpec& s) { return s.name == a.local_name; });
      if (known) continue;
      std::string message = "<" + std::string(node.qualified_name) + ">";
      if (spec->attributes.empty()) {
        message += " has no attributes; remove " + quoted(a.qualified_name);
      } else {
        message += " does not take the attribute " + quoted(a.qualified_name) + "; it takes ";
        for (std::size_t k = 0; k < spec->attributes.size(); ++k) {
          message += (k ? ", " : "") + quoted(spec->attributes[k].name);
        }
        if (!a.ns.empty()) message += " (unprefixed)";
      }
      out.report(a.offset, a.qualified_name.size(), std::move(message));
    }
  }
}

void report_duplicate_children(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  for (std::size_t i = 0; i < block.nodes.size(); ++i) {
    if (!block.nodes[i].has_element_children) continue;  // a leaf has no children to repeat
    const ElementSpec* parent = checked_parent(family, block, i);
    if (!parent || parent->children.empty()) continue;
    // name -> the first such child; reused, so that a clean block allocates nothing
    thread_local std::vector<std::pair<std::string_view, std::size_t>> first;
    first.clear();
    block.for_each_child(i, [&](const ExtensionNode& child) {
      if (child.ns != family.ns) return;
      const ElementSpec* spec = child_spec(*parent, child.local_name);
      if (!spec || spec->max_occurs != 1) return;  // counted limits are their own rules (32 tags ...)
      const auto seen = std::find_if(first.begin(), first.end(), [&](const auto& f) { return f.first == child.local_name; });
      if (seen == first.end()) {
        first.emplace_back(child.local_name, child.offset);
        return;
      }
      out.report(child.offset, tag_length(child),
                 "<" + std::string(block.nodes[i].qualified_name) + "> has a second <" +
                     std::string(child.qualified_name) + ">; only one is allowed",
                 std::nullopt, RelatedLocation{seen->second, "the first <" + std::string(child.qualified_name) + ">", ""});
    });
  }
}

void report_children_out_of_order(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  for (std::size_t i = 0; i < block.nodes.size(); ++i) {
    if (!block.nodes[i].has_element_children) continue;  // a leaf has no children to order
    const ElementSpec* parent = checked_parent(family, block, i);
    if (!parent || parent->children.size() < 2) continue;
    std::size_t highest = 0;
    const ExtensionNode* highest_node = nullptr;
    // A repeated single child is a duplicate, not also out of order. Reused: a clean block allocates nothing.
    thread_local std::vector<const ElementSpec*> seen;
    seen.clear();
    block.for_each_child(i, [&](const ExtensionNode& child) {
      if (child.ns != family.ns) return;
      const ElementSpec* spec = child_spec(*parent, child.local_name);
      if (!spec) return;
      if (spec->max_occurs == 1 && std::find(seen.begin(), seen.end(), spec) != seen.end()) return;
      seen.push_back(spec);
      const auto position = static_cast<std::size_t>(spec - parent->children.data());
      if (highest_node && position < highest) {
        std::string order;
        for (const ElementSpec& c : parent->children) order += (order.empty() ? "" : ", ") + std::string(c.name);
        out.report(child.offset, tag_length(child),
                   "<" + std::string(child.qualified_name) + "> comes after <" + std::string(highest_node->qualified_name) +
                       ">; the schema's order in <" + std::string(block.nodes[i].qualified_name) + "> is " + order);
        return;
      }
      if (!highest_node || position >= highest) {
        highest = position;
        highest_node = &child;
      }
    });
  }
}

std::vector<const ElementSpec*> missing_children(const ExtensionFamily& family, const ExtensionBlock& block,
                                                 std::size_t i) {
  std::vector<const ElementSpec*> missing;
  const ElementSpec* spec = checked_parent(family, block, i);
  if (!spec) return missing;
  for (const ElementSpec& child : spec->children) {
    if (child.min_occurs == 0) continue;
    bool present = false;
    block.for_each_child(i, [&](const ExtensionNode& node) {
      present |= node.ns == family.ns && node.local_name == child.name;
    });
    if (!present) missing.push_back(&child);
  }
  return missing;
}

bool is_page_entry(const Entry& entry) { return entry.kind == EntryKind::Url && !entry.in_feed; }

std::size_t node_index(const ExtensionBlock& block, const ExtensionNode& node) {
  return static_cast<std::size_t>(&node - block.nodes.data());
}

const ExtensionNode* child_of(const ExtensionBlock& block, std::size_t parent, std::string_view ns,
                              std::string_view local_name) {
  for (std::size_t k = parent + 1; k < block.nodes.size() && block.nodes[k].depth > block.nodes[parent].depth; ++k) {
    const ExtensionNode& node = block.nodes[k];
    if (node.parent == parent && node.ns == ns && node.local_name == local_name) return &node;
  }
  return nullptr;
}

bool declares_namespace(const Document& doc, std::string_view uri) {
  return std::any_of(doc.namespace_declarations.begin(), doc.namespace_declarations.end(),
                     [&](const Document::NamespaceDeclaration& d) { return d.uri == uri; });
}

void report_outside_url(const Element& element, std::string_view owner, FindingSink& out) {
  const Element* parent = element.parent;
  if (!parent || !parent->in_sitemap_ns) return;  // inside <loc> and the like: unknown-element's
  const bool in_root = parent->depth == 1 && (parent->local_name == "urlset" || parent->local_name == "sitemapindex");
  const bool in_index_entry = parent->depth == 2 && parent->local_name == "sitemap";
  if (!in_root && !in_index_entry) return;
  out.report(element.offset, element.qualified_name.size() + 1,
             "<" + std::string(element.qualified_name) + "> outside any <url> is attached to no page and ignored; " +
                 "move it into the <url> of " + std::string(owner));
}

namespace {

// "<video:title> cannot stand directly in <urlset>; the video extension's element there is ...".
void report_misplaced(const ExtensionFamily& family, std::string_view qualified_name, std::size_t offset,
                      std::string_view parent, FindingSink& out) {
  const auto colon = qualified_name.find(':');
  const std::string prefix(colon == std::string_view::npos ? std::string_view() : qualified_name.substr(0, colon + 1));
  out.report(offset, qualified_name.size() + 1,
             "<" + std::string(qualified_name) + "> cannot stand directly in <" + std::string(parent) + ">; the " +
                 std::string(family.name) + " extension's element there is <" + prefix + std::string(family.root->name) +
                 ">, inside a <url>");
}

}  // namespace

void report_misplaced_entry(const ExtensionFamily& family, const Entry& entry, FindingSink& out) {
  const Element* e = entry.element;
  if (entry.kind != EntryKind::Other || entry.in_feed || !e || e->ns != family.ns || !family.root ||
      e->local_name == family.root->name || !e->parent || !e->parent->in_sitemap_ns) {
    return;
  }
  report_misplaced(family, e->qualified_name, e->offset, e->parent->qualified_name, out);
}

void report_misplaced_in_index_entry(const ExtensionFamily& family, const ExtensionBlock& block, const Entry& entry,
                                     FindingSink& out) {
  const ExtensionNode& root = block.root();
  if (entry.kind != EntryKind::Sitemap || entry.in_feed || !entry.element || !family.root || root.ns != family.ns ||
      root.local_name == family.root->name) {
    return;
  }
  report_misplaced(family, root.qualified_name, root.offset, entry.element->qualified_name, out);
}

void DeprecatedTagCount::count(const ExtensionFamily& family, const ExtensionBlock& block) {
  for (std::size_t i = 1; i < block.nodes.size(); ++i) {
    const ElementSpec* spec = spec_of(family, block, i);
    if (spec && spec->deprecated) note(spec->name, {}, block.nodes[i], block.nodes[i].offset, tag_length(block.nodes[i]));
  }
}

void DeprecatedTagCount::count_element(const ExtensionNode& element) {
  note(element.local_name, {}, element, element.offset, tag_length(element));
}

void DeprecatedTagCount::count_attribute(const ExtensionNode& element, const Attribute& attribute) {
  note(element.local_name, attribute.local_name, element, attribute.offset, attribute.qualified_name.size());
}

void DeprecatedTagCount::note(std::string_view local_name, std::string_view attribute, const ExtensionNode& element,
                              std::size_t offset, std::size_t length) {
  const auto seen = std::find_if(seen_.begin(), seen_.end(),
                                 [&](const Seen& s) { return s.local_name == local_name && s.attribute == attribute; });
  if (seen != seen_.end()) {
    ++seen->count;
    return;
  }
  // The names are views into the document, which outlives the walk and its report at the end.
  seen_.push_back({local_name, attribute, std::string(element.qualified_name), offset, length, 1});
}

void DeprecatedTagCount::report(std::string_view effect, FindingSink& out) const {
  for (const Seen& s : seen_) {
    const std::string what = s.attribute.empty() ? "<" + s.qualified_name + ">"
                                                 : "the " + std::string(s.attribute) + " attribute of <" + s.qualified_name + ">";
    out.report(s.offset, s.length,
               what + " " + std::string(effect) + " (" + grouped(s.count) +
                   " in this file); you may keep it for other consumers or remove it");
  }
}

bool usable_url(const UrlAnalysis& a) {
  return a.shape == UrlShape::Http && a.valid_utf8 && a.syntax_valid &&
         (a.host_problem == HostProblem::None || a.host_problem == HostProblem::NotQualified);
}

namespace {

// Where the path begins in a usable URL: after the scheme, the authority and its port.
std::size_t path_start(const UrlAnalysis& a) {
  std::size_t at = a.scheme.size() + 1;
  if (a.has_authority && a.host_at != kNoPosition) {
    at = a.host_at + a.host.size();
    while (at < a.trimmed.size() && a.trimmed[at] != '/' && a.trimmed[at] != '?' && a.trimmed[at] != '#') ++at;
  }
  return at;
}

}  // namespace

std::string_view normalised_url(const UrlAnalysis& a, std::string& buffer) {
  if (is_normal_form(a.trimmed)) return a.trimmed;  // most URLs: no copy
  // The one normal form every URL comparison uses (analysis/same_url.h), of the URL with its host
  // as IDNA writes it, so that a Unicode host and its xn-- form are the same host.
  std::string_view url = a.trimmed;
  thread_local std::string with_ascii_host;
  if (a.has_authority && a.host_at != kNoPosition && !a.ascii_host.empty() && a.ascii_host != a.host) {
    with_ascii_host.assign(url.substr(0, a.host_at)).append(a.ascii_host).append(url.substr(a.host_at + a.host.size()));
    url = with_ascii_host;
  }
  normalise_url(url, &buffer);
  return buffer;
}

bool SameUrl::operator()(const UrlAnalysis& a, const UrlAnalysis& b) {
  if (a.trimmed == b.trimmed) return true;
  if (!ascii_equal_ignoring_case(a.ascii_host, b.ascii_host)) return false;
  return normalised_url(a, a_) == normalised_url(b, b_);
}

namespace {

constexpr std::array<std::string_view, 9> kPageTypes = {"html", "htm", "xhtml", "shtml", "php",
                                                         "asp",  "aspx", "jsp", "cfm"};
constexpr std::array<std::string_view, 4> kVideoTypes = {"mp4", "webm", "mov", "avi"};
constexpr std::array<std::string_view, 8> kUnindexedImageTypes = {"tif", "tiff", "heic", "heif",
                                                                  "psd", "eps",  "ai",   "raw"};

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& list, std::string_view extension) {
  return std::find(list.begin(), list.end(), extension) != list.end();
}

}  // namespace

std::string not_an_indexable_image(std::string_view extension) {
  // Nearly every image URL ends in one of these: answered before the lists are searched.
  if (extension == "jpg" || extension == "png" || extension == "jpeg" || extension == "webp" || extension.empty()) {
    return {};
  }
  if (listed(kPageTypes, extension)) return "looks like a page, not an image file";
  if (extension == "pdf") return "is a PDF document, not an image file";
  if (listed(kVideoTypes, extension)) return "is a video file, not an image";
  if (listed(kUnindexedImageTypes, extension)) {
    return "is a " + ascii_uppered(extension) + " image, a format Google does not index";
  }
  return {};
}

std::string_view url_path(const UrlAnalysis& a) {
  const std::string_view url = a.trimmed;
  const std::size_t begin = std::min(path_start(a), url.size());
  // A plain loop: find_first_of with a set of characters costs a memchr per character.
  std::size_t end = begin;
  while (end < url.size() && url[end] != '?' && url[end] != '#') ++end;
  return url.substr(begin, end - begin);
}

std::string_view path_extension(const UrlAnalysis& a, std::string& buffer) {
  buffer.clear();
  const std::string_view path = url_path(a);
  const std::size_t slash = path.rfind('/');
  const std::string_view segment = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (segment.find('%') == std::string_view::npos) {  // nothing to decode: only the extension is copied
    const std::size_t dot = segment.rfind('.');
    if (dot == std::string_view::npos) return {};
    for (const char c : segment.substr(dot + 1)) buffer += ascii_lower(c);
  } else {
    for (std::size_t i = 0; i < segment.size(); ++i) {
      if (segment[i] == '%' && i + 2 < segment.size() && hex_value(segment[i + 1]) >= 0 && hex_value(segment[i + 2]) >= 0) {
        buffer += static_cast<char>(hex_value(segment[i + 1]) * 16 + hex_value(segment[i + 2]));
        i += 2;
      } else {
        buffer += ascii_lower(segment[i]);
      }
    }
    const std::size_t dot = buffer.rfind('.');
    if (dot == std::string::npos) return {};
    buffer.erase(0, dot + 1);
    for (char& c : buffer) c = ascii_lower(c);
  }
  const bool plain = !buffer.empty() && buffer.size() <= 5 &&
                     std::all_of(buffer.begin(), buffer.end(), [](char c) { return is_ascii_alpha(c) || is_ascii_digit(c); });
  return plain ? std::string_view(buffer) : std::string_view();
}

}  // namespace sitemaplint
