// The HTML report as a browser shows it: headless Chromium (when installed) renders the page, runs
// its script, and the figures in the rendered DOM must be those of the JSON report written by
// the same run, and of the sitemaps themselves for what JSON does not carry (lastmod ages, hosts
// and sections).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <map>
#include <regex>

#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

using Counts = std::map<std::string, std::size_t>;

const std::vector<std::string> kShop = {"testdata/example/shop/sitemap-blog.xml",
                                        "testdata/example/shop/sitemap-products.xml"};

std::size_t number(std::string text) {
  std::erase(text, ',');
  return std::stoul(text);
}

// The rendered DOM after the page's script ran, its findings unpacked (--virtual-time-budget:
// Chromium waits until the page is idle); `fragment` presets its filters. --no-sandbox:
// Chromium's sandbox will not run as root, as CI in a container does; --disable-dev-shm-usage: a
// container's /dev/shm is small.
std::string rendered_dom(const std::string& html, const std::string& fragment, const TempDir& dir) {
  const std::string profile = (dir.path / "chromium-profile").string();
  const CommandResult dump =
      run_command("env HOME=" + shell_quote(dir.path.string()) +
                  " timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
                  "--virtual-time-budget=10000 " +
                  "--user-data-dir=" + shell_quote(profile) + " --dump-dom " +
                  shell_quote("file://" + html + fragment) + " 2>/dev/null");
  REQUIRE_MESSAGE(dump.exit_code == 0, dump.out);
  REQUIRE(dump.out.find("</html>") != std::string::npos);
  return dump.out;
}

// The part of the DOM inside <figure id="ID">.
std::string figure(const std::string& dom, const std::string& id) {
  const std::size_t begin = dom.find("<figure id=\"" + id + "\">");
  REQUIRE_MESSAGE(begin != std::string::npos, "no figure " << id);
  return dom.substr(begin, dom.find("</figure>", begin) - begin);
}

