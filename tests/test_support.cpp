#include "test_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "pages/disk_pages.h"
#include "analysis/line_index.h"
#include "engine/dispatch.h"
#include "engine/walker.h"
#include "analysis/robots_txt.h"
#include "load/parse.h"
#include "load/source.h"
#include "rule.h"
#include "run/site.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint::testing {

std::string source_path(const std::string& relative) { return std::string(SITEMAPLINT_SOURCE_DIR) + "/" + relative; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

Settings test_settings() {
  DatetimeError error;
  Settings settings;
  settings.now = to_unix_seconds(*parse_w3c_datetime(kTestNow, &error));
  return settings;
}

Settings overview_settings() {
  Settings settings = test_settings();
  settings.engine.collect_overview = true;
  return settings;
}

RuleSelection every_rule() {
  RuleSelection selection;
  std::string error;
  if (!make_selection({}, {}, {}, &selection, &error)) throw std::runtime_error(error);
  return selection;
}

FileReport lint_path(const std::string& path, const Settings& settings) {
  Input input;
  std::string error;
  if (!load_input(path, &input, &error)) throw std::runtime_error(error);
  input.reloadable = false;  // the report keeps its bytes: tests read what findings point into
  return lint_input(std::move(input), every_rule(), settings);
}

FileReport lint_text(const std::string& text, const Settings& settings) {
  return lint_bytes("test.xml", text, every_rule(), settings);
}

FileReport lint_text(const std::string& text, const std::string& path) {
  return lint_bytes(path, text, every_rule(), test_settings());
}

std::vector<std::string> summarize(const FileReport& report) {
  std::vector<std::string> out;
  const LineIndex index(report.bytes);
  for (const Diagnostic& d : report.diagnostics) {
    const Position pos = index.position(d.offset);
    out.push_back(std::string(d.rule->code) + " " + std::string(severity_name(d.severity)) + " " +
                  std::to_string(pos.line) + ":" + std::to_string(pos.column));
  }
  return out;
}

std::string large_sitemap_with_findings() {
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- sitemaplint-disable SM402 -->\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
      "xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  for (int i = 0; xml.size() < (std::size_t{3} << 20); ++i) {
    const std::string page = "https://example.com/p/" + std::to_string(i % 9000);
    xml += "  <url><loc>" + page + (i % 7 == 0 ? "?a=1&b=2" : "") + "</loc>";
    xml +=
        i % 11 == 0 ? "<lastmod>2024-13-01</lastmod>" : "<lastmod>2024-05-0" + std::to_string(1 + i % 9) + "</lastmod>";
    xml += i % 13 == 0 ? "<priority>2</priority>" : "<priority>0." + std::to_string(i % 10) + "</priority>";
    if (i % 3 == 0)
      xml += "<image:image><image:loc>https://cdn.example.com/" + std::to_string(i) + ".txt</image:loc></image:image>";
    if (i % 5 == 0) xml += "<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"" + page + "/de\"/>";
    if (i % 17 == 0) xml += "<colour>red</colour>";
    if (i % 19 == 0) xml += "<!-- </url> <url> --><?pi </url> ?>";
    if (i % 23 == 0) xml += "<changefreq><![CDATA[daily</url>]]></changefreq>";
    xml += "</url>\n";
    if (i % 29 == 0) xml += "  <!-- sitemaplint-disable-next-line SM211 -->\n";
    if (i % 31 == 0) xml += "  <url/>\n";
  }
  xml += "</urlset>\n";
  return xml;
}

std::vector<std::string> findings_in_full(const std::vector<Diagnostic>& findings) {
  std::vector<std::string> out;
  for (const Diagnostic& d : findings) {
    std::ostringstream line;
    line << d.rule->code << " " << severity_name(d.severity) << " @" << d.offset << "+" << d.length << " " << d.message
         << " [" << d.subject << "]";
    if (d.fix) line << " fix " << d.fix->offset << "+" << d.fix->length << " '" << d.fix->replacement << "'";
    if (d.related) line << " related " << d.related->offset << " " << d.related->message;
    out.push_back(line.str());
  }
  return out;
}

