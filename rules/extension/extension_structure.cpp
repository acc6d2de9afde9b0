// The structure checks of an extension block against its family's schema (extension_support.h):
// unknown elements, unexpected attributes, repeated and misordered children, missing required
// ones. The specs and shape they read are extension_specs'.
#include "rules/extension/extension_support.h"
#include "rules/extension/extension_specs.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "analysis/edit_distance.h"
#include "analysis/message_text.h"

namespace sitemaplint {
namespace {

constexpr std::string_view kSchemaInstance = "http://www.w3.org/2001/XMLSchema-instance";

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

void report_unknown_elements(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  const ExtensionNode& root = block.root();
  if (!same_namespace(root.ns, family.ns) || !family.root) return;
  if (shape_of(family, block).flat) return;  // every node known
  if (!is_family_block(family, block)) {
    const std::string where = element_name(block, family.root->name);
    if (child_spec(*family.root, root.local_name)) {
      out.report({.at = {root.offset, tag_length(root)},
                  .message = "<" + std::string(root.qualified_name) + "> must be inside " + where +
                             ", not directly in <url>"});
    } else {
      out.report({.at = {root.offset, tag_length(root)},
                  .message = "unknown element <" + std::string(root.qualified_name) + "> in <url>; the " +
                             std::string(family.name) + " extension's element here is " + where});
    }
    return;
  }
  for (std::size_t i = 1; i < block.nodes.size(); ++i) {
    const ExtensionNode& node = block.nodes[i];
    const ElementSpec* parent = checked_parent(family, block, node.parent);
    if (!parent || (same_namespace(node.ns, family.ns) && child_spec(*parent, node.local_name))) continue;
    const ExtensionNode& owner = block.nodes[node.parent];
    std::string message =
        "unknown element <" + std::string(node.qualified_name) + "> in <" + std::string(owner.qualified_name) + ">";
    if (parent->empty) {
      message += ", which the " + std::string(family.name) + " schema declares empty: no elements, no text";
    } else if (parent->children.empty()) {
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
    out.report({.at = {node.offset, tag_length(node)}, .message = std::move(message)});
  }
}

void report_unexpected_attributes(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  if (const BlockShape shape = shape_of(family, block); shape.flat && !shape.attributes) return;
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
      out.report({.at = {a.offset, a.qualified_name.size()}, .message = std::move(message)});
    }
  }
}

void report_duplicate_children(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  if (const BlockShape shape = shape_of(family, block); shape.flat && !shape.repeats) return;
  for (std::size_t i = 0; i < block.nodes.size(); ++i) {
    if (!block.nodes[i].has_element_children) continue;  // a leaf has no children to repeat
    const ElementSpec* parent = checked_parent(family, block, i);
    if (!parent || parent->children.empty()) continue;
    // name -> the first such child; reused, so that a clean block allocates nothing
    thread_local std::vector<std::pair<std::string_view, std::size_t>> first;
    first.clear();
    block.for_each_child(i, [&](const ExtensionNode& child) {
      if (!same_namespace(child.ns, family.ns)) return;
      const ElementSpec* spec = child_spec(*parent, child.local_name);
      if (!spec || spec->max_occurs != 1) return;  // counted limits are their own rules (32 tags ...)
      const auto seen =
          std::find_if(first.begin(), first.end(), [&](const auto& f) { return f.first == child.local_name; });
      if (seen == first.end()) {
        first.emplace_back(child.local_name, child.offset);
        return;
      }
      out.report(
          {.at = {child.offset, tag_length(child)},
           .message = "<" + std::string(block.nodes[i].qualified_name) + "> has a second <" +
                      std::string(child.qualified_name) + ">; only one is allowed",
           .related = RelatedLocation{seen->second, "the first <" + std::string(child.qualified_name) + ">", ""}});
    });
  }
}

void report_children_out_of_order(const ExtensionFamily& family, const ExtensionBlock& block, FindingSink& out) {
  if (const BlockShape shape = shape_of(family, block); shape.flat && shape.in_order) return;
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
      if (!same_namespace(child.ns, family.ns)) return;
      const ElementSpec* spec = child_spec(*parent, child.local_name);
      if (!spec) return;
      if (spec->max_occurs == 1 && std::find(seen.begin(), seen.end(), spec) != seen.end()) return;
      seen.push_back(spec);
      const auto position = static_cast<std::size_t>(spec - parent->children.data());
      if (highest_node && position < highest) {
        std::string order;
        for (const ElementSpec& c : parent->children) order += (order.empty() ? "" : ", ") + std::string(c.name);
        out.report({.at = {child.offset, tag_length(child)},
                    .message = "<" + std::string(child.qualified_name) + "> comes after <" +
                               std::string(highest_node->qualified_name) + ">; the schema's order in <" +
                               std::string(block.nodes[i].qualified_name) + "> is " + order});
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
  const BlockShape shape = i == 0 ? shape_of(family, block) : BlockShape{};
  if (shape.flat && !shape.lacks_required) return missing;
  const ElementSpec* spec = checked_parent(family, block, i);
  if (!spec) return missing;
  if (shape.flat) {
    for (std::size_t k = 0; k < spec->children.size(); ++k) {
      if (spec->children[k].min_occurs > 0 && (shape.present & (std::uint64_t{1} << k)) == 0)
        missing.push_back(&spec->children[k]);
    }
    return missing;
  }
  for (const ElementSpec& child : spec->children) {
    if (child.min_occurs == 0) continue;
    bool present = false;
    block.for_each_child(i, [&](const ExtensionNode& node) {
      present |= same_namespace(node.ns, family.ns) && same_name(node.local_name, child.name);
    });
    if (!present) missing.push_back(&child);
  }
  return missing;
}

}  // namespace sitemaplint
