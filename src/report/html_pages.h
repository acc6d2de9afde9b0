// The HTML report's pages section (--pages): what the listed URLs lead to on the site, as a chart
// by answer, and the build's indexable pages that no sitemap lists.
#pragma once

#include <string>

#include "report/report.h"

namespace sitemaplint {

std::string html_pages_section(const PagesSummary& pages);

}  // namespace sitemaplint
