#include "rules/video/utils/video_deprecated_checks.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <utility>

#include "analysis/ascii.h"
#include "rules/video/utils/video_dates.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"
#include "rules/video/utils/video_urls.h"

namespace sitemaplint::video {
namespace {

// What a finding rests on: the XSD's types and facets, which validators enforce, or only the
// documentation inside the XSD.
enum class Basis { Schema, SchemaDocumentation };

bool is_undocumented(const ExtensionNode& node) {
  return node.local_name == "content_segment_loc" || node.local_name == "id";
}

// "deprecated <video:price>", "<video:id>": how messages name the tag.
std::string named(const ExtensionNode& node) { return (is_undocumented(node) ? "" : "deprecated ") + tag(node); }

// Why a finding about this tag is a warning: Google ignores the tag; and who objects.
std::string why(const ExtensionNode& node, Basis basis = Basis::Schema) {
  const bool undocumented = is_undocumented(node);
  return " (" + std::string(undocumented ? "Google does not document " : "Google ignores ") + tag(node) +
         (undocumented ? "" : " since 2022") +
         (basis == Basis::Schema ? "; schema validators reject it)" : "; the schema's documentation asks for it)");
}

bool one_of(std::string_view value, std::initializer_list<std::string_view> allowed) {
  for (std::string_view a : allowed) {
    if (value == a) return true;
  }
  return false;
}

// ^[0-9]+(\.[0-9]+)?$: the price format the XSD's annotation asks for.
bool is_price(std::string_view text) {
  const std::size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot),
                         fraction = dot == std::string_view::npos ? "0" : text.substr(dot + 1);
  return is_whole_number(whole) && !whole.starts_with('+') && is_whole_number(fraction) && !fraction.starts_with('+');
}

// What the finding rests on: the XSD's types, which validators enforce, or only its documentation,
// which they do not (--profile xsd holds those at a warning).
std::uint32_t rests_on(Basis basis) { return basis == Basis::Schema ? kExtensionXsd : kSchemaDocs; }

void report_tag(const ExtensionNode& node, const std::string& message, Basis basis, FindingSink& out) {
  const Span span = tag_span(node);
  out.report({.at = span, .message = message + why(node, basis), .rests_on = rests_on(basis)});
}

// A finding on the value that only the XSD's documentation asks for.
void report_documented_value(const ExtensionNode& node, const std::string& message, FindingSink& out) {
  out.report({.at = value_span(node),
              .message = message + why(node, Basis::SchemaDocumentation),
              .rests_on = rests_on(Basis::SchemaDocumentation)});
}

// An attribute of `node` whose trimmed value fails `valid`, reported on the value.
void check_attribute(const ExtensionNode& node, std::string_view name, bool (*valid)(std::string_view),
                     std::string_view expected, FindingSink& out) {
  const Attribute* a = node.attribute(name);
  if (!a || valid(a->value.trimmed())) return;
  const Span span = sitemaplint::value_span(a->value);
  out.report({.at = {span.length ? span.offset : a->offset, span.length ? span.length : a->qualified_name.size()},
              .message = named(node) + " has " + std::string(name) + "=" + quoted(a->value.trimmed()) +
                         ", which is not " + std::string(expected) + why(node)});
}

bool is_currency(std::string_view v) { return v.size() == 3 && std::all_of(v.begin(), v.end(), is_ascii_upper); }
bool is_price_type(std::string_view v) { return one_of(v, {"purchase", "PURCHASE", "rent", "RENT"}); }
bool is_resolution(std::string_view v) { return one_of(v, {"sd", "SD", "hd", "HD"}); }
bool is_id_type(std::string_view v) {
  return one_of(v, {"tms:series", "tms:program", "rovi:series", "rovi:program", "freebase", "url"});
}
bool is_segment_duration(std::string_view v) {
  return is_whole_number(v) && whole_number_value(v) <= kMaxVideoDuration;
}
bool is_usable_url(std::string_view text, UrlAnalysis& scratch) {
  analyze_url(text, scratch);
  return usable_url(scratch);
}

}  // namespace

void check_category(const ExtensionNode& category, FindingSink& out) {
  const std::size_t length = code_points(category.text.trimmed());
  if (length <= kMaxVideoCategory) return;
  report_value(
      category,
      named(category) + " is " + grouped(length) + " characters, more than the 256 the schema allows" + why(category),
      out);
}

void check_gallery_loc(const ExtensionNode& gallery_loc, UrlAnalysis& scratch, FindingSink& out) {
  if (is_usable_url(gallery_loc.text.value, scratch)) return;
  report_documented_value(
      gallery_loc, named(gallery_loc) + " " + quoted(gallery_loc.text.trimmed()) + " is not an absolute http(s) URL",
      out);
}

