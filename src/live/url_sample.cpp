#include "live/url_sample.h"

#include <algorithm>

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

void RunUrls::keep(std::string_view url) const {
  const std::string origin = origin_of_url(url);
  if (origin.empty() || std::find(origins_.begin(), origins_.end(), origin) == origins_.end()) return;
  std::lock_guard lock(mutex_);
  if (urls_.find(url) == urls_.end()) urls_.emplace(url);
}

const PageAnswer* RunUrls::page(std::string_view url) const {
  keep(url);
  return nullptr;
}

std::unique_ptr<PageLookup::Prefetch> RunUrls::prefetch(std::vector<std::string> urls, unsigned) const {
  for (const std::string& url : urls) keep(url);
  return std::make_unique<NoPrefetch>();
}

std::set<std::string> RunUrls::sample(std::size_t size, std::uint64_t seed) const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::uint64_t, const std::string*>> ranked;
  ranked.reserve(urls_.size());
  for (const std::string& url : urls_) ranked.emplace_back(sample_rank(seed, url), &url);
  const std::size_t taken = std::min(size, ranked.size());
  // Ties (the same path on two origins) broken by the URL, so that the sample never depends on order.
  const auto before = [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : *a.second < *b.second;
  };
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(taken), ranked.end(), before);
  std::set<std::string> chosen;
  for (std::size_t i = 0; i < taken; ++i) chosen.insert(*ranked[i].second);
  return chosen;
}

}  // namespace sitemaplint
