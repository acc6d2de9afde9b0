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

std::optional<std::string> as_list(std::string_view value, char (*recase)(char), bool (*valid)(std::string_view)) {
  constexpr std::string_view kSeparators = " \t\r\n,;";
  std::string out, token;
  for (std::size_t at = value.find_first_not_of(kSeparators); at != std::string_view::npos;) {
    const std::size_t end = std::min(value.find_first_of(kSeparators, at), value.size());
    token.clear();
    for (char c : value.substr(at, end - at)) token += recase(c);
    if (!valid(token)) return std::nullopt;
    out += (out.empty() ? "" : " ") + token;
    at = value.find_first_not_of(kSeparators, end);
  }
  return out.empty() ? std::nullopt : std::optional(out);
}

}  // namespace sitemaplint::video
