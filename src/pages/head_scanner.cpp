// The scan that finds where a page's head ends (head_scanner.h): the HTML tokenizer's states that
// matter for it, followed byte by byte, and the tree builder's rule for which start tags stay in
// the head.
#include "pages/head_scanner.h"

#include <algorithm>
#include <array>

#include "analysis/ascii.h"
#include "pages/html_text.h"

namespace sitemaplint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

using html::is_space;

// Start tags the HTML tree builder puts in the head (also after </head>, which it reopens for
// them). Any other start tag outside a <template> begins the body. End tags are left to gumbo:
// </br>, </body> and </html> end the head too, but not inside a <noscript> in it.
bool stays_in_head(std::string_view tag) {
  static constexpr std::array<std::string_view, 13> kTags = {"base",  "basefont", "bgsound",  "head",     "html",
                                                             "link",  "meta",     "noframes", "noscript", "script",
                                                             "style", "template", "title"};
  return std::find(kTags.begin(), kTags.end(), tag) != kTags.end();
}

// Elements whose content is text up to their end tag: a '<' inside is no markup.
bool is_raw_text(std::string_view tag) {
  static constexpr std::array<std::string_view, 8> kTags = {"iframe", "noembed",  "noframes", "script",
                                                            "style",  "textarea", "title",    "xmp"};
  return std::find(kTags.begin(), kTags.end(), tag) != kTags.end();
}

// The start or end tag that begins at some '<', as far as the scan needs it.
struct Tag {
  std::string name;  // lower case
  std::size_t end = npos;  // just past its '>'; npos when the text ends inside it
  std::size_t attributes = 0;
};

// Finds where the head of a page ends by following the HTML tokenizer through comments, tags (a
// '>' in a quoted attribute value does not end one) and raw text, without building anything. It
// never stops earlier than gumbo's tree builder would end the head; where it cannot tell, it reads
// on. Text outside tags may also end the head: gumbo decides that, and the tags the scan lets
// through after it all belong in a head. Where a <template> ends is the scan's to say, as gumbo
// sees none of its content; only contrived markup makes that differ from a browser's (<svg> or
// <math> in the template, holding a CDATA section or an element named like a raw-text one).
class HeadScanner {
 public:
  explicit HeadScanner(std::string_view text) : text_(text) {}

  HeadExtent scan() {
    std::size_t at = 0;
    while (!done_ && (at = text_.find('<', at)) != npos) at = after_markup(at);
    if (!done_) extent_.size = text_.size();
    if (templates_ > 0) extent_.hidden.emplace_back(template_content_from_, extent_.size);
    return extent_;
  }

 private:
  // Where scanning goes on after the markup (or the lone '<') at `at`; npos when the text ends in it.
  std::size_t after_markup(std::size_t at) {
    const std::string_view rest = text_.substr(at);
    if (rest.starts_with("<!--")) return after_comment(at + 4);
    if (rest.size() >= 9 && ascii_equal_ignoring_case(rest.substr(0, 9), "<!doctype")) {
      const std::size_t end = past(text_.find('>', at));
      extent_.hidden.emplace_back(at, std::min(end, text_.size()));
      return end;
    }
    if (rest.size() > 1 && is_ascii_alpha(rest[1])) return after_start_tag(at);
    if (rest.size() > 2 && rest[1] == '/' && is_ascii_alpha(rest[2])) return after_end_tag(at);
    // "<!x...>", "<?...>", "</1...>": a bogus comment, up to the first '>'.
    if (rest.starts_with("<!") || rest.starts_with("<?") || rest.starts_with("</")) return past(text_.find('>', at));
    return at + 1;  // a '<' that begins no markup is text
  }

  // The comment's content starts at `from`. "<!-->" and "<!--->" are whole comments, and "--!>"
  // closes one as "-->" does.
  std::size_t after_comment(std::size_t from) const {
    const std::string_view rest = text_.substr(from);
    if (rest.starts_with(">")) return from + 1;
    if (rest.starts_with("->")) return from + 2;
    for (std::size_t dashes = text_.find("--", from); dashes != npos; dashes = text_.find("--", dashes + 1)) {
      const std::string_view after = text_.substr(dashes + 2);
      if (after.starts_with(">")) return dashes + 3;
      if (after.starts_with("!>")) return dashes + 4;
    }
    return npos;
  }

