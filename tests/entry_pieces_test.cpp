// A sitemap parsed in pieces (engine/pieces.h, what --jobs gives one large file) finds exactly what
// the whole document's parse finds: every fixture linted both ways with pieces of one entry, large
// generated sitemaps through the command line with --jobs 1 and 2, and the scan that finds where
// entries end, which markup cannot fool and which gives up on anything unusual.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <limits>

#include <pugixml.hpp>

#include "engine/engine.h"
#include "engine/entry_pieces.h"
#include "load/parse.h"
#include "load/wellformed.h"
#include "pages/listed_urls.h"
#include "rules/hreflang/utils/page_facts.h"
#include "run/listed_in_pieces.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

// Settings that parse every sitemap in pieces of one entry, on `threads` threads.
Settings in_pieces(Settings settings, unsigned threads) {
  settings.engine.rule_threads = threads;
  settings.engine.pieces_from_bytes = 0;
  settings.engine.piece_bytes = 1;
  return settings;
}

// Settings that parse every document whole, however large: what the pieces are held to.
Settings whole_parse(Settings settings) {
  settings.engine.pieces_from_bytes = std::numeric_limits<std::size_t>::max();
  return settings;
}

// The pieces of `xml` (no byte order mark) as text, or "whole" when the cut gives up.
std::vector<std::string> pieces_of(const std::string& xml, std::size_t piece_bytes = 1) {
  const std::optional<RootContent> root = find_root_content(xml, scan_outside_root(xml, 0).root_start);
  if (!root) return {"whole"};
  EntryEndSearch search(xml, *root, piece_bytes);
  std::vector<std::string> out;
  std::pair<std::size_t, std::size_t> piece;
  for (;;) {
    const PieceCut cut = search.next(&piece);
    if (cut == PieceCut::Unusual) return {"whole"};
    if (cut == PieceCut::End) return out;
    out.push_back(xml.substr(piece.first, piece.second - piece.first));
  }
}

// Whether the start tags of the root's first child's name in the text ("<url" and a space, '>' or
// '/') are exactly the root's element children, all of that name: what later lanes count on.
bool children_counted_right(const std::string& xml) {
  pugi::xml_document doc;
  if (!doc.load_string(xml.c_str(), pugi::parse_default | pugi::parse_comments)) return false;
  std::string name;
  std::size_t children = 0;
  for (const pugi::xml_node child : doc.document_element().children()) {
    if (child.type() != pugi::node_element) continue;
    if (name.empty()) name = child.name();
    const std::size_t colon = name.find(':');
    const std::string binding = colon == std::string::npos ? "xmlns" : "xmlns:" + name.substr(0, colon);
    if (name != child.name() || child.attribute(binding.c_str())) return false;
    ++children;
  }
  if (name.empty()) return true;
  std::size_t tags = 0;
  for (std::size_t at = xml.find("<" + name); at != std::string::npos; at = xml.find("<" + name, at + 1)) {
    const char after = at + 1 + name.size() < xml.size() ? xml[at + 1 + name.size()] : '\0';
    tags += after == '>' || after == '/' || after == ' ' || after == '\t' || after == '\r' || after == '\n';
  }
  return tags == children;
}

const std::string kHead = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">";

}  // namespace

TEST_CASE("entry pieces: every fixture finds the same parsed in pieces of one entry") {
  std::size_t files = 0, in_pieces_at_all = 0, split = 0;
  for (const fs::path& path : rule_fixture_files()) {
    CAPTURE(path.string());
    const std::string text = read_file(path.string());
    const Settings settings = fixture_settings(path, text);
    Settings overview = settings;
    overview.engine.collect_overview = true;
    const FileReport whole = lint_input(load_fixture(path), every_rule(), overview);
    // In pieces on one thread, and in lanes on two and three (engine/piece_lanes.h, four lanes a
    // thread): each lane's rules see its entries alone, and are folded together after the walks.
    for (const unsigned threads : {1u, 2u, 3u}) {
      CAPTURE(threads);
      const FileReport split_run = lint_input(load_fixture(path), every_rule(), in_pieces(overview, threads));
      CHECK(findings_in_full(split_run.diagnostics) == findings_in_full(whole.diagnostics));
      CHECK(split_run.entries == whole.entries);
      CHECK(split_run.children.size() == whole.children.size());
      REQUIRE((split_run.overview != nullptr) == (whole.overview != nullptr));
      if (whole.overview) {
        CHECK(split_run.overview->urls == whole.overview->urls);
        CHECK(split_run.overview->lastmod_missing == whole.overview->lastmod_missing);
        CHECK(split_run.overview->hosts == whole.overview->hosts);
        CHECK(split_run.overview->sections == whole.overview->sections);
      }
    }
    ++files;
    const std::vector<std::string> pieces = pieces_of(text);
    in_pieces_at_all += pieces != std::vector<std::string>{"whole"};
    split += pieces.size() > 1;
  }
  CHECK(files > 300);
  CHECK(in_pieces_at_all > 250);  // most fixtures are urlsets
  CHECK(split > 150);  // of several entries
}

