// A _headers file (Netlify, Cloudflare Pages): blocks of a path pattern on its own line, then
// indented "Name: value" lines, and '#' comments; the headers each response gets from its rules.
// vercel.json's headers (pages/vercel_config) are read into the same rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "pages/path_pattern.h"

namespace sitemaplint {

// A header a host's configuration adds to some responses, and where it is written.
struct ConfigHeader {
  std::string name;  // as written
  std::string value;  // as written, white space around it dropped
  std::string source;  // "_headers line 4", "vercel.json line 12"
};

// One rule: the responses to the paths its pattern matches get `set`, after losing `unset`.
struct HeaderRule {
  PathPattern pattern;  // matched against the request's path, or "https://host/path" when `absolute`
  bool absolute = false;  // written as an https:// URL: only the responses of that host (Cloudflare Pages)
  std::vector<ConfigHeader> set;
  std::vector<std::string> unset;  // "! Name": Cloudflare Pages drops a header that an earlier rule set
};

struct HeadersFile {
  std::vector<HeaderRule> rules;
  std::vector<std::string> problems;  // "_headers line 7: ...", for lines that are not read
};

// The rules of a _headers file, in order. A line that is neither a path, a header nor a comment is
// left out and named in `problems`, as the hosts' own parsers skip it.
HeadersFile parse_headers_file(std::string_view text);

// The headers `rules` give the response to `path` (decoded, "/a/b") on `host`, in order: every rule
// that matches adds its headers, after dropping those it unsets. `either_slash`: a rule's path
// matches the path with or without its final slash (Netlify, as for its _redirects).
// `fill_placeholders`: ":name" and ":splat" in values are replaced by what they matched
// (Cloudflare Pages' rulesEngine, Vercel's routing-utils).
std::vector<ConfigHeader> headers_for(const std::vector<HeaderRule>& rules, std::string_view host,
                                      std::string_view path, bool either_slash, bool fill_placeholders);

}  // namespace sitemaplint
