// The helpers whose answers the video rules rest on, beyond the rules' fixtures: same URL, platform
// pages, dates and lists. Country codes are language_subtags_test.cpp's; the complete video example
// is tests/extension_examples_test.cpp's.
#include <doctest/doctest.h>

#include "analysis/ascii.h"
#include "rules/extension/extension_support.h"
#include "rules/video/utils/video_dates.h"
#include "rules/video/utils/video_durations.h"
#include "rules/video/utils/video_lists.h"
#include "rules/video/utils/video_urls.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

UrlAnalysis analysed(const std::string& url) {
  UrlAnalysis a;
  analyze_url(url, a);
  return a;
}

bool same(const std::string& a, const std::string& b) {
  const UrlAnalysis x = analysed(a), y = analysed(b);
  REQUIRE(usable_url(x));
  REQUIRE(usable_url(y));
  video::SameUrl compare;
  return compare(x, y);
}

std::string platform_of(const std::string& url) { return std::string(video::hosting_platform(analysed(url))); }

bool valid_token(std::string_view token) { return token == "web" || token == "tv"; }

}  // namespace

TEST_CASE("video URLs: the same URL after RFC 3986 normalisation, and nothing looser") {
  CHECK(same("https://example.com/a", "HTTPS://EXAMPLE.com:443/a"));
  CHECK(same("http://example.com", "http://example.com:80/"));
  CHECK(same("https://example.com/%6Bnots", "https://example.com/knots"));
  CHECK_FALSE(same("https://example.com/a", "https://example.com/a/"));
  CHECK_FALSE(same("https://example.com/a", "http://example.com/a"));
  CHECK_FALSE(same("https://example.com/a", "https://cdn.example.com/a"));
  CHECK_FALSE(same("https://example.com/A", "https://example.com/a"));
}

TEST_CASE("video URLs: pages of video platforms, which are players, not media files") {
  CHECK(platform_of("https://www.youtube.com/watch?v=abc") == "YouTube");
  CHECK(platform_of("https://M.YouTube.com/live/abc") == "YouTube");
  CHECK(platform_of("https://youtu.be/abc") == "YouTube");
  CHECK(platform_of("https://vimeo.com/76979871") == "Vimeo");
  CHECK(platform_of("https://player.vimeo.com/video/76979871") == "Vimeo");
  CHECK(platform_of("https://www.dailymotion.com/embed/video/x7") == "Dailymotion");
  CHECK(platform_of("https://www.youtube.com/@channel") == "");
  CHECK(platform_of("https://www.youtube.com/embed/") == "");
  CHECK(platform_of("https://vimeo.com/channels/sailing") == "");
  CHECK(platform_of("https://example.com/watch?v=abc") == "");
}

TEST_CASE("video dates: Google's two forms") {
  using video::DateForm;
  CHECK(video::parse_video_date("2024-05-01").form == DateForm::Valid);
  CHECK(video::parse_video_date("2024-05-01T10:00:00.25+02:00").form == DateForm::Valid);
  CHECK(video::parse_video_date("2024-05").form == DateForm::Incomplete);
  CHECK(video::parse_video_date("2024-05-01T10:00Z").form == DateForm::NoSeconds);
  CHECK(video::parse_video_date("2024-05-01T10:00:00").form == DateForm::NoTimezone);
  CHECK(video::parse_video_date("2024-05-01T10:00").form == DateForm::NoSecondsNoTimezone);
  CHECK(video::parse_video_date("2024-02-30").form == DateForm::Invalid);
  CHECK(video::parse_video_date("").form == DateForm::Empty);
  CHECK(video::is_xsd_date("2025-06-05T21:00:00"));
  CHECK_FALSE(video::is_xsd_date("2025-06-05T21:00Z"));
  CHECK_FALSE(video::is_xsd_date("2025-06"));
}

TEST_CASE("video lists: tokens between any separators, recased, or nothing when one stays wrong") {
  CHECK(video::as_list(" Web,TV; web ", ascii_lower, valid_token) == std::optional<std::string>("web tv web"));
  CHECK(video::as_list("web desktop", ascii_lower, valid_token) == std::nullopt);
  CHECK(video::as_list(" , ", ascii_lower, valid_token) == std::nullopt);
  CHECK(video::all_tokens("web  tv\n", valid_token));
  CHECK_FALSE(video::all_tokens("web,tv", valid_token));
  CHECK(video::all_tokens("", valid_token));
}

TEST_CASE("video durations: clock times and ISO 8601 durations as seconds, units in order") {
  CHECK(video::clock_seconds("10:00") == 600);
  CHECK(video::clock_seconds("1:02:03") == 3723);
  CHECK_FALSE(video::clock_seconds("1:2:03"));  // minutes and seconds take two digits
  CHECK_FALSE(video::clock_seconds("1:60"));
  CHECK_FALSE(video::clock_seconds("1:02:03:04"));
  CHECK_FALSE(video::clock_seconds("600"));  // whole seconds are no clock time
  CHECK(video::iso_duration_seconds("PT5M12S") == 312);
  CHECK(video::iso_duration_seconds("PT1M1S") == 61);
  CHECK(video::iso_duration_seconds("PT1H2M3S") == 3723);
  CHECK(video::iso_duration_seconds("PT2H") == 7200);
  CHECK_FALSE(video::iso_duration_seconds("PT3S2M"));  // out of order
  CHECK_FALSE(video::iso_duration_seconds("PT1M1M"));  // a unit twice
  CHECK_FALSE(video::iso_duration_seconds("P1D"));
  CHECK_FALSE(video::iso_duration_seconds("PT"));
  CHECK_FALSE(video::iso_duration_seconds("PT5"));
}