namespace {

// What the pages a file keeps for the set rules (page_facts.h) say, field by field, as text: the
// same walked whole or in lanes, however the lanes wrote them (into the first lane's room).
std::string page_facts_of(const FileReport& report) {
  std::string out;
  for (const auto& [rule, kept] : report.facts) {
    const auto* facts = dynamic_cast<const PageFacts*>(kept.get());
    if (!facts) continue;
    out += "graph pages " + std::to_string(facts->graph_pages) + "\n";
    for (const PageFacts::Page& page : facts->pages) {
      out += "page " + std::to_string(page.key()) + " " + std::to_string(page.as_written) + " " +
             std::to_string(page.url_offset) + " " + std::to_string(page.loc_offset) + " " +
             std::to_string(page.first_link) + " " + std::to_string(page.loc_length()) + " " +
             std::to_string(page.in_graph()) + std::to_string(page.links_unknown()) + "\n";
    }
    for (const PageFacts::Link& link : facts->links) {
      out += "link " + std::to_string(link.target) + " " + std::to_string(link.code) + " " +
             std::to_string(link.href_offset) + " " + std::to_string(link.href_length) + " " +
             std::to_string(link.code_offset) + " " + std::to_string(link.code_length) + "\n";
    }
    for (const auto& [page, key] : facts->written_keys)
      out += "written key " + std::to_string(page) + " " + std::to_string(key) + "\n";
    break;  // the rules that share the collector share its facts
  }
  return out;
}

}  // namespace

TEST_CASE("entry pieces: every fixture keeps the same pages for the set rules, walked in lanes") {
  std::size_t with_pages = 0, with_gaps = 0;
  for (const fs::path& path : rule_fixture_files()) {
    CAPTURE(path.string());
    const std::string text = read_file(path.string());
    Settings settings = fixture_settings(path, text);
    settings.collect_set_facts = true;
    settings.sole_input = true;  // kept as walked, not compacted
    const FileReport whole = lint_input(load_fixture(path), every_rule(), whole_parse(settings));
    const std::string expected = page_facts_of(whole);
    if (expected.empty()) continue;
    ++with_pages;
    // Entries without a page (no <loc>, another kind) leave gaps the fold closes.
    with_gaps += whole.entries > static_cast<std::size_t>(std::count(expected.begin(), expected.end(), '\n')) - 1;
    for (const unsigned threads : {1u, 2u, 3u}) {
      CAPTURE(threads);
      CHECK(page_facts_of(lint_input(load_fixture(path), every_rule(), in_pieces(settings, threads))) == expected);
    }
  }
  CHECK(with_pages > 150);
  CHECK(with_gaps > 10);
}

