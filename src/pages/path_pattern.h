// The path patterns of the hosts' configuration files: _headers' splats and placeholders
// (Netlify, Cloudflare Pages) and the subset of path-to-regexp that vercel.json's sources use.
// Matched without regular expressions, so that no pattern from a build folder can make the
// matching slow: each (part of the pattern, place in the path) is tried at most once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sitemaplint {

struct PathPattern {
  enum class Kind : std::uint8_t {
    Literal,  // `text`, byte for byte
    Segment,  // one or more bytes but '/' (and '.' where `stop_at_dot`): ":name"
    Any,  // any bytes, none too: "*", "(.*)"
    Segments,  // "/a/b" ('/' and a segment, `min` to `max` times): path-to-regexp's "/:name*", "/:name+", "/:name?"
  };
  struct Part {
    Kind kind = Kind::Literal;
    std::string text;  // Literal
    std::string name;  // what captures it: ":name"'s name, "splat" for '*', "" for an unnamed group
    bool stop_at_dot = false;  // Segment, in a host: Cloudflare's ":sub.example.com"
    std::size_t min = 0, max = 0;  // Segments; max 0: no limit
  };
  std::vector<Part> parts;
};

// What the parts that capture matched, in the pattern's order: (name, text). A Segments part
// captures its segments without the first '/' ("a/b").
using PathCaptures = std::vector<std::pair<std::string, std::string>>;

// A path of _headers: '*' matches anything ('/' too) and is named "splat", ":name" (a letter, then
// letters, digits and '_') one segment. In an absolute URL's host, a placeholder stops at '.' too.
PathPattern headers_path_pattern(std::string_view path);

// A vercel.json source, as path-to-regexp reads it: ":name" one segment, "/:name*", "/:name+" and
// "/:name?" segments with their '/', "(.*)" and ":name(.*)" anything. Nullopt for what else a
// regular expression can say (other groups, "{...}", a modifier after anything but a
// placeholder, a placeholder modified after anything but '/'): such a rule is not read.
std::optional<PathPattern> vercel_source_pattern(std::string_view source);

// Whether `pattern` matches the whole of `text`; what it captured in `captures`, when given.
// Greedy parts take the most they can, the others the least, as a regular expression would. A
// pattern of more than 256 parts, or a text whose matching could cost more than a few million
// steps, does not match.
bool match_path(const PathPattern& pattern, std::string_view text, PathCaptures* captures = nullptr);

// `text` with ":name" replaced by what `name` captured (longest names first, so ":path" does not
// replace the start of ":pathname"), and "$1", "$2" ... by the first, second ... capture.
std::string with_captures(std::string_view text, const PathCaptures& captures);

}  // namespace sitemaplint
