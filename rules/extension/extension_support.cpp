#include "rules/extension/extension_support.h"
#include "rules/extension/extension_rules.h"
#include "rules/extension/extension_specs.h"

#include <algorithm>
#include <array>
#include <regex>
#include <set>

#include "analysis/ascii.h"
#include "analysis/edit_distance.h"
#include "analysis/message_text.h"
#include "rules/rule_support.h"
#include "schema.h"

namespace sitemaplint {
namespace {

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

}  // namespace

std::optional<NearMiss> namespace_near_miss(const ExtensionFamily& family, std::string_view prefix,
                                            std::string_view uri) {
  // The namespaces sitemaplint knows (the protocol's, and each family's own), which nearly every
  // sitemap declares, are no family's near miss: each is some schema's exact URI, matches no other
  // family's pattern and names "sitemap" or "w3.org" (tests/extension_support_test.cpp holds the
  // patterns to it). Answered before a regex is compiled: compiling the families' costs some
  // milliseconds, more than linting a small sitemap, and an image sitemap would pay it for the
  // three families it does not use.
  if (known_namespace_index(uri) < kKnownNamespaces.size()) return std::nullopt;
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
    out.report({.at = {d.value_offset, d.uri.size()},
                .message = quoted(d.uri) + " is not the " + std::string(family.name) + " namespace; use " +
                           quoted(family.ns) + ", or " +
                           (family.near_miss_effect.empty()
                                ? "search engines ignore the " + std::string(family.name) + " tags it binds"
                                : std::string(family.near_miss_effect)),
                .fix = std::move(fix)});
  }
}

std::size_t tag_length(const ExtensionNode& node) { return node.qualified_name.size() + 1; }

std::string element_name(const ExtensionBlock& block, std::string_view local_name) {
  const std::string_view qname = block.root().qualified_name;
  const auto colon = qname.find(':');
  if (colon == std::string_view::npos) return "<" + std::string(local_name) + ">";
  return "<" + std::string(qname.substr(0, colon + 1)) + std::string(local_name) + ">";
}

std::size_t node_index(const ExtensionBlock& block, const ExtensionNode& node) {
  return static_cast<std::size_t>(&node - block.nodes.data());
}

const ExtensionNode* child_of(const ExtensionBlock& block, std::size_t parent, std::string_view ns,
                              std::string_view local_name) {
  for (std::size_t k = parent + 1; k < block.nodes.size() && block.nodes[k].depth > block.nodes[parent].depth; ++k) {
    const ExtensionNode& node = block.nodes[k];
    if (node.parent == parent && node.local_name == local_name && same_namespace(node.ns, ns)) return &node;
  }
  return nullptr;
}

bool declares_namespace(const Document& doc, std::string_view uri) {
  return std::any_of(doc.namespace_declarations.begin(), doc.namespace_declarations.end(),
                     [&](const Document::NamespaceDeclaration& d) { return d.uri == uri; });
}

Span tag_span(const ExtensionNode& node) { return {node.offset, tag_length(node)}; }

Span value_span(const ExtensionNode& node) {
  const Span span = value_span(node.text);
  return span.length == 0 ? tag_span(node) : span;
}

std::string tag(const ExtensionNode& node) { return "<" + std::string(node.qualified_name) + ">"; }

void report_value(const ExtensionNode& node, std::string message, FindingSink& out,
                  std::optional<std::string> replacement) {
  std::optional<Fix> fix;
  if (replacement) fix = node.text.replace_value(*replacement, "replace with " + quoted(*replacement));
  out.report({.at = value_span(node), .message = std::move(message), .fix = std::move(fix)});
}

std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void report_outside_url(const ExtensionFamily& family, const Entry& entry, FindingSink& out) {
  const Element* e = entry.element;
  if (entry.kind == EntryKind::Url || !e || entry.in_feed || !family.root || !e->parent) return;
  const auto report = [&](std::string_view qualified_name, std::size_t offset) {
    out.report({.at = {offset, qualified_name.size() + 1},
                .message = "<" + std::string(qualified_name) +
                           "> outside any <url> is attached to no page and ignored; " + "move it into the <url> of " +
                           std::string(family.page)});
  };
  if (entry.kind == EntryKind::Other) {
    const Element& root = *e->parent;
    if (root.in_sitemap_ns && (root.local_name == "urlset" || root.local_name == "sitemapindex") &&
        same_namespace(e->ns, family.ns) && e->local_name == family.root->name) {
      report(e->qualified_name, e->offset);
    }
  } else if (e->in_sitemap_ns && e->local_name == "sitemap") {
    for (const ExtensionBlock& block : entry.extensions) {
      if (is_family_block(family, block)) report(block.root().qualified_name, block.root().offset);
    }
  }
}

