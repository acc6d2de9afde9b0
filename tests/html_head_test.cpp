// The HTML head reader (src/pages/html_head.h): robots meta tags, canonicals, alternates, meta
// refresh, lang, title and charset, read only from the elements an HTML5 parser keeps in <head>,
// with the line of each, and bounded in time and memory whatever the bytes; the page decoded in
// the encoding a browser would choose, and what keeps a page from being read recorded.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "analysis/encoding_labels.h"
#include "pages/html_head.h"

using namespace sitemaplint;

namespace {

constexpr std::string_view kPage = "https://example.com/dir/sub/page.html";

HeadFacts head(std::string_view html, std::string_view page_url = kPage) { return read_html_head(html, page_url); }

std::string describe(const NoindexDirective& directive) {
  return directive.source + " [" + directive.content + "] line " + std::to_string(directive.line);
}

std::vector<std::string> describe(const std::vector<NoindexDirective>& directives) {
  std::vector<std::string> out;
  for (const NoindexDirective& directive : directives) out.push_back(describe(directive));
  return out;
}

// "url [href] line N", after "hreflang " for an alternate that has one.
std::string describe(const PageLink& link) {
  return (link.hreflang.empty() ? "" : link.hreflang + " ") + link.url + " [" + link.href + "] line " +
         std::to_string(link.line);
}

std::vector<std::string> describe(const std::vector<PageLink>& links) {
  std::vector<std::string> out;
  for (const PageLink& link : links) out.push_back(describe(link));
  return out;
}

// Whether a head holding just one robots meta tag with this content forbids indexing.
bool forbids(const std::string& content) {
  return !head("<meta name=\"robots\" content=\"" + content + "\">").noindex.empty();
}

// The resolved URL of a canonical with this href on kPage.
std::string canonical_url(const std::string& href, std::string_view page_url = kPage) {
  const HeadFacts facts = head("<link rel=\"canonical\" href=\"" + href + "\">", page_url);
  REQUIRE(facts.canonicals.size() == 1);
  return facts.canonicals[0].url;
}

// "url [href]" of the refresh a meta tag with this content makes, or "none".
std::string refresh(const std::string& content) {
  std::string attribute;
  for (const char c : content) attribute += c == '"' ? std::string("&quot;") : std::string(1, c);
  const HeadFacts facts = head("<meta http-equiv=\"refresh\" content=\"" + attribute + "\">");
  return facts.refresh ? facts.refresh->url + " [" + facts.refresh->href + "]" : "none";
}

// A string literal's bytes, NULs included.
template <std::size_t N>
std::string bytes_of(const char (&literal)[N]) {
  return std::string(literal, N - 1);
}

// Lines as the page's lines are counted: LF, CRLF and a lone CR each end one.
std::size_t line_count(std::string_view text) {
  std::size_t lines = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) ++lines;
  }
  return lines;
}

std::string random_bytes(std::mt19937& random) {
  std::uniform_int_distribution<int> byte(0, 255);
  std::string bytes(1 + random() % 4000, '\0');
  for (char& c : bytes) c = static_cast<char>(byte(random));
  return bytes;
}

// Markup-like noise, to reach the states of the scan and of the parser that random bytes do not.
std::string random_markup(std::mt19937& random) {
  static const std::vector<std::string> kPieces = {"<",
                                                   ">",
                                                   "<!--",
                                                   "-->",
                                                   "--!>",
                                                   "</",
                                                   "<template>",
                                                   "</template>",
                                                   "<script>",
                                                   "</script>",
                                                   "\"",
                                                   "'",
                                                   "=",
                                                   " ",
                                                   "\n",
                                                   "\r",
                                                   "<meta name=robots content=noindex>",
                                                   "<link rel=canonical href=",
                                                   "<noscript>",
                                                   "<html",
                                                   "<head>",
                                                   "<body>",
                                                   "<title>",
                                                   "<svg>",
                                                   "<!DOCTYPE html>",
                                                   "&amp;",
                                                   "\xC3",
                                                   std::string(1, '\0')};
  std::string markup;
  for (int i = 0; i < 300; ++i) markup += kPieces[random() % kPieces.size()];
  return markup;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string repeated(std::string_view piece, std::size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += piece;
  return out;
}

}  // namespace

TEST_CASE("html head: each robots or googlebot meta tag that forbids indexing is recorded, with its line") {
  const HeadFacts facts = head(
      "<!DOCTYPE html>\n"  // 1
      "<html lang=\"en-GB\">\n"  // 2
      "<head>\n"  // 3
      "<meta charset=\"utf-8\">\n"  // 4
      "<meta name=\"robots\" content=\"noindex, follow\">\n"  // 5
      "<meta name=\"googlebot\" content=\" NOINDEX \">\n"  // 6
      "<meta name=\"robots\" content=\"index, follow\">\n"  // 7
      "<meta name=\"bingbot\" content=\"noindex\">\n"  // 8: another crawler's, not recorded
      "<meta name=\"googlebot-news\" content=\"noindex\">\n"  // 9: neither
      "<meta name=\"ROBOTS\" content=\"none\">\n"  // 10
      "<meta\n  content=\"noindex,nofollow\"\n  NAME=\"GoogleBot\">\n"  // 11-13: the line where the tag starts
      "<title>A page</title>\n"  // 14
      "</head>\n"
      "<body><p>Text</p></body></html>\n");
  CHECK(describe(facts.noindex) == std::vector<std::string>{
                                       "<meta name=\"robots\"> [noindex, follow] line 5",
                                       "<meta name=\"googlebot\"> [NOINDEX] line 6",
                                       "<meta name=\"robots\"> [none] line 10",
                                       "<meta name=\"googlebot\"> [noindex,nofollow] line 11",
                                   });
  CHECK(facts.lang == "en-GB");
  CHECK(facts.charset == "utf-8");
  CHECK(facts.title == "A page");
  CHECK(facts.canonicals.empty());
  CHECK(facts.alternates.empty());
  CHECK_FALSE(facts.refresh);
  CHECK_FALSE(facts.truncated);
}

TEST_CASE("html head: robots directives are a comma-separated list in any case, valued directives never forbid") {
  CHECK(forbids("noindex"));
  CHECK(forbids("NOINDEX"));
  CHECK(forbids("NoIndex"));
  CHECK(forbids("none"));
  CHECK(forbids("noindex,nofollow"));
  CHECK(forbids(" nofollow ,\tnoindex "));
  CHECK(forbids("max-snippet: 20, noindex"));
  CHECK_FALSE(forbids("index, follow"));
  CHECK_FALSE(forbids("all"));
  CHECK_FALSE(forbids("nofollow"));
  CHECK_FALSE(forbids("noimageindex"));
  CHECK_FALSE(forbids("noindexing"));
  CHECK_FALSE(forbids(""));
  // A directive with a value is not noindex, even when its value is "none" or "noindex".
  CHECK_FALSE(forbids("max-image-preview: none"));
  CHECK_FALSE(forbids("unavailable_after: 2030-01-01"));
  // "googlebot: noindex" is the X-Robots-Tag header's form, which a meta tag does not use.
  CHECK_FALSE(forbids("googlebot: noindex"));
  // Separated by white space or ';' instead of commas: still read as the author meant it.
  CHECK(forbids("noindex nofollow"));
  CHECK(forbids("nofollow;noindex"));
}

