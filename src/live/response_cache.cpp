#include "live/response_cache.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

// The headers a cached answer keeps: what the page rules and the revalidation read.
bool kept_header(std::string_view name) {
  for (const std::string_view kept :
       {"Content-Type", "ETag", "Last-Modified", "Date", "X-Robots-Tag", "Link", "Content-Encoding"}) {
    if (ascii_equal_ignoring_case(name, kept)) return true;
  }
  return false;
}

std::string hex64(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = kDigits[value & 15];
  return out;
}

}  // namespace

ResponseCache::ResponseCache(std::string folder) : folder_(std::move(folder)) {
  if (folder_.empty()) return;
  std::error_code error;
  fs::create_directories(folder_, error);
}

std::string ResponseCache::path_for(const std::string& url) const {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a: the same file name on every machine
  for (const char c : url) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return (fs::path(folder_) / (hex64(h) + ".json")).string();
}

std::optional<LiveResponse> ResponseCache::find(const std::string& url) const {
  if (!enabled()) return std::nullopt;
  std::ifstream in(path_for(url), std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json entry = nlohmann::json::parse(text.str(), nullptr, false);
  // A file another URL hashed to, or one damaged, is no answer: asked for again, unconditionally.
  if (!entry.is_object() || !entry.contains("url") || entry["url"] != url || !entry["headers"].is_array() ||
      !entry["body"].is_string() || !entry["content_type"].is_string())
    return std::nullopt;
  LiveResponse cached;
  cached.status = 200;
  cached.content_type = entry["content_type"].get<std::string>();
  cached.body = entry["body"].get<std::string>();
  for (const nlohmann::json& header : entry["headers"]) {
    if (header.is_array() && header.size() == 2 && header[0].is_string() && header[1].is_string())
      cached.headers.emplace_back(header[0].get<std::string>(), header[1].get<std::string>());
  }
  return cached;
}

std::vector<std::string> ResponseCache::conditions(const LiveResponse& cached) {
  std::vector<std::string> headers;
  if (const std::string etag = cached.header("ETag"); !etag.empty()) headers.push_back("If-None-Match: " + etag);
  if (const std::string modified = cached.header("Last-Modified"); !modified.empty())
    headers.push_back("If-Modified-Since: " + modified);
  return headers;
}

void ResponseCache::keep(const std::string& url, const LiveResponse& response) const {
  if (!enabled() || response.status != 200 || response.truncated) return;
  if (response.header("ETag").empty() && response.header("Last-Modified").empty()) return;
  nlohmann::json headers = nlohmann::json::array();
  for (const auto& [name, value] : response.headers) {
    if (kept_header(name)) headers.push_back({name, value});
  }
  const nlohmann::json entry = {
      {"url", url}, {"content_type", response.content_type}, {"headers", headers}, {"body", response.body}};
  const std::string path = path_for(url);
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out << entry.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (!out) return;
  }
  std::error_code error;
  fs::rename(temporary, path, error);
}

}  // namespace sitemaplint
