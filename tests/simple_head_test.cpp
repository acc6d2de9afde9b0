// The head read without gumbo (src/pages/simple_head.h) against gumbo's own tree of the same bytes:
// wherever it reads a head, every element, attribute, line, offset, title and lang must be
// gumbo's; what it cannot read exactly it must leave to gumbo. Heads as sites write them, heads
// made to differ in one way, and many random ones, both as the head reader hands them over (after
// head_scanner) and as they are.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "analysis/ascii.h"
#include "pages/head_scanner.h"
#include "pages/head_tree.h"
#include "pages/simple_head.h"

using namespace sitemaplint;

namespace {

// One element as a line of text: its attributes as the tree builder keeps them (names in lower
// case, the first of two with one name).
std::string describe(const HeadTree& tree, const HeadElement& element) {
  static constexpr const char* kTags[] = {"meta", "link", "base", "title"};
  std::string out = std::string(kTags[static_cast<int>(element.tag)]) + (element.in_noscript ? " (noscript)" : "") +
                    " line " + std::to_string(element.line) + " offset " + std::to_string(element.offset);
  std::vector<std::string> names;
  for (std::uint32_t i = element.attributes_begin; i < element.attributes_end; ++i) {
    const std::string name = ascii_lowered(tree.attributes[i].name);
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    names.push_back(name);
    out += " " + name + "=[" + std::string(tree.attributes[i].value) + "]";
  }
  if (element.tag == HeadTag::Title) out += " text=[" + element.title + "]";
  return out;
}

std::vector<std::string> describe(const HeadTree& tree) {
  std::vector<std::string> out;
  out.push_back("lang " + (tree.lang ? "[" + std::string(*tree.lang) + "]" : std::string("none")));
  out.push_back(tree.body_has_children ? "body has children" : "empty body");
  for (const HeadElement& element : tree.elements) out.push_back(describe(tree, element));
  return out;
}

// The bytes the head reader gives a tree builder for `page` (html_head.cpp).
std::string parsed_bytes(std::string_view page) {
  const HeadExtent extent = scan_head_extent(page);
  std::string storage;
  ParsedOffsets offsets;
  return std::string(bytes_to_parse(page, extent, storage, offsets));
}

// Whether the head was read without gumbo; when it was, what it read must be gumbo's.
bool read_as_gumbo_reads(std::string_view bytes) {
  const std::optional<HeadTree> simple = simple_head_tree(bytes);
  if (!simple) return false;
  INFO("bytes: ", std::string(bytes));
  CHECK(describe(*simple) == describe(gumbo_head_tree(bytes)));
  return true;
}

// Pieces of heads, each tokenised differently or meaning something else to the tree builder.
const std::vector<std::string> kPieces = {
    "<html lang=\"de\">",
    "<HTML LANG=en-GB>",
    "<html>",
    "<html class=x lang='fr' lang=it>",
    "<head>",
    "</head>",
    "<head class=\"x\">",
    "</HEAD >",
    "<meta charset=\"utf-8\">",
    "<meta charset=utf-8/>",
    "<meta name=\"robots\" content=\"noindex\">",
    "<META NAME=ROBOTS CONTENT='none'/>",
    "<meta name=googlebot content=noindex name=robots>",
    "<meta name=\"robots\"content=\"noindex\">",
    "<meta name = \"robots\" content = noindex >",
    "<meta =x name=robots content=noindex>",
    "<meta name=robots content=noindex/>",
    "<meta name=robots content=\"a>b\">",
    "<meta name=robots content>",
    "<meta name=\"robots\" content=\"\" / >",
    "<meta/name=robots/content=nofollow>",
    "<meta name='a\"b' content=x>",
    "<meta http-equiv=\"refresh\" content=\"0; url=/x\">",
    "<meta http-equiv=Content-Type content='text/html; "
    "charset=windows-1252'>",
    "<link rel=canonical href=\"/a\">",
    "<link rel=\"alternate\" hreflang=\"de\" "
    "href='https://x.example/de'>",
    "<link rel=canonical href=/c/>",
    "<link rel=canonical href=\"a>b\">",
    "<link REL=\"Canonical\" HREF=\"/C\" rel=alternate>",
    "<base href=\"/b/\">",
    "<base target=_top>",
    "<title>Some  title</title>",
    "<title>a < b </titlex> c</title >",
    "<title></title>",
    "<TITLE>T</Title/>",
    "<title>caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC</title>",
    "<title>\n two\n lines\n</title>",
    "<script></script>",
    "<style>\n</style>",
    "<script src=\"a.js\"></script>",
    "<script>\n\n</script >",
    "<noscript><meta name=robots content=noindex></noscript>",
    "<!-- a comment -->",
    "<!DOCTYPE html>",
    "text",
    "&amp;",
    "<meta content=\"a&amp;b\" name=robots>",
    "<title>&lt;</title>",
    "<title>\xC2\x85</title>",
    "<title>\xEF\xB7\x90</title>",
    "<title>\xEF\xBF\xBE</title>",
    "<title>\xFF</title>",
    "<p>",
    "<body>",
    "</body>",
    "</html>",
    "<br>",
    "</br>",
    "<template><meta name=robots content=x></template>",
    "<meta name=robots\x01 content=noindex>",
    std::string("<link rel=canonical href=\"/a\0b\">", 32),
    "<",
    "< meta>",
    "</ head>",
    "<?php ?>",
    "<meta name=robots content=noindex",
    "<title>never closed",
    "<script>var a = '<!--<script>'",
    "<basefont>",
    "<bgsound>",
    "<style>p{}</style>",
    "<svg>",
    "<meta name=\"robots\" content=\"noindex\"\t\f>",
};

const std::vector<std::string> kSeparators = {"", "", "\n", " ", "\t", "\r\n", "\n\n", "\f", "\r"};

}  // namespace

