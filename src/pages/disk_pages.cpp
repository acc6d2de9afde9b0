#include "pages/disk_pages.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <thread>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"
#include "analysis/same_url.h"
#include "pages/build_folder.h"
#include "pages/chunked_prefetch.h"
#include "pages/header_facts.h"
#include "pages/html_head.h"
#include "pages/site_walk.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

// Bytes of a page read for its head: Google reads the head of the served HTML, and a head longer
// than this is a page no host serves well.
constexpr std::size_t kHeadBytes = 512 * 1024;
// Bytes of a configuration file read at most (Cloudflare Pages allows 2,100 _redirects rules).
constexpr std::size_t kConfigBytes = 1 << 20;

// The first `limit` bytes of a file into `bytes`, sized for the file: zeroing `limit` bytes for
// each page of a site cost more than reading them (a 512 KiB memset for a 3 KB page). The caller
// keeps `bytes` from page to page: a fresh buffer a page made malloc consolidate its free lists
// each time (a tenth of a run's CPU).
void read_prefix(const std::string& path, std::size_t limit, std::string& bytes) {
  bytes.clear();
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  struct stat status {};
  // A size the file does not tell (a pipe, a file that grows) reads in steps up to the limit.
  const std::size_t size = fstat(fd, &status) == 0 && status.st_size > 0 ? static_cast<std::size_t>(status.st_size) : 0;
  bytes.resize(size > 0 ? std::min(size, limit) : std::min<std::size_t>(limit, 4096));
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
    if (got == bytes.size() && size == 0 && bytes.size() < limit) bytes.resize(std::min(limit, bytes.size() * 2));
  }
  close(fd);
  bytes.resize(got);
}

// `relative` (a file of the build, "a/index.html") under `root`, as std::filesystem::path's '/'
// joins them ("public" and "public/" alike give "public/a/index.html"), without building the
// path's components, which cost each page a few microseconds.
std::string in_folder(const std::string& root, const std::string& relative) {
  if (relative.starts_with('/')) return (fs::path(root) / relative).string();  // not from the index
  if (root.empty() || root.ends_with('/')) return root + relative;
  std::string joined;
  joined.reserve(root.size() + 1 + relative.size());
  return joined.append(root).append(1, '/').append(relative);
}

bool is_html_file(std::string_view name) {
  const std::string lower = ascii_lowered(name);
  return lower.ends_with(".html") || lower.ends_with(".htm");
}

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

// Numbers the lookups of a process: a memo of one keyed on the address could outlive its lookup
// and meet another at the same address (the tests make many).
std::atomic<std::uint64_t> next_lookup_id{1};

