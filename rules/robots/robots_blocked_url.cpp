// ROBOTS201 robots-blocked-url: a sitemap lists a URL that the site's robots.txt blocks for Googlebot.
#include "analysis/robots_match.h"
#include "robots_scope.h"
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A sitemap lists a URL that the site's robots.txt blocks for Googlebot",
                         .docs = R"md(
## What it does
When the run has a robots.txt (`--robots`, or `robots = "..."` in `sitemaplint.toml`), matches
every `<loc>` of a sitemap, every sitemap an index lists, and every other URL the sitemap gives a
crawler to fetch (`<image:loc>`, `<video:thumbnail_loc>`, `<video:content_loc>`,
`<video:player_loc>` and the `href` of each hreflang `<xhtml:link>`) against the rules of the
crawler that fetches it, as RFC 9309 defines them: the groups of its most specific user agent
token (or the `*` groups when it has none), the longest matching `Allow` or `Disallow` pattern
deciding, `Allow` winning a tie, `*` and `$` as wildcards. An `<image:loc>` is fetched by
Googlebot Image and a `<video:content_loc>` by Googlebot Video, whose tokens Google lists as
`Googlebot-Image` and `Googlebot-Video`, each followed by `Googlebot` (its overview of Google's
crawlers): a `User-agent: Googlebot-Image` group, when there is one, decides for images alone,
else Googlebot's does. The other URLs answer to Googlebot. A blocked URL is reported with the rule that blocks it and its line in the
robots.txt, which is also given as a related location.

A robots.txt governs only its own scheme, host and port: URLs on other origins are not checked
(an image on a CDN answers to the CDN's robots.txt, which the run does not have). The origin is
`--base-url`'s when it is given, else a fetched robots.txt's own URL's; a local robots.txt without
`--base-url` is taken to be the robots.txt of every `<loc>` the sitemaps list, and of the other
URLs of an entry on its `<loc>`'s origin.
The robots.txt's own `Sitemap:` lines are not checked against it.

A URL is matched against at most 1,000 rules with text after a `*`: each is a search of the URL,
and a robots.txt may hold tens of thousands in its 500 KiB. When more of them could apply to one
URL (their text before the first `*` starts it), those with a shorter such text are kept first,
then the first in the file; the rest are reported once, at the first of them in the robots.txt,
and the verdicts are made without them.

## Why it matters
Google's video sitemap documentation: "All files referenced in the video sitemap must be
accessible to Googlebot. This means that all URLs in the video sitemap: Must not be disallowed for
crawling by robots.txt rules". An image, a thumbnail, a video file or a player that robots.txt
blocks is not fetched, so the image or video is not indexed, and an alternate page Googlebot may
not crawl cannot confirm its hreflang cluster. A sitemap asks search engines to crawl its URLs; a
robots.txt rule forbids it. Googlebot obeys
the robots.txt, so the page is not crawled and its content never read (it may still be indexed
from links, without a description), while Search Console warns "Sitemap contains URLs which are
blocked by robots.txt". Either the URL should not be in the sitemap or the rule is wider than
meant.

## Example
```text
robots.txt:   User-agent: *
              Disallow: /private/
sitemap.xml:  <url><loc>https://example.com/private/report</loc></url>
```

## Use instead
```text
robots.txt:   User-agent: *
              Disallow: /private/
sitemap.xml:  <url><loc>https://example.com/reports/2024</loc></url>
```
Or narrow the rule so that it no longer matches the pages you want crawled.
)md",
                         .authorities = kRfc9309 | kGoogle,
                         .search_console = "Sitemap contains URLs which are blocked by robots.txt"};

// What a blocked URL of another field than <loc> costs, in Google's words where it has them.
std::string consequence(UrlFieldKind kind) {
  switch (kind) {
    case UrlFieldKind::ImageLoc: return "Google does not fetch the image and cannot index it";
    case UrlFieldKind::VideoThumbnailLoc:
    case UrlFieldKind::VideoContentLoc:
    case UrlFieldKind::VideoPlayerLoc:
      return "Google cannot fetch it (Google: \"all URLs in the video sitemap: Must not be disallowed for crawling "
             "by robots.txt rules\")";
    case UrlFieldKind::HreflangHref:
      return "Google does not crawl the alternate page, and the hreflang annotations that rest on it are not confirmed";
    default: return "crawlers that obey robots.txt do not fetch it";
  }
}

// The crawlers that fetch images and video files, by their robots.txt tokens, most specific
// first (Google's overview of its crawlers: "Googlebot-Image", then "Googlebot").
constexpr std::string_view kImageCrawler[] = {"googlebot-image", kGooglebot};
constexpr std::string_view kVideoCrawler[] = {"googlebot-video", kGooglebot};

