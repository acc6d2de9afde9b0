#include "pages/disk_pages.h"

#include <filesystem>
#include <fstream>

#include "analysis/ascii.h"
#include "pages/header_facts.h"
#include "pages/html_head.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

// Bytes of a page read for its head: Google reads the head of the served HTML, and a head longer
// than this is a page no host serves well.
constexpr std::size_t kHeadBytes = 512 * 1024;
// Bytes of a configuration file read at most (Cloudflare Pages allows 2,100 _redirects rules).
constexpr std::size_t kConfigBytes = 1 << 20;

std::string read_prefix(const fs::path& path, std::size_t limit) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(limit, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(limit));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return bytes;
}

bool is_html_file(std::string_view name) {
  const std::string lower = ascii_lowered(name);
  return lower.ends_with(".html") || lower.ends_with(".htm");
}

// The build's files, each checked to stay inside the build folder once links are followed.
class DiskFiles final : public SiteFiles {
 public:
  DiskFiles(const std::string& root, const std::string& canonical_root)
      : root_(root), canonical_root_(canonical_root) {}
  bool is_file(std::string_view relative) const override { return inside(relative, fs::file_type::regular); }
  bool is_folder(std::string_view relative) const override { return inside(relative, fs::file_type::directory); }

 private:
  bool inside(std::string_view relative, fs::file_type type) const {
    std::error_code error;
    const fs::path path = fs::path(root_) / fs::path(std::string(relative));
    if (fs::status(path, error).type() != type || error) return false;
    const std::string real = fs::canonical(path, error).string();
    if (error) return false;
    return real == canonical_root_ || real.starts_with(canonical_root_ + "/");
  }

  const std::string& root_;
  const std::string& canonical_root_;
};

// The configuration file `name` at the top of `root`: nullopt when there is none. One that is there
// but cannot be read, or is longer than what is read, adds to `warnings`.
std::optional<std::string> read_config(const std::string& root, const std::string& canonical_root,
                                       std::string_view name, std::vector<std::string>& warnings) {
  std::error_code error;
  const fs::path path = fs::path(root) / std::string(name);
  const fs::file_status status = fs::status(path, error);
  if (error || !fs::exists(status)) return std::nullopt;
  if (!fs::is_regular_file(status)) {
    warnings.push_back(path.string() + " is not a file; not read");
    return std::nullopt;
  }
  const std::string real = fs::canonical(path, error).string();
  if (error || !real.starts_with(canonical_root + "/")) {
    warnings.push_back(path.string() + " leads outside the build folder; not read");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    warnings.push_back(path.string() + " cannot be read; the pages are worked out without it");
    return std::nullopt;
  }
  std::string bytes(kConfigBytes + 1, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (bytes.size() > kConfigBytes) {
    bytes.resize(kConfigBytes);
    warnings.push_back(path.string() + " is longer than 1 MiB; only its first 1 MiB is read");
  }
  return bytes;
}

std::string origin_of(const SitemapLocation& site) {
  const bool default_port =
      (site.scheme == "https" && site.port == "443") || (site.scheme == "http" && site.port == "80");
  return site.scheme + "://" + site.host + (default_port ? "" : ":" + site.port);
}

}  // namespace

std::optional<std::string> decoded_site_path(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return std::nullopt;
  std::string_view rest = url.substr(scheme_end + 3);
  const std::size_t path_start = rest.find_first_of("/?#");
  std::string_view path = path_start == std::string_view::npos ? std::string_view() : rest.substr(path_start);
  path = path.substr(0, path.find_first_of("?#"));
  std::string decoded = "/";
  for (std::size_t i = path.starts_with('/') ? 1 : 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '%' && i + 2 < path.size() && hex_value(path[i + 1]) >= 0 && hex_value(path[i + 2]) >= 0) {
      c = static_cast<char>(hex_value(path[i + 1]) * 16 + hex_value(path[i + 2]));
      i += 2;
      // An encoded separator or NUL names no file: a host looks the path up as one segment.
      if (c == '/' || c == '\\' || c == '\0') return std::nullopt;
    }
    if (c == '\\' || c == '\0') return std::nullopt;
    decoded += c;
  }
  for (std::size_t at = 0; at != std::string::npos; at = decoded.find('/', at + 1)) {
    const std::size_t end = decoded.find('/', at + 1);
    const std::string_view segment =
        std::string_view(decoded).substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1);
    if (segment == ".." || segment == ".") return std::nullopt;
  }
  return decoded;
}

