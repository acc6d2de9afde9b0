// The names of the authorities rules rest on (rule.h), and the authorities of a finding.
#include "rule.h"

namespace sitemaplint {

std::string_view authority_name(Authority authority) {
  switch (authority) {
    case kSitemapsOrg: return "sitemaps.org";
    case kSitemapXsd: return "sitemap XSD";
    case kGoogle: return "Google";
    case kBing: return "Bing";
    case kExtensionXsd: return "Google extension XSD";
    case kRfc3986: return "RFC 3986";
    case kRfc3987: return "RFC 3987";
    case kW3cDatetime: return "W3C Datetime";
    case kBcp47: return "BCP 47";
    case kXml: return "XML 1.0";
    case kRfc9309: return "RFC 9309";
    case kHttp: return "HTTP";
    case kAdvice: return "sitemaplint advice";
    case kSchemaDocs: return "XSD documentation";
  }
  return "";
}

std::vector<std::string_view> authority_names(std::uint32_t authorities) {
  std::vector<std::string_view> names;
  for (std::uint32_t bit = 1; bit <= kSchemaDocs; bit <<= 1) {
    if (authorities & bit) names.push_back(authority_name(static_cast<Authority>(bit)));
  }
  return names;
}

std::string authority_list(std::uint32_t authorities) {
  std::string out;
  for (std::string_view name : authority_names(authorities)) (out += out.empty() ? "" : ", ") += name;
  return out;
}

std::uint32_t finding_authorities(const Diagnostic& finding) {
  if (finding.authorities != 0) return finding.authorities;
  return finding.rule ? finding.rule->authorities : 0;
}

}  // namespace sitemaplint
