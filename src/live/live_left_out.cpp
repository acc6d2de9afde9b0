// The listed URLs a live audit leaves out (live_pages.h): past --max-urls, outside --sample, or
// on another origin. Each is a 64-bit key, counted once, and answered alike wherever it is listed.
#include "live/live_pages.h"
#include "live/url_sample.h"

namespace sitemaplint {
namespace {

// The seed of the keys of URLs left out (any fixed number: the keys never leave the run).
constexpr std::uint64_t kLeftOutSeed = 0x5e1ec7ed;

}  // namespace

std::optional<LivePages::LeftOut> LivePages::left_out_locked(std::string_view url) const {
  if (left_out_.empty()) return std::nullopt;
  const auto found = left_out_.find(seeded_hash(kLeftOutSeed, url));
  return found == left_out_.end() ? std::nullopt : std::optional(found->second);
}

std::optional<LivePages::LeftOut> LivePages::leave_out_locked(std::string_view url) const {
  LeftOut why;
  if (!on_site(url)) {
    why = LeftOut::OtherOrigin;
  } else if (!in_sample(url)) {
    why = LeftOut::Unsampled;
  } else if (queued_listed_ >= options_.max_urls) {
    why = LeftOut::Cut;
  } else {
    return std::nullopt;
  }
  if (left_out_.try_emplace(seeded_hash(kLeftOutSeed, url), why).second)
    ++(why == LeftOut::OtherOrigin ? other_origin_ : why == LeftOut::Unsampled ? unsampled_ : cut_);
  return why;
}

PageRef LivePages::left_out_answer_locked(LeftOut why) const {
  if (why == LeftOut::OtherOrigin) return nullptr;
  const bool unsampled = why == LeftOut::Unsampled;
  PageRef& shared = unsampled ? unsampled_answer_ : cut_answer_;
  if (!shared) {
    PageAnswer answer;
    answer.status = PageStatus::Skipped;
    answer.reason = unsampled ? "not in the --sample of " + std::to_string(*options_.sample) + " URLs"
                              : "past --max-urls " + std::to_string(options_.max_urls);
    shared = std::make_shared<const PageAnswer>(std::move(answer));
  }
  return shared;
}

}  // namespace sitemaplint
