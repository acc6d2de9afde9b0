// testdata/extensions/ holds one complete, valid sitemap per Google extension, written as Google
// documents the extension today. Each must lint without a single finding, and each is also
// damaged once to show that its family's rules do read it (a clean result from rules that never
// looked would prove nothing).
#include <doctest/doctest.h>

#include <filesystem>

#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

std::vector<std::string> described(const FileReport& report) {
  std::vector<std::string> out = summarize(report);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] += " " + report.diagnostics[i].message;
  return out;
}

// The codes of the findings of `text` after replacing the first `from` by `to`.
std::vector<std::string> codes_after(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, "the example no longer contains " << from);
  text.replace(at, from.size(), to);
  std::vector<std::string> codes;
  for (const Diagnostic& d : lint_text(text).diagnostics) codes.emplace_back(d.rule->code);
  return codes;
}

}  // namespace

TEST_CASE("extension examples: every file in testdata/extensions lints without any finding") {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(source_path("testdata/extensions"))) {
    CAPTURE(entry.path().filename().string());
    CHECK(described(lint_path(entry.path().string())) == std::vector<std::string>{});
    ++files;
  }
  CHECK(files >= 3);
}

TEST_CASE("extension examples: the image example is read by the image rules") {
  const std::string image = read_file(source_path("testdata/extensions/image.xml"));
  CHECK(codes_after(image, "sitemap-image/1.1", "sitemap-image/2.0") == std::vector<std::string>{"IMG101"});
  CHECK(codes_after(image, "<image:loc>https://cdn.example.net/walks/burren/map.png</image:loc>", "") ==
        std::vector<std::string>{"IMG107"});
}

TEST_CASE("extension examples: the news example is read by the news rules") {
  const std::string news = read_file(source_path("testdata/extensions/news.xml"));
  CHECK(codes_after(news, "<news:language>en</news:language>", "<news:language>en-GB</news:language>") ==
        std::vector<std::string>{"NEWS302"});
  CHECK(codes_after(news, "2024-12-30", "2024-12-20") == std::vector<std::string>{"NEWS305"});
}

TEST_CASE("extension examples: the video example is read by the video rules") {
  const std::string video = read_file(source_path("testdata/extensions/video.xml"));
  CHECK(codes_after(video, "sitemap-video/1.1", "sitemap-video/1.0") == std::vector<std::string>{"VID101"});
  CHECK(codes_after(video, "<video:title>Three knots for sailors</video:title>", "") ==
        std::vector<std::string>{"VID107"});
  CHECK(codes_after(video, "<video:player_loc>https://www.youtube.com/embed/ve9PbIW-4Cs</video:player_loc>", "") ==
        std::vector<std::string>{"VID108"});
  CHECK(codes_after(video, "https://cdn.example.net/media/knots.mp4", "https://www.example.com/lessons/knots") ==
        std::vector<std::string>{"VID201"});
  CHECK(codes_after(video, "<video:duration>312</video:duration>", "<video:duration>PT5M12S</video:duration>") ==
        std::vector<std::string>{"VID303"});
  CHECK(codes_after(video, "2030-06-30T23:59:59+01:00", "2024-06-30T23:59:59+01:00") ==
        std::vector<std::string>{"VID307"});
  CHECK(codes_after(video, "IE GB US CA", "IE UK US CA") == std::vector<std::string>{"VID311"});
}

TEST_CASE("extension examples: the mobile example is read by the mobile rules") {
  const std::string mobile = read_file(source_path("testdata/extensions/mobile.xml"));
  CHECK(codes_after(mobile, "sitemap-mobile/1.0", "sitemap-mobile/1.1") == std::vector<std::string>{"MOB101"});
  CHECK(codes_after(mobile, "<mobile:mobile/>", "<mobile:smartphone/>") == std::vector<std::string>{"MOB102"});
  CHECK(codes_after(mobile, "<mobile:mobile/>", "<mobile:mobile type=\"pc,mobile\"/>") ==
        std::vector<std::string>{"MOB104"});
  CHECK(codes_after(mobile, "<mobile:mobile></mobile:mobile>", "<mobile:mobile>\n    </mobile:mobile>") ==
        std::vector<std::string>{"MOB105"});
}
