#include "live/url_sample.h"

#include "host_name.h"

#include <algorithm>
#include <iterator>

#include "live/live_pages.h"

namespace sitemaplint {
namespace {

class NoPrefetch final : public PageLookup::Prefetch {};

}  // namespace

std::uint64_t seeded_hash(std::uint64_t seed, std::string_view text) {
  std::uint64_t h = 1469598103934665603ull ^ (seed * 0x9E3779B97F4A7C15ull);
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

std::uint64_t sample_rank(std::uint64_t seed, std::string_view url) {
  const std::size_t scheme = url.find("://");
  const std::size_t rest =
      std::min(url.size(), url.find_first_of("/?#", scheme == std::string_view::npos ? 0 : scheme + 3));
  return seeded_hash(seed, url.substr(rest));
}

void RunUrls::keep(std::string_view listed) const {
  if (size_ == 0) return;
  // Ranked and kept as fetched: spellings of one URL are one URL of the sample.
  std::string scratch;
  const std::string_view url = fetch_form(listed, scratch);
  const std::string origin = normal_origin(url);
  if (origin.empty() || std::find(origins_.begin(), origins_.end(), origin) == origins_.end()) return;
  const std::uint64_t rank = sample_rank(seed_, url);
  std::lock_guard lock(mutex_);
  // Ties (the same path on two origins) broken by the URL, so that the sample never depends on
  // order; a URL listed again has its rank again, and is kept once.
  if (kept_.size() == size_) {
    const auto& [last_rank, last_url] = *kept_.rbegin();
    if (rank > last_rank || (rank == last_rank && url >= std::string_view(last_url))) return;
  }
  if (kept_.emplace(rank, std::string(url)).second && kept_.size() > size_) kept_.erase(std::prev(kept_.end()));
}

PageRef RunUrls::page(std::string_view url) const {
  keep(url);
  return nullptr;
}

std::unique_ptr<PageLookup::Prefetch> RunUrls::prefetch(std::vector<std::string> urls, unsigned) const {
  for (const std::string& url : urls) keep(url);
  return std::make_unique<NoPrefetch>();
}

std::set<std::string> RunUrls::sample() const {
  std::lock_guard lock(mutex_);
  std::set<std::string> chosen;
  for (const auto& [rank, url] : kept_) chosen.insert(url);
  return chosen;
}

}  // namespace sitemaplint
