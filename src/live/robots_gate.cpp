#include "live/robots_gate.h"

namespace sitemaplint {

RobotsGate::RobotsGate(int status, std::string_view body, std::string error) {
  // A fetch refused for safety (an internal address, a host --allow-host leaves out) is the reason
  // itself: nothing there is fetched.
  const bool refused = status == 0 && error.starts_with("refused");
  if (status >= 200 && status < 300) {
    robots_ = std::make_unique<RobotsTxt>(parse_robots_txt(body));
    const std::string_view agents[] = {kSitemaplintToken};
    matcher_ = RobotsMatcher(*robots_, agents);
    const std::string_view googlebot[] = {kGooglebot};
    googlebot_ = RobotsMatcher(*robots_, googlebot);
  } else if (status >= 400 && status < 500 && status != 429) {
    // "Unavailable": crawl as if there were no robots.txt. A 429 is no such answer: the server says
    // it is overloaded, and Google treats it as a server error (its robots.txt documentation).
  } else {
    disallow_all_ = true;
    if (status == 0 && !refused) no_answer_ = error;
    why_all_ =
        refused ? error
        : status == 0
            ? "robots.txt could not be fetched (" + error + "), which RFC 9309 treats as disallowing everything"
        : status == 429
            ? "robots.txt answered 429 (too many requests), a server error for Google and for sitemaplint, which "
              "RFC 9309 treats as disallowing everything"
            : "robots.txt answered " + std::to_string(status) + ", which RFC 9309 treats as disallowing everything";
    // Google crawls nothing of the host while its robots.txt cannot be had (a refusal is
    // sitemaplint's own, and says nothing of Google).
    if (!refused)
      googlebot_why_all_ = (status == 0 ? "robots.txt could not be fetched (" + error + ")"
                                        : "robots.txt answered " + std::to_string(status)) +
                           ": Google treats the whole site as disallowed for a while (RFC 9309 2.3.1.4: " +
                           (status == 0 ? "an unreachable robots.txt" : "a server error") + " means complete disallow)";
  }
}

namespace {

RobotsDecision decide_by(const RobotsMatcher& matcher, std::string_view url) {
  if (matcher.empty()) return {};
  const RobotsVerdict verdict = matcher.verdict(robots_target(url));
  if (verdict.allowed) return {};
  std::string why = "robots.txt";
  if (verdict.rule) why += " line " + std::to_string(verdict.rule->line) + ": " + verdict.rule->text;
  return {false, why};
}

}  // namespace

RobotsDecision RobotsGate::decide(std::string_view url) const {
  if (disallow_all_) return {false, why_all_};
  return robots_ ? decide_by(matcher_, url) : RobotsDecision{};
}

RobotsDecision RobotsGate::decide_for_googlebot(std::string_view url) const {
  if (disallow_all_) return googlebot_why_all_.empty() ? RobotsDecision{} : RobotsDecision{false, googlebot_why_all_};
  return robots_ ? decide_by(googlebot_, url) : RobotsDecision{};
}

}  // namespace sitemaplint
