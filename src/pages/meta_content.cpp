// Reading the content attributes of <meta> elements (meta_content.h).
#include "pages/meta_content.h"

#include <string>

#include "analysis/ascii.h"
#include "pages/html_text.h"

namespace sitemaplint {

using html::is_space;
using html::split;

namespace {
constexpr std::size_t npos = std::string_view::npos;
}  // namespace

// Whether a robots meta tag's content forbids indexing. Directives are separated by commas;
// "noindex" and "none" forbid, whatever their case. A directive with a value ("max-snippet: 5",
// "max-image-preview: none", and "googlebot: noindex", a header's form) is not one of them. Words
// separated by white space or ';' alone ("noindex nofollow") are read as directives too: the
// author meant them so, and a search engine may read them so.
bool forbids_indexing(std::string_view content) {
  for (const std::string_view directive : split(content, ",")) {
    if (directive.find(':') != npos) continue;
    for (const std::string_view word : split(directive, " \t\n\f\r;")) {
      if (ascii_equal_ignoring_case(word, "noindex") || ascii_equal_ignoring_case(word, "none")) return true;
    }
  }
  return false;
}

// The URL of a meta refresh's content ("5; url='/next'"), as HTML's "shared declarative refresh
// steps" read it; nullopt when it names none (a bare delay) or is malformed.
std::optional<std::string_view> refresh_target(std::string_view content) {
  std::size_t at = 0;
  const auto skip = [&](auto&& wanted) {
    const std::size_t from = at;
    while (at < content.size() && wanted(content[at])) ++at;
    return at > from;
  };
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto nonempty = [](std::string_view url) { return url.empty() ? std::nullopt : std::optional(url); };
  skip(is_space);
  if (!skip(is_digit) && (at == content.size() || content[at] != '.')) return std::nullopt;
  skip([&](char c) { return is_digit(c) || c == '.'; });
  if (at == content.size()) return std::nullopt;
  if (content[at] != ';' && content[at] != ',' && !is_space(content[at])) return std::nullopt;
  skip(is_space);
  if (at < content.size() && (content[at] == ';' || content[at] == ',')) ++at;
  skip(is_space);
  // "url=" may come first; letters that do not make it belong to the URL itself.
  const std::size_t url_start = at;
  if (at < content.size() && ascii_lower(content[at]) == 'u') {
    if (!ascii_equal_ignoring_case(content.substr(at, 3), "url")) return nonempty(content.substr(url_start));
    at += 3;
    skip(is_space);
    if (at == content.size() || content[at] != '=') return nonempty(content.substr(url_start));
    ++at;
    skip(is_space);
  }
  std::string_view url = content.substr(at);
  if (!url.empty() && (url.front() == '"' || url.front() == '\'')) {
    const char quote = url.front();
    url.remove_prefix(1);
    url = url.substr(0, url.find(quote));
  }
  return nonempty(url);
}

// The charset a Content-Type value names ("text/html; charset=utf-8"), as HTML's "algorithm for
// extracting a character encoding from a meta element" finds it; empty when none.
std::string_view content_type_charset(std::string_view content) {
  const std::string lowered = ascii_lowered(content);
  for (std::size_t at = 0; (at = lowered.find("charset", at)) != npos;) {
    at += 7;
    while (at < content.size() && is_space(content[at])) ++at;
    if (at == content.size() || content[at] != '=') continue;
    ++at;
    while (at < content.size() && is_space(content[at])) ++at;
    if (at == content.size()) return {};
    const char quote = content[at];
    if (quote == '"' || quote == '\'') {
      const std::size_t close = content.find(quote, at + 1);
      return close == npos ? std::string_view() : content.substr(at + 1, close - at - 1);
    }
    const std::size_t end = std::min(content.find_first_of(" \t\n\f\r;", at), content.size());
    return content.substr(at, end - at);
  }
  return {};
}

}  // namespace sitemaplint
