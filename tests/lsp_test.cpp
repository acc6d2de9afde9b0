// The language server without a process: its answers to initialize, document changes, code
// actions and hover, through Server::handle.
#include <doctest/doctest.h>

#include <sstream>

#include "lsp_session.h"
#include "lsp/transport.h"

using namespace sitemaplint;
using namespace sitemaplint::lsp;
using namespace sitemaplint::lsp::testing;

TEST_CASE("lsp initialize: utf-8 when the client offers it, else utf-16, capabilities and server info") {
  Session utf8;
  const json reply =
      utf8.call(1, "initialize", {{"capabilities", {{"general", {{"positionEncodings", {"utf-16", "utf-8"}}}}}}});
  CHECK(reply ==
        json({{"jsonrpc", "2.0"},
              {"id", 1},
              {"result",
               {{"capabilities",
                 {{"positionEncoding", "utf-8"},
                  {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", true}}}}},
                  {"codeActionProvider", {{"codeActionKinds", {"quickfix", "source.fixAll.sitemaplint"}}}},
                  {"hoverProvider", true}}},
                {"serverInfo", {{"name", "sitemaplint"}, {"version", SITEMAPLINT_VERSION}}}}}}));
  Session utf16;
  CHECK(utf16.call(
            1, "initialize",
            {{"capabilities",
              {{"general", {{"positionEncodings", {"utf-32"}}}}}}})["result"]["capabilities"]["positionEncoding"] ==
        "utf-16");
  Session plain;
  CHECK(plain.call(1, "initialize", {{"capabilities", json::object()}})["result"]["capabilities"]["positionEncoding"] ==
        "utf-16");
}

TEST_CASE("lsp diagnostics: every finding with range, severity, code, link, source, message and fix data") {
  Session s;
  s.init(false);
  const json published = s.open(kText);
  CHECK(published["uri"] == kUri);
  CHECK(published["version"] == 1);
  const json& diagnostics = published["diagnostics"];
  REQUIRE(diagnostics.size() == 4);
  CHECK(
      diagnostics[1] ==
      json({{"range", range(2, 51, 2, 56)},
            {"severity", 1},
            {"code", "SM501"},
            {"codeDescription", {{"href", docs_url("SM501")}}},
            {"source", "sitemaplint"},
            {"message",
             "<changefreq> 'Daily' must be lower case: the sitemap XSD's enumeration is case-sensitive; write 'daily'"},
            {"data",
             {{"rule", "changefreq-invalid"},
              {"fix", {{"title", "replace with 'daily'"}, {"range", range(2, 51, 2, 56)}, {"newText", "daily"}}}}}}));
  CHECK(codes_and_ranges(diagnostics) == json::parse(R"([
    ["SM208", 2, {"start": {"line": 2, "character": 32}, "end": {"line": 2, "character": 33}}],
    ["SM501", 1, {"start": {"line": 2, "character": 51}, "end": {"line": 2, "character": 56}}],
    ["SM208", 2, {"start": {"line": 3, "character": 12}, "end": {"line": 3, "character": 42}}],
    ["SM301", 1, {"start": {"line": 3, "character": 38}, "end": {"line": 3, "character": 39}}]])"));
  Session u8;
  u8.init(true);
  CHECK(codes_and_ranges(u8.open(kText)["diagnostics"]) == json::parse(R"([
    ["SM208", 2, {"start": {"line": 2, "character": 32}, "end": {"line": 2, "character": 34}}],
    ["SM501", 1, {"start": {"line": 2, "character": 52}, "end": {"line": 2, "character": 57}}],
    ["SM208", 2, {"start": {"line": 3, "character": 12}, "end": {"line": 3, "character": 44}}],
    ["SM301", 1, {"start": {"line": 3, "character": 40}, "end": {"line": 3, "character": 41}}]])"));
}

TEST_CASE("lsp diagnostics: related information points at the first occurrence") {
  Session s;
  s.init(false);
  const json d = s.open(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<url><loc>https://example.com/a</loc></url>\n<url><loc>https://example.com/a</loc></url>\n</urlset>\n")
                     ["diagnostics"];
  REQUIRE(d.size() == 1);
  CHECK(d[0]["code"] == "SM211");
  CHECK(d[0]["range"] == range(3, 10, 3, 31));
  REQUIRE(d[0]["relatedInformation"].size() == 1);
  CHECK(d[0]["relatedInformation"][0]["location"] == json({{"uri", kUri}, {"range", range(2, 10, 2, 10)}}));
  CHECK(d[0]["relatedInformation"][0]["message"].is_string());
}

TEST_CASE("lsp document sync: full and incremental changes, save with text, close publishes nothing left") {
  Session s;
  s.init(false);
  s.open(kText);
  // Incremental: replace "Daily" (UTF-16 columns 51..56 on line 2) by "daily".
  std::vector<json> out = s.send(notification(
      "textDocument/didChange", {{"textDocument", {{"uri", kUri}, {"version", 2}}},
                                 {"contentChanges", {{{"range", range(2, 51, 2, 56)}, {"text", "daily"}}}}}));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["params"]["version"] == 2);
  CHECK(codes_and_ranges(out[0]["params"]["diagnostics"]).size() == 3);
  CHECK(s.server.documents().at(kUri).text.find("<changefreq>daily<") != std::string::npos);
  // Full: a clean document.
  const std::string clean =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<url><loc>https://example.com/</loc></url>\n</urlset>\n";
  out = s.send(notification("textDocument/didChange", {{"textDocument", {{"uri", kUri}, {"version", 3}}},
                                                       {"contentChanges", {{{"text", clean}}}}}));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["params"]["diagnostics"] == json::array());
  out = s.send(notification("textDocument/didSave", {{"textDocument", {{"uri", kUri}}}, {"text", kText}}));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["params"]["diagnostics"].size() == 4);
  out = s.send(notification("textDocument/didClose", {{"textDocument", {{"uri", kUri}}}}));
  CHECK(out == std::vector<json>{
                   notification("textDocument/publishDiagnostics", {{"uri", kUri}, {"diagnostics", json::array()}})});
  CHECK(s.server.documents().empty());
  CHECK(s.send(notification("textDocument/didClose", {{"textDocument", {{"uri", kUri}}}})).empty());
}

