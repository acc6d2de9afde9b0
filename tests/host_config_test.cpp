// The hosts' other configuration files: _headers (src/pages/headers_file), vercel.json
// (src/pages/vercel_config), the path patterns both use (src/pages/path_pattern), what the headers
// say to Google (src/pages/header_facts), and how Vercel answers with its vercel.json
// (src/pages/host_rules), on builds held in memory.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "pages/header_facts.h"
#include "pages/headers_file.h"
#include "pages/host_rules.h"
#include "test_support.h"
#include "pages/path_pattern.h"
#include "pages/vercel_config.h"

using namespace sitemaplint;
using Files = sitemaplint::testing::SiteFilesInMemory;

namespace {

// "a=x b=y" of what `pattern` captured in `text`, or "no match".
std::string captured(const PathPattern& pattern, std::string_view text) {
  PathCaptures captures;
  if (!match_path(pattern, text, &captures)) return "no match";
  std::string out;
  for (const auto& [name, value] : captures) out += (out.empty() ? "" : " ") + name + "=" + value;
  return out;
}

std::string vercel_captured(std::string_view source, std::string_view text) {
  const std::optional<PathPattern> pattern = vercel_source_pattern(source);
  return pattern ? captured(*pattern, text) : "unsupported";
}

// "200 a.html", "308 /a/ (reason)", "404", "fallback index.html (reason)": Vercel's answer in a line.
std::string vercel(std::string_view json, const Files& files, std::string_view path) {
  HostSetup setup;
  setup.host = HostKind::Vercel;
  setup.vercel = parse_vercel_json(json).config;
  const HostAnswer a = answer_path(setup, files, path);
  const std::string why = a.reason.empty() ? "" : " (" + a.reason + ")";
  switch (a.kind) {
    case HostAnswer::Kind::Served: return "200 " + a.file + why;
    case HostAnswer::Kind::Fallback: return "fallback " + a.file + why;
    case HostAnswer::Kind::Redirect: return std::to_string(a.code) + " " + a.target + why;
    case HostAnswer::Kind::Missing: return (a.file.empty() ? "404" : "404 " + a.file) + why;
  }
  return "?";
}

// "name: value [source]" of each header, joined by " | ".
std::string listed(const std::vector<ConfigHeader>& headers) {
  std::string out;
  for (const ConfigHeader& h : headers)
    out += (out.empty() ? "" : " | ") + h.name + ": " + h.value + " [" + h.source + "]";
  return out;
}

const Files kSite{{"index.html", "a.html", "docs/index.html", "app.css", "404.html"}};

}  // namespace

TEST_CASE("host config: _headers paths, splats and placeholders") {
  CHECK(captured(headers_path_pattern("/blog/*"), "/blog/a/b") == "splat=a/b");
  CHECK(captured(headers_path_pattern("/blog/*"), "/blog/") == "splat=");
  CHECK(captured(headers_path_pattern("/blog/*"), "/blog") == "no match");
  CHECK(captured(headers_path_pattern("/*.pdf"), "/files/a.pdf") == "splat=files/a");
  CHECK(captured(headers_path_pattern("/docs/:version/*"), "/docs/v2/intro") == "version=v2 splat=intro");
  CHECK(captured(headers_path_pattern("/docs/:version"), "/docs/v2/intro") == "no match");
  CHECK(captured(headers_path_pattern("/a"), "/A") == "no match");  // case matters
  // In a host, a placeholder is one label (Cloudflare Pages' rulesEngine).
  CHECK(captured(headers_path_pattern("https://:sub.pages.dev/*"), "https://preview.pages.dev/a") ==
        "sub=preview splat=a");
  CHECK(captured(headers_path_pattern("https://:sub.pages.dev/*"), "https://a.b.pages.dev/a") == "no match");
}

