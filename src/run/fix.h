// Applying the fixes rules offer: to bytes in memory, repeatedly until nothing more applies, and
// to a file atomically (a temporary file renamed over it, the original kept on any error).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "engine/registry.h"
#include "engine/engine_options.h"

namespace sitemaplint {

// `bytes` with the fixes of `diagnostics` applied, skipping any fix that overlaps one before it
// (a later pass gets it). *applied counts the fixes used.
std::string apply_fixes(std::string_view bytes, const std::vector<Diagnostic>& diagnostics, std::size_t* applied);

// Lints and fixes `bytes` until no fix applies (at most a few passes). *applied counts them all.
std::string fix_until_stable(const std::string& path, std::string_view bytes, const RuleSelection& selection,
                             const Settings& settings, std::size_t* applied);

// A unified diff of two versions of `path`, with three lines of context, as `git apply` and GNU
// `patch` take it; empty when equal.
std::string unified_diff(const std::string& path, std::string_view before, std::string_view after);

// Replaces the file at `path`, which must exist, by `content` through a temporary file in the same
// directory and a rename (output_file.h), keeping the file's owner and mode. On failure the
// original is untouched.
bool write_atomically(const std::string& path, std::string_view content, std::string* error);

}  // namespace sitemaplint
