#include "live/live_pages.h"

#include "live/answer_bytes.h"

#include <algorithm>
#include <ctime>
#include <nlohmann/json.hpp>
#include <map>
#include <set>

#include <boost/url/parse.hpp>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"
#include "analysis/robots_match.h"
#include "analysis/same_url.h"
#include "live/http_date.h"
#include "pages/header_facts.h"
#include "live/live_job.h"
#include "live/response_sinks.h"
#include "pages/html_head.h"

namespace sitemaplint {

namespace {

// Whether bodies `a` and `b` are equal once every copy of `a_path` in `a` and of `b_path` in `b`
// is left out: an error page that names the path asked for is the same page for every path.
bool same_but_for_path(std::string_view a, std::string_view a_path, std::string_view b, std::string_view b_path) {
  const auto without = [](std::string_view body, std::string_view path) {
    std::string out;
    out.reserve(body.size());
    for (std::size_t at = 0;;) {
      // "/" alone is no echo of a path: every slash of the page would go.
      const std::size_t found = path.size() < 2 ? std::string_view::npos : body.find(path, at);
      out.append(body.substr(at, found - at));
      if (found == std::string_view::npos) return out;
      at = found + path.size();
    }
  };
  return a == b || without(a, a_path) == without(b, b_path);
}

}  // namespace

bool is_fetchable_url(std::string_view url) {
  // A '%' that starts no escape is sent as it is, as browsers send it ("/a%zz"): it makes the URL
  // no worse to fetch, though RFC 3986 gives it no meaning.
  std::string escaped;
  if (url.find('%') != std::string_view::npos) {
    for (std::size_t i = 0; i < url.size(); ++i) {
      const bool stray = url[i] == '%' && (i + 2 >= url.size() || escaped_byte(&url[i + 1]) < 0);
      escaped += stray ? std::string_view("%25") : url.substr(i, 1);
    }
    url = escaped;
  }
  const auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed || !parsed->has_authority() || parsed->encoded_host().empty()) return false;
  // A port of digits beyond 65535 parses, but names no port.
  const std::string_view port = parsed->port();
  return !parsed->has_port() || port.empty() || (port.size() <= 5 && std::stoul(std::string(port)) <= 65535);
}

std::string_view fetch_form(std::string_view url, std::string& scratch) {
  url = url.substr(0, url.find('#'));
  if (is_normal_form(url)) return url;
  // A '%' that starts no escape would be normalised to "%25", another resource: such a URL is asked
  // for as written, as browsers and crawlers send it.
  for (std::size_t at = url.find('%'); at != std::string_view::npos; at = url.find('%', at + 1)) {
    if (at + 2 >= url.size() || escaped_byte(url.data() + at + 1) < 0) return url;
  }
  normalise_url(url, &scratch);
  return scratch;
}

LivePages::LivePages(LiveOptions options) : options_(std::move(options)), cache_(options_.cache_dir) {
  // The sample is drawn from the URLs as listed; it is looked up by what they are fetched as.
  std::set<std::string> sampled;
  std::string scratch;
  for (const std::string& url : options_.sampled) sampled.emplace(fetch_form(url, scratch));
  options_.sampled = std::move(sampled);
  scheduler_ = std::make_unique<LiveScheduler>(options_.scheduler);
  if (!options_.log_path.empty()) log_.open(options_.log_path, std::ios::binary | std::ios::trunc);
}

// The scheduler goes first: its thread calls back into this object until it is joined.
LivePages::~LivePages() { scheduler_->stop(); }

bool LivePages::on_site(std::string_view url) const {
  // The usual URL starts with its origin as written: no origin need be made of it (two strings).
  for (const std::string& origin : options_.origins) {
    if (url.starts_with(origin) &&
        (url.size() == origin.size() || std::string_view("/?#").find(url[origin.size()]) != std::string_view::npos))
      return true;
  }
  return site_origin(normal_origin(url));
}

bool LivePages::site_origin(const std::string& origin) const {
  return !origin.empty() &&
         std::find(options_.origins.begin(), options_.origins.end(), origin) != options_.origins.end();
}

LivePages::Slot& LivePages::slot_locked(std::string_view url) const { return slot_entry_locked(url)->second; }