TEST_CASE("html head: attributes count in any case, order and quoting, the name is trimmed, the content as written") {
  const HeadFacts facts = head(
      "<META CONTENT=noindex NAME=robots>\n"
      "<meta name='robots' content='none, noarchive'>\n"
      "<meta content=\"noindex\" name=\" Robots \">\n"
      "<meta name=\"robots\">\n"  // no content: nothing to forbid
      "<meta name=\"robots\" content=\"noindex\" name=\"bingbot\">\n"  // a repeated attribute: the first counts
      "<meta name=\"bingbot\" content=\"noindex\" name=\"robots\">\n");
  CHECK(describe(facts.noindex) == std::vector<std::string>{
                                       "<meta name=\"robots\"> [noindex] line 1",
                                       "<meta name=\"robots\"> [none, noarchive] line 2",
                                       "<meta name=\"robots\"> [noindex] line 3",
                                       "<meta name=\"robots\"> [noindex] line 5",
                                   });
}

TEST_CASE("html head: a robots meta tag in a comment, a script, an attribute value or a template does not count") {
  const HeadFacts facts = head(
      "<head>\n"  // 1
      "<!-- <meta name=robots content=noindex> -->\n"  // 2
      "<!-- a comment -- still open --!> <meta name=robots content='none'>\n"  // 3: "--!>" closes a comment
      "<!--> <meta name=googlebot content=noindex>\n"  // 4: "<!-->" is a whole, empty comment
      "<script>document.write('<meta name=robots content=noindex>'); if (a<body) {}</script>\n"  // 5
      "<meta name=\"description\" content=\"<body><meta name=robots content=noindex>\">\n"  // 6
      "<template><meta name=robots content=noindex></template>\n"  // 7: inert content
      "<style>p::after { content: '<body>' }</style>\n"  // 8
      "<title>Not <body> yet</title>\n"  // 9
      "<link rel=canonical href=/still-in-the-head>\n"  // 10: none of the '<body>'s above ended the head
      "</head><body></body>\n");
  CHECK(describe(facts.noindex) == std::vector<std::string>{
                                       "<meta name=\"robots\"> [none] line 3",
                                       "<meta name=\"googlebot\"> [noindex] line 4",
                                   });
  CHECK(describe(facts.canonicals) ==
        std::vector<std::string>{"https://example.com/still-in-the-head [/still-in-the-head] line 10"});
  CHECK(facts.title == "Not <body> yet");
}

// No script runs, so <noscript> holds markup, as for a crawler that reads the served HTML (and
// as gumbo parses it). Its <meta> and <link> elements stay in the head, inside the <noscript>,
// and are read: a robots meta tag there would forbid indexing to such a crawler. Any other
// element in it (a tracking pixel's <img>) ends the head, and what follows is in the body, which
// is why an <img> in a <noscript> in the head costs a page the canonical and hreflang links after it.
TEST_CASE("html head: a noscript in the head is markup, its meta and link count, and an img in it ends the head") {
  const HeadFacts facts = head(
      "<html><head>\n"  // 1
      "<noscript><meta name=\"robots\" content=\"noindex\">\n"  // 2
      "<link rel=\"canonical\" href=\"/in-noscript\"></noscript>\n"  // 3
      "<link rel=\"canonical\" href=\"/after-noscript\">\n"  // 4
      "<noscript><img src=\"/pixel.gif\"></noscript>\n"  // 5: the <img> begins the body
      "<link rel=\"canonical\" href=\"/after-pixel\">\n"  // 6
      "<link rel=\"alternate\" hreflang=\"de\" href=\"/de/\">\n"  // 7
      "</head><body></body></html>\n");
  CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 2"});
  CHECK(describe(facts.canonicals) == std::vector<std::string>{
                                          "https://example.com/in-noscript [/in-noscript] line 3",
                                          "https://example.com/after-noscript [/after-noscript] line 4",
                                      });
  CHECK(facts.alternates.empty());
  CHECK_FALSE(facts.truncated);
}

// gumbo 0.10.1 leaks the DOCTYPE token it ignores in a <noscript> in the head (the sanitizer
// build of the tests would report it); the reader hides every DOCTYPE from gumbo, which only ever
// decides quirks mode.
TEST_CASE("html head: a DOCTYPE anywhere, even in a noscript, changes nothing and leaks nothing") {
  const HeadFacts facts = head(
      "<!DOCTYPE html>\n"
      "<head><noscript><!doctype html\n PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\">\n"
      "<meta name=\"robots\" content=\"noindex\"></noscript>\n"
      "<!DOCTYPE><link rel=\"canonical\" href=\"/c\">\n");
  CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 4"});
  CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/c [/c] line 5"});
}

TEST_CASE("html head: a canonical the parser puts in the body does not count") {
  SUBCASE("in the body") {
    const HeadFacts facts = head(
        "<head><title>T</title></head><body><link rel=\"canonical\" href=\"/b\"><meta name=robots "
        "content=noindex></body>");
    CHECK(facts.canonicals.empty());
    CHECK(facts.noindex.empty());
    CHECK(facts.title == "T");
  }
  SUBCASE("after text, which begins the body without a <body> tag") {
    const HeadFacts facts = head("<title>T</title>\nHello\n<link rel=\"canonical\" href=\"/c\">");
    CHECK(facts.canonicals.empty());
    CHECK(facts.title == "T");
    CHECK_FALSE(facts.truncated);
  }
  SUBCASE("after an element that belongs in the body") {
    const HeadFacts facts = head("<meta charset=utf-8><div></div><link rel=\"canonical\" href=\"/d\">");
    CHECK(facts.canonicals.empty());
    CHECK(facts.charset == "utf-8");
  }
  SUBCASE("between </head> and <body>, the parser puts it back in the head, and it counts") {
    const HeadFacts facts = head(
        "<head><link rel=\"canonical\" href=\"/a\"></head>\n"
        "<link rel=\"canonical\" href=\"/after-head\">\n"
        "<body><link rel=\"canonical\" href=\"/in-body\"></body>");
    CHECK(describe(facts.canonicals) == std::vector<std::string>{
                                            "https://example.com/a [/a] line 1",
                                            "https://example.com/after-head [/after-head] line 2",
                                        });
  }
  SUBCASE("with the head's own tags left out, the parser still makes one") {
    const HeadFacts facts = head("<link rel=\"canonical\" href=\"/implied\"><p>Text</p>");
    CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/implied [/implied] line 1"});
  }
}

