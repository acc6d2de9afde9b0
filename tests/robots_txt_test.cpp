// The robots.txt reader and matcher (src/analysis/robots_txt.h, robots_match.h) against the
// examples of RFC 9309 and of Google's "How Google interprets the robots.txt specification".
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "analysis/robots_match.h"
#include "analysis/robots_txt.h"
#include "sanitizer_scale.h"

using namespace sitemaplint;
using sitemaplint::testing::sized_for_build;

namespace {

// Whether `agents` (most specific first) may fetch `url` (a path, or an absolute URL).
bool allowed(const std::string& robots_txt, const std::string& url,
             std::vector<std::string_view> agents = {kGooglebot}) {
  const RobotsTxt robots = parse_robots_txt(robots_txt);
  const auto rules = robots_rules_for(robots, agents);
  return robots_verdict(rules, robots_target(url)).allowed;
}

// The rule that decides for Googlebot, as "LINE: text", or "none".
std::string deciding(const std::string& robots_txt, const std::string& url) {
  const RobotsTxt robots = parse_robots_txt(robots_txt);
  const auto rules = robots_rules_for(robots, std::vector<std::string_view>{kGooglebot});
  const RobotsVerdict verdict = robots_verdict(rules, robots_target(url));
  return verdict.rule ? std::to_string(verdict.rule->line) + ": " + verdict.rule->text : "none";
}

// Whether a single rule "Disallow: PATTERN" for every crawler blocks `path`.
bool pattern_blocks(const std::string& pattern, const std::string& path) {
  return !allowed("User-agent: *\nDisallow: " + pattern + "\n", path);
}

}  // namespace

TEST_CASE("robots.txt lines: fields, values, comments, line numbers and positions") {
  const std::string text =
      "\xEF\xBB\xBF# a comment\n"  // line 1 (after a BOM): comment only, not kept
      "User-Agent : Googlebot/2.1 \r\n"  // line 2
      "\n"  // line 3: blank
      "  disallow:/private/ # why\r"  // line 4, a lone CR ends it
      "Dissallow: /typo\n"  // line 5
      "Disallow /no-colon\n"  // line 6
      ": no field\n"  // line 7
      "Sitemap: https://example.com/s.xml";  // line 8, no final line break
  const RobotsTxt robots = parse_robots_txt(text);
  REQUIRE(robots.lines.size() == 6);
  const auto describe = [&](const RobotsLine& line) {
    return std::to_string(line.number) + " [" + std::string(line.name(text)) + "] [" + std::string(line.value(text)) +
           "] " + std::to_string(static_cast<int>(line.field));
  };
  CHECK(describe(robots.lines[0]) == "2 [User-Agent] [Googlebot/2.1] 0");
  CHECK(describe(robots.lines[1]) == "4 [disallow] [/private/] 2");
  CHECK(describe(robots.lines[2]) == "5 [Dissallow] [/typo] 4");
  CHECK(describe(robots.lines[3]) == "6 [Disallow /no-colon] [] 5");
  CHECK(describe(robots.lines[4]) == "7 [: no field] [] 5");
  CHECK(describe(robots.lines[5]) == "8 [Sitemap] [https://example.com/s.xml] 3");
  CHECK(robots.lines[1].content(text) == "disallow:/private/");
  CHECK(robots.lines[1].in_group);
  REQUIRE(robots.groups.size() == 1);
  CHECK(robots.groups[0].agents == std::vector<std::string>{"googlebot"});
  REQUIRE(robots.groups[0].rules.size() == 1);
  const RobotsRule& rule = robots.groups[0].rules[0];
  CHECK(rule.text == "disallow:/private/");
  CHECK(rule.line == 4);
  CHECK(text.substr(rule.offset, rule.text.size()) == rule.text);
  CHECK(!robots.truncated());
  CHECK(parse_robots_txt("").lines.empty());
}

