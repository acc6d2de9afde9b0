// VID314 video-value-rejected-by-xsd: a video value Google reads that the video XSD rejects as
// written, for the white space around it or between the items of a list.
#include <array>
#include <cstdint>
#include <iterator>
#include <regex>

#include "rules/rule_support.h"
#include "rules/extension/extension_specs.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Info,
    .fixes = Fixes::Always,
    .summary =
        "A video value Google reads but the video XSD rejects for its white space, around it or between its items",
    .docs = R"md(
## What it does
Notes a value of a `<video:video>` that is right once the white space around it is removed and a
list's items are separated by one space, which is how Google and the video rules read it, but that
the video XSD rejects as written: its types are `xsd:string`, whose white space XML Schema keeps.
- `<video:family_friendly>`, `<video:requires_subscription>`, `<video:live>` (`yes` or `no`),
  `<video:restriction>` (country codes) and `<video:platform>` (`web`, `mobile`, `tv`) with white
  space around the value, such as ` GB `;
- `<video:title>` and `<video:description>` that exceed the XSD's 100 and 2,048 characters only
  with the white space around them, such as a title on its own indented line;
- a `<video:platform>` list whose platforms are separated by anything but one space (`web  tv`,
  a tab, a line break), and a `<video:restriction>` list whose countries are separated by
  anything but spaces (a tab, a line break): the XSD's patterns are
  `((web|mobile|tv)( (web|mobile|tv))*)?` and `([A-Z]{2}( +[A-Z]{2})*)?`.

The fix removes the white space around the value and writes one space between a list's items. A
value that is wrong without its white space too is the value rules' (`video-yes-no-invalid`,
`video-restriction-invalid`, `video-platform-invalid`, `video-title-too-long`, ...).

## Why it matters
Google reads these values as they are, so this is only a note. But a pipeline that validates
video sitemaps against the XSD (`xmllint --schema`) rejects the file for them, which is why they
are errors under `--profile xsd`.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
      <video:family_friendly> yes </video:family_friendly>
    </video:video>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
      <video:family_friendly>yes</video:family_friendly>
    </video:video>
  </url>
</urlset>
```
)md",
    .authorities = kExtensionXsd};

// The XSD's patterns for the two country and platform lists.
bool is_xsd_country_list(std::string_view text) {
  static const std::regex kPattern("([A-Z]{2}( +[A-Z]{2})*)?");
  return std::regex_match(text.begin(), text.end(), kPattern);
}
bool is_xsd_platform_list(std::string_view text) {
  static const std::regex kPattern("((web|mobile|tv)( (web|mobile|tv))*)?");
  return std::regex_match(text.begin(), text.end(), kPattern);
}

struct Limit {
  std::string_view name;
  std::size_t max;
};
constexpr Limit kLengths[] = {{"title", kMaxVideoTitle}, {"description", kMaxVideoDescription}};

struct Listed {
  std::string_view name;
  bool (*valid)(std::string_view);
  // A list's items, as messages name them, and the white space the XSD's pattern puts between
  // them; empty for a single value.
  std::string_view items = {};
  std::string_view separator = {};
};
constexpr Listed kValues[] = {{"family_friendly", video::is_yes_no},
                              {"requires_subscription", video::is_yes_no},
                              {"live", video::is_yes_no},
                              {"restriction", is_xsd_country_list, "country codes", "spaces"},
                              {"platform", is_xsd_platform_list, "platforms", "one space"}};

// The items of a list, separated by one space: how Google and the video rules read it.
std::string single_spaced(std::string_view list) {
  std::string out;
  video::for_each_token(list, [&](std::string_view token, std::size_t) {
    if (!out.empty()) out += ' ';
    out += token;
  });
  return out;
}

class VideoValueRejectedByXsd final : public BlockRule<kVideoFamily> {
 protected:
  void check(const ExtensionBlock& video, FindingSink& out) override {
    // A name the block has no child of is passed over without a look at its children (most blocks
    // have none of the lists and yes/no values).
    for (std::size_t i = 0; i < std::size(kLengths); ++i) {
      const Limit& limit = kLengths[i];
      if (!may_have_child(kVideoFamily, video, length_bits_[i])) continue;
      video::for_each_child_named(video, limit.name, [&](const ExtensionNode& node) {
        const std::string_view trimmed = node.text.trimmed();
        if (trimmed == node.text.value || code_points(trimmed) > limit.max) return;
        const std::size_t as_written = code_points(node.text.value);
        if (as_written <= limit.max) return;
        report(node,
               tag(node) + " has " + grouped(as_written) +
                   " characters with the white space around it, which the video XSD counts against its " +
                   grouped(limit.max) + " (Google reads the " + grouped(code_points(trimmed)) +
                   " of the text), so schema validation rejects the file; remove the white space",
               trimmed, "remove the white space", out);
      });
    }
    for (std::size_t i = 0; i < std::size(kValues); ++i) {
      const Listed& listed = kValues[i];
      if (!may_have_child(kVideoFamily, video, value_bits_[i])) continue;
      video::for_each_child_named(video, listed.name, [&](const ExtensionNode& node) {
        const std::string_view trimmed = node.text.trimmed();
        if (trimmed.empty()) return;
        if (!listed.items.empty() && !listed.valid(trimmed)) {
          // Items Google reads, which the XSD's pattern rejects for the white space between them.
          const std::string items = single_spaced(trimmed);
          if (items == trimmed || !listed.valid(items)) return;  // a wrong item: the value rules'
          report(node,
                 tag(node) + " " + quoted(node.text.value) + " separates its " + std::string(listed.items) +
                     " with white space other than " + std::string(listed.separator) +
                     ", which the video XSD's pattern requires: Google reads the list, but schema validation "
                     "rejects the file; write " +
                     quoted(items),
                 items, "separate the items with one space", out);
          return;
        }
        if (trimmed == node.text.value || !listed.valid(trimmed)) return;
        report(node,
               tag(node) + " " + quoted(node.text.value) + " has white space around " + quoted(trimmed) +
                   ": Google reads the value, but the video XSD keeps the white space and rejects it, so schema "
                   "validation rejects the file; write " +
                   quoted(trimmed),
               trimmed, "remove the white space", out);
      });
    }
  }

 private:
  template <typename Named, std::size_t N>
  static std::array<std::uint64_t, N> bits_of(const Named (&named)[N]) {
    std::array<std::uint64_t, N> bits{};
    for (std::size_t i = 0; i < N; ++i) bits[i] = child_bit(kVideoFamily, named[i].name);
    return bits;
  }
  const std::array<std::uint64_t, std::size(kLengths)> length_bits_ = bits_of(kLengths);
  const std::array<std::uint64_t, std::size(kValues)> value_bits_ = bits_of(kValues);

  static void report(const ExtensionNode& node, std::string message, std::string_view value, std::string description,
                     FindingSink& out) {
    out.report({.at = {node.text.value_offset, node.text.raw.size()},
                .message = std::move(message),
                .fix = node.text.replace_value(value, std::move(description))});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_value_rejected_by_xsd, kMeta, VideoValueRejectedByXsd)