TEST_CASE("simple head: the usual heads are read without gumbo, as gumbo reads them") {
  const std::vector<std::string> pages = {
      // The benchmark's page (bench/live.sh), and heads as generators write them.
      "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>page</title></head><body>xxx</body></html>",
      "<!doctype html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <meta name=\"viewport\" "
      "content=\"width=device-width, initial-scale=1\">\n  <title>Home | Example</title>\n  <link rel=\"canonical\" "
      "href=\"https://example.com/\">\n  <link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/de/\">\n"
      "  <script src=\"/app.js\" defer></script>\n  <style>body{margin:0}</style>\n</head>\n<body><p>Hi</p></body>",
      "<html><head><meta name=\"robots\" content=\"noindex, nofollow\"><base href=\"/docs/\">"
      "<link rel=\"canonical\" href=\"page\"></head><body></body></html>",
      "<head>\n<meta http-equiv=\"refresh\" content=\"0; url=https://example.com/new\">\n</head>",
      "<title>caf\xC3\xA9</title><meta name=googlebot content=none>",
      "",
  };
  for (const std::string& page : pages) {
    CAPTURE(page);
    CHECK(read_as_gumbo_reads(parsed_bytes(page)));
  }
}

TEST_CASE("simple head: what it cannot read exactly is left to gumbo") {
  const std::vector<std::string> heads = {
      "<title>a &amp; b</title>",  // a character reference
      "<meta name=robots content=noindex>text<link rel=canonical href=/c>",  // text begins the body
      "<noscript><meta name=robots content=noindex></noscript>",  // its own insertion mode
      "<meta charset=utf-8>\r\n<title>T</title>",  // a carriage return becomes a line feed
      "<title>\xC2\x85</title>",  // a C1 control, which gumbo may replace
      "<title>\xFF</title>",  // not UTF-8
      "<meta name=robots content=noindex></meta><link rel=canonical href=/c>",  // an end tag but </head>
      "<meta name=robots content=noindex",  // the bytes end in a tag
      "<title>never closed",
      "<!-- a comment --><title>T</title>",
      "<template><meta name=robots content=noindex></template>",
      "<script><!--<script>--></script>",  // script data's escapes
  };
  for (const std::string& head : heads) {
    CAPTURE(head);
    CHECK_FALSE(simple_head_tree(head).has_value());
  }
}

TEST_CASE("simple head: random heads, read without gumbo only when gumbo reads them the same") {
  std::mt19937 random(29);
  std::size_t simple = 0, as_given = 0;
  constexpr int kHeads = 20000;
  for (int i = 0; i < kHeads; ++i) {
    std::string page;
    const int pieces = 1 + static_cast<int>(random() % 8);
    for (int p = 0; p < pieces; ++p) {
      // The plain pieces (the first two thirds) most of the time, so that many heads are simple.
      const std::size_t plain = kPieces.size() * 2 / 3;
      const std::size_t piece = random() % 4 == 0 ? random() % kPieces.size() : random() % plain;
      page += kPieces[piece] + kSeparators[random() % kSeparators.size()];
    }
    simple += read_as_gumbo_reads(parsed_bytes(page));
    as_given += read_as_gumbo_reads(page);
  }
  // Both paths taken often: the comparisons above were made, not skipped.
  CHECK(simple > kHeads / 10);
  CHECK(simple < kHeads * 9 / 10);
  CHECK(as_given > kHeads / 20);
}
