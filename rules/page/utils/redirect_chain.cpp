#include "rules/page/utils/redirect_chain.h"

#include <algorithm>
#include <vector>

#include "analysis/message_text.h"
#include "analysis/same_url.h"
#include "rules/page/utils/http_answer.h"

namespace sitemaplint {
namespace {

constexpr int kMaxBuildHops = 10;  // Googlebot follows up to 10 redirects

std::string normal_form(std::string_view url) {
  std::string out;
  normalise_url(url, &out);
  return out;
}

}  // namespace

BuildChain follow_live(const PageLookup& pages, const HttpDetails& http, const std::string& first_target) {
  BuildChain chain;
  if (http.chain.size() > 2) chain.end_url = http.chain.back().url;  // the listed URL, then each hop
  chain.end = pages.unlisted_page(chain.end_url.empty() ? first_target : chain.end_url);
  return chain;
}

BuildChain follow_in_build(const PageLookup& pages, std::string_view listed, const PageAnswer& first) {
  BuildChain chain;
  std::vector<std::string> seen{normal_form(listed), normal_form(first.target)};
  PageRef at = pages.unlisted_page(first.target);
  while (at && at->status == PageStatus::Redirect) {
    if (std::find(seen.begin(), seen.end(), normal_form(at->target)) != seen.end()) {
      chain.trouble = "which leads back to " + quoted(at->target) + ": a redirect loop";
      return chain;
    }
    if (static_cast<int>(seen.size()) >= kMaxBuildHops) {
      chain.trouble = "and on through more than " + std::to_string(kMaxBuildHops) + " redirects";
      return chain;
    }
    seen.push_back(normal_form(at->target));
    chain.end_url = at->target;
    at = pages.unlisted_page(at->target);
  }
  chain.end = at;
  const std::string& end = chain.end_url.empty() ? first.target : chain.end_url;
  if (at && at->status == PageStatus::Missing)
    chain.trouble = (chain.end_url.empty() ? "which" : "which leads on to " + quoted(end) + ", which") +
                    std::string(" has nothing behind it in the build");
  return chain;
}

std::string unfit_end(const std::string& end_url, const PageAnswer* end) {
  // A soft 404 is no page to list instead: an empty answer, or what a catch-all serves.
  if (end && end->status == PageStatus::Fallback)
    return is_empty_answer(*end) ? "which answers " + end->reason + ": an empty page"
                                 : "which only a catch-all answers (a soft 404)";
  // Live, a refresh's target is asked for as it stands (an HTTP chain that ends in an error is
  // PAGE107's): one that answers no page is none to list either.
  if (end && end->http_status != 0) {
    if (end->status == PageStatus::Missing || end->status == PageStatus::Failed)
      return "which answers " + (end->http_status > 0 ? status_text(end->http_status) : end->reason);
    if (end->status == PageStatus::Redirect) return "which sends crawlers on again (to " + quoted(end->target) + ")";
  }
  if (!end || end->status != PageStatus::Served) return {};
  if (!end->head.noindex.empty() || !end->header_noindex.empty()) return "whose page forbids indexing (noindex)";
  const std::string self = normal_form(end_url);
  for (const auto* links : {&end->head.canonicals, &end->header_canonicals}) {
    for (const PageLink& link : *links) {
      if (!link.url.empty() && normal_form(link.url) != self)
        return "whose page names " + quoted(link.url) + " as its canonical URL";
    }
  }
  return {};
}

}  // namespace sitemaplint
