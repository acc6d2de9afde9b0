// HTTP dates (RFC 9110 section 5.6.7), as Retry-After, Last-Modified and Date carry them: the
// preferred IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT") and the two obsolete forms a recipient
// must still accept (RFC 850's "Sunday, 06-Nov-94 08:49:37 GMT" and asctime's
// "Sun Nov  6 08:49:37 1994").
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sitemaplint {

// Seconds since 1970-01-01T00:00:00Z; nullopt when `text` is none of the three forms or names no
// real date.
std::optional<std::int64_t> parse_http_date(std::string_view text);

// The date of an "unavailable_after:" (X-Robots-Tag or robots meta tag), in the forms Google
// accepts: RFC 822 and RFC 850 dates as people write them (the weekday, the seconds and the zone
// optional; GMT, UT, UTC, Z, a North American zone such as PST, or +hhmm), asctime, and ISO 8601
// ("2010-06-25", "2010-06-25T15:00:00-08:00"). Seconds since 1970; nullopt for anything else.
std::optional<std::int64_t> parse_unavailable_after(std::string_view text);

}  // namespace sitemaplint