TEST_CASE("entry pieces: entries without a page leave gaps in the first lane's room, closed when folded") {
  // Every third entry has no page (no <loc>, or an empty one), so most lanes write their pages past
  // where the pages before them end; some have hreflang links, whose places the fold counts on.
  std::string xml =
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
      "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  for (int i = 0; i < 60; ++i) {
    const std::string url = "https://example.com/" + std::to_string(i);
    if (i % 3 == 1) {
      xml += i % 2 ? "<url><lastmod>2024-01-01</lastmod></url>\n" : "<url><loc> </loc></url>\n";
    } else if (i % 4 == 0) {
      xml += "<url><loc>" + url + "</loc><xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"" + url +
             "/de\"/><xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"" + url + "\"/></url>\n";
    } else {
      xml += "<url><loc>" + url + "</loc></url>\n";
    }
  }
  xml += "</urlset>\n";
  Settings settings = test_settings();
  settings.collect_set_facts = true;
  settings.sole_input = true;
  const std::string expected = page_facts_of(lint_bytes("sitemap.xml", xml, every_rule(), whole_parse(settings)));
  REQUIRE(expected.find("link ") != std::string::npos);
  for (const unsigned threads : {1u, 2u, 3u}) {
    CAPTURE(threads);
    CHECK(page_facts_of(lint_bytes("sitemap.xml", xml, every_rule(), in_pieces(settings, threads))) == expected);
  }
}

TEST_CASE("entry pieces: the fixtures cut into pieces are walked in pieces, without a parse of the whole") {
  // Beside the reports above, which a fall back to the whole parse would keep the same: the engine
  // itself, given the pieces, walks them to the end and finds what the walk of the whole tree finds.
  std::size_t walked_in_pieces = 0, given_up = 0;
  for (const fs::path& path : rule_fixture_files()) {
    CAPTURE(path.string());
    std::string text = read_file(path.string());
    const Settings settings = in_pieces(fixture_settings(path, text), 2);
    const std::string as_written = text;
    std::string whole_text = text;  // parsed whole in place, as a file on disk is
    std::unique_ptr<Document> whole = parse_document(path.string(), whole_text, {}, &whole_text);
    DocumentPieces pieces;
    pieces.piece_bytes = 1;
    std::unique_ptr<Document> in_place = parse_document(path.string(), text, {}, &text, nullptr, &pieces);
    if (!whole->parsed || !pieces.split() || pieces_of(as_written) == std::vector<std::string>{"whole"}) continue;
    REQUIRE(in_place->parsed);
    const RuleRun expected = run_rules(*whole, every_rule(), settings);
    // Throws when it falls back: here, only where a lane's count of the entries before it was
    // wrong (a root whose children are not all of the first one's name; see the test below).
    RuleRun found;
    try {
      found = run_rules(*in_place, every_rule(), settings, &pieces);
    } catch (const PieceParseFailed&) {
      // Only where the root's children are not what the lanes count, the start tags of the first
      // child's name (these fixtures quote "<url>" in their comments, or mix names), or where the
      // walk of one lane gives up too (an attribute with a prefix in an entry).
      if (children_counted_right(as_written)) {
        std::string again = as_written;
        DocumentPieces one_lane;
        one_lane.piece_bytes = 1;
        std::unique_ptr<Document> doc = parse_document(path.string(), again, {}, &again, nullptr, &one_lane);
        CHECK_THROWS_AS(run_rules(*doc, every_rule(), in_pieces(fixture_settings(path, as_written), 1), &one_lane),
                        PieceParseFailed);
      }
      ++given_up;
      continue;
    }
    CHECK(findings_in_full(found.diagnostics) == findings_in_full(expected.diagnostics));
    CHECK(in_place->entry_count == whole->entry_count);
    CHECK(in_place->directives.size() == whole->directives.size());
    CHECK(in_place->namespace_declarations.size() == whole->namespace_declarations.size());
    // pugixml's NULs where a parse of the whole puts them, and nowhere else: the bytes rules read
    // back (a URL's length, up to the NUL after it) are the same, to the last one.
    CHECK(text == whole_text);
    ++walked_in_pieces;
  }
  CHECK(walked_in_pieces > 250);
  CHECK(given_up < 50);
}

