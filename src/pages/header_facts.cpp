#include "pages/header_facts.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "analysis/ascii.h"
#include "pages/url_resolution.h"

namespace sitemaplint {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (is_xml_space(text.front()))) text.remove_prefix(1);
  while (!text.empty() && (is_xml_space(text.back()))) text.remove_suffix(1);
  return text;
}

// Directives that take a value after ':', so that what stands before their ':' is no crawler.
constexpr std::array<std::string_view, 4> kValued = {"unavailable_after", "max-snippet", "max-image-preview",
                                                     "max-video-preview"};

bool is_valued_directive(std::string_view name) {
  for (const std::string_view valued : kValued) {
    if (ascii_equal_ignoring_case(name, valued)) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> x_robots_tag_unavailable_after(std::string_view value) {
  static constexpr std::string_view kName = "unavailable_after";
  const std::string lower = ascii_lowered(value);
  const std::size_t at = lower.find(kName);
  if (at == std::string::npos) return std::nullopt;
  // The crawler it is for: the last "name:" before it that names no directive (a date's "12:00"
  // names nothing).
  bool for_google = true;
  const std::string_view before = std::string_view(lower).substr(0, at);
  for (std::size_t colon = before.find(':'); colon != std::string_view::npos; colon = before.find(':', colon + 1)) {
    std::size_t start = colon;
    while (start > 0 && (std::isalnum(static_cast<unsigned char>(before[start - 1])) || before[start - 1] == '-' ||
                         before[start - 1] == '_'))
      --start;
    const std::string_view word = before.substr(start, colon - start);
    if (word.empty() || is_valued_directive(word) || word.find_first_not_of("0123456789") == std::string_view::npos)
      continue;
    for_google = word == "googlebot";
  }
  if (!for_google) return std::nullopt;
  std::string_view rest = trimmed(value.substr(at + kName.size()));
  if (!rest.starts_with(':')) return std::nullopt;
  rest = trimmed(rest.substr(1));
  // The date runs to a comma that a directive follows (a weekday's comma is followed by the day).
  for (std::size_t comma = rest.find(','); comma != std::string_view::npos; comma = rest.find(',', comma + 1)) {
    const std::string_view next = trimmed(rest.substr(comma + 1));
    if (!next.empty() && !std::isdigit(static_cast<unsigned char>(next.front()))) {
      rest = trimmed(rest.substr(0, comma));
      break;
    }
  }
  if (rest.empty()) return std::nullopt;
  return std::string(rest);
}

bool x_robots_tag_forbids_indexing(std::string_view value) {
  // The directives, split at commas; a comma that a digit follows is a date's, after its weekday
  // ("unavailable_after: Friday, 25-Jun-2099 15:00:00 GMT"), and stays inside its directive.
  std::vector<std::string_view> items;
  for (std::size_t start = 0; start <= value.size();) {
    const std::size_t comma = std::min(value.find(',', start), value.size());
    const std::string_view piece = value.substr(start, comma - start);
    const std::string_view next = trimmed(piece);
    if (!items.empty() && !next.empty() && std::isdigit(static_cast<unsigned char>(next.front())) &&
        ascii_lowered(items.back()).find("unavailable_after") != std::string::npos) {
      items.back() = value.substr(items.back().data() - value.data(), comma - (items.back().data() - value.data()));
    } else {
      items.push_back(piece);
    }
    start = comma + 1;
  }
  bool for_google = true;  // directives before any crawler's name are for every crawler
  for (std::string_view item : items) {
    item = trimmed(item);
    const std::size_t colon = item.find(':');
    if (colon != std::string_view::npos) {
      const std::string_view before = trimmed(item.substr(0, colon));
      // A crawler's name is a product token (RFC 9309: letters, '-' and '_'); what else stands
      // before a ':' is a directive's value, or a time's.
      const bool token = !before.empty() && std::all_of(before.begin(), before.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
      }) && before.find_first_not_of("0123456789") != std::string_view::npos;
      if (token && !is_valued_directive(before)) {
        for_google = ascii_equal_ignoring_case(before, "googlebot");
        item = trimmed(item.substr(colon + 1));
      }
    }
    if (!for_google) continue;
    // Words apart by spaces or ';' are read as the robots meta tag reads them (meta_content.cpp):
    // "noindex nofollow" and "noindex; nofollow" mean what their author meant.
    bool value_next = false;  // the word after "max-snippet:" is its value
    while (!item.empty()) {
      const std::size_t end = std::min(item.find_first_of(" \t;"), item.size());
      const std::string_view word = item.substr(0, end);
      item = trimmed(item.substr(std::min(end + 1, item.size())));
      if (value_next) {
        value_next = false;
        continue;
      }
      if (ascii_equal_ignoring_case(word, "noindex") || ascii_equal_ignoring_case(word, "none")) return true;
      const std::size_t colon = word.find(':');
      if (colon == std::string_view::npos || !is_valued_directive(word.substr(0, colon))) continue;
      // A date runs to the comma that ends its directive; another value is one word ("max-snippet:
      // 10", or "max-snippet:10"), after which the next directive may stand.
      if (ascii_equal_ignoring_case(word.substr(0, colon), "unavailable_after")) break;
      value_next = colon + 1 == word.size();
    }
  }
  return false;
}

std::vector<HeaderLink> header_links(std::string_view value) {
  // RFC 8288: link-value = "<" URI-Reference ">" *( ";" link-param ), separated by commas; a
  // comma may stand inside the <...> and inside a quoted parameter value.
  std::vector<HeaderLink> links;
  std::size_t i = 0;
  while (i < value.size()) {
    const std::size_t open = value.find('<', i);
    if (open == std::string_view::npos) break;
    const std::size_t close = value.find('>', open + 1);
    if (close == std::string_view::npos) break;
    HeaderLink link;
    link.target = std::string(trimmed(value.substr(open + 1, close - open - 1)));
    bool rel_seen = false, hreflang_seen = false;
    i = close + 1;
    // The parameters, up to the comma that ends this link.
    while (i < value.size() && value[i] != ',') {
      if (value[i] != ';') {
        ++i;
        continue;
      }
      ++i;
      const std::size_t name_end = std::min(value.find_first_of("=;,", i), value.size());
      const std::string_view name = trimmed(value.substr(i, name_end - i));
      i = name_end;
      std::string param;
      if (i < value.size() && value[i] == '=') {
        ++i;
        while (i < value.size() && is_xml_space(value[i])) ++i;
        if (i < value.size() && value[i] == '"') {
          for (++i; i < value.size() && value[i] != '"'; ++i) {
            if (value[i] == '\\' && i + 1 < value.size()) ++i;
            param += value[i];
          }
          if (i < value.size()) ++i;  // the closing quote
        } else {
          const std::size_t end = std::min(value.find_first_of(";,", i), value.size());
          param = std::string(trimmed(value.substr(i, end - i)));
          i = end;
        }
      }
      // Section 3.3: a rel after the first MUST be ignored (so is a second hreflang); an anchor
      // (section 3.2) makes the link another resource's.
      if (ascii_equal_ignoring_case(name, "rel") && !rel_seen) {
        rel_seen = true;
        std::string_view types = param;  // relation types separated by white space
        while (!types.empty()) {
          while (!types.empty() && is_xml_space(types.front())) types.remove_prefix(1);
          std::size_t n = 0;
          while (n < types.size() && !is_xml_space(types[n])) ++n;
          if (n > 0) link.rel.push_back(ascii_lowered(types.substr(0, n)));
          types.remove_prefix(n);
        }
      } else if (ascii_equal_ignoring_case(name, "hreflang") && !hreflang_seen) {
        hreflang_seen = true;
        link.hreflang = param;
      } else if (ascii_equal_ignoring_case(name, "anchor")) {
        link.anchored = true;
      }
    }
    links.push_back(std::move(link));
  }
  return links;
}

bool HeaderLink::is(std::string_view relation) const {
  return std::find(rel.begin(), rel.end(), relation) != rel.end();
}

std::vector<std::string> canonical_link_targets(std::string_view value) {
  std::vector<std::string> targets;
  for (HeaderLink& link : header_links(value)) {
    if (!link.anchored && link.is("canonical")) targets.push_back(std::move(link.target));
  }
  return targets;
}

void add_header_facts(const std::vector<ConfigHeader>& headers, std::string_view page_url, PageAnswer& page) {
  for (const ConfigHeader& header : headers) {
    if (ascii_equal_ignoring_case(header.name, "X-Robots-Tag")) {
      if (x_robots_tag_forbids_indexing(header.value))
        page.header_noindex.push_back({"X-Robots-Tag header (" + header.source + ")", header.value, 0, 0});
    } else if (ascii_equal_ignoring_case(header.name, "Link")) {
      // Google reads hreflang from the HTTP header as from the head, and combines them.
      for (HeaderLink& found : header_links(header.value)) {
        const bool canonical = found.is("canonical");
        const bool alternate = found.is("alternate") && !found.hreflang.empty();
        if (found.anchored || (!canonical && !alternate)) continue;
        PageLink link;
        link.url = resolve_http_url(found.target, page_url);
        link.href = std::move(found.target);
        link.source = "Link header (" + header.source + ")";
        if (canonical) {
          page.header_canonicals.push_back(std::move(link));
        } else if (page.head.alternates.size() < HeadFacts::kMaxAlternates) {
          link.hreflang = std::move(found.hreflang);
          page.head.alternates.push_back(std::move(link));
        } else {
          ++page.head.alternates_dropped;
        }
      }
    }
  }
}

}  // namespace sitemaplint
