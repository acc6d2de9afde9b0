#include "pages/host_rules.h"

#include <algorithm>
#include <array>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

// What a request for a folder without its final slash ("/docs" with docs/index.html) gets.
enum class FolderWithoutSlash : std::uint8_t { Redirect, Serve };
// What a request with a final slash gets when only the page file exists ("/about/" with about.html).
enum class SlashOnPage : std::uint8_t { Missing, Redirect, Serve };

// One host's answers. The sources are in docs/pages.md ("Hosts").
struct HostBehaviour {
  HostKind host;
  std::string_view name, label;
  bool pretty_urls;  // "/about" is served from about.html
  int html_redirect;  // "/about.html" redirects to "/about" with this code; 0: served as is
  int index_redirect;  // "/docs/index.html" redirects to "/docs/" with this code; 0: served as is
  FolderWithoutSlash folder_without_slash;
  int folder_code;  // the redirect's code
  SlashOnPage slash_on_page;
  int slash_code;
  bool nearest_404;  // the 404.html nearest up the path's folders answers, not only the top one
  bool fallback_without_404;  // with no 404.html at the top, every unknown path gets /index.html with 200
  bool reads_redirects;  // a _redirects file at the top of the build
  int redirects_default;  // the code of a _redirects rule that names none
  bool redirects_shadowed;  // a rule does not apply where a file answers (unless forced with '!')
  bool reads_headers;  // a _headers file at the top of the build
};

constexpr std::array<HostBehaviour, 5> kHosts{{
    // nginx (try_files $uri $uri/) and Apache (DirectorySlash, DirectoryIndex index.html).
    {HostKind::Plain, "plain", "a plain web server", false, 0, 0, FolderWithoutSlash::Redirect, 301,
     SlashOnPage::Missing, 0, false, false, false, 0, false, false},
    {HostKind::GithubPages, "github-pages", "GitHub Pages", true, 0, 0, FolderWithoutSlash::Redirect, 301,
     SlashOnPage::Missing, 0, false, false, false, 0, false, false},
    // With Netlify's pretty URLs (rows observed on live sites; docs/pages.md cites them).
    {HostKind::Netlify, "netlify", "Netlify", true, 0, 0, FolderWithoutSlash::Redirect, 301, SlashOnPage::Redirect, 301,
     false, false, true, 301, true, true},
    // Cloudflare's asset server (workers-sdk, pages-shared/asset-server/handler.ts).
    {HostKind::CloudflarePages, "cloudflare-pages", "Cloudflare Pages", true, 308, 308, FolderWithoutSlash::Redirect,
     308, SlashOnPage::Redirect, 308, true, true, true, 302, false, true},
    // Vercel without a vercel.json: no clean URLs, no trailing-slash redirects (answer_vercel reads it).
    {HostKind::Vercel, "vercel", "Vercel", false, 0, 0, FolderWithoutSlash::Serve, 0, SlashOnPage::Missing, 0, false,
     false, false, 0, false, false},
}};

const HostBehaviour& behaviour_of(HostKind host) {
  for (const HostBehaviour& b : kHosts) {
    if (b.host == host) return b;
  }
  return kHosts[0];
}

std::string relative(std::string_view path) { return std::string(path.substr(path.starts_with('/') ? 1 : 0)); }

HostAnswer served(std::string file) { return {HostAnswer::Kind::Served, std::move(file), {}, 0, {}}; }
HostAnswer redirect(std::string target, int code, std::string reason) {
  return {HostAnswer::Kind::Redirect, {}, std::move(target), code, std::move(reason)};
}

// The answer from the files alone, or nullopt when no file answers the path.
std::optional<HostAnswer> answer_from_files(const HostBehaviour& b, const SiteFiles& files, std::string_view path) {
  if (path.empty() || path == "/") {
    if (files.is_file("index.html")) return served("index.html");
    return std::nullopt;
  }
  if (path.ends_with('/')) {
    const std::string folder = relative(path);
    if (files.is_file(folder + "index.html")) return served(folder + "index.html");
    const std::string page = folder.substr(0, folder.size() - 1) + ".html";
    if (b.pretty_urls && files.is_file(page)) {
      switch (b.slash_on_page) {
        case SlashOnPage::Serve: return served(page);
        case SlashOnPage::Redirect:
          return redirect(std::string(path.substr(0, path.size() - 1)), b.slash_code,
                          std::string(b.label) + " serves " + page + " without the final slash");
        case SlashOnPage::Missing: break;
      }
    }
    return std::nullopt;
  }
  const std::string file = relative(path);
  if (files.is_file(file)) {
    if (b.index_redirect != 0 && (file == "index.html" || file.ends_with("/index.html"))) {
      return redirect(std::string(path.substr(0, path.size() - 10)), b.index_redirect,
                      std::string(b.label) + " serves a folder's index.html at the folder's URL");
    }
    if (b.html_redirect != 0 && file.ends_with(".html")) {
      return redirect(std::string(path.substr(0, path.size() - 5)), b.html_redirect,
                      std::string(b.label) + " serves pages without .html");
    }
    return served(file);
  }
  if (files.is_folder(file) && files.is_file(file + "/index.html")) {
    if (b.folder_without_slash == FolderWithoutSlash::Serve) return served(file + "/index.html");
    return redirect(std::string(path) + "/", b.folder_code,
                    std::string(b.label) + " serves a folder with a final slash");
  }
  if (b.pretty_urls && files.is_file(file + ".html")) return served(file + ".html");
  return std::nullopt;
}

