// What the content attribute of a head's <meta> says, read as HTML and Google read it: whether a
// robots directive list forbids indexing, a refresh's URL, a Content-Type's charset.
#pragma once

#include <optional>
#include <string_view>

namespace sitemaplint {

// Whether a robots meta tag's content forbids indexing ("noindex" or "none", in any case, among
// comma-separated directives).
bool forbids_indexing(std::string_view content);

// The URL of a meta refresh's content ("5; url='/next'"), as HTML's "shared declarative refresh
// steps" read it; nullopt when it names none (a bare delay) or is malformed.
std::optional<std::string_view> refresh_target(std::string_view content);

// The charset a Content-Type value names ("text/html; charset=utf-8"), as HTML's "algorithm for
// extracting a character encoding from a meta element" finds it; empty when none.
std::string_view content_type_charset(std::string_view content);

}  // namespace sitemaplint