class RobotsBlockedUrl final : public Rule {
 public:
  explicit RobotsBlockedUrl(const RuleSettings& settings) : robots_(settings.robots) {}

  void subscribe(Subscriptions& s) const override {
    s.document();  // a robots.txt with more rules than a URL is matched against
    // Without rules, nothing is blocked.
    if (robots_ && !robots_->rules->groups.empty()) {
      s.urls({UrlFieldKind::Loc, UrlFieldKind::ImageLoc, UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc,
              UrlFieldKind::VideoPlayerLoc, UrlFieldKind::HreflangHref});
    }
  }

  // The rules past kRobotsWildcardRulesPerUrl, reported in the robots.txt itself: the verdicts on
  // the sitemaps' URLs are made without them.
  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    const std::string_view googlebot[] = {kGooglebot};
    const RobotsMatcher matcher(*doc.robots, googlebot);
    if (matcher.ignored() == 0) return;
    const RobotsRule& first = *matcher.first_ignored();
    const bool one = matcher.ignored() == 1;
    out.report({.at = {first.offset, first.text.size()},
                .message = quoted(first.text) +
                           (one ? ", one of Googlebot's rules with text after a '*', is"
                                : " and " + grouped(matcher.ignored() - 1) +
                                      " more of Googlebot's rules with text after a '*' are") +
                           " not matched against sitemap URLs: sitemaplint matches a URL against at most " +
                           grouped(kRobotsWildcardRulesPerUrl) +
                           " such rules (each is a search of the URL), so the verdicts on URLs " +
                           (one ? "it" : "they") + " would decide are made without " + (one ? "it" : "them")});
  }

  void on_url(const UrlField& url, FindingSink& out) override {
    // A robots.txt's own Sitemap: lines are not pages to crawl.
    if (!robots_ || url.entry->from_robots) return;
    const UrlAnalysis& a = url.analysis();
    // Invalid URLs are the url rules' business; a non-ASCII one is matched in its ASCII form.
    if (a.shape != UrlShape::Http || !a.syntax_valid || !a.valid_utf8) return;
    const std::string_view ascii = a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form);
    const bool loc = url.kind == UrlFieldKind::Loc;
    if (!robots_governs(*robots_, url, ascii)) return;  // another origin's robots.txt decides
    const bool image = url.kind == UrlFieldKind::ImageLoc, video = url.kind == UrlFieldKind::VideoContentLoc;
    const RobotsMatcher& crawler = image   ? matcher(image_, kImageCrawler)
                                   : video ? matcher(video_, kVideoCrawler)
                                           : robots_->googlebot;
    if (crawler.empty()) return;
    const RobotsVerdict verdict = crawler.verdict(robots_target(ascii));
    if (verdict.allowed) return;
    const RobotsRule& rule = *verdict.rule;
    const std::string where = quoted(rule.text) + " (robots.txt:" + std::to_string(rule.line) + ")";
    const std::string blocked = std::string(" is blocked for ") +
                                (image   ? "Googlebot-Image"
                                 : video ? "Googlebot-Video"
                                         : "Googlebot") +
                                " by ";
    std::string message;
    if (url.entry->kind == EntryKind::Sitemap) {
      message =
          "the sitemap " + quoted(a.trimmed) + blocked + where + ", so crawlers that obey robots.txt do not fetch it";
    } else if (loc) {
      message = quoted(a.trimmed) + blocked + where +
                ", so Google does not crawl it (Search Console: \"Sitemap contains URLs which are blocked by "
                "robots.txt\")";
    } else {
      message = url.quoted_value() + blocked + where + ", so " + consequence(url.kind);
    }
    const Span span = url_span(*url.field, a);
    out.report({.at = span,
                .message = message,
                .related = RelatedLocation{rule.offset, "the rule that blocks it", robots_->path}});
  }

 private:
  std::shared_ptr<const SiteRobots> robots_;  // the run's, indexed once for all its files
  // What Googlebot-Image and Googlebot-Video obey (pointing into robots_), indexed when a file first
  // lists an image or a video file: the run's robots.txt is indexed once for Googlebot, not per file.
  std::optional<RobotsMatcher> image_, video_;

  const RobotsMatcher& matcher(std::optional<RobotsMatcher>& slot, std::span<const std::string_view> agents) {
    if (!slot) slot.emplace(*robots_->rules, agents);
    return *slot;
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_blocked_url, kMeta, RobotsBlockedUrl)
