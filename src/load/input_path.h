// What an input's path names: an http(s) URL to fetch, or a file (or '-', standard input) to read.
// The loader, the runner, the config lookup and the reports all ask, and ask the same way.
#pragma once

#include <string_view>

namespace sitemaplint {

// Whether `path` is an http:// or https:// URL (any case) rather than a file name.
bool is_url(std::string_view path);

}  // namespace sitemaplint
