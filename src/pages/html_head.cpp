// Reads a page's HTML head: a light scan finds where the head ends (and what gumbo must not see),
// gumbo builds the tree of those bytes, and the elements the tree builder kept in <head> are read.
#include "pages/html_head.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gumbo.h>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

namespace sitemaplint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// ---------------------------------------------------------------------------------------- text

// HTML's ASCII white space.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char lower_char(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = lower_char(c);
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower_char(x) == lower_char(y); });
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// The non-empty pieces of `text` between any of the `separators`.
std::vector<std::string_view> split(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> pieces;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find_first_of(separators), text.size());
    if (end > 0) pieces.push_back(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return pieces;
}

constexpr std::string_view kSpaces = " \t\n\f\r";

// ---------------------------------------------------------------------- where the head ends

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

// gumbo takes time quadratic in the attributes of one element (it checks each for a duplicate);
// a tag with more than this many ends the reading there, as a page built to stall the parser.
constexpr std::size_t kMaxAttributes = 256;

// The bytes of a page to give gumbo, as the scan found them.
struct HeadExtent {
  std::size_t size = 0;  // up to the tag that begins the body, or all that was scanned
  bool body_found = false;  // a tag that begins the body ends them
  bool cut_short = false;  // stopped before the head ended, at a tag built to stall the parser
  // Bytes gumbo is not to see, [begin, end) ranges. The contents of the head's <template>
  // elements: they are inert (no search engine reads a tag there) and may nest without end, and
  // gumbo takes time quadratic in the depth of the tree. And DOCTYPE tokens: gumbo 0.10.1 leaks
  // one in a <noscript> in the head, and they decide nothing about a head (quirks mode only).
  std::vector<std::pair<std::size_t, std::size_t>> hidden;
};

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
    if (rest.size() >= 9 && iequals(rest.substr(0, 9), "<!doctype")) {
      const std::size_t end = past(text_.find('>', at));
      extent_.hidden.emplace_back(at, std::min(end, text_.size()));
      return end;
    }
    if (rest.size() > 1 && is_letter(rest[1])) return after_start_tag(at);
    if (rest.size() > 2 && rest[1] == '/' && is_letter(rest[2])) return after_end_tag(at);
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
      if (tag.attributes > kMaxAttributes || html_attributes_ > kMaxAttributes) return stop(at, true);
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
    tag.name = lower(text_.substr(from, at - from));
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
      if (!iequals(text_.substr(at + 2, name.size()), name)) continue;
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

// -------------------------------------------------------------------------------- URLs

boost::urls::string_view boost_view(std::string_view s) { return boost::urls::string_view(s.data(), s.size()); }

bool is_http_scheme(std::string_view scheme) { return iequals(scheme, "http") || iequals(scheme, "https"); }

