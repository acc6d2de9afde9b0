#include "rules/rule_support.h"

#include <algorithm>

#include "analysis/xs_any_uri.h"
#include "url_analysis.h"

namespace sitemaplint {

Span value_span(const Field& field) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = field.raw.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {field.element_offset, 0};
  const auto last = field.raw.find_last_not_of(kSpace);
  return {field.value_offset + first, last - first + 1};
}

bool in_xml_sitemap(const Entry& entry) {
  return !entry.in_feed && !entry.from_robots && entry.element && entry.element->parent;
}

bool sitemap_xsd_rejects(const UrlField& url) {
  constexpr std::size_t kMinLength = 12, kMaxLength = 2048;  // the XSD's tLoc facets
  const std::string_view value = url.analysis().trimmed;
  const std::size_t length = xs_collapsed_length(value, kMaxLength + 1);
  return length < kMinLength || length > kMaxLength || !is_xs_any_uri(value);
}

UrlParts url_parts(std::string_view url) {
  UrlParts parts;
  const std::size_t scheme_end = url.find("://");
  const std::size_t start = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  const std::size_t fragment = std::min(url.find('#', start), url.size());
  const std::size_t query = std::min(url.find('?', start), fragment);
  const std::size_t path = std::min(url.find('/', start), query);
  parts.path_begin = path;
  parts.path_end = query;
  parts.query_begin = query < fragment ? query + 1 : fragment;
  parts.query_end = fragment;
  return parts;
}

UrlParts url_parts(const UrlAnalysis& a) {
  const std::string_view t = a.trimmed;
  // The analysis's path is a view of `trimmed` for a valid http(s) URL with a path; a URL with
  // non-ASCII bytes was parsed in an encoded copy, and others have none: those are searched.
  const bool path_in_trimmed = a.shape == UrlShape::Http && a.syntax_valid && !a.path.empty() &&
                               a.path.data() >= t.data() && a.path.data() + a.path.size() <= t.data() + t.size();
  if (!path_in_trimmed) return url_parts(t);
  UrlParts parts;
  const std::size_t fragment = std::min(a.fragment, t.size());
  parts.path_begin = static_cast<std::size_t>(a.path.data() - t.data());
  parts.path_end = parts.path_begin + a.path.size();
  parts.query_begin = parts.path_end < fragment && t[parts.path_end] == '?' ? parts.path_end + 1 : fragment;
  parts.query_end = fragment;
  return parts;
}

std::uint32_t url_finding_authorities(const UrlField& url, std::uint32_t rule_authorities) {
  std::uint32_t rests_on = rule_authorities;
  if (url.kind != UrlFieldKind::Loc) {
    rests_on &= ~(kSitemapsOrg | kSitemapXsd);
  } else if ((rests_on & kSitemapXsd) && (!in_xml_sitemap(*url.entry) || !sitemap_xsd_rejects(url))) {
    rests_on &= ~kSitemapXsd;
  }
  return rests_on != 0 ? rests_on : rule_authorities;
}

}  // namespace sitemaplint

namespace sitemaplint {

void report_unescaped(const TextRun& run, char c, std::string_view what, std::string_view entity, FindingSink& out) {
  if (run.kind != TextKind::Text) return;
  for (std::size_t at = run.raw.find(c); at != std::string_view::npos; at = run.raw.find(c, at + 1)) {
    out.report({.at = {run.offset + at, 1},
                .message = "raw " + std::string(what) + " in <" + std::string(run.parent->qualified_name) +
                           "> should be written '" + std::string(entity) + "', as the sitemap protocol asks",
                .fix = Fix{run.offset + at, 1, std::string(entity), "replace with '" + std::string(entity) + "'"}});
  }
}

}  // namespace sitemaplint

namespace sitemaplint {

void report_past_limit(EntryKind kind, const Entry& entry, FindingSink& out, std::string_view advice) {
  if (entry.kind != kind || entry.nth_of_kind != kMaxEntries + 1) return;
  const Element& e = *entry.element;
  out.report({.at = {e.offset, e.qualified_name.size() + 1},
              .message = "more than 50,000 <" + std::string(e.local_name) + "> entries (this is entry 50,001); " +
                         std::string(advice)});
}

std::optional<std::string_view> namespace_bound_at(pugi::xml_node node, std::string_view prefix) {
  if (prefix == "xml") return kXmlNamespace;
  const std::string name = "xmlns:" + std::string(prefix);
  for (; node; node = node.parent()) {
    if (const pugi::xml_attribute a = node.attribute(name.c_str())) return std::string_view(a.value());
  }
  return std::nullopt;
}

}  // namespace sitemaplint