TEST_CASE("host config: vercel.json sources, as path-to-regexp reads them") {
  CHECK(vercel_captured("/blog/:slug", "/blog/first") == "slug=first");
  CHECK(vercel_captured("/blog/:slug", "/blog/first/") == "no match");  // strict: the final slash counts
  CHECK(vercel_captured("/blog/:slug", "/blog/a/b") == "no match");
  CHECK(vercel_captured("/old/:path*", "/old/a/b") == "path=a/b");
  CHECK(vercel_captured("/old/:path*", "/old") == "path=");
  CHECK(vercel_captured("/old/:path+", "/old") == "no match");
  CHECK(vercel_captured("/old/:path?", "/old/a/b") == "no match");
  CHECK(vercel_captured("/(.*)", "/a/b.html") == "=a/b.html");
  CHECK(vercel_captured("/:all(.*)", "/x/y") == "all=x/y");
  CHECK(vercel_captured("/file\\.html", "/file.html") == "");
  CHECK(vercel_captured("/:path((?!uk/).*)", "/a") == "unsupported");
  CHECK(vercel_captured("/a{-b}?", "/a") == "unsupported");
  CHECK(vercel_captured("/a+", "/a") == "unsupported");
  PathCaptures captures;
  REQUIRE(match_path(*vercel_source_pattern("/old/:path*"), "/old/a/b", &captures));
  CHECK(with_captures("/new/:path*", captures) == "/new/a/b");
  CHECK(with_captures("/new/$1?from=:path", captures) == "/new/a/b?from=a/b");
  REQUIRE(match_path(*vercel_source_pattern("/old/:path*"), "/old", &captures));
  CHECK(with_captures("/new/:path*", captures) == "/new");
  CHECK(with_captures(":pathname", {{"path", "x"}}) == ":pathname");  // another name, left alone
}

TEST_CASE("host config: path patterns that could be slow or deep do not match") {
  // Many splats against a long path that almost matches: each (part, place) is tried once.
  std::string pattern = "/";
  for (int i = 0; i < 100; ++i) pattern += "*a";
  pattern += "b";
  CHECK_FALSE(match_path(headers_path_pattern(pattern), "/" + std::string(2000, 'a')));
  CHECK_FALSE(match_path(headers_path_pattern("/" + std::string(300, '*')), "/"));  // more parts than read
}

TEST_CASE("host config: a _headers file, its comments and the lines left out") {
  const HeadersFile file = parse_headers_file(
      "# comment\n"
      "X-Early: before any path\n"
      "/*\n"
      "  X-Robots-Tag: noindex\n"
      "  Cache-Control: max-age=0\n"
      "\n"
      "/public/*\n"
      "  ! X-Robots-Tag\n"
      "  Link: <https://example.com/:splat>; rel=\"canonical\"\n"
      "  not a header\n"
      "  Bad Name: x\n"
      "http://example.com/*\n"
      "  X-Robots-Tag: noindex\n"
      "https://preview.example.com/*\n"
      "  X-Robots-Tag: none\n");
  REQUIRE(file.rules.size() == 3);
  CHECK(file.rules[0].set.size() == 2);
  CHECK(file.rules[0].set[0].source == "_headers line 4");
  CHECK(file.rules[1].unset == std::vector<std::string>{"X-Robots-Tag"});
  CHECK(file.rules[2].absolute);
  CHECK(file.problems ==
        std::vector<std::string>{"_headers line 2: a header before any path; left out",
                                 "_headers line 10: neither a path, a 'Name: value' header nor a comment; left out",
                                 "_headers line 11: a header name is one word before ':'; left out",
                                 "_headers line 12: an absolute URL must begin with https://; its block is left out"});
  CHECK(listed(headers_for(file.rules, "example.com", "/a", false, false)) ==
        "X-Robots-Tag: noindex [_headers line 4] | Cache-Control: max-age=0 [_headers line 5]");
  // A later rule drops what an earlier one set; Cloudflare Pages fills in the placeholders.
  CHECK(listed(headers_for(file.rules, "example.com", "/public/a", false, true)) ==
        "Cache-Control: max-age=0 [_headers line 5] | Link: <https://example.com/a>; rel=\"canonical\" [_headers line "
        "9]");
  // A rule for another host (a preview domain's noindex) does not reach the site's pages.
  CHECK(listed(headers_for(file.rules, "PREVIEW.example.com", "/a", false, false))
            .ends_with("X-Robots-Tag: none [_headers line 15]"));
}

TEST_CASE("host config: Netlify matches a _headers path with or without its final slash") {
  const HeadersFile file = parse_headers_file("/about\n  X-Robots-Tag: noindex\n/docs/\n  X-Robots-Tag: none\n");
  CHECK(headers_for(file.rules, "example.com", "/about/", true, false).size() == 1);
  CHECK(headers_for(file.rules, "example.com", "/docs", true, false).size() == 1);
  CHECK(headers_for(file.rules, "example.com", "/about/", false, false).empty());
  HostSetup netlify{HostKind::Netlify, {}, file.rules, {}};
  CHECK(response_headers(netlify, "example.com", "/about/").size() == 1);
  HostSetup plain{HostKind::Plain, {}, file.rules, {}};
  CHECK(response_headers(plain, "example.com", "/about").empty());  // a plain server reads no _headers
}

