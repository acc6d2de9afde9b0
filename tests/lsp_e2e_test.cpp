// End to end: the built binary's `sitemaplint server` driven by a real LSP client library
// (tests/lsp-client/client.js, vscode-languageserver-protocol from npm) over pipes.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "engine/registry.h"
#include "docs/rule_docs.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

TEST_CASE("lsp server end to end: a real LSP client over stdio, with utf-8 and with utf-16 positions") {
  if (const std::string missing = node_tool_missing("tests/lsp-client", "vscode-languageserver-protocol");
      !missing.empty()) {
    skip_test("driving the language server with an LSP client needs Node: " + missing);
    return;
  }
  // The links the client must see, whatever SITEMAPLINT_DOCS_URL this build was configured with.
  nlohmann::json docs;
  for (const char* code : {"SM208", "SM301", "SM501"}) docs[code] = rule_docs_url(*find_rule(code));
  const CommandResult client =
      run_node("tests/lsp-client/client.js", {SITEMAPLINT_BINARY, SITEMAPLINT_VERSION, docs.dump()});
  INFO(client.out);
  CHECK(client.exit_code == 0);
  CHECK(client.out == "ok: utf-8\nok: utf-16\n");
}

TEST_CASE("lsp server from the command line: `server` takes only --profile, stdout holds only framed replies") {
  auto framed = [](const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  };
  const CommandResult session =
      run_cli({"server"}, framed(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
                              framed(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
                              framed(R"({"jsonrpc":"2.0","method":"exit"})"));
  CHECK(session.exit_code == 0);
  CHECK(session.err.empty());
  const std::string shutdown_reply = framed(R"({"id":2,"jsonrpc":"2.0","result":null})");
  REQUIRE(session.out.size() > shutdown_reply.size());
  CHECK(session.out.starts_with("Content-Length: "));
  CHECK(session.out.ends_with(shutdown_reply));

  const CommandResult eof = run_cli({"server"}, "");
  CHECK(eof.exit_code == 1);
  CHECK(eof.out.empty());

  const CommandResult extra = run_cli({"server", "sitemap.xml"});
  CHECK(extra.exit_code == 2);
  CHECK(extra.err ==
        "sitemaplint: error: 'server' takes no arguments but --profile NAME; it speaks LSP on standard input and "
        "output (see sitemaplint --help)\n");
  CHECK(extra.out.empty());
  CHECK(run_cli({"server", "--profile"}).exit_code == 2);
  CHECK(run_cli({"server", "--profile", "google", "x"}).exit_code == 2);
  const CommandResult unknown = run_cli({"server", "--profile=gogle"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("--profile: unknown profile 'gogle'; did you mean 'google'?") != std::string::npos);
  CHECK(unknown.out.empty());
  // --profile NAME and --profile=NAME both start the server.
  for (const std::vector<std::string>& args : {std::vector<std::string>{"server", "--profile", "google"},
                                               std::vector<std::string>{"server", "--profile=bing"}}) {
    const CommandResult profiled =
        run_cli(args, framed(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
                          framed(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
                          framed(R"({"jsonrpc":"2.0","method":"exit"})"));
    CHECK(profiled.exit_code == 0);
    CHECK(profiled.out.ends_with(shutdown_reply));
  }
}
