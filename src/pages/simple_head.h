// A head simple enough to be read without gumbo: the bytes head_scanner leaves for the parser are,
// on most pages, a few tags (<html>, <head>, <meta>, <link>, <base>, <title> with its text, an
// empty <script> or <style>) and white space, whose elements in the head an HTML5 parser makes in
// one way only. Reading them here costs a small part of gumbo's setting up, tokenizing a character
// at a time and building a tree; anything else (text, a character reference, a <noscript>, a
// comment, a byte that is not plain UTF-8) is gumbo's to read.
#pragma once

#include <optional>
#include <string_view>

#include "pages/head_tree.h"

namespace sitemaplint {

// The head's elements in `bytes` (the bytes to parse, head_scanner.h), exactly as
// gumbo_head_tree() makes them; nullopt when the bytes hold anything beyond the simple head
// described above, for gumbo to read.
std::optional<HeadTree> simple_head_tree(std::string_view bytes);

}  // namespace sitemaplint