std::unordered_map<std::string, LivePages::Slot>::iterator LivePages::slot_entry_locked(std::string_view url) const {
  auto found = slots_.find(url);
  // A URL on another origin has a slot only as a hop's: claimed, fetched and shared as any other,
  // so that URLs redirecting to one page of another host ask that host for it once.
  if (found == slots_.end()) found = slots_.try_emplace(std::string(url)).first;
  return found;
}

void LivePages::on_answer(std::shared_ptr<Job> job, LiveResponse response) const {
  // A server that does not do HEAD (405 Method Not Allowed, 501 Not Implemented), or that answers
  // it with an error its GET does not give (CDNs and signed URLs that refuse HEAD with 403 or 404),
  // is asked again with GET, as crawlers fetch an image; its body is not read (response_sinks.cpp).
  // Not after 429 or a server error: the host is asked to wait, not asked more.
  const bool head_refused =
      (response.status >= 400 && response.status < 500 && response.status != 429) || response.status == 501;
  if (job->head && !job->get_instead && head_refused) {
    job->get_instead = true;
    step(std::move(job));
    return;
  }
  // The target is fetched, looked up and listed as the listed URLs are: without its fragment, in
  // its normal form.
  if (!response.location.empty()) {
    std::string scratch;
    response.location = std::string(fetch_form(response.location, scratch));
  }
  job->chain.push_back({job->current, response.status});
  job->visited.insert(job->current);
  const bool redirect = response.status >= 300 && response.status < 400 && !response.location.empty();
  if (redirect) {
    const bool loop = job->visited.count(response.location) > 0;
    const bool too_many = static_cast<int>(job->chain.size()) > options_.max_redirects;
    // A hop to a URL of no http(s) origin (ftp:, file:, mailto:) is never followed: there is no
    // robots.txt to ask, and nothing sitemaplint fetches. Nor is one to no URL at all.
    const bool http_target = !normal_origin(response.location).empty();
    if (!loop && !too_many && (!http_target || !is_fetchable_url(response.location))) {
      job->chain.push_back({response.location, 0});
      PageAnswer answer;
      answer.status = PageStatus::Redirect;
      writable_details(answer).chain = job->chain;
      answer.target = job->chain[1].url;
      answer.code = job->chain[0].status;
      answer.reason =
          http_target ? "not fetched: its Location is not a valid URL" : "not fetched: only http and https URLs are";
      answer_claims(*job, answer, &response);
      publish(*job, std::move(answer), &response);
      return;
    }
    if (!loop && !too_many) {
      job->current = response.location;
      job->origin = normal_origin(job->current);
      follow(std::move(job));
      return;
    }
    PageAnswer answer;
    answer.status = PageStatus::Redirect;
    answer.http_status = response.status;
    writable_details(answer).chain = job->chain;
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
      if (job->chain.size() == 1) ++given_up_;  // the listed URL itself, not a hop of its chain
      bool& reported = given_up_reported_[live_host_of(job->current)];
      answer.first_of_host_given_up = !reported;
      reported = true;
    }
  } else if (response.status == 204 || response.status == 205) {
    // No content: an empty page, which Google may take for a soft 404.
    answer.status = PageStatus::Fallback;
    answer.reason = response.status == 204 ? "204 No Content" : "205 Reset Content";
  } else if (response.status >= 200 && response.status < 300) {
    answer = served_answer(*job, response);
  } else if (response.status == 404 || response.status == 410) {
    answer.status = PageStatus::Missing;
    answer.reason = response.status == 404 ? "404 Not Found" : "410 Gone";
  } else {
    answer.status = PageStatus::Failed;
    answer.reason = "status " + std::to_string(response.status);
    // A redirect status with nothing to follow (a redirect is followed only to its Location).
    if (response.status == 304) {
      answer.reason = "a 304 Not Modified to a request that asked for no validator";
    } else if (response.status >= 300 && response.status < 400) {
      const std::string location = response.header("Location");
      answer.reason = location.empty() ? "a redirect status without a Location header to follow"
                                       : "a redirect to '" + location + "', which is no URL that can be followed";
    }
    if (response.status == 429 || response.status == 503) {
      answer.reason += !response.retries ? ", not asked again: its host was given up"
                       : response.header("Retry-After").empty()
                           ? ", asked again after a pause (no Retry-After said how long), with the same answer"
                           : ", asked again after the wait its Retry-After asked for (at most two minutes), with the "
                             "same answer";
    }
  }
  answer.http_status = response.status;
  writable_details(answer).content_type = response.content_type;
  answer.media_request = job->head;
  answer_claims(*job, answer, &response);
  if (job->chain.size() > 1) answer = chain_answer(job->chain, answer, job->head);
  publish(*job, std::move(answer), &response);
}

