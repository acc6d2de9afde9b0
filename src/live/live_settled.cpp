// The answers a live audit is done with (live_pages.h): a slot whose answer is in and packed, and
// that no job, waiting thread, batch or origin's list points at any more, gives way to a 64-bit
// key and the packed bytes (settled_answers.h); a URL asked about again gets its slot back.
#include "live/answer_bytes.h"
#include "live/live_job.h"
#include "live/live_pages.h"
#include "live/url_sample.h"

namespace sitemaplint {
namespace {

// The seed of the settled URLs' keys (any fixed number: the keys never leave the run).
constexpr std::uint64_t kSettledSeed = 0x5e771ed;

}  // namespace

std::unordered_map<std::string, LivePages::Slot>::iterator LivePages::find_slot_locked(std::string_view url) const {
  auto found = slots_.find(url);
  if (found != slots_.end() || settled_.empty()) return found;
  const std::uint64_t key = seeded_hash(kSettledSeed, url);
  const std::optional<SettledAnswers::Entry> entry = settled_.find(key);
  if (!entry) return found;
  found = slots_.try_emplace(std::string(url)).first;
  Slot& slot = found->second;
  slot.key = &found->first;
  slot.ready = true;
  slot.queued = true;
  slot.listed = entry->listed;
  slot.logged = entry->logged;
  slot.packed = std::string(entry->packed);
  if (slot.listed) count_settled_locked(url, slot.packed, -1);
  settled_.erase(key);
  return found;
}

std::size_t LivePages::settled_answers() const {
  std::lock_guard lock(mutex_);
  return settled_.size();
}

bool LivePages::settleable(const Slot& slot) const {
  return slot.ready && !slot.answer && !slot.packed.empty() && !slot.pending && !slot.following && !slot.claimed &&
         slot.holders == 0 && slot.origin_lists == 0 && !slot.release && !slot.previous && slot.key &&
         (followers_.empty() || followers_.count(&slot) == 0);
}

void LivePages::settle_locked() const {
  for (Slot* slot : settling_) {
    slot->settling = false;
    if (!settleable(*slot)) continue;
    const auto found = slots_.find(*slot->key);
    if (found == slots_.end() || &found->second != slot) continue;
    if (slot->listed) count_settled_locked(found->first, slot->packed, +1);
    settled_.add(seeded_hash(kSettledSeed, found->first), slot->packed, slot->listed, slot->logged);
    slots_.erase(found);
  }
  settling_.clear();
}

void LivePages::count_settled_locked(std::string_view url, std::string_view packed, int sign) const {
  const PageAnswer answer = unpack_answer(packed);
  PageTally one;
  one.add(answer, url);
  if (sign > 0) settled_tally_ += one;
  else settled_tally_ -= one;
  if (answer.status != PageStatus::Redirect || !answer.http) return;
  const std::uint64_t key = seeded_hash(kSettledSeed, url);
  if (sign > 0) settled_chains_[key] = {std::string(url), redirect_chain_text(answer.http->chain)};
  else settled_chains_.erase(key);
}

}  // namespace sitemaplint
