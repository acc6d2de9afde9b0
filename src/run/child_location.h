// Where a child that an index (or a robots.txt) names is to be found: its absolute URL, whether it
// is on the parent's own origin, and, for a parent read from disk, the file that serves it. A
// child URL comes from a document, so it is never trusted as a path: its path is decoded and its
// dot segments removed before it is mapped, and the file it maps to always lies in the folder
// given.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sitemaplint {

// `ref` as an absolute http(s) URL: itself when it is one, resolved against `base` (an absolute
// http(s) URL) when it is a relative reference and a base is given. nullopt for anything else (an
// other scheme, no base, unparsable), which the loc rules report.
std::optional<std::string> resolve_child_url(std::string_view ref, std::string_view base);

// Whether two absolute http(s) URLs share scheme, host and port (default ports filled in).
bool same_origin(std::string_view a, std::string_view b);

// `url` with the scheme, host and port of `origin` (an absolute URL): a production URL moved to
// the staging server an index was fetched from. `url` itself when either cannot be parsed.
std::string on_origin_of(std::string_view url, std::string_view origin);

// The robots.txt that governs an absolute http(s) URL (RFC 9309, section 2.3): "/robots.txt" on
// its scheme, host and port. Empty when `url` cannot be parsed.
std::string robots_txt_url(std::string_view url);

// Whether an input names a robots.txt: an http(s) URL whose path is "/robots.txt" (RFC 9309 puts
// it nowhere else), or a file named robots.txt in any case.
bool names_robots_txt(std::string_view input);

// The host of an absolute URL, lower case, as written (IPv6 in brackets); empty when unparsable.
std::string host_of(std::string_view url);

// The path of `url_or_path` (an absolute URL, or a path such as "/a/b.xml"), percent-decoded, with
// "." and ".." segments resolved so it never climbs above "/". nullopt when it holds a NUL byte
// or is not a URL or an absolute path.
std::optional<std::string> decoded_path(std::string_view url_or_path);

// The file in `folder` that serves the URL path `path` (decoded_path's form), when `folder` holds
// the URL folder `url_folder` (same form, ending in '/'): empty when `path` is not below it.
std::string file_in_folder(const std::string& folder, const std::string& url_folder, const std::string& path);

}  // namespace sitemaplint
