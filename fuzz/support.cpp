#include <algorithm>
#include <memory>
#include <span>
#include <stdexcept>

#include "analysis/robots_txt.h"
#include "analysis/sitemap_location.h"
#include "fuzz_targets.h"
#include "load/source.h"
#include "run/set_rules.h"

namespace sitemaplint::fuzz {
namespace {

// The run's robots.txt: a RobotsTxt points into its text, which must outlive it.
constexpr std::string_view kRobotsTxt =
    "User-agent: *\nDisallow: /private/\nAllow: /private/open$\n\nUser-agent: Googlebot\nDisallow: /*.pdf$\n";

// Inflating stops here: a 32 KiB gzip bomb would otherwise lint 32 MB on every run of the target.
constexpr std::size_t kMaxInflated = std::size_t{1} << 20;

}  // namespace

RuleSelection& every_rule() {
  static RuleSelection selection = default_selection();
  return selection;
}

const Settings& run_settings() {
  static const Settings settings = [] {
    Settings s;
    s.now = 1'735'689'600;  // 2025-01-01T00:00:00Z
    std::string error;
    s.location = parse_sitemap_location("https://example.com/sitemap.xml", &error);
    if (!s.location) throw std::logic_error("fuzz settings: " + error);
    s.robots = make_site_robots(std::make_shared<const RobotsTxt>(parse_robots_txt(kRobotsTxt)),
                                "https://example.com/robots.txt", s.location);
    return s;
  }();
  return settings;
}

FileReport lint_as_file(std::string_view data, bool robots_txt) {
  Input input;
  input.path = robots_txt ? "fuzz/robots.txt" : "fuzz/sitemap.xml";
  input.robots_txt = robots_txt;
  if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1F && static_cast<unsigned char>(data[1]) == 0x8B) {
    input.compressed = true;
    input.compressed_size = data.size();
    gunzip(data, kMaxInflated, &input);
  } else {
    input.bytes = std::string(data);
  }
  // As lint_site does for a file in a set: facts kept, the set rules run, then suppressions.
  Settings settings = run_settings();
  settings.collect_set_facts = true;
  FileReport report = lint_input(std::move(input), every_rule(), settings, LintScope::InASet);
  SetMember member{&report, &every_rule(), kNoFile, {}};
  run_set_rules(std::span<SetMember>(&member, 1), settings);
  std::stable_sort(report.diagnostics.begin(), report.diagnostics.end(), diagnostic_order);
  report.suppressions.apply(&report.diagnostics);
  finish_suppressions(report, every_rule());
  return report;
}

void check_findings(const FileReport& report) {
  const std::size_t size = report.bytes.size();
  for (const Diagnostic& d : report.diagnostics) {
    require(d.rule != nullptr, "a finding without a rule");
    require(!d.message.empty(), "a finding without a message");
    require(d.offset <= size && d.length <= size - d.offset, "a finding lies outside the input");
    if (d.fix) {
      require(d.fix->offset <= size && d.fix->length <= size - d.fix->offset, "a fix lies outside the input");
      require(!d.fix->description.empty(), "a fix without a description");
    }
    if (d.related && d.related->path.empty())
      require(d.related->offset <= size, "a related location lies outside the input");
  }
}

}  // namespace sitemaplint::fuzz
