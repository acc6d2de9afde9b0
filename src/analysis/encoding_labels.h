// The WHATWG Encoding Standard's labels: what each name a page may declare ("latin1",
// "iso-8859-1", "sjis", "utf-16") means to a browser, and which ICU converter decodes it as
// browsers do. A label outside the standard's table names no encoding at all, whatever ICU or
// iconv would make of it.
#pragma once

#include <string_view>

namespace sitemaplint {

struct WebEncoding {
  std::string_view name;  // the standard's name: "UTF-8", "windows-1252", "Shift_JIS", "replacement" ...
  std::string_view icu_converter;  // the ICU converter that decodes it; empty: none does (replacement, x-user-defined)
};

// The encoding `label` names (ASCII white space around it ignored, any case), or nullptr when
// the standard has no such label.
const WebEncoding* encoding_for_label(std::string_view label);

// The encodings the standard names UTF-8, UTF-16LE, UTF-16BE and windows-1252, which sniffing
// falls back to.
const WebEncoding& utf8_encoding();
const WebEncoding& utf16le_encoding();
const WebEncoding& utf16be_encoding();
const WebEncoding& windows1252_encoding();

}  // namespace sitemaplint