  std::size_t after_start_tag(std::size_t at) {
    const Tag tag = read_tag(at + 1);
    if (templates_ > 0) {
      if (tag.name == "template") ++templates_;
      if (tag.name == "plaintext") return npos;  // all that follows is its text, in the template
    } else {
      if (!stays_in_head(tag.name)) return stop(at, false);
      if (tag.name == "html") html_attributes_ += tag.attributes;
      if (tag.attributes > kMaxHeadTagAttributes || html_attributes_ > kMaxHeadTagAttributes) return stop(at, true);
      if (tag.name == "template") {
        templates_ = 1;
        template_content_from_ = std::min(tag.end, text_.size());
      }
    }
    if (tag.end != npos && is_raw_text(tag.name)) return end_of_raw_text(tag.end, tag.name);
    return tag.end;
  }

  std::size_t after_end_tag(std::size_t at) {
    const Tag tag = read_tag(at + 2);
    if (templates_ > 0 && tag.name == "template" && --templates_ == 0)
      extent_.hidden.emplace_back(template_content_from_, at);
    return tag.end;
  }

  std::size_t stop(std::size_t at, bool cut_short) {
    extent_.size = at;
    extent_.body_found = !cut_short;
    extent_.cut_short = cut_short;
    done_ = true;
    return npos;
  }

  // The tag whose name starts at `from`, read through its attributes as the tokenizer reads them.
  Tag read_tag(std::size_t from) const {
    Tag tag;
    std::size_t at = from;
    while (at < text_.size() && !is_space(text_[at]) && text_[at] != '/' && text_[at] != '>') ++at;
    tag.name = ascii_lowered(text_.substr(from, at - from));
    enum class State { BeforeName, Name, AfterName, BeforeValue, UnquotedValue } state = State::BeforeName;
    for (; at < text_.size(); ++at) {
      const char c = text_[at];
      if (c == '>') {
        tag.end = at + 1;
        return tag;
      }
      switch (state) {
        case State::BeforeName:
          if (!is_space(c) && c != '/') state = State::Name, ++tag.attributes;
          break;
        case State::Name:
          if (is_space(c)) state = State::AfterName;
          else if (c == '/') state = State::BeforeName;
          else if (c == '=') state = State::BeforeValue;
          break;
        case State::AfterName:
          if (c == '/') state = State::BeforeName;
          else if (c == '=') state = State::BeforeValue;
          else if (!is_space(c)) state = State::Name, ++tag.attributes;
          break;
        case State::BeforeValue:
          if (c == '"' || c == '\'') {
            at = text_.find(c, at + 1);
            if (at == npos) return tag;
            state = State::BeforeName;
          } else if (!is_space(c)) {
            state = State::UnquotedValue;
          }
          break;
        case State::UnquotedValue:
          if (is_space(c)) state = State::BeforeName;
          break;
      }
    }
    return tag;
  }

  // Where the end tag "</name" (followed by white space, '/' or '>') begins, from `from` on.
  std::size_t end_of_raw_text(std::size_t from, std::string_view name) const {
    for (std::size_t at = text_.find("</", from); at != npos; at = text_.find("</", at + 2)) {
      const std::size_t after = at + 2 + name.size();
      if (after > text_.size()) return npos;
      if (!ascii_equal_ignoring_case(text_.substr(at + 2, name.size()), name)) continue;
      if (after == text_.size() || is_space(text_[after]) || text_[after] == '/' || text_[after] == '>') return at;
    }
    return npos;
  }

  static std::size_t past(std::size_t at) { return at == npos ? npos : at + 1; }

  std::string_view text_;
  HeadExtent extent_;
  bool done_ = false;
  std::size_t templates_ = 0;  // <template> elements open in the head
  std::size_t template_content_from_ = 0;  // where the content of the outermost one began
  std::size_t html_attributes_ = 0;  // gumbo merges every <html> tag's attributes into one element
};

}  // namespace

HeadExtent scan_head_extent(std::string_view text) { return HeadScanner(text).scan(); }

std::string_view bytes_to_parse(std::string_view text, const HeadExtent& extent, std::string& storage) {
  const std::string_view head = text.substr(0, extent.size);
  if (extent.hidden.empty()) return head;
  storage.assign(head);
  for (const auto& [begin, end] : extent.hidden) {
    for (std::size_t i = begin; i < end && i < storage.size(); ++i) {
      if (storage[i] != '\n' && storage[i] != '\r') storage[i] = ' ';
    }
  }
  return storage;
}

}  // namespace sitemaplint
