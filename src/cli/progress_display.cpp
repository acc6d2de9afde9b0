#include "cli/progress_display.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace sitemaplint {
namespace {

// Written with write(2) in one piece, so a line is never split by another thread's output.
void write_stderr(const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(STDERR_FILENO, text.data() + written, text.size() - written);
    if (n <= 0) return;
    written += static_cast<std::size_t>(n);
  }
}

// The live site's hosts: the busiest three with their requests answered of all they were given
// ("; example.com 40/100", those in flight among the rest: 40/40 would read as finished while
// answers are still awaited), how many more, and the time left at the slowest host's pace (the
// hosts go in parallel).
std::string hosts_text(std::vector<RunProgress::HostProgress> hosts) {
  if (hosts.empty()) return "";
  std::sort(hosts.begin(), hosts.end(), [](const auto& a, const auto& b) {
    const std::size_t a_left = a.in_flight + a.waiting, b_left = b.in_flight + b.waiting;
    return a_left != b_left ? a_left > b_left : a.host < b.host;
  });
  constexpr std::size_t kShown = 3;
  std::string text = ";";
  double left = 0;
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    left = std::max(left, hosts[i].seconds_left);
    if (i < kShown) {
      text += (i ? ", " : " ") + hosts[i].host + " " + std::to_string(hosts[i].done) + "/" +
              std::to_string(hosts[i].done + hosts[i].in_flight + hosts[i].waiting);
    }
  }
  if (hosts.size() > kShown) text += " and " + std::to_string(hosts.size() - kShown) + " more hosts";
  if (left >= 1) {
    const long seconds = static_cast<long>(left + 0.5);
    text += seconds < 120 ? ", about " + std::to_string(seconds) + " s left"
                          : ", about " + std::to_string((seconds + 30) / 60) + " min left";
  }
  return text;
}

// `per_second`: pages read a second lately, shown when above zero.
std::string line(const RunProgress& progress, double per_second) {
  std::string text = "sitemaplint: " + std::to_string(progress.files_done.load()) + "/" +
                     std::to_string(progress.files_total.load()) + " files";
  if (const std::size_t urls = progress.fetches_total.load()) {
    text += ", " + std::to_string(progress.fetches_done.load()) + "/" + std::to_string(urls) + " URLs fetched";
  }
  if (progress.pages_read) text += ", " + std::to_string(progress.pages_read()) + " pages read";
  if (per_second > 0) text += " (" + std::to_string(static_cast<long>(per_second + 0.5)) + "/s)";
  if (progress.page_errors) {
    if (const std::size_t errors = progress.page_errors())
      text += ", " + std::to_string(errors) + (errors == 1 ? " error" : " errors");
  }
  if (progress.page_hosts) text += hosts_text(progress.page_hosts());
  return text;
}

}  // namespace

bool stderr_is_terminal() {
  if (!::isatty(STDERR_FILENO)) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::strcmp(term, "dumb") == 0);  // a terminal that cannot move the cursor
}

ProgressDisplay::ProgressDisplay(const RunProgress& progress, bool enabled, std::chrono::milliseconds delay)
    : progress_(progress) {
  if (enabled) thread_ = std::thread([this, delay] { loop(delay); });
}

ProgressDisplay::~ProgressDisplay() { stop(); }

void ProgressDisplay::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ProgressDisplay::loop(std::chrono::milliseconds delay) {
  std::unique_lock lock(mutex_);
  if (wake_.wait_for(lock, delay, [this] { return stopping_; })) return;
  std::string last;
  // Pages a second over the last few seconds: a sample a second, the rate between the oldest kept and now.
  using Clock = std::chrono::steady_clock;
  std::vector<std::pair<Clock::time_point, std::size_t>> samples;
  while (true) {
    double per_second = 0;
    if (progress_.pages_read) {
      const Clock::time_point t = Clock::now();
      const std::size_t read = progress_.pages_read();
      if (samples.empty() || t - samples.back().first >= std::chrono::seconds(1)) samples.emplace_back(t, read);
      if (samples.size() > 5) samples.erase(samples.begin());
      const double seconds = std::chrono::duration<double>(t - samples.front().first).count();
      if (seconds >= 1) per_second = static_cast<double>(read - samples.front().second) / seconds;
    }
    const std::string now = line(progress_, per_second);
    if (now != last) {
      // Carriage return and erase-line: the line is redrawn in place.
      write_stderr("\r\033[K" + now);
      last = now;
      shown_ = true;
    }
    if (wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stopping_; })) break;
  }
  if (shown_) write_stderr("\r\033[K");
}

}  // namespace sitemaplint
