// Settings that change what rules conclude (as opposed to which rules run).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "analysis/sitemap_location.h"

namespace sitemaplint {

struct Settings {
  std::int64_t now = 0;  // "now" in seconds since the Unix epoch, UTC: --now makes tests repeatable
  std::optional<SitemapLocation> location;  // --base-url: where the sitemap is served
  bool collect_set_facts = false;  // the file is one of a set: record what cross-file checks need
  // Findings one rule may report in one file (the rest are counted). Fixing lifts it, so that one
  // pass fixes everything.
  std::size_t max_findings_per_rule = 10'000;
};

}  // namespace sitemaplint
