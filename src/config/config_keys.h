// The keys a sitemaplint.toml may have: what the reader accepts (config_file.cpp) and the manual
// documents (docs/man_page.cpp), one list for both.
#pragma once

#include <array>
#include <string_view>

namespace sitemaplint {

// The keys of the top level, in the order the manual lists them.
inline constexpr std::array<std::string_view, 21> kTopLevelConfigKeys = {
    "extend",       "profile",      "select",     "ignore",    "severity", "base-url", "root",
    "max-warnings", "min-severity", "exclude",    "overrides", "robots",   "pages",    "host",
    "coverage",     "rate",         "user-agent", "max-urls",  "sample",   "cache",    "memory-limit"};
// The keys of an [[overrides]] table.
inline constexpr std::array<std::string_view, 6> kOverrideConfigKeys = {"files",  "profile",  "select",
                                                                        "ignore", "severity", "base-url"};

}  // namespace sitemaplint
