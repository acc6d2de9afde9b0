// A run's Result written as a report, as `sitemaplint --format FORMAT` writes the same run: the
// command line's own report code (it writes its reports through the same function), so the bytes
// are the same.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "findings.h"

namespace sitemaplint::api {

// The formats write_report takes: every --format of the command line, "human" first. "html" needs
// a Result linted with Settings::html_overview, which gathers the overview of the site it shows.
std::vector<std::string> report_formats();

// The run behind `result` (Result::run) written in `format` to `out`, as the command line writes it
// to a file (no colour): the findings, the inputs that could not be read and the summary,
// --min-severity's count of findings left out included. Throws SettingsError on a format not in
// report_formats(), Error on a Result with no run behind it (made by hand).
void write_report(const Result& result, std::string_view format, std::ostream& out);

// The same report as a string.
std::string report(const Result& result, std::string_view format);

}  // namespace sitemaplint::api
