// The read-ahead of a sitemap's pages: threads that work out the answers of its URLs in the order
// the rules will ask for them, so that the rule thread finds them done. Each answer is worked out
// by asking the lookup itself (unlisted_page), which keeps it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "page.h"

namespace sitemaplint {

// `threads` threads reading ahead through `urls`, a chunk of 64 at a time, until it is destroyed.
std::unique_ptr<PageLookup::Prefetch> chunked_prefetch(const PageLookup& pages, std::vector<std::string> urls,
                                                       unsigned threads);

// Whether this thread, waiting for an answer another thread is working out, worked out the next
// answer of its read-ahead meanwhile (false: nothing to do, or already helping).
bool help_prefetch_while_waiting();

}  // namespace sitemaplint
