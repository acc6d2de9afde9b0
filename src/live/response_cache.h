// --cache DIR: the answers of earlier live runs, for conditional re-fetches. A 200 that carries an
// ETag or a Last-Modified is kept (its status, the headers the page rules read and the head of the
// page, at most what was read); the next run asks with If-None-Match and If-Modified-Since, and a
// 304 is answered from here, so an unchanged site re-audits for the cost of its headers. One file
// per URL (named by a hash of it), written whole through a temporary file and a rename; nothing is
// kept in memory.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "live/live_scheduler.h"

namespace sitemaplint {

class ResponseCache {
 public:
  explicit ResponseCache(std::string folder);  // created when missing; empty: no cache
  bool enabled() const { return !folder_.empty(); }
  // The kept answer for `url`, if any: a 200 with its headers and body.
  std::optional<LiveResponse> find(const std::string& url) const;
  // The request headers that ask for `cached` only if it changed.
  static std::vector<std::string> conditions(const LiveResponse& cached);
  // Keeps `response` (a 200 with an ETag or a Last-Modified) for `url`; anything else is not kept.
  void keep(const std::string& url, const LiveResponse& response) const;

 private:
  std::string path_for(const std::string& url) const;
  std::string folder_;
};

}  // namespace sitemaplint