PageAnswer LivePages::served_answer(const Job& job, const LiveResponse& response) const {
  PageAnswer answer;
  answer.status = PageStatus::Served;
  answer.file = job.current;
  // A body of no or an unknown type that ended before it could be sniffed is judged whole now.
  if (!response.body.empty() && (is_html_type(response.content_type) || sniffs_as_html(response.body))) {
    answer.html = true;
    answer.head = read_html_head(response.body, job.current, kLiveBodyBytes, response.content_type);
    if (response.truncated) answer.head.truncated = true;
    // A refresh to the page itself reloads it (a news page every few minutes): no redirect.
    std::string scratch;
    if (answer.head.refresh && !answer.head.refresh->url.empty() &&
        fetch_form(answer.head.refresh->url, scratch) != job.current) {
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
    for (const NoindexDirective& meta : answer.head.unavailable_after) {
      const std::optional<std::string> date = x_robots_tag_unavailable_after(meta.content);
      const std::optional<std::int64_t> at = date ? parse_unavailable_after(*date) : std::nullopt;
      if (at && *at <= static_cast<std::int64_t>(std::time(nullptr))) {
        NoindexDirective passed = meta;
        passed.source += " (its unavailable_after date has passed)";
        answer.head.noindex.push_back(std::move(passed));
      }
    }
  }
  // Last-Modified that is just the time of the answer (a page made for each request, its header
  // set as it was made, a moment before Date was) says nothing.
  constexpr std::int64_t kMadeForTheRequest = 60;  // seconds
  const std::optional<std::int64_t> modified = parse_http_date(response.header("Last-Modified"));
  const std::optional<std::int64_t> date = parse_http_date(response.header("Date"));
  // Nor does one later than the answer's Date (or, without Date, than now): RFC 9110 section
  // 8.8.2.1 has a server send the Date instead, so it is no time the page was modified.
  const std::int64_t answered = date ? *date : static_cast<std::int64_t>(std::time(nullptr));
  if (modified && *modified <= answered && answered - *modified > kMadeForTheRequest)
    writable_details(answer).last_modified = modified;
  // A soft 404: the host answers 200 to a path that cannot exist, and this page is that answer.
  if (answer.status == PageStatus::Served && answer.html) {
    std::lock_guard lock(mutex_);
    const auto found = origins_.find(job.origin);
    if (found != origins_.end() && found->second->answers_anything) {
      const Origin& o = *found->second;
      // The same body, but for where each echoes its own path ("/x was not found"). A title alone
      // is no evidence: a site's pages may all be titled with its name.
      if (same_but_for_path(o.probe_body, robots_target(o.probe_url), response.body, robots_target(job.current))) {
        answer.status = PageStatus::Fallback;
        answer.reason = "the same page " + o.probe_url + " gets, a path that cannot exist";
      }
    }
  }
  return answer;
}

std::vector<LiveHostProgress> LivePages::host_progress() const {
  std::vector<LiveHostProgress> hosts = scheduler_->host_progress();
  std::lock_guard lock(mutex_);
  for (const auto& [origin, o] : origins_) {
    if (o->waiting == 0) continue;
    const std::string host = live_host_of(origin);
    auto h = std::find_if(hosts.begin(), hosts.end(), [&](const LiveHostProgress& p) { return p.host == host; });
    if (h == hosts.end()) {
      // No request yet: at the pace --rate allows.
      h = hosts.insert(
          std::lower_bound(hosts.begin(), hosts.end(), host,
                           [](const LiveHostProgress& p, const std::string& name) { return p.host < name; }),
          LiveHostProgress{.host = host, .seconds_each = 1 / options_.scheduler.limits.rate});
    }
    h->waiting += o->waiting;
    h->seconds_left += static_cast<double>(o->waiting) * h->seconds_each;
  }
  return hosts;
}

std::size_t LivePages::pages_read() const {
  std::lock_guard lock(mutex_);
  return answered_count_;
}

PageTally LivePages::tally() const {
  PageTally tally;
  std::lock_guard lock(mutex_);
  // A home page that answers as a path that cannot exist is a page of its own (PAGE102 reports
  // no soft 404 on it), but where the host has no other page, and three or more listed URLs
  // answer alike, it is a single-page app's shell, as the rest of them are.
  struct OriginCount {
    std::size_t served = 0, fallbacks = 0, homes = 0;
  };
  std::map<std::string, OriginCount> origins;
  for (const auto& [url, slot] : slots_) {
    if (!slot.listed || !slot.ready || !has_answer(slot)) continue;
    // A packed answer is unpacked for the count alone, not kept so.
    PageAnswer unpacked;
    const PageAnswer& answer = slot.answer ? *slot.answer : (unpacked = unpack_answer(slot.packed));
    // (a 204 or 205 is an empty page, a soft 404 of its own wherever it is)
    const bool catch_all =
        answer.status == PageStatus::Fallback && answer.http_status != 204 && answer.http_status != 205;
    if (answer.status == PageStatus::Served || catch_all) {
      OriginCount& count = origins[normal_origin(url)];
      count.served += answer.status == PageStatus::Served;
      count.fallbacks += catch_all;
      if (catch_all && is_home_page(url)) {
        ++count.homes;
        continue;
      }
    }
    tally.add(answer, url);
  }
  for (const auto& [origin, count] : origins) {
    const bool shell = count.served == 0 && count.fallbacks >= 3;
    (shell ? tally.fallback : tally.served) += count.homes;
  }
  // The URLs left out have no slot (left_out_): counted as they were left out.
  tally.skipped += cut_ + unsampled_;
  tally.other_origin += other_origin_;
  return tally;
}

std::vector<std::pair<std::string, std::string>> LivePages::redirect_chains(std::size_t limit) const {
  std::vector<std::pair<std::string, std::string>> chains;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [url, slot] : slots_) {
      if (!slot.listed || !has_answer(slot)) continue;
      const PageAnswer answer = slot.answer ? *slot.answer : unpack_answer(slot.packed);
      if (answer.status != PageStatus::Redirect || !answer.http) continue;
      chains.emplace_back(url, redirect_chain_text(answer.http->chain));
    }
  }
  std::sort(chains.begin(), chains.end());
  if (chains.size() > limit) chains.resize(limit);
  return chains;
}