std::vector<std::string> walk_messages(Document& doc, std::vector<std::unique_ptr<Rule>> rules) {
  std::vector<Diagnostic> found;
  std::vector<ActiveRule> active;
  const RuleInfo& info = rule_info(RuleId::xml_syntax);  // any identity will do for the sinks
  for (std::unique_ptr<Rule>& rule : rules) {
    active.push_back(ActiveRule{std::move(rule), RuleSink(info, Severity::Error, found), {}});
    active.back().rule->subscribe(active.back().subscriptions);
  }
  Dispatch dispatch(active, found);
  dispatch.document(doc);
  WalkRecords records;
  Walker(doc, dispatch, &records).walk();
  records.append_to(doc);
  std::vector<std::string> messages;
  for (const Diagnostic& d : found) messages.push_back(d.message);
  return messages;
}

std::vector<std::string> walk_messages(const std::string& xml, std::vector<std::unique_ptr<Rule>> rules) {
  const std::unique_ptr<Document> doc = parse_document("t.xml", xml);
  REQUIRE(doc->parsed);
  return walk_messages(*doc, std::move(rules));
}

std::vector<std::filesystem::path> rule_fixture_files() {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& dir : fs::directory_iterator(source_path("testdata/rules"))) {
    if (!dir.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
      const fs::path p = entry.path();
      // A folder is a set of files linted together (the fixture tests' all_fixture_sets).
      if (!entry.is_directory() && p.extension() != ".expected" && p.extension() != ".http") files.push_back(p);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// In a robots family folder (ROBOTS...), a file named *robots.txt (or .gz) is a robots.txt given
// with --robots; elsewhere it is an input like any other (SM008 has one).
bool is_robots_txt(const std::filesystem::path& path) {
  const std::string name = path.filename().string();
  return path.parent_path().filename().string().starts_with("ROBOTS") &&
         (name.ends_with("robots.txt") || name.ends_with("robots.txt.gz"));
}

Input load_fixture(const std::filesystem::path& path) {
  std::filesystem::path http = path;
  http += ".http";
  Input input;
  if (!std::filesystem::exists(http)) {
    std::string error;
    if (!load_input(path.string(), &input, &error)) throw std::runtime_error(error);
    input.robots_txt = is_robots_txt(path);
    input.reloadable = false;  // the report keeps its bytes: tests read what findings point into
    return input;
  }
  input = input_from_bytes(path.string(), read_file(path.string()));
  std::istringstream lines(read_file(http.string()));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with("status: ")) input.http_status = std::stol(line.substr(8));
    if (line.starts_with("content-type: ")) input.content_type = line.substr(14);
    if (line.starts_with("hop: ")) {  // "hop: 301 URL": one request of a redirect chain, in order
      const std::size_t space = line.find(' ', 5);
      input.redirects.push_back({line.substr(space + 1), std::stoi(line.substr(5, space - 5))});
    }
  }
  return input;
}

Settings fixture_settings(const std::filesystem::path& path, const std::string& text) {
  Settings settings = test_settings();
  static const std::regex kBaseUrl(R"(<!--\s*base-url:\s*(\S+)\s*-->)");
  static const std::regex kRobots(R"(<!--\s*robots:\s*(\S+)\s*-->)");
  static const std::regex kPages(R"(<!--\s*pages:\s*(\S+)(?:\s+host:\s*(\S+))?\s*-->)");
  std::smatch m;
  if (std::regex_search(text, m, kBaseUrl)) {
    std::string error;
    settings.location = parse_sitemap_location(m[1].str(), &error);
    REQUIRE_MESSAGE(settings.location, error);
  }
  if (std::regex_search(text, m, kRobots)) {
    const std::filesystem::path robots_path = path.parent_path() / m[1].str();
    settings.robots =
        make_site_robots(std::make_shared<const RobotsTxt>(parse_robots_txt(read_file(robots_path.string()))),
                         robots_path.string(), settings.location);
  }
  if (std::regex_search(text, m, kPages)) {
    REQUIRE_MESSAGE(settings.location, "<!-- pages: DIR --> needs <!-- base-url: URL -->");
    const std::optional<HostKind> host = m[2].matched ? host_kind_named(m[2].str()) : HostKind::Plain;
    REQUIRE_MESSAGE(host, "unknown host in <!-- pages: DIR host: NAME -->: " << m[2].str());
    const std::string root = (path.parent_path() / m[1].str()).lexically_normal().string();
    settings.pages = std::make_shared<DiskPages>(root, *settings.location, *host);
  }
  return settings;
}