// Each bar of a chart: its key and the number written after it.
Counts bars(const std::string& chart) {
  static const std::regex bar(
      R"re(<g class="bar" data-key="([^"]*)"[^>]*>.*?<text class="value"[^>]*>([\d,]+)</text>)re");
  Counts out;
  for (auto it = std::sregex_iterator(chart.begin(), chart.end(), bar); it != std::sregex_iterator(); ++it) {
    out[(*it)[1]] = number((*it)[2]);
  }
  return out;
}

std::size_t shown_count(const std::string& dom) {
  std::smatch m;
  REQUIRE(std::regex_search(dom, m, std::regex(R"re(<span id="shown-count">([\d,]+)</span>)re")));
  return number(m[1]);
}

// Rows of the findings table the filters leave visible, by severity.
Counts visible_rows(const std::string& dom) {
  static const std::regex row(R"re(<tr data-severity="(\w+)" data-rule="\w+"( hidden="")?>)re");
  Counts out;
  for (auto it = std::sregex_iterator(dom.begin(), dom.end(), row); it != std::sregex_iterator(); ++it) {
    if (!(*it)[2].matched) ++out[(*it)[1]];
  }
  return out;
}

// What the sitemaps say, read here without sitemaplint: URL counts by lastmod age (as of
// 2025-01-01), by host and by top-level section.
struct Expected {
  std::size_t urls = 0;
  Counts freshness, hosts, sections;
};

Expected read_sitemaps() {
  using namespace std::chrono;
  const sys_days now = year_month_day{year{2025}, month{1}, day{1}};
  const std::regex url(
      R"re(<url><loc>https://([^/<]+)(/[^<]*)</loc>(?:<lastmod>(\d{4})-(\d{2})-(\d{2})[^<]*</lastmod>)?)re");
  Expected e;
  for (const std::string& path : kShop) {
    const std::string text = read_file(source_path(path));
    for (auto it = std::sregex_iterator(text.begin(), text.end(), url); it != std::sregex_iterator(); ++it) {
      const std::smatch& m = *it;
      ++e.urls;
      ++e.hosts[m[1]];
      const std::string rest = m[2];
      const std::size_t slash = rest.find('/', 1);
      ++e.sections[slash == std::string::npos ? "/" : rest.substr(0, slash + 1)];
      if (!m[3].matched) {
        ++e.freshness["missing"];
        continue;
      }
      const year_month_day date{year{std::stoi(m[3])}, month{static_cast<unsigned>(std::stoi(m[4]))},
                                day{static_cast<unsigned>(std::stoi(m[5]))}};
      if (!date.ok()) continue;  // not a date: in no share the page sums up
      const auto age = (now - sys_days(date)).count();
      if (age >= 0 && age <= 7) ++e.freshness["7"];
      if (age >= 0 && age <= 30) ++e.freshness["30"];
      if (age >= 0 && age <= 365) ++e.freshness["365"];
    }
  }
  return e;
}

}  // namespace

TEST_CASE("html report in headless Chromium: the rendered figures are the run's") {
  if (!have_program("chromium")) {
    skip_test("chromium is not installed (.ci/install-deps installs Debian's chromium)");
    return;
  }
  TempDir dir;
  const std::string html = (dir.path / "report.html").string();
  const std::string json_path = (dir.path / "report.json").string();
  std::vector<std::string> args{"--now", kTestNow, "--format", "html", "-o", html, "-o", "json=" + json_path};
  for (const std::string& path : kShop) args.push_back(path);
  const CommandResult run = run_cli(args, "", source_path(""));
  REQUIRE_MESSAGE(run.exit_code == 1, run.err);
  const auto json = nlohmann::json::parse(read_file(json_path));

  Counts per_rule, per_file, per_severity;
  for (const auto& file : json["files"]) {
    for (const auto& d : file["diagnostics"]) {
      ++per_rule[d["code"].get<std::string>()];
      ++per_file[file["path"].get<std::string>()];
      ++per_severity[d["severity"].get<std::string>()];
    }
  }
  const auto& summary = json["summary"];
  const std::size_t findings = summary["errors"].get<std::size_t>() + summary["warnings"].get<std::size_t>() +
                               summary["infos"].get<std::size_t>();
  REQUIRE(per_rule.size() > 3);  // enough rules and files for the comparison to mean something
  REQUIRE(per_file.size() == 2);

  const std::string dom = rendered_dom(html, "", dir);
  // The totals.
  Counts totals;
  const std::regex total(R"re(data-total="(\w+)"><span class="figure">([\d,]+)</span>)re");
  for (auto it = std::sregex_iterator(dom.begin(), dom.end(), total); it != std::sregex_iterator(); ++it) {
    totals[(*it)[1]] = number((*it)[2]);
  }
  CHECK(totals["files"] == summary["files"].get<std::size_t>());
  CHECK(totals["errors"] == summary["errors"].get<std::size_t>());
  CHECK(totals["warnings"] == summary["warnings"].get<std::size_t>());
  CHECK(totals["infos"] == summary["infos"].get<std::size_t>());
  CHECK(totals["fixable"] == summary["fixable"].get<std::size_t>());
  CHECK(totals["input_errors"] == summary["input_errors"].get<std::size_t>());
  // The charts of findings.
  CHECK(bars(figure(dom, "by-rule")) == per_rule);
  CHECK(bars(figure(dom, "by-file")) == per_file);
  // The table, with the script's count: every finding shown.
  CHECK(shown_count(dom) == findings);
  CHECK(visible_rows(dom) == per_severity);

  // What JSON does not carry, against the sitemaps' own text.
  const Expected expected = read_sitemaps();
  CHECK(totals["urls"] == expected.urls);
  CHECK(bars(figure(dom, "by-host")) == expected.hosts);
  CHECK(bars(figure(dom, "by-section")) == expected.sections);
  const std::string freshness = figure(dom, "freshness");
  Counts shares;
  const std::regex share(
      R"re(<div data-key="(\w+)" data-value="\d+"><dt>[^<]*</dt><dd><span class="share">[^<]*</span> \(<span class="count">([\d,]+)</span>)re");
  for (auto it = std::sregex_iterator(freshness.begin(), freshness.end(), share); it != std::sregex_iterator(); ++it) {
    shares[(*it)[1]] = number((*it)[2]);
  }
  CHECK(shares == expected.freshness);

  // Filtered by the URL fragment, as a link to the page can ask: the script hides the rest.
  const std::string errors_only = rendered_dom(html, "#severity=error", dir);
  CHECK(shown_count(errors_only) == summary["errors"].get<std::size_t>());
  CHECK(visible_rows(errors_only) == Counts{{"error", summary["errors"].get<std::size_t>()}});
  const std::string one_rule = rendered_dom(html, "#rule=SM803", dir);
  CHECK(shown_count(one_rule) == per_rule["SM803"]);
}

TEST_CASE("html report in headless Chromium: 20,000 findings in a small page, paged, filtered over all") {
  if (!have_program("chromium")) {
    skip_test("chromium is not installed (.ci/install-deps installs Debian's chromium)");
    return;
  }
  // 15,000 errors (an invalid changefreq, priority or lastmod) and 5,000 info findings (changefreq
  // never), 5,000 a rule: under the cap of findings one rule makes in a file.
  static constexpr const char* kFields[] = {"<changefreq>sometimes</changefreq>", "<priority>high</priority>",
                                            "<lastmod>yesterday</lastmod>", "<changefreq>never</changefreq>"};
  std::string sitemap =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (int i = 0; i < 20'000; ++i) {
    sitemap += "<url><loc>https://example.com/p" + std::to_string(i) + "</loc>" + kFields[i % 4] + "</url>\n";
  }
  sitemap += "</urlset>\n";
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", sitemap);
  const std::string html = (dir.path / "report.html").string();
  const CommandResult run =
      run_cli({"--no-config", "--select", "SM401,SM501,SM502,SM601", "--format", "html", "-o", html, input}, "",
              source_path(""));
  REQUIRE_MESSAGE(run.exit_code == 1, run.err);
  // Self-contained and small: every finding is in the page, packed.
  const std::size_t bytes = std::filesystem::file_size(html);
  MESSAGE("20,000 findings: " << bytes << " bytes");
  CHECK(bytes < 3'000'000);

  const std::string dom = rendered_dom(html, "", dir);
  CHECK(shown_count(dom) == 20'000);
  CHECK(visible_rows(dom) == Counts{{"error", 150}, {"info", 50}});  // the first page of 200
  CHECK(dom.find("<span id=\"page-at\">page 1 of 100</span>") != std::string::npos);
  // The rows were ready within two seconds of the page's start, as the page itself measured.
  std::smatch ready;
  REQUIRE(std::regex_search(dom, ready, std::regex(R"re(data-ready-ms="(\d+)")re")));
  MESSAGE("rows ready after " << ready[1] << " ms");
  CHECK(std::stoul(ready[1]) < 2000);
  // The filters work over every finding, not only the page shown.
  const std::string infos = rendered_dom(html, "#severity=info", dir);
  CHECK(shown_count(infos) == 5'000);
  CHECK(visible_rows(infos) == Counts{{"info", 200}});
  const std::string one = rendered_dom(html, "#q=/p19999%3C", dir);
  CHECK(shown_count(one) == 1);
  CHECK(one.find("https://example.com/p19999<") == std::string::npos);  // text, never markup
}
