// The Retry-After header (RFC 9110 section 10.2.3) of a 429 or 503 answer: how long a polite
// client waits before it asks the host again.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sitemaplint {

// The longest wait a Retry-After gets: a host that asks for more is given up on for the run
// rather than waited for (a value of a day would stall the run a day).
inline constexpr std::chrono::seconds kMaxRetryAfter{120};

// A Retry-After longer than this is said on standard error, once per host (the run waits it out,
// and without a word a user would take the wait for a hang), and asked for again marks a host
// down for a while.
inline constexpr std::chrono::seconds kLongWait{10};

// Why `host`, which answered `status` with 'Retry-After: `header`' (the wait `asked`), is down for
// a while (maintenance) and given up rather than waited for URL by URL: it asks for a longer wait
// than sitemaplint waits, or (`asked_again`: this URL's own wait, or a long wait the host asked for
// before, whichever URL it was for, was waited out already) for a long one again.
// Empty: it is not.
std::string down_for_a_while(std::string_view host, int status, std::string_view header, std::chrono::seconds asked,
                             bool asked_again);

// The wait `value` asks for, given the time of the answer (`now`, seconds since 1970): a number
// of seconds, or an HTTP date (a date in the past: no wait). Capped at `cap`; nullopt when `value`
// is neither (the header is then ignored, as RFC 9110 lets a client do).
std::optional<std::chrono::seconds> retry_after_delay(std::string_view value, std::int64_t now,
                                                      std::chrono::seconds cap = kMaxRetryAfter);

}  // namespace sitemaplint
