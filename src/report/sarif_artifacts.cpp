#include "report/sarif_artifacts.h"

#include "analysis/percent_encoding.h"
#include "load/input_path.h"

namespace sitemaplint {

std::string uri_escape(std::string_view path, bool relative) {
  std::string out;
  append_percent_encoded(
      path,
      [relative](unsigned char c) {
        return is_unreserved(c) ||
               std::string_view("/!$&'()*+,;=@").find(static_cast<char>(c)) != std::string_view::npos ||
               (c == ':' && !relative);
      },
      &out);
  return out;
}

std::string file_uri(const std::filesystem::path& absolute) {
  std::string p = absolute.generic_string();
  if (p.empty() || p.front() != '/') p.insert(p.begin(), '/');
  return "file://" + uri_escape(p, false);
}

namespace {

ArtifactLocation artifact_location(const std::string& path, const std::filesystem::path& cwd) {
  if (path == "-") return {"stdin"};
  if (is_url(path)) return {path};
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec).lexically_normal();
  if (!cwd.empty()) {
    const std::filesystem::path relative = absolute.lexically_relative(cwd);
    const std::string rel = relative.generic_string();
    if (!rel.empty() && rel != "." && !rel.starts_with("../") && rel != "..") return {uri_escape(rel, true), true};
  }
  return {file_uri(absolute)};
}

}  // namespace

ArtifactLocations::ArtifactLocations() {
  std::error_code ec;
  cwd_ = std::filesystem::current_path(ec).lexically_normal();
}

const ArtifactLocation& ArtifactLocations::of(const std::string& path) {
  auto known = by_path_.find(path);
  if (known == by_path_.end()) known = by_path_.emplace(path, artifact_location(path, cwd_)).first;
  return known->second;
}

}  // namespace sitemaplint
