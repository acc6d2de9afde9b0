#include "cli/force_exclude.h"

#include <iostream>

#include "load/input_path.h"
#include "load/source.h"

namespace sitemaplint {

std::optional<int> force_exclude(const CliOptions& options, ConfigResolver& configs, std::vector<std::string>* paths) {
  bool stdin_excluded = false;
  std::erase_if(*paths, [&](const std::string& path) {
    std::string ignored;
    if (path == "-") {
      stdin_excluded = !options.stdin_filename.empty() && configs.excluded(options.stdin_filename, false, &ignored);
      return stdin_excluded;
    }
    return !is_url(path) && configs.excluded(path, false, &ignored);
  });
  if (!stdin_excluded || !options.fix) return std::nullopt;
  Input input;
  std::string error;
  if (!load_input("-", &input, &error)) return usage_error(error);
  std::cout << input.bytes;
  std::cout.flush();
  return kExitClean;
}

}  // namespace sitemaplint
