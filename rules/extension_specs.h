// The spec of each node of an extension block and the block's shape, worked out once per block and
// shared by the structure checks of extension_structure.cpp. (spec_of itself is declared in
// extension_support.h, for the family rules that read specs too.)
#pragma once

#include <cstdint>
#include <string_view>

#include "rules/extension_support.h"

namespace sitemaplint {

// The child of `parent` named `name`, or nullptr.
const ElementSpec* child_spec(const ElementSpec& parent, std::string_view name);

// The usual block is flat: its root's children are all known leaves (<image:image> with an
// <image:loc>). For such a block, what the child checks look for is read off in the same
// pass that finds the specs, and each check that would find nothing returns at once.
struct BlockShape {
  bool flat = false;       // the root is the family's, every other node a known leaf child of it
  bool in_order = false;   // flat, and the children in the schema's order (repeats side by side)
  bool repeats = false;    // flat, and a child that may appear once appears again
  std::uint64_t present = 0;  // flat: bit k set when the root's k-th child spec is present
};

// The block's shape; a block built by hand (serial 0) is never called flat, so it gets the full checks.
BlockShape shape_of(const ExtensionFamily& family, const ExtensionBlock& block);

}  // namespace sitemaplint
