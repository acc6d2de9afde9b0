#include "rules/hreflang/utils/hreflang_link.h"

#include <array>
#include <cstring>
#include <tuple>

#include "analysis/ascii.h"
#include "analysis/language_subtags.h"
#include "analysis/message_text.h"
#include "analysis/same_url.h"

namespace sitemaplint {
namespace {

constexpr AttributeSpec kLinkAttributes[] = {{"rel"}, {"hreflang"}, {"href"}};
constexpr ElementSpec kLink{.name = "link", .attributes = kLinkAttributes};
constexpr AttributeSpec kMediaLinkAttributes[] = {{"rel"}, {"media"}, {"href"}};
constexpr ElementSpec kMediaLink{.name = "link", .attributes = kMediaLinkAttributes};

// Letters a-z (any case) as 1-26, five bits each; 0 marks an absent part.
std::uint64_t pack_letters(std::string_view letters) {
  std::uint64_t out = 0;
  for (char c : letters) out = (out << 5) | static_cast<std::uint64_t>(ascii_lower(c) - 'a' + 1);
  return out;
}

std::string unpack_letters(std::uint64_t bits, int count) {
  std::string out(static_cast<std::size_t>(count), '?');
  for (int i = count - 1; i >= 0; --i, bits >>= 5)
    out[static_cast<std::size_t>(i)] = static_cast<char>('a' + (bits & 31) - 1);
  return out;
}

}  // namespace

const ExtensionFamily kHreflangFamily{.name = "hreflang",
                                      .ns = kXhtmlNamespace,
                                      .prefix = "xhtml",
                                      .near_miss_pattern = R"(^w3\.org/1999/xhtml$)",
                                      .root = &kLink};

const ExtensionFamily kMediaAlternateFamily{.name = "hreflang",
                                            .ns = kXhtmlNamespace,
                                            .prefix = "xhtml",
                                            .near_miss_pattern = R"(^w3\.org/1999/xhtml$)",
                                            .root = &kMediaLink};

bool is_media_alternate(const ExtensionNode& link) { return link.attribute("media") && !link.attribute("hreflang"); }

bool rel_is_alternate(const Attribute* rel) {
  if (!rel) return false;
  constexpr std::string_view kAlternate = "alternate";
  // As nearly every sitemap writes it: no trimming, no case folding (four rules ask of each link).
  if (rel->value.value == kAlternate) return true;
  const std::string_view value = trim_xml_space(rel->value.value);
  if (value.size() != kAlternate.size()) return false;  // a second token makes it longer
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (ascii_lower(value[i]) != kAlternate[i]) return false;
  }
  return true;
}

CodeProblem code_problem(const LanguageTag& tag) {
  if (tag.shape != TagShape::Tag) return CodeProblem::None;
  if (tag.language.size() == 3) return CodeProblem::ThreeLetterLanguage;
  if (!is_iso639_1_language(tag.language)) {
    if (!replacement_for_withdrawn_language(tag.language).empty()) return CodeProblem::WithdrawnLanguage;
    if (is_iso3166_country(tag.language)) return CodeProblem::CountryAsLanguage;
    return CodeProblem::UnknownLanguage;
  }
  if (!tag.script.empty() && !is_iso15924_script(tag.script)) return CodeProblem::UnknownScript;
  if (tag.region.size() == 3) return CodeProblem::NumericRegion;
  if (!tag.region.empty() && !is_iso3166_country(tag.region) && !is_reserved_region(tag.region)) {
    return CodeProblem::UnknownRegion;
  }
  return CodeProblem::None;
}

bool has_reserved_region(const LanguageTag& tag) {
  return tag.shape == TagShape::Tag && tag.region.size() == 2 && is_reserved_region(tag.region);
}

// Layout: language (10 bits) << 30 | script (20 bits) << 10 | region (10 bits); never 0 or 1,
// since a language is never absent.
std::uint64_t code_key(const LanguageTag& tag) {
  if (tag.shape == TagShape::XDefault) return kXDefaultCode;
  if (tag.shape != TagShape::Tag || code_problem(tag) != CodeProblem::None) return kNoCode;
  return pack_letters(tag.language) << 30 | pack_letters(tag.script) << 10 | pack_letters(tag.region);
}

