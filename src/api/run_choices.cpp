#include "api/run_choices.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <sstream>

#include "analysis/sitemap_location.h"
#include "analysis/w3c_datetime.h"
#include "engine/registry.h"
#include "engine/rule_profiles.h"
#include "load/input_path.h"
#include "run/child_location.h"

namespace sitemaplint {

std::vector<std::string> split_commas(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const std::string& word : words) {
    std::stringstream stream(word);
    std::string item;
    while (std::getline(stream, item, ',')) {
      if (!item.empty()) out.push_back(item);
    }
  }
  return out;
}

bool resolve_choices(const ChoiceWords& words, CommandLineChoices* out, std::string* error) {
  if (!words.profile.empty() && !(out->profile = find_rule_profile(words.profile))) {
    *error = "--profile: " + unknown_profile_message(words.profile);
    return false;
  }
  if (!parse_rule_layer(split_commas(words.select), split_commas(words.ignore), words.severities, &out->rules, error)) {
    return false;
  }
  out->now = static_cast<std::int64_t>(std::time(nullptr));
  if (!words.now.empty()) {
    DatetimeError date_error;
    const auto now = parse_w3c_datetime(words.now, &date_error);
    if (!now) {
      *error = "--now: " + date_error.message;
      return false;
    }
    out->now = to_unix_seconds(*now);
  }
  if (!words.base_url.empty()) {
    out->location = parse_sitemap_location(words.base_url, error);
    if (!out->location) {
      *error = "--base-url: " + *error;
      return false;
    }
  }
  return true;
}

FetchOptions run_fetch_options(double timeout_seconds, const std::vector<std::string>& allowed_hosts,
                               const std::vector<std::string>& inputs) {
  FetchOptions fetch;
  fetch.timeout_ms = static_cast<long>(timeout_seconds * 1000);
  fetch.connect_timeout_ms = std::min(fetch.timeout_ms, 10'000L);
  fetch.allowed_hosts = split_commas(allowed_hosts);
  fetch.trusted_hosts = fetch.allowed_hosts;
  const bool restricted = !fetch.allowed_hosts.empty();
  for (const std::string& input : inputs) {
    if (!is_url(input)) continue;
    // A host the user gives a URL of is named: trusted on an internal address, and fetched
    // whatever --allow-host restricts the other hosts to.
    fetch.trusted_hosts.push_back(host_of(input));
    if (restricted) fetch.allowed_hosts.push_back(host_of(input));
  }
  return fetch;
}

std::size_t leave_out_below(Severity min_severity, std::vector<FileReport>* reports) {
  std::size_t left_out = 0;
  for (FileReport& report : *reports) {
    left_out += std::erase_if(report.diagnostics, [&](const Diagnostic& d) { return d.severity < min_severity; });
  }
  return left_out;
}

std::string setting_message(std::string message) {
  // Each "--option" the message names (at its start, or after a space or '(') becomes the
  // library's setting of that name: "--base-url" is "base_url". Nothing else is touched: a path
  // in the message stays as it is.
  std::string out;
  for (std::size_t i = 0; i < message.size();) {
    const bool starts_word = i == 0 || message[i - 1] == ' ' || message[i - 1] == '(';
    if (starts_word && message.compare(i, 2, "--") == 0 && i + 2 < message.size() &&
        std::islower(static_cast<unsigned char>(message[i + 2]))) {
      std::size_t end = i + 2;
      while (end < message.size() && (std::islower(static_cast<unsigned char>(message[end])) || message[end] == '-'))
        ++end;
      std::string name = message.substr(i + 2, end - i - 2);
      std::replace(name.begin(), name.end(), '-', '_');
      out += name == "severity" ? "severities" : name;
      i = end;
    } else {
      out += message[i++];
    }
  }
  return out;
}

}  // namespace sitemaplint
