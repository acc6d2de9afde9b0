// How each host answers a path from a build's files (src/pages/host_rules): one case per row of
// docs/pages.md's table of hosts, on a build held in memory.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "pages/host_rules.h"
#include "test_support.h"

using namespace sitemaplint;
using Files = sitemaplint::testing::SiteFilesInMemory;

namespace {

// "200 a.html", "301 /a/", "404", "404 404.html", "fallback index.html": an answer in a line.
std::string answer(HostKind host, const Files& files, std::string_view path, std::string_view redirects = {},
                   std::string site_host = "example.com") {
  HostSetup setup{host, parse_redirects(redirects, default_redirect_code(host))};
  setup.site_host = std::move(site_host);
  const HostAnswer a = answer_path(setup, files, path);
  switch (a.kind) {
    case HostAnswer::Kind::Served: return "200 " + a.file;
    case HostAnswer::Kind::Fallback: return "fallback " + a.file;
    case HostAnswer::Kind::Redirect: return std::to_string(a.code) + " " + a.target;
    case HostAnswer::Kind::Missing: {
      const std::string code = a.code != 0 ? std::to_string(a.code) : "404";
      return a.file.empty() ? code : code + " " + a.file;
    }
  }
  return "?";
}

const Files kPage{{"index.html", "a.html"}};
const Files kFolder{{"index.html", "a/index.html"}};

}  // namespace

TEST_CASE("hosts: a page file, asked for without .html, with a final slash and with .html") {
  CHECK(answer(HostKind::Plain, kPage, "/a") == "404");
  CHECK(answer(HostKind::GithubPages, kPage, "/a") == "200 a.html");
  CHECK(answer(HostKind::Netlify, kPage, "/a") == "200 a.html");
  CHECK(answer(HostKind::CloudflarePages, kPage, "/a") == "200 a.html");
  CHECK(answer(HostKind::Vercel, kPage, "/a") == "404");

  CHECK(answer(HostKind::Plain, kPage, "/a/") == "404");
  CHECK(answer(HostKind::GithubPages, kPage, "/a/") == "404");
  CHECK(answer(HostKind::Netlify, kPage, "/a/") == "301 /a");
  CHECK(answer(HostKind::CloudflarePages, kPage, "/a/") == "308 /a");
  CHECK(answer(HostKind::Vercel, kPage, "/a/") == "404");

  CHECK(answer(HostKind::Plain, kPage, "/a.html") == "200 a.html");
  CHECK(answer(HostKind::GithubPages, kPage, "/a.html") == "200 a.html");
  CHECK(answer(HostKind::Netlify, kPage, "/a.html") == "200 a.html");
  CHECK(answer(HostKind::CloudflarePages, kPage, "/a.html") == "308 /a");
  CHECK(answer(HostKind::Vercel, kPage, "/a.html") == "200 a.html");
}

TEST_CASE("hosts: a folder with index.html, asked for without and with its final slash") {
  CHECK(answer(HostKind::Plain, kFolder, "/a") == "301 /a/");
  CHECK(answer(HostKind::GithubPages, kFolder, "/a") == "301 /a/");
  CHECK(answer(HostKind::Netlify, kFolder, "/a") == "301 /a/");
  CHECK(answer(HostKind::CloudflarePages, kFolder, "/a") == "308 /a/");
  CHECK(answer(HostKind::Vercel, kFolder, "/a") == "200 a/index.html");
  for (HostKind host :
       {HostKind::Plain, HostKind::GithubPages, HostKind::Netlify, HostKind::CloudflarePages, HostKind::Vercel}) {
    CHECK(answer(host, kFolder, "/a/") == "200 a/index.html");
    CHECK(answer(host, kFolder, "/") == "200 index.html");
  }
  CHECK(answer(HostKind::Plain, kFolder, "/a/index.html") == "200 a/index.html");
  CHECK(answer(HostKind::CloudflarePages, kFolder, "/a/index.html") == "308 /a/");
  CHECK(answer(HostKind::CloudflarePages, kFolder, "/index.html") == "308 /");
}