// The _redirects rule for `path` on `host`, and what its placeholders and splat matched. Netlify
// and Cloudflare Pages match "/a" and "/a/" alike.
const RedirectRule* matching_rule(const std::vector<RedirectRule>& rules, std::string_view host, std::string_view path,
                                  PathCaptures* captures) {
  const std::string other =
      path.size() > 1 && path.ends_with('/') ? std::string(path.substr(0, path.size() - 1)) : std::string(path) + "/";
  for (const RedirectRule& rule : rules) {
    if (!rule.host.empty() && rule.host != host) continue;
    if (match_path(rule.pattern, path, captures) || match_path(rule.pattern, other, captures)) return &rule;
  }
  return nullptr;
}

// What answers when nothing else does: the custom 404 page (the nearest one, on hosts that look up
// the folders), a single-page app's fallback, or a bare 404.
HostAnswer not_found(const HostBehaviour& b, const SiteFiles& files, std::string_view path) {
  if (b.nearest_404) {
    // The 404.html of the path's folder, or of the nearest folder above it.
    std::string folder = relative(path.substr(0, path.rfind('/') + 1));
    while (!folder.empty()) {
      if (files.is_file(folder + "404.html")) return {HostAnswer::Kind::Missing, folder + "404.html", {}, 404, {}};
      folder.pop_back();
      folder.erase(folder.rfind('/') == std::string::npos ? 0 : folder.rfind('/') + 1);
    }
  }
  if (files.is_file("404.html")) return {HostAnswer::Kind::Missing, "404.html", {}, 404, {}};
  if (b.fallback_without_404 && files.is_file("index.html")) {
    return {HostAnswer::Kind::Fallback,
            "index.html",
            {},
            200,
            std::string(b.label) + " serves /index.html for every unknown path when the build has no 404.html"};
  }
  return {HostAnswer::Kind::Missing, {}, {}, 404, {}};
}

// vercel.json's cleanUrls: "/a.html", "/a/index.html", "/a/index" (and each with a final slash)
// redirected to "/a" ("/a/" with trailingSlash), as routing-utils' convertCleanUrls writes them.
std::optional<std::string> clean_url_target(std::string_view path, bool trailing_slash) {
  std::string_view bare = path;
  if (bare.size() > 1 && bare.ends_with('/')) bare.remove_suffix(1);
  std::string_view stem;
  if (bare.ends_with("/index.html") || bare.ends_with("/index")) {
    stem = bare.substr(0, bare.rfind("/index"));
  } else if (bare.ends_with(".html") && bare.size() > 5) {
    stem = bare.substr(0, bare.size() - 5);
  } else {
    return std::nullopt;
  }
  if (stem.empty() || stem == "/") return std::string("/");
  return std::string(stem) + (trailing_slash ? "/" : "");
}

bool is_word_char(char c) { return is_ascii_alpha(c) || is_ascii_digit(c) || c == '_'; }

// vercel.json's trailingSlash, as routing-utils' convertTrailingSlash writes it. true: a path whose
// last segment has no '.' gets its final slash, and a file's path ("/a.css/") loses it (not under
// /.well-known); false: a path loses its final slash.
std::optional<std::string> trailing_slash_target(std::string_view path, bool trailing_slash) {
  if (!trailing_slash) {
    if (path.size() > 1 && path.ends_with('/')) return std::string(path.substr(0, path.size() - 1));
    return std::nullopt;
  }
  if (path == "/.well-known" || path.starts_with("/.well-known/") || path.size() < 2) return std::nullopt;
  const bool slash = path.ends_with('/');
  const std::string_view body = path.substr(1, path.size() - (slash ? 2 : 1));
  if (body.empty() || body.find("//") != std::string_view::npos || body.starts_with('/')) return std::nullopt;
  const std::string_view last = body.substr(body.rfind('/') == std::string_view::npos ? 0 : body.rfind('/') + 1);
  if (!slash) {
    if (last.find('.') == std::string_view::npos) return std::string(path) + "/";
    return std::nullopt;
  }
  // "name.ext/": a '.' with something before it and word characters after it, to the end.
  const std::size_t dot = last.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == last.size()) return std::nullopt;
  for (const char c : last.substr(dot + 1)) {
    if (!is_word_char(c)) return std::nullopt;
  }
  return std::string(path.substr(0, path.size() - 1));
}

