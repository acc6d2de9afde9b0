#include "pages/build_folder.h"

#include <algorithm>

#include "analysis/ascii.h"
#include "pages/folder_listing.h"

namespace sitemaplint {

namespace fs = std::filesystem;

BuildFolder::BuildFolder(std::string root) : root_(std::move(root)) {
  std::error_code error;
  real_root_ = fs::canonical(root_, error).string();
}

bool BuildFolder::contains_real(const std::string& real) const {
  return !real_root_.empty() && (real == real_root_ || real.starts_with(real_root_ + "/"));
}

bool BuildFolder::folder_inside(const std::string& relative) const {
  if (relative.empty()) return !real_root_.empty();
  {
    std::lock_guard lock(mutex_);
    if (const auto found = folders_.find(relative); found != folders_.end()) return found->second;
  }
  const std::size_t slash = relative.rfind('/');
  bool inside = folder_inside(slash == std::string::npos ? std::string() : relative.substr(0, slash));
  if (inside) {
    std::error_code error;
    const fs::path path = fs::path(root_) / relative;
    const fs::file_status status = fs::symlink_status(path, error);
    if (error) {
      inside = false;
    } else if (status.type() == fs::file_type::symlink) {
      inside = fs::is_directory(path, error) && contains_real(fs::canonical(path, error).string()) && !error;
    } else {
      inside = status.type() == fs::file_type::directory;
    }
  }
  std::lock_guard lock(mutex_);
  folders_.emplace(relative, inside);
  return inside;
}

namespace {

// Entries a build is indexed up to; past it, it is asked of the disk (a folder of millions of
// files is not a site's build, and its index would take more memory than the answers save).
constexpr std::size_t kMaxIndexed = 2'000'000;

}  // namespace

const BuildFolder::Index& BuildFolder::index() const {
  std::call_once(indexed_, [this] {
    if (real_root_.empty()) return;
    FolderListing listing = list_folder_tree(root_, index_threads_.load(std::memory_order_relaxed), kMaxIndexed);
    if (!listing.complete) return;  // every question goes to the disk
    index_.files.reserve(listing.files.size() + listing.links.size());
    for (std::string& file : listing.files) index_.files.insert(std::move(file));
    index_.folders.reserve(listing.folders.size());
    for (std::string& folder : listing.folders) index_.folders.insert(std::move(folder));
    for (std::string& link : listing.links) {
      // Followed only when it stays inside; a linked folder's contents are asked of the disk.
      std::error_code error;
      const fs::path path = fs::path(root_) / link;
      const std::string real = fs::canonical(path, error).string();
      if (error || !contains_real(real)) continue;
      const fs::file_type target = fs::status(path, error).type();
      if (target == fs::file_type::regular) index_.files.insert(std::move(link));
      if (target == fs::file_type::directory) index_.linked_folders.push_back(std::move(link));
    }
    index_.complete = true;
  });
  return index_;
}

std::vector<std::string> BuildFolder::html_files() const {
  std::vector<std::string> html;
  for (const std::string& file : index().files) {
    const std::string lower = ascii_lowered(file);
    if (!lower.ends_with(".html") && !lower.ends_with(".htm")) continue;
    // Hidden files and folders (.well-known, .git) hold no pages of the site.
    if (file.starts_with('.') || file.find("/.") != std::string::npos) continue;
    html.push_back(file);
  }
  std::sort(html.begin(), html.end());
  return html;
}

bool BuildFolder::has(std::string_view relative, fs::file_type type) const {
  while (relative.ends_with('/')) relative.remove_suffix(1);
  const Index& known = index();
  if (!known.complete) return has_on_disk(relative, type);
  for (const std::string& linked : known.linked_folders) {
    if (relative == linked || (relative.starts_with(linked) && relative[linked.size()] == '/'))
      return has_on_disk(relative, type);
  }
  if (relative.empty()) return type == fs::file_type::directory;
  return type == fs::file_type::directory ? known.folders.contains(relative) : known.files.contains(relative);
}

std::optional<std::string> BuildFolder::link_leaving(std::string_view path) const {
  while (path.starts_with('/')) path.remove_prefix(1);
  while (path.ends_with('/')) path.remove_suffix(1);
  const std::string relative(path);
  // The files a host may serve the path from: a folder's index page, or a pretty URL's page.
  std::vector<std::string> candidates = {relative.empty() ? "index.html" : relative + "/index.html"};
  if (!relative.empty()) candidates.push_back(relative + ".html");
  for (const std::string& candidate : candidates) {
    for (std::size_t end = candidate.find('/');; end = candidate.find('/', end + 1)) {
      const std::string prefix = candidate.substr(0, end);
      std::error_code error;
      const fs::path at = fs::path(root_) / prefix;
      const fs::file_status status = fs::symlink_status(at, error);
      if (error || !fs::exists(status)) break;
      if (fs::is_symlink(status)) {
        const std::string real = fs::canonical(at, error).string();
        if (!error && !contains_real(real)) return prefix;
      }
      if (end == std::string::npos) break;
    }
  }
  return std::nullopt;
}

bool BuildFolder::has_on_disk(std::string_view relative, fs::file_type type) const {
  if (relative.empty()) return type == fs::file_type::directory && folder_inside({});
  const std::size_t slash = relative.rfind('/');
  if (!folder_inside(slash == std::string_view::npos ? std::string() : std::string(relative.substr(0, slash))))
    return false;
  std::error_code error;
  const fs::path path = fs::path(root_) / relative;
  const fs::file_status status = fs::symlink_status(path, error);
  if (error) return false;
  if (status.type() != fs::file_type::symlink) return status.type() == type;
  if (fs::status(path, error).type() != type || error) return false;
  const std::string real = fs::canonical(path, error).string();
  return !error && contains_real(real);
}

}  // namespace sitemaplint
