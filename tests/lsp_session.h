// A language server session without a process, shared by the lsp_*_test.cpp files: a Server fed
// JSON messages, and the fixture every test opens.
#pragma once

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "lsp/server.h"
#include "engine/registry.h"
#include "docs/rule_docs.h"

namespace sitemaplint::lsp::testing {

using nlohmann::json;

inline const std::string kUri = "file:///tmp/site%20a/sitemap.xml";
// Line 2 has 'é' before SM501 (with a fix); line 3 has '😀' (two UTF-16 units, four bytes)
// before SM301 (with a fix). Both lines also have SM208 loc-non-ascii.
inline const std::string kText =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/\xC3\xA9</loc><changefreq>Daily</changefreq></url>\n"
    "  <url><loc>https://example.com/\xF0\x9F\x98\x80?a=1&b=2</loc></url>\n"
    "</urlset>\n";

inline json pos(int line, int character) { return {{"line", line}, {"character", character}}; }
inline json range(int l1, int c1, int l2, int c2) { return {{"start", pos(l1, c1)}, {"end", pos(l2, c2)}}; }

inline json request(int id, const std::string& method, json params) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}
inline json notification(const std::string& method, json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

struct Session {
  std::ostringstream log;
  Server server;

  // `profile`: as `sitemaplint server --profile NAME` gives it.
  explicit Session(const RuleProfile* profile = nullptr) : server(log, profile) {}

  std::vector<json> send(const json& message) { return server.handle(message.dump()); }
  json call(int id, const std::string& method, json params) {
    const std::vector<json> out = send(request(id, method, std::move(params)));
    REQUIRE(out.size() == 1);
    CHECK(out[0]["id"] == id);
    return out[0];
  }
  void init(bool utf8) {
    json caps = utf8 ? json{{"general", {{"positionEncodings", {"utf-16", "utf-8"}}}}} : json::object();
    call(1, "initialize", {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", caps}});
    CHECK(send(notification("initialized", json::object())).empty());
  }
  json open(const std::string& text) {
    const std::vector<json> out =
        send(notification("textDocument/didOpen",
                          {{"textDocument", {{"uri", kUri}, {"languageId", "xml"}, {"version", 1}, {"text", text}}}}));
    REQUIRE(out.size() == 1);
    CHECK(out[0]["method"] == "textDocument/publishDiagnostics");
    return out[0]["params"];
  }
};

inline json codes_and_ranges(const json& diagnostics) {
  json out = json::array();
  for (const json& d : diagnostics) out.push_back({d["code"], d["severity"], d["range"]});
  return out;
}

inline std::string docs_url(std::string_view code) { return rule_docs_url(*find_rule(code)); }

}  // namespace sitemaplint::lsp::testing