bool is_scheme(std::string_view text) {
  return !text.empty() && is_letter(text.front()) && std::all_of(text.begin(), text.end(), [](char c) {
    return is_letter(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
  });
}

// Where the authority of a URI reference ends ("//host:port" after the scheme, if any); 0 when it
// has none.
std::size_t authority_end(std::string_view ref) {
  std::size_t at = 0;
  const std::size_t colon = ref.find(':');
  if (colon != npos && colon < ref.find_first_of("/?#") && is_scheme(ref.substr(0, colon))) at = colon + 1;
  if (ref.substr(at, 2) != "//") return 0;
  return std::min(ref.find_first_of("/?#", at + 2), ref.size());
}

bool needs_percent_encoding(unsigned char c) {
  return c <= 0x20 || c >= 0x7F || c == '"' || c == '<' || c == '>' || c == '^' || c == '`' || c == '{' || c == '|' ||
         c == '}';
}

// An href as the URI reference browsers make of it before they resolve it: white space around it
// and tabs and line breaks in it dropped, and bytes no URI may hold (non-ASCII, spaces) in its
// path, query and fragment percent-encoded. A host that is not ASCII is left alone (browsers would
// turn it into punycode), so the reference does not parse and stays unresolved.
std::string uri_reference(std::string_view href) {
  std::string cleaned;
  for (const char c : trim(href)) {
    if (c != '\t' && c != '\n' && c != '\r') cleaned += c;
  }
  const std::size_t keep = authority_end(cleaned);
  std::string out = cleaned.substr(0, keep);
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : std::string_view(cleaned).substr(keep)) {
    const auto byte = static_cast<unsigned char>(c);
    if (!needs_percent_encoding(byte)) {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
  return out;
}

// The URL, without the ".." segments that would climb above the root ("/../a"): Boost.URL 1.81
// keeps them, where RFC 3986's remove_dot_segments (section 5.2.4) and browsers drop them.
std::string without_segments_above_root(const boost::urls::url& url) {
  const std::string_view buffer = url.buffer();
  const std::string_view path = url.encoded_path();
  std::size_t drop = 0;
  while (path.substr(drop).starts_with("/..") && (path.size() == drop + 3 || path[drop + 3] == '/')) drop += 3;
  if (drop == 0) return std::string(buffer);
  const std::size_t path_at = static_cast<std::size_t>(path.data() - buffer.data());
  return std::string(buffer.substr(0, path_at)) + (drop == path.size() ? "/" : "") +
         std::string(buffer.substr(path_at + drop));
}

// `href` resolved as RFC 3986 (section 5.2) resolves a reference against `base`; empty unless
// that gives an http(s) URL with a host (a javascript: link, a malformed one, no usable base).
std::string resolve_http_url(std::string_view href, std::string_view base) {
  const std::string ref = uri_reference(href);
  const auto parsed = boost::urls::parse_uri_reference(boost_view(ref));
  if (!parsed) return {};
  boost::urls::url resolved;
  if (parsed->has_scheme()) {
    // Resolved against itself, an absolute reference only loses its dot segments, as 5.2.2 says.
    if (!boost::urls::resolve(*parsed, *parsed, resolved)) return {};
  } else {
    const auto base_url = boost::urls::parse_uri(boost_view(base));
    if (!base_url || !boost::urls::resolve(*base_url, *parsed, resolved)) return {};
  }
  if (!is_http_scheme(resolved.scheme()) || resolved.encoded_host().empty()) return {};
  resolved.normalize_scheme();  // "Https:" is "https:" (RFC 3986, 3.1), as every URL compared later is
  return without_segments_above_root(resolved);
}

// ------------------------------------------------------------------------------ directives

// Whether a robots meta tag's content forbids indexing. Directives are separated by commas;
// "noindex" and "none" forbid, whatever their case. A directive with a value ("max-snippet: 5",
// "max-image-preview: none", and "googlebot: noindex", a header's form) is not one of them. Words
// separated by white space or ';' alone ("noindex nofollow") are read as directives too: the
// author meant them so, and a search engine may read them so.
bool forbids_indexing(std::string_view content) {
  for (const std::string_view directive : split(content, ",")) {
    if (directive.find(':') != npos) continue;
    for (const std::string_view word : split(directive, " \t\n\f\r;")) {
      if (iequals(word, "noindex") || iequals(word, "none")) return true;
    }
  }
  return false;
}

// The URL of a meta refresh's content ("5; url='/next'"), as HTML's "shared declarative refresh
// steps" read it; nullopt when it names none (a bare delay) or is malformed.
std::optional<std::string_view> refresh_target(std::string_view content) {
  std::size_t at = 0;
  const auto skip = [&](auto&& wanted) {
    const std::size_t from = at;
    while (at < content.size() && wanted(content[at])) ++at;
    return at > from;
  };
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto nonempty = [](std::string_view url) { return url.empty() ? std::nullopt : std::optional(url); };
  skip(is_space);
  if (!skip(is_digit) && (at == content.size() || content[at] != '.')) return std::nullopt;
  skip([&](char c) { return is_digit(c) || c == '.'; });
  if (at == content.size()) return std::nullopt;
  if (content[at] != ';' && content[at] != ',' && !is_space(content[at])) return std::nullopt;
  skip(is_space);
  if (at < content.size() && (content[at] == ';' || content[at] == ',')) ++at;
  skip(is_space);
  // "url=" may come first; letters that do not make it belong to the URL itself.
  const std::size_t url_start = at;
  if (at < content.size() && lower_char(content[at]) == 'u') {
    if (!iequals(content.substr(at, 3), "url")) return nonempty(content.substr(url_start));
    at += 3;
    skip(is_space);
    if (at == content.size() || content[at] != '=') return nonempty(content.substr(url_start));
    ++at;
    skip(is_space);
  }
  std::string_view url = content.substr(at);
  if (!url.empty() && (url.front() == '"' || url.front() == '\'')) {
    const char quote = url.front();
    url.remove_prefix(1);
    url = url.substr(0, url.find(quote));
  }
  return nonempty(url);
}

// The charset a Content-Type value names ("text/html; charset=utf-8"), as HTML's "algorithm for
// extracting a character encoding from a meta element" finds it; empty when none.
std::string_view content_type_charset(std::string_view content) {
  const std::string lowered = lower(content);
  for (std::size_t at = 0; (at = lowered.find("charset", at)) != npos;) {
    at += 7;
    while (at < content.size() && is_space(content[at])) ++at;
    if (at == content.size() || content[at] != '=') continue;
    ++at;
    while (at < content.size() && is_space(content[at])) ++at;
    if (at == content.size()) return {};
    const char quote = content[at];
    if (quote == '"' || quote == '\'') {
      const std::size_t close = content.find(quote, at + 1);
      return close == npos ? std::string_view() : content.substr(at + 1, close - at - 1);
    }
    const std::size_t end = std::min(content.find_first_of(" \t\n\f\r;", at), content.size());
    return content.substr(at, end - at);
  }
  return {};
}

std::string collapse_white_space(std::string_view text) {
  std::string out;
  for (const std::string_view word : split(text, kSpaces)) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

// ---------------------------------------------------------------------------------- tree

// gumbo's tree of some bytes, freed with it.
class ParsedHtml {
 public:
  explicit ParsedHtml(std::string_view html) : options_(parse_options()) {
    output_ = gumbo_parse_with_options(&options_, html.empty() ? "" : html.data(), html.size());
  }
  ~ParsedHtml() {
    if (output_) gumbo_destroy_output(&options_, output_);
  }
  ParsedHtml(const ParsedHtml&) = delete;
  ParsedHtml& operator=(const ParsedHtml&) = delete;

  const GumboNode* root() const { return output_ ? output_->root : nullptr; }

  // The <head> or <body> the tree builder made (always, even without their tags).
  const GumboNode* section(GumboTag tag) const {
    if (!root()) return nullptr;
    const GumboVector& children = root()->v.element.children;
    for (unsigned i = 0; i < children.length; ++i) {
      const auto* child = static_cast<const GumboNode*>(children.data[i]);
      if (child->type == GUMBO_NODE_ELEMENT && child->v.element.tag == tag) return child;
    }
    return nullptr;
  }

 private:
  static GumboOptions parse_options() {
    GumboOptions options = kGumboDefaultOptions;
    // No parse errors are kept: each copies the stack of open elements, quadratic memory on a
    // deep tree, and nothing here reads them.
    options.max_errors = 0;
    return options;
  }

  GumboOptions options_;
  GumboOutput* output_ = nullptr;
};

std::optional<std::string_view> attribute(const GumboElement& element, const char* name) {
  const GumboAttribute* found = gumbo_get_attribute(&element.attributes, name);
  if (!found) return std::nullopt;
  return std::string_view(found->value);
}

// The elements among a node's children, in order.
std::vector<const GumboNode*> child_elements(const GumboNode& node) {
  std::vector<const GumboNode*> out;
  const GumboVector& children = node.v.element.children;
  for (unsigned i = 0; i < children.length; ++i) {
    const auto* child = static_cast<const GumboNode*>(children.data[i]);
    // A <template> is a node of its own type: its content is inert and is not read.
    if (child->type == GUMBO_NODE_ELEMENT) out.push_back(child);
  }
  return out;
}

std::string text_of(const GumboElement& element) {
  std::string out;
  const GumboVector& children = element.children;
  for (unsigned i = 0; i < children.length; ++i) {
    const auto* child = static_cast<const GumboNode*>(children.data[i]);
    if (child->type == GUMBO_NODE_TEXT || child->type == GUMBO_NODE_WHITESPACE || child->type == GUMBO_NODE_CDATA) {
      out += child->v.text.text;
    }
  }
  return out;
}

// Reads the elements of a head into HeadFacts.
class HeadReader {
 public:
  // `skipped`: bytes of the page before what gumbo parsed (a byte order mark), added to its offsets.
  HeadReader(std::string_view page_url, HeadFacts& facts, std::size_t skipped)
      : base_url_(page_url), facts_(facts), skipped_(skipped) {}

  void read(const GumboNode& head) {
    const std::vector<const GumboNode*> elements = child_elements(head);
    use_first_base(elements);
    for (const GumboNode* node : elements) {
      read_element(node->v.element);
      // No script runs: <noscript> holds markup, and the <meta> and <link> elements the tree
      // builder keeps in it are in the head for a crawler that runs no script.
      if (node->v.element.tag == GUMBO_TAG_NOSCRIPT) {
        for (const GumboNode* inner : child_elements(*node)) read_element(inner->v.element);
      }
    }
  }

 private:
  // Every relative link in the page resolves against the first <base href>, wherever it stands in
  // the head; one that does not resolve leaves the page's own URL, as in browsers.
  void use_first_base(const std::vector<const GumboNode*>& elements) {
    for (const GumboNode* node : elements) {
      if (node->v.element.tag != GUMBO_TAG_BASE) continue;
      const auto href = attribute(node->v.element, "href");
      if (!href) continue;
      if (std::string base = resolve_http_url(*href, base_url_); !base.empty()) base_url_ = std::move(base);
      return;
    }
  }

  void read_element(const GumboElement& element) {
    switch (element.tag) {
      case GUMBO_TAG_META: read_meta(element); break;
      case GUMBO_TAG_LINK: read_link(element); break;
      case GUMBO_TAG_TITLE:
        if (!seen_title_) facts_.title = collapse_white_space(text_of(element));
        seen_title_ = true;
        break;
      default: break;
    }
  }

  void read_meta(const GumboElement& element) {
    const std::size_t line = element.start_pos.line;
    const auto content = attribute(element, "content");
    if (const auto name = attribute(element, "name"); name && content) {
      const std::string agent = lower(trim(*name));
      if ((agent == "robots" || agent == "googlebot") && forbids_indexing(*content)) {
        facts_.noindex.push_back(
            {"<meta name=\"" + agent + "\">", std::string(trim(*content)), line, element.start_pos.offset + skipped_});
      }
    }
    if (const auto http_equiv = attribute(element, "http-equiv"); http_equiv && content) {
      const std::string_view header = trim(*http_equiv);
      if (iequals(header, "refresh") && !facts_.refresh) {
        if (const auto target = refresh_target(*content)) facts_.refresh = link_to(*target, element);
      }
      if (iequals(header, "content-type") && facts_.charset.empty()) {
        facts_.charset = std::string(content_type_charset(*content));
      }
    }
    if (const auto charset = attribute(element, "charset"); charset && facts_.charset.empty()) {
      facts_.charset = std::string(trim(*charset));
    }
  }

  void read_link(const GumboElement& element) {
    const auto rel = attribute(element, "rel");
    const auto href = attribute(element, "href");
    if (!rel || !href) return;
    bool canonical = false;
    bool alternate = false;
    for (const std::string_view token : split(*rel, kSpaces)) {
      canonical = canonical || iequals(token, "canonical");
      alternate = alternate || iequals(token, "alternate");
    }
    if (canonical) facts_.canonicals.push_back(link_to(*href, element));
    const auto hreflang = attribute(element, "hreflang");
    if (alternate && hreflang) {
      PageLink link = link_to(*href, element);
      link.hreflang = std::string(*hreflang);
      facts_.alternates.push_back(std::move(link));
    }
  }

  PageLink link_to(std::string_view href, const GumboElement& element) const {
    PageLink link;
    link.href = std::string(href);
    link.url = resolve_http_url(href, base_url_);
    link.line = element.start_pos.line;
    link.offset = element.start_pos.offset + skipped_;
    return link;
  }

  std::string base_url_;
  HeadFacts& facts_;
  std::size_t skipped_;
  bool seen_title_ = false;
};

bool has_children(const GumboNode* node) { return node && node->v.element.children.length > 0; }

// The bytes gumbo is to parse: the extent, with what it is not to see blanked out (line breaks
// kept, so that the lines gumbo counts stay those of the page).
std::string_view bytes_to_parse(std::string_view html, const HeadExtent& extent, std::string& storage) {
  const std::string_view head = html.substr(0, extent.size);
  if (extent.hidden.empty()) return head;
  storage.assign(head);
  for (const auto& [begin, end] : extent.hidden) {
    for (std::size_t i = begin; i < end && i < storage.size(); ++i) {
      if (storage[i] != '\n' && storage[i] != '\r') storage[i] = ' ';
    }
  }
  return storage;
}

}  // namespace

HeadFacts read_html_head(std::string_view html, std::string_view page_url, std::size_t max_bytes) {
  // gumbo does not drop a byte order mark: it would be text, and text ends the head.
  const std::size_t skipped = html.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  html.remove_prefix(skipped);
  const std::string_view scanned = html.substr(0, std::min(html.size(), max_bytes));
  const HeadExtent extent = HeadScanner(scanned).scan();
  std::string storage;
  const ParsedHtml tree(bytes_to_parse(html, extent, storage));

  HeadFacts facts;
  if (const GumboNode* root = tree.root()) {
    if (const auto lang = attribute(root->v.element, "lang")) facts.lang = std::string(*lang);
  }
  if (const GumboNode* head = tree.section(GUMBO_TAG_HEAD)) HeadReader(page_url, facts, skipped).read(*head);
  // All of max_bytes read (or passed: a caller may read only that much of the page) without a tag
  // that begins the body: the head is known to be whole only if something in them (text) began it.
  const bool more_may_follow = !html.empty() && html.size() >= max_bytes;
  facts.truncated =
      extent.cut_short || (!extent.body_found && more_may_follow && !has_children(tree.section(GUMBO_TAG_BODY)));
  return facts;
}

}  // namespace sitemaplint
