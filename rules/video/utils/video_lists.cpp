#include "rules/video/utils/video_lists.h"

#include "analysis/ascii.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint::video {

bool is_two_capitals(std::string_view token) {
  return token.size() == 2 && is_ascii_upper(token[0]) && is_ascii_upper(token[1]);
}

void report_bad_relationship(const ExtensionNode& node, FindingSink& out) {
  const Attribute* relationship = node.attribute("relationship");
  if (!relationship) return;
  const std::string_view value = relationship->value.trimmed();
  if (value.empty() || value == "allow" || value == "deny") return;
  const std::string lowered = ascii_lowered(value);
  const bool recased = lowered == "allow" || lowered == "deny";
  std::string message = tag(node) + " has relationship=" + quoted(value) + "; it must be 'allow' or 'deny'";
  if (recased) message += " in lower case";
  const Span span = sitemaplint::value_span(relationship->value);
  std::optional<Fix> fix;
  if (recased) fix = relationship->value.replace_value(lowered, "replace with " + quoted(lowered));
  out.report({.at = span, .message = std::move(message), .fix = std::move(fix)});
}

bool all_tokens(std::string_view value, bool (*valid)(std::string_view)) {
  bool ok = true;
  for_each_token(value, [&](std::string_view token, std::size_t) { ok = ok && valid(token); });
  return ok;
}

namespace {

constexpr std::string_view kSeparators = " \t\r\n,;";

// Each token of `value` between separators, as written and recased: fn(written, recased); stops
// when fn returns false.
template <typename Fn>
void for_each_listed(std::string_view value, char (*recase)(char), Fn fn) {
  std::string token;
  for (std::size_t at = value.find_first_not_of(kSeparators); at != std::string_view::npos;) {
    const std::size_t end = std::min(value.find_first_of(kSeparators, at), value.size());
    token.clear();
    for (char c : value.substr(at, end - at)) token += recase(c);
    if (!fn(value.substr(at, end - at), token)) return;
    at = value.find_first_not_of(kSeparators, end);
  }
}

}  // namespace

std::optional<std::string> as_list(std::string_view value, char (*recase)(char), bool (*valid)(std::string_view)) {
  std::string out;
  bool ok = true;
  for_each_listed(value, recase, [&](std::string_view, const std::string& token) {
    ok = valid(token);
    if (ok) out += (out.empty() ? "" : " ") + token;
    return ok;
  });
  return ok && !out.empty() ? std::optional(out) : std::nullopt;
}

std::string_view first_invalid_token(std::string_view value, char (*recase)(char), bool (*valid)(std::string_view)) {
  std::string_view found;
  for_each_listed(value, recase, [&](std::string_view written, const std::string& token) {
    if (!valid(token)) found = written;
    return found.empty();
  });
  return found;
}

}  // namespace sitemaplint::video
