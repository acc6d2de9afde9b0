// The origin of a URL as one string: one for every spelling of the same scheme, host and port.
#include <doctest/doctest.h>

#include "analysis/url_origin.h"

using namespace sitemaplint;

TEST_CASE("url origin: case, default ports and user information make no other origin") {
  CHECK(origin_of_url("https://example.com/a?b#c") == "https://example.com");
  CHECK(origin_of_url("HTTPS://Example.COM:443/") == "https://example.com");
  CHECK(origin_of_url("http://example.com:80") == "http://example.com");
  CHECK(origin_of_url("HTTP://HOST:080/x") == "http://host");
  CHECK(origin_of_url("http://host:/x") == "http://host");
  CHECK(origin_of_url("http://user:pw@host:8080/x") == "http://host:8080");
  CHECK(origin_of_url("http://host:08080/x") == "http://host:8080");
  CHECK(origin_of_url("http://host:000/x") == "http://host:0");
  CHECK(origin_of_url("https://host:80/") == "https://host:80");  // another scheme's port is a port
  CHECK(origin_of_url("http://[::1]:80/") == "http://[::1]");
  CHECK(origin_of_url("http://[::1]/") == "http://[::1]");
}

TEST_CASE("url origin: no http(s) origin, no string") {
  CHECK(origin_of_url("/relative").empty());
  CHECK(origin_of_url("ftp://example.com/").empty());
  CHECK(origin_of_url("http:///path").empty());
  CHECK(origin_of_url("mailto:a@b").empty());
}

TEST_CASE("url origin: the home page is the origin's root, with no query") {
  CHECK(is_home_page("https://example.com"));
  CHECK(is_home_page("https://example.com/"));
  CHECK(is_home_page("https://example.com/#top"));
  CHECK_FALSE(is_home_page("https://example.com/?page=2"));
  CHECK_FALSE(is_home_page("https://example.com/about"));
  CHECK_FALSE(is_home_page("/"));
}
