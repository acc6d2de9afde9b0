// The scan that finds where a page's head ends (head_scanner.h): the HTML tokenizer's states that
// matter for it, followed byte by byte, and the tree builder's rule for which start tags stay in
// the head.
#include "pages/head_scanner.h"

#include <algorithm>
#include <optional>

#include "analysis/ascii.h"
#include "pages/html_tag.h"
#include "pages/html_text.h"

namespace sitemaplint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

using html::is_space;

// Start tags the HTML tree builder puts in the head (also after </head>, which it reopens for
// them). Any other start tag outside a <template> begins the body. End tags are left to gumbo:
// </br>, </body> and </html> end the head too, but not inside a <noscript> in it.
bool stays_in_head(std::string_view tag) {
  // By length first: a tag's name is compared only with those of its length (each of a page's
  // tags in its head is looked up here).
  switch (tag.size()) {
    case 4: return tag == "base" || tag == "head" || tag == "html" || tag == "link" || tag == "meta";
    case 5: return tag == "style" || tag == "title";
    case 6: return tag == "script";
    case 7: return tag == "bgsound";
    case 8: return tag == "basefont" || tag == "noframes" || tag == "noscript" || tag == "template";
    default: return false;
  }
}

// Elements whose content is text up to their end tag: a '<' inside is no markup.
bool is_raw_text(std::string_view tag) {
  switch (tag.size()) {
    case 3: return tag == "xmp";
    case 5: return tag == "style" || tag == "title";
    case 6: return tag == "iframe" || tag == "script";
    case 7: return tag == "noembed";
    case 8: return tag == "noframes" || tag == "textarea";
    default: return false;
  }
}

// The start or end tag that begins at some '<', as far as the scan needs it.
struct Tag {
  std::string name;  // lower case
  std::size_t end = npos;  // just past its '>'; npos when the text ends inside it
  std::size_t attributes = 0;
  // The first value of each attribute that decides whether a <meta> or <link> is read, as
  // written (quotes removed); nullopt when the tag has no such attribute.
  std::optional<std::string_view> name_value, rel, http_equiv, charset;
};

// Whether a page rule may read the element `tag` starts (html_head.cpp's HeadReader reads
// <meta name="robots|googlebot">, <meta http-equiv>, <meta charset>, and <link rel> with
// canonical or alternate). A value with a character reference may decode to anything: read.
bool may_be_read(const Tag& tag) {
  const auto has_reference = [](std::string_view value) { return value.find('&') != npos; };
  if (tag.name == "meta") {
    if (tag.http_equiv || tag.charset) return true;
    if (!tag.name_value) return false;
    const std::string agent = ascii_lowered(html::trim(*tag.name_value));
    return has_reference(agent) || agent == "robots" || agent == "googlebot";
  }
  if (tag.name == "link") {
    if (!tag.rel) return false;
    if (has_reference(*tag.rel)) return true;
    for (const std::string_view token : html::split(*tag.rel, html::kSpaces)) {
      if (ascii_equal_ignoring_case(token, "canonical") || ascii_equal_ignoring_case(token, "alternate")) return true;
    }
    return false;
  }
  return true;
}

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
    std::size_t at = 0, from = 0;
    while (!done_ && (at = text_.find('<', from)) != npos) {
      hide_if_space(from, at);
      from = after_markup(at);
    }
    if (!done_) extent_.size = text_.size();
    if (templates_ > 0) extent_.hidden.emplace_back(template_content_from_, extent_.size);
    return extent_;
  }

 private:
  // Where scanning goes on after the markup (or the lone '<') at `at`; npos when the text ends in it.
  std::size_t after_markup(std::size_t at) {
    const std::string_view rest = text_.substr(at);
    if (rest.starts_with("<!--")) return hide(at, after_comment(at + 4));
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
      if (!may_be_read(tag)) hide(at, tag.end);
    }
    if (tag.end != npos && is_raw_text(tag.name)) {
      const std::size_t content_end = html::raw_text_end(text_, tag.end, tag.name);
      // A script's or a style's text is read by no rule; a <title>'s is.
      if (templates_ == 0 && tag.name != "title") hide(tag.end, content_end);
      return content_end;
    }
    return tag.end;
  }

  // Leaves [from, to) out of what gumbo parses, outside a template (whose content is left out
  // whole) and when it ends in the text; returns `to`.
  std::size_t hide(std::size_t from, std::size_t to) {
    if (templates_ == 0 && to != npos && to > from) extent_.hidden.emplace_back(from, to);
    return to;
  }

  // White space between tags, which gumbo would read a character at a time into text nodes.
  void hide_if_space(std::size_t from, std::size_t to) {
    if (to <= from) return;
    for (std::size_t i = from; i < to; ++i) {
      if (!is_space(text_[i])) return;
    }
    hide(from, to);
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
    const std::string_view name = html::tag_name(text_, from);
    tag.name = ascii_lowered(name);
    const bool wants_values = tag.name == "meta" || tag.name == "link";
    const html::TagRead read =
        html::read_attributes(text_, from + name.size(), [&](std::string_view attribute, std::string_view value) {
          if (wants_values) remember(tag, attribute, value);
        });
    tag.end = read.end;
    tag.attributes = read.attributes;
    return tag;
  }

  // Keeps the first value of the attributes may_be_read looks at.
  static void remember(Tag& tag, std::string_view name, std::string_view value) {
    std::optional<std::string_view>* slot = nullptr;
    if (ascii_equal_ignoring_case(name, "name")) slot = &tag.name_value;
    if (ascii_equal_ignoring_case(name, "rel")) slot = &tag.rel;
    if (ascii_equal_ignoring_case(name, "http-equiv")) slot = &tag.http_equiv;
    if (ascii_equal_ignoring_case(name, "charset")) slot = &tag.charset;
    if (slot && !*slot) *slot = value;
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

std::size_t ParsedOffsets::operator()(std::size_t parsed) const {
  const auto after = std::upper_bound(runs_.begin(), runs_.end(), parsed,
                                      [](std::size_t at, const auto& run) { return at < run.first; });
  if (after == runs_.begin()) return parsed;
  const auto& [run_parsed, run_text] = *std::prev(after);
  return run_text + (parsed - run_parsed);
}

std::string_view bytes_to_parse(std::string_view text, const HeadExtent& extent, std::string& storage,
                                ParsedOffsets& offsets) {
  const std::string_view head = text.substr(0, extent.size);
  offsets.start_run(0, 0);
  if (extent.hidden.empty()) return head;
  std::vector<std::pair<std::size_t, std::size_t>> hidden = extent.hidden;
  std::sort(hidden.begin(), hidden.end());
  storage.clear();
  storage.reserve(head.size());
  std::size_t kept_from = 0;
  for (auto [begin, end] : hidden) {
    begin = std::max(begin, kept_from);
    end = std::min(end, head.size());
    if (begin >= end) continue;
    if (begin > kept_from) {
      offsets.start_run(storage.size(), kept_from);
      storage.append(head.substr(kept_from, begin - kept_from));
    }
    for (std::size_t i = begin; i < end; ++i) {
      if (head[i] == '\n' || head[i] == '\r') storage += head[i];
    }
    kept_from = end;
  }
  if (kept_from < head.size()) {
    offsets.start_run(storage.size(), kept_from);
    storage.append(head.substr(kept_from));
  }
  return storage;
}

}  // namespace sitemaplint
