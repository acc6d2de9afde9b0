// What a lint is given: the rules, their severities, where the sitemap is served, the time.
// Each field is the library's name for a command-line option (docs/usage.md) and behaves as it.
#pragma once

#include <cstddef>
#include <cstdint>
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

  // --pages: what the listed URLs lead to (docs/pages.md). With `root` (or root = in the config),
  // the build under it as `host` serves it at `base_url`; without, the live site (the origins of
  // `base_url` and of the inputs that are URLs), fetched politely: robots.txt obeyed for
  // sitemaplint's own token, `rate` requests a second and 2 connections per host, Retry-After
  // honoured. Each lint_files or lint_file call is a run of its own: its URLs fetched once each.
  bool pages = false;
  std::string host;  // --host: how the build is served (plain, netlify, cloudflare, vercel...; "": plain)
  bool coverage = false;  // --coverage: each indexable page of the build no listed URL leads to, a finding
  double rate = 0;  // --rate: requests a second per host (0: the config's, or 5)
  std::size_t max_urls = 0;  // --max-urls: listed URLs fetched at most (0: the config's, or 10,000)
  std::size_t sample = 0;  // --sample: a seeded random sample of this many listed URLs (0: none)
  std::uint64_t seed = 29;  // --seed: of the sample and of the soft-404 probe's path
  std::string user_agent;  // --user-agent ("": the config's, or sitemaplint's own)
  std::string cache;  // --cache: a folder of answers for conditional requests next time ("": none)
  std::string pages_log;  // --pages-log: one JSON line per fetched URL ("": none)
};

}  // namespace sitemaplint::api
