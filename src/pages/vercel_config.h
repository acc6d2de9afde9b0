// vercel.json (Vercel): what decides how a static build is served. cleanUrls, trailingSlash,
// redirects, rewrites and headers are read; a rule with `has` or `missing` conditions applies to
// some requests only and is left out, as _redirects' conditional rules are. Vercel refuses to
// deploy a vercel.json that does not parse or has values of the wrong type: such a file, or such
// a value, is named in `problems` and the rest is read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pages/headers_file.h"
#include "pages/path_pattern.h"

namespace sitemaplint {

// One of `redirects` or `rewrites`.
struct VercelRoute {
  PathPattern source;
  std::string destination;  // ":name" and "$1" stand for what the source captured
  int code = 0;  // a redirect's: `statusCode`, else 308 (`permanent`, the default) or 307
  std::string where;  // "vercel.json line 12"
};

struct VercelConfig {
  bool clean_urls = false;  // "/a" served from a.html, "/a.html" and "/a/index.html" redirected
  std::optional<bool> trailing_slash;  // true: "/a" redirected to "/a/"; false: "/a/" to "/a"
  std::string clean_urls_where, trailing_slash_where;  // "vercel.json line 2"
  std::vector<VercelRoute> redirects;  // before the files
  std::vector<VercelRoute> rewrites;  // after the files
  std::vector<HeaderRule> headers;
};

struct VercelFile {
  VercelConfig config;
  std::vector<std::string> problems;  // "vercel.json line 7: ..."
};

VercelFile parse_vercel_json(std::string_view text);

}  // namespace sitemaplint
