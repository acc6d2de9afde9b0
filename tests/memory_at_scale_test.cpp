// Memory at scale, end to end through the built binary: what sitemaplint keeps per URL of a huge
// text sitemap and per fix of a large document in the language server. Each bound sits between
// what the run takes and what it took when the copies these tests guard against were made (a text
// sitemap held 3.3 times its size, a fix-all 19 times its document's). bench/run.sh, section 7,
// measures the full-size cases; these are a tenth to a third of them, to stay quick.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "bounded_run.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// `text` as the contents of a JSON string.
std::string json_string(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

std::string framed(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

}  // namespace

TEST_CASE("memory at scale: a text sitemap of 3,500,000 URLs is linted in less than 1.8 times its size") {
  const std::size_t urls = sized_for_build(3'500'000);
  TempDir dir;
  const std::string path = (dir.path / "urls.txt").string();
  std::size_t size = 0;
  {
    std::ofstream out(path, std::ios::binary);
    std::string chunk;
    for (std::size_t i = 0; i < urls; ++i) {
      chunk += "https://www.example.com/p/" + std::to_string(i) + "\n";
      if (chunk.size() > (1u << 20)) {
        out << chunk;
        size += chunk.size();
        chunk.clear();
      }
    }
    chunk += "https://www.example.com/p/17\n";  // one repeat, the last line: found and placed
    out << chunk;
    size += chunk.size();
    REQUIRE(out);
  }
  const BoundedResult r = run_bounded({"--no-config", "--quiet", "--color", "never", path}, 120 * kSlowdown);
  REQUIRE_FALSE(r.timed_out);
  CHECK(r.exit_code == 1);  // too-many-urls
  CHECK(r.out.find(path + ":50001:1: error[SM701 too-many-urls]") != std::string::npos);
  CHECK(r.out.find(path + ":" + std::to_string(urls + 1) +
                   ":1: warning[SM211 duplicate-loc]: 'https://www.example.com/p/17' is listed more than "
                   "once") != std::string::npos);
  // The bytes (a text sitemap is read, not parsed into a tree) and 12 bytes a URL for duplicate-loc.
  // AddressSanitizer's shadow and quarantine make the figure meaningless there.
#ifndef SITEMAPLINT_TEST_ASAN
  CHECK(r.max_rss_kib * 1024.0 < 1.8 * static_cast<double>(size));
#endif
}

TEST_CASE("memory at scale: the language server fixes all of a 20 MB document in less than 15 times its size") {
  // 95,000 entries, each with three findings that have a fix: <loc> and <lastmod> with white space
  // around them, <changefreq> capitalised.
  std::string document =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  const std::size_t entries = sized_for_build(95'000);
  for (std::size_t i = 0; i < entries; ++i) {
    document += "  <url>\n    <loc> https://www.example.com/catalogue/section-" + std::to_string(i % 97) + "/item-" +
                std::to_string(i) +
                "-with-a-descriptive-slug-for-people-and-for-search.html </loc>\n"
                "    <lastmod> 2024-05-01T10:00:00+00:00 </lastmod>\n    <changefreq>Weekly</changefreq>\n"
                "    <priority>0.5</priority>\n  </url>\n";
  }
  document += "</urlset>\n";
  const std::string uri = "file:///scale/fixable.xml";
  TempDir dir;
  const std::string session = (dir.path / "session.jsonrpc").string();
  {
    std::ofstream out(session, std::ios::binary);
    out << framed(
               R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}})")
        << framed(R"({"jsonrpc":"2.0","method":"initialized","params":{}})")
        << framed(R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":")" + uri +
                  R"(","languageId":"xml","version":1,"text":")" + json_string(document) + R"("}}})")
        << framed(R"({"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":")" +
                  uri +
                  R"("},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},)"
                  R"("context":{"diagnostics":[],"only":["source.fixAll"]}}})")
        << framed(R"({"jsonrpc":"2.0","id":3,"method":"shutdown"})") << framed(R"({"jsonrpc":"2.0","method":"exit"})");
    REQUIRE(out);
  }
  const BoundedResult r = run_bounded({"server"}, 120 * kSlowdown, session);
  REQUIRE_FALSE(r.timed_out);
  CHECK(r.exit_code == 0);
  // The fix-all edit: every value trimmed, every changefreq in lower case.
  CHECK(r.out.find("Apply all sitemaplint fixes in this file") != std::string::npos);
  const std::size_t last = entries - 1;
  CHECK(r.out.find("<loc>https://www.example.com/catalogue/section-" + std::to_string(last % 97) + "/item-" +
                   std::to_string(last) + "-with") != std::string::npos);
  CHECK(r.out.find("<changefreq>weekly</changefreq>") != std::string::npos);
  CHECK(r.out.find("<loc> https") == std::string::npos);
#ifndef SITEMAPLINT_TEST_ASAN
  CHECK(r.max_rss_kib * 1024.0 < 15.0 * static_cast<double>(document.size()));
#endif
}
