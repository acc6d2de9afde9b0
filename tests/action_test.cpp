// The GitHub Action without GitHub: action.yml read with a YAML parser (inputs reach the container
// only through env:, never as script text; no sudo; the image built by CI's own steps), its
// entrypoint run end to end here as the runner runs it (inputs in the environment, outputs in a
// GITHUB_OUTPUT file), and the documented workflow (docs/integrations.md) checked for what code
// scanning needs.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

// Why YAML cannot be read here (empty: it can): the tests read it with Python's PyYAML.
std::string yaml_missing() {
  if (run_command("python3 -c 'import yaml'").exit_code != 0) {
    return "python3 with PyYAML is not installed (.ci/install-deps installs Debian's python3-yaml)";
  }
  return {};
}

nlohmann::json yaml_as_json(const std::string& text) {
  TempDir dir;
  const std::string path = dir.write("in.yml", text);
  const CommandResult converted =
      run_command("python3 -c 'import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)' " +
                  shell_quote(path));
  REQUIRE_MESSAGE(converted.exit_code == 0, converted.out);
  return nlohmann::json::parse(converted.out);
}

// Every string in `j` that holds a GitHub expression, by its JSON pointer.
void expressions(const nlohmann::json& j, const std::string& pointer, std::map<std::string, std::string>& out) {
  if (j.is_string() && j.get<std::string>().find("${{") != std::string::npos) out[pointer] = j.get<std::string>();
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) expressions(value, pointer + "/" + key, out);
  }
  if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) expressions(j[i], pointer + "/" + std::to_string(i), out);
  }
}

// Lines of a file that are not comments.
std::string code_lines(const std::string& text) {
  std::istringstream lines(text);
  std::string out;
  for (std::string line; std::getline(lines, line);) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line[first] != '#') out += line + "\n";
  }
  return out;
}

struct ActionRun {
  int exit_code = -1;
  std::string out;  // standard output and error
  std::map<std::string, std::string> outputs;
  std::string summary;
};

// Runs action/entrypoint in `workspace` with `inputs` (environment variables) as the runner does:
// a clean environment, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, sitemaplint on PATH.
ActionRun run_action(const fs::path& workspace, const std::map<std::string, std::string>& inputs) {
  TempDir files;
  const std::string output = files.write("github_output", "");
  const std::string summary = files.write("step_summary", "");
  const std::string bin = fs::path(SITEMAPLINT_BINARY).parent_path().string();
  std::string command = "cd " + shell_quote(workspace.string()) + " && env -i PATH=" + shell_quote(bin) +
                        ":/usr/local/bin:/usr/bin:/bin HOME=" + shell_quote(files.path.string()) +
                        " GITHUB_WORKSPACE=" + shell_quote(workspace.string()) +
                        " GITHUB_OUTPUT=" + shell_quote(output) + " GITHUB_STEP_SUMMARY=" + shell_quote(summary);
  for (const auto& [name, value] : inputs) command += " " + name + "=" + shell_quote(value);
  command += " " + shell_quote(source_path("action/entrypoint"));
  ActionRun run;
  const CommandResult result = run_command(command);
  run.exit_code = result.exit_code;
  run.out = result.out;
  std::istringstream lines(read_file(output));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t equals = line.find('=');
    REQUIRE_MESSAGE(equals != std::string::npos, "not an output line: " << line);
    run.outputs[line.substr(0, equals)] = line.substr(equals + 1);
  }
  run.summary = read_file(summary);
  return run;
}

// Regular files named `name` anywhere under `root`.
std::size_t files_named(const fs::path& root, const std::string& name) {
  std::size_t n = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) n += entry.path().filename() == name;
  return n;
}

// A folder name a careless script would run: with spaces, a command substitution and a ';'.
const std::string kHostileFolder = "site $(touch pwned) ; `touch pwned` x";

}  // namespace