TEST_CASE("robots.txt groups: RFC 9309 section 2.1") {
  SUBCASE("rules before any user-agent line belong to no group") {
    const RobotsTxt robots = parse_robots_txt("Disallow: /a\nUser-agent: *\nDisallow: /b\n");
    CHECK(!robots.lines[0].in_group);
    CHECK(robots.lines[2].in_group);
    CHECK(allowed("Disallow: /a\nUser-agent: *\nDisallow: /b\n", "/a"));
    CHECK(!allowed("Disallow: /a\nUser-agent: *\nDisallow: /b\n", "/b"));
  }
  SUBCASE("consecutive user-agent lines share a group; blank lines and other records do not split it") {
    const std::string text =
        "User-agent: a\n\nUser-agent: b\nSitemap: https://example.com/s.xml\nUser-agent: c\n"
        "Crawl-delay: 5\nDisallow: /x\nUser-agent: d\nDisallow: /y\n";
    const RobotsTxt robots = parse_robots_txt(text);
    REQUIRE(robots.groups.size() == 2);
    CHECK(robots.groups[0].agents == std::vector<std::string>{"a", "b", "c"});
    CHECK(robots.groups[1].agents == std::vector<std::string>{"d"});
    for (std::string_view agent : {"a", "b", "c"}) CHECK(!allowed(text, "/x", {agent}));
    CHECK(allowed(text, "/x", {"d"}));
  }
  SUBCASE("Google: a sitemap line between user-agent lines does not end the group") {
    const std::string text = "user-agent: a\nsitemap: https://example.com/sitemap.xml\n\nuser-agent: b\ndisallow: /\n";
    CHECK(!allowed(text, "/page", {"a"}));
    CHECK(!allowed(text, "/page", {"b"}));
  }
  SUBCASE("product tokens") {
    CHECK(robots_product_token("Googlebot/2.1 (+http://www.google.com/bot.html)") == "googlebot");
    CHECK(robots_product_token("Googlebot-Image") == "googlebot-image");
    CHECK(robots_product_token("*") == "*");
    CHECK(robots_product_token("* # all") == "*");
    CHECK(robots_product_token("*bot").empty());
    CHECK(robots_product_token("").empty());
  }
}

TEST_CASE("robots.txt matching: RFC 9309 section 5.1, the simple example") {
  const std::string text =
      "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\n"
      "User-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\n"
      "User-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\n"
      "User-Agent: quxbot\n\nEOF\n";
  // foobot: only the two allowed files.
  CHECK(allowed(text, "/example/page.html", {"foobot"}));
  CHECK(allowed(text, "/example/allowed.gif", {"foobot"}));
  CHECK(!allowed(text, "/example/other.html", {"foobot"}));
  CHECK(!allowed(text, "/", {"foobot"}));
  // barbot and bazbot: everything but /example/page.html.
  for (std::string_view bot : {"barbot", "bazbot", "BarBot"}) {
    CHECK(!allowed(text, "/example/page.html", {bot}));
    CHECK(allowed(text, "/example/other.html", {bot}));
    CHECK(allowed(text, "/picture.gif", {bot}));
  }
  // quxbot has a group without rules: everything.
  CHECK(allowed(text, "/example/page.html", {"quxbot"}));
  CHECK(allowed(text, "/picture.gif", {"quxbot"}));
  // Any other crawler obeys '*'.
  CHECK(!allowed(text, "/picture.gif", {"otherbot"}));
  CHECK(!allowed(text, "/example/", {"otherbot"}));
  CHECK(allowed(text, "/publications/", {"otherbot"}));
  CHECK(allowed(text, "/picture.gif?size=large", {"otherbot"}));  // '$' anchors the end
}

TEST_CASE("robots.txt matching: RFC 9309 section 5.2, the longest match") {
  const std::string text = "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
  CHECK(allowed(text, "/example/page/", {"foobot"}));
  CHECK(allowed(text, "/example/page/other.gif", {"foobot"}));
  CHECK(!allowed(text, "/example/page/disallowed.gif", {"foobot"}));
}

