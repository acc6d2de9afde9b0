// Which encoding a page is decoded in, found as the HTML Standard's encoding sniffing algorithm
// (section 13.2.3.2) finds it: a byte order mark decides; else the charset of the Content-Type
// the page is served with (the transport layer's), when it names an encoding; else the prescan of
// the first 1,024 bytes for a <meta charset>, a <meta http-equiv="Content-Type"> or an XML
// declaration; else UTF-8, what nearly every page is today (where a browser would guess from its
// locale or from the bytes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/encoding_labels.h"
#include "page.h"  // EncodingSource

namespace sitemaplint {

// Bytes the prescan reads, as the HTML Standard encourages.
inline constexpr std::size_t kPrescanBytes = 1024;

struct SniffedEncoding {
  const WebEncoding* encoding = nullptr;  // never null once sniffed
  EncodingSource source = EncodingSource::Default;
  std::size_t bom_length = 0;  // bytes of the byte order mark, skipped before decoding
  std::string label;  // Declaration, ContentType: the label as written, trimmed
  std::size_t declared_at = 0;  // Declaration: the offset of its tag
  // A label the prescan met that names no encoding (it goes on looking, as browsers do), when
  // nothing else decided the encoding: what the page meant to declare, and the offset of its tag.
  std::string unknown_label;
  std::size_t unknown_at = 0;
};

// `content_type`: the Content-Type header the page is served with ("text/html; charset=x"), if any.
SniffedEncoding sniff_html_encoding(std::string_view bytes, std::string_view content_type = {});

}  // namespace sitemaplint