TEST_CASE("entry pieces: the URLs listed for --pages are gathered from the pieces as from the whole tree") {
  // --pages lists a sitemap's URLs before the walk (pages/listed_urls.h), in order: the live audit
  // fetches them so and cuts them at --max-urls. In pieces they are gathered a piece at a time, and
  // a cut the walk would give up on gives up here too (the document is then parsed whole).
  std::size_t gathered = 0, given_up = 0;
  for (const fs::path& path : rule_fixture_files()) {
    CAPTURE(path.string());
    std::string text = read_file(path.string());
    const std::string as_written = text;
    const std::unique_ptr<Document> whole = parse_document(path.string(), as_written);
    DocumentPieces pieces;
    pieces.piece_bytes = 1;
    const std::unique_ptr<Document> in_place = parse_document(path.string(), text, {}, &text, nullptr, &pieces);
    if (!pieces.split()) continue;
    const std::optional<std::vector<std::string>> urls = listed_urls_in_pieces(*in_place, pieces);
    // The root's content is left as written, for the walk to parse in place.
    CHECK(std::string_view(text).substr(pieces.root->begin) == std::string_view(as_written).substr(pieces.root->begin));
    if (!urls) {
      ++given_up;
      continue;
    }
    CHECK(*urls == listed_urls(*whole));
    gathered += !urls->empty();
  }
  CHECK(gathered > 250);
  CHECK(given_up < 20);
}

TEST_CASE("entry pieces: the page fixtures find the same with the pages read ahead from the pieces") {
  std::size_t files = 0;
  for (const fs::path& path : rule_fixture_files()) {
    const std::string text = read_file(path.string());
    Settings settings = fixture_settings(path, text);
    if (!settings.pages) continue;
    CAPTURE(path.string());
    settings.engine.page_threads = 1;  // the pages read ahead, in the listing's order
    const FileReport whole = lint_input(load_fixture(path), every_rule(), whole_parse(settings));
    // Three threads: two lanes beside the read-ahead's.
    for (const unsigned threads : {1u, 2u, 3u}) {
      CAPTURE(threads);
      const FileReport split_run = lint_input(load_fixture(path), every_rule(), in_pieces(settings, threads));
      CHECK(findings_in_full(split_run.diagnostics) == findings_in_full(whole.diagnostics));
    }
    ++files;
  }
  CHECK(files > 25);
}

TEST_CASE("entry pieces: a lane that counted the entries before it wrongly is parsed whole") {
  // Later lanes count on from the start tags of the first child's name before them
  // (EntryEndSearch::children_before_next); the walks check the count, and a wrong one makes the
  // whole document's parse, whose report the pieces' must be.
  const std::string entry = "<url><loc>https://example.com/a</loc></url>";
  const std::string end = "</urlset>\n";
  const std::vector<std::string> documents = {
      kHead + entry + "<!-- <url> -->" + entry + entry + end,  // a start tag in a comment
      kHead + entry + "<url><loc><![CDATA[<url>]]></loc></url>" + entry + entry + end,  // in CDATA
      kHead + entry + "<url><url/><loc>https://example.com/b</loc></url>" + entry + entry + end,  // nested
      kHead + entry +
          "<sm:url xmlns:sm=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><sm:loc>https://"
          "example.com/c</sm:loc></sm:url>" +
          entry + entry + end,  // another name, one kind
      kHead + entry + "<url xmlns=\"urn:other\"><loc>x</loc></url>" + entry + entry + end,  // another kind
  };
  const std::string usual = kHead + entry + entry + entry + entry + end;
  {  // counted right: walked in lanes to the end
    std::string text = usual;
    DocumentPieces pieces;
    pieces.piece_bytes = 1;
    std::unique_ptr<Document> doc = parse_document("sitemap.xml", text, {}, &text, nullptr, &pieces);
    REQUIRE(pieces.split());
    CHECK_NOTHROW(run_rules(*doc, every_rule(), in_pieces(test_settings(), 2), &pieces));
  }
  for (const std::string& xml : documents) {
    CAPTURE(xml);
    std::string text = xml;
    DocumentPieces pieces;
    pieces.piece_bytes = 1;
    std::unique_ptr<Document> doc = parse_document("sitemap.xml", text, {}, &text, nullptr, &pieces);
    REQUIRE(pieces.split());
    CHECK_THROWS_AS(run_rules(*doc, every_rule(), in_pieces(test_settings(), 2), &pieces), PieceParseFailed);
    const FileReport whole = lint_bytes("sitemap.xml", xml, every_rule(), whole_parse(test_settings()));
    for (const unsigned threads : {2u, 3u}) {
      const FileReport lanes = lint_bytes("sitemap.xml", xml, every_rule(), in_pieces(test_settings(), threads));
      CHECK(findings_in_full(lanes.diagnostics) == findings_in_full(whole.diagnostics));
      CHECK(lanes.entries == whole.entries);
    }
  }
}

