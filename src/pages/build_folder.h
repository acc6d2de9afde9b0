// The files of a build folder, each checked to stay inside the folder once symbolic links are
// followed. The check costs one lstat a path component, each folder's verdict kept: resolving
// every path to its real one (realpath) cost five system calls a component, 1,200,000 readlinks
// for a site of 50,000 pages.
#pragma once

#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pages/host_rules.h"

namespace sitemaplint {

class BuildFolder final : public SiteFiles {
 public:
  explicit BuildFolder(std::string root);
  bool is_file(std::string_view relative) const override { return has(relative, std::filesystem::file_type::regular); }
  bool is_folder(std::string_view relative) const override {
    return has(relative, std::filesystem::file_type::directory);
  }
  // Whether `real`, a resolved path, is the folder or inside it.
  bool contains_real(const std::string& real) const;
  const std::string& real_root() const { return real_root_; }

 private:
  bool has(std::string_view relative, std::filesystem::file_type type) const;
  // Whether the folder `relative` ("a/b", no final '/') exists and stays inside, links followed.
  bool folder_inside(const std::string& relative) const;

  std::string root_, real_root_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, bool> folders_;  // folder_inside's verdicts
};

}  // namespace sitemaplint