TEST_CASE("action: action.yml passes inputs only through env: to a Debian 12 container built as CI builds") {
  if (const std::string missing = yaml_missing(); !missing.empty()) {
    skip_test(missing);
    return;
  }
  const nlohmann::json action = yaml_as_json(read_file(source_path("action.yml")));
  CHECK(action["runs"]["using"] == "docker");
  CHECK(action["runs"]["image"] == "Dockerfile");
  // Expressions appear in runs.env and nowhere else: no script text is ever made of an input.
  std::map<std::string, std::string> found;
  expressions(action, "", found);
  REQUIRE(!found.empty());
  for (const auto& entry : found) {
    const std::string& pointer = entry.first;  // not a structured binding: clang 14 cannot capture one
    const std::string& value = entry.second;  // in the lambda CHECK_MESSAGE makes
    CHECK_MESSAGE(pointer.starts_with("/runs/env/"), "an expression outside runs.env: " << pointer << ": " << value);
  }
  // Each input exactly once, as a whole value, and read by the entrypoint.
  const std::string entrypoint = read_file(source_path("action/entrypoint"));
  std::set<std::string> passed;
  const std::regex whole(R"re(\$\{\{ inputs\.([a-z-]+) \}\})re");
  for (const auto& item : action["runs"]["env"].items()) {
    const std::string& name = item.key();  // not a structured binding: clang 14 cannot capture one
    const nlohmann::json& value = item.value();
    std::smatch m;
    const std::string text = value.get<std::string>();
    REQUIRE_MESSAGE(std::regex_match(text, m, whole), name << ": " << text);
    CHECK(passed.insert(m[1]).second);
    CHECK_MESSAGE(action["inputs"].contains(m[1].str()), m[1] << " is not a declared input");
    CHECK_MESSAGE(entrypoint.find("${" + name) != std::string::npos, "the entrypoint never reads " << name);
  }
  CHECK(passed.size() == action["inputs"].size());

  // No sudo anywhere: a container runs as root, and sudo is missing or refused in container jobs.
  const std::regex sudo(R"(\bsudo\b)");
  for (const char* file : {"action.yml", "Dockerfile", "action/entrypoint"}) {
    CHECK_MESSAGE(!std::regex_search(code_lines(read_file(source_path(file))), sudo), file << " uses sudo");
  }

  // The image: Debian 12, and the steps .ci/run proves on a fresh Debian 12 machine.
  const std::string dockerfile = code_lines(read_file(source_path("Dockerfile")));
  const std::string ci = read_file(source_path(".ci/run"));
  CHECK(dockerfile.starts_with("FROM debian:12\n"));
  CHECK(dockerfile.find("RUN .ci/install-deps --build-only") != std::string::npos);
  const std::string configure = "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release";
  CHECK(dockerfile.find(configure) != std::string::npos);
  CHECK(ci.find("\n" + configure + "\n") != std::string::npos);
  CHECK(ci.find("\n.ci/install-deps\n") != std::string::npos);
  CHECK(dockerfile.find("ENTRYPOINT [\"/src/action/entrypoint\"]") != std::string::npos);
  CHECK((fs::status(source_path("action/entrypoint")).permissions() & fs::perms::owner_exec) != fs::perms::none);

  // The outputs the entrypoint writes are the ones declared, and each declared one is written.
  if (!have_program("jq")) {
    skip_test("jq is not installed (.ci/install-deps installs it)");
    return;
  }
  TempDir workspace;
  workspace.write("sitemap.xml", read_file(source_path("testdata/example/sitemap.xml")));
  const ActionRun run = run_action(workspace.path, {{"SITEMAPLINT_PATHS", "sitemap.xml"},
                                                    {"SITEMAPLINT_SARIF_FILE", "out.sarif"},
                                                    {"SITEMAPLINT_HTML_FILE", "out.html"}});
  std::set<std::string> written, declared;
  for (const auto& [name, value] : run.outputs) written.insert(name);
  for (const auto& [name, value] : action["outputs"].items()) declared.insert(name);
  CHECK(written == declared);
}

