// The pages of a build output on disk (--pages with --root): what a static host would answer for
// each URL of the --base-url's origin, read from the folder as that host serves it
// (host_rules.h), and what each served HTML page's head says (html_head.h). Nothing outside the
// folder is ever read: a path that leaves it, by "..", a symbolic link or a decoded separator,
// is refused.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analysis/sitemap_location.h"
#include "page.h"
#include "pages/build_folder.h"
#include "pages/host_rules.h"

namespace sitemaplint {

class DiskPages final : public PageLookup {
 public:
  // `root`: the build folder, served at `site`'s origin "/". Reads the host's configuration files
  // at the top of the folder (_redirects, _headers, vercel.json); what cannot be read of them is
  // in config_warnings().
  DiskPages(std::string root, SitemapLocation site, HostKind host);
  PageRef page(std::string_view url) const override;
  PageRef unlisted_page(std::string_view url) const override;
  std::unique_ptr<Prefetch> prefetch(std::vector<std::string> urls, unsigned threads) const override;
  // Lists the build on `threads` threads from now, on a thread of its own: called before the
  // sitemap is read, so that its parse and the listing overlap (the first question about a page
  // waits for the listing). Once only; joined when the lookup is destroyed.
  void list_ahead(unsigned threads) const;
  const std::vector<SitePage>& site_pages() const override;
  std::vector<std::string> listed_files() const override;
  PageTally tally() const override;
  std::size_t pages_read() const override { return read_.load(std::memory_order_relaxed); }
  std::string_view host_label() const override;
  std::string source_label() const override;

  // Where the pages are, as messages name them: "public" for "./public/", "" for ".".
  const std::string& root() const { return root_; }
  // What the run should tell the user about the host's configuration files: one that cannot be
  // read, a line or a rule that is left out ("public/_headers line 7: ..."). The pages are worked
  // out without what these name.
  const std::vector<std::string>& config_warnings() const { return warnings_; }

 private:
  // One URL's answer, worked out once by whichever thread asks first (a prefetch or a rule).
  struct Slot {
    enum State : std::uint8_t { kEmpty, kWorking, kDone };
    std::atomic<State> state = kEmpty;
    std::optional<PageAnswer> answer;  // nullopt: not on the site
    std::atomic<bool> listed = false;  // asked through page(): counted in tally()
  };
  // Lookups by string_view, without copying the URL into a key.
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
  };

  // The answers, in shards each behind its own lock: the rule thread and the read-ahead ask at
  // once, each URL once, and one lock over the whole map made them wait on each other.
  struct Shard {
    std::mutex mutex;
    std::unordered_map<std::string, std::unique_ptr<Slot>, Hash, std::equal_to<>> pages;
  };
  static constexpr std::size_t kShards = 16;

  Slot& slot_for(std::string_view url) const;
  void count_listed(const Slot& slot, std::string_view url) const;
  static PageRef reference(const Slot& slot);
  Slot& slot_in_map(std::string_view url) const;
  void fill(Slot& slot, std::string_view url) const;
  void start_walk(std::launch policy) const;
  std::vector<SitePage> walk_site() const;
  bool on_site(std::string_view url) const;
  PageAnswer work_out(std::string_view url) const;

  std::string root_;
  BuildFolder folder_;  // the files, none outside
  SitemapLocation site_;
  std::string origin_;  // "https://example.com", lower case, without a default port
  HostSetup setup_;
  mutable std::atomic<std::size_t> read_ = 0;
  // The walk of the build for coverage, started beside the first read-ahead: it only lists
  // folders and asks the host's rules, so it overlaps the reading of pages.
  mutable std::once_flag walk_started_;
  mutable std::shared_future<std::vector<SitePage>> walk_;
  mutable std::once_flag listing_started_;
  mutable std::future<void> listing_;  // list_ahead's
  std::vector<std::string> warnings_;
  const std::uint64_t id_;  // this lookup's number in the process, for slot_for's per-thread memo
  mutable std::array<Shard, kShards> shards_;
  // What the listed URLs lead to, counted as each is first asked through page(), beside the
  // read-ahead: counted over every answer after the rules, it was the run's last work, on one
  // thread. The answers stay where their slots keep them.
  mutable std::mutex listed_mutex_;
  mutable PageTally tally_;
  mutable std::vector<const PageAnswer*> listed_answers_;
};

// The path of an absolute http(s) URL, percent-decoded, without its query and fragment; nullopt
// when it cannot name a file of the build (a decoded NUL, '/' or '\', or a ".." segment).
std::optional<std::string> decoded_site_path(std::string_view url);

}  // namespace sitemaplint
