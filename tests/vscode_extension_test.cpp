// The VS Code extension (editors/vscode/) without VS Code: its client code against the built
// `sitemaplint server` (tests/vscode-extension.js, with the extension's own npm packages), and its
// .vsix as vsce packages it.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <set>
#include <string>

#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

std::uint32_t little_endian(const std::string& bytes, std::size_t at, int width) {
  std::uint32_t value = 0;
  for (int i = width - 1; i >= 0; --i) value = value << 8 | static_cast<unsigned char>(bytes.at(at + i));
  return value;
}

// The names in a zip archive's central directory (a .vsix is a zip file).
std::set<std::string> zip_entries(const std::string& zip) {
  const std::size_t end = zip.rfind(std::string("PK\x05\x06", 4));
  REQUIRE_MESSAGE(end != std::string::npos, "not a zip archive");
  const std::uint32_t count = little_endian(zip, end + 10, 2);
  std::size_t at = little_endian(zip, end + 16, 4);
  std::set<std::string> names;
  for (std::uint32_t i = 0; i < count; ++i) {
    REQUIRE(zip.compare(at, 4, std::string("PK\x01\x02", 4)) == 0);
    const std::uint32_t name = little_endian(zip, at + 28, 2);
    const std::uint32_t extra = little_endian(zip, at + 30, 2);
    const std::uint32_t comment = little_endian(zip, at + 32, 2);
    names.insert(zip.substr(at + 46, name));
    at += 46 + name + extra + comment;
  }
  return names;
}

}  // namespace

TEST_CASE("vscode extension: its version is sitemaplint's") {
  const auto manifest = nlohmann::json::parse(read_file(source_path("editors/vscode/package.json")));
  CHECK(manifest["version"] == SITEMAPLINT_VERSION);
  const auto lock = nlohmann::json::parse(read_file(source_path("editors/vscode/package-lock.json")));
  CHECK(lock["version"] == SITEMAPLINT_VERSION);
}

TEST_CASE("vscode extension: the server its settings start lints as the command line does, per profile") {
  if (const std::string missing = node_tool_missing("editors/vscode", "vscode-languageclient"); !missing.empty()) {
    skip_test("checking the VS Code extension needs Node: " + missing);
    return;
  }
  // Outside the source tree, so no sitemaplint.toml of the project's is found above it.
  TempDir dir;
  const std::string sitemap = dir.write("sitemap.xml", read_file(source_path("testdata/example/sitemap.xml")));
  const CommandResult check = run_node("tests/vscode-extension.js", {SITEMAPLINT_BINARY, sitemap});
  INFO(check.out);
  CHECK(check.exit_code == 0);
  CHECK(check.out == "ok\n");
}

TEST_CASE("vscode extension: vsce packages the manifest, the client and vscode-languageclient, no dev tools") {
  if (const std::string missing = node_tool_missing("editors/vscode", "@vscode/vsce"); !missing.empty()) {
    skip_test("packaging the VS Code extension needs Node: " + missing);
    return;
  }
  TempDir out;
  const std::string vsix = (out.path / "sitemaplint.vsix").string();
  const CommandResult package =
      run_command("cd " + shell_quote(source_path("editors/vscode")) +
                  " && node node_modules/@vscode/vsce/vsce package --out " + shell_quote(vsix));
  INFO(package.out);
  REQUIRE(package.exit_code == 0);
  const std::set<std::string> entries = zip_entries(read_file(vsix));
  for (const char* entry :
       {"extension.vsixmanifest", "extension/package.json", "extension/extension.js", "extension/settings.js",
        "extension/README.md", "extension/COPYRIGHT.txt", "extension/node_modules/vscode-languageclient/package.json",
        "extension/node_modules/vscode-languageclient/lib/node/main.js",
        "extension/node_modules/vscode-languageserver-protocol/package.json"}) {
    CHECK_MESSAGE(entries.count(entry) == 1, "the .vsix lacks " << entry);
  }
  for (const std::string& entry : entries) {
    CHECK_MESSAGE(!entry.starts_with("extension/node_modules/@vscode/"), "a dev tool in the .vsix: " << entry);
    CHECK_MESSAGE(entry != "extension/package-lock.json", "the lock file in the .vsix");
  }
}