TEST_CASE("html head: links resolve against the first <base href>, itself resolved against the page") {
  SUBCASE("an absolute base, after the link it applies to") {
    const HeadFacts facts = head(
        "<link rel=\"canonical\" href=\"a/b?q=1#f\">\n"
        "<base href=\"https://cdn.example.com/x/\">\n"
        "<base href=\"https://second.example.com/\">\n"
        "<link rel=\"alternate\" hreflang=\"fr\" href=\"../fr/\">\n");
    CHECK(describe(facts.canonicals) ==
          std::vector<std::string>{"https://cdn.example.com/x/a/b?q=1 [a/b?q=1#f] line 1"});
    CHECK(describe(facts.alternates) == std::vector<std::string>{"fr https://cdn.example.com/fr/ [../fr/] line 4"});
  }
  SUBCASE("a relative base") {
    const HeadFacts facts = head("<base href=\"/root/\"><link rel=\"canonical\" href=\"page\">");
    CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/root/page [page] line 1"});
  }
  SUBCASE("a base without href is skipped; one that does not resolve leaves the page's URL") {
    const HeadFacts facts = head(
        "<base target=\"_top\"><base href=\"javascript:void(0)\"><base href=\"https://never.example.com/\">"
        "<link rel=\"canonical\" href=\"../a\">");
    CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/dir/a [../a] line 1"});
  }
}

TEST_CASE("html head: a canonical's href resolves as RFC 3986 says, or not at all") {
  CHECK(canonical_url("../a") == "https://example.com/dir/a");
  CHECK(canonical_url("../../../../a") == "https://example.com/a");
  CHECK(canonical_url("/x") == "https://example.com/x");
  CHECK(canonical_url("other.html") == "https://example.com/dir/sub/other.html");
  CHECK(canonical_url("//other.example.org/y") == "https://other.example.org/y");
  CHECK(canonical_url("?q=1") == "https://example.com/dir/sub/page.html?q=1");
  CHECK(canonical_url("#top") == "https://example.com/dir/sub/page.html");  // a fragment names no other page
  CHECK(canonical_url("") == "https://example.com/dir/sub/page.html");
  CHECK(canonical_url("https://example.com/a/./b/../c") == "https://example.com/a/c");
  CHECK(canonical_url("/a/../../b") == "https://example.com/b");
  CHECK(canonical_url("https://example.com/..") == "https://example.com/");
  CHECK(canonical_url("http://example.org") == "http://example.org");
  CHECK(canonical_url("  \n https://example.com/trimmed \t") == "https://example.com/trimmed");
  // Browsers drop tabs and line breaks inside, and percent-encode what a URI cannot hold.
  CHECK(canonical_url("https://example.com/new\nline") == "https://example.com/newline");
  CHECK(canonical_url("https://example.com/caf\xC3\xA9 au lait") == "https://example.com/caf%C3%A9%20au%20lait");
  CHECK(canonical_url("/a b") == "https://example.com/a%20b");
  // Not an http(s) URL, or malformed: no URL, the href kept as written.
  CHECK(canonical_url("javascript:void(0)") == "");
  CHECK(canonical_url("mailto:someone@example.com") == "");
  CHECK(canonical_url("ftp://example.com/file") == "");
  CHECK(canonical_url("https://") == "");
  CHECK(canonical_url("http://[::1") == "");
  CHECK(canonical_url("https://b\xC3\xBC"
                      "cher.example/") == "");  // a host browsers would make punycode
  CHECK(canonical_url("/100%") == "");
  // Without a page URL to resolve against, only an absolute href resolves.
  CHECK(canonical_url("/x", "") == "");
  CHECK(canonical_url("https://example.com/x", "") == "https://example.com/x");
  const HeadFacts facts = head("<link rel=\"canonical\" href=\" javascript:void(0) \">");
  CHECK(describe(facts.canonicals) == std::vector<std::string>{" [ javascript:void(0) ] line 1"});
}

TEST_CASE("html head: rel is a list of tokens in any case, alternates need hreflang, links need href") {
  const HeadFacts facts = head(
      "<link rel=\"Canonical\" href=\"/1\">\n"  // 1
      "<link rel=\"canonical nofollow\" href=\"/2\">\n"  // 2
      "<link rel=\" \tCANONICAL \" href=\"/3\">\n"  // 3
      "<link rel=\"canonicalx\" href=\"/no\">\n"  // 4
      "<link rel=\"canonical\">\n"  // 5: no href
      "<link href=\"/4\" REL=\"canonical\">\n"  // 6
      "<link rel=\"alternate\" hreflang=\"en\" href=\"/en/\">\n"  // 7
      "<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/feed.xml\">\n"  // 8: no hreflang
      "<link hreflang=\"x-default\" href=\"https://example.com/\" rel=\"ALTERNATE\">\n"  // 9
      "<link rel=\"alternate\" hreflang=\"de-AT\" href=\"javascript:x\">\n"  // 10
      "<link rel=\"alternate\" hreflang=\"\" href=\"/empty-lang\">\n"  // 11
      "<link rel=\"stylesheet\" href=\"/style.css\">\n");  // 12
  CHECK(describe(facts.canonicals) == std::vector<std::string>{
                                          "https://example.com/1 [/1] line 1",
                                          "https://example.com/2 [/2] line 2",
                                          "https://example.com/3 [/3] line 3",
                                          "https://example.com/4 [/4] line 6",
                                      });
  CHECK(describe(facts.alternates) == std::vector<std::string>{
                                          "en https://example.com/en/ [/en/] line 7",
                                          "x-default https://example.com/ [https://example.com/] line 9",
                                          "de-AT  [javascript:x] line 10",
                                          "https://example.com/empty-lang [/empty-lang] line 11",
                                      });
}

TEST_CASE("html head: meta refresh gives the first target, in each form HTML accepts") {
  CHECK(refresh("0; url=/new/") == "https://example.com/new/ [/new/]");
  CHECK(refresh("0;url=/new/") == "https://example.com/new/ [/new/]");
  CHECK(refresh("0; URL='/quoted'") == "https://example.com/quoted [/quoted]");
  CHECK(refresh("0; Url = \"/spaced\" and more") == "https://example.com/spaced [/spaced]");
  CHECK(refresh("5, url=/comma") == "https://example.com/comma [/comma]");
  CHECK(refresh("  3.5  ;  url=https://example.org/x") == "https://example.org/x [https://example.org/x]");
  CHECK(refresh(".5; url=/dot") == "https://example.com/dot [/dot]");
  CHECK(refresh("0; /bare") == "https://example.com/bare [/bare]");
  CHECK(refresh("0 next.html") == "https://example.com/dir/sub/next.html [next.html]");
  CHECK(refresh("0; url=javascript:alert(1)") == " [javascript:alert(1)]");
  // "url" without '=' is the start of the URL itself.
  CHECK(refresh("0; urlx") == "https://example.com/dir/sub/urlx [urlx]");
  // A bare delay reloads the page itself: no target.
  CHECK(refresh("3") == "none");
  CHECK(refresh("0;") == "none");
  CHECK(refresh("0; url=") == "none");
  CHECK(refresh("0; url=''") == "none");
  // No delay first: HTML ignores it.
  CHECK(refresh("url=/no-delay") == "none");
  CHECK(refresh("x; url=/no") == "none");
  CHECK(refresh("0x; url=/no") == "none");
  CHECK(refresh("") == "none");

  const HeadFacts facts = head(
      "<meta http-equiv=\"refresh\" content=\"30\">\n"  // a bare delay: no target
      "<meta HTTP-EQUIV=\"Refresh\" content=\"0; url=/first\">\n"
      "<meta http-equiv=\"refresh\" content=\"0; url=/second\">\n");
  REQUIRE(facts.refresh);
  CHECK(describe(*facts.refresh) == "https://example.com/first [/first] line 2");
}