TEST_CASE("lsp document sync: a burst of changes is linted and published once, when the burst ends") {
  Session s;
  s.init(false);
  s.open(kText);
  auto change = [&](int version, const json& range_, const std::string& text, bool more_waiting) {
    const json message =
        notification("textDocument/didChange", {{"textDocument", {{"uri", kUri}, {"version", version}}},
                                                {"contentChanges", {{{"range", range_}, {"text", text}}}}});
    return s.server.handle(message.dump(), more_waiting);
  };
  // "Daily" -> "daily" in two keystrokes while more input waits: nothing published yet.
  CHECK(change(2, range(2, 51, 2, 52), "d", true).empty());
  // A request in the burst sees the current text (SM501 is gone) though nothing was published.
  const json hover = s.server.handle(
      request(7, "textDocument/hover", {{"textDocument", {{"uri", kUri}}}, {"position", pos(2, 52)}}).dump(), true)[0];
  CHECK(hover["id"] == 7);
  CHECK(hover["result"].is_null());
  // The burst ends: one publish, of the last version.
  const std::vector<json> out = change(3, range(3, 38, 3, 39), "&amp;", false);
  REQUIRE(out.size() == 1);
  CHECK(out[0]["params"]["version"] == 3);
  CHECK(codes_and_ranges(out[0]["params"]["diagnostics"]) == json::parse(R"([
    ["SM208", 2, {"start": {"line": 2, "character": 32}, "end": {"line": 2, "character": 33}}],
    ["SM208", 2, {"start": {"line": 3, "character": 12}, "end": {"line": 3, "character": 46}}]])"));
}

