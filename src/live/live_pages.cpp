#include "live/live_pages.h"

#include <algorithm>
#include <ctime>
#include <nlohmann/json.hpp>
#include <set>

#include "analysis/ascii.h"
#include "analysis/same_url.h"
#include "live/http_date.h"
#include "pages/header_facts.h"
#include "pages/html_head.h"

namespace sitemaplint {
namespace {

// 64-bit FNV-1a, then mixed: a seeded hash that is the same on every machine (std::hash is not).
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

std::string hex(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = kDigits[value & 15];
  return out;
}

// The file name extensions of images and videos, which are asked for with HEAD: their bodies are
// never read.
bool media_extension(std::string_view path) {
  static const std::set<std::string, std::less<>> kMedia = {
      "jpg", "jpeg", "png",  "gif", "webp", "avif", "svg", "bmp", "ico", "tif", "tiff", "heic", "jxl",
      "mp4", "m4v",  "webm", "mov", "ogv",  "mkv",  "avi", "wmv", "flv", "mpg", "mpeg", "3gp",  "ts"};
  const std::size_t slash = path.rfind('/');
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return false;
  return kMedia.count(ascii_lowered(path.substr(dot + 1))) > 0;
}

std::string chain_text(const std::vector<RedirectHop>& chain) {
  std::string text;
  for (const RedirectHop& hop : chain) {
    if (!text.empty()) text += " -> ";
    text += hop.url + " (" + (hop.status ? std::to_string(hop.status) : std::string("no answer")) + ")";
  }
  return text;
}

class NoPrefetch final : public PageLookup::Prefetch {};

// `answer`'s HTTP details, made (or copied, when shared) so that they can be changed.
HttpDetails& details(PageAnswer& answer) {
  auto own = std::make_shared<HttpDetails>(answer.http ? *answer.http : HttpDetails{});
  HttpDetails& mine = *own;
  answer.http = std::move(own);
  return mine;
}

}  // namespace

std::string origin_of_url(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return "";
  const std::string scheme = ascii_lowered(url.substr(0, scheme_end));
  if (scheme != "http" && scheme != "https") return "";
  std::string_view authority = url.substr(scheme_end + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) authority = authority.substr(at + 1);
  std::string lower = ascii_lowered(authority);
  if (lower.empty()) return "";
  const std::string default_port = scheme == "https" ? ":443" : ":80";
  if (lower.ends_with(default_port)) lower.resize(lower.size() - default_port.size());
  if (lower.ends_with(":")) lower.pop_back();
  return scheme + "://" + lower;
}

// One listed URL being fetched: its hops so far.
struct LivePages::Job {
  std::string listed;  // the URL the run lists (the slot's key)
  std::string current;  // the URL asked for next
  bool head = false;
  std::vector<RedirectHop> chain;
  std::set<std::string> visited;
  bool probe = false;  // the soft-404 probe of an origin, not a listed URL
};

struct LivePages::Origin {
  enum class State { Unknown, Fetching, Ready } state = State::Unknown;
  std::unique_ptr<RobotsGate> robots;
  std::vector<std::shared_ptr<Job>> parked;  // waiting for robots.txt and the probe
  // The probe's answer: a host that answers 200 with an HTML page to a path that cannot exist.
  bool answers_anything = false;
  std::string probe_url, probe_title, probe_body;
};

LivePages::LivePages(LiveOptions options) : options_(std::move(options)), cache_(options_.cache_dir) {
  scheduler_ = std::make_unique<LiveScheduler>(options_.scheduler);
  if (!options_.log_path.empty()) log_.open(options_.log_path, std::ios::binary | std::ios::trunc);
}

// The scheduler goes first: its thread calls back into this object until it is joined.
LivePages::~LivePages() { scheduler_->stop(); }

bool LivePages::on_site(std::string_view url) const {
  const std::string origin = origin_of_url(url);
  return !origin.empty() &&
         std::find(options_.origins.begin(), options_.origins.end(), origin) != options_.origins.end();
}

bool LivePages::is_media(std::string_view url) const {
  std::string_view rest = url.substr(std::min(url.size(), url.find("://") + 3));
  const std::size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return false;
  rest = rest.substr(slash);
  return media_extension(rest.substr(0, rest.find_first_of("?#")));
}

LivePages::Slot& LivePages::slot_locked(std::string_view url) const {
  auto found = slots_.find(std::string(url));
  if (found == slots_.end()) {
    found = slots_.emplace(std::string(url), std::make_unique<Slot>()).first;
    if (!on_site(url)) found->second->ready = true;  // answer stays nullopt
  }
  return *found->second;
}

std::unique_ptr<PageLookup::Prefetch> LivePages::prefetch(std::vector<std::string> urls, unsigned) const {
  std::vector<std::shared_ptr<Job>> jobs;
  {
    std::lock_guard lock(mutex_);
    std::vector<std::string> fresh;
    std::set<std::string_view> seen;
    for (const std::string& url : urls) {
      Slot& slot = slot_locked(url);
      if (slot.ready || slot.queued || !seen.insert(url).second) continue;
      fresh.push_back(url);
    }
    // --sample: the URLs of this sitemap with the smallest seeded hashes, as many as the sample
    // has left; the same sitemaps and seed give the same sample. The hash is of the path and
    // query alone, so that the same site on a staging host samples the same pages.
    if (options_.sample) {
      std::vector<std::pair<std::uint64_t, std::string>> ranked;
      for (std::string& url : fresh) {
        const std::size_t rest = std::min(url.size(), url.find_first_of("/?#", url.find("://") + 3));
        ranked.emplace_back(seeded_hash(options_.seed, std::string_view(url).substr(rest)), std::move(url));
      }
      std::sort(ranked.begin(), ranked.end());
      fresh.clear();
      for (auto& [rank, url] : ranked) {
        if (sampled_ < *options_.sample) {
          ++sampled_;
          fresh.push_back(std::move(url));
        } else {
          Slot& slot = slot_locked(url);
          PageAnswer answer;
          answer.status = PageStatus::Skipped;
          answer.reason = "not in the --sample of " + std::to_string(*options_.sample) + " URLs";
          slot.answer = std::move(answer);
          slot.ready = true;
          ++unsampled_;
        }
      }
    }
    for (const std::string& url : fresh) {
      Slot& slot = slot_locked(url);
      if (queued_listed_ >= options_.max_urls) {
        PageAnswer answer;
        answer.status = PageStatus::Skipped;
        answer.reason = "past --max-urls " + std::to_string(options_.max_urls);
        slot.answer = std::move(answer);
        slot.ready = true;
        ++cut_;
        continue;
      }
      ++queued_listed_;
      slot.queued = true;
      auto job = std::make_shared<Job>();
      job->listed = url;
      job->current = url;
      job->head = is_media(url);
      jobs.push_back(std::move(job));
    }
  }
  for (std::shared_ptr<Job>& job : jobs) step(std::move(job));
  return std::make_unique<NoPrefetch>();
}

const PageAnswer* LivePages::page(std::string_view url) const {
  std::shared_ptr<Job> job;
  std::unique_lock lock(mutex_);
  Slot* slot = &slot_locked(url);
  slot->listed = true;
  if (!slot->ready && !slot->queued) {
    // Asked without a prefetch (a URL in another spelling): fetched now, within the same limits.
    if (options_.sample || queued_listed_ >= options_.max_urls) {
      PageAnswer answer;
      answer.status = PageStatus::Skipped;
      answer.reason = options_.sample ? "not in the --sample" : "past --max-urls " + std::to_string(options_.max_urls);
      (options_.sample ? unsampled_ : cut_) += 1;
      slot->answer = std::move(answer);
      slot->ready = true;
    } else {
      ++queued_listed_;
      slot->queued = true;
      job = std::make_shared<Job>();
      job->listed = std::string(url);
      job->current = job->listed;
      job->head = is_media(url);
    }
  }
  if (job) {
    lock.unlock();
    step(std::move(job));
    lock.lock();
  }
  answered_.wait(lock, [&] { return slot->ready; });
  return slot->answer ? &*slot->answer : nullptr;
}

const PageAnswer* LivePages::unlisted_page(std::string_view url) const {
  std::shared_ptr<Job> job;
  std::unique_lock lock(mutex_);
  Slot* slot = &slot_locked(url);
  if (!slot->ready && !slot->queued) {
    slot->queued = true;
    job = std::make_shared<Job>();
    job->listed = std::string(url);
    job->current = job->listed;
    job->head = is_media(url);
  }
  if (job) {
    lock.unlock();
    step(std::move(job));
    lock.lock();
  }
  answered_.wait(lock, [&] { return slot->ready; });
  return slot->answer ? &*slot->answer : nullptr;
}

// Asks for job->current once its origin's robots.txt is known (and the origin's probe answered).
void LivePages::step(std::shared_ptr<Job> job) const {
  const std::string origin = origin_of_url(job->current);
  bool fetch_robots = false;
  {
    std::lock_guard lock(mutex_);
    std::unique_ptr<Origin>& o = origins_[origin];
    if (!o) o = std::make_unique<Origin>();
    if (o->state != Origin::State::Ready) {
      o->parked.push_back(std::move(job));
      if (o->state == Origin::State::Unknown) {
        o->state = Origin::State::Fetching;
        fetch_robots = true;
      }
    }
  }
  if (fetch_robots) {
    // robots.txt, then the probe; only then the parked URLs (origin_ready).
    const bool trusted = on_site(origin + "/");
    scheduler_->submit(
        LiveRequest{origin + "/robots.txt", false, trusted, true, {}}, [this, origin, trusted](LiveResponse robots) {
          auto gate = std::make_unique<RobotsGate>(robots.status, robots.body, robots.error);
          std::string probe;
          {
            std::lock_guard lock(mutex_);
            Origin& o = *origins_[origin];
            probe = origin + "/sitemaplint-soft-404-probe-" + hex(seeded_hash(options_.seed, origin));
            o.probe_url = probe;
            if (!gate->decide(probe).allowed) probe.clear();
            o.robots = std::move(gate);
          }
          if (probe.empty()) {
            origin_ready(origin);
            return;
          }
          scheduler_->submit(LiveRequest{probe, false, trusted, false, {}}, [this, origin](LiveResponse answer) {
            {
              std::lock_guard lock(mutex_);
              Origin& o = *origins_[origin];
              if (answer.status >= 200 && answer.status < 300 && !answer.body.empty()) {
                o.answers_anything = true;
                o.probe_body = std::move(answer.body);
                o.probe_title = read_html_head(o.probe_body, o.probe_url).title;
              }
            }
            origin_ready(origin);
          });
        });
    return;
  }
  if (!job) return;  // parked
  RobotsDecision decision;
  {
    std::lock_guard lock(mutex_);
    decision = origins_[origin]->robots->decide(job->current);
  }
  if (!decision.allowed) {
    PageAnswer answer;
    if (job->chain.empty()) {
      answer.status = PageStatus::Blocked;
      answer.reason = decision.why;
    } else {
      job->chain.push_back({job->current, 0});
      answer.status = PageStatus::Redirect;
      answer.target = job->chain[1].url;
      answer.code = job->chain[0].status;
      details(answer).chain = job->chain;
      answer.reason = decision.why.starts_with("refused") ? decision.why : "not fetched: its " + decision.why;
    }
    publish(*job, std::move(answer), nullptr);
    return;
  }
  const bool trusted = on_site(job->current);
  // --cache: asked only if changed; a 304 is answered with what was kept.
  std::optional<LiveResponse> cached = job->head ? std::nullopt : cache_.find(job->current);
  std::vector<std::string> conditions = cached ? ResponseCache::conditions(*cached) : std::vector<std::string>{};
  scheduler_->submit(LiveRequest{job->current, job->head, trusted, false, std::move(conditions)},
                     [this, job, cached = std::move(cached)](LiveResponse response) mutable {
                       if (response.status == 304 && cached) {
                         cached->milliseconds = response.milliseconds;
                         response = std::move(*cached);
                       } else if (!job->head) {
                         cache_.keep(job->current, response);
                       }
                       on_answer(job, std::move(response));
                     });
}

void LivePages::origin_ready(const std::string& origin) const {
  std::vector<std::shared_ptr<Job>> parked;
  {
    std::lock_guard lock(mutex_);
    Origin& o = *origins_[origin];
    o.state = Origin::State::Ready;
    parked.swap(o.parked);
  }
  for (std::shared_ptr<Job>& job : parked) step(std::move(job));
}

void LivePages::on_answer(std::shared_ptr<Job> job, LiveResponse response) const {
  job->chain.push_back({job->current, response.status});
  job->visited.insert(job->current);
  const bool redirect = response.status >= 300 && response.status < 400 && !response.location.empty();
  if (redirect) {
    const bool loop = job->visited.count(response.location) > 0;
    const bool too_many = static_cast<int>(job->chain.size()) > options_.max_redirects;
    if (!loop && !too_many) {
      job->current = response.location;
      step(std::move(job));
      return;
    }
    PageAnswer answer;
    answer.status = PageStatus::Redirect;
    answer.http_status = response.status;
    details(answer).chain = job->chain;
    answer.target = job->chain.size() > 1 ? job->chain[1].url : response.location;
    answer.code = job->chain[0].status;
    answer.reason = loop ? "it loops back to '" + response.location + "'"
                         : "it has more than " + std::to_string(options_.max_redirects) + " hops";
    publish(*job, std::move(answer), &response);
    return;
  }
  PageAnswer answer;
  if (response.status == 0) {
    answer.status = response.host_given_up ? PageStatus::Skipped : PageStatus::Failed;
    answer.reason = response.error;
    if (response.host_given_up) {
      std::lock_guard lock(mutex_);
      bool& reported = given_up_reported_[live_host_of(job->current)];
      answer.first_of_host_given_up = !reported;
      reported = true;
    }
  } else if (response.status >= 200 && response.status < 300) {
    answer = served_answer(*job, response);
  } else if (response.status == 404 || response.status == 410) {
    answer.status = PageStatus::Missing;
    answer.reason = response.status == 404 ? "404 Not Found" : "410 Gone";
  } else {
    answer.status = PageStatus::Failed;
    answer.reason = "status " + std::to_string(response.status);
    if (response.status == 429 || response.status == 503) {
      answer.reason += response.retries ? ", asked again after the wait it asked for, with the same answer"
                                        : ", and the host was given no second chance";
    }
  }
  answer.http_status = response.status;
  details(answer).content_type = response.content_type;
  answer.media_request = job->head;
  if (job->chain.size() > 1) {
    // The final answer is what the URL it ends at answers, and the listed URL is a redirect.
    PageAnswer final = answer;
    answer = PageAnswer{};
    answer.status = PageStatus::Redirect;
    answer.http_status = final.http_status;
    details(answer).content_type = final.http->content_type;
    answer.media_request = job->head;
    details(answer).chain = job->chain;
    answer.target = job->chain[1].url;
    answer.code = job->chain[0].status;
    answer.reason = final.http_status == 0 ? final.reason : "chain: " + chain_text(job->chain);
    // The page at the end, as the target's own answer, so that a rule asking about it (the fix
    // of a redirect) finds it without a second fetch.
    std::lock_guard lock(mutex_);
    Slot& end = slot_locked(job->current);
    if (!end.ready && !end.queued && end.answer == std::nullopt && on_site(job->current)) {
      end.answer = std::move(final);
      end.ready = true;
    }
  }
  publish(*job, std::move(answer), &response);
}

PageAnswer LivePages::served_answer(const Job& job, const LiveResponse& response) const {
  PageAnswer answer;
  answer.status = PageStatus::Served;
  answer.file = job.current;
  if (!response.body.empty()) {
    answer.html = true;
    answer.head = read_html_head(response.body, job.current, kLiveBodyBytes);
    if (response.truncated) answer.head.truncated = true;
    if (answer.head.refresh && !answer.head.refresh->url.empty()) {
      answer.status = PageStatus::Redirect;
      answer.target = answer.head.refresh->url;
      answer.reason = "its page is a <meta http-equiv=\"refresh\"> stub";
    }
  }
  std::vector<ConfigHeader> headers;
  for (const auto& [name, value] : response.headers) {
    if (ascii_equal_ignoring_case(name, "X-Robots-Tag") || ascii_equal_ignoring_case(name, "Link"))
      headers.push_back({name, value, "as served"});
  }
  if (answer.status == PageStatus::Served) {
    add_header_facts(headers, job.current, answer);
    // unavailable_after: a date already passed at the time of the answer is a noindex.
    for (const ConfigHeader& header : headers) {
      if (!ascii_equal_ignoring_case(header.name, "X-Robots-Tag")) continue;
      const std::optional<std::string> date = x_robots_tag_unavailable_after(header.value);
      const std::optional<std::int64_t> at = date ? parse_unavailable_after(*date) : std::nullopt;
      if (at && *at <= static_cast<std::int64_t>(std::time(nullptr)))
        answer.header_noindex.push_back(
            {"X-Robots-Tag header (as served; its unavailable_after date has passed)", header.value, 0, 0});
    }
  }
  // Last-Modified that is just the time of the answer (a page made for each request) says nothing.
  const std::optional<std::int64_t> modified = parse_http_date(response.header("Last-Modified"));
  const std::optional<std::int64_t> date = parse_http_date(response.header("Date"));
  if (modified && !(date && *date == *modified)) details(answer).last_modified = modified;
  // A soft 404: the host answers 200 to a path that cannot exist, and this page is that answer.
  if (answer.status == PageStatus::Served && answer.html) {
    std::lock_guard lock(mutex_);
    const auto found = origins_.find(origin_of_url(job.current));
    if (found != origins_.end() && found->second->answers_anything) {
      const Origin& o = *found->second;
      const bool same_title = !o.probe_title.empty() && o.probe_title == answer.head.title;
      if (same_title || o.probe_body == response.body) {
        answer.status = PageStatus::Fallback;
        answer.reason = "the same page " + o.probe_url + " gets, a path that cannot exist";
      }
    }
  }
  return answer;
}

void LivePages::publish(const Job& job, PageAnswer answer, const LiveResponse* last) const {
  std::lock_guard lock(mutex_);
  if (log_.is_open()) {
    nlohmann::json line = {{"url", job.listed},
                           {"status", last ? last->status : 0},
                           {"final_url", job.chain.empty() ? job.listed : job.chain.back().url},
                           {"ms", last ? last->milliseconds : 0}};
    if (job.chain.size() > 1) {
      nlohmann::json chain = nlohmann::json::array();
      for (const RedirectHop& hop : job.chain) chain.push_back({{"url", hop.url}, {"status", hop.status}});
      line["chain"] = std::move(chain);
    }
    if (last && !last->error.empty()) line["error"] = last->error;
    if (answer.status == PageStatus::Blocked) line["robots"] = answer.reason;
    log_ << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    log_.flush();
  }
  Slot& slot = slot_locked(job.listed);
  slot.answer = std::move(answer);
  slot.ready = true;
  ++answered_count_;
  answered_.notify_all();
}

std::size_t LivePages::pages_read() const {
  std::lock_guard lock(mutex_);
  return answered_count_;
}

PageTally LivePages::tally() const {
  PageTally tally;
  std::lock_guard lock(mutex_);
  for (const auto& [url, slot] : slots_) {
    if (!slot->listed || !slot->ready) continue;
    if (!slot->answer) {
      ++tally.other_origin;
      continue;
    }
    tally.add(*slot->answer, url);
  }
  return tally;
}

std::vector<std::pair<std::string, std::string>> LivePages::redirect_chains(std::size_t limit) const {
  std::vector<std::pair<std::string, std::string>> chains;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [url, slot] : slots_) {
      if (!slot->listed || !slot->answer || slot->answer->status != PageStatus::Redirect || !slot->answer->http)
        continue;
      chains.emplace_back(url, chain_text(slot->answer->http->chain));
    }
  }
  std::sort(chains.begin(), chains.end());
  if (chains.size() > limit) chains.resize(limit);
  return chains;
}

std::string LivePages::cut_note() const {
  std::lock_guard lock(mutex_);
  std::string note;
  if (cut_)
    note = std::to_string(cut_) + " listed URLs not fetched: past --max-urls " + std::to_string(options_.max_urls);
  if (unsampled_) {
    if (!note.empty()) note += "; ";
    note += std::to_string(unsampled_) + " listed URLs left out of the --sample of " +
            std::to_string(*options_.sample) + " (seed " + std::to_string(options_.seed) + ")";
  }
  return note;
}

std::string LivePages::source_label() const {
  std::string origins;
  for (const std::string& origin : options_.origins) origins += (origins.empty() ? "" : ", ") + origin;
  char rate[32];
  std::snprintf(rate, sizeof rate, "%g", options_.scheduler.limits.rate);
  return "the live site " + origins + " (at most " + std::to_string(options_.scheduler.limits.connections) +
         " connections and " + rate + " requests a second per host)";
}

}  // namespace sitemaplint