TEST_CASE("action: the entrypoint lints once, writes every report and its outputs, and runs no input") {
  if (!have_program("jq")) {
    skip_test("jq is not installed (.ci/install-deps installs it)");
    return;
  }
  TempDir workspace;
  for (const char* name : {"sitemap-blog.xml", "sitemap-products.xml"}) {
    workspace.write(kHostileFolder + "/" + name, read_file(source_path(std::string("testdata/example/shop/") + name)));
  }
  // The same files through the command line, for the counts.
  const CommandResult cli = run_cli({"--now", kTestNow, "--format", "json", kHostileFolder + "/sitemap-blog.xml",
                                     kHostileFolder + "/sitemap-products.xml"},
                                    "", workspace.path.string());
  const auto summary = nlohmann::json::parse(cli.out)["summary"];
  const std::size_t findings = summary["errors"].get<std::size_t>() + summary["warnings"].get<std::size_t>() +
                               summary["infos"].get<std::size_t>();

  // Paths one per line, with blank lines and spaces around them, as a YAML block leaves them.
  const std::map<std::string, std::string> inputs{
      {"SITEMAPLINT_PATHS",
       "  " + kHostileFolder + "/sitemap-blog.xml  \n\n" + kHostileFolder + "/sitemap-products.xml\n"},
      {"SITEMAPLINT_ARGS", "--now=2025-01-01T00:00:00Z\n"},
      {"SITEMAPLINT_SARIF_FILE", "reports/code scanning $(touch pwned).sarif"},
      {"SITEMAPLINT_HTML_FILE", "reports/site.html"},
      {"SITEMAPLINT_FAIL_ON_FINDINGS", "true"}};
  ActionRun run = run_action(workspace.path, inputs);
  CAPTURE(run.out);
  CHECK(run.exit_code == 1);  // error findings fail the step
  CHECK(run.outputs["exit-code"] == "1");
  CHECK(run.outputs["errors"] == std::to_string(summary["errors"].get<std::size_t>()));
  CHECK(run.outputs["warnings"] == std::to_string(summary["warnings"].get<std::size_t>()));
  CHECK(run.outputs["infos"] == std::to_string(summary["infos"].get<std::size_t>()));
  CHECK(run.outputs["files"] == "2");
  CHECK(run.outputs["input-errors"] == "0");
  CHECK(run.outputs["sarif-file"] == "reports/code scanning $(touch pwned).sarif");
  CHECK(run.outputs["html-file"] == "reports/site.html");
  // Annotations on standard output name the files as they are; the SARIF log holds every finding.
  CHECK(run.out.find("::error file=" + kHostileFolder + "/sitemap-products.xml,line=9,col=54") != std::string::npos);
  const auto sarif =
      nlohmann::json::parse(read_file((workspace.path / "reports/code scanning $(touch pwned).sarif").string()));
  CHECK(sarif["runs"][0]["results"].size() == findings);
  CHECK(read_file((workspace.path / "reports/site.html").string()).find("<!DOCTYPE html>") == 0);
  CHECK(run.summary.find(summary["errors"].dump() + " errors") != std::string::npos);
  // Nothing in the inputs ran.
  CHECK(files_named(workspace.path, "pwned") == 0);

  // fail-on-findings: false reports the same and succeeds.
  ActionRun lenient = run_action(workspace.path, [&] {
    auto changed = inputs;
    changed["SITEMAPLINT_FAIL_ON_FINDINGS"] = "false";
    return changed;
  }());
  CHECK(lenient.exit_code == 0);
  CHECK(lenient.outputs["exit-code"] == "1");
  CHECK(lenient.outputs["errors"] == run.outputs["errors"]);
}

