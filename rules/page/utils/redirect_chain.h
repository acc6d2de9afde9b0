// Where a redirect in a site's build leads, hop after hop through the host's rules, and whether
// the page it ends at is one to list: shared by PAGE103's message and its fix.
#pragma once

#include <string>
#include <string_view>

#include "page.h"

namespace sitemaplint {

struct BuildChain {
  std::string end_url;  // set when there was more than one hop
  PageRef end;  // the build's answer at the end; null: not on this site
  std::string trouble;  // why listing where it ends would not help, for the message
};

// The build's answer for each further hop after `first` (a redirect of `listed`), until a page, a
// dead end, a loop, or more hops than Googlebot follows.
BuildChain follow_in_build(const PageLookup& pages, std::string_view listed, const PageAnswer& first);

// A chain followed by fetching (the live site): its last hop, and the lookup's answer for it,
// which the chain's fetch already gave (a URL the run lists too is not fetched again).
BuildChain follow_live(const PageLookup& pages, const HttpDetails& http, const std::string& first_target);

// Why the page where a redirect ends is no URL to list either: it forbids indexing, or names
// another URL as canonical. Empty when it may be listed (or is not known).
std::string unfit_end(const std::string& end_url, const PageAnswer* end);

}  // namespace sitemaplint
