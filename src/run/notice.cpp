#include "run/notice.h"

#include <iostream>
#include <string>

#include "analysis/printable.h"

namespace sitemaplint {
namespace {

// One write of the whole line, so that lines from threads never interleave.
void print_line(std::string_view prefix, std::string_view text) {
  std::string line(prefix);
  append_printable(text, line);
  line += '\n';
  std::cerr << line;
}

}  // namespace

void print_notice(std::string_view text) { print_line("sitemaplint: ", text); }

void print_error(std::string_view text) { print_line("sitemaplint: error: ", text); }

}  // namespace sitemaplint
