#include "fuzz_targets.h"

namespace sitemaplint::fuzz {

// The input as a sitemap (XML, a text list, a feed, gzip: the loader decides from the bytes, as it
// does for a file), and as a robots.txt given with --robots.
void lint(std::string_view data) {
  check_findings(lint_as_file(data));
  check_findings(lint_as_file(data, true));
}

}  // namespace sitemaplint::fuzz
