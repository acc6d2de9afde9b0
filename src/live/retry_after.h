// The Retry-After header (RFC 9110 section 10.2.3) of a 429 or 503 answer: how long a polite
// client waits before it asks the host again.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sitemaplint {

// The longest wait a Retry-After gets: a host that asks for more is given up on for the run
// rather than waited for (a value of a day would stall the run a day).
inline constexpr std::chrono::seconds kMaxRetryAfter{120};

// The wait `value` asks for, given the time of the answer (`now`, seconds since 1970): a number
// of seconds, or an HTTP date (a date in the past: no wait). Capped at `cap`; nullopt when `value`
// is neither (the header is then ignored, as RFC 9110 lets a client do).
std::optional<std::chrono::seconds> retry_after_delay(std::string_view value, std::int64_t now,
                                                      std::chrono::seconds cap = kMaxRetryAfter);

}  // namespace sitemaplint
