// Baselines: a JSON file of the findings a project has accepted, so that only new ones are
// reported. A finding is matched by its file's path, its rule code and the <loc> of the entry it is
// in (its message when it is in no entry with a <loc>), never by line: reordering a sitemap keeps
// its baseline valid.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "run/lint.h"

namespace sitemaplint {

// Writes every finding of `reports` as a baseline; returns how many.
std::size_t write_baseline(const std::vector<FileReport>& reports, std::ostream& out);

// Drops from `reports` the findings the baseline lists (each entry matches one finding). Returns
// false and sets *error when `text` is not a baseline.
bool apply_baseline(const std::string& text, std::vector<FileReport>* reports, std::string* error);

}  // namespace sitemaplint
