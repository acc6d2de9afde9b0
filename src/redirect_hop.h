// One response of a redirect chain, for the sitemap's own fetch (LoadFacts) and a page's
// (HttpDetails) alike.
#pragma once

#include <string>
#include <vector>

namespace sitemaplint {

// One response of a redirect chain, as fetched: the URL asked for and the status it answered.
struct RedirectHop {
  std::string url;
  int status = 0;  // 0: no answer (`PageAnswer::reason` says why)
};

// "a (301) -> b (200)": the whole chain, for messages.
inline std::string redirect_chain_text(const std::vector<RedirectHop>& chain) {
  std::string text;
  for (const RedirectHop& hop : chain) {
    if (!text.empty()) text += " -> ";
    text += hop.url + " (" + (hop.status ? std::to_string(hop.status) : std::string("no answer")) + ")";
  }
  return text;
}

}  // namespace sitemaplint