namespace {

// "<video:title> cannot stand directly in <urlset>; the video extension's element there is ...".
void report_misplaced(const ExtensionFamily& family, std::string_view qualified_name, std::size_t offset,
                      std::string_view parent, FindingSink& out) {
  const auto colon = qualified_name.find(':');
  const std::string prefix(colon == std::string_view::npos ? std::string_view() : qualified_name.substr(0, colon + 1));
  out.report({.at = {offset, qualified_name.size() + 1},
              .message = "<" + std::string(qualified_name) + "> cannot stand directly in <" + std::string(parent) +
                         ">; the " + std::string(family.name) + " extension's element there is <" + prefix +
                         std::string(family.root->name) + ">, inside a <url>"});
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
  if (entry.kind != EntryKind::Sitemap || entry.in_feed || !entry.element || !family.root ||
      !same_namespace(root.ns, family.ns) || root.local_name == family.root->name) {
    return;
  }
  report_misplaced(family, root.qualified_name, root.offset, entry.element->qualified_name, out);
}

void DeprecatedTagCount::count(const ExtensionFamily& family, const ExtensionBlock& block) {
  const BlockMemo* memo = block_memo(family, block);
  if (memo && memo->shape.flat && !memo->shape.deprecated) return;
  for (std::size_t i = 1; i < block.nodes.size(); ++i) {
    const ElementSpec* spec = memo ? memo->specs[i] : spec_of(family, block, i);
    if (!spec || !spec->deprecated) continue;
    // Nearly always a tag seen before: found by its schema entry alone.
    const auto seen = std::find_if(seen_.begin(), seen_.end(), [spec](const Seen& s) { return s.spec == spec; });
    if (seen != seen_.end()) ++seen->count;
    else note(spec, spec->name, {}, block.nodes[i], block.nodes[i].offset, tag_length(block.nodes[i]));
  }
}

void DeprecatedTagCount::count_element(const ExtensionNode& element) {
  note(nullptr, element.local_name, {}, element, element.offset, tag_length(element));
}

void DeprecatedTagCount::count_attribute(const ExtensionNode& element, const Attribute& attribute) {
  note(nullptr, element.local_name, attribute.local_name, element, attribute.offset, attribute.qualified_name.size());
}

void DeprecatedTagCount::note(const ElementSpec* spec, std::string_view local_name, std::string_view attribute,
                              const ExtensionNode& element, std::size_t offset, std::size_t length) {
  const auto seen = std::find_if(seen_.begin(), seen_.end(), [&](const Seen& s) {
    return s.spec == spec && (spec || (s.local_name == local_name && s.attribute == attribute));
  });
  if (seen != seen_.end()) {
    ++seen->count;
    return;
  }
  // The names are views into the document, which outlives the walk and its report at the end.
  seen_.push_back({spec, local_name, attribute, std::string(element.qualified_name), offset, length, 1});
}

void DeprecatedTagCount::absorb(DeprecatedTagCount& later) {
  for (Seen& tag : later.seen_) {
    const auto seen = std::find_if(seen_.begin(), seen_.end(), [&](const Seen& s) {
      return s.spec == tag.spec && (tag.spec || (s.local_name == tag.local_name && s.attribute == tag.attribute));
    });
    if (seen != seen_.end()) seen->count += tag.count;
    else seen_.push_back(std::move(tag));
  }
}

void DeprecatedTagCount::report(std::string_view effect, FindingSink& out) const {
  for (const Seen& s : seen_) {
    const std::string what = s.attribute.empty()
                                 ? "<" + s.qualified_name + ">"
                                 : "the " + std::string(s.attribute) + " attribute of <" + s.qualified_name + ">";
    out.report({.at = {s.offset, s.length},
                .message = what + " " + std::string(effect) + " (" + grouped(s.count) +
                           " in this file); you may keep it for other consumers or remove it"});
  }
}

}  // namespace sitemaplint