TEST_CASE("html head: lang, the title with its white space collapsed, and the charset as declared") {
  const HeadFacts facts = head(
      "<html lang=\"de-CH\"><head>\n"
      "<meta http-equiv=\"Content-Type\" content=\"text/html; Charset = 'ISO-8859-1'\">\n"
      "<meta charset=\"utf-8\">\n"
      "<title>\n   Hello\n\tWorld  &amp;\r\n more \n</title>\n"
      "<title>Second</title>\n"
      "</head><body><title>In body</title></body></html>");
  CHECK(facts.lang == "de-CH");
  CHECK(facts.title == "Hello World & more");
  CHECK(facts.charset == "ISO-8859-1");
  CHECK(head("<meta http-equiv=\"content-type\" content=\"text/html;charset=windows-1252\">").charset ==
        "windows-1252");
  CHECK(head("<meta charset=\" Shift_JIS \">").charset == "Shift_JIS");
  CHECK(head("<meta http-equiv=\"Content-Type\" content=\"text/html\">").charset == "");
  CHECK(head("<title></title>").title == "");
  CHECK(head("<html LANG=fr>").lang == "fr");
}

TEST_CASE("html head: lines count LF, CRLF and CR line ends, and a byte order mark changes nothing") {
  const HeadFacts facts = head(
      "\xEF\xBB\xBF<!DOCTYPE html>\r\n"  // 1
      "<html>\r"  // 2
      "<head>\n"  // 3
      "<!-- a comment\nover two lines -->\r\n"  // 4-5
      "<meta name=\"robots\" content=\"noindex\">\r\n"  // 6
      "<link rel=\"canonical\"\r\n href=\"/c\">\n");  // 7
  CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 6"});
  CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/c [/c] line 7"});
}

TEST_CASE("html head: truncated when the bytes read end before anything ends the head") {
  const std::string open_head = "<html><head><title>T</title>\n<meta name=\"robots\" content=\"noindex\">\n";
  const std::string metas = repeated("<meta name=\"x\" content=\"y\">\n", 100);
  SUBCASE("cut at max_bytes inside the head") {
    const HeadFacts facts = read_html_head(open_head + metas + "</head><body></body>", kPage, 200);
    CHECK(facts.truncated);
    CHECK(facts.title == "T");
    CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 2"});
  }
  SUBCASE("a prefix of max_bytes, as a caller that reads no more of the page passes") {
    const std::string page = open_head + metas;
    CHECK(read_html_head(page.substr(0, 300), kPage, 300).truncated);
    CHECK_FALSE(read_html_head(page.substr(0, 299), kPage, 300).truncated);
  }
  SUBCASE("a body tag within max_bytes") {
    CHECK_FALSE(read_html_head(open_head + "<body>" + metas, kPage, 200).truncated);
  }
  SUBCASE("text within max_bytes begins the body") {
    CHECK_FALSE(read_html_head(open_head + "Text" + metas, kPage, 200).truncated);
  }
  SUBCASE("a whole page shorter than max_bytes, its head never closed") {
    const HeadFacts facts = read_html_head(open_head + metas, kPage);
    CHECK_FALSE(facts.truncated);
    CHECK(facts.noindex.size() == 1);
  }
  SUBCASE("a tag with more attributes than anyone writes, made to stall the parser") {
    std::string tag = "<meta";
    for (int i = 0; i < 50000; ++i) tag += " a" + std::to_string(i) + "=1";
    const auto start = std::chrono::steady_clock::now();
    const HeadFacts facts = head(open_head + tag + ">\n<link rel=\"canonical\" href=\"/c\">");
    CHECK(seconds_since(start) < 2);
    CHECK(facts.truncated);
    CHECK(facts.noindex.size() == 1);
    CHECK(facts.canonicals.empty());
  }
  SUBCASE("the <html> tag's attributes add up, as the parser merges them") {
    const HeadFacts facts = head(repeated("<html a=1 b=2>", 200) + "<link rel=\"canonical\" href=\"/c\">");
    CHECK(facts.truncated);
    CHECK(facts.canonicals.empty());
  }
  SUBCASE("max_bytes 0") {
    CHECK(read_html_head(open_head, kPage, 0).truncated);
    CHECK_FALSE(read_html_head("", kPage, 0).truncated);
  }
}

