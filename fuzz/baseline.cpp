#include <sstream>

#include "fuzz_targets.h"
#include "run/baseline.h"

namespace sitemaplint::fuzz {
namespace {

std::size_t findings(const std::vector<FileReport>& reports) {
  std::size_t n = 0;
  for (const FileReport& r : reports) n += r.diagnostics.size();
  return n;
}

// A small sitemap made of `data`: its first line names the file, each further line is a value,
// with whatever bytes it holds (ill-formed UTF-8, controls, markup), put in a <loc> or another
// field in turn. Findings in entries are keyed by their <loc>, the others by their message.
FileReport generated(std::string_view data) {
  const std::size_t name_end = std::min(data.find('\n'), data.size());
  const std::string path = "fuzz/" + std::string(data.substr(0, std::min<std::size_t>(name_end, 64))) + ".xml";
  static constexpr std::string_view kFields[] = {"loc", "lastmod", "changefreq", "priority"};
  std::string text = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  std::size_t field = 0;
  for (std::size_t at = name_end; at < data.size();) {
    const std::size_t end = std::min(data.find('\n', at + 1), data.size());
    const std::string_view value = data.substr(at + 1, end - (at + 1));
    const std::string_view name = kFields[field++ % std::size(kFields)];
    text += "  <url><loc>https://example.com/" + std::string(name == "loc" ? value : "p") + "</loc>";
    if (name != "loc") text += "<" + std::string(name) + ">" + std::string(value) + "</" + std::string(name) + ">";
    text += "</url>\n";
    at = end;
  }
  text += "</urlset>\n";
  return lint_bytes(path, std::move(text), every_rule(), run_settings());
}

}  // namespace

// A baseline written from a generated sitemap (a file name and values with any bytes) silences
// every finding it was written from when read back. And the fuzzer's bytes as a baseline file
// (--baseline) are refused with a message, or only take findings away.
void baseline(std::string_view data) {
  std::vector<FileReport> linted;
  linted.push_back(generated(data));
  std::ostringstream written;
  write_baseline(linted, written);
  std::vector<FileReport> reports = linted;
  std::string error;
  require(apply_baseline(written.str(), &reports, &error), "a written baseline is not read back");
  require(findings(reports) == 0, "a written baseline does not silence the findings it was written from");

  reports = linted;
  error.clear();
  if (!apply_baseline(std::string(data), &reports, &error)) {
    require(!error.empty(), "a baseline refused without a message");
    require(findings(reports) == findings(linted), "a refused baseline still took findings away");
    return;
  }
  require(findings(reports) <= findings(linted), "a baseline added findings");
}

}  // namespace sitemaplint::fuzz
