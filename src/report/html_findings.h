// The HTML report's findings table. Every finding travels in the page as compact data (gzip and
// base64, report/packed_text.h) and the page's script renders one page of rows at a time, the
// filters working over all of them: 20,000 findings as table rows made a 10 MB page that took a
// browser 18 s to lay out. The first page of rows is also written as HTML, for a reader without
// script and for the first paint.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "report/report.h"
#include "rule.h"

namespace sitemaplint {

// Rows the page shows at a time (and writes as HTML).
inline constexpr std::size_t kHtmlPageRows = 200;

// The <section id="findings">: filters, pager, the first page, the data. `rules`: those that found
// something, in rule order (the rule filter's options).
std::string html_findings_section(std::span<const FileReport> reports, const std::vector<const RuleInfo*>& rules);

}  // namespace sitemaplint
