#include "live/robots_gate.h"

namespace sitemaplint {

RobotsGate::RobotsGate(int status, std::string_view body, std::string error) {
  if (status >= 200 && status < 300) {
    robots_ = std::make_unique<RobotsTxt>(parse_robots_txt(body));
    const std::string_view agents[] = {kSitemaplintToken};
    matcher_ = RobotsMatcher(*robots_, agents);
  } else if (status >= 400 && status < 500) {
    // "Unavailable": crawl as if there were no robots.txt.
  } else {
    disallow_all_ = true;
    // A fetch refused for safety (an internal address) is the reason itself: nothing there is fetched.
    why_all_ =
        status == 0 && error.starts_with("refused to connect") ? error
        : status == 0
            ? "robots.txt could not be fetched (" + error + "), which RFC 9309 treats as disallowing everything"
            : "robots.txt answered " + std::to_string(status) + ", which RFC 9309 treats as disallowing everything";
  }
}

RobotsDecision RobotsGate::decide(std::string_view url) const {
  if (disallow_all_) return {false, why_all_};
  if (!robots_ || matcher_.empty()) return {};
  const RobotsVerdict verdict = matcher_.verdict(robots_target(url));
  if (verdict.allowed) return {};
  std::string why = "robots.txt";
  if (verdict.rule) why += " line " + std::to_string(verdict.rule->line) + ": " + verdict.rule->text;
  return {false, why};
}

}  // namespace sitemaplint