TEST_CASE("hosts: nothing there, with and without 404.html") {
  CHECK(answer(HostKind::Plain, kPage, "/gone") == "404");
  CHECK(answer(HostKind::Netlify, Files{{"index.html", "404.html"}}, "/gone/") == "404 404.html");
  // Cloudflare Pages: the nearest 404.html up the folders; with none at all, a single-page app.
  const Files nested{{"index.html", "blog/404.html"}};
  CHECK(answer(HostKind::CloudflarePages, nested, "/blog/x/y") == "404 blog/404.html");
  CHECK(answer(HostKind::CloudflarePages, nested, "/shop/x") == "fallback index.html");
  CHECK(answer(HostKind::CloudflarePages, Files{{"index.html", "404.html"}}, "/shop/x") == "404 404.html");
  CHECK(answer(HostKind::Netlify, kPage, "/shop/x") == "404");  // no fallback without a rule
}

TEST_CASE("hosts: _redirects, with shadowing on Netlify and not on Cloudflare Pages") {
  const std::string rules =
      "# comment\n"
      "/blog/*  /news/:splat\n"
      "/a       /elsewhere   302\n"
      "/forced  /a           301!\n"
      "/app/*   /index.html  200\n"
      "/gone    /            404\n"
      "/geo     /fr          302  Country=fr\n";
  const std::vector<RedirectRule> parsed = parse_redirects(rules, 301);
  REQUIRE(parsed.size() == 5);  // the conditional rule is left out
  CHECK(parsed[0].line == 2);
  CHECK(parsed[2].force);
  CHECK(answer(HostKind::Netlify, kPage, "/blog/first", rules) == "301 /news/first");
  CHECK(answer(HostKind::CloudflarePages, kPage, "/blog/first", rules) == "302 /news/first");  // its default
  CHECK(answer(HostKind::Netlify, kPage, "/a", rules) == "200 a.html");  // a file shadows the rule
  CHECK(answer(HostKind::CloudflarePages, kPage, "/a", rules) == "302 /elsewhere");  // no shadowing
  CHECK(answer(HostKind::Netlify, kPage, "/forced", rules) == "301 /a");
  CHECK(answer(HostKind::Netlify, kPage, "/app/settings", rules) == "fallback index.html");
  CHECK(answer(HostKind::Netlify, kPage, "/gone", rules) == "404");
  CHECK(answer(HostKind::Plain, kPage, "/blog/first", rules) == "404");  // a plain server reads no _redirects
}

TEST_CASE("hosts: _redirects placeholders, domain-level rules and error codes") {
  const std::string rules =
      "/posts/:year/:slug   /blog/:slug/        301\n"
      "/tag/:name/*         /tags/:name/:splat\n"
      "https://example.com/*  https://www.example.com/:splat  301!\n"
      "/feed                /rss.xml            410\n";
  const std::vector<RedirectRule> parsed = parse_redirects(rules, 301);
  REQUIRE(parsed.size() == 4);
  CHECK(parsed[2].host == "example.com");
  CHECK(parsed[2].from == "/*");
  // A placeholder takes one segment, with or without the final slash; two are not one.
  CHECK(answer(HostKind::Netlify, kPage, "/posts/2024/hello", rules, "www.example.com") == "301 /blog/hello/");
  CHECK(answer(HostKind::Netlify, kPage, "/posts/2024/hello/", rules, "www.example.com") == "301 /blog/hello/");
  CHECK(answer(HostKind::Netlify, kPage, "/posts/2024/a/b", rules, "www.example.com") == "404");
  CHECK(answer(HostKind::Netlify, kPage, "/posts/hello", rules, "www.example.com") == "404");
  CHECK(answer(HostKind::CloudflarePages, kPage, "/tag/go/page/2", rules, "www.example.com") == "302 /tags/go/page/2");
  // The domain-level rule: on its host every path, on another host none; Cloudflare Pages takes none.
  CHECK(answer(HostKind::Netlify, kPage, "/a", rules, "example.com") == "301 https://www.example.com/a");
  CHECK(answer(HostKind::Netlify, kPage, "/a", rules, "www.example.com") == "200 a.html");
  CHECK(answer(HostKind::CloudflarePages, kPage, "/a", rules, "example.com") == "200 a.html");
  // "410": the host answers with that status, not 404.
  CHECK(answer(HostKind::Netlify, kPage, "/feed", rules, "www.example.com") == "410");
}

TEST_CASE("hosts: names") {
  CHECK(host_kind_named("netlify") == HostKind::Netlify);
  CHECK(!host_kind_named("Netlify"));
  CHECK(host_name_list() == "plain, github-pages, netlify, cloudflare-pages or vercel");
  CHECK(host_label(HostKind::Plain) == "a plain web server");
}
