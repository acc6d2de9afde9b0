// The GitHub Action without GitHub: action.yml read with a YAML parser (inputs reach the container
// only through env:, never as script text; no sudo; the image built by CI's own steps), its
// entrypoint run end to end here as the runner runs it (inputs in the environment, outputs in a
// GITHUB_OUTPUT file), its steps run with a stand-in for docker (the released image chosen for a
// version a loopback registry has, the build otherwise; the entrypoint run as in the container),
// the release workflow read for what the Action relies on, both files checked by action-validator,
// and the documented workflow (docs/integrations.md) checked for what code scanning needs.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "http_test_server.h"
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

// A stand-in for docker on PATH, for the Action's steps outside a container. Each call is logged
// to $FAKE_DOCKER_LOG, "docker" then one argument a line. `pull` fails when FAKE_DOCKER_PULL=fail;
// `build` succeeds; `run` runs $FAKE_DOCKER_ENTRYPOINT here as docker would in the container:
// --volume and --workdir mapped back to the host's paths, only the --env variables set (a bare
// NAME copies this environment's value), PATH=$FAKE_DOCKER_PATH.
const char* const kFakeDocker = R"sh(#!/usr/bin/env bash
{ echo docker; printf '%s\n' "$@"; } >> "$FAKE_DOCKER_LOG"
case "$1" in
  pull) [ "${FAKE_DOCKER_PULL-}" != fail ]; exit ;;
  build) exit 0 ;;
  run) shift ;;
  *) exit 125 ;;
esac
declare -A mounts=()
vars=()
workdir=/
while [ $# -gt 1 ]; do
  case "$1" in
    --rm) shift ;;
    --workdir) workdir=$2; shift 2 ;;
    --volume) mounts[${2#*:}]=${2%%:*}; shift 2 ;;
    --env) if [[ $2 == *=* ]]; then vars+=("$2"); elif [ -n "${!2+x}" ]; then vars+=("$2=${!2}"); fi; shift 2 ;;
    *) echo "fake docker: unexpected $1" >&2; exit 125 ;;
  esac
