// The shapes most rules of an extension family share, so that each rule file holds only its own
// check; `family` is the family's constant in its schema header (kImageFamily, kVideoFamily ...):
//   BlockRule<family>      - each block of the family in a page (<video:video> in a <url>);
//   ChildRule<family>      - each child of such a block with one of some names (every occurrence);
//   TooLong<family>        - a ChildRule that holds a text to a length;
//   OutsideUrlRule<family> - the family's blocks anywhere but in a <url>;
//   UrlRule                - one kind of extension URL field of a page, when it is usable (the URL
//                            rules report the others), with the page's entry at hand;
//   IsPageRule             - a UrlRule that reports the field when it is the page's own <loc>.
// The rules of extension_rules.h are whole rules the families instantiate with their schema.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "rules/extension/extension_specs.h"
#include "rules/extension/extension_support.h"
#include "rules/extension/extension_urls.h"
#include "rules/rule_support.h"
#include "url_analysis.h"

namespace sitemaplint {

template <const ExtensionFamily& family>
class BlockRule : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(family.ns, family.root->name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) final {
    if (is_page_block(family, block, entry)) check(block, out);
  }

 protected:
  virtual void check(const ExtensionBlock& block, FindingSink& out) = 0;
};

template <const ExtensionFamily& family>
class ChildRule : public BlockRule<family> {
 public:
  explicit ChildRule(std::span<const std::string_view> names) : names_(names) {
    for (std::string_view name : names_) names_present_ |= child_bit(family, name);
  }

 protected:
  void check(const ExtensionBlock& block, FindingSink& out) final {
    // A flat block (extension_specs.h) holds only known children of the root, and its memo marks
    // which: when none of them has one of this rule's names, there is no child to look at. A video
    // block's dozen child rules each compared every child's name otherwise, most of them finding
    // none (the memo is the one the structure rules fill for the same block).
    if (!may_have_child(family, block, names_present_)) return;
    for (std::string_view name : names_) {
      for_each_child_named(family, block, name, [&](const ExtensionNode& node) { check_child(node, out); });
    }
  }
  virtual void check_child(const ExtensionNode& node, FindingSink& out) = 0;

 private:
  std::span<const std::string_view> names_;
  std::uint64_t names_present_ = 0;  // bit k: the root's k-th child spec has one of the names
};

template <const ExtensionFamily& family>
class TooLong : public ChildRule<family> {
 public:
  // "<video:title> is 137 characters; `whose` allows at most 100"
  TooLong(std::span<const std::string_view> names, std::size_t limit, std::string_view whose)
      : ChildRule<family>(names), limit_(limit), whose_(whose) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) final {
    const std::string_view value = node.text.trimmed();
    if (value.size() <= limit_) return;  // no more bytes than the limit: no more code points either
    const std::size_t length = code_points(value);
    if (length <= limit_) return;
    report_value(node,
                 tag(node) + " is " + grouped(length) + " characters; " + std::string(whose_) + " allows at most " +
                     grouped(limit_) + ": shorten it",
                 out);
  }

 private:
  std::size_t limit_;
  std::string_view whose_;
};

// The family's blocks in an index's <sitemap>, or straight in the root: attached to no page.
template <const ExtensionFamily& family>
class OutsideUrlRule final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    // A block root straight in the root is an entry of its own; one in an index's <sitemap>, a block
    // of it. A <url> is neither: the usual entry costs no call.
    s.entries_showing(kEntryNotUrl);
    s.extension_blocks(family.ns);
  }
  void on_entry(const Entry& entry, FindingSink& out) override { report_outside_url(family, entry, out); }
};

class UrlRule : public Rule {
 public:
  explicit UrlRule(UrlFieldKind kind) : kind_(kind) {}
  void subscribe(Subscriptions& s) const override { s.urls({kind_}); }
  void on_url(const UrlField& url, FindingSink& out) final {
    if (url.kind != kind_ || !is_page_entry(*url.entry)) return;
    const UrlAnalysis& a = url.analysis();
    if (usable_url(a)) check(url, a, out);
  }

 protected:
  virtual void check(const UrlField& url, const UrlAnalysis& a, FindingSink& out) = 0;
  // Reports on the URL (without the white space around it); a related location names the page's <loc>.
  static void report(const UrlField& url, const UrlAnalysis& a, std::string message, FindingSink& out,
                     bool relate_to_page = false) {
    std::optional<RelatedLocation> related;
    if (relate_to_page) related = RelatedLocation{url.entry->loc.element_offset, "the page's <loc>", {}};
    out.report({.at = url_span(*url.field, a), .message = std::move(message), .related = std::move(related)});
  }

 private:
  UrlFieldKind kind_;
};

class IsPageRule : public UrlRule {
 public:
  // `advice` completes "<video:player_loc> is the page itself ('https://...'); ...".
  IsPageRule(UrlFieldKind kind, std::string_view advice) : UrlRule(kind), advice_(advice) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, FindingSink& out) final {
    if (!same_as_page(url, same_)) return;
    report(url, a, std::string(url.label) + " is the page itself (" + quoted(a.trimmed) + "); " + std::string(advice_),
           out, true);
  }

 private:
  std::string_view advice_;
  SameUrl same_;
};

}  // namespace sitemaplint