TEST_CASE("html head: binary, NUL bytes, invalid UTF-8 and an empty page are read without harm") {
  CHECK(head("").noindex.empty());
  CHECK_FALSE(head("").truncated);
  CHECK(head("<title>a\xFF"
             "b\xC3</title>")
            .title ==
        "a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD");
  // Past the first 8,000 bytes (before them, a NUL makes the page binary), a NUL in a title is
  // U+FFFD, and one between tags is text, which begins the body.
  const std::string comment = "<!--" + std::string(8000, ' ') + "-->";
  const HeadFacts nul = head(comment + bytes_of("<meta name=\"robots\" content=\"noindex\"><title>x\0y</title>\0<link "
                                                "rel=\"canonical\" href=\"/c\">"));
  CHECK(describe(nul.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 1"});
  CHECK(nul.title == "x\xEF\xBF\xBDy");
  CHECK(nul.canonicals.empty());
  CHECK(nul.problem.kind == PageProblemKind::None);
  // gumbo makes a NUL in an attribute U+FFFD, which the URL then holds percent-encoded.
  CHECK(describe(head(comment + bytes_of("<link rel=canonical href=\"/a\0b\">")).canonicals) ==
        std::vector<std::string>{"https://example.com/a%EF%BF%BDb [/a\xEF\xBF\xBD"
                                 "b] line 1"});
  std::mt19937 random(20240601);
  for (int round = 0; round < 200; ++round) {
    std::string bytes = round % 2 == 0 ? random_bytes(random) : random_markup(random);
    // Half of them without NULs, which make a page binary and leave it unparsed.
    if (round % 4 >= 2) std::replace(bytes.begin(), bytes.end(), '\0', ' ');
    const HeadFacts facts = read_html_head(bytes, kPage, 1 + random() % 5000);
    const std::size_t lines = line_count(bytes);
    CHECK(facts.problem.offset <= bytes.size());
    CHECK(facts.problem.line <= lines);
    for (const NoindexDirective& directive : facts.noindex) {
      CHECK(directive.line >= 1);
      CHECK(directive.line <= lines);
    }
    for (const PageLink& link : facts.canonicals) {
      CHECK(link.line >= 1);
      CHECK(link.line <= lines);
      CHECK((link.url.empty() || link.url.starts_with("https://") || link.url.starts_with("http://")));
    }
  }
}

TEST_CASE("html head: deep nesting, big pages and pathological templates end quickly") {
  const std::string before = "<head>\n<meta name=\"robots\" content=\"noindex\">\n";
  SUBCASE("100,000 nested divs where the head would be: the first begins the body") {
    const auto start = std::chrono::steady_clock::now();
    const HeadFacts facts = head(before + repeated("<div>", 100000) + "<link rel=canonical href=/c>");
    CHECK(seconds_since(start) < 2);
    CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 2"});
    CHECK(facts.canonicals.empty());
    CHECK_FALSE(facts.truncated);
  }
  SUBCASE("10,000 nested templates with elements in them in the head: inert, and the head goes on after them") {
    const auto start = std::chrono::steady_clock::now();
    const HeadFacts facts = head(before + "<template>" + repeated("<div><b><table><template>", 10000) + "\n" +
                                 repeated("</template>", 10000) + "</template>\n<link rel=canonical href=/c>");
    CHECK(seconds_since(start) < 2);
    CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 2"});
    CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/c [/c] line 5"});
    CHECK_FALSE(facts.truncated);
  }
  SUBCASE("a <plaintext> in a template makes all that follows its text") {
    const HeadFacts facts = head(before + "<template><plaintext></template><link rel=canonical href=/c>");
    CHECK(facts.noindex.size() == 1);
    CHECK(facts.canonicals.empty());
  }
  SUBCASE("a template never closed") {
    const auto start = std::chrono::steady_clock::now();
    const HeadFacts facts = head(before + "<template>" + repeated("<div>", 100000));
    CHECK(seconds_since(start) < 2);
    CHECK(facts.noindex.size() == 1);
  }
  SUBCASE("a comment closed by --!> before deep nesting") {
    const auto start = std::chrono::steady_clock::now();
    const HeadFacts facts = head(before + "<!-- x --!>" + repeated("<div>", 100000));
    CHECK(seconds_since(start) < 2);
    CHECK(facts.noindex.size() == 1);
  }
  SUBCASE("a 10 MB page whose head never ends") {
    const std::string page = before + repeated("<meta name=\"x\" content=\"y\">\n", 400000);
    REQUIRE(page.size() > 10'000'000);
    const auto start = std::chrono::steady_clock::now();
    const HeadFacts facts = head(page);
    CHECK(seconds_since(start) < 2);
    CHECK(facts.truncated);
    CHECK(facts.noindex.size() == 1);
  }
  SUBCASE("50,000 nested noscript and 50,000 unclosed titles") {
    const auto start = std::chrono::steady_clock::now();
    CHECK(head(before + repeated("<noscript>", 50000)).noindex.size() == 1);
    const HeadFacts titles = head(before + repeated("<title>", 50000));
    CHECK(titles.title.size() == 49999 * 7);  // the first title's text: the tags after it
    CHECK_FALSE(titles.truncated);
    CHECK(seconds_since(start) < 2);
  }
}

TEST_CASE("html head: each tag's offset in the page, a byte order mark counted") {
  const std::string page =
      "\xEF\xBB\xBF<!DOCTYPE html>\n<head>\n<meta name=\"robots\" content=\"noindex\">\n"
      "<link rel=\"canonical\" href=\"/a\">\n</head>\n";
  const HeadFacts facts = read_html_head(page, "https://example.com/");
  REQUIRE(facts.noindex.size() == 1);
  REQUIRE(facts.canonicals.size() == 1);
  CHECK(page.compare(facts.noindex[0].offset, 5, "<meta") == 0);
  CHECK(page.compare(facts.canonicals[0].offset, 5, "<link") == 0);
  CHECK(facts.canonicals[0].line == 4);
}

TEST_CASE("html head: what gumbo is not given changes no fact, line or offset") {
  // A head as real sites write them: scripts, styles, comments, social and viewport meta tags and
  // stylesheets, which no rule reads and which gumbo is spared, around the tags that count.
  const std::string page =
      "<!DOCTYPE html>\r\n<html lang=\"de\">\n<head>\n  <!-- a comment\n over lines -->\n"
      "  <meta charset=\"utf-8\">\n  <meta name=\"viewport\" content=\"width=device-width\">\n"
      "  <script>var a = '<meta name=robots content=noindex>';\n</script>\n"
      "  <style>\nbody { color: red }\n</style>\n  <link rel=\"stylesheet\" href=\"/s.css\">\n"
      "  <meta property=\"og:title\" content=\"x\">\n"
      "  <meta name=\"robots\" content=\"noindex\">\n"
      "  <title> The   title </title>\n"
      "  <link rel=\"preload stylesheet\" href=\"/p.css\"><link rel=\"Canonical\" href=\"/c\">\n"
      "  <link rel=\"alternate\" hreflang=\"en\" href=\"/en\">\n</head><body></body></html>\n";
  const HeadFacts facts = read_html_head(page, "https://example.com/");
  CHECK(facts.lang == "de");
  CHECK(facts.title == "The title");
  CHECK(facts.charset == "utf-8");
  CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 15"});
  CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/c [/c] line 17"});
  CHECK(describe(facts.alternates) == std::vector<std::string>{"en https://example.com/en [/en] line 18"});
  REQUIRE(facts.noindex.size() == 1);
  CHECK(page.compare(facts.noindex[0].offset, 20, "<meta name=\"robots\" ") == 0);
  REQUIRE(facts.canonicals.size() == 1);
  CHECK(page.compare(facts.canonicals[0].offset, 22, "<link rel=\"Canonical\" ") == 0);
  CHECK(page.compare(facts.alternates[0].offset, 22, "<link rel=\"alternate\" ") == 0);
  CHECK(facts.problem.kind == PageProblemKind::None);
}

TEST_CASE("html head: a tag is left out only when the parser would read it as one no rule reads") {
  // The first of two name attributes is the one that counts, for the parser as for the scan.
  CHECK(head("<meta name=\"viewport\" name=\"robots\" content=\"noindex\">").noindex.empty());
  CHECK(head("<meta name=\"robots\" name=\"viewport\" content=\"noindex\">").noindex.size() == 1);
  // A character reference may spell any name: such a tag is given to the parser, which decodes it.
  CHECK(head("<meta name=\"&#114;obots\" content=\"noindex\">").noindex.size() == 1);
  CHECK(head("<link rel=\"&#99;anonical\" href=\"/c\">").canonicals.size() == 1);
  // Names and values in any case and quoting, white space around the value, a name on its own.
  CHECK(head("<META NAME=' GoogleBot ' CONTENT=noindex>").noindex.size() == 1);
  CHECK(head("<meta content=noindex name=robots />").noindex.size() == 1);
  CHECK(head("<meta content=noindex name=robots/>").noindex.empty());  // the name is "robots/"
  CHECK(head("<meta data-x name=robots content=noindex>").noindex.size() == 1);
  CHECK(head("<link href=/c rel=canonical>").canonicals.size() == 1);
  // A refresh and a charset in http-equiv, however the tag is named otherwise.
  CHECK(head("<meta name=\"x\" http-equiv=\"refresh\" content=\"0; url=/b\">").refresh != nullptr);
  CHECK(head("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">").charset == "utf-8");
  // A comment, a script or white space between the tags never joins what surrounds it.
  CHECK(describe(head("<title>a</title><!-- x --><script>y</script>  <link rel=canonical href=/c>").canonicals) ==
        std::vector<std::string>{"https://example.com/c [/c] line 1"});
  // A script that does not end takes the rest of the page, as in a browser.
  CHECK(head("<script>x <link rel=canonical href=/c>").canonicals.empty());
}

// ----------------------------------------------------------------------------------- encodings

namespace {

// The UTF-16 bytes of ASCII or Latin-1 text (every character below U+0100), little or big endian.
std::string utf16(std::string_view latin1, bool little_endian) {
  std::string out;
  for (const char c : latin1) {
    const char zero = '\0';
    out += little_endian ? std::string{c, zero} : std::string{zero, c};
  }
  return out;
}

}  // namespace

TEST_CASE("html head: a windows-1252 page's title, canonical and alternates are decoded before they are read") {
  const std::string page =
      "<!DOCTYPE html>\n"  // 1
      "<html lang=\"fr\"><head>\n"  // 2
      "<meta charset=\"ISO-8859-1\">\n"  // 3: iso-8859-1 means windows-1252
      "<title>Caf\xE9 \x93noir\x94</title>\n"  // 4: 0x93 and 0x94 are quotes in windows-1252, controls in Latin-1
      "<link rel=\"canonical\" href=\"/caf\xE9/\">\n"  // 5
      "<link rel=\"alternate\" hreflang=\"fr\" href=\"/fr/\xE9t\xE9\">\n"  // 6
      "</head><body>\xE9</body></html>\n";
  const HeadFacts facts = head(page);
  CHECK(facts.encoding == "windows-1252");
  CHECK(facts.charset == "ISO-8859-1");
  CHECK(facts.title == "Caf\xC3\xA9 \xE2\x80\x9Cnoir\xE2\x80\x9D");
  CHECK(describe(facts.canonicals) ==
        std::vector<std::string>{"https://example.com/caf%C3%A9/ [/caf\xC3\xA9/] line 5"});
  CHECK(describe(facts.alternates) ==
        std::vector<std::string>{"fr https://example.com/fr/%C3%A9t%C3%A9 [/fr/\xC3\xA9t\xC3\xA9] line 6"});
  REQUIRE(facts.canonicals.size() == 1);
  CHECK(page.compare(facts.canonicals[0].offset, 5, "<link") == 0);
  CHECK(page.compare(facts.alternates[0].offset, 5, "<link") == 0);
  CHECK(facts.problem.kind == PageProblemKind::None);
}

TEST_CASE("html head: a Shift_JIS page's title, and the offsets of its tags in the bytes as they are") {
  // 日本 in Shift_JIS is 93 FA 96 7B; the title comes first, so that the link after it moves.
  const std::string page =
      "<meta charset=\"shift_jis\">\n<title>\x93\xFA\x96\x7B</title>\n<link rel=\"canonical\" href=\"/\x93\xFA\">\n";
  const HeadFacts facts = head(page);
  CHECK(facts.encoding == "Shift_JIS");
  CHECK(facts.title == "\xE6\x97\xA5\xE6\x9C\xAC");
  CHECK(describe(facts.canonicals) == std::vector<std::string>{"https://example.com/%E6%97%A5 [/\xE6\x97\xA5] line 3"});
  REQUIRE(facts.canonicals.size() == 1);
  CHECK(facts.canonicals[0].offset == page.find("<link"));
  CHECK(head("<meta charset=sjis><title>\x93\xFA</title>").title == "\xE6\x97\xA5");
}

TEST_CASE("html head: UTF-16 with a byte order mark, little or big endian, with lines and offsets of the file") {
  const std::string text =
      "<html>\r\n"  // 1
      "<head>\n"  // 2
      "<title>Caf\xE9</title>\n"  // 3
      "<meta name=\"robots\" content=\"noindex\">\n"  // 4
      "<link rel=\"canonical\" href=\"/caf\xE9\">\n";  // 5
  for (const bool little_endian : {true, false}) {
    CAPTURE(little_endian);
    const std::string page = (little_endian ? "\xFF\xFE" : "\xFE\xFF") + utf16(text, little_endian);
    const HeadFacts facts = head(page);
    CHECK(facts.encoding == (little_endian ? "UTF-16LE" : "UTF-16BE"));
    CHECK(facts.title == "Caf\xC3\xA9");
    CHECK(describe(facts.noindex) == std::vector<std::string>{"<meta name=\"robots\"> [noindex] line 4"});
    CHECK(describe(facts.canonicals) ==
          std::vector<std::string>{"https://example.com/caf%C3%A9 [/caf\xC3\xA9] line 5"});
    REQUIRE(facts.canonicals.size() == 1);
    // The offset of the tag's first code unit in the file, byte order mark counted.
    CHECK(facts.canonicals[0].offset == 2 + 2 * text.find("<link"));
    CHECK(facts.noindex[0].offset == 2 + 2 * text.find("<meta"));
    CHECK(facts.problem.kind == PageProblemKind::None);
  }
  // Without a byte order mark UTF-16 is binary to a reader (NUL bytes), unless an XML declaration
  // in UTF-16 begins it.
  CHECK(head(utf16("<title>T</title>", true)).problem.kind == PageProblemKind::Binary);
  const HeadFacts declared = head(utf16("<?xml version=\"1.0\"?><title>T\xE9</title>", false));
  CHECK(declared.encoding == "UTF-16BE");
  CHECK(declared.title == "T\xC3\xA9");
}

TEST_CASE("html head: a meta charset later in the head changes the encoding, as the parser does when it meets it") {
  const std::string page = "<head>\n<!--" + std::string(1100, '-') +
                           "-->\n"  // 2
                           "<meta charset=\"windows-1252\">\n"  // 3: past the prescan's 1,024 bytes
                           "<title>Caf\xE9</title>\n"  // 4
                           "<link rel=\"canonical\" href=\"/caf\xE9/\">\n";  // 5
  const HeadFacts facts = head(page);
  CHECK(facts.encoding == "windows-1252");
  CHECK(facts.charset == "windows-1252");
  CHECK(facts.title == "Caf\xC3\xA9");
  CHECK(describe(facts.canonicals) ==
        std::vector<std::string>{"https://example.com/caf%C3%A9/ [/caf\xC3\xA9/] line 5"});
  REQUIRE(facts.canonicals.size() == 1);
  CHECK(facts.canonicals[0].offset == page.find("<link"));
  CHECK(facts.problem.kind == PageProblemKind::None);
  // The same declaration within the first 1024 bytes, as the prescan finds it.
  CHECK(head("<head>\n<!--" + std::string(900, '-') + "-->\n<meta charset=\"windows-1252\">\n<title>Caf\xE9</title>")
            .title == "Caf\xC3\xA9");
  // The first tag that names an encoding counts: a label that names none is passed over, and so is
  // a later tag; http-equiv Content-Type as well as charset.
  const std::string late = "<head><!--" + std::string(1100, '-') + "-->";
  CHECK(head(late + "<meta charset=latin-1><meta charset=koi8-r><meta charset=utf-8><title>\xE9</title>").encoding ==
        "KOI8-R");
  CHECK(
      head(late + "<meta http-equiv=content-type content='text/html; charset=iso-8859-2'><title>T</title>").encoding ==
      "ISO-8859-2");
  // As the prescan maps them: UTF-16 is UTF-8 in a page whose tags were read, x-user-defined windows-1252.
  CHECK(head(late + "<meta charset=utf-16><title>T</title>").encoding == "UTF-8");
  CHECK(head(late + "<meta charset=x-user-defined><title>\xE9</title>").title == "\xC3\xA9");
  // An unknown label in the first 1024 bytes is not the page's problem when a later tag declares a
  // known encoding, UTF-8 too.
  const HeadFacts unknown = head("<head><meta charset=latin-1><!--" + std::string(1100, '-') +
                                 "--><meta charset=utf-8><title>Caf\xC3\xA9</title>");
  CHECK(unknown.encoding == "UTF-8");
  CHECK(unknown.problem.kind == PageProblemKind::None);
}

TEST_CASE("html head: a late meta charset changes nothing after a byte order mark, a Content-Type or in the body") {
  const std::string late = "<head><!--" + std::string(1100, '-') + "--><meta charset=\"windows-1252\">";
  const std::string page = late + "<title>Caf\xE9</title>";
  // A byte order mark and the Content-Type's charset are certain: nothing in the page changes them.
  const HeadFacts bom = head("\xEF\xBB\xBF" + page);
  CHECK(bom.encoding == "UTF-8");
  CHECK(bom.charset == "windows-1252");
  CHECK(bom.problem.kind == PageProblemKind::InvalidUtf8);
  const HeadFacts served = read_html_head(page, kPage, 512 * 1024, "text/html; charset=utf-8");
  CHECK(served.encoding == "UTF-8");
  CHECK(served.problem.kind == PageProblemKind::InvalidUtf8);
  // A tag the parser puts in the body does not declare the page's encoding.
  const HeadFacts body =
      head("<head><title>Caf\xE9</title></head><body><p>" + std::string(1100, 'x') + "<meta charset=\"windows-1252\">");
  CHECK(body.encoding == "UTF-8");
  CHECK(body.charset.empty());
  CHECK(body.problem.kind == PageProblemKind::InvalidUtf8);
}

TEST_CASE("html head: the Content-Type's charset decides after a byte order mark, before the page's own") {
  const std::string page = "<title>Caf\xE9</title><link rel=\"canonical\" href=\"/caf\xE9/\">";
  // Without it the page is read as UTF-8, and its 0xE9 is no UTF-8.
  CHECK(head(page).problem.kind == PageProblemKind::InvalidUtf8);
  const HeadFacts served = read_html_head(page, kPage, 512 * 1024, "text/html; charset=windows-1252");
  CHECK(served.encoding == "windows-1252");
  CHECK(served.title == "Caf\xC3\xA9");
  CHECK(describe(served.canonicals) ==
        std::vector<std::string>{"https://example.com/caf%C3%A9/ [/caf\xC3\xA9/] line 1"});
  CHECK(served.problem.kind == PageProblemKind::None);
  // Quoted, in any case, and over a <meta charset> that says otherwise.
  const HeadFacts over_meta =
      read_html_head("<meta charset=\"utf-8\">" + page, kPage, 512 * 1024, "text/html;Charset=\"ISO-8859-1\"");
  CHECK(over_meta.encoding == "windows-1252");
  CHECK(over_meta.title == "Caf\xC3\xA9");
  // A byte order mark wins over it.
  CHECK(read_html_head("\xEF\xBB\xBF<title>Caf\xC3\xA9</title>", kPage, 512 * 1024, "text/html; charset=windows-1252")
            .encoding == "UTF-8");
  // A label that names no encoding is passed over: the page's own declaration decides.
  CHECK(read_html_head("<meta charset=\"windows-1252\">" + page, kPage, 512 * 1024, "text/html; charset=x-nonsense")
            .title == "Caf\xC3\xA9");
  CHECK(read_html_head(page, kPage, 512 * 1024, "text/html").problem.kind == PageProblemKind::InvalidUtf8);
}

TEST_CASE("html head: a byte order mark wins over the meta charset that contradicts it") {
  const HeadFacts utf8 = head("\xEF\xBB\xBF<meta charset=\"windows-1252\"><title>Caf\xC3\xA9</title>");
  CHECK(utf8.encoding == "UTF-8");
  CHECK(utf8.charset == "windows-1252");
  CHECK(utf8.title == "Caf\xC3\xA9");
  CHECK(utf8.problem.kind == PageProblemKind::None);
  const HeadFacts utf16le = head("\xFF\xFE" + utf16("<meta charset=\"windows-1252\"><title>Caf\xE9</title>", true));
  CHECK(utf16le.encoding == "UTF-16LE");
  CHECK(utf16le.title == "Caf\xC3\xA9");
}

TEST_CASE("html head: the prescan reads labels as the Encoding Standard defines them, in the forms HTML allows") {
  const auto encoding = [](const std::string& page) { return head(page).encoding; };
  CHECK(encoding("<meta charset=latin1>") == "windows-1252");
  CHECK(encoding("<meta charset=\" Windows-1252 \">") == "windows-1252");
  CHECK(encoding("<meta charset='us-ascii'>") == "windows-1252");
  CHECK(encoding("<META CHARSET=KOI8-R>") == "KOI8-R");
  CHECK(encoding("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-2\">") == "ISO-8859-2");
  CHECK(encoding("<meta content='text/html;charset=gb2312' http-equiv=content-type>") == "GBK");
  // content without http-equiv="Content-Type" declares nothing.
  CHECK(encoding("<meta content=\"text/html; charset=iso-8859-2\">") == "UTF-8");
  // A page whose bytes could be prescanned is no UTF-16; x-user-defined is read as windows-1252.
  CHECK(encoding("<meta charset=utf-16>") == "UTF-8");
  CHECK(encoding("<meta charset=utf-16be>") == "UTF-8");
  CHECK(encoding("<meta charset=x-user-defined>") == "windows-1252");
  // The first declaration that names an encoding wins; comments, other tags' attributes and
  // unknown labels are passed over.
  CHECK(encoding("<!-- <meta charset=koi8-r> --><meta charset=euc-jp><meta charset=koi8-r>") == "EUC-JP");
  CHECK(encoding("<div title=\"<meta charset=koi8-r>\"><meta charset=big5>") == "Big5");
  CHECK(encoding("<meta charset=nonsense><meta charset=iso-8859-5>") == "ISO-8859-5");
  CHECK(encoding("<metacharset=koi8-r>") == "UTF-8");
  CHECK(encoding("<meta charset=koi8-r") == "UTF-8");  // the bytes end inside the tag
  CHECK(encoding("<?xml version=\"1.0\" encoding=\"ISO-8859-7\"?><html>") == "ISO-8859-7");
  CHECK(encoding("<p>no declaration</p>") == "UTF-8");

  REQUIRE(encoding_for_label("LATIN1") != nullptr);
  CHECK(encoding_for_label("\t iso-8859-1\n")->name == "windows-1252");
  CHECK(encoding_for_label("csshiftjis")->name == "Shift_JIS");
  CHECK(encoding_for_label("unicode-1-1-utf-8")->name == "UTF-8");
  CHECK(encoding_for_label("utf-16")->name == "UTF-16LE");
  CHECK(encoding_for_label("iso-2022-kr")->name == "replacement");
  CHECK(encoding_for_label("latin-1") == nullptr);
  CHECK(encoding_for_label("utf8mb4") == nullptr);
  CHECK(encoding_for_label("") == nullptr);
}

TEST_CASE("html head: a page that cannot be read as HTML records why, where and on which line") {
  SUBCASE("binary: a NUL byte among the first 8000, and nothing read") {
    const HeadFacts facts = head(bytes_of("\x89PNG\r\n\x1A\n\0\0\0\rIHDR<title>T</title>"));
    CHECK(facts.problem.kind == PageProblemKind::Binary);
    CHECK(facts.problem.what == "a NUL byte");
    CHECK(facts.problem.offset == 8);
    CHECK(facts.problem.line == 3);  // CR LF ends line 1, LF line 2
    CHECK(facts.title.empty());
  }
  SUBCASE("invalid UTF-8 where UTF-8 applies: the first bad byte, the page read all the same") {
    const std::string page = "<meta charset=\"utf-8\">\n<title>ok \xC3\xA9</title>\n<title>bad \xC3(</title>";
    const HeadFacts facts = head(page);
    CHECK(facts.problem.kind == PageProblemKind::InvalidUtf8);
    CHECK(facts.problem.what == "byte 0xC3");
    CHECK(facts.problem.offset == page.rfind('\xC3'));
    CHECK(facts.problem.line == 3);
    CHECK(facts.title == "ok \xC3\xA9");
  }
  SUBCASE("a sequence cut by the end of the bytes read is no fault of the page") {
    const std::string page = "<head><title>\xC3\xA9\xC3\xA9</title>";
    CHECK(read_html_head(page.substr(0, 14), kPage, 14).problem.kind == PageProblemKind::HeadNotClosed);
    CHECK(read_html_head(page.substr(0, 14), kPage, 100).problem.kind == PageProblemKind::InvalidUtf8);
  }
  SUBCASE("a label no browser knows") {
    const HeadFacts facts = head("<!DOCTYPE html>\n<meta charset=\"latin-1\">\n<title>T</title>");
    CHECK(facts.problem.kind == PageProblemKind::UnknownEncoding);
    CHECK(facts.problem.what == "'latin-1'");
    CHECK(facts.problem.offset == 16);
    CHECK(facts.problem.line == 2);
    CHECK(facts.encoding == "UTF-8");
    CHECK(facts.title == "T");
  }
  SUBCASE("an unknown label before a known one is no problem") {
    CHECK(head("<meta charset=latin-1><meta charset=latin1>").problem.kind == PageProblemKind::None);
  }
  SUBCASE("an encoding that decodes to nothing: the head is read as UTF-8") {
    const HeadFacts facts =
        head("\n<meta http-equiv=content-type content=\"text/html; charset=ISO-2022-KR\">\n<title>T</title>");
    CHECK(facts.problem.kind == PageProblemKind::UndecodableEncoding);
    CHECK(facts.problem.what == "'iso-2022-kr' (replacement)");
    CHECK(facts.problem.offset == 1);
    CHECK(facts.problem.line == 2);
    CHECK(facts.title == "T");
  }
  SUBCASE("a head not closed within the bytes read") {
    const std::string page = "<head>\n<title>T</title>\n" + repeated("<meta name=\"x\" content=\"y\">\n", 20);
    const HeadFacts facts = read_html_head(page, kPage, 200);
    CHECK(facts.problem.kind == PageProblemKind::HeadNotClosed);
    CHECK(facts.problem.what == "200 bytes");
    CHECK(facts.problem.offset == 200);
    CHECK(facts.problem.line == line_count(page.substr(0, 200)));
    CHECK(read_html_head(page, kPage, 1024).problem.kind == PageProblemKind::None);
    CHECK(read_html_head(page + repeated(" ", 2048 - page.size()), kPage, 2048).problem.what == "2 KiB");
  }
  SUBCASE("a tag made to stall the parser") {
    std::string tag = "<meta";
    for (int i = 0; i < 300; ++i) tag += " a" + std::to_string(i) + "=1";
    const std::string page = "<head>\n<title>T</title>\n" + tag + ">";
    const HeadFacts facts = head(page);
    CHECK(facts.problem.kind == PageProblemKind::StallingTag);
    CHECK(facts.problem.what == "a tag with more than 256 attributes");
    CHECK(facts.problem.offset == page.find("<meta"));
    CHECK(facts.problem.line == 3);
  }
  SUBCASE("a readable page has none") {
    CHECK(head("<meta charset=utf-8><title>Caf\xC3\xA9</title>").problem.kind == PageProblemKind::None);
    CHECK(head("").problem.kind == PageProblemKind::None);
  }
}

TEST_CASE("html head: past kMaxAlternates, alternates are counted, not kept") {
  std::string html = "<html><head>";
  const std::size_t total = HeadFacts::kMaxAlternates + 44;
  for (std::size_t i = 0; i < total; ++i)
    html += "<link rel=\"alternate\" hreflang=\"x" + std::to_string(i) + "\" href=\"/p" + std::to_string(i) + "\">";
  html += "<link rel=\"canonical\" href=\"/c\"></head></html>";
  const HeadFacts facts = head(html);
  REQUIRE(facts.alternates.size() == HeadFacts::kMaxAlternates);
  CHECK(facts.alternates.back().hreflang == "x" + std::to_string(HeadFacts::kMaxAlternates - 1));
  CHECK(facts.alternates_dropped == 44);
  CHECK(facts.canonicals.size() == 1);  // what follows is still read
}
