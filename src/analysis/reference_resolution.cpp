// Resolving references (reference_resolution.h) with Boost.URL, which implements RFC 3986's
// algorithm (section 5.2.2) and its removal of dot segments (section 5.2.4).
#include "analysis/reference_resolution.h"

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

boost::urls::string_view boost_view(std::string_view s) { return boost::urls::string_view(s.data(), s.size()); }

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_xml_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_xml_space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace

bool is_absolute_uri(std::string_view text) { return boost::urls::parse_uri(boost_view(trimmed(text))).has_value(); }

std::string resolve_reference(std::string_view reference, std::string_view base) {
  const auto base_uri = boost::urls::parse_uri(boost_view(trimmed(base)));
  const auto ref = boost::urls::parse_uri_reference(boost_view(trimmed(reference)));
  if (!base_uri || !ref) return {};
  boost::urls::url resolved;
  if (!boost::urls::resolve(*base_uri, *ref, resolved)) return {};
  return std::string(resolved.buffer());
}

}  // namespace sitemaplint
