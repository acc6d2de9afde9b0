// When two URLs are the same page (RFC 3986 6.2.2 and 6.2.3), and the slips that make two
// URLs differ by one overlooked thing.
#include <doctest/doctest.h>

#include "analysis/same_url.h"

using namespace sitemaplint;

namespace {

std::string normal(std::string_view url) {
  std::string out = "left over from before";
  normalise_url(url, &out);
  return out;
}

}  // namespace

TEST_CASE("same URL: the normal form") {
  CHECK(normal("HTTPS://ABCCParis.GitHub.io/AllBlacks/") == "https://abccparis.github.io/AllBlacks/");
  CHECK(normal("https://example.com") == "https://example.com/");
  CHECK(normal("https://example.com?q=1") == "https://example.com/?q=1");
  CHECK(normal("http://example.com:80/a") == "http://example.com/a");
  CHECK(normal("https://example.com:443/a") == "https://example.com/a");
  CHECK(normal("https://example.com:0443/a") == "https://example.com/a");
  CHECK(normal("ftp://example.com:21/a") == "ftp://example.com/a");
  CHECK(normal("https://example.com:80/a") == "https://example.com:80/a");
  CHECK(normal("https://example.com:/a") == "https://example.com/a");
  CHECK(normal("https://example.com/%7euser/%2fx%2F?q=%41%3d#%62") == "https://example.com/~user/%2Fx%2F?q=A%3D#b");
  CHECK(normal("https://example.com/caf\xC3\xA9") == "https://example.com/caf%C3%A9");
  // A '%' that starts no escape is escaped, so that no escape appears beside it on the next pass.
  CHECK(normal("https://example.com/%%341?%zz") == "https://example.com/%2541?%25zz");
  CHECK(normal(normal("https://example.com/%%341")) == normal("https://example.com/%%341"));
  // Decoding does not make a scheme out of escapes: such a value stays as it is written.
  CHECK(normal("h%2e://x") == "h%2e://x");
  CHECK(normal("https://User@Example.COM/P") == "https://User@example.com/P");
  CHECK(normal("https://[::1]:8443/") == "https://[::1]:8443/");
  // Not a host and a port: written as it is, so that normalising the normal form changes nothing.
  CHECK(normal("h://::") == "h://::/");
  CHECK(normal("https://a:b:/x") == "https://a:b:/x");
  CHECK(normal(normal("https://http::/x")) == normal("https://http::/x"));
  CHECK(normal("https://example.com/a/./b/../c/.") == "https://example.com/a/c/");
  CHECK(normal("https://example.com/../a/..") == "https://example.com/");
  CHECK(normal("https://example.com/a/.hidden/..b") == "https://example.com/a/.hidden/..b");
  CHECK(normal("https://example.com/a?x=/../y") == "https://example.com/a?x=/../y");
  // The query and the path keep their case and their slashes.
  CHECK(normal("https://example.com/A/?Q=B") == "https://example.com/A/?Q=B");
  // Without "scheme://", only the escapes are normalised.
  CHECK(normal("/en/%7e") == "/en/~");
  // Escapes normalising leaves alone (upper-case hex of a byte that stays escaped) are copied as
  // they stand, in runs; every other escape beside them is still normalised.
  CHECK(normal("https://example.com/%E5%95%86%E5%93%81-%D1%81") == "https://example.com/%E5%95%86%E5%93%81-%D1%81");
  CHECK(normal("https://example.com/%E5%95%86%e5%93%81%41%2F%2f%") ==
        "https://example.com/%E5%95%86%E5%93%81A%2F%2F%25");
  CHECK(normal("https://example.com/%E5%9") == "https://example.com/%E5%259");
  CHECK(normal("https://EX%41MPLE.com/%5A") == "https://example.com/Z");
}

TEST_CASE("same URL: equal normal forms, equal keys, different ones, different keys") {
  CHECK(url_key(normal("https://Example.com")) == url_key(normal("https://example.com:443/")));
  CHECK(url_key(normal("https://example.com/a")) != url_key(normal("https://example.com/a/")));
  CHECK(url_key(normal("https://example.com/a")) != url_key(normal("http://example.com/a")));
}

