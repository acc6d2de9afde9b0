// What a lint gives back: findings, the files they are in, the inputs that could not be read, and
// the run's totals. Plain values, the same as the JSON report's (docs/output.md).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "settings.h"

namespace sitemaplint::api {

// A replacement of the bytes [offset, offset + length) of the finding's file.
struct Fix {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::string replacement;
  std::string description;  // imperative, e.g. "replace with 'daily'"
};

// A second place that explains a finding, e.g. where a duplicate was first seen.
struct RelatedLocation {
  std::string file;  // the finding's own file, or another file of the run
  std::size_t line = 0;
  std::size_t column = 0;
  std::string message;
};

struct Finding {
  std::string code;  // stable, e.g. "SM203"
  std::string rule;  // the rule's name, e.g. "lastmod-invalid"
  Severity severity = Severity::Error;
  std::string file;  // as given, or the URL it was served from
  // 1-based; columns count Unicode code points. The end is where the offending text ends.
  std::size_t line = 0;
  std::size_t column = 0;
  std::size_t end_line = 0;
  std::size_t end_column = 0;
  std::size_t offset = 0;  // byte offset into the (uncompressed) input
  std::size_t length = 0;  // bytes covered; 0 marks a point
  std::string message;
  std::vector<std::string> authorities;  // what the finding rests on: "sitemaps.org", "Google", ...
  std::string search_console;  // Google Search Console's message for it, when it has one
  std::optional<Fix> fix;
  std::vector<RelatedLocation> related;
};

// A file the run linted.
struct FileInfo {
  std::string path;  // as given, or the URL it was served from after redirects
  std::string requested;  // the URL as given, when redirects led elsewhere
  std::string kind;  // urlset, sitemapindex, feed, text, robots, not-sitemap, other
  std::size_t entries = 0;
};

// An input that could not be read at all (missing, not a regular file, a failed fetch).
struct InputError {
  std::string path;
  std::string message;  // one line, naming the input
};

struct Summary {
  std::size_t files = 0;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
  std::size_t fixable = 0;
  std::size_t input_errors = 0;
  std::size_t left_out = 0;  // findings below Settings::min_severity, not in `findings`
};

// The run behind a Result as the command line's reports write it (report.h); opaque.
struct RunReports;

// What the listed URLs led to (Settings::pages), named as the JSON report's "pages" object names
// it (docs/output.md).
struct PagesSummary {
  std::string source;  // "the live site https://example.com (...)", "public as Netlify serves it"
  bool live = false;  // fetched from the live site: the statuses below apply
  std::size_t checked = 0, served = 0, missing = 0, soft_404 = 0, redirected = 0, refused = 0;
  std::size_t noindex = 0, canonical_elsewhere = 0, other_origin = 0;
  std::size_t failed = 0, client_errors = 0, server_errors = 0, unreachable = 0, other_statuses = 0;
  std::size_t blocked_by_robots = 0, robots_unreachable = 0, not_fetched = 0;
  std::string not_fetched_because;  // how --max-urls cut the list or --sample drew from it; "": neither
  // The build's indexable pages that no listed URL leads to (a build only): their URLs and files.
  std::vector<std::pair<std::string, std::string>> unlisted;
};

struct Result {
  std::vector<FileInfo> files;  // the inputs, then the children of indexes among them
  std::vector<Finding> findings;  // file by file as in `files`, each file's in its reports' order
  std::vector<InputError> input_errors;
  Summary summary;
  std::optional<PagesSummary> pages;  // with Settings::pages
  // What write_report writes: the run as it was linted (changing the fields above changes no
  // report). Copies share it; a Result made by hand has none.
  std::shared_ptr<const RunReports> run;
};

}  // namespace sitemaplint::api
