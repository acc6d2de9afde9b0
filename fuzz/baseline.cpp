#include <sstream>

#include "fuzz_targets.h"
#include "run/baseline.h"

namespace sitemaplint::fuzz {
namespace {

// A sitemap with findings in entries (keyed by their <loc>) and outside them (keyed by message).
constexpr std::string_view kSitemap =
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/?a=1&b=2</loc><changefreq>Daily</changefreq></url>\n"
    "  <url><lastmod>2024-05-01</lastmod><loc>https://example.com/x</loc><priority>2</priority></url>\n"
    "  <url><loc>https://example.com/x</loc></url>\n"
    "</urlset>\n";

const std::vector<FileReport>& linted() {
  static const std::vector<FileReport> reports{lint_bytes("sitemap.xml", std::string(kSitemap), every_rule(), run_settings())};
  return reports;
}

std::size_t findings(const std::vector<FileReport>& reports) {
  std::size_t n = 0;
  for (const FileReport& r : reports) n += r.diagnostics.size();
  return n;
}

}  // namespace

// A baseline file (--baseline) applied to a report: refused with a message, or it only takes
// findings away. The first run also checks that a written baseline takes them all.
void baseline(std::string_view data) {
  static const bool round_trip = [] {
    std::ostringstream written;
    write_baseline(linted(), written);
    std::vector<FileReport> reports = linted();
    std::string error;
    return apply_baseline(written.str(), &reports, &error) && findings(reports) == 0 && findings(linted()) > 0;
  }();
  require(round_trip, "a written baseline does not silence the findings it was written from");
  std::vector<FileReport> reports = linted();
  std::string error;
  if (!apply_baseline(std::string(data), &reports, &error)) {
    require(!error.empty(), "a baseline refused without a message");
    require(findings(reports) == findings(linted()), "a refused baseline still took findings away");
    return;
  }
  require(findings(reports) <= findings(linted()), "a baseline added findings");
}

}  // namespace sitemaplint::fuzz
