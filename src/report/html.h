// The HTML report (--format html): one self-contained page about the whole site linted: totals,
// findings per rule and per file, the freshness of <lastmod>, URLs per host and top-level section
// (from the overview the engine gathers when asked, overview.h), a filterable table of findings
// with their source lines, and each rule's documentation. Nothing is fetched when it is opened.
#pragma once

#include <cstdint>
#include <ostream>
#include <span>

#include "report/report.h"

namespace sitemaplint {

// `now`: the run's "now" (--now or the clock), which lastmod ages are measured from. What fails the
// run besides its findings (`status`: unreadable inputs, a warning limit exceeded) heads the page.
void write_html(std::span<const FileReport> reports, const RunStatus& status, std::int64_t now, std::ostream& out);

}  // namespace sitemaplint
