// How a static host answers a path from the files of a build: which file it serves, where it
// redirects (a folder without its final slash, "pretty" URLs without .html), and what it answers
// when nothing matches (404, its custom 404 page, or a single-page-app fallback). Each host's
// behaviour is one row of a table (host_rules.cpp), with the documentation it follows; the files
// are asked through SiteFiles, so the rules are tested without a disk.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pages/headers_file.h"
#include "pages/path_pattern.h"
#include "pages/vercel_config.h"

namespace sitemaplint {

enum class HostKind : std::uint8_t { Plain, GithubPages, Netlify, CloudflarePages, Vercel };

// "plain", "github-pages", "netlify", "cloudflare-pages", "vercel": what --host accepts.
std::optional<HostKind> host_kind_named(std::string_view name);
std::vector<std::string_view> host_names();
// "plain, github-pages, netlify, cloudflare-pages or vercel", for messages.
std::string host_name_list();
// How messages name the host: "a plain web server", "GitHub Pages", "Netlify" ...
std::string_view host_label(HostKind host);

// The files of a build, by path relative to its root ("a/index.html", no leading '/').
class SiteFiles {
 public:
  virtual ~SiteFiles() = default;
  virtual bool is_file(std::string_view relative) const = 0;
  virtual bool is_folder(std::string_view relative) const = 0;
};

// One rule of a _redirects file (Netlify, Cloudflare Pages): `from`, a path whose segments may be
// placeholders (":slug": any one segment) and whose end may be a splat '*' (the rest of the path),
// to `to` (":slug" and ":splat" stand for what they matched), with `code` (200: a rewrite; the
// default is 301 on Netlify, 302 on Cloudflare Pages). A domain-level rule
// ("https://example.com/* https://www.example.com/:splat 301!") applies on its host only.
struct RedirectRule {
  std::string from, to;
  std::string host;  // a domain-level rule's host, lower case; empty: every host of the site
  PathPattern pattern;  // `from`, as _headers' paths are read (path_pattern.h)
  int code = 301;
  bool force = false;  // "301!": applies even when a file answers the path (Netlify's shadowing)
  std::size_t line = 0;
};
// The rules of a _redirects file, in order, with `default_code` where a rule names none; lines it
// cannot read are skipped.
std::vector<RedirectRule> parse_redirects(std::string_view text, int default_code = 301);
// Whether the host reads a _redirects file, and the code of a rule that names none.
bool reads_redirects(HostKind host);
int default_redirect_code(HostKind host);
// Whether the host reads a _headers file (Netlify, Cloudflare Pages), or a vercel.json (Vercel).
bool reads_headers_file(HostKind host);
bool reads_vercel_json(HostKind host);

// What the host answers for a decoded path ("/a/b.html"; no query).
struct HostAnswer {
  enum class Kind : std::uint8_t { Served, Missing, Fallback, Redirect } kind = Kind::Missing;
  std::string file;  // Served, Fallback: the file's relative path; Missing: the custom 404 page, if any
  std::string target;  // Redirect: a path ("/a/") or, from _redirects, a URL
  int code = 0;
  std::string reason;
};

struct HostSetup {
  HostKind host = HostKind::Plain;
  std::vector<RedirectRule> redirects;  // _redirects, for the hosts that read it
  std::vector<HeaderRule> headers;  // _headers, for the hosts that read it (vercel.json's are in `vercel`)
  VercelConfig vercel;  // vercel.json, for Vercel
  std::string site_host;  // the host the build is served on, lower case: a domain-level rule's match
};

// Vercel applies its configuration in this order (vercel/vercel, routing-utils' routes): cleanUrls'
// and trailingSlash's redirects, `redirects`, then the files, then `rewrites`.
HostAnswer answer_path(const HostSetup& setup, const SiteFiles& files, std::string_view path);

// The headers the host's configuration gives the response to `path` (decoded) on `host`.
std::vector<ConfigHeader> response_headers(const HostSetup& setup, std::string_view host, std::string_view path);

}  // namespace sitemaplint