TEST_CASE("lsp code actions: a quick fix for the finding in range, and fix-all for the file") {
  Session s;
  s.init(false);
  s.open(kText);
  const json reply = s.call(7, "textDocument/codeAction",
                            {{"textDocument", {{"uri", kUri}}},
                             {"range", range(3, 38, 3, 38)},
                             {"context", {{"diagnostics", json::array()}}}});
  const json& actions = reply["result"];
  REQUIRE(actions.size() == 3);  // SM208 and SM301 touch the cursor; then fix-all
  CHECK(actions[1]["title"] == "replace with '&amp;'");
  CHECK(actions[1]["kind"] == "quickfix");
  CHECK(actions[1]["isPreferred"] == true);
  CHECK(actions[1]["diagnostics"].size() == 1);
  CHECK(actions[1]["diagnostics"][0]["code"] == "SM301");
  CHECK(actions[1]["edit"] == json({{"changes", {{kUri, {{{"range", range(3, 38, 3, 39)}, {"newText", "&amp;"}}}}}}}));
  CHECK(actions[0]["edit"]["changes"][kUri][0]["newText"] == "https://example.com/%F0%9F%98%80?a=1&amp;b=2");
  CHECK(actions[2]["title"] == "Apply all sitemaplint fixes in this file");
  CHECK(actions[2]["kind"] == "source.fixAll.sitemaplint");
  CHECK(!actions[2].contains("diagnostics"));
  CHECK(actions[2]["edit"]["changes"][kUri][0] == json({{"range", range(2, 32, 3, 39)},
                                                        {"newText",
                                                         "%C3%A9</loc><changefreq>daily</changefreq></url>\n  "
                                                         "<url><loc>https://example.com/%F0%9F%98%80?a=1&amp;"}}));

  // Asked only for fix-all (as editors do on save), from a place without findings.
  const json only = s.call(8, "textDocument/codeAction",
                           {{"textDocument", {{"uri", kUri}}},
                            {"range", range(0, 0, 0, 0)},
                            {"context", {{"diagnostics", json::array()}, {"only", {"source.fixAll"}}}}})["result"];
  REQUIRE(only.size() == 1);
  CHECK(only[0]["kind"] == "source.fixAll.sitemaplint");
  // Nothing in range and no kind asked for: no actions, not even fix-all.
  CHECK(s.call(
            9, "textDocument/codeAction",
            {{"textDocument", {{"uri", kUri}}}, {"range", range(0, 0, 0, 0)}, {"context", json::object()}})["result"] ==
        json::array());
  // Only quick fixes: no fix-all.
  CHECK(s.call(10, "textDocument/codeAction",
               {{"textDocument", {{"uri", kUri}}},
                {"range", range(2, 51, 2, 51)},
                {"context", {{"only", {"quickfix"}}}}})["result"]
            .size() == 1);
}

TEST_CASE("lsp hover: a rule named in a suppression comment, a finding's rule, or nothing") {
  Session s;
  s.init(false);
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "<!-- sitemaplint-disable-next-line SM201, loc-non-ascii -->\n"
      "<url><loc>https://example.com/\xC3\xA9</loc><changefreq>Daily</changefreq></url>\n"
      "</urlset>\n";
  s.open(text);
  auto hover_at = [&](int line, int character) {
    return s.call(3, "textDocument/hover",
                  {{"textDocument", {{"uri", kUri}}}, {"position", pos(line, character)}})["result"];
  };
  std::ostringstream sm201;
  write_explanation(*find_rule("SM201"), sm201);
  const json on_code = hover_at(2, 36);
  CHECK(on_code ==
        json({{"contents",
               {{"kind", "markdown"},
                {"value", sm201.str() + "\n[SM201 in the sitemaplint documentation](" + docs_url("SM201") + ")\n"}}},
              {"range", range(2, 35, 2, 40)}}));
  CHECK(hover_at(2, 42)["range"] == range(2, 42, 2, 55));
  CHECK(hover_at(2, 42)["contents"]["value"].get<std::string>().starts_with("# SM208 loc-non-ascii (warning)"));
  // On "Daily", whose finding is SM501 changefreq-invalid.
  const json on_finding = hover_at(3, 50);
  CHECK(on_finding["range"] == range(3, 49, 3, 54));
  CHECK(on_finding["contents"]["value"].get<std::string>().starts_with("# SM501 changefreq-invalid (error)"));
  CHECK(hover_at(1, 3).is_null());  // "urlset": neither a rule nor a finding
  CHECK(hover_at(40, 0).is_null());

  // A code against the comment's end: "SM401-->" names SM401.
  Session tight;
  tight.init(false);
  tight.open("<!--sitemaplint-disable-next-line SM401-->\n<urlset/>\n");
  const json hover =
      tight.call(4, "textDocument/hover", {{"textDocument", {{"uri", kUri}}}, {"position", pos(0, 36)}})["result"];
  CHECK(hover["range"] == range(0, 34, 0, 39));
  CHECK(hover["contents"]["value"].get<std::string>().starts_with("# SM401 lastmod-invalid (error)"));
}