TEST_CASE("robots.txt matching: RFC 9309 percent-encoding and special characters") {
  // Section 2.2.2's table: a pattern and a URL path that mean the same octets match.
  CHECK(pattern_blocks("/foo/bar?baz=quz", "/foo/bar?baz=quz"));
  CHECK(pattern_blocks("/foo/bar/\xE3\x83\x84", "/foo/bar/%E3%83%84"));
  CHECK(pattern_blocks("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"));
  CHECK(pattern_blocks("/foo/bar/%e3%83%84", "/foo/bar/%E3%83%84"));
  CHECK(pattern_blocks("/foo/bar/%62%61%7A", "/foo/bar/baz"));
  CHECK(pattern_blocks("/foo/bar/baz", "/foo/bar/%62%61%7a"));
  CHECK(!pattern_blocks("/a%2Fb", "/a/b"));  // an encoded '/' is not a '/'
  // Section 2.2.3: '*' and '$' written as %2A and %24 match those characters literally.
  CHECK(pattern_blocks("/path/file-with-a-%2A.html", "/path/file-with-a-*.html"));
  CHECK(pattern_blocks("/path/foo-%24", "/path/foo-$"));
  CHECK(!pattern_blocks("/path/file-with-a-%2A.html", "/path/file-with-a-b.html"));
  CHECK(pattern_blocks("/this/*/exactly", "/this/path/exactly"));
  CHECK(pattern_blocks("/a$b", "/a$b"));  // a '$' that does not end the pattern is literal
  CHECK(!pattern_blocks("/a$b", "/a"));
  CHECK(normalize_robots_path("/a%7e%2fb c", PathRole::Target) == "/a~%2Fb%20c");
  CHECK(normalize_robots_path("/*.php$", PathRole::Pattern) == "/*.php$");
  CHECK(normalize_robots_path("/*.php$", PathRole::Target) == "/%2A.php%24");
}

