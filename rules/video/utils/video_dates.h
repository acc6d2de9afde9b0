// The dates of the video extension (spec D9). Google's video reference takes a complete date
// (YYYY-MM-DD) or a date and time with seconds and time zone (YYYY-MM-DDThh:mm:ss+hh:mm), fractions
// of a second accepted; the XSD's union of xsd:date and xsd:dateTime also takes a time without a
// zone, which only the deprecated <video:tvshow><video:premier_date> is held to.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/w3c_datetime.h"

namespace sitemaplint::video {

enum class DateForm {
  Valid,
  Empty,
  Invalid,  // not a W3C Datetime at all, or no such day or time: `error` says why
  Incomplete,  // a year or a month only
  NoSeconds,  // hh:mm, with a time zone
  NoTimezone,  // hh:mm:ss without one
  NoSecondsNoTimezone,
};

struct VideoDate {
  DateForm form = DateForm::Valid;
  std::optional<W3cDatetime> value;  // whenever the text is a W3C Datetime, even one Google refuses
  std::string error;  // for Invalid
};

// Reads a trimmed <video:publication_date> or <video:expiration_date>.
VideoDate parse_video_date(std::string_view text);

// xsd:date or xsd:dateTime: a date, or a date and time with seconds, the time zone optional.
bool is_xsd_date(std::string_view text);

}  // namespace sitemaplint::video
