#include "rules/rule_support.h"

namespace sitemaplint {

Span value_span(const Field& field) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = field.raw.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {field.element_offset, 0};
  const auto last = field.raw.find_last_not_of(kSpace);
  return {field.value_offset + first, last - first + 1};
}

}  // namespace sitemaplint

namespace sitemaplint {

void report_unescaped(const TextRun& run, char c, std::string_view what, std::string_view entity,
                      FindingSink& out) {
  if (run.kind != TextKind::Text) return;
  for (std::size_t at = run.raw.find(c); at != std::string_view::npos; at = run.raw.find(c, at + 1)) {
    out.report(run.offset + at, 1,
               "raw " + std::string(what) + " in <" + std::string(run.parent->qualified_name) +
                   "> should be written '" + std::string(entity) + "', as the sitemap protocol asks",
               Fix{run.offset + at, 1, std::string(entity), "replace with '" + std::string(entity) + "'"});
  }
}

}  // namespace sitemaplint

namespace sitemaplint {

void EntryLimit::count(const Entry& entry, FindingSink& out, std::string_view advice) {
  if (entry.kind != kind_ || ++seen_ != kMaxEntries + 1) return;
  const Element& e = *entry.element;
  out.report(e.offset, e.qualified_name.size() + 1,
             "more than 50,000 <" + std::string(e.local_name) + "> entries (this is entry 50,001); " +
                 std::string(advice));
}

}  // namespace sitemaplint
