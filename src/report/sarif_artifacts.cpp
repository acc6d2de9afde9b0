#include "report/sarif_artifacts.h"

#include "load/input_path.h"

namespace sitemaplint {

std::string uri_escape(std::string_view path, bool relative) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       std::string_view("-._~/!$&'()*+,;=@").find(ch) != std::string_view::npos ||
                       (c == ':' && !relative);
    if (plain) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
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
