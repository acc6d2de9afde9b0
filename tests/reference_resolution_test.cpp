// RFC 3986 section 5 resolution (analysis/reference_resolution.h), with the examples of its
// sections 5.4.1 and 5.4.2, as Atom's xml:base, index children, page heads and Link headers need it.
#include <doctest/doctest.h>

#include "analysis/reference_resolution.h"

using namespace sitemaplint;

TEST_CASE("reference resolution: RFC 3986's normal examples") {
  const char* base = "http://a/b/c/d;p?q";
  CHECK(resolve_reference("g", base) == "http://a/b/c/g");
  CHECK(resolve_reference("./g", base) == "http://a/b/c/g");
  CHECK(resolve_reference("g/", base) == "http://a/b/c/g/");
  CHECK(resolve_reference("/g", base) == "http://a/g");
  CHECK(resolve_reference("//g", base) == "http://g");
  CHECK(resolve_reference("?y", base) == "http://a/b/c/d;p?y");
  CHECK(resolve_reference("#s", base) == "http://a/b/c/d;p?q#s");
  CHECK(resolve_reference("../g", base) == "http://a/b/g");
  CHECK(resolve_reference("../../g", base) == "http://a/g");
  CHECK(resolve_reference("", base) == "http://a/b/c/d;p?q");
}

TEST_CASE("reference resolution: RFC 3986's abnormal examples (section 5.4.2)") {
  const char* base = "http://a/b/c/d;p?q";
  // More ".." than the path has segments: they stop at the root.
  CHECK(resolve_reference("../../../g", base) == "http://a/g");
  CHECK(resolve_reference("../../../../g", base) == "http://a/g");
  CHECK(resolve_reference("/./g", base) == "http://a/g");
  CHECK(resolve_reference("/../g", base) == "http://a/g");
  CHECK(resolve_reference("g.", base) == "http://a/b/c/g.");
  CHECK(resolve_reference(".g", base) == "http://a/b/c/.g");
  CHECK(resolve_reference("g..", base) == "http://a/b/c/g..");
  CHECK(resolve_reference("..g", base) == "http://a/b/c/..g");
  CHECK(resolve_reference("./../g", base) == "http://a/b/g");
  CHECK(resolve_reference("./g/.", base) == "http://a/b/c/g/");
  CHECK(resolve_reference("g/./h", base) == "http://a/b/c/g/h");
  CHECK(resolve_reference("g/../h", base) == "http://a/b/c/h");
  CHECK(resolve_reference("g;x=1/./y", base) == "http://a/b/c/g;x=1/y");
  CHECK(resolve_reference("g;x=1/../y", base) == "http://a/b/c/y");
  CHECK(resolve_reference("g?y/./x", base) == "http://a/b/c/g?y/./x");
  CHECK(resolve_reference("g#s/../x", base) == "http://a/b/c/g#s/../x");
  // An xml:base chain climbing above the root, as an Atom feed may write it.
  CHECK(resolve_reference("../../x?q#f", "https://example.com/other/") == "https://example.com/x?q#f");
  // Up to the root and no further: the path is "/" (Boost.URL 1.81 alone gives "/.." or "/./").
  CHECK(resolve_reference("..", "https://example.com/a") == "https://example.com/");
  CHECK(resolve_reference("../..?q", "https://example.com/a") == "https://example.com/?q");
}

TEST_CASE("reference resolution: no absolute base, or no reference, resolves nothing") {
  CHECK(resolve_reference("g", "archive/").empty());
  CHECK(resolve_reference("g", "").empty());
  CHECK(resolve_reference("a b", "https://example.com/").empty());
  CHECK(is_absolute_uri(" https://example.com/ "));
  CHECK_FALSE(is_absolute_uri("/feed"));
  CHECK_FALSE(is_absolute_uri("//example.com/feed"));
}

TEST_CASE("reference resolution: an absolute reference needs no base and loses its dot segments") {
  CHECK(resolve_reference("https://example.com/a/../../x", "") == "https://example.com/x");
  CHECK(resolve_reference("https://example.com/..", "not a base") == "https://example.com/");
  CHECK(resolve_reference("http://a/b/../../../g?q#f", "https://example.com/") == "http://a/g?q#f");
}

TEST_CASE("reference resolution: http(s) references, the scheme in lower case, others resolve to nothing") {
  const char* base = "https://example.com/dir/page";
  CHECK(resolve_http_reference("../../../x", base) == "https://example.com/x");
  CHECK(resolve_http_reference("HTTPS://Example.com/a/../b", "") == "https://Example.com/b");
  CHECK(resolve_http_reference("x", "HTTP://example.com/") == "http://example.com/x");
  CHECK(resolve_http_reference("//other.example.org/../y", base) == "https://other.example.org/y");
  CHECK(resolve_http_reference("javascript:void(0)", base).empty());
  CHECK(resolve_http_reference("ftp://example.com/file", base).empty());
  CHECK(resolve_http_reference("https://", base).empty());
  CHECK(resolve_http_reference("x", "file:///srv/page").empty());
  CHECK(resolve_http_reference("/x", "").empty());
}
