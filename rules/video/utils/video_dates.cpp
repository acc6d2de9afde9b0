#include "rules/video/utils/video_dates.h"

namespace sitemaplint::video {

VideoDate parse_video_date(std::string_view text) {
  VideoDate date;
  if (text.empty()) {
    date.form = DateForm::Empty;
    return date;
  }
  DatetimeError error;
  date.value = parse_w3c_datetime(text, &error);
  if (!date.value) {
    date.form = DateForm::Invalid;
    date.error = std::move(error.message);
    return date;
  }
  const W3cDatetime& v = *date.value;
  if (v.precision == DatePrecision::Year || v.precision == DatePrecision::Month) {
    date.form = DateForm::Incomplete;
  } else if (v.has_time && v.precision == DatePrecision::Minute) {
    date.form = v.has_timezone ? DateForm::NoSeconds : DateForm::NoSecondsNoTimezone;
  } else if (v.has_time && !v.has_timezone) {
    date.form = DateForm::NoTimezone;
  }
  return date;
}

bool is_xsd_date(std::string_view text) {
  const std::optional<W3cDatetime> v = parse_w3c_datetime(text, nullptr);
  if (!v) return false;
  return v->has_time ? v->precision >= DatePrecision::Second : v->precision == DatePrecision::Day;
}

}  // namespace sitemaplint::video