TEST_CASE("entry pieces: a large sitemap's report is the same with --jobs 1 and --jobs 2") {
  // Over the size from which a sitemap is parsed in pieces, with findings of many rules in every
  // piece: duplicates, bad dates and priorities, images, hreflang links, escaping, unknown
  // elements, suppressions; markup that holds "</url>" as text.
  const std::string xml = large_sitemap_with_findings();
  REQUIRE(pieces_of(xml, 64 << 10).size() > 40);
  TempDir dir;
  const std::string file = dir.write("large.xml", xml);
  const auto one = run_cli({"--now", kTestNow, "--format", "json", "--jobs", "1", file});
  const auto two = run_cli({"--now", kTestNow, "--format", "json", "--jobs", "2", file});
  const auto four = run_cli({"--now", kTestNow, "--format", "json", "--jobs", "4", file});
  CHECK(one.exit_code == 1);
  CHECK(two.exit_code == one.exit_code);
  CHECK(two.out == one.out);
  CHECK(four.out == one.out);
  // The HTML report's overview of the site (hosts, sections, dates) too.
  const auto html_one = run_cli({"--now", kTestNow, "--format", "html", "--jobs", "1", file});
  const auto html_two = run_cli({"--now", kTestNow, "--format", "html", "--jobs", "2", file});
  CHECK(html_two.out == html_one.out);
  CHECK(one.out.size() > 100'000);  // thousands of findings
}

TEST_CASE("entry pieces: a piece pugixml does not take is linted as the whole document") {
  // The scan counts tags, not names: a mismatched end tag deep in the file passes it, and the walk
  // has made findings in the pieces before it when the parse of that piece fails.
  std::string xml = large_sitemap_with_findings();
  const std::size_t at = xml.rfind("</loc>", xml.size() - 100'000);
  xml.replace(at, 6, "</lox>");
  REQUIRE(pieces_of(xml).size() > 1000);
  TempDir dir;
  const std::string file = dir.write("broken.xml", xml);
  const Settings settings = test_settings();
  const FileReport whole = lint_text(xml, whole_parse(settings));
  REQUIRE(!whole.diagnostics.empty());
  CHECK(whole.diagnostics.front().rule->code == "SM001");
  CHECK(findings_in_full(lint_text(xml, in_pieces(settings, 2)).diagnostics) == findings_in_full(whole.diagnostics));
  // Parsed in place, in a file's own bytes: read again before the whole parse.
  Input input;
  std::string error;
  REQUIRE(load_input(file, &input, &error));
  REQUIRE(input.reloadable);
  CHECK(findings_in_full(lint_input(std::move(input), every_rule(), in_pieces(settings, 2)).diagnostics) ==
        findings_in_full(whole.diagnostics));
}

TEST_CASE("entry pieces: a large file parsed in place finds the same in pieces") {
  const std::string xml = large_sitemap_with_findings();
  TempDir dir;
  const std::string file = dir.write("large.xml", xml);
  const auto lint = [&](const Settings& settings) {
    Input input;
    std::string error;
    REQUIRE(load_input(file, &input, &error));
    REQUIRE(input.reloadable);
    return findings_in_full(lint_input(std::move(input), every_rule(), settings).diagnostics);
  };
  Settings pieces = test_settings();
  pieces.engine.rule_threads = 2;
  pieces.engine.piece_bytes = 4096;
  pieces.engine.pieces_from_bytes = 0;
  CHECK(lint(pieces) == lint(whole_parse(test_settings())));
  // On one thread too, where the pieces keep the tree small.
  pieces.engine.rule_threads = 1;
  CHECK(lint(pieces) == lint(whole_parse(test_settings())));
}

TEST_CASE("entry pieces: pieces end where children of the root do") {
  const std::string entry = "<url><loc>https://example.com/</loc></url>";
  const std::string xml = kHead + "\n" + entry + "<!-- a comment -->\n" + entry + "<url/>\n" + entry + "\n</urlset>\n";
  CHECK(pieces_of(xml) == std::vector<std::string>{"\n" + entry, "<!-- a comment -->\n" + entry, "<url/>\n" + entry});
  // Pieces of at least 60 bytes: the entries go together until a piece is that large.
  CHECK(pieces_of(xml, 60).size() == 2);
  CHECK(pieces_of(xml, 1'000'000).size() == 1);
}

TEST_CASE("entry pieces: the search for the entries' end tags finds what the whole parse finds") {
  // The cut searches for "</url>" rather than following every tag (EntryEndSearch): an end tag of
  // that name where no entry ends must leave a piece pugixml refuses, or content the walk gives up
  // on, so that the report is the whole parse's however the markup holds it, in one lane or many.
  const std::string entry = "<url><loc>https://example.com/a</loc></url>";
  const std::string end = "</urlset>\n";
  const std::vector<std::string> documents = {
      kHead + entry + "<url><loc>https://example.com/b</loc><!-- </url> --></url>" + entry + end,
      kHead + entry + "<url><loc><![CDATA[https://example.com/</url>]]></loc></url>" + entry + end,
      kHead + entry + "<url><loc>https://example.com/c</loc><?pi </url>?></url>" + entry + end,
      kHead + entry + "<x:w xmlns:x=\"urn:x\"><url><loc>https://example.com/d</loc></url></x:w>" + entry + end,
      kHead + entry + "<url><loc a=\"</url>\">https://example.com/e</loc></url>" + entry + end,
      kHead + entry + "text among the entries" + entry + end,
      kHead + entry + "<url><loc xml:lang=\"en\">https://example.com/f</loc></url>" + entry + end,
      kHead + entry + "<url ><loc>https://example.com/g</loc></url >" + entry + end,
      kHead + "<!-- <note> --><url><loc>https://example.com/h</loc></url><url><loc>x</loc></url  \n>" + end,
      kHead + "<x:first xmlns:x=\"urn:x\"/>" + entry + entry + end,
      kHead + entry + "<url><url><loc>https://example.com/i</loc></url></url>" + entry + end,
      "<?xml version=\"1.0\"?>\n<!-- <url> -->\n" + kHead +
          "\n<url><loc a=\"url>\" b='>'>x</loc><!-- </url> --></url>\n<!-- </url><url> --><?pi </url>?>\n<url><loc>"
          "<![CDATA[</url>]]></loc><?x?></url><url/>\n<url xmlns:n=\"urn:x\"><n:a/></url>\n" +
          end,
      kHead + entry + "<![CDATA[x]]>" + entry + end,
      kHead + "<url><loc a:b=\"c\">x</loc></url>" + entry + end,
      kHead + entry + "<url><!-- open" + entry + end,  // not well-formed: the whole parse says where
      kHead + entry + "<url><loc a=\"<\">x</loc></url>" + entry + end,
      kHead + entry + "<url><loc a=\"x>y</loc></url>" + entry + end,  // an open quote
      kHead + entry + "<url><!ENTITY x></url>" + entry + end,
      // What a piece's top level takes and the root's content does not: the walk or the cut gives
      // up on them (pugixml checks declarations only inside an element, skips a byte order mark
      // at the start of what it parses, and takes a piece's last byte for its ending NUL).
      kHead + entry + "<!DOCTYPE x>" + entry + end,
      kHead + entry + "<?xml version=\"1.0\"?>" + entry + end,
      kHead + entry + "\xEF\xBB\xBF" + entry + end,
      kHead + entry + entry + "\nx" + end,
      "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><sitemap><loc>https://example.com/"
      "s.xml</loc></sitemap><sitemap><loc>https://example.com/t.xml</loc></sitemap></sitemapindex>\n",
  };
  for (const std::string& xml : documents) {
    CAPTURE(xml);
    const FileReport whole = lint_bytes("sitemap.xml", xml, every_rule(), whole_parse(test_settings()));
    for (const unsigned threads : {1u, 2u, 3u}) {
      CAPTURE(threads);
      const FileReport lanes = lint_bytes("sitemap.xml", xml, every_rule(), in_pieces(test_settings(), threads));
      CHECK(findings_in_full(lanes.diagnostics) == findings_in_full(whole.diagnostics));
      CHECK(lanes.entries == whole.entries);
    }
  }
}

TEST_CASE("entry pieces: a root whose content is unusual is parsed whole") {
  const std::string entry = "<url><loc>https://example.com/</loc></url>";
  const std::string end = "</urlset>\n";
  const std::vector<std::string> whole = {"whole"};
  CHECK(pieces_of(kHead + entry + entry + end).size() == 2);  // the case the others change
  CHECK(pieces_of("<!DOCTYPE urlset>" + kHead + entry + end) == whole);
  CHECK(pieces_of(kHead + entry + "<!-- after the last entry -->" + end) == whole);
  CHECK(pieces_of(kHead + entry + end + "<!-- after the root -->") == whole);
  CHECK(pieces_of(kHead + entry + "</urlset>x") == whole);
  CHECK(pieces_of(kHead + entry) == whole);  // no end
  CHECK(pieces_of(kHead + entry + "</urlsetx>") == whole);
  CHECK(pieces_of(kHead + end) == whole);  // no entry
  CHECK(pieces_of("<rss version=\"2.0\"><channel><item/></channel></rss>") == whole);  // a feed
  CHECK(pieces_of("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>") == whole);
}

TEST_CASE("entry pieces: lanes count the entries before them, however their names are bound") {
  // The limit rules name the 50,001st <url>, which a later lane finds only by counting the lanes'
  // entries before it: the cut counts them by name, and the lane resolves each name as the walk
  // does, from the root's bindings or from a binding on the entry itself.
  const auto sitemap = [](std::string_view root, std::string_view first_half, std::string_view second_half) {
    std::string xml = "<?xml version=\"1.0\"?>\n" + std::string(root) + "\n";
    for (int i = 0; i < 50'004; ++i) {
      xml += std::string(i < 25'000 ? first_half : second_half) + "https://example.com/" + std::to_string(i) +
             "</loc></url>\n";
      if (i < 25'000 && first_half.starts_with("<sm:")) xml.replace(xml.size() - 13, 13, "</sm:loc></sm:url>\n");
    }
    return xml + (root.starts_with("<sm:") ? "</sm:urlset>\n" : "</urlset>\n");
  };
  const std::string ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
  const std::vector<std::string> cases = {
      sitemap("<urlset xmlns=\"" + ns + "\">", "<url><loc>", "<url><loc>"),
      sitemap("<urlset xmlns=\"" + ns + "\">", "<url xmlns=\"" + ns + "\"><loc>", "<url><loc>"),
      sitemap("<urlset xmlns=\"" + ns + "\">", "<sm:url xmlns:sm=\"" + ns + "\"><sm:loc>", "<url><loc>"),
      // Entries in no namespace are not <url>s: the limit is not reached.
      sitemap("<urlset xmlns=\"" + ns + "\">", "<url xmlns=\"urn:other\"><loc>", "<url><loc>"),
  };
  const Settings settings = test_settings();
  for (const std::string& xml : cases) {
    const std::vector<std::string> whole = findings_in_full(lint_text(xml, whole_parse(settings)).diagnostics);
    for (const unsigned threads : {1u, 2u, 3u}) {
      Settings in_lanes = settings;
      in_lanes.engine.rule_threads = threads;
      in_lanes.engine.pieces_from_bytes = 0;
      CHECK(findings_in_full(lint_text(xml, in_lanes).diagnostics) == whole);
    }
  }
  const auto limit_findings = [&](const std::string& xml) {
    const std::vector<Diagnostic> found = lint_text(xml, settings).diagnostics;
    return std::count_if(found.begin(), found.end(), [](const Diagnostic& d) { return d.rule->code == "SM701"; });
  };
  CHECK(limit_findings(cases[1]) == 1);
  CHECK(limit_findings(cases[2]) == 1);
  CHECK(limit_findings(cases[3]) == 0);
}

TEST_CASE("entry pieces: the checks across a set see a file walked in lanes whole") {
  // What each lane keeps for the set (pages, hreflang links, the newest <lastmod>) is folded into
  // one file's facts: hreflang pairs within the large file and across files, a URL listed again in
  // the small file, and the large file's newest <lastmod> in its last lane, which its index dates
  // earlier.
  TempDir dir;
  const std::string head =
      "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
      "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  const auto alternate = [](const std::string& code, const std::string& href) {
    return "<xhtml:link rel=\"alternate\" hreflang=\"" + code + "\" href=\"" + href + "\"/>";
  };
  constexpr int kPages = 24'000;
  std::string large = head;
  for (int i = 0; i < kPages; ++i) {
    const std::string page = "https://example.com/en/" + std::to_string(i);
    const std::string twin = "https://example.com/de/" + std::to_string((i + kPages / 2) % kPages);
    large += "<url><loc>" + page + "</loc><lastmod>" + (i == kPages - 7 ? "2024-09-01" : "2024-01-02") + "</lastmod>";
    // Every third page names a twin in the other half, and the twin names it back but for every
    // ninth; every 500th names a page of the small file.
    if (i % 3 == 0) large += alternate("en", page) + alternate("de", twin);
    if (i % 500 == 0) large += alternate("fr", "https://example.com/fr/" + std::to_string(i));
    large += "</url>\n";
  }
  for (int i = 0; i < kPages; i += 3) {
    if (i % 9 == 0) continue;
    const std::string twin = "https://example.com/de/" + std::to_string((i + kPages / 2) % kPages);
    large += "<url><loc>" + twin + "</loc>" + alternate("de", twin) +
             alternate("en", "https://example.com/en/" + std::to_string(i)) + "</url>\n";
  }
  large += "</urlset>\n";
  REQUIRE(large.size() > (std::size_t{2} << 20));
  std::string small = head;
  for (int i = 0; i < kPages; i += 500) {
    const std::string page = "https://example.com/fr/" + std::to_string(i);
    small += "<url><loc>" + page + "</loc>" + alternate("fr", page) +
             (i % 1000 == 0 ? alternate("en", "https://example.com/en/" + std::to_string(i)) : "") + "</url>\n";
  }
  small += "<url><loc>https://example.com/en/" + std::to_string(kPages - 3) + "</loc></url>\n</urlset>\n";
  dir.write("pub/large.xml", large);
  dir.write("pub/small.xml", small);
  const std::string index =
      dir.write("pub/index.xml",
                "<?xml version=\"1.0\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                "<sitemap><loc>https://example.com/large.xml</loc><lastmod>2024-06-01</lastmod></sitemap>\n"
                "<sitemap><loc>https://example.com/small.xml</loc></sitemap>\n</sitemapindex>\n");
  const auto lint = [&](const char* jobs) {
    return run_cli(
        {"--format", "json", "--now", kTestNow, "--jobs", jobs, "--base-url", "https://example.com/index.xml", index});
  };
  const auto one = lint("1"), lanes = lint("4");
  CHECK(lanes.exit_code == one.exit_code);
  CHECK(lanes.out == one.out);
  for (const char* code : {"SM803", "SM804", "LANG501", "LANG505"}) {
    CAPTURE(code);
    CHECK(one.out.find(std::string("\"code\": \"") + code + "\"") != std::string::npos);
  }
}

TEST_CASE("entry pieces: a rule's finding cap counts the lanes' findings together") {
  // 30,000 invalid dates: the first 10,000 are shown and one finding counts the rest, whichever
  // lane found them.
  std::string xml = kHead + "\n";
  for (int i = 0; i < 30'000; ++i)
    xml += "<url><loc>https://example.com/" + std::to_string(i) + "</loc><lastmod>2024-13-01</lastmod></url>\n";
  xml += "</urlset>\n";
  const Settings settings = test_settings();
  const std::vector<std::string> whole = findings_in_full(lint_text(xml, whole_parse(settings)).diagnostics);
  REQUIRE(std::any_of(whole.begin(), whole.end(), [](const std::string& f) {
    return f.find("20000 more findings of this rule in this file are not shown") != std::string::npos;
  }));
  for (const unsigned threads : {1u, 2u, 3u}) {
    CAPTURE(threads);
    Settings in_lanes = settings;
    in_lanes.engine.rule_threads = threads;
    in_lanes.engine.pieces_from_bytes = 0;
    CHECK(findings_in_full(lint_text(xml, in_lanes).diagnostics) == whole);
  }
}
