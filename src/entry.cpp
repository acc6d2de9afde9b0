#include "entry.h"

#include <algorithm>

#include "schema.h"

namespace sitemaplint {

bool opens_markup(std::string_view bytes, std::size_t at, std::string_view markup) {
  return at < bytes.size() && (bytes[at] == '<' || bytes[at] == '\0') &&
         bytes.substr(at + 1, markup.size() - 1) == markup.substr(1);
}

bool holds_markup(std::string_view raw, std::string_view markup) {
  // Text holds neither a raw '<' nor a NUL, so one of them before the rest is markup.
  const std::string_view rest = markup.substr(1);
  for (std::size_t at = raw.find(rest, 1); at != std::string_view::npos; at = raw.find(rest, at + 1)) {
    if (opens_markup(raw, at - 1, markup)) return true;
  }
  return false;
}

std::optional<Fix> Field::replace_value(std::string_view new_value, std::string description) const {
  // An exact value is the text as written (plain text without references, or one CDATA section's
  // content): write the new value as it is.
  if (exact) return Fix{value_offset, raw.size(), std::string(new_value), std::move(description)};
  if (holds_markup(raw, "<![CDATA[") || holds_markup(raw, "<!--")) return std::nullopt;
  // Quotes and apostrophes too: unescaped-quote and unescaped-apostrophe ask for that.
  std::string text;
  for (char c : new_value) {
    if (c == '&') text += "&amp;";
    else if (c == '<') text += "&lt;";
    else if (c == '>') text += "&gt;";
    else if (c == '\'') text += "&apos;";
    else if (c == '"') text += "&quot;";
    else text += c;
  }
  return Fix{value_offset, raw.size(), std::move(text), std::move(description)};
}

const Entry::ParsedLastmod& Entry::lastmod_parsed() const {
  if (!lastmod_cache) {
    lastmod_cache.emplace();
    lastmod_cache->value = parse_w3c_datetime(lastmod.trimmed(), &lastmod_cache->error);
  }
  return *lastmod_cache;
}

const std::optional<XsDecimal>& Entry::priority_parsed() const {
  if (!priority_cache) priority_cache.emplace(parse_xs_decimal(priority.trimmed()));
  return *priority_cache;
}

const Attribute* ExtensionNode::attribute(std::string_view name) const {
  for (const Attribute& a : attributes) {
    if (same_name(a.local_name, name) && a.ns.empty()) return &a;
  }
  return nullptr;
}

const ExtensionNode* ExtensionBlock::child(std::string_view ns, std::string_view local_name) const {
  for (std::size_t k = 1; k < nodes.size(); ++k) {
    if (nodes[k].depth == 1 && same_name(nodes[k].local_name, local_name) && same_namespace(nodes[k].ns, ns))
      return &nodes[k];
  }
  return nullptr;
}

const Field& Entry::field(FieldId id) const {
  switch (id) {
    case FieldId::Loc: return loc;
    case FieldId::Lastmod: return lastmod;
    case FieldId::Changefreq: return changefreq;
    case FieldId::Priority: return priority;
    case FieldId::Unknown: break;
  }
  static const Field kAbsent;
  return kAbsent;
}

bool is_entry_element(const Element* e) {
  return e && e->depth == 2 && e->in_sitemap_ns && (e->local_name == "url" || e->local_name == "sitemap");
}

bool is_field_of_entry(const Element* e) {
  return e && e->depth == 3 && e->in_sitemap_ns && is_entry_element(e->parent) &&
         field_id(e->local_name) != FieldId::Unknown;
}

namespace {

bool off_schema(const Element& e) {
  switch (e.depth) {
    case 2: {
      if (!e.in_sitemap_ns) return false;
      const std::string_view root = e.parent->local_name;
      if (e.local_name == "url") return root == "sitemapindex";
      if (e.local_name == "sitemap") return root == "urlset";
      return true;
    }
    case 3: {
      if (!e.in_sitemap_ns || !is_entry_element(e.parent)) return false;
      const FieldId id = field_id(e.local_name);
      return id == FieldId::Unknown ||
             (e.parent->local_name == "sitemap" && (id == FieldId::Changefreq || id == FieldId::Priority));
    }
    case 4: return is_field_of_entry(e.parent);
    default: return false;
  }
}

}  // namespace

std::uint8_t element_traits(const Element& e) {
  return static_cast<std::uint8_t>(
      (e.has_attributes ? kElementHasAttributes : 0) | (e.ns.empty() ? kElementInNoNamespace : 0) |
      (e.prefix_declared ? 0 : kElementPrefixUndeclared) | (off_schema(e) ? kElementOffSchema : 0) |
      (e.malformed_name ? kElementNameMalformed : 0));
}

namespace {

bool has_space_around(const Field& field) {
  return field.present && !field.value.empty() &&
         (is_xml_space(field.value.front()) || is_xml_space(field.value.back()));
}

// A value of <changefreq> that says something: one of the protocol's, but not "never", which does
// not stop crawling. Sizes first: the usual value is then compared with one or two words.
bool usual_changefreq(std::string_view value) {
  for (const std::string_view word : kChangefreqValues) {
    if (same_bytes(word, value)) return word != "never";
  }
  return false;
}

// A <lastmod> value the lastmod rules look at more closely: not a W3C Datetime, or short of a
// full date or of a date-time with seconds and a time zone.
bool unusual_lastmod(const Entry& entry) {
  const auto& parsed = entry.lastmod_parsed().value;
  if (!parsed) return true;
  const DatePrecision p = parsed->precision;
  return p == DatePrecision::Year || p == DatePrecision::Month || p == DatePrecision::Minute ||
         (parsed->has_time && !parsed->has_timezone);
}

// A <priority> value outside what the protocol allows: not an xs:decimal, or not from 0 to 1 (the
// integer part has no leading zeros, and zero is never negative).
bool unusual_priority(const Entry& entry) {
  const auto& parsed = entry.priority_parsed();
  return !parsed || parsed->negative ||
         !(parsed->integer.empty() || (parsed->integer == "1" && parsed->fraction.empty()));
}

}  // namespace

std::uint16_t entry_traits(const Entry& entry, std::uint16_t wanted) {
  std::uint16_t traits = 0;
  if (!entry.loc.present) traits |= kEntryLacksLoc;
  unsigned seen = 0;  // bit FieldId of each core field met
  int highest = -1;  // the highest rank met: a field's FieldId, kOtherNamespaceRank after them
  constexpr int kOtherNamespaceRank = static_cast<int>(FieldId::Unknown);
  for (const Child& child : entry.children) {
    if (child.in_sitemap_ns && child.id == FieldId::Unknown) continue;
    const int rank = child.in_sitemap_ns ? static_cast<int>(child.id) : kOtherNamespaceRank;
    if (rank < highest) traits |= kEntryChildrenOutOfOrder;
    highest = std::max(highest, rank);
    if (!child.in_sitemap_ns) continue;
    const unsigned bit = 1u << static_cast<unsigned>(child.id);
    if (seen & bit) traits |= kEntryRepeatsField;
    seen |= bit;
  }
  if (has_space_around(entry.lastmod) || has_space_around(entry.changefreq) || has_space_around(entry.priority)) {
    traits |= kEntryFieldSpace;
  }
  if (entry.changefreq.present && !usual_changefreq(entry.changefreq.trimmed())) traits |= kEntryChangefreqUnusual;
  if (entry.kind != EntryKind::Url) traits |= kEntryNotUrl;
  if (entry.nth_of_kind == 1) traits |= kEntryFirstOfKind;
  if (entry.nth_of_kind > kMaxEntries) traits |= kEntryPastLimit;
  if (entry.extensions.size() > kMaxImagesPerPage) traits |= kEntryManyBlocks;
  if ((wanted & kEntryLastmodUnusual) && entry.lastmod.present && unusual_lastmod(entry))
    traits |= kEntryLastmodUnusual;
  if ((wanted & kEntryPriorityUnusual) && entry.priority.present && unusual_priority(entry))
    traits |= kEntryPriorityUnusual;
  return traits;
}

FieldId field_id(std::string_view local_name) {
  if (local_name == "loc") return FieldId::Loc;
  if (local_name == "lastmod") return FieldId::Lastmod;
  if (local_name == "changefreq") return FieldId::Changefreq;
  if (local_name == "priority") return FieldId::Priority;
  return FieldId::Unknown;
}

std::string_view field_name(FieldId id) {
  switch (id) {
    case FieldId::Loc: return "loc";
    case FieldId::Lastmod: return "lastmod";
    case FieldId::Changefreq: return "changefreq";
    case FieldId::Priority: return "priority";
    case FieldId::Unknown: break;
  }
  return "";
}

}  // namespace sitemaplint