TEST_CASE("host config: X-Robots-Tag as Google reads it") {
  CHECK(x_robots_tag_forbids_indexing("noindex"));
  CHECK(x_robots_tag_forbids_indexing("NoIndex, follow"));
  CHECK(x_robots_tag_forbids_indexing("nofollow,none"));
  CHECK(x_robots_tag_forbids_indexing("googlebot: noindex"));
  CHECK(x_robots_tag_forbids_indexing("GoogleBot:NOINDEX, nofollow"));
  CHECK(x_robots_tag_forbids_indexing("googlebot: nofollow, noindex"));  // the name holds for what follows
  CHECK(x_robots_tag_forbids_indexing("otherbot: nofollow, googlebot: noindex"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("otherbot: noindex"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("otherbot: nofollow, noindex"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("googlebot-news: noindex"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("nosnippet, max-snippet: 0, unavailable_after: 2030-01-01"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("noindexing"));
  CHECK_FALSE(x_robots_tag_forbids_indexing(""));
  // A date's weekday comma stays in its directive; its time's ':' names no crawler.
  CHECK(x_robots_tag_forbids_indexing("unavailable_after: Friday, 25-Jun-2099 15:00:00 GMT, noindex"));
  CHECK(x_robots_tag_forbids_indexing("unavailable_after: Fri, 25 Jun 2099 15:00:00 GMT, noindex"));
  CHECK(x_robots_tag_forbids_indexing("unavailable_after: 2099-06-25T15:00:00Z, noindex"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("otherbot: unavailable_after: Fri, 25 Jun 2099 15:00:00 GMT, noindex"));
  // Words apart by spaces or ';', as the robots meta tag is read.
  CHECK(x_robots_tag_forbids_indexing("noindex nofollow"));
  CHECK(x_robots_tag_forbids_indexing("nofollow; noindex"));
  CHECK(x_robots_tag_forbids_indexing("googlebot: nofollow noindex"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("nofollow nosnippet"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("max-snippet: 20 noindexing"));
  // A value is one word: what follows it is a directive again.
  CHECK(x_robots_tag_forbids_indexing("max-snippet:10; noindex"));
  CHECK(x_robots_tag_forbids_indexing("max-image-preview:large noindex"));
  CHECK(x_robots_tag_forbids_indexing("max-snippet: 10 noindex"));
  CHECK_FALSE(x_robots_tag_forbids_indexing("max-snippet: 10 nofollow"));
}

TEST_CASE("host config: canonicals of a Link header") {
  CHECK(canonical_link_targets("<https://example.com/a>; rel=\"canonical\"") ==
        std::vector<std::string>{"https://example.com/a"});
  CHECK(canonical_link_targets("<https://cdn.example.com/x.css>; rel=preload; as=style, </b>; REL=Canonical") ==
        std::vector<std::string>{"/b"});
  CHECK(canonical_link_targets("<https://example.com/a,b>; title=\"x, y\"; rel=\"alternate canonical\"") ==
        std::vector<std::string>{"https://example.com/a,b"});
  CHECK(canonical_link_targets("<https://example.com/a>; rel=\"alternate\"; hreflang=de").empty());
  CHECK(canonical_link_targets("<https://example.com/a; rel=canonical").empty());  // no '>'
  // RFC 8288: only a link's first rel counts (section 3.3); an anchor makes it another resource's.
  CHECK(canonical_link_targets("<https://example.com/a>; rel=\"preload\"; rel=\"canonical\"").empty());
  CHECK(canonical_link_targets("<https://example.com/a>; rel=\"canonical\"; anchor=\"/other\"").empty());
  const std::vector<HeaderLink> links =
      header_links("</de>; rel=\"alternate\"; hreflang=\"de\"; hreflang=\"fr\", </en>; rel=alternate; hreflang=en");
  REQUIRE(links.size() == 2);
  CHECK(links[0].target == "/de");
  CHECK(links[0].is("alternate"));
  CHECK(links[0].hreflang == "de");
  CHECK(links[1].hreflang == "en");
}

TEST_CASE("host config: the header facts of a page, with their sources") {
  PageAnswer page;
  add_header_facts({{"x-robots-tag", "otherbot: noindex", "_headers line 2"},
                    {"X-Robots-Tag", "googlebot: noindex", "_headers line 3"},
                    {"Link", "</canonical/>; rel=canonical, <javascript:x>; rel=canonical", "vercel.json line 9"}},
                   "https://example.com/a/b", page);
  REQUIRE(page.header_noindex.size() == 1);
  CHECK(page.header_noindex[0].source == "X-Robots-Tag header (_headers line 3)");
  CHECK(page.header_noindex[0].content == "googlebot: noindex");
  CHECK(page.header_noindex[0].line == 0);
  REQUIRE(page.header_canonicals.size() == 2);
  CHECK(page.header_canonicals[0].href == "/canonical/");
  CHECK(page.header_canonicals[0].url == "https://example.com/canonical/");
  CHECK(page.header_canonicals[0].source == "Link header (vercel.json line 9)");
  CHECK(page.header_canonicals[1].url.empty());  // no http(s) URL
}

TEST_CASE("host config: a Link header's '..' above the root stops at the root") {
  PageAnswer page;
  add_header_facts({{"Link", "<../../x>; rel=canonical, <https://example.com/../y>; rel=canonical", "_headers line 4"}},
                   "https://example.com/a/b", page);
  REQUIRE(page.header_canonicals.size() == 2);
  CHECK(page.header_canonicals[0].href == "../../x");
  CHECK(page.header_canonicals[0].url == "https://example.com/x");  // RFC 3986 section 5.2.4
  CHECK(page.header_canonicals[1].url == "https://example.com/y");
}

TEST_CASE("host config: vercel.json read, with the line of each rule") {
  const VercelFile file = parse_vercel_json(R"json({
  "cleanUrls": true,
  "trailingSlash": false,
  "redirects": [
    { "source": "/old/:path*", "destination": "/new/:path*" },
    { "source": "/temp", "destination": "/a", "permanent": false },
    { "source": "/gone", "destination": "/", "statusCode": 301 },
    { "source": "/uk", "destination": "/en-gb", "has": [{ "type": "header", "key": "x-country" }] }
  ],
  "rewrites": [{ "source": "/(.*)", "destination": "/index.html" }],
  "headers": [
    { "source": "/drafts/(.*)", "headers": [{ "key": "X-Robots-Tag", "value": "noindex" }] }
  ]
})json");
  CHECK(file.problems.empty());
  const VercelConfig& v = file.config;
  CHECK(v.clean_urls);
  CHECK(v.trailing_slash == false);
  CHECK(v.clean_urls_where == "vercel.json line 2");
  REQUIRE(v.redirects.size() == 3);  // the one with `has` is left out
  CHECK(v.redirects[0].code == 308);
  CHECK(v.redirects[0].where == "vercel.json line 5");
  CHECK(v.redirects[1].code == 307);
  CHECK(v.redirects[2].code == 301);
  REQUIRE(v.rewrites.size() == 1);
  REQUIRE(v.headers.size() == 1);
  CHECK(v.headers[0].set[0].source == "vercel.json line 12");
}

TEST_CASE("host config: a vercel.json that is malformed is named, and what can be read is") {
  CHECK(parse_vercel_json("{\n  \"cleanUrls\": true,\n}").problems ==
        std::vector<std::string>{
            "vercel.json: not JSON (line 3, column 1); Vercel would not deploy it, and it is not read"});
  CHECK(parse_vercel_json("[1]").problems == std::vector<std::string>{"vercel.json: not a JSON object; not read"});
  CHECK(parse_vercel_json(std::string(100000, '[')).problems ==
        std::vector<std::string>{"vercel.json: nested 32 levels deep or more; not read"});
  const VercelFile file = parse_vercel_json(R"json({
  "cleanUrls": "yes",
  "redirects": [
    "/a",
    { "source": "a", "destination": "/b" },
    { "source": "/:p(\\d+)", "destination": "/b" },
    { "source": "/c", "destination": "/d", "statusCode": 200 },
    { "source": "/e", "destination": "/f" }
  ],
  "rewrites": {},
  "headers": [{ "source": "/x", "headers": [{ "key": "X-Robots-Tag" }] }]
})json");
  CHECK(file.problems == std::vector<std::string>{
                             "vercel.json line 2: cleanUrls must be true or false; left out",
                             "vercel.json line 4: a rule must be an object; left out",
                             "vercel.json line 5: a rule needs a \"source\" path beginning with '/'; left out",
                             "vercel.json line 6: the source '/:p(\\d+)' holds a regular expression beyond \":name\", "
                             "\":name*\" and \"(.*)\", which is not read; left out",
                             "vercel.json line 7: statusCode must be 301, 302, 303, 307 or 308; left out",
                             "vercel.json line 10: rewrites must be an array; left out",
                             "vercel.json line 11: a header is {\"key\": \"...\", \"value\": \"...\"}; left out"});
  CHECK_FALSE(file.config.clean_urls);
  CHECK(file.config.redirects.size() == 1);
}

TEST_CASE("host config: Vercel's cleanUrls and trailingSlash, each way") {
  const std::string none = "{}";
  CHECK(vercel(none, kSite, "/a") == "404 404.html");
  CHECK(vercel(none, kSite, "/a.html") == "200 a.html");
  CHECK(vercel(none, kSite, "/docs") == "200 docs/index.html");
  CHECK(vercel(none, kSite, "/docs/") == "200 docs/index.html");

  const std::string clean = R"json({"cleanUrls": true})json";
  CHECK(vercel(clean, kSite, "/a") == "200 a.html");
  CHECK(vercel(clean, kSite, "/a.html") == "308 /a (Vercel serves pages without .html: cleanUrls, vercel.json line 1)");
  CHECK(vercel(clean, kSite, "/docs/index.html").starts_with("308 /docs ("));
  CHECK(vercel(clean, kSite, "/index.html").starts_with("308 / ("));
  CHECK(vercel(clean, kSite, "/docs") == "200 docs/index.html");

  const std::string slash = R"json({"trailingSlash": true})json";
  CHECK(vercel(slash, kSite, "/docs") ==
        "308 /docs/ (Vercel serves pages with a final slash: trailingSlash, vercel.json line 1)");
  CHECK(vercel(slash, kSite, "/docs/") == "200 docs/index.html");
  CHECK(vercel(slash, kSite, "/a.html") == "200 a.html");  // a file's name keeps no slash
  CHECK(vercel(slash, kSite, "/app.css/").starts_with("308 /app.css ("));
  CHECK(vercel(slash, kSite, "/") == "200 index.html");

  const std::string no_slash = R"json({"trailingSlash": false})json";
  CHECK(vercel(no_slash, kSite, "/docs/").starts_with("308 /docs (Vercel serves pages without a final slash"));
  CHECK(vercel(no_slash, kSite, "/docs") == "200 docs/index.html");
  CHECK(vercel(no_slash, kSite, "/") == "200 index.html");

  const std::string both = R"json({"cleanUrls": true, "trailingSlash": true})json";
  CHECK(vercel(both, kSite, "/a").starts_with("308 /a/ ("));
  CHECK(vercel(both, kSite, "/a/") == "200 a.html");
  CHECK(vercel(both, kSite, "/a.html").starts_with("308 /a/ ("));
  CHECK(vercel(both, kSite, "/docs/index.html").starts_with("308 /docs/ ("));
}

TEST_CASE("host config: Vercel's redirects come before the files, its rewrites after") {
  const std::string config = R"json({
    "redirects": [
      { "source": "/a.html", "destination": "/elsewhere" },
      { "source": "/blog/:slug", "destination": "https://blog.example.com/:slug", "permanent": false }
    ],
    "rewrites": [
      { "source": "/docs/index.html", "destination": "/a.html" },
      { "source": "/p/:id", "destination": "/:id.html" },
      { "source": "/proxy/(.*)", "destination": "https://api.example.com/$1" },
      { "source": "/broken/(.*)", "destination": "/nothing.html" },
      { "source": "/(.*)", "destination": "/index.html" }
    ]
  })json";
  CHECK(vercel(config, kSite, "/a.html") == "308 /elsewhere (vercel.json line 3)");  // no shadowing
  CHECK(vercel(config, kSite, "/blog/first") == "307 https://blog.example.com/first (vercel.json line 4)");
  CHECK(vercel(config, kSite, "/docs/index.html") == "200 docs/index.html");  // the file first
  CHECK(vercel(config, kSite, "/p/a") == "200 a.html (vercel.json line 8)");  // a page of its own
  CHECK(vercel(config, kSite, "/broken/x") == "404 404.html (vercel.json line 10)");
  CHECK(vercel(config, kSite, "/proxy/x") == "fallback index.html (vercel.json line 11)");  // a proxy is not judged
  CHECK(vercel(config, kSite, "/pricing") == "fallback index.html (vercel.json line 11)");
  // Without a vercel.json, or for another host, none of it.
  CHECK(vercel("", kSite, "/pricing") == "404 404.html");
}