FetchOptions quick_fetch() {
  FetchOptions options;
  options.timeout_ms = 5000;
  options.connect_timeout_ms = 2000;
  return options;
}

std::string urlset(const std::vector<std::string>& locs) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const std::string& loc : locs) out += "  <url><loc>" + loc + "</loc></url>\n";
  return out + "</urlset>\n";
}

std::string gzip_for_test(std::string_view data) {
  z_stream stream{};
  if (deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2");
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("deflate");
  return out;
}

std::string shell_quote(const std::string& word) {
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

bool have_program(const std::string& program) {
  return std::system(("command -v " + shell_quote(program) + " >/dev/null 2>&1").c_str()) == 0;
}

static std::vector<std::string>& skipped_registry() {
  static std::vector<std::string> skipped;
  return skipped;
}

void skip_test(const std::string& reason) {
  const char* require = std::getenv("SITEMAPLINT_REQUIRE_ALL_TESTS");
  if (require && std::string(require) == "1") {
    FAIL("this test would be skipped, but SITEMAPLINT_REQUIRE_ALL_TESTS=1 demands that it run: " << reason);
  }
  if (const char* code = std::getenv("SITEMAPLINT_SKIP_RETURN_CODE")) {
    std::printf("SKIPPED: %s\n", reason.c_str());
    std::fflush(nullptr);
    std::_Exit(std::atoi(code));  // the test case is the only one this process runs
  }
  // Run outside ctest: counted, and listed at the end by test_main.cpp, which then exits 77.
  MESSAGE("SKIPPED: " << reason);
  skipped_registry().push_back(reason);
}

const std::vector<std::string>& skipped_tests() { return skipped_registry(); }

std::string node_tool_missing(const std::string& folder, const std::string& a_package) {
  if (std::system("command -v node >/dev/null 2>&1") != 0) {
    return "node is not installed (.ci/install-deps installs it)";
  }
  if (!std::filesystem::exists(std::filesystem::path(source_path(folder)) / "node_modules" / a_package)) {
    return "the npm packages of " + folder + " are not installed (cmake --build BUILD_DIR --target node_test_tools)";
  }
  return {};
}

CommandResult run_command(const std::string& command) {
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) throw std::runtime_error("popen failed");
  CommandResult result;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) result.out.append(buf, n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

CommandResult run_node(const std::string& script, const std::vector<std::string>& args) {
  std::string command = "node " + shell_quote(source_path(script));
  for (const std::string& arg : args) command += " " + shell_quote(arg);
  return run_command(command);
}

TempDir::TempDir() {
  char name[] = "/tmp/sitemaplint-test-XXXXXX";
  if (!::mkdtemp(name)) throw std::runtime_error("mkdtemp failed");
  path = name;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

std::string TempDir::write(const std::string& name, const std::string& text) const {
  const std::filesystem::path file = path / name;
  std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + file.string());
  return file.string();
}

CommandResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text, const std::string& cwd) {
  char dir_template[] = "/tmp/sitemaplint-test-XXXXXX";
  const char* dir = ::mkdtemp(dir_template);
  if (!dir) throw std::runtime_error("mkdtemp failed");
  const std::string in_path = std::string(dir) + "/stdin";
  const std::string out_path = std::string(dir) + "/stdout";
  const std::string err_path = std::string(dir) + "/stderr";
  std::ofstream(in_path, std::ios::binary) << stdin_text;
  std::string command = cwd.empty() ? "" : "cd " + shell_quote(cwd) + " && ";
  // Loopback test servers must never be reached through a proxy the environment may name.
  command +=
      "env -u NO_COLOR no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost " + shell_quote(SITEMAPLINT_BINARY);
  for (const std::string& arg : args) command += " " + shell_quote(arg);
  command += " <" + in_path + " >" + out_path + " 2>" + err_path;
  const int status = std::system(command.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(out_path);
  result.err = read_file(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  ::rmdir(dir);
  return result;
}

}  // namespace sitemaplint::testing