void check_price(const ExtensionNode& price, FindingSink& out) {
  const std::string_view value = price.text.trimmed();
  if (!value.empty() && !is_price(value)) {
    report_documented_value(price, named(price) + " " + quoted(value) + " is not a decimal number such as 1.99", out);
  }
  if (!value.empty() && !price.attribute("currency")) {
    report_tag(price, named(price) + " gives a price without a currency attribute", Basis::SchemaDocumentation, out);
  }
  if (value.empty() && !price.attribute("type")) {
    report_tag(price, named(price) + " gives no price and no type attribute", Basis::SchemaDocumentation, out);
  }
  check_attribute(price, "currency", is_currency, "an ISO 4217 code such as EUR", out);
  check_attribute(price, "type", is_price_type, "purchase or rent", out);
  check_attribute(price, "resolution", is_resolution, "sd or hd", out);
}

void check_tvshow(const ExtensionBlock& block, const ExtensionNode& tvshow, FindingSink& out) {
  const std::size_t index = node_index(block, tvshow);
  std::string missing;
  for (const ElementSpec& spec : kVideoTvshowChildren) {
    bool present = false;
    block.for_each_child(index, [&](const ExtensionNode& child) {
      present |= child.ns == kVideoNamespace && child.local_name == spec.name;
    });
    if (spec.min_occurs > 0 && !present) missing += (missing.empty() ? "" : ", ") + element_name(block, spec.name);
  }
  if (!missing.empty()) report_tag(tvshow, named(tvshow) + " lacks the required " + missing, Basis::Schema, out);
  std::array<bool, std::size(kVideoTvshowChildren)> seen{};
  block.for_each_child(index, [&](const ExtensionNode& child) {
    // What the schema-driven rules would say about an unknown or repeated child is said here (spec
    // D12 v): inside a tag Google ignores, it is a warning for validators' sake, not an error.
    const auto spec = std::find_if(std::begin(kVideoTvshowChildren), std::end(kVideoTvshowChildren),
                                   [&](const ElementSpec& s) { return s.name == child.local_name; });
    if (child.ns != kVideoNamespace || spec == std::end(kVideoTvshowChildren)) {
      const Span span = tag_span(child);
      out.report(
          {.at = span, .message = named(tvshow) + " has no child " + tag(child) + " in the schema" + why(tvshow)});
      return;
    }
    if (std::exchange(seen[static_cast<std::size_t>(spec - std::begin(kVideoTvshowChildren))], true)) {
      const Span span = tag_span(child);
      out.report({.at = span,
                  .message = named(tvshow) + " already has a " + tag(child) + "; the schema allows one" + why(tvshow)});
      return;
    }
    const std::string_view value = child.text.trimmed();
    std::string_view expected;
    if (child.local_name == "video_type" && !one_of(value, {"full", "preview", "clip", "interview", "news", "other"})) {
      expected = "one of full, preview, clip, interview, news, other";
    } else if ((child.local_name == "season_number" || child.local_name == "episode_number") &&
               (!is_whole_number(value) || whole_number_value(value) == 0)) {
      expected = "a whole number from 1";
    } else if (child.local_name == "premier_date" && !is_xsd_date(value)) {
      expected = "a date, or a date and time with seconds";
    } else {
      return;
    }
    report_value(child,
                 "deprecated " + tag(child) + " " + quoted(value) + " is not " + std::string(expected) + why(tvshow),
                 out);
  });
}

void check_content_segment_loc(const ExtensionBlock& block, const ExtensionNode& segment, UrlAnalysis& scratch,
                               FindingSink& out) {
  check_attribute(segment, "duration", is_segment_duration, "a whole number of seconds up to 28,800", out);
  if (!is_usable_url(segment.text.value, scratch)) {
    report_documented_value(
        segment, named(segment) + " " + quoted(segment.text.trimmed()) + " is not an absolute http(s) URL", out);
  }
  if (!block.child(kVideoNamespace, "player_loc")) {
    report_tag(segment, named(segment) + " needs a " + element_name(block, "player_loc") + " in the same video",
               Basis::SchemaDocumentation, out);
  }
}

void check_id(const ExtensionNode& id, FindingSink& out) {
  if (!id.attribute("type")) {
    report_tag(id, named(id) + " has no type attribute", Basis::Schema, out);
    return;
  }
  check_attribute(id, "type", is_id_type, "one of tms:series, tms:program, rovi:series, rovi:program, freebase, url",
                  out);
}

void check_allow_embed(const ExtensionNode& player_loc, FindingSink& out) {
  const Attribute* a = player_loc.attribute("allow_embed");
  if (!a || is_yes_no(a->value.trimmed())) return;
  const Span span = sitemaplint::value_span(a->value);
  out.report({.at = {span.length ? span.offset : a->offset, span.length ? span.length : a->qualified_name.size()},
              .message = "the deprecated allow_embed attribute of " + tag(player_loc) + " is " +
                         quoted(a->value.trimmed()) +
                         ", not yes or no (Google ignores it since 2022; schema validators reject it)"});
}

}  // namespace sitemaplint::video