// Vercel with its vercel.json, in routing-utils' order; nullopt when nothing answers (a 404).
std::optional<HostAnswer> answer_vercel(HostBehaviour b, const HostSetup& setup, const SiteFiles& files,
                                        std::string_view path) {
  const VercelConfig& v = setup.vercel;
  const bool slash = v.trailing_slash.value_or(false);
  if (v.clean_urls) {
    if (std::optional<std::string> target = clean_url_target(path, slash); target && *target != path)
      return redirect(*target, 308, "Vercel serves pages without .html: cleanUrls, " + v.clean_urls_where);
  }
  if (v.trailing_slash) {
    if (std::optional<std::string> target = trailing_slash_target(path, *v.trailing_slash)) {
      return redirect(*target, 308,
                      std::string("Vercel serves pages ") + (*v.trailing_slash ? "with" : "without") +
                          " a final slash: trailingSlash, " + v.trailing_slash_where);
    }
  }
  PathCaptures captures;
  for (const VercelRoute& route : v.redirects) {
    if (match_path(route.source, path, &captures))
      return redirect(with_captures(route.destination, captures), route.code, route.where);
  }
  // The files: with cleanUrls, "/a" is a.html (and "/a/" too, with trailingSlash).
  b.pretty_urls = v.clean_urls;
  if (v.clean_urls && slash) b.slash_on_page = SlashOnPage::Serve;
  if (std::optional<HostAnswer> from_files = answer_from_files(b, files, path)) return from_files;
  for (const VercelRoute& route : v.rewrites) {
    if (!match_path(route.source, path, &captures)) continue;
    const std::string destination = with_captures(route.destination, captures);
    if (!destination.starts_with('/')) continue;  // to another site (a proxy): not judged here
    const std::string rewritten_path = destination.substr(0, destination.find_first_of("?#"));
    std::optional<HostAnswer> rewritten = answer_from_files(b, files, rewritten_path);
    if (!rewritten || rewritten->kind != HostAnswer::Kind::Served) {
      HostAnswer missing = not_found(b, files, path);
      missing.reason = route.where;
      return missing;
    }
    rewritten->reason = route.where;
    // Every path the source matches rewritten to one page (a single-page app's "/(.*)" to
    // "/index.html") is a fallback, not the listed page.
    const bool catch_all = std::any_of(route.source.parts.begin(), route.source.parts.end(),
                                       [](const PathPattern::Part& p) { return p.kind != PathPattern::Kind::Literal; });
    if (catch_all && destination == route.destination) rewritten->kind = HostAnswer::Kind::Fallback;
    return rewritten;
  }
  return std::nullopt;
}

}  // namespace

std::optional<HostKind> host_kind_named(std::string_view name) {
  for (const HostBehaviour& b : kHosts) {
    if (b.name == name) return b.host;
  }
  return std::nullopt;
}

std::vector<std::string_view> host_names() {
  std::vector<std::string_view> names;
  for (const HostBehaviour& b : kHosts) names.push_back(b.name);
  return names;
}

std::string host_name_list() {
  std::string list;
  const std::vector<std::string_view> names = host_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) list += i + 1 == names.size() ? " or " : ", ";
    list += names[i];
  }
  return list;
}

std::string_view host_label(HostKind host) { return behaviour_of(host).label; }

bool reads_redirects(HostKind host) { return behaviour_of(host).reads_redirects; }
int default_redirect_code(HostKind host) { return behaviour_of(host).redirects_default; }
bool reads_headers_file(HostKind host) { return behaviour_of(host).reads_headers; }
bool reads_vercel_json(HostKind host) { return host == HostKind::Vercel; }

