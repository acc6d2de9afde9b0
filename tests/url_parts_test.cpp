// Where the path and the query of a URL are (rules/rule_support's url_parts), found two ways: by
// searching the URL, and from the path its analysis found. The escape rules read the second; it
// must name the same bytes as the first for every shape of URL.
#include <doctest/doctest.h>

#include <string>

#include "rules/rule_support.h"
#include "url_analysis.h"

using namespace sitemaplint;

TEST_CASE("url parts: an analysed URL's parts are those a search of it finds") {
  for (const char* url : {"https://example.com/a/b?x=1&y=2#top",
                          "https://example.com/",
                          "https://example.com",
                          "https://example.com?q=1",
                          "https://example.com#f",
                          "https://example.com/p#f?not-a-query",
                          "https://example.com/p?q#f",
                          "https://example.com/p?",
                          "https://example.com/%E4%B8%AD?q=%20",
                          "https://example.com/caf\xC3\xA9?q=\xC3\xA9#\xC3\xA9",
                          "https://user:pw@example.com:8080/p?q",
                          "https://[2001:db8::1]/p?q",
                          "https://example.com/a b?c",
                          "http://example.com/p%zz?q",
                          "  https://example.com/padded?q  ",
                          "ftp://example.com/p?q",
                          "/relative?q",
                          "",
                          "https://",
                          "https:///p"}) {
    CAPTURE(url);
    UrlAnalysis a;
    analyze_url(url, a);
    const UrlParts searched = url_parts(a.trimmed);
    const UrlParts analysed = url_parts(a);
    CHECK(analysed.path_begin == searched.path_begin);
    CHECK(analysed.path_end == searched.path_end);
    CHECK(analysed.query_begin == searched.query_begin);
    CHECK(analysed.query_end == searched.query_end);
  }
}
