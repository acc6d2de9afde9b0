// Reads a page's HTML head: the scan of head_scanner finds where the head ends (and what gumbo
// must not see), gumbo builds the tree of those bytes, and the elements the tree builder kept in
// <head> are read into HeadFacts, their links resolved by url_resolution.
#include "pages/html_head.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gumbo.h>

#include "analysis/ascii.h"
#include "pages/head_scanner.h"
#include "pages/html_text.h"
#include "pages/meta_content.h"
#include "pages/url_resolution.h"

namespace sitemaplint {
namespace {

using html::kSpaces;
using html::split;
using html::trim;

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
      const std::string agent = ascii_lowered(trim(*name));
      if ((agent == "robots" || agent == "googlebot") && forbids_indexing(*content)) {
        facts_.noindex.push_back(
            {"<meta name=\"" + agent + "\">", std::string(trim(*content)), line, element.start_pos.offset + skipped_});
      }
    }
    if (const auto http_equiv = attribute(element, "http-equiv"); http_equiv && content) {
      const std::string_view header = trim(*http_equiv);
      if (ascii_equal_ignoring_case(header, "refresh") && !facts_.refresh) {
        if (const auto target = refresh_target(*content)) facts_.refresh = link_to(*target, element);
      }
      if (ascii_equal_ignoring_case(header, "content-type") && facts_.charset.empty()) {
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
      canonical = canonical || ascii_equal_ignoring_case(token, "canonical");
      alternate = alternate || ascii_equal_ignoring_case(token, "alternate");
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

}  // namespace

HeadFacts read_html_head(std::string_view html, std::string_view page_url, std::size_t max_bytes) {
  // gumbo does not drop a byte order mark: it would be text, and text ends the head.
  const std::size_t skipped = html.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  html.remove_prefix(skipped);
  const std::string_view scanned = html.substr(0, std::min(html.size(), max_bytes));
  const HeadExtent extent = scan_head_extent(scanned);
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
