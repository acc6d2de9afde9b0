// RFC 3986 section 5 resolution (analysis/reference_resolution.h), with the examples of its
// sections 5.4.1 and 5.4.2, as Atom's xml:base needs it.
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
}

TEST_CASE("reference resolution: no absolute base, or no reference, resolves nothing") {
  CHECK(resolve_reference("g", "archive/").empty());
  CHECK(resolve_reference("g", "").empty());
  CHECK(resolve_reference("a b", "https://example.com/").empty());
  CHECK(is_absolute_uri(" https://example.com/ "));
  CHECK_FALSE(is_absolute_uri("/feed"));
  CHECK_FALSE(is_absolute_uri("//example.com/feed"));
}