done
host() {
  local c
  for c in "${!mounts[@]}"; do
    case "$1" in "$c"|"$c"/*) echo "${mounts[$c]}${1#"$c"}"; return ;; esac
  done
  echo "$1"
}
mapped=()
for v in "${vars[@]}"; do mapped+=("${v%%=*}=$(host "${v#*=}")"); done
cd "$(host "$workdir")" && exec env -i PATH="$FAKE_DOCKER_PATH" "${mapped[@]}" "$FAKE_DOCKER_ENTRYPOINT"
)sh";

// Runs `script` (action/entrypoint, or action/run with the fake docker) in `workspace` with
// `inputs` (environment variables) as the runner does: a clean environment, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files, sitemaplint on PATH. `docker_log`, when given, receives the fake
// docker's log.
ActionRun run_action(const fs::path& workspace, const std::map<std::string, std::string>& inputs,
                     const std::string& script = "action/entrypoint", std::string* docker_log = nullptr) {
  TempDir files;
  const std::string output = files.write("github_output", "");
  const std::string summary = files.write("step_summary", "");
  const std::string fake_docker = files.write("bin/docker", kFakeDocker);
  fs::permissions(fake_docker, fs::perms::owner_all);
  const std::string log = files.write("docker.log", "");
  const std::string bin = fs::path(SITEMAPLINT_BINARY).parent_path().string();
  const std::string path = bin + ":/usr/local/bin:/usr/bin:/bin";
  std::string command = "cd " + shell_quote(workspace.string()) +
                        " && env -i PATH=" + shell_quote((files.path / "bin").string() + ":" + path) +
                        " HOME=" + shell_quote(files.path.string()) +
                        " GITHUB_WORKSPACE=" + shell_quote(workspace.string()) +
                        " GITHUB_OUTPUT=" + shell_quote(output) + " GITHUB_STEP_SUMMARY=" + shell_quote(summary) +
                        " FAKE_DOCKER_LOG=" + shell_quote(log) + " FAKE_DOCKER_PATH=" + shell_quote(path) +
                        " FAKE_DOCKER_ENTRYPOINT=" + shell_quote(source_path("action/entrypoint"));
  for (const auto& [name, value] : inputs) command += " " + name + "=" + shell_quote(value);
  command += " " + shell_quote(source_path(script));
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
  if (docker_log) *docker_log = read_file(log);
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
  REQUIRE(action["runs"]["using"] == "composite");
  // Two steps, each one of the Action's scripts and nothing else: no script text in action.yml.
  const nlohmann::json& steps = action["runs"]["steps"];
  REQUIRE(steps.size() == 2);
  CHECK(steps[0]["id"] == "image");
  CHECK(steps[1]["id"] == "lint");
  for (const auto& step : steps) {
    const std::string script = step["id"] == "image" ? "action/image" : "action/run";
    CHECK(step["shell"] == "bash");
    CHECK(step["run"] == "\"$GITHUB_ACTION_PATH/" + script + "\"");
    CHECK((fs::status(source_path(script)).permissions() & fs::perms::owner_exec) != fs::perms::none);
  }
  // Expressions appear as whole values of the lint step's env: and of the outputs, and nowhere
  // else: no script text is ever made of an input.
  std::map<std::string, std::string> found;
  expressions(action, "", found);
  REQUIRE(!found.empty());
  for (const auto& entry : found) {
    const std::string& pointer = entry.first;  // not a structured binding: clang 14 cannot capture one
    const std::string& value = entry.second;  // in the lambda CHECK_MESSAGE makes
    CHECK_MESSAGE((pointer.starts_with("/runs/steps/1/env/") || pointer.starts_with("/outputs/")),
                  "an expression outside the lint step's env and the outputs: " << pointer << ": " << value);
  }
  // Each input exactly once, as a whole value, and read by the entrypoint (that action/run hands
  // each to it is checked by running it).
  const std::string entrypoint = read_file(source_path("action/entrypoint"));
  std::set<std::string> passed;
  const std::regex whole(R"re(\$\{\{ inputs\.([a-z-]+) \}\})re");
  for (const auto& item : steps[1]["env"].items()) {
    const std::string& name = item.key();  // not a structured binding: clang 14 cannot capture one
    const std::string text = item.value().get<std::string>();
    if (name == "SITEMAPLINT_IMAGE") {
      CHECK(text == "${{ steps.image.outputs.image }}");
      continue;
    }
    std::smatch m;
    REQUIRE_MESSAGE(std::regex_match(text, m, whole), name << ": " << text);
    CHECK(passed.insert(m[1]).second);
    CHECK_MESSAGE(action["inputs"].contains(m[1].str()), m[1] << " is not a declared input");
    CHECK_MESSAGE(entrypoint.find("${" + name) != std::string::npos, "the entrypoint never reads " << name);
  }
  CHECK(passed.size() == action["inputs"].size());
  // Each output is the lint step's output of the same name.
  for (const auto& item : action["outputs"].items()) {
    CHECK(item.value()["value"] == "${{ steps.lint.outputs." + item.key() + " }}");
  }

  // No sudo anywhere: a container runs as root, and sudo is missing or refused in container jobs.
  const std::regex sudo(R"(\bsudo\b)");
  for (const char* file : {"action.yml", "Dockerfile", "action/entrypoint", "action/image", "action/run",
                           ".github/workflows/release.yml"}) {
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

TEST_CASE("action: the lint step runs the entrypoint in the chosen image, inputs passed by name only") {
  if (!have_program("jq")) {
    skip_test("jq is not installed (.ci/install-deps installs it)");
    return;
  }
  TempDir workspace;
  workspace.write(kHostileFolder + "/sitemap.xml",
                  read_file(source_path("testdata/example/shop/sitemap-products.xml")));
  const std::map<std::string, std::string> inputs{{"SITEMAPLINT_PATHS", kHostileFolder + "/sitemap.xml\n"},
                                                  {"SITEMAPLINT_ARGS", "--now=2025-01-01T00:00:00Z\n"},
                                                  {"SITEMAPLINT_SARIF_FILE", "reports/$(touch pwned).sarif"},
                                                  {"SITEMAPLINT_HTML_FILE", ""},
                                                  {"SITEMAPLINT_FAIL_ON_FINDINGS", "true"}};
  // What the entrypoint reports when run directly, as the container runs it.
  const ActionRun direct = run_action(workspace.path, inputs);
  REQUIRE(direct.exit_code == 1);
  fs::remove_all(workspace.path / "reports");

  std::map<std::string, std::string> step = inputs;
  step["SITEMAPLINT_IMAGE"] = "ghcr.io/acme/sitemaplint:0.1.0";
  std::string docker;
  const ActionRun run = run_action(workspace.path, step, "action/run", &docker);
  CAPTURE(run.out);
  CAPTURE(docker);
  CHECK(run.exit_code == 1);
  CHECK(run.outputs == direct.outputs);
  CHECK(run.summary == direct.summary);
  CHECK(fs::exists(workspace.path / "reports/$(touch pwned).sarif"));
  CHECK(run.out.find("::error file=" + kHostileFolder + "/sitemap.xml,line=9,col=54") != std::string::npos);
  // One docker call, with the image last, the workspace and the step's files mounted, and every
  // input by name: no input's value is on its command line.
  CHECK(docker.starts_with("docker\nrun\n"));
  CHECK(docker.ends_with("\nghcr.io/acme/sitemaplint:0.1.0\n"));
  CHECK(docker.find("\n" + workspace.path.string() + ":/github/workspace\n") != std::string::npos);
  for (const auto& input : inputs) {
    const std::string& name = input.first;  // not a structured binding: clang 14 cannot capture one
    CHECK_MESSAGE(docker.find("\n--env\n" + name + "\n") != std::string::npos, name << " is not passed by name");
  }
  CHECK(docker.find("pwned") == std::string::npos);
  CHECK(docker.find(kHostileFolder) == std::string::npos);
  CHECK(files_named(workspace.path, "pwned") == 0);
  // fail-on-findings: false, through the container too.
  step["SITEMAPLINT_FAIL_ON_FINDINGS"] = "false";
  ActionRun lenient = run_action(workspace.path, step, "action/run");
  CHECK(lenient.exit_code == 0);
  CHECK(lenient.outputs["exit-code"] == "1");
}

namespace {

struct ImageChoice {
  int exit_code = -1;
  std::string out;
  std::string image;  // the step's output
  std::string docker;  // the fake docker's log
};

// Runs action/image as the runner would for the Action fetched at `ref` into
// ROOT/_actions/acme/SiteMapLint/REF (under `parent` instead of _actions when one is given),
// asking the registry at `registry`.
ImageChoice choose_image(const std::string& ref, const std::string& registry, bool pull_fails = false,
                         const std::string& parent = "_actions") {
  TempDir root;
  const fs::path action = root.path / parent / "acme" / "SiteMapLint" / ref;
  fs::create_directories(action);
  // The Action's files that action/image reads and builds from.
  fs::create_symlink(source_path("packaging"), action / "packaging");
  fs::create_symlink(source_path("CMakeLists.txt"), action / "CMakeLists.txt");
  TempDir files;
  const std::string output = files.write("github_output", "");
  const std::string log = files.write("docker.log", "");
  const std::string fake_docker = files.write("bin/docker", kFakeDocker);
  fs::permissions(fake_docker, fs::perms::owner_all);
  const CommandResult result = run_command(
      "cd " + shell_quote(root.path.string()) + " && env -i PATH=" + shell_quote((files.path / "bin").string()) +
      ":/usr/local/bin:/usr/bin:/bin HOME=" + shell_quote(files.path.string()) +
      " GITHUB_ACTION_PATH=" + shell_quote(action.string()) + " GITHUB_OUTPUT=" + shell_quote(output) +
      " SITEMAPLINT_REGISTRY=" + shell_quote(registry) + " FAKE_DOCKER_LOG=" + shell_quote(log) +
      (pull_fails ? " FAKE_DOCKER_PULL=fail " : " ") + shell_quote(source_path("action/image")));
  ImageChoice choice;
  choice.exit_code = result.exit_code;
  choice.out = result.out;
  const std::string written = read_file(output);
  if (written.starts_with("image=") && written.ends_with("\n")) choice.image = written.substr(6, written.size() - 7);
  choice.docker = read_file(log);
  CHECK(files_named(root.path, "pwned") == 0);
  return choice;
}

// A registry that has the manifests `tags` of acme/sitemaplint, behind an anonymous token as
// ghcr.io answers.
void serve_registry(HttpTestServer& server, const std::set<std::string>& tags) {
  server.route("/token", HttpResponse{200, {{"Content-Type", "application/json"}}, R"({"token":"anonymous-pull"})"});
  for (const std::string& tag : tags) {
    server.route("/v2/acme/sitemaplint/manifests/" + tag, [](const HttpRequest& request, HttpExchange& exchange) {
      const bool authorized =
          request.header("Authorization") == "Bearer anonymous-pull" &&
          request.header("Accept").find("application/vnd.oci.image.index.v1+json") != std::string::npos;
      exchange.send_response(HttpResponse{authorized ? 200 : 401, {}, ""});
    });
  }
}

}  // namespace

TEST_CASE("action: the image step pulls a release's image for its version or commit, else builds") {
  if (!have_program("curl")) {
    skip_test("curl is not installed (the Action asks the registry with it, as GitHub's runners have it)");
    return;
  }
  const std::string version = SITEMAPLINT_VERSION;
  const std::string commit = "0123456789abcdef0123456789abcdef01234567";
  HttpTestServer server;
  serve_registry(server, {version, "sha-" + commit});
  const std::string registry = server.url("");
  const std::string host = "127.0.0.1:" + std::to_string(server.port());
  const std::string build = "docker\nbuild\n--tag\nsitemaplint-action:local\n";

  // At the tag of its version: the released image, pulled; no build.
  ImageChoice tag = choose_image("v" + version, registry);
  CAPTURE(tag.out);
  CHECK(tag.exit_code == 0);
  CHECK(tag.image == host + "/acme/sitemaplint:" + version);
  CHECK(tag.docker == "docker\npull\n--quiet\n" + tag.image + "\n");
  REQUIRE(!server.requests().empty());
  CHECK(server.requests().front().target == "/token?scope=repository:acme/sitemaplint:pull");
  CHECK(server.requests().back().method == "HEAD");
  // At a released commit: the image tagged with the commit.
  const ImageChoice sha = choose_image(commit, registry);
  CHECK(sha.image == host + "/acme/sitemaplint:sha-" + commit);
  CHECK(sha.docker.starts_with("docker\npull\n"));

  // No image for this commit, or a pull that fails: built from the Action's sources.
  const ImageChoice unreleased = choose_image("89abcdef0123456789abcdef0123456789abcdef", registry);
  CAPTURE(unreleased.out);
  CHECK(unreleased.exit_code == 0);
  CHECK(unreleased.image == "sitemaplint-action:local");
  CHECK(unreleased.docker.starts_with(build));
  CHECK(unreleased.docker.find("pull") == std::string::npos);
  CHECK(unreleased.out.find("building the image from the Action's sources") != std::string::npos);
  const ImageChoice pull_failed = choose_image("v" + version, registry, true);
  CHECK(pull_failed.image == "sitemaplint-action:local");
  CHECK(pull_failed.docker.find("\npull\n") != std::string::npos);
  CHECK(pull_failed.docker.find(build) != std::string::npos);

  // Refs that cannot have a release, and a copy of the Action that is not a fetched one: built,
  // without asking the registry.
  const std::size_t asked = server.requests().size();
  for (const std::string& ref : std::vector<std::string>{"main", "v9.9.9", "v" + version + "-rc1", "0123456789abcdef",
                                                         "v" + version + " $(touch pwned)", "$(touch pwned)"}) {
    const ImageChoice other = choose_image(ref, registry);
    CHECK_MESSAGE(other.image == "sitemaplint-action:local", ref);
    CHECK_MESSAGE(other.docker.starts_with(build), ref);
  }
  const ImageChoice local = choose_image("v" + version, registry, false, "checkout");
  CHECK(local.image == "sitemaplint-action:local");
  CHECK(server.requests().size() == asked);

  // A registry that does not answer: built.
  int closed_port = 0;
  {
    HttpTestServer gone;
    closed_port = gone.port();
  }
  const ImageChoice down = choose_image("v" + version, "http://127.0.0.1:" + std::to_string(closed_port));
  CHECK(down.exit_code == 0);
  CHECK(down.image == "sitemaplint-action:local");
}

TEST_CASE("action: the release workflow builds the .deb and pushes the image the Action looks for") {
  if (const std::string missing = yaml_missing(); !missing.empty()) {
    skip_test(missing);
    return;
  }
  CHECK(run_command(shell_quote(source_path("packaging/version"))).out == std::string(SITEMAPLINT_VERSION) + "\n");
  const nlohmann::json workflow = yaml_as_json(read_file(source_path(".github/workflows/release.yml")));
  // YAML 1.1 reads the key `on` as true.
  CHECK(workflow["true"] == nlohmann::json::parse(R"({"push": {"tags": ["v*"]}})"));
  CHECK(workflow["permissions"] == nlohmann::json::parse(R"({"contents": "read"})"));
  // Expressions only as whole values of env: no script text is made of the event's values.
  std::map<std::string, std::string> found;
  expressions(workflow, "", found);
  REQUIRE(!found.empty());
  for (const auto& entry : found) {
    const std::string& pointer = entry.first;  // not a structured binding: clang 14 cannot capture one
    const std::string& value = entry.second;
    CHECK_MESSAGE(std::regex_match(pointer, std::regex("/jobs/[a-z]+/steps/[0-9]+/env/[A-Z_]+")),
                  pointer << ": " << value);
    CHECK_MESSAGE(std::regex_match(value, std::regex(R"(\$\{\{ github\.[a-z_]+ \}\})")), pointer << ": " << value);
  }
  auto script = [&](const std::string& job) {
    std::string text;
    for (const auto& step : workflow["jobs"][job]["steps"]) text += step.value("run", "") + "\n";
    return text;
  };
  const nlohmann::json& jobs = workflow["jobs"];
  CHECK(script("version").find("packaging/version") != std::string::npos);
  // The .deb: built on Debian 12 by CI's configure line, then cpack.
  CHECK(jobs["deb"]["container"] == "debian:12");
  CHECK(script("deb").find(".ci/install-deps --build-only\ncmake -S . -B build -DCMAKE_BUILD_TYPE=Release\n") !=
        std::string::npos);
  CHECK(script("deb").find("cpack -G DEB") != std::string::npos);
  // The image: the Action's Dockerfile, under the two tags action/image asks for.
  CHECK(jobs["image"]["permissions"]["packages"] == "write");
  const std::string image = script("image");
  CHECK(image.find("image=\"ghcr.io/${REPOSITORY,,}\"") != std::string::npos);
  CHECK(image.find("--tag \"$image:${TAG#v}\" --tag \"$image:sha-$GITHUB_SHA\" .") != std::string::npos);
  CHECK(image.find("docker push --all-tags \"$image\"") != std::string::npos);
  const std::string chooser = read_file(source_path("action/image"));
  CHECK(chooser.find("echo \"${owner,,}/${repo,,}:$version\"") != std::string::npos);
  CHECK(chooser.find("echo \"${owner,,}/${repo,,}:sha-$ref\"") != std::string::npos);
  // The release: after both, with the package.
  CHECK(jobs["release"]["needs"] == nlohmann::json::parse(R"(["deb", "image"])"));
  CHECK(jobs["release"]["permissions"]["contents"] == "write");
  CHECK(script("release").find("sitemaplint_*.deb") != std::string::npos);
}

TEST_CASE("action: action.yml and the release workflow pass action-validator, which rejects a broken one") {
  if (const std::string missing = node_tool_missing("tests/action-validator", "@action-validator/cli");
      !missing.empty()) {
    skip_test("validating the Action's YAML needs Node: " + missing);
    return;
  }
  const std::string validator = shell_quote(source_path("tests/action-validator/node_modules/.bin/action-validator"));
  for (const char* file : {"action.yml", ".github/workflows/release.yml"}) {
    const CommandResult valid = run_command(validator + " " + shell_quote(source_path(file)));
    CHECK_MESSAGE(valid.exit_code == 0, file << ": " << valid.out);
  }
  TempDir dir;
  std::string broken = read_file(source_path("action.yml"));
  broken.replace(broken.find("using: composite"), 16, "using: compose");
  const CommandResult invalid = run_command(validator + " " + shell_quote(dir.write("action.yml", broken)));
  CHECK(invalid.exit_code != 0);
  CHECK(invalid.out.find("/runs/using") != std::string::npos);
}
