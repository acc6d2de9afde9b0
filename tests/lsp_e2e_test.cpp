// End to end: the built binary's `sitemaplint server` driven by a real LSP client library
// (tests/lsp-client/client.js, vscode-languageserver-protocol from npm) over pipes.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "registry.h"
#include "rule_docs.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

bool have(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace

TEST_CASE("lsp server end to end: a real LSP client over stdio, with utf-8 and with utf-16 positions") {
  const std::string client_dir = source_path("tests/lsp-client");
  if (!have("node") || !have("npm")) {
    MESSAGE("SKIPPED: node and npm are needed to drive the language server with an LSP client (tests/lsp-client)");
    return;
  }
  if (!fs::exists(fs::path(client_dir) / "node_modules" / "vscode-languageserver-protocol")) {
    // .ci/run installs these first; a developer's first run installs them here.
    const std::string install = "npm ci --prefix '" + client_dir + "' --ignore-scripts --no-audit --no-fund >/dev/null 2>&1";
    REQUIRE_MESSAGE(std::system(install.c_str()) == 0, "npm ci --prefix tests/lsp-client failed");
  }
  // The links the client must see, whatever SITEMAPLINT_DOCS_URL this build was configured with.
  nlohmann::json docs;
  for (const char* code : {"SM208", "SM301", "SM501"}) docs[code] = rule_docs_url(find_rule(code)->info);
  const std::string command = "node '" + client_dir + "/client.js' '" + SITEMAPLINT_BINARY + "' '" +
                              SITEMAPLINT_VERSION + "' '" + docs.dump() + "' 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe);
  std::string output;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) output.append(buf, n);
  const int status = ::pclose(pipe);
  INFO(output);
  CHECK(status == 0);
  CHECK(output == "ok: utf-8\nok: utf-16\n");
}
