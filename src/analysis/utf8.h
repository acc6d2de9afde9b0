// Reading UTF-8 from inputs, which may be ill-formed (a report quotes broken sitemaps), the same way
// in every report that must not pass ill-formed UTF-8 on (HTML, SVG and JSON), and in a baseline's
// keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <unicode/utf8.h>

namespace sitemaplint {

// U+FFFD REPLACEMENT CHARACTER, encoded: what an ill-formed subsequence is written as.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

// The code point that starts at byte `at` of `text`, and `at` moved past it; or, for ill-formed
// UTF-8 (a stray or truncated sequence, an overlong form, an encoded surrogate), a negative value
// and `at` moved past the maximal subpart, so that each subpart becomes one U+FFFD, as browsers,
// ICU and nlohmann::json's replacing serializer all show it. `at` < text.size().
inline std::int32_t next_code_point(std::string_view text, std::size_t& at) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  auto i = static_cast<std::int64_t>(at);
  std::int32_t c;
  U8_NEXT(data, i, static_cast<std::int64_t>(text.size()), c);
  at = static_cast<std::size_t>(i);
  return c;
}

// `text` with each ill-formed subsequence written as U+FFFD, as the JSON reports write it: text
// that a JSON file holds and gives back unchanged.
inline std::string well_formed_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t begin = at;
    if (static_cast<unsigned char>(text[at]) < 0x80) {
      out += text[at++];
    } else if (next_code_point(text, at) < 0) {
      out += kReplacementCharacter;
    } else {
      out.append(text.substr(begin, at - begin));
    }
  }
  return out;
}

}  // namespace sitemaplint