std::vector<RedirectRule> parse_redirects(std::string_view text, int default_code) {
  std::vector<RedirectRule> rules;
  std::size_t line = 0;
  while (!text.empty()) {
    ++line;
    const std::size_t end = text.find('\n');
    std::string_view row = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (const std::size_t hash = row.find('#'); hash != std::string_view::npos) row = row.substr(0, hash);
    std::vector<std::string_view> words;
    for (std::size_t at = 0; at < row.size();) {
      while (at < row.size() && is_xml_space(row[at])) ++at;
      const std::size_t start = at;
      while (at < row.size() && !is_xml_space(row[at])) ++at;
      if (at > start) words.push_back(row.substr(start, at - start));
    }
    if (words.size() < 2) continue;
    std::string host;
    if (words[0].starts_with("https://") || words[0].starts_with("http://")) {
      // A domain-level rule: Netlify applies it to requests for that host (Cloudflare Pages does
      // not take such rules at all).
      std::string_view rest = words[0].substr(words[0].find("//") + 2);
      const std::size_t slash = rest.find('/');
      if (slash == std::string_view::npos || slash == 0) continue;
      for (char c : rest.substr(0, slash)) host.push_back(ascii_lower(c));
      words[0] = rest.substr(slash);
    }
    if (!words[0].starts_with('/')) continue;
    // Conditions (Country=, Language=, Role=) make a rule that not every visitor meets; query
    // parameters (id=:id) one that only some URLs do: neither is a rule for the page.
    const auto conditional = std::any_of(words.begin() + 1, words.end(),
                                         [](std::string_view w) { return w.find('=') != std::string_view::npos; });
    if (conditional) continue;
    RedirectRule rule{std::string(words[0]),
                      std::string(words[1]),
                      std::move(host),
                      headers_path_pattern(words[0]),
                      default_code,
                      false,
                      line};
    if (words.size() >= 3) {
      std::string_view code = words[2];
      if (code.ends_with('!')) {
        rule.force = true;
        code.remove_suffix(1);
      }
      if (code.size() != 3 || !is_ascii_digit(code[0]) || !is_ascii_digit(code[1]) || !is_ascii_digit(code[2]))
        continue;  // a condition (Country=, Role=) or a malformed code: not a rule every visitor meets
      rule.code = (code[0] - '0') * 100 + (code[1] - '0') * 10 + (code[2] - '0');
    }
    rules.push_back(std::move(rule));
  }
  return rules;
}

HostAnswer answer_path(const HostSetup& setup, const SiteFiles& files, std::string_view path) {
  const HostBehaviour& b = behaviour_of(setup.host);
  if (setup.host == HostKind::Vercel) {
    if (std::optional<HostAnswer> answer = answer_vercel(b, setup, files, path)) return *answer;
    return not_found(b, files, path);
  }
  std::optional<HostAnswer> from_files = answer_from_files(b, files, path);
  if (b.reads_redirects) {
    PathCaptures captures;
    const RedirectRule* rule = matching_rule(
        setup.redirects, setup.host == HostKind::Netlify ? std::string_view(setup.site_host) : std::string_view(), path,
        &captures);
    const bool shadowed = rule && b.redirects_shadowed && !rule->force && from_files;
    if (rule && !shadowed) {
      const std::string to = with_captures(rule->to, captures);
      const std::string where = "_redirects line " + std::to_string(rule->line);
      // "/old 410": the host answers with that error itself.
      if (rule->code >= 400) return {HostAnswer::Kind::Missing, {}, {}, rule->code, where};
      if (rule->code == 200 && to.starts_with('/')) {
        // A rewrite: the other path's file answers with 200. Every path rewritten to one page
        // (a single-page app's "/* /index.html 200") is a fallback, not the listed page.
        std::optional<HostAnswer> rewritten = answer_from_files(b, files, to);
        if (rewritten && rewritten->kind == HostAnswer::Kind::Served) {
          rewritten->reason = where;
          if (rule->from.ends_with('*') && to.find(":splat") == std::string::npos)
            rewritten->kind = HostAnswer::Kind::Fallback;
          return *rewritten;
        }
      } else if (rule->code >= 300 && rule->code < 400) {
        return redirect(to, rule->code, where);
      }
    }
  }
  if (from_files) return *from_files;
  return not_found(b, files, path);
}

std::vector<ConfigHeader> response_headers(const HostSetup& setup, std::string_view host, std::string_view path) {
  if (setup.host == HostKind::Vercel) return headers_for(setup.vercel.headers, host, path, false, true);
  const HostBehaviour& b = behaviour_of(setup.host);
  if (!b.reads_headers) return {};
  return headers_for(setup.headers, host, path, setup.host == HostKind::Netlify,
                     setup.host == HostKind::CloudflarePages);
}

}  // namespace sitemaplint