TEST_CASE("action: options are arguments, not shell, and broken inputs fail the step") {
  if (!have_program("jq")) {
    skip_test("jq is not installed (.ci/install-deps installs it)");
    return;
  }
  TempDir workspace;
  workspace.write("sitemap.xml", read_file(source_path("testdata/example/sitemap.xml")));
  // An option whose value holds shell: sitemaplint is told of a config file by that odd name.
  ActionRun odd = run_action(workspace.path, {{"SITEMAPLINT_PATHS", "sitemap.xml"},
                                              {"SITEMAPLINT_ARGS", "--config=$(touch pwned).toml; touch pwned"}});
  CHECK(odd.exit_code == 2);
  CHECK(odd.outputs["exit-code"] == "2");
  CHECK(odd.out.find("$(touch pwned).toml; touch pwned") != std::string::npos);
  CHECK(files_named(workspace.path, "pwned") == 0);
  // A path that starts with '-' is a path ("--" ends the options).
  workspace.write("-sitemap.xml", read_file(source_path("testdata/example/sitemap.xml")));
  ActionRun dash = run_action(workspace.path, {{"SITEMAPLINT_PATHS", "-sitemap.xml"}, {"SITEMAPLINT_SARIF_FILE", ""}});
  CHECK(dash.exit_code == 0);
  CHECK(dash.outputs["files"] == "1");
  CHECK(dash.outputs.count("sarif-file") == 0);
  // Nothing to lint, a bad switch value, a file name that would forge an output line.
  CHECK(run_action(workspace.path, {{"SITEMAPLINT_PATHS", " \n \n"}}).exit_code == 2);
  CHECK(run_action(workspace.path, {{"SITEMAPLINT_PATHS", "sitemap.xml"}, {"SITEMAPLINT_FAIL_ON_FINDINGS", "yes"}})
            .exit_code == 2);
  const ActionRun forged = run_action(
      workspace.path, {{"SITEMAPLINT_PATHS", "sitemap.xml"}, {"SITEMAPLINT_SARIF_FILE", "x.sarif\nexit-code=0"}});
  CHECK(forged.exit_code == 2);
  CHECK(forged.outputs.empty());
}

TEST_CASE("action: the documented workflow pins a commit, may upload SARIF and guards pull requests from forks") {
  if (const std::string missing = yaml_missing(); !missing.empty()) {
    skip_test(missing);
    return;
  }
  const std::string docs = read_file(source_path("docs/integrations.md"));
  // No release is tagged yet: nothing may point at one, in the README or the integrations page.
  for (const std::string& text : {docs, read_file(source_path("README.md"))}) {
    CHECK(text.find("@v0.1.0") == std::string::npos);
    CHECK(text.find("rev: v0.1.0") == std::string::npos);
  }
  const std::size_t at = docs.find("# .github/workflows/sitemaps.yml: the Action");
  REQUIRE(at != std::string::npos);
  const std::size_t begin = docs.rfind("```yaml\n", at);
  const std::size_t end = docs.find("```", at);
  const nlohmann::json workflow = yaml_as_json(docs.substr(begin + 8, end - begin - 8));
  CHECK(workflow["permissions"]["security-events"] == "write");
  const auto& steps = workflow["jobs"]["sitemaps"]["steps"];
  const nlohmann::json* lint = nullptr;
  const nlohmann::json* upload = nullptr;
  for (const auto& step : steps) {
    const std::string uses = step.value("uses", "");
    if (uses.find("/sitemaplint@") != std::string::npos) lint = &step;
    if (uses.starts_with("github/codeql-action/upload-sarif@")) upload = &step;
    CHECK_MESSAGE(!step.contains("run"), "a run: step in the Action's example");
  }
  REQUIRE(lint);
  REQUIRE(upload);
  CHECK(std::regex_match((*lint)["uses"].get<std::string>(), std::regex(R"(\S+/sitemaplint@[0-9a-f]{40})")));
  const std::string guard = (*upload)["if"].get<std::string>();
  CHECK(guard.find("always()") != std::string::npos);
  CHECK(guard.find("github.event.pull_request.head.repo.full_name == github.repository") != std::string::npos);
  CHECK((*upload)["with"]["sarif_file"].get<std::string>().find("steps." + (*lint)["id"].get<std::string>() +
                                                                ".outputs.sarif-file") != std::string::npos);
}
