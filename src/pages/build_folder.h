// The files of a build folder, each checked to stay inside the folder once symbolic links are
// followed. The folder is listed once, the first time it is asked about, into an index of its
// files and folders (pages/folder_listing, on the run's threads), and every question after that
// is answered from memory: the hosts' rules ask two to four paths a URL, and asking the disk cost
// a system call each (with realpath, five a path component: 1,200,000 readlinks for a site of
// 50,000 pages). Paths under a symbolic link to a
// folder inside the build, and builds too large to index, are asked of the disk, one lstat a path
// component, each folder's verdict kept.
#pragma once

#include <atomic>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

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
  // The symbolic link of the build that a path ("/a/b/", decoded) would be served through when it
  // leads outside the folder ("a"), or nullopt. Such a link is never followed, so what it leads to
  // is neither read nor a page of the build; this says why. Asked of the disk, one lstat a path
  // component: only for paths the build has no answer for.
  std::optional<std::string> link_leaving(std::string_view path) const;
  // How many threads list the folder when it is first asked about (default one).
  void set_index_threads(unsigned threads) const { index_threads_.store(threads, std::memory_order_relaxed); }
  // Lists the folder now, if it is not listed yet (the first question would otherwise).
  void list() const { index(); }
  // The .html and .htm files of the build outside hidden folders, relative ("a/index.html"), sorted.
  std::vector<std::string> html_files() const;

 private:
  // Asked by string_view, without a copy of the path for a key.
  struct PathHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view path) const { return std::hash<std::string_view>()(path); }
  };
  using PathSet = std::unordered_set<std::string, PathHash, std::equal_to<>>;
  struct Index {
    bool complete = false;  // false: too large, every question goes to the disk
    PathSet files, folders;
    std::vector<std::string> linked_folders;  // symbolic links to folders inside, whose contents are not listed
  };

  const Index& index() const;
  bool has(std::string_view relative, std::filesystem::file_type type) const;
  bool has_on_disk(std::string_view relative, std::filesystem::file_type type) const;
  // Whether the folder `relative` ("a/b", no final '/') exists and stays inside, links followed.
  bool folder_inside(const std::string& relative) const;

  std::string root_, real_root_;
  mutable std::atomic<unsigned> index_threads_ = 1;
  mutable std::once_flag indexed_;
  mutable Index index_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, bool> folders_;  // folder_inside's verdicts
};

}  // namespace sitemaplint