std::string code_text(std::uint64_t key) {
  if (key == kXDefaultCode) return "x-default";
  if (key == kNoCode) return {};
  std::string out = unpack_letters(key >> 30, 2);
  if (const std::uint64_t script = (key >> 10) & 0xFFFFF) {
    std::string s = unpack_letters(script, 4);
    s[0] = static_cast<char>(s[0] - 'a' + 'A');
    out += "-" + s;
  }
  if (const std::uint64_t region = key & 0x3FF) {
    std::string r = unpack_letters(region, 2);
    for (char& c : r) c = static_cast<char>(c - 'a' + 'A');
    out += "-" + r;
  }
  return out;
}

CodeFacts code_facts(std::string_view code) {
  // A kept value: its text, and each part of its tag as an offset and a size (a part is a slice
  // of the text, or absent).
  struct Known {
    std::array<char, 16> text;  // longer values are not kept
    std::uint8_t size = 0;  // 0: an empty slot (an empty value is not kept)
    TagShape shape = TagShape::Malformed;
    std::array<std::uint8_t, 6> parts{};  // language, script, region: offset, size
    std::uint64_t key = kNoCode;
    bool conventional_case = true, reserved_region = false;
  };
  // Plain arrays: thread-local storage that needs no constructor is reached without a call.
  thread_local std::array<Known, 4> known{};
  thread_local std::size_t next = 0;  // the slot the next new value takes
  const auto part = [&](const std::uint8_t* at) { return at[1] == 0 ? std::string_view() : code.substr(at[0], at[1]); };
  for (const Known& k : known) {
    if (k.size == 0 || k.size != code.size() || std::memcmp(k.text.data(), code.data(), code.size()) != 0) continue;
    CodeFacts facts;
    facts.tag.shape = k.shape;
    facts.tag.language = part(&k.parts[0]);
    facts.tag.script = part(&k.parts[2]);
    facts.tag.region = part(&k.parts[4]);
    facts.key = k.key;
    facts.conventional_case = k.conventional_case;
    facts.reserved_region = k.reserved_region;
    return facts;
  }
  CodeFacts facts;
  facts.tag = parse_language_tag(code);
  facts.key = code_key(facts.tag);
  facts.conventional_case = is_conventional_case(facts.tag);
  facts.reserved_region = has_reserved_region(facts.tag);
  if (!code.empty() && code.size() <= std::tuple_size_v<decltype(Known::text)>) {
    Known& k = known[next];
    next = (next + 1) % known.size();
    std::memcpy(k.text.data(), code.data(), code.size());
    k.size = static_cast<std::uint8_t>(code.size());
    k.shape = facts.tag.shape;
    const auto keep = [&](std::string_view p, std::uint8_t* at) {
      at[0] = p.empty() ? 0 : static_cast<std::uint8_t>(p.data() - code.data());
      at[1] = static_cast<std::uint8_t>(p.size());
    };
    keep(facts.tag.language, &k.parts[0]);
    keep(facts.tag.script, &k.parts[2]);
    keep(facts.tag.region, &k.parts[4]);
    k.key = facts.key;
    k.conventional_case = facts.conventional_case;
    k.reserved_region = facts.reserved_region;
  }
  return facts;
}

std::optional<LinkCode> link_code(const ExtensionBlock& block, const Entry& entry) {
  // Four rules read each link's code in turn: the block last read on this thread is read once
  // (its serial is unique in the process; 0, a block built by hand, is never kept).
  thread_local std::uint64_t last_serial = 0;
  thread_local std::optional<LinkCode> last;
  if (block.serial != 0 && block.serial == last_serial) return last;
  std::optional<LinkCode> link;
  const Attribute* hreflang = block.root().attribute("hreflang");
  if (entry.kind == EntryKind::Url && hreflang) {
    link = LinkCode{hreflang, trim_xml_space(hreflang->value.value), {}};
    link->tag = code_facts(link->code).tag;
  }
  if (block.serial != 0) {
    last_serial = block.serial;
    last = link;
  }
  return link;
}

