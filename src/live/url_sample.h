// --sample: one seeded, reproducible sample of the whole run's listed URLs. The run's sitemaps are
// read once before the live audit with a RunUrls as their pages, which answers nothing and keeps
// the listed URLs of the site's origins with the smallest seeded hashes so far; the sample is the
// N it keeps at the end, whichever sitemap lists each and in whatever order the sitemaps were read.
#pragma once

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "page.h"

namespace sitemaplint {

// 64-bit FNV-1a, then mixed: a seeded hash that is the same on every machine (std::hash is not).
std::uint64_t seeded_hash(std::uint64_t seed, std::string_view text);

// The rank of `url` in a sample: the seeded hash of its path and query alone, so that the same
// site on a staging host samples the same pages.
std::uint64_t sample_rank(std::uint64_t seed, std::string_view url);

// The sample of a run's listed URLs, gathered as a PageLookup that answers none of them: the
// `size` URLs of the site's origins with the smallest sample_rank so far, and no other, so that
// what it holds does not grow with the URLs a run lists.
class RunUrls final : public PageLookup {
 public:
  RunUrls(std::vector<std::string> origins, std::size_t size, std::uint64_t seed)
      : origins_(std::move(origins)), size_(size), seed_(seed) {}
  PageRef page(std::string_view url) const override;
  PageRef unlisted_page(std::string_view) const override { return nullptr; }
  std::unique_ptr<Prefetch> prefetch(std::vector<std::string> urls, unsigned threads) const override;
  std::vector<std::string> listed_files() const override { return {}; }
  std::size_t pages_read() const override { return 0; }
  PageTally tally() const override { return {}; }
  bool live() const override { return true; }  // asked ahead of the rules, as the live pages are
  std::string_view host_label() const override { return "the site"; }
  std::string source_label() const override { return "the site's listed URLs"; }

  // The sample: the `size` URLs with the smallest sample_rank (ties broken by the URL).
  std::set<std::string> sample() const;

 private:
  void keep(std::string_view url) const;
  std::vector<std::string> origins_;
  std::size_t size_;
  std::uint64_t seed_;
  mutable std::mutex mutex_;
  mutable std::set<std::pair<std::uint64_t, std::string>, std::less<>> kept_;  // by rank, then URL
};

}  // namespace sitemaplint
