// The editor snippets of docs/integrations.md, as users paste them: the Neovim one runs in headless Neovim (when
// installed) against the built server, the Helix one is read as Helix reads its languages.toml.
#include <doctest/doctest.h>
#include <fnmatch.h>
#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

// The first ```LANGUAGE block after `marker` in docs/integrations.md.
std::string docs_block_after(const std::string& marker, const std::string& language) {
  const std::string docs = read_file(source_path("docs/integrations.md"));
  const std::size_t at = docs.find(marker);
  REQUIRE_MESSAGE(at != std::string::npos, "docs/integrations.md has no " << marker);
  const std::string fence = "```" + language + "\n";
  const std::size_t begin = docs.find(fence, at);
  REQUIRE(begin != std::string::npos);
  const std::size_t end = docs.find("```", begin + fence.size());
  REQUIRE(end != std::string::npos);
  return docs.substr(begin + fence.size(), end - begin - fence.size());
}

// Run after the snippet, once Neovim has opened the sitemap: waits for the server's diagnostics,
// writes "LINE CODE" for each, then opens a pom.xml and writes how many clients it got.
const char* const kNeovimHarness = R"lua(
local buf = vim.api.nvim_get_current_buf()
vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
local out = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(out, string.format('%d %s', d.lnum + 1, tostring(d.code)))
end
table.sort(out)
vim.cmd('edit site/pom.xml')
local pom = vim.api.nvim_get_current_buf()
local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = pom }) or vim.lsp.buf_get_clients(pom)
table.insert(out, string.format('pom.xml %s clients %d', vim.bo[pom].filetype, vim.tbl_count(clients)))
vim.fn.writefile(out, 'out.txt')
vim.cmd('qall!')
)lua";

}  // namespace

TEST_CASE("editors: the documented Neovim snippet gets the server's diagnostics in headless Neovim") {
  if (!have_program("nvim")) {
    skip_test("nvim is not installed (.ci/install-deps installs Debian's neovim)");
    return;
  }
  TempDir dir;
  dir.write("init.lua", docs_block_after("**Neovim**", "lua"));
  dir.write("harness.lua", kNeovimHarness);
  const std::string sitemap = dir.write("site/sitemap.xml", read_file(source_path("testdata/example/sitemap.xml")));
  dir.write("site/pom.xml", "<project><modelVersion>4.0.0</modelVersion></project>\n");

  // What the command line finds in the same file: the editor must show the same lines and rules.
  const CommandResult cli = run_cli({"--format", "json", sitemap});
  const auto report = nlohmann::json::parse(cli.out);
  std::vector<std::string> expected;
  for (const auto& d : report["files"][0]["diagnostics"]) {
    expected.push_back(std::to_string(d["line"].get<int>()) + " " + d["code"].get<std::string>());
  }
  REQUIRE(!expected.empty());
  std::sort(expected.begin(), expected.end());
  expected.push_back("pom.xml xml clients 0");  // an XML file that is no sitemap gets no server

  // Neovim with nothing of the user's: its own config, data and state folders, no shada file.
  const std::string home = dir.path.string();
  const std::string bin = fs::path(SITEMAPLINT_BINARY).parent_path().string();
  const CommandResult nvim = run_command(
      "cd " + shell_quote(home) + " && env PATH=" + shell_quote(bin) + ":\"$PATH\" HOME=" + shell_quote(home) +
      " XDG_CONFIG_HOME=" + shell_quote(home + "/config") + " XDG_DATA_HOME=" + shell_quote(home + "/data") +
      " XDG_STATE_HOME=" + shell_quote(home + "/state") + " XDG_CACHE_HOME=" + shell_quote(home + "/cache") +
      " timeout 60 nvim --headless -i NONE -u init.lua site/sitemap.xml -c 'luafile harness.lua' </dev/null");
  CAPTURE(nvim.out);
  REQUIRE(nvim.exit_code == 0);
  std::vector<std::string> got;
  std::istringstream lines(read_file((dir.path / "out.txt").string()));
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  CHECK(got == expected);
}

TEST_CASE("editors: the documented Helix snippet gives sitemaps, and only sitemaps, the server") {
  const toml::table config = toml::parse(docs_block_after("**Helix**", "toml"));
  CHECK(config["language-server"]["sitemaplint"]["command"].value_or(std::string()) == "sitemaplint");
  const toml::array* args = config["language-server"]["sitemaplint"]["args"].as_array();
  REQUIRE(args);
  REQUIRE(args->size() == 1);
  CHECK(args->get(0)->value_or(std::string()) == "server");

  const toml::array* languages = config["language"].as_array();
  REQUIRE(languages);
  std::vector<std::string> globs;
  for (const toml::node& node : *languages) {
    const toml::table& language = *node.as_table();
    const std::string name = language["name"].value_or(std::string());
    bool uses_server = false;
    if (const toml::array* servers = language["language-servers"].as_array()) {
      for (const toml::node& server : *servers) uses_server |= server.value_or(std::string()) == "sitemaplint";
    }
    // Helix's own xml language must stay as it is: every XML file would meet the server.
    CHECK_MESSAGE(name != "xml", "the snippet redefines Helix's xml language");
    if (!uses_server) continue;
    CHECK(name == "sitemap");
    CHECK(language["grammar"].value_or(std::string()) == "xml");
    const toml::array* file_types = language["file-types"].as_array();
    REQUIRE(file_types);
    for (const toml::node& file_type : *file_types) {
      const toml::table* glob = file_type.as_table();
      REQUIRE_MESSAGE(glob, "a bare file type would be an extension: every .xml file");
      globs.push_back((*glob)["glob"].value_or(std::string()));
    }
  }
  REQUIRE(!globs.empty());

  // As Helix matches them: "*/" put before a relative glob, the whole absolute path matched, and
  // '*' crossing '/' (globset's default), which fnmatch without FNM_PATHNAME also does.
  auto matches = [&](const std::string& path) {
    return std::any_of(globs.begin(), globs.end(), [&](const std::string& glob) {
      const std::string pattern = glob.starts_with("/") || glob.starts_with("*/") ? glob : "*/" + glob;
      return ::fnmatch(pattern.c_str(), path.c_str(), 0) == 0;
    });
  };
  for (const char* sitemap :
       {"/srv/www/sitemap.xml", "/srv/www/sitemap_index.xml", "/srv/www/sitemap-index.xml", "/srv/www/sitemap-0.xml",
        "/srv/www/sitemap1.xml", "/srv/www/post-sitemap.xml", "/srv/www/post-sitemap2.xml", "/srv/www/news_sitemap.xml",
        "/home/me/sitemaplint/testdata/example/sitemap.xml", "/srv/www/sitemap-products.xml", "/srv/www/sitemap-en.xml",
        "/srv/www/sitemap_index.xml", "/srv/www/sitemap-blog-posts-2024.xml", "/srv/www/sitemap1234.xml"}) {
    CHECK_MESSAGE(matches(sitemap), sitemap << " should be a sitemap");
  }
  for (const char* other : {"/home/me/app/pom.xml", "/home/me/sitemaplint/pom.xml", "/home/me/sitemaps/feed.xml",
                            "/srv/sitemap/build.xml", "/home/me/app/AndroidManifest.xml", "/srv/www/sitemap.txt",
                            "/srv/www/sitemap.xml.gz", "/srv/sitemap-tools/pom.xml", "/srv/sitemap_gen/src/config.xml",
                            "/srv/sitemap1/pom.xml", "/home/me/sitemaplint/build.xml"}) {
    CHECK_MESSAGE(!matches(other), other << " should not be a sitemap");
  }
}
