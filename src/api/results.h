// A run's reports as the library gives them back (include/sitemaplint/findings.h): each finding
// placed (line, column, its related location's too) as the JSON report places it, every text
// well-formed UTF-8 as the JSON report writes it.
#pragma once

#include <sitemaplint/findings.h>

#include <vector>

#include "report/report.h"
#include "run/lint.h"

namespace sitemaplint {

api::Result to_result(const std::vector<FileReport>& reports, const std::vector<InputError>& input_errors,
                      std::size_t left_out);

// The run's pages summary as the library names it (the JSON report's names).
api::PagesSummary to_pages_summary(const PagesSummary& pages);

}  // namespace sitemaplint