TEST_CASE("same URL: slips") {
  CHECK(url_slip("https://example.com/a", "http://example.com/a") == UrlSlip::Scheme);
  CHECK(url_slip("https://example.com/a", "https://www.example.com/a") == UrlSlip::Www);
  CHECK(url_slip("https://www.example.com/a", "https://example.com/a") == UrlSlip::Www);
  CHECK(url_slip("https://example.com/a", "https://example.com/a/") == UrlSlip::TrailingSlash);
  CHECK(url_slip("https://example.com/a/?q", "https://example.com/a?q") == UrlSlip::TrailingSlash);
  CHECK(url_slip("https://example.com/a", "https://example.com/a") == UrlSlip::None);
  CHECK(url_slip("https://example.com/a", "https://example.com/b") == UrlSlip::None);
  CHECK(url_slip("https://example.com/a", "http://www.example.com/a") == UrlSlip::None);  // two slips
  CHECK(url_slip("https://example.com/", "https://example.com") == UrlSlip::None);  // "/" is the root
}

TEST_CASE("same URL: the shortcut for URLs already in normal form agrees with the normal form") {
  for (const char* url : {"https://example.com/a",
                          "https://example.com/a/?Q=B#F",
                          "http://example.com/",
                          "https://example.com/.well-known/x",
                          "https://Example.com/a",
                          "https://example.com",
                          "https://example.com:443/a",
                          "https://example.com/%7e",
                          "https://example.com/a/../b",
                          "https://u@example.com/a",
                          "https://example.com/caf\xC3\xA9",
                          "HTTPS://example.com/a",
                          "https://example.com/a?x=%41",
                          "https://[::1]/a",
                          "https://example.com?q",
                          "https://example.com/%E5%95%86",
                          "https://example.com/%e5",
                          "https://example.com/%41",
                          "https://example.com/%2F/%2e%2E/",
                          "https://example.com/a%",
                          "https://example.com/a%E",
                          "https://example.com/?q=%E5%95%86#%C3%A9",
                          "https://example.com/?q=%7E",
                          "https://example.com/%GG"}) {
    CAPTURE(url);
    const std::string normal_form = normal(url);
    if (is_normal_form(url)) CHECK(normal_form == url);  // never claimed wrongly
    std::string scratch;
    CHECK(same_url_key(url, &scratch) == url_key(normal_form));
  }
  // The usual sitemap URL takes the shortcut.
  CHECK(is_normal_form("https://example.com/en/products/item-1/"));
  CHECK(is_normal_form("https://www.example.com/a?utm_source=x&b=C#top"));
  CHECK_FALSE(is_normal_form("https://Example.com/a"));
  CHECK_FALSE(is_normal_form("https://example.com"));
  // An encoded non-English path is its own normal form, and is known to be without a copy.
  CHECK(is_normal_form("https://example.com/%E5%95%86-%D1%81?q=%2F#%C3%A9"));
  CHECK_FALSE(is_normal_form("https://example.com/%e5%95%86"));
  CHECK_FALSE(is_normal_form("https://example.com/%7E"));
  CHECK_FALSE(is_normal_form("https://example.com/%2"));
  // Upper case, ':' and '@' in a path are written as they are, and a dot segment after them is
  // still one (found by the uri fuzz target: "https://.cl/a/ps://.").
  CHECK(is_normal_form("https://example.com/A:b@c"));
  CHECK_FALSE(is_normal_form("https://example.com/A/./b"));
  CHECK_FALSE(is_normal_form("https://example.com/ps://."));
}

TEST_CASE("same URL: two texts are one URL when their normal forms are equal") {
  CHECK(same_url("https://example.com/a", "https://example.com/a"));
  CHECK(same_url(" HTTPS://Example.com:443/%7ea\n", "https://example.com/~a"));
  CHECK_FALSE(same_url("https://example.com/a", "https://example.com/a/"));
  CHECK_FALSE(same_url("https://example.com/a", "https://example.com/b"));
  CHECK_FALSE(same_url("", "https://example.com/"));
}
