// What the headers a host adds to a page say to Google: X-Robots-Tag noindex or none (for every
// crawler, or scoped to Googlebot) and Link: <...>; rel="canonical". Read as Google documents
// both: an X-Robots-Tag value is a comma-separated list, case-insensitive, in which "name:" names
// the crawler the directives after it are for.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "page.h"
#include "pages/headers_file.h"

namespace sitemaplint {

// Whether an X-Robots-Tag value forbids Googlebot to index the page: "noindex" or "none", before
// any crawler's name or after "googlebot:". Another crawler's ("otherbot: noindex") does not, nor
// does a directive with a value ("unavailable_after: ...", "max-snippet: 0").
bool x_robots_tag_forbids_indexing(std::string_view value);

// The date text of an "unavailable_after:" directive in an X-Robots-Tag value that applies to
// Googlebot (for every crawler, or after "googlebot:"), as written: "2010-06-25",
// "Friday, 25-Jun-10 15:00:00 PST". nullopt when there is none. (Whether the date has passed is
// the reader's business: a build has no "now"; the live site has the time of its answer.)
std::optional<std::string> x_robots_tag_unavailable_after(std::string_view value);

// One link of a Link header value (RFC 8288).
struct HeaderLink {
  std::string target;  // as written between '<' and '>'
  std::vector<std::string> rel;  // the first rel parameter's relation types, in lower case
  std::string hreflang;  // the first hreflang parameter; "": none
  bool anchored = false;  // an anchor parameter: a link of another resource than the page
  bool is(std::string_view relation) const;  // `relation` (lower case) among rel
};

// The links of a Link header value, as RFC 8288 reads them: quoted or not, a comma inside '<...>'
// or inside quotes no separator, only the first rel (and hreflang) of a link.
std::vector<HeaderLink> header_links(std::string_view value);

// The targets of the links in a Link header value whose rel names "canonical" (quoted or not, in
// any case, among other relations), as written between '<' and '>'; none with an anchor.
std::vector<std::string> canonical_link_targets(std::string_view value);

// `page.header_noindex`, `page.header_canonicals` and, from Link headers' rel="alternate"
// hreflang links, `page.head.alternates` after the head's, from `headers`, the page served at
// `page_url`.
void add_header_facts(const std::vector<ConfigHeader>& headers, std::string_view page_url, PageAnswer& page);

}  // namespace sitemaplint