TEST_CASE("robots.txt matching: Google's 'URL matching based on path values' table") {
  struct Case {
    std::string pattern;
    std::vector<std::string> matches, does_not_match;
  };
  const std::vector<Case> cases{
      {"/", {"/", "/fish", "/a/b?c"}, {}},
      {"/*", {"/", "/fish", "/a/b?c"}, {}},
      {"/$", {"/"}, {"/page.htm"}},
      {"/fish",
       {"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.php?id=anything"},
       {"/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"}},
      {"/fish*",
       {"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.php?id=anything"},
       {"/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"}},
      {"/fish/",
       {"/fish/", "/fish/?id=anything", "/fish/salmon.htm"},
       {"/fish", "/fish.html", "/animals/fish/", "/Fish/Salmon.asp"}},
      {"/*.php",
       {"/index.php", "/filename.php", "/folder/filename.php", "/folder/filename.php?parameters",
        "/folder/any.php.file.html", "/filename.php/"},
       {"/", "/windows.PHP"}},
      {"/*.php$",
       {"/filename.php", "/folder/filename.php"},
       {"/filename.php?parameters", "/filename.php/", "/filename.php5", "/windows.PHP"}},
      {"/fish*.php", {"/fish.php", "/fishheads/catfish.php?parameters"}, {"/Fish.PHP"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.pattern);
    for (const std::string& path : c.matches) CHECK_MESSAGE(pattern_blocks(c.pattern, path), path);
    for (const std::string& path : c.does_not_match) CHECK_MESSAGE(!pattern_blocks(c.pattern, path), path);
  }
}

TEST_CASE("robots.txt matching: Google's 'Order of precedence for rules' table") {
  const std::string host = "https://example.com";
  CHECK(allowed("User-agent: *\nallow: /p\ndisallow: /\n", host + "/page"));
  CHECK(allowed("User-agent: *\nallow: /folder\ndisallow: /folder\n", host + "/folder/page"));
  CHECK(!allowed("User-agent: *\nallow: /page\ndisallow: /*.htm\n", host + "/page.htm"));
  CHECK(allowed("User-agent: *\nallow: /page\ndisallow: /*.ph\n", host + "/page.php"));
  CHECK(allowed("User-agent: *\nallow: /$\ndisallow: /\n", host + "/"));
  CHECK(!allowed("User-agent: *\nallow: /$\ndisallow: /\n", host + "/page.htm"));
  CHECK(deciding("User-agent: *\nallow: /$\ndisallow: /\n", host + "/page.htm") == "3: disallow: /");
  CHECK(deciding("User-agent: *\nallow: /folder\ndisallow: /folder\n", host + "/folder/page") == "2: allow: /folder");
  CHECK(deciding("User-agent: *\nDisallow: /a\nDisallow: /b\n", host + "/c") == "none");
}

TEST_CASE("robots.txt matching: Google's order of precedence for user agents") {
  const std::string text =
      "user-agent: googlebot-news\ndisallow: /1\n\nuser-agent: *\ndisallow: /2\n\n"
      "user-agent: googlebot\ndisallow: /3\n";
  const auto group_of = [&](std::vector<std::string_view> agents) {
    for (const char* n : {"1", "2", "3"}) {
      if (!allowed(text, std::string("/") + n, agents)) return std::string(n);
    }
    return std::string("none");
  };
  CHECK(group_of({"googlebot-news", "googlebot"}) == "1");  // Googlebot News
  CHECK(group_of({"googlebot"}) == "3");  // Googlebot (web)
  CHECK(group_of({"googlebot-image", "googlebot"}) == "3");  // no group of its own: Googlebot's
  CHECK(group_of({"storebot-google"}) == "2");
  CHECK(group_of({"otherbot"}) == "2");
  CHECK(group_of({"GOOGLEBOT"}) == "3");  // tokens are compared without regard to case

  // Groups naming the same crawler are merged; the '*' group no longer applies to it.
  const std::string merged =
      "user-agent: googlebot-news\ndisallow: /fish\n\nuser-agent: *\ndisallow: /carrots\n\n"
      "user-agent: googlebot-news\ndisallow: /shrimp\n";
  CHECK(!allowed(merged, "/fish", {"googlebot-news"}));
  CHECK(!allowed(merged, "/shrimp", {"googlebot-news"}));
  CHECK(allowed(merged, "/carrots", {"googlebot-news"}));
  // A group with only an empty rule frees its crawler from the '*' group.
  CHECK(allowed("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow:\n", "/page"));
  // No group for the crawler and none for '*': no rules.
  CHECK(allowed("User-agent: otherbot\nDisallow: /\n", "/page"));
  CHECK(allowed("", "/page"));
}

TEST_CASE("robots.txt matching: what a URL is matched by") {
  CHECK(robots_target("https://example.com/a/b?c=d#e") == "/a/b?c=d");
  CHECK(robots_target("https://example.com") == "/");
  CHECK(robots_target("https://example.com?q=1") == "/?q=1");
  CHECK(robots_target("https://example.com#top") == "/");
  CHECK(robots_target("http://user@example.com:8080/x") == "/x");
  CHECK(!allowed("User-agent: *\nDisallow: /*?\n", "https://example.com/search?q=boots"));
  CHECK(allowed("User-agent: *\nDisallow: /*?\n", "https://example.com/search#q"));
  CHECK(!allowed("User-agent: *\nDisallow: /\n", "https://example.com"));
}

TEST_CASE("robots.txt: Google reads the first 500 KiB") {
  std::string text = "User-agent: *\nDisallow: /early\n";
  text += std::string(kRobotsTxtReadLimit - text.size() - 24, '#') + "\n";
  text += "Disallow: /kept\nDisallow: /late\n";  // the limit cuts the second line to "Disallo"
  const RobotsTxt robots = parse_robots_txt(text);
  CHECK(robots.truncated());
  CHECK(!allowed(text, "/early"));
  CHECK(!allowed(text, "/kept"));
  CHECK(allowed(text, "/late"));  // the cut line is not read
  CHECK(robots.lines.back().content(text) == "Disallow: /kept");
  CHECK(parse_robots_txt(std::string(kRobotsTxtReadLimit - 13, '#') + "\nDisallow: /x").lines.size() == 1);
}

TEST_CASE("robots.txt matching: hostile patterns cost little") {
  std::string pattern = "/";
  for (int i = 0; i < 2000; ++i) pattern += "a*";
  pattern += "b";
  const std::string path = "/" + std::string(100'000, 'a');
  const auto start = std::chrono::steady_clock::now();
  const std::string long_piece = "/*" + std::string(50'000, 'a') + "b";
  for (int i = 0; i < 100; ++i) {
    CHECK(!robots_pattern_matches(pattern, path));
    CHECK(!robots_pattern_matches(long_piece, path));
  }
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("robots.txt matching: the indexed matcher gives every verdict the plain one gives") {
  // Random rules and paths over a small alphabet, so that prefixes, wildcards, anchors and ties
  // between allow and disallow all meet often.
  std::mt19937 random(9309);
  const std::string alphabet = "/ab*$%2A";
  const auto random_text = [&](std::size_t max) {
    std::string out = "/";
    for (std::size_t n = random() % max; n > 0; --n) out += alphabet[random() % alphabet.size()];
    return out;
  };
  std::size_t blocked = 0, checked = 0;
  for (int file = 0; file < 200; ++file) {
    std::string text = "User-agent: *\n";
    for (int r = random() % 12; r > 0; --r)
      text += std::string(random() % 2 ? "Allow: " : "Disallow: ") + random_text(6) + "\n";
    const RobotsTxt robots = parse_robots_txt(text);
    const std::string_view googlebot[] = {kGooglebot};
    const auto rules = robots_rules_for(robots, googlebot);
    const RobotsMatcher matcher(robots, googlebot);
    for (int u = 0; u < 50; ++u) {
      const std::string path = random_text(8);
      const RobotsVerdict plain = robots_verdict(rules, path);
      const RobotsVerdict indexed = matcher.verdict(path);
      CAPTURE(text);
      CAPTURE(path);
      CHECK(plain.allowed == indexed.allowed);
      CHECK(plain.rule == indexed.rule);
      blocked += plain.allowed ? 0 : 1;
      ++checked;
    }
  }
  CHECK(blocked > checked / 10);  // the comparison saw both verdicts often
  CHECK(RobotsMatcher().verdict("/a").allowed);
}

namespace {

// A matcher written the plain way, to hold the indexed one to: the set of target prefixes a
// pattern can have matched, one pattern byte at a time ('*' extends each to every longer one),
// then the longest match with allow winning a tie, as RFC 9309 section 2.2.2 reads.
bool reference_matches(std::string_view pattern, std::string_view target) {
  const bool anchored = pattern.ends_with('$');
  if (anchored) pattern.remove_suffix(1);
  std::vector<bool> reached(target.size() + 1, false);
  reached[0] = true;
  for (const char p : pattern) {
    std::vector<bool> next(target.size() + 1, false);
    for (std::size_t j = 0; j <= target.size(); ++j) {
      if (p == '*') next[j] = reached[j] || (j > 0 && next[j - 1]);
      else if (j > 0) next[j] = reached[j - 1] && target[j - 1] == p;
    }
    reached = std::move(next);
  }
  return anchored ? reached[target.size()] : std::find(reached.begin(), reached.end(), true) != reached.end();
}

// "allow LINE", "disallow LINE" or "none": the rule that decides, by the reference matcher.
std::string reference_verdict(const std::vector<const RobotsRule*>& rules, std::string_view target) {
  const std::string normalized = normalize_robots_path(target, PathRole::Target);
  const RobotsRule* best = nullptr;
  for (const RobotsRule* rule : rules) {
    if (!reference_matches(rule->pattern, normalized)) continue;
    if (!best || rule->pattern.size() > best->pattern.size() ||
        (rule->pattern.size() == best->pattern.size() && rule->allow && !best->allow)) {
      best = rule;  // among equals, the first in the file stays
    }
  }
  return best ? (best->allow ? "allow " : "disallow ") + std::to_string(best->line) : "none";
}

std::string verdict_text(const RobotsVerdict& verdict) {
  if (!verdict.rule) return verdict.allowed ? "none" : "blocked by no rule";
  return (verdict.allowed ? "allow " : "disallow ") + std::to_string(verdict.rule->line);
}

}  // namespace

TEST_CASE("robots.txt matching: the indexed matcher agrees with a plain reference matcher") {
  // Patterns and paths over a small alphabet, so that shared prefixes, stars in a row, pieces
  // that overlap or repeat, anchors, escapes, the same pattern written twice and ties between
  // allow and disallow all meet often.
  std::mt19937 random(2022);
  const std::vector<std::string> atoms = {"/", "a", "b", "ab", "*", "*", "$", "%2A", "%24", "%61", "c/"};
  const auto random_text = [&](std::size_t max) {
    std::string out = "/";
    for (std::size_t n = random() % max; n > 0; --n) out += atoms[random() % atoms.size()];
    return out;
  };
  std::size_t blocked = 0, allowed_by_rule = 0, checked = 0;
  for (std::size_t file = 0; file < sized_for_build(400); ++file) {
    std::string text = "User-agent: *\n";
    std::vector<std::string> patterns;
    for (int r = random() % 40; r > 0; --r) {
      // A pattern written before is written again now and then, as the other kind or the same.
      patterns.push_back(!patterns.empty() && random() % 5 == 0 ? patterns[random() % patterns.size()]
                                                                : random_text(7));
      text += std::string(random() % 2 ? "Allow: " : "Disallow: ") + patterns.back() + "\n";
    }
    const RobotsTxt robots = parse_robots_txt(text);
    const std::string_view googlebot[] = {kGooglebot};
    const auto rules = robots_rules_for(robots, googlebot);
    const RobotsMatcher matcher(robots, googlebot);
    REQUIRE(matcher.ignored() == 0);
    for (int u = 0; u < 60; ++u) {
      const std::string path = random_text(10);
      CAPTURE(text);
      CAPTURE(path);
      const std::string expected = reference_verdict(rules, path);
      CHECK(verdict_text(matcher.verdict(path)) == expected);
      CHECK(verdict_text(robots_verdict(rules, path)) == expected);
      for (const RobotsRule* rule : rules) {
        const std::string normalized = normalize_robots_path(path, PathRole::Target);
        CHECK(robots_pattern_matches(rule->pattern, normalized) == reference_matches(rule->pattern, normalized));
      }
      blocked += expected.starts_with("disallow") ? 1 : 0;
      allowed_by_rule += expected.starts_with("allow") ? 1 : 0;
      ++checked;
    }
  }
  CHECK(blocked > checked / 10);  // the comparison saw every kind of verdict often
  CHECK(allowed_by_rule > checked / 10);
}

namespace {

// `count` distinct rules with '*' written as hostile robots.txt files write them,
// "Disallow: /*ab*c*de*$" (a third of them Allow), all starting with "/" so that every URL meets
// every one.
std::string wildcard_rules(std::size_t count) {
  std::mt19937 random(46);
  std::set<std::string> written;
  std::string text = "User-agent: *\n";
  while (written.size() < count) {
    std::string pattern = "/";
    for (int piece = 0; piece < 3; ++piece) {
      pattern += '*';
      for (int n = 1 + random() % 2; n > 0; --n) pattern += static_cast<char>('a' + random() % 26);
    }
    pattern += "*$";
    if (!written.insert(pattern).second) continue;
    text += (written.size() % 3 == 1 ? "Allow: " : "Disallow: ") + pattern + "\n";
  }
  return text;
}

// 50,000 paths of a shop's sitemap; with `query`, each with a query string of about 1,000 bytes.
std::vector<std::string> shop_paths(bool query) {
  const char* const words[] = {"garden", "kitchen", "outdoor", "running", "shoes",  "leather", "wireless", "oak",
                               "table",  "summer",  "sale",    "organic", "coffee", "camping", "winter"};
  std::mt19937 random(50);
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < sized_for_build(50'000); ++i) {
    std::string path =
        std::string("/products/") + words[random() % 15] + "-" + words[random() % 15] + "-" + std::to_string(i);
    if (query) {
      path += "?ref=";
      while (path.size() < 1'000)
        path += std::string(words[random() % 15]) + "_" + std::to_string(random() % 1000) + "&x=";
    }
    paths.push_back(std::move(path));
  }
  return paths;
}

}  // namespace

TEST_CASE("robots.txt matching: 10,000 rules with '*' against 50,000 URLs, short and long") {
  // A URL meets at most kRobotsWildcardRulesPerUrl rules with text after a '*': the first ones in
  // the file here, as they all start with "/". The verdicts are those of a robots.txt of those
  // rules alone.
  const std::string text = wildcard_rules(10'000);
  const RobotsTxt robots = parse_robots_txt(text);
  const std::string_view googlebot[] = {kGooglebot};
  const RobotsMatcher matcher(robots, googlebot);
  CHECK(matcher.ignored() == 10'000 - kRobotsWildcardRulesPerUrl);
  REQUIRE(matcher.first_ignored());
  CHECK(matcher.first_ignored()->line == kRobotsWildcardRulesPerUrl + 2);

  const std::string kept_text = wildcard_rules(kRobotsWildcardRulesPerUrl);
  const RobotsTxt kept = parse_robots_txt(kept_text);
  const auto kept_rules = robots_rules_for(kept, googlebot);
  for (const bool query : {false, true}) {
    CAPTURE(query);
    std::size_t blocked = 0, allowed_by_rule = 0, sampled = 0;
    const std::vector<std::string> paths = shop_paths(query);
    for (std::size_t i = 0; i < paths.size(); ++i) {
      const std::string verdict = verdict_text(matcher.verdict(paths[i]));
      blocked += verdict.starts_with("disallow") ? 1 : 0;
      allowed_by_rule += verdict.starts_with("allow") ? 1 : 0;
      if (i % 500 == 0) {  // the plain matcher on a sample: it tries every rule
        CAPTURE(paths[i]);
        CHECK(verdict == verdict_text(robots_verdict(kept_rules, paths[i])));
        ++sampled;
      }
    }
    CHECK(sampled == (paths.size() + 499) / 500);  // i = 0, 500, 1000, ...
    if (query) {
      CHECK(blocked + allowed_by_rule > paths.size() * 4 / 5);  // a long URL holds most letters: some rule matches
    } else {
      CHECK(blocked > paths.size() / 50);
      CHECK(allowed_by_rule > paths.size() / 50);
    }
  }
}

TEST_CASE("robots.txt matching: the rules with text after a '*' a URL meets are counted along its prefixes") {
  // Rules under "/a" and under "/b" never meet the same URL; those under "/" meet both. A rule
  // with nothing after its '*' is not counted: it costs no search.
  std::string text = "User-agent: *\n";
  for (std::size_t i = 0; i < kRobotsWildcardRulesPerUrl - 2; ++i) text += "Disallow: /a*x" + std::to_string(i) + "\n";
  for (std::size_t i = 0; i < kRobotsWildcardRulesPerUrl - 2; ++i) text += "Disallow: /b*x" + std::to_string(i) + "\n";
  text += "Disallow: /*late\nDisallow: /*later\nAllow: /a/plain\nDisallow: /*latest\nDisallow: /a/deep*\n";
  const std::size_t first_root_rule = 2 * (kRobotsWildcardRulesPerUrl - 2) + 2;
  const RobotsTxt robots = parse_robots_txt(text);
  const std::string_view googlebot[] = {kGooglebot};
  const RobotsMatcher matcher(robots, googlebot);
  // "/" keeps all three; "/a" and "/b" then keep what is left under the limit, the first in the file.
  CHECK(matcher.ignored() == 2);
  REQUIRE(matcher.first_ignored());
  CHECK(matcher.first_ignored()->line == kRobotsWildcardRulesPerUrl - 1);  // "Disallow: /a*x997"
  CHECK(verdict_text(matcher.verdict("/a-latest")) == "disallow " + std::to_string(first_root_rule + 3));
  CHECK(verdict_text(matcher.verdict("/bx0")) == "disallow " + std::to_string(kRobotsWildcardRulesPerUrl));
  CHECK(verdict_text(matcher.verdict("/ax0")) == "disallow 2");
  CHECK(verdict_text(matcher.verdict("/ax997")) == "disallow 101");  // "/a*x99": "/a*x997" is not matched
  CHECK(verdict_text(matcher.verdict("/bx997")) == "disallow 1099");  // "/b*x99"
  CHECK(verdict_text(matcher.verdict("/a/plain/x997")) == "allow " + std::to_string(first_root_rule + 2));
  CHECK(verdict_text(matcher.verdict("/a/deepest")) == "disallow " + std::to_string(first_root_rule + 4));
  CHECK(verdict_text(matcher.verdict("/c")) == "none");
}
