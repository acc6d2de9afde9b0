// A live answer's headers looked up by name, and the host the scheduler keys a URL's queue by.
#include "analysis/ascii.h"
#include "live/live_scheduler.h"
#include "host_name.h"

namespace sitemaplint {

std::string live_host_of(std::string_view url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return "";
  std::string_view rest = url.substr(scheme + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  if (const std::size_t at = rest.rfind('@'); at != std::string_view::npos) rest = rest.substr(at + 1);
  if (rest.starts_with('[')) {
    const std::size_t close = rest.find(']');
    return close == std::string_view::npos ? "" : normal_host(rest.substr(0, close + 1));
  }
  return normal_host(rest.substr(0, rest.find(':')));
}

std::vector<std::string> LiveResponse::header_values(std::string_view name) const {
  std::vector<std::string> values;
  for (const auto& [key, value] : headers) {
    if (ascii_equal_ignoring_case(key, name)) values.push_back(value);
  }
  return values;
}

std::string LiveResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (ascii_equal_ignoring_case(key, name)) return value;
  }
  return "";
}

}  // namespace sitemaplint
