// What a lint is given: the rules, their severities, where the sitemap is served, the time.
// Each field is the library's name for a command-line option (docs/usage.md) and behaves as it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sitemaplint::api {

enum class Severity { Info = 0, Warning = 1, Error = 2 };

// "info", "warning", "error": the names the reports use.
std::string_view severity_name(Severity severity);

struct Settings {
  std::string profile;  // --profile: default, google, bing, xsd, protocol, strict ("": default)
  // --select and --ignore: rule codes, names, families, code prefixes or ALL; an item may hold
  // several, comma-separated.
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::vector<std::pair<std::string, Severity>> severities;  // --severity RULE=LEVEL
  std::string base_url;  // --base-url: where the sitemap is served ("": not known)
  std::string now;  // --now, a W3C datetime ("": the clock when the Linter is made)
  std::optional<Severity> min_severity;  // --min-severity: findings below it are left out
  // --config: a sitemaplint.toml that governs every input. "": none; the library never looks for
  // one by itself, so its results depend on these settings alone.
  std::string config;
  std::string root;  // --root: the folder that holds the site's "/", for an index's children
  std::string robots;  // --robots: a robots.txt (file or URL) linted too, every URL checked against it
  unsigned jobs = 0;  // --jobs: files linted at once (0: one per core)
  double timeout_seconds = 30;  // --timeout: per fetched URL
  std::vector<std::string> allowed_hosts;  // --allow-host: fetch only from these hosts
  // Gather the overview of the site the HTML report shows (its URLs by host, section and lastmod
  // age), as `--format html` has the command line do: write_report(result, "html") needs it. Off by
  // default: it costs a little for every URL.
  bool html_overview = false;
};

}  // namespace sitemaplint::api
