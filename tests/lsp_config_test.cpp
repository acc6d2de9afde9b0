// The language server reads sitemaplint.toml like the command line: the nearest one above the
// document, with its overrides; a broken one is reported once and the document linted with defaults.
#include <doctest/doctest.h>

#include "lsp_session.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::lsp;
using namespace sitemaplint::lsp::testing;

namespace {

std::vector<json> open_at(Session& s, const std::string& path, int version = 1) {
  return s.send(notification(
      "textDocument/didOpen",
      {{"textDocument", {{"uri", "file://" + path}, {"languageId", "xml"}, {"version", version}, {"text", kText}}}}));
}

json codes(const json& diagnostics) {
  json out = json::array();
  for (const json& d : diagnostics) out.push_back({d["code"], d["severity"]});
  return out;
}

}  // namespace

TEST_CASE("lsp config: the nearest sitemaplint.toml and its overrides decide the rules and severities") {
  sitemaplint::testing::TempDir dir;
  dir.write("sitemaplint.toml",
            "ignore = [\"SM208\"]\n[[overrides]]\nfiles = [\"news/*.xml\"]\n"
            "[overrides.severity]\nSM301 = \"warning\"\n");
  Session s;
  s.init(false);
  const std::vector<json> top = open_at(s, (dir.path / "sitemap.xml").string());
  REQUIRE(top.size() == 1);
  CHECK(codes(top[0]["params"]["diagnostics"]) == json::parse(R"([["SM501", 1], ["SM301", 1]])"));
  const std::vector<json> news = open_at(s, (dir.path / "news/sitemap.xml").string());
  REQUIRE(news.size() == 1);
  CHECK(codes(news[0]["params"]["diagnostics"]) == json::parse(R"([["SM501", 1], ["SM301", 2]])"));
}

TEST_CASE("lsp config: a broken config is shown once with its position, the document is linted with defaults") {
  sitemaplint::testing::TempDir dir;
  const std::string config = dir.write("sitemaplint.toml", "ignore = [\"SM2088\"]\n");
  const std::string path = (dir.path / "sitemap.xml").string();
  Session s;
  s.init(false);
  const std::vector<json> first = open_at(s, path);
  REQUIRE(first.size() == 2);
  CHECK(first[0]["method"] == "window/showMessage");
  CHECK(first[0]["params"]["type"] == 1);
  CHECK(first[0]["params"]["message"] ==
        "sitemaplint: " + config +
            ":1:11: 'ignore': unknown rule 'SM2088'; did you mean 'SM208'? (sitemaplint --list-rules shows them "
            "all) (linting with the default settings)");
  CHECK(codes(first[1]["params"]["diagnostics"]) ==
        json::parse(R"([["SM208", 2], ["SM501", 1], ["SM208", 2], ["SM301", 1]])"));
  // The same error again: no second message.
  const std::vector<json> again =
      s.send(notification("textDocument/didSave", {{"textDocument", {{"uri", "file://" + path}}}}));
  REQUIRE(again.size() == 1);
  CHECK(again[0]["method"] == "textDocument/publishDiagnostics");
  // Another document without a config error does not make this one's error news again.
  s.send(notification(
      "textDocument/didOpen",
      {{"textDocument", {{"uri", "untitled:Untitled-1"}, {"languageId", "xml"}, {"version", 1}, {"text", kText}}}}));
  const std::vector<json> still =
      s.send(notification("textDocument/didSave", {{"textDocument", {{"uri", "file://" + path}}}}));
  REQUIRE(still.size() == 1);
  CHECK(still[0]["method"] == "textDocument/publishDiagnostics");
  // Fixed on disk: the next lint reads it.
  dir.write("sitemaplint.toml", "ignore = [\"SM208\"]\n");
  const std::vector<json> fixed =
      s.send(notification("textDocument/didSave", {{"textDocument", {{"uri", "file://" + path}}}}));
  REQUIRE(fixed.size() == 1);
  CHECK(codes(fixed[0]["params"]["diagnostics"]) == json::parse(R"([["SM501", 1], ["SM301", 1]])"));
}

TEST_CASE("lsp config: the server's --profile wins over the config's profile, its other settings apply on top") {
  sitemaplint::testing::TempDir dir;
  const std::string path = (dir.path / "sitemap.xml").string();
  Session plain;
  plain.init(false);
  const std::vector<json> defaults = open_at(plain, path);
  REQUIRE(defaults.size() == 1);
  CHECK(codes(defaults[0]["params"]["diagnostics"]) ==
        json::parse(R"([["SM208", 2], ["SM501", 1], ["SM208", 2], ["SM301", 1]])"));
  // strict: every warning an error.
  Session strict(find_rule_profile("strict"));
  strict.init(false);
  const std::vector<json> all_errors = open_at(strict, path);
  REQUIRE(all_errors.size() == 1);
  CHECK(codes(all_errors[0]["params"]["diagnostics"]) ==
        json::parse(R"([["SM208", 1], ["SM501", 1], ["SM208", 1], ["SM301", 1]])"));
  // A config's profile gives way; its ignore still applies, as on the command line.
  dir.write("sitemaplint.toml", "profile = \"default\"\nignore = [\"SM301\"]\n");
  const std::vector<json> configured =
      strict.send(notification("textDocument/didSave", {{"textDocument", {{"uri", "file://" + path}}}}));
  REQUIRE(configured.size() == 1);
  CHECK(codes(configured[0]["params"]["diagnostics"]) == json::parse(R"([["SM208", 1], ["SM501", 1], ["SM208", 1]])"));
  // A broken config: linted with the server's profile meanwhile, not the defaults.
  dir.write("sitemaplint.toml", "ignore = [\"SM2088\"]\n");
  const std::vector<json> broken =
      strict.send(notification("textDocument/didSave", {{"textDocument", {{"uri", "file://" + path}}}}));
  REQUIRE(broken.size() == 2);
  CHECK(codes(broken[1]["params"]["diagnostics"]) == codes(all_errors[0]["params"]["diagnostics"]));
}

TEST_CASE("lsp config: a config nested 40,000 levels deep is shown as an error, not a crash") {
  sitemaplint::testing::TempDir dir;
  std::string key;
  for (int i = 0; i < 40'000; ++i) key += "a.";
  const std::string config = dir.write("sitemaplint.toml", "[" + key + "a]\n");
  Session s;
  s.init(false);
  const std::vector<json> first = open_at(s, (dir.path / "sitemap.xml").string());
  REQUIRE(first.size() == 2);
  CHECK(first[0]["method"] == "window/showMessage");
  CHECK(first[0]["params"]["message"] ==
        "sitemaplint: " + config +
            ":1:1: tables and arrays are nested more than 64 levels deep here (dotted keys, "
            "table headers, arrays and inline tables each count) (linting with the default settings)");
  // Linted with the defaults.
  CHECK(codes(first[1]["params"]["diagnostics"]) ==
        json::parse(R"([["SM208", 2], ["SM501", 1], ["SM208", 2], ["SM301", 1]])"));
}
