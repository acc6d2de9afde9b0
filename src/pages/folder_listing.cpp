#include "pages/folder_listing.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace sitemaplint {
namespace {

// Folders waiting to be listed, shared by the threads; a thread waits while others may still add.
class FolderQueue {
 public:
  void push(std::vector<std::string>& folders) {
    if (folders.empty()) return;
    {
      std::lock_guard lock(mutex_);
      for (std::string& folder : folders) waiting_.push_back(std::move(folder));
    }
    folders.clear();
    ready_.notify_all();
  }
  // The next folder to list; false when none is left and no thread is listing one.
  bool pop(std::string& folder) {
    std::unique_lock lock(mutex_);
    --busy_;
    ready_.wait(lock, [&] { return !waiting_.empty() || busy_ == 0 || stopped_; });
    if (waiting_.empty() || stopped_) {
      ready_.notify_all();
      return false;
    }
    folder = std::move(waiting_.back());
    waiting_.pop_back();
    ++busy_;
    return true;
  }
  void stop() {
    {
      std::lock_guard lock(mutex_);
      stopped_ = true;
    }
    ready_.notify_all();
  }
  void add_worker() {
    std::lock_guard lock(mutex_);
    ++busy_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<std::string> waiting_;
  int busy_ = 0;
  bool stopped_ = false;
};

struct Walk {
  int root_fd = -1;
  std::size_t max_entries = 0;
  std::atomic<std::size_t> entries = 0;
  std::atomic<bool> failed = false;
  FolderQueue queue;
};

// The type of `name` in the open folder `fd` when the listing did not say (some file systems do not).
unsigned char type_of(int fd, const char* name) {
  struct stat status {};
  if (fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) != 0) return DT_UNKNOWN;
  if (S_ISREG(status.st_mode)) return DT_REG;
  if (S_ISDIR(status.st_mode)) return DT_DIR;
  if (S_ISLNK(status.st_mode)) return DT_LNK;
  return DT_UNKNOWN;
}

// Lists one folder ("" is the root) into `out`, and its subfolders into `found`. getdents64 on the
// descriptor, not fdopendir and readdir, which add an fstat and an fcntl to every folder: two of
// six system calls a folder, and a build of 50,000 pages has 50,000 folders.
void list_one(Walk& walk, const std::string& folder, FolderListing& out, std::vector<std::string>& found) {
  const int fd = folder.empty() ? dup(walk.root_fd)
                                : openat(walk.root_fd, folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno != EACCES) walk.failed = true;
    return;
  }
  alignas(dirent64) thread_local char entries[32 * 1024];
  const std::string prefix = folder.empty() ? std::string() : folder + "/";
  for (bool more = true; more;) {
    const ssize_t got = getdents64(fd, entries, sizeof entries);
    if (got <= 0) {
      if (got < 0) walk.failed = true;  // a folder half listed would make its files missing
      break;
    }
    for (ssize_t at = 0; at < got && more;) {
      const auto* entry = reinterpret_cast<const dirent64*>(entries + at);
      at += entry->d_reclen;
      const char* name = entry->d_name;
      if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'))) continue;
      if (walk.entries.fetch_add(1, std::memory_order_relaxed) >= walk.max_entries) {
        walk.failed = true;
        more = false;
        break;
      }
      const unsigned char type = entry->d_type == DT_UNKNOWN ? type_of(fd, name) : entry->d_type;
      std::string path = prefix + name;
      if (type == DT_DIR) {
        out.folders.push_back(path);
        found.push_back(std::move(path));
      } else if (type == DT_REG) {
        out.files.push_back(std::move(path));
      } else if (type == DT_LNK) {
        out.links.push_back(std::move(path));
      }
    }
  }
  close(fd);
}

void work(Walk& walk, FolderListing& out) {
  std::vector<std::string> found;
  std::string folder;
  while (walk.queue.pop(folder)) {
    list_one(walk, folder, out, found);
    if (walk.failed) walk.queue.stop();
    walk.queue.push(found);
  }
}

void append(std::vector<std::string>& to, std::vector<std::string>& from) {
  if (to.empty()) {
    to = std::move(from);
    return;
  }
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

}  // namespace

FolderListing list_folder_tree(const std::string& root, unsigned threads, std::size_t max_entries) {
  Walk walk;
  walk.max_entries = max_entries;
  walk.root_fd = open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  FolderListing listing;
  if (walk.root_fd < 0) return listing;
  threads = std::max(1u, threads);
  std::vector<FolderListing> parts(threads);
  std::vector<std::string> first = {std::string()};
  for (unsigned i = 0; i < threads; ++i) walk.queue.add_worker();
  walk.queue.push(first);
  std::vector<std::thread> helpers;
  for (unsigned i = 1; i < threads; ++i) helpers.emplace_back([&walk, &parts, i] { work(walk, parts[i]); });
  work(walk, parts[0]);
  for (std::thread& helper : helpers) helper.join();
  close(walk.root_fd);
  for (FolderListing& part : parts) {
    append(listing.files, part.files);
    append(listing.folders, part.folders);
    append(listing.links, part.links);
  }
  listing.complete = !walk.failed;
  return listing;
}

}  // namespace sitemaplint