DiskPages::DiskPages(std::string root, SitemapLocation site, HostKind host)
    : root_(std::move(root)), site_(std::move(site)) {
  std::error_code error;
  canonical_root_ = fs::canonical(root_, error).string();
  setup_.host = host;
  const auto in_root = [&](const std::string& problem) { return (fs::path(root_) / problem).string(); };
  if (reads_redirects(host)) {
    if (const std::optional<std::string> text = read_config(root_, canonical_root_, "_redirects", warnings_))
      setup_.redirects = parse_redirects(*text, default_redirect_code(host));
  }
  if (reads_headers_file(host)) {
    if (const std::optional<std::string> text = read_config(root_, canonical_root_, "_headers", warnings_)) {
      HeadersFile file = parse_headers_file(*text);
      setup_.headers = std::move(file.rules);
      for (const std::string& problem : file.problems) warnings_.push_back(in_root(problem));
    }
  }
  if (reads_vercel_json(host)) {
    if (const std::optional<std::string> text = read_config(root_, canonical_root_, "vercel.json", warnings_)) {
      VercelFile file = parse_vercel_json(*text);
      setup_.vercel = std::move(file.config);
      for (const std::string& problem : file.problems) warnings_.push_back(in_root(problem));
    }
  }
}

bool DiskPages::covers(std::string_view url) const {
  std::string error;
  const std::optional<SitemapLocation> at = parse_sitemap_location(url, &error);
  return at && at->scheme == site_.scheme && at->host == site_.host && at->port == site_.port;
}

std::string_view DiskPages::host_label() const { return sitemaplint::host_label(setup_.host); }

const PageAnswer& DiskPages::page(std::string_view url) const {
  {
    std::lock_guard lock(mutex_);
    const auto found = pages_.find(std::string(url));
    if (found != pages_.end()) return *found->second;
  }
  auto facts = std::make_unique<PageAnswer>(work_out(url));
  std::lock_guard lock(mutex_);
  // Another thread may have worked it out meanwhile: keep the first, so references stay valid.
  return *pages_.try_emplace(std::string(url), std::move(facts)).first->second;
}

PageAnswer DiskPages::work_out(std::string_view url) const {
  PageAnswer facts;
  const std::optional<std::string> path = decoded_site_path(url);
  if (!path) {
    facts.status = PageStatus::Refused;
    facts.reason = "its path names no file (an encoded '/', a NUL or a '..' segment)";
    return facts;
  }
  const DiskFiles files(root_, canonical_root_);
  const HostAnswer answer = answer_path(setup_, files, *path);
  const auto in_root = [&](const std::string& relative) { return (fs::path(root_) / relative).string(); };
  switch (answer.kind) {
    case HostAnswer::Kind::Missing:
      facts.status = PageStatus::Missing;
      if (!answer.file.empty()) facts.file = in_root(answer.file);
      facts.reason = answer.reason;
      return facts;
    case HostAnswer::Kind::Redirect:
      facts.status = PageStatus::Redirect;
      facts.target = answer.target.starts_with('/') ? origin_of(site_) + answer.target : answer.target;
      facts.code = answer.code;
      facts.reason = answer.reason;
      return facts;
    case HostAnswer::Kind::Fallback:
    case HostAnswer::Kind::Served: break;
  }
  facts.status = answer.kind == HostAnswer::Kind::Served ? PageStatus::Served : PageStatus::Fallback;
  facts.file = in_root(answer.file);
  facts.reason = answer.reason;
  if (is_html_file(answer.file)) {
    facts.html = true;
    facts.head = read_html_head(read_prefix(facts.file, kHeadBytes), url, kHeadBytes);
    // A meta refresh stub (Hugo's aliases, Jekyll's redirect_from) is a redirect to a crawler.
    if (facts.status == PageStatus::Served && facts.head.refresh && !facts.head.refresh->url.empty()) {
      facts.status = PageStatus::Redirect;
      facts.target = facts.head.refresh->url;
      facts.reason = "its page is a <meta http-equiv=\"refresh\"> stub, " + facts.file + ":" +
                     std::to_string(facts.head.refresh->line);
    }
  }
  // What the headers the host adds say (X-Robots-Tag, Link), for a page of any type: a PDF's
  // noindex is only ever a header.
  if (facts.status == PageStatus::Served) add_header_facts(response_headers(setup_, site_.host, *path), url, facts);
  return facts;
}

}  // namespace sitemaplint
