#include "pages/headers_file.h"

#include <algorithm>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_xml_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_xml_space(text.back())) text.remove_suffix(1);
  return text;
}

// A path line: "/..." or an absolute URL ("https://host/..."), as Cloudflare's parser tells them
// from header lines (pages-shared/metadata-generator/parseHeaders.ts).
bool is_path_line(std::string_view line) {
  if (line.starts_with('/')) return true;
  const std::size_t scheme = line.find("://");
  return scheme != std::string_view::npos && scheme > 0 &&
         std::none_of(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(scheme), is_xml_space);
}

std::string where(std::size_t line) { return "_headers line " + std::to_string(line); }

}  // namespace

HeadersFile parse_headers_file(std::string_view text) {
  HeadersFile file;
  HeaderRule* rule = nullptr;
  bool skipping = false;  // the headers of a block left out, which need no word of their own
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    const std::string_view line = trimmed(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (line.empty() || line.starts_with('#')) continue;
    if (is_path_line(line)) {
      if (!line.starts_with('/') && !line.starts_with("https://")) {
        file.problems.push_back(where(line_number) +
                                ": an absolute URL must begin with https://; its block is left out");
        rule = nullptr;
        skipping = true;
        continue;
      }
      skipping = false;
      HeaderRule& added = file.rules.emplace_back();
      added.pattern = headers_path_pattern(line);
      added.absolute = !line.starts_with('/');
      rule = &added;
      continue;
    }
    if (skipping) continue;
    if (line.starts_with('!')) {  // "! Name": Cloudflare Pages' way to drop a header
      if (rule) rule->unset.emplace_back(trimmed(line.substr(1)));
      else file.problems.push_back(where(line_number) + ": '!' before any path; left out");
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      file.problems.push_back(where(line_number) + ": neither a path, a 'Name: value' header nor a comment; left out");
      continue;
    }
    const std::string_view name = trimmed(line.substr(0, colon));
    const std::string_view value = trimmed(line.substr(colon + 1));
    if (name.empty() || std::any_of(name.begin(), name.end(), is_xml_space)) {
      file.problems.push_back(where(line_number) + ": a header name is one word before ':'; left out");
    } else if (!rule) {
      file.problems.push_back(where(line_number) + ": a header before any path; left out");
    } else {
      rule->set.push_back({std::string(name), std::string(value), where(line_number)});
    }
  }
  return file;
}

std::vector<ConfigHeader> headers_for(const std::vector<HeaderRule>& rules, std::string_view host,
                                      std::string_view path, bool either_slash, bool fill_placeholders) {
  std::vector<ConfigHeader> headers;
  const std::string absolute = "https://" + ascii_lowered(host) + std::string(path);
  std::string other_slash;
  if (either_slash && path.size() > 1) {
    other_slash = path.ends_with('/') ? std::string(path.substr(0, path.size() - 1)) : std::string(path) + "/";
  }
  PathCaptures captures;
  for (const HeaderRule& rule : rules) {
    bool matched = false;
    if (rule.absolute) {
      matched = match_path(rule.pattern, absolute, &captures);
    } else {
      matched = match_path(rule.pattern, path, &captures) ||
                (!other_slash.empty() && match_path(rule.pattern, other_slash, &captures));
    }
    if (!matched) continue;
    for (const std::string& name : rule.unset) {
      std::erase_if(headers, [&](const ConfigHeader& h) { return ascii_equal_ignoring_case(h.name, name); });
    }
    for (ConfigHeader header : rule.set) {
      if (fill_placeholders) header.value = with_captures(header.value, captures);
      headers.push_back(std::move(header));
    }
  }
  return headers;
}

}  // namespace sitemaplint