Fix replace_code(const LinkCode& link, const std::string& replacement) {
  const Field& value = link.hreflang->value;
  return Fix{value.value_offset, value.raw.size(), replacement, "replace with " + quoted(replacement)};
}

bool HreflangLink::has_error() const {
  return !rel_is_alternate(rel) || !hreflang || code.empty() || !href || code_key == kNoCode || !href_usable;
}

bool is_comparable_url(const UrlAnalysis& a) { return usable_url(a) && a.trimmed.size() <= kMaxComparedUrl; }

std::uint64_t same_url_key(const UrlAnalysis& a, std::string* scratch) {
  return a.ascii_form.empty() ? a.same_url_key() : same_url_key(a.ascii_form, scratch);
}

std::string normal_form(const UrlAnalysis& a) {
  std::string out;
  normalise_url(a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form), &out);
  return out;
}

void EntryLinks::note_url(const UrlField& url) {
  if (url.kind != UrlFieldKind::HreflangHref) return;
  if (!hrefs_.empty() && hrefs_.back().entry != url.entry->index) hrefs_.clear();  // left from an entry not read
  hrefs_.push_back({url.entry->index, url.field, &url.analysis()});
}

namespace {

// The links of the entry last read on this thread, keyed by the serial of its first link block
// (unique in the process): the rules that read each entry's links (four, and the page collector)
// get them from one reading, as block_memo does for a block's shape.
struct LinksMemo {
  std::uint64_t serial = 0;
  std::vector<HreflangLink> links;
  bool any_error = false, loc_usable = false;
  std::uint64_t loc_key = 0;
};
thread_local LinksMemo links_memo;

}  // namespace

std::span<const HreflangLink> EntryLinks::read(const Entry& entry) {
  links_.clear();
  any_error_ = loc_usable_ = false;
  loc_key_ = 0;
  const ExtensionBlock* first = nullptr;
  if (entry.kind == EntryKind::Url) {
    for (const ExtensionBlock& block : entry.extensions) {
      if (is_link_block(block)) {
        first = &block;
        break;
      }
    }
  }
  if (!first) {
    hrefs_.clear();
    return {};
  }
  if (first->serial != 0 && links_memo.serial == first->serial) {
    any_error_ = links_memo.any_error;
    loc_usable_ = links_memo.loc_usable;
    loc_key_ = links_memo.loc_key;
    hrefs_.clear();
    // The memo's links themselves, not a copy of them: they stay until this thread reads another
    // entry's links, and every rule reads its entry's within on_entry.
    return links_memo.links;
  }
  std::size_t next_href = 0;  // hrefs were noted in the order of their links
  for (const ExtensionBlock& block : entry.extensions) {
    if (!is_link_block(block)) continue;
    const ExtensionNode& root = block.root();
    HreflangLink& link = links_.emplace_back();
    link.node = &root;
    link.rel = root.attribute("rel");
    link.hreflang = root.attribute("hreflang");
    link.href = root.attribute("href");
    if (link.hreflang) link.code = trim_xml_space(link.hreflang->value.value);
    const CodeFacts facts = code_facts(link.code);
    link.tag = facts.tag;
    link.code_key = facts.key;
    for (std::size_t k = next_href; link.href && k < hrefs_.size(); ++k) {
      if (hrefs_[k].entry == entry.index && hrefs_[k].field == &link.href->value) {
        link.href_analysis = hrefs_[k].analysis;
        next_href = k + 1;
        break;
      }
    }
    link.href_usable = link.href_analysis && is_comparable_url(*link.href_analysis);
    any_error_ |= link.has_error();
  }
  hrefs_.clear();
  if (entry.loc.present && is_comparable_url(entry.loc_analysis())) {
    loc_usable_ = true;
    loc_key_ = same_url_key(entry.loc_analysis(), &scratch_);
  }
  for (HreflangLink& link : links_) {
    if (link.href_usable) link.target = same_url_key(*link.href_analysis, &scratch_);
  }
  if (first->serial != 0) {
    links_memo.serial = first->serial;
    links_memo.links = links_;
    links_memo.any_error = any_error_;
    links_memo.loc_usable = loc_usable_;
    links_memo.loc_key = loc_key_;
  }
  return links_;
}

}  // namespace sitemaplint
