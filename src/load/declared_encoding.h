// An input in an encoding other than UTF-8, read as XML 1.0 says (section 4.3.3 and appendix F):
// a UTF-16 or UTF-32 byte order mark, UTF-16 text without one ("<?" in two-byte units), or an
// XML declaration naming an encoding ICU converts (ISO-8859-1, windows-1252, Shift_JIS ...). Such
// input is decoded into UTF-8 with ICU's converters, one character for one character, so that
// every line and column counted in the UTF-8 text is the line and column of the file as written.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/encoding_scan.h"

namespace sitemaplint {

struct DeclaredEncoding {
  // The encoding the bytes were read as ("ISO-8859-1", "UTF-16LE" ...); empty: read as UTF-8, as
  // they are, and `text` is empty.
  std::string read_as;
  std::string text;  // the input decoded into UTF-8; what the encoding cannot map is U+FFFD
  // Each byte sequence the encoding cannot map, at the U+FFFD that stands for it in `text`.
  std::vector<ByteFinding> undecodable;
  // A byte order mark and an encoding declaration that disagree, or a declaration the bytes
  // contradict (XML 1.0 section 4.3.3: a fatal error); offsets into the text read (`text`, or
  // the input when it is read as UTF-8).
  std::optional<ByteFinding> conflict;
};

// How `bytes` are to be read. ASCII-compatible input without a declaration, or declaring UTF-8,
// or declaring an encoding ICU has no converter for, is read as UTF-8 (the encoding rules then
// say what is wrong with it).
DeclaredEncoding read_declared_encoding(std::string_view bytes);

}  // namespace sitemaplint
