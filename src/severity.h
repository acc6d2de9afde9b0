// Severity levels of a finding, ordered so that a larger value is more serious.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sitemaplint {

enum class Severity { Info = 0, Warning = 1, Error = 2 };

constexpr std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

constexpr std::optional<Severity> parse_severity(std::string_view text) {
  if (text == "info") return Severity::Info;
  if (text == "warning") return Severity::Warning;
  if (text == "error") return Severity::Error;
  return std::nullopt;
}

// Why `text` is no level: "unknown level 'warn'; did you mean 'warning'? (use error, warning or
// info)", the hint given when a level is close to what was written.
std::string unknown_severity_message(std::string_view text);

}  // namespace sitemaplint