std::string LivePages::cut_note() const {
  std::lock_guard lock(mutex_);
  // It follows "N listed URLs not fetched": the reasons, each with its count only when more than
  // one applies.
  std::vector<std::pair<std::size_t, std::string>> reasons;
  if (cut_) reasons.emplace_back(cut_, "past --max-urls " + std::to_string(options_.max_urls));
  if (unsampled_)
    reasons.emplace_back(unsampled_, "left out of the --sample of " + std::to_string(*options_.sample) + ", seed " +
                                         std::to_string(options_.seed));
  if (given_up_) reasons.emplace_back(given_up_, "on a host given up after repeated failures or a long Retry-After");
  std::string note;
  for (const auto& [count, reason] : reasons)
    note += (note.empty() ? "" : "; ") + (reasons.size() > 1 ? std::to_string(count) + " " : "") + reason;
  return note;
}

std::string LivePages::source_label() const {
  std::string origins;
  for (const std::string& origin : options_.origins) origins += (origins.empty() ? "" : ", ") + origin;
  char rate[32];
  std::snprintf(rate, sizeof rate, "%g", options_.scheduler.limits.rate);
  const std::size_t connections = options_.scheduler.limits.connections;
  return "the live site " + origins + " (at most " + std::to_string(connections) +
         (connections == 1 ? " connection and " : " connections and ") + rate +
         (options_.scheduler.limits.rate == 1 ? " request" : " requests") + " a second per host)";
}

}  // namespace sitemaplint
