// RSS 2.0 and Atom feeds: each item's link is an entry's <loc>, counted and checked in place.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// Three items, one without a link; the channel's own <link> is not an entry.
const std::string kRss =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<rss version=\"2.0\"><channel><title>T</title><link>https://example.com/</link>\n"
    "<item><link>https://example.com/a</link><pubDate>Sat, 07 Sep 2002 09:42:31 GMT</pubDate></item>\n"
    "<item><title>text only</title><pubDate>not a date at all</pubDate></item>\n"
    "<item><link>/relative</link></item>\n"
    "</channel></rss>\n";

// Two entries; the feed's links and the entries' non-alternate links are not entries' URLs.
const std::string kAtom =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>T</title><link href=\"bad feed link\"/>\n"
    "<entry><link rel=\"self\" href=\"bad self\"/><link rel=\"alternate\" href=\"https://example.com/a b\"/>"
    "<updated>yesterday</updated></entry>\n"
    "<entry><link href=\"https://example.com/b\"/></entry>\n"
    "</feed>\n";

bool has_code(const FileReport& report, std::string_view prefix) {
  return std::any_of(report.diagnostics.begin(), report.diagnostics.end(),
                     [&](const Diagnostic& d) { return std::string_view(d.rule->code).starts_with(prefix); });
}

}  // namespace

TEST_CASE("feeds: RSS items are the entries, and their <link> text is checked at its offset") {
  const FileReport report = lint_text(kRss, "feed.rss");
  CHECK(report.kind == DocumentKind::Feed);
  CHECK(report.entries == 3);
  REQUIRE(report.diagnostics.size() == 1);
  const Diagnostic& d = report.diagnostics[0];
  CHECK(std::string_view(d.rule->code) == "SM202");
  CHECK(d.offset == kRss.find("/relative<"));
  CHECK(d.length == std::string_view("/relative").size());
  // No missing-loc for the text-only item, and the RFC 822 <pubDate> is no <lastmod>.
  CHECK_FALSE(has_code(report, "SM107"));
  CHECK_FALSE(has_code(report, "SM4"));
}

TEST_CASE("feeds: Atom entries are the entries, and the alternate link's href is checked at its offset") {
  const FileReport report = lint_text(kAtom, "feed.atom");
  CHECK(report.kind == DocumentKind::Feed);
  CHECK(report.entries == 2);
  CHECK(summarize(report) == std::vector<std::string>{"SM205 error 3:91"});
  REQUIRE(report.diagnostics.size() == 1);
  CHECK(report.diagnostics[0].offset == kAtom.find("a b\"") + 1);  // the space
  CHECK_FALSE(has_code(report, "SM4"));
}

TEST_CASE("feeds: Atom 0.3 entries are read like Atom 1.0's") {
  const std::string atom03 =
      "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">"
      "<entry><link rel=\"alternate\" type=\"text/html\" href=\"//example.org/1\"/></entry></feed>";
  const FileReport report = lint_text(atom03);
  CHECK(report.entries == 1);
  CHECK(summarize(report) == std::vector<std::string>{"SM202 error 1:106"});
  CHECK(report.diagnostics.at(0).offset == atom03.find("//example.org/1"));
}

TEST_CASE("feeds: <entry> outside the Atom namespace and <item> outside <channel> are not entries") {
  CHECK(lint_text("<feed><entry><link href=\"/x\"/></entry></feed>").entries == 0);
  CHECK(lint_text("<rss><item><link>/x</link></item></rss>").entries == 0);
  CHECK(lint_text("<rss><channel><x:item xmlns:x=\"urn:x\"><link>/x</link></x:item></channel></rss>").entries == 0);
}

TEST_CASE("feeds: sitemaps still count the root's children as entries") {
  const FileReport report = lint_text(
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
      "<url><loc>https://example.com/</loc></url><url/><other/></urlset>");
  CHECK(report.kind == DocumentKind::UrlSet);
  CHECK(report.entries == 3);
  CHECK(has_code(report, "SM107"));
}

TEST_CASE("cli: a feed's JSON report has kind \"feed\" and counts its items") {
  const auto result = run_cli({"--format", "json", "-"}, kRss);
  CHECK(result.exit_code == 1);  // the relative link
  const auto json = nlohmann::json::parse(result.out);
  REQUIRE(json["files"].size() == 1);
  CHECK(json["files"][0]["kind"] == "feed");
  CHECK(json["files"][0]["entries"] == 3);
  CHECK(json["files"][0]["diagnostics"][0]["code"] == "SM202");
  CHECK(json["files"][0]["diagnostics"][0]["offset"] == kRss.find("/relative<"));
}

TEST_CASE("feeds: items count towards the 50,000-URL limit") {
  std::string rss = "<rss version=\"2.0\"><channel><title>T</title>\n";
  for (int i = 0; i <= 50'000; ++i) rss += "<item><link>https://example.com/" + std::to_string(i) + "</link></item>\n";
  rss += "</channel></rss>\n";
  const FileReport report = lint_text(rss);
  CHECK(report.entries == 50'001);
  CHECK(summarize(report) == std::vector<std::string>{"SM701 error 50002:1"});
}
