#include "pages/build_folder.h"

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

bool BuildFolder::has(std::string_view relative, fs::file_type type) const {
  while (relative.ends_with('/')) relative.remove_suffix(1);
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
