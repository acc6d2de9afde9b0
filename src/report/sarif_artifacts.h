// Where a SARIF log says its inputs are: each path as an artifactLocation, relative to %SRCROOT%
// (the current directory) when it lies under it, otherwise an absolute file URI; URLs as given.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace sitemaplint {

// Percent-encodes what may not appear in a URI path. `relative` also encodes ':' so a relative
// reference is never read as having a scheme.
std::string uri_escape(std::string_view path, bool relative);

// An absolute path as a file:// URI.
std::string file_uri(const std::filesystem::path& absolute);

struct ArtifactLocation {
  std::string uri;
  bool under_root = false;  // `uri` is relative to %SRCROOT%
};

// The artifact locations of a run's paths, each worked out once: a file's findings all share one,
// and related locations in other files (duplicates across a set) name the same few again and again.
class ArtifactLocations {
 public:
  ArtifactLocations();
  // The current directory (normalized), which %SRCROOT% stands for; empty when unknown.
  const std::filesystem::path& root() const { return cwd_; }
  const ArtifactLocation& of(const std::string& path);

 private:
  std::filesystem::path cwd_;
  std::map<std::string, ArtifactLocation, std::less<>> by_path_;
};

}  // namespace sitemaplint
