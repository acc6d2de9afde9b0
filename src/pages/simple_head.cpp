// The simple head read without gumbo (simple_head.h). Every start tag read here puts its element
// in the head whatever came before it among these (the tree builder's "in head" rules, which
// "before head" and "after head" apply to them too): so the elements come in the order of their
// tags, and only the first <html> tag's attributes can be the root's (later ones add what it
// lacks). The tags are read as the HTML tokenizer reads them (13.2.5: tag name, attribute name
// and value states), with none of the characters that would make it change what it read.
#include "pages/simple_head.h"

#include "analysis/ascii.h"
#include "pages/html_tag.h"
#include "pages/page_decoding.h"

namespace sitemaplint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

using html::is_space;  // and a carriage return, which plain_bytes() leaves to gumbo

// Whether gumbo reads every byte as itself: no character reference ('&'), no NUL (replaced), no
// carriage return (a line feed), no other control character, and UTF-8 that decodes, without
// C1 controls and noncharacters (which gumbo may replace). Checked loosely: a byte pair that
// may belong to one of those sends the head to gumbo.
bool plain_bytes(std::string_view bytes) {
  bool ascii = true;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x80) {
      const auto next = i + 1 < bytes.size() ? static_cast<unsigned char>(bytes[i + 1]) : 0;
      if ((c == 0xC2 && next < 0xA0) || (c == 0xEF && next == 0xB7) || (c == 0xBF && next >= 0xBE)) return false;
      ascii = false;
    } else if (c == '&' || c == 0x7F || (c < 0x20 && c != '\t' && c != '\n' && c != '\f')) {
      return false;
    }
  }
  return ascii || !first_invalid_utf8(bytes, false);
}

class SimpleHead {
 public:
  explicit SimpleHead(std::string_view bytes) : bytes_(bytes) {}

  // False at anything this reading does not cover.
  bool read(HeadTree& tree) {
    std::size_t at = 0;
    for (;;) {
      while (at < bytes_.size() && is_space(bytes_[at])) ++at;
      if (at == bytes_.size()) return true;
      // Text other than white space begins the body; '<' begins no tag; comments, DOCTYPEs
      // and processing instructions are left to gumbo (head_scanner hides the usual ones).
      if (bytes_[at] != '<' || at + 2 >= bytes_.size()) return false;
      if (bytes_[at + 1] == '/') {
        // Only </head>: it ends the head or is ignored, and what follows goes in the head all
        // the same. Other end tags end the head or a <noscript>, or begin the body.
        const html::TagRead end = read_tag(at + 2, nullptr);
        if (end.end == npos || !ascii_equal_ignoring_case(end.name, "head")) return false;
        at = end.end;
        continue;
      }
      if (!is_ascii_alpha(bytes_[at + 1])) return false;
      const std::size_t begin = at;
      const auto first_attribute = static_cast<std::uint32_t>(tree.attributes.size());
      const html::TagRead tag = read_tag(at + 1, &tree);
      if (tag.end == npos) return false;
      at = tag.end;
      const auto element = [&](HeadTag kind) -> HeadElement& {
        HeadElement& made = tree.elements.emplace_back();
        made.tag = kind;
        made.line = line_of(begin);
        made.offset = begin;
        made.attributes_begin = first_attribute;
        made.attributes_end = static_cast<std::uint32_t>(tree.attributes.size());
        return made;
      };
      if (is(tag, "meta")) {
        element(HeadTag::Meta);
      } else if (is(tag, "link")) {
        element(HeadTag::Link);
      } else if (is(tag, "base")) {
        element(HeadTag::Base);
      } else if (is(tag, "title")) {
        // Its text up to </title>: no '&' to decode, so as written.
        const std::size_t text_end = raw_text_end(at, "title");
        if (text_end == npos) return false;
        element(HeadTag::Title).title = std::string(bytes_.substr(at, text_end - at));
        if ((at = end_tag_end(text_end)) == npos) return false;
      } else if (is(tag, "script") || is(tag, "style")) {
        // Emptied by head_scanner but for its line breaks: with no '<' in it, the tokenizer's
        // escapes in a script cannot keep its end tag from ending it.
        const std::size_t text_end = raw_text_end(at, tag.name);
        if (text_end == npos || bytes_.substr(at, text_end - at).find('<') != npos) return false;
        if ((at = end_tag_end(text_end)) == npos) return false;
        tree.attributes.resize(first_attribute);
      } else if (is(tag, "html")) {
        // The root takes the first tag's attributes, and those a later one adds: so the first
        // lang attribute of all.
        if (!tree.lang) {
          HeadElement root;
          root.attributes_begin = first_attribute;
          root.attributes_end = static_cast<std::uint32_t>(tree.attributes.size());
          tree.lang = tree.attribute(root, "lang");
        }
      } else if (is(tag, "head")) {
        tree.attributes.resize(first_attribute);  // it opens the head, or is ignored
      } else {
        return false;
      }
    }
  }

 private:
  static bool is(const html::TagRead& tag, std::string_view name) { return ascii_equal_ignoring_case(tag.name, name); }

  // The tag whose name begins at `from`, its attributes added to `tree` when given.
  html::TagRead read_tag(std::size_t from, HeadTree* tree) const {
    return html::read_tag(bytes_, from, [tree](std::string_view name, std::string_view value) {
      if (tree) tree->attributes.push_back({name, value});
    });
  }

  std::size_t raw_text_end(std::size_t from, std::string_view name) const {
    return html::raw_text_end(bytes_, from, name);
  }

  // Past the end tag at `at` (its '<'), through its attributes; npos when the bytes end in it.
  std::size_t end_tag_end(std::size_t at) const { return read_tag(at + 2, nullptr).end; }

  // The line of byte `at`, counting from 1: the tags come in order, so each count goes on from
  // the last.
  std::size_t line_of(std::size_t at) {
    for (; counted_to_ < at; ++counted_to_) line_ += bytes_[counted_to_] == '\n';
    return line_;
  }

  std::string_view bytes_;
  std::size_t counted_to_ = 0, line_ = 1;
};

}  // namespace

std::optional<HeadTree> simple_head_tree(std::string_view bytes) {
  if (!plain_bytes(bytes)) return std::nullopt;
  HeadTree tree;
  tree.elements.reserve(8);  // a usual head's, in one allocation each
  tree.attributes.reserve(16);
  if (!SimpleHead(bytes).read(tree)) return std::nullopt;
  return tree;
}

}  // namespace sitemaplint