// The build folder as messages name it, and its files with it: "./public/", "public/." and "public"
// alike give "public", as a sitemap's child is named ("public/a/index.html", whichever way --root
// was written); "." gives "", so that its files are named by their relative paths. A ".." is
// kept: through a symbolic link, "a/.." need not be where "a" is.
std::string shown_folder(std::string_view root) {
  std::string shown = root.starts_with('/') ? "/" : "";
  for (std::size_t at = 0; at <= root.size();) {
    std::size_t end = root.find('/', at);
    if (end == std::string_view::npos) end = root.size();
    const std::string_view part = root.substr(at, end - at);
    if (!part.empty() && part != ".") {
      if (!shown.empty() && !shown.ends_with('/')) shown += '/';
      shown += part;
    }
    at = end + 1;
  }
  return shown;
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
    if (const int byte = c == '%' && i + 2 < path.size() ? escaped_byte(&path[i + 1]) : -1; byte >= 0) {
      c = static_cast<char>(byte);
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
    : root_(shown_folder(root)),
      folder_(root_.empty() ? "." : root_),
      site_(std::move(site)),
      origin_(origin_of(site_)),
      id_(next_lookup_id.fetch_add(1, std::memory_order_relaxed)) {
  std::error_code error;
  setup_.host = host;
  setup_.site_host = site_.host;
  const auto in_root = [&](const std::string& problem) { return (fs::path(root_) / problem).string(); };
  if (reads_redirects(host)) {
    if (const std::optional<std::string> text = read_config(root_, folder_.real_root(), "_redirects", warnings_))
      setup_.redirects = parse_redirects(*text, default_redirect_code(host));
  }
  // Netlify also takes redirects and headers from netlify.toml, in the site's base folder (often
  // the build's parent). They are not read: say so rather than judge the pages without them.
  if (host == HostKind::Netlify) {
    for (const fs::path& folder : {fs::path(root_), fs::path(root_).parent_path()}) {
      const fs::path toml = folder / "netlify.toml";
      if (fs::is_regular_file(toml, error)) {
        warnings_.push_back(toml.string() +
                            ": its [[redirects]] and [[headers]] are not read; the pages are worked out from the "
                            "build's _redirects and _headers only");
        break;
      }
    }
  }
  if (reads_headers_file(host)) {
    if (const std::optional<std::string> text = read_config(root_, folder_.real_root(), "_headers", warnings_)) {
      HeadersFile file = parse_headers_file(*text);
      setup_.headers = std::move(file.rules);
      for (const std::string& problem : file.problems) warnings_.push_back(in_root(problem));
    }
  }
  if (reads_vercel_json(host)) {
    if (const std::optional<std::string> text = read_config(root_, folder_.real_root(), "vercel.json", warnings_)) {
      VercelFile file = parse_vercel_json(*text);
      setup_.vercel = std::move(file.config);
      for (const std::string& problem : file.problems) warnings_.push_back(in_root(problem));
    }
  }
}

bool DiskPages::on_site(std::string_view url) const {
  // Most URLs start with the origin as written: "https://example.com" then '/', '?', '#' or the
  // end. Anything else (an explicit default port, another host) is parsed to be sure.
  if (url.size() >= origin_.size() && ascii_equal_ignoring_case(url.substr(0, origin_.size()), origin_) &&
      (url.size() == origin_.size() || std::string_view("/?#").find(url[origin_.size()]) != std::string_view::npos))
    return true;
  std::string error;
  const std::optional<SitemapLocation> at = parse_sitemap_location(url, &error);
  return at && at->scheme == site_.scheme && at->host == site_.host && at->port == site_.port;
}

std::string_view DiskPages::host_label() const { return sitemaplint::host_label(setup_.host); }

std::string DiskPages::source_label() const {
  return (root_.empty() ? "." : root_) + " as " + std::string(host_label()) + " serves it";
}

// The page rules ask about a URL one after the other (nine of them, for every URL): the slot this
// thread found last answers all but the first without hashing the URL or taking a lock.
DiskPages::Slot& DiskPages::slot_for(std::string_view url) const {
  struct Memo {
    std::uint64_t lookup = 0;
    std::string url;
    Slot* slot = nullptr;
  };
  thread_local Memo memo;
  if (memo.lookup == id_ && memo.url == url) {
    Slot& slot = *memo.slot;  // fill may help another URL, which takes the memo
    fill(slot, url);  // done already, unless working it out failed
    return slot;
  }
  Slot& slot = slot_in_map(url);
  fill(slot, url);
  memo.lookup = id_;
  memo.url.assign(url);  // the string's capacity is kept: no allocation a URL
  memo.slot = &slot;
  return slot;
}

DiskPages::Slot& DiskPages::slot_in_map(std::string_view url) const {
  const std::size_t hash = Hash()(url);
  // The map hashes again with the same function: the shard takes the bits the map's buckets use
  // least (the top ones).
  Shard& shard = shards_[(hash >> 59) % kShards];
  std::lock_guard lock(shard.mutex);
  auto found = shard.pages.find(url);
  if (found == shard.pages.end()) found = shard.pages.emplace(std::string(url), std::make_unique<Slot>()).first;
  return *found->second;  // stays where it is while the map grows
}

// Not std::call_once: glibc ends every first call with a futex wake-up, a system call per URL
// (50,000 in a run of 50,000 pages) although another thread almost never waits. Here a thread
// that finds the answer being worked out helps the read-ahead with another URL, or yields, until
// it is done (a page takes tens of microseconds), and one that fails leaves the slot to the next
// asker, as call_once would.
void DiskPages::fill(Slot& slot, std::string_view url) const {
  for (;;) {
    Slot::State state = slot.state.load(std::memory_order_acquire);
    if (state == Slot::kDone) return;
    if (state == Slot::kWorking) {
      if (!help_prefetch_while_waiting()) std::this_thread::yield();
      continue;
    }
    if (!slot.state.compare_exchange_weak(state, Slot::kWorking, std::memory_order_acquire)) continue;
    try {
      if (on_site(url)) {
        slot.answer = work_out(url);
        read_.fetch_add(1, std::memory_order_relaxed);
      }
    } catch (...) {
      slot.state.store(Slot::kEmpty, std::memory_order_release);
      throw;
    }
    slot.state.store(Slot::kDone, std::memory_order_release);
    return;
  }
}

PageRef DiskPages::page(std::string_view url) const {
  Slot& slot = slot_for(url);
  // Nine rules ask about each URL: the first counts it.
  if (!slot.listed.load(std::memory_order_relaxed) && !slot.listed.exchange(true, std::memory_order_relaxed))
    count_listed(slot, url);
  return reference(slot);
}

void DiskPages::count_listed(const Slot& slot, std::string_view url) const {
  std::lock_guard lock(listed_mutex_);
  if (!slot.answer) {
    ++tally_.other_origin;
    return;
  }
  tally_.add(*slot.answer, url);
  listed_answers_.push_back(&*slot.answer);
}

PageRef DiskPages::unlisted_page(std::string_view url) const { return reference(slot_for(url)); }

PageRef DiskPages::reference(const Slot& slot) {
  // The answers live as long as this lookup: a reference that owns nothing.
  return slot.answer ? PageRef(PageRef(), &*slot.answer) : nullptr;
}

std::unique_ptr<PageLookup::Prefetch> DiskPages::prefetch(std::vector<std::string> urls, unsigned threads) const {
  if (urls.empty()) threads = 0;
  // The rule thread and the read-ahead wait for the index alike: it is listed on all of them.
  folder_.set_index_threads(threads + 1);
  if (threads > 0) start_walk(std::launch::async);
  return chunked_prefetch(*this, std::move(urls), threads);
}

void DiskPages::list_ahead(unsigned threads) const {
  std::call_once(listing_started_, [this, threads] {
    folder_.set_index_threads(std::max(1u, threads));
    listing_ = std::async(std::launch::async, [this] { folder_.list(); });
  });
}

void DiskPages::start_walk(std::launch policy) const {
  std::call_once(walk_started_, [this, policy] { walk_ = std::async(policy, [this] { return walk_site(); }); });
}

const std::vector<SitePage>& DiskPages::site_pages() const {
  // Deferred when no read-ahead started it: the first caller walks, later callers get the same.
  start_walk(std::launch::deferred);
  return walk_.get();
}

std::vector<SitePage> DiskPages::walk_site() const {
  std::vector<SitePage> served;
  for (const std::string& relative : folder_.html_files()) {
    const std::string file = in_folder(root_, relative);
    // The host's answer alone picks the URL (no page is read, nothing is kept for the URLs that
    // are not it): "/a" for a.html is a 404 on a plain server, and "/a.html" is the page.
    for (const std::string& path : url_paths_for(relative)) {
      const std::optional<std::string> decoded = decoded_site_path(origin_ + path);
      if (!decoded) continue;
      const HostAnswer answer = answer_path(setup_, folder_, *decoded);
      if (answer.kind == HostAnswer::Kind::Served && answer.file == relative) {
        served.push_back({file, origin_ + path});
        break;
      }
    }
  }
  return served;
}

std::vector<std::string> DiskPages::listed_files() const {
  std::vector<std::string> files, targets;
  {
    std::lock_guard lock(listed_mutex_);
    for (const PageAnswer* answer : listed_answers_) {
      if (answer->status == PageStatus::Served) files.push_back(answer->file);
      if (answer->status == PageStatus::Redirect) targets.push_back(answer->target);
    }
  }
  for (const std::string& target : targets) {
    const PageRef answer = unlisted_page(target);
    if (answer && answer->status == PageStatus::Served) files.push_back(answer->file);
  }
  return files;
}

PageTally DiskPages::tally() const {
  std::lock_guard lock(listed_mutex_);
  return tally_;
}

PageAnswer DiskPages::work_out(std::string_view url) const {
  PageAnswer facts;
  const std::optional<std::string> path = decoded_site_path(url);
  if (!path) {
    facts.status = PageStatus::Refused;
    facts.reason = "its path names no file (an encoded '/', a NUL or a '..' segment)";
    return facts;
  }
  const HostAnswer answer = answer_path(setup_, folder_, *path);
  // What a link out of the build leads to is not read, and not taken for a missing page either.
  if (answer.kind == HostAnswer::Kind::Missing || answer.kind == HostAnswer::Kind::Fallback) {
    if (const std::optional<std::string> link = folder_.link_leaving(*path)) {
      facts.status = PageStatus::Refused;
      facts.file = in_folder(root_, *link);
      facts.reason = facts.file + " is a symbolic link that leads outside the build folder (--root " +
                     (root_.empty() ? "." : root_) + "), and nothing outside it is read";
      return facts;
    }
  }
  switch (answer.kind) {
    case HostAnswer::Kind::Missing:
      facts.status = PageStatus::Missing;
      facts.code = answer.code;  // a _redirects rule's own error status ("/feed /rss.xml 410"); 0: 404
      if (!answer.file.empty()) facts.file = in_folder(root_, answer.file);
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
  facts.file = in_folder(root_, answer.file);
  facts.reason = answer.reason;
  // The build's not-found page, asked for by its own URL, is served with 200: a soft 404 too.
  if (facts.status == PageStatus::Served && (answer.file == "404.html" || answer.file.ends_with("/404.html"))) {
    facts.status = PageStatus::Fallback;
    facts.reason = "the site's not-found page";
    facts.not_found_page = true;
  }
  // What the headers the host adds say (X-Robots-Tag, Link, Content-Type's charset).
  const std::vector<ConfigHeader> headers = response_headers(setup_, site_.host, *path);
  if (is_html_file(answer.file)) {
    facts.html = true;
    thread_local std::string page_bytes;
    read_prefix(facts.file, kHeadBytes, page_bytes);
    // A charset in the Content-Type the host sends decides before the page's own declaration.
    std::string_view content_type;
    for (const ConfigHeader& header : headers)
      if (ascii_equal_ignoring_case(header.name, "Content-Type")) content_type = header.value;
    facts.head = read_html_head(page_bytes, url, kHeadBytes, content_type);
    // A meta refresh stub (Hugo's aliases, Jekyll's redirect_from) is a redirect to a crawler.
    if (facts.status == PageStatus::Served && facts.head.refresh && !facts.head.refresh->url.empty()) {
      facts.status = PageStatus::Redirect;
      facts.target = facts.head.refresh->url;
      facts.reason = "its page is a <meta http-equiv=\"refresh\"> stub, " + facts.file + ":" +
                     std::to_string(facts.head.refresh->line);
    }
  }
  // X-Robots-Tag and Link count for a page of any type: a PDF's noindex is only ever a header.
  if (facts.status == PageStatus::Served) add_header_facts(headers, url, facts);
  return facts;
}

}  // namespace sitemaplint
