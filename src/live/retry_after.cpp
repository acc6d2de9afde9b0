#include "live/retry_after.h"

#include <algorithm>

#include "live/http_date.h"

namespace sitemaplint {

std::optional<std::chrono::seconds> retry_after_delay(std::string_view value, std::int64_t now,
                                                      std::chrono::seconds cap) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  if (value.empty()) return std::nullopt;
  if (value.find_first_not_of("0123456789") == std::string_view::npos) {
    // delay-seconds = 1*DIGIT: any length, so a huge number is read as "very long", not wrapped.
    std::int64_t seconds = 0;
    for (const char c : value) {
      seconds = seconds * 10 + (c - '0');
      if (seconds > cap.count()) return cap;
    }
    return std::chrono::seconds(seconds);
  }
  const std::optional<std::int64_t> at = parse_http_date(value);
  if (!at) return std::nullopt;
  return std::chrono::seconds(std::clamp<std::int64_t>(*at - now, 0, cap.count()));
}

std::string down_for_a_while(std::string_view host, int status, std::string_view header, std::chrono::seconds asked,
                             bool asked_again) {
  const std::string answered = std::string(host) + " answered " + std::to_string(status);
  if (asked > kMaxRetryAfter) {
    const std::string said = header.size() > 64 ? std::string(header.substr(0, 61)) + "..." : std::string(header);
    return answered + " with 'Retry-After: " + said + "', longer than sitemaplint waits (" +
           std::to_string(kMaxRetryAfter.count()) + " s)";
  }
  if (asked > kLongWait && asked_again) return answered + " again once the wait its Retry-After asked for was over";
  return {};
}

}  // namespace sitemaplint
