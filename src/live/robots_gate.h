// Whether sitemaplint may fetch a URL of a host, by the host's robots.txt read for sitemaplint's
// own product token ("sitemaplint", else the '*' groups), as RFC 9309 section 2.3.1 says to treat
// each way of fetching it: a 2xx body is obeyed; a 4xx ("unavailable") allows everything; a 5xx
// or no answer at all ("unreachable") disallows everything. A 3xx is followed by the fetcher (up
// to five hops, section 2.3.1.2) and judged by where it ends; past five, it is unavailable.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "analysis/robots_match.h"
#include "analysis/robots_txt.h"

namespace sitemaplint {

// sitemaplint's product token, as a robots.txt names it in "User-agent:".
inline constexpr std::string_view kSitemaplintToken = "sitemaplint";

struct RobotsDecision {
  bool allowed = true;
  // Disallowed: "robots.txt line 4: Disallow: /private/", "robots.txt answered 503, which ...", or
  // the reason a fetch from the host is refused ("refused to connect to ...").
  std::string why;
};

class RobotsGate {
 public:
  // `status`: the robots.txt's answer (0: none arrived, `error` says why); `body`: a 2xx's bytes.
  RobotsGate(int status, std::string_view body, std::string error = {});
  // For a URL of the host (absolute).
  RobotsDecision decide(std::string_view url) const;
  // The same for Googlebot (RFC 9309 group selection for "googlebot", as ROBOTS201 matches), by
  // which Search Console judges the URL: its `why` says so in full when everything is disallowed.
  RobotsDecision decide_for_googlebot(std::string_view url) const;
  // Everything is disallowed (a 5xx or no answer).
  bool disallows_all() const { return disallow_all_; }
  // Why robots.txt got no answer (DNS, a connection refused, TLS: the host itself answers
  // nothing), or "" (it answered, or its fetch was refused for safety).
  const std::string& no_answer() const { return no_answer_; }

 private:
  bool disallow_all_ = false;
  std::string why_all_, googlebot_why_all_, no_answer_;
  std::unique_ptr<RobotsTxt> robots_;  // 2xx only; the matchers point into it
  RobotsMatcher matcher_, googlebot_;
};

}  // namespace sitemaplint
