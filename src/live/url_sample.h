// --sample: one seeded, reproducible sample of the whole run's listed URLs. The run's sitemaps are
// read once before the live audit with a RunUrls as their pages, which answers nothing and keeps
// every listed URL of the site's origins; the sample is then the N of them with the smallest seeded
// hashes, whichever sitemap lists them and in whatever order the sitemaps were read.
#pragma once

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "page.h"

namespace sitemaplint {

// 64-bit FNV-1a, then mixed: a seeded hash that is the same on every machine (std::hash is not).
std::uint64_t seeded_hash(std::uint64_t seed, std::string_view text);

// The rank of `url` in a sample: the seeded hash of its path and query alone, so that the same
// site on a staging host samples the same pages.
std::uint64_t sample_rank(std::uint64_t seed, std::string_view url);

// The listed URLs of a run, gathered as a PageLookup that answers none of them.
class RunUrls final : public PageLookup {
 public:
  explicit RunUrls(std::vector<std::string> origins) : origins_(std::move(origins)) {}
  const PageAnswer* page(std::string_view url) const override;
  const PageAnswer* unlisted_page(std::string_view) const override { return nullptr; }
  std::unique_ptr<Prefetch> prefetch(std::vector<std::string> urls, unsigned threads) const override;
  std::vector<std::string> listed_files() const override { return {}; }
  std::size_t pages_read() const override { return 0; }
  PageTally tally() const override { return {}; }
  bool live() const override { return true; }  // asked ahead of the rules, as the live pages are
  std::string_view host_label() const override { return "the site"; }
  std::string source_label() const override { return "the site's listed URLs"; }

  // The `size` URLs with the smallest sample_rank, in no particular order.
  std::set<std::string> sample(std::size_t size, std::uint64_t seed) const;

 private:
  void keep(std::string_view url) const;
  std::vector<std::string> origins_;
  mutable std::mutex mutex_;
  mutable std::set<std::string, std::less<>> urls_;
};

}  // namespace sitemaplint
