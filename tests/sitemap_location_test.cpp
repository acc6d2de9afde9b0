// A sitemap's scope (analysis/sitemap_location): which URLs it may list, by scheme, host, port
// and folder. A URL that starts with the sitemap's folder as its address writes it is decided
// without parsing; these cases hold that short cut to the verdict of the full comparison,
// including the dot segments that lead out of the folder after a matching start.
#include "analysis/sitemap_location.h"

#include <doctest/doctest.h>

#include <string>

using namespace sitemaplint;

namespace {

SitemapLocation located(const std::string& url) {
  std::string error;
  const auto location = parse_sitemap_location(url, &error);
  REQUIRE_MESSAGE(location, error);
  return *location;
}

}  // namespace

TEST_CASE("the folder's URL is the address's scheme, host, port when not the default, and folder") {
  CHECK(located("https://example.com/blog/sitemap.xml").folder_url == "https://example.com/blog/");
  CHECK(located("HTTP://Example.COM:80/sitemap.xml").folder_url == "http://example.com/");
  CHECK(located("https://example.com:8443/a/b/sitemap.xml?x=1").folder_url == "https://example.com:8443/a/b/");
  CHECK(located("https://example.com/a/../b/sitemap.xml").folder_url == "https://example.com/b/");
}

TEST_CASE("URLs in the sitemap's folder are in scope, however they are written") {
  const SitemapLocation at = located("https://example.com/blog/sitemap.xml");
  for (const char* url :
       {"https://example.com/blog/", "https://example.com/blog/post.html", "https://example.com/blog/a/b/c?q=/../x#/..",
        "https://example.com/blog/.well", "https://EXAMPLE.com/blog/x", "HTTPS://example.com/blog/x",
        "https://example.com:443/blog/x", "https://example.com/blog/%7Euser", "https://example.com/other/../blog/x",
        "https://example.com/blog/a/./b", "https://example.com/blog/a/../b"}) {
    CAPTURE(url);
    CHECK(check_scope(at, url).mismatch == ScopeMismatch::None);
  }
}

TEST_CASE("a dot segment after the folder's start that climbs out of it is outside the scope") {
  const SitemapLocation at = located("https://example.com/blog/sitemap.xml");
  for (const char* url :
       {"https://example.com/blog/../shop/x", "https://example.com/blog/a/../../shop/",
        "https://example.com/blog/%2e%2e/shop/x", "https://example.com/blog/%2E%2E/shop/x",
        "https://example.com/blog/.%2e/shop/x", "https://example.com/blog/..", "https://example.com/blog/..?q"}) {
    CAPTURE(url);
    const ScopeVerdict verdict = check_scope(at, url);
    CHECK(verdict.mismatch == ScopeMismatch::Path);
    CHECK(verdict.found.rfind("/blog/", 0) != 0);
  }
}

TEST_CASE("URLs on another scheme, host or port, or above the folder, are outside the scope") {
  const SitemapLocation at = located("https://example.com/blog/sitemap.xml");
  CHECK(check_scope(at, "http://example.com/blog/x").mismatch == ScopeMismatch::Scheme);
  CHECK(check_scope(at, "https://example.com.evil.test/blog/x").mismatch == ScopeMismatch::Host);
  CHECK(check_scope(at, "https://www.example.com/blog/x").mismatch == ScopeMismatch::Host);
  CHECK(check_scope(at, "https://example.com:8443/blog/x").mismatch == ScopeMismatch::Port);
  CHECK(check_scope(at, "https://example.com/blogs/x").mismatch == ScopeMismatch::Path);
  CHECK(check_scope(at, "https://example.com/Blog/x").mismatch == ScopeMismatch::Path);
  CHECK(check_scope(at, "https://example.com/").mismatch == ScopeMismatch::Path);
}

TEST_CASE("a port is a number: leading zeros name the same port, an empty one the scheme's default") {
  const SitemapLocation at = located("http://127.0.0.1:8722/sitemap.xml");
  for (const char* url : {"http://127.0.0.1:8722/x", "http://127.0.0.1:08722/x", "http://127.0.0.1:0000008722/x"}) {
    CAPTURE(url);
    CHECK(check_scope(at, url).mismatch == ScopeMismatch::None);
  }
  const ScopeVerdict other = check_scope(at, "http://127.0.0.1:08723/x");
  CHECK(other.mismatch == ScopeMismatch::Port);
  CHECK(other.found == "8723");
  const ScopeVerdict empty = check_scope(at, "http://127.0.0.1:/x");
  CHECK(empty.mismatch == ScopeMismatch::Port);
  CHECK(empty.found == "80");
  // A number too long for any integer is compared digit by digit, not wrapped round.
  CHECK(check_scope(at, "http://127.0.0.1:18446744073709560338/x").mismatch == ScopeMismatch::Port);
  // The sitemap's own port, written with zeros or left empty, is read the same way.
  CHECK(located("http://example.com:08080/sitemap.xml").port == "8080");
  CHECK(located("http://example.com:08080/sitemap.xml").folder_url == "http://example.com:8080/");
  CHECK(located("https://example.com:/sitemap.xml").port == "443");
  CHECK(located("https://example.com:0443/sitemap.xml").folder_url == "https://example.com/");
  CHECK(check_scope(located("https://example.com:/sitemap.xml"), "https://example.com:443/x").mismatch ==
        ScopeMismatch::None);
}
