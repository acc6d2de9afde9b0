// The entries of inputs that are not XML, walked line by line: a text sitemap's URLs and a
// robots.txt's Sitemap: lines, each dispatched as an entry of one <loc>.
#include <string_view>

#include "analysis/ascii.h"
#include "engine/walker.h"

namespace sitemaplint {

template <typename LineFn>
void Walker::for_each_line(LineFn line) {
  const std::string_view text = doc_.bytes;
  std::size_t pos = doc_.encoding.bom_length;
  while (pos < text.size()) {
    std::size_t end = find_any(text, "\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    line(pos, text.substr(pos, end - pos));
    pos = end;
    if (pos < text.size() && text[pos] == '\r') ++pos;
    if (pos < text.size() && text[pos] == '\n') ++pos;
  }
}

void Walker::walk_text() {
  for_each_line([this](std::size_t at, std::string_view line) {
    if (line.find_first_not_of(" \t") != std::string_view::npos) line_entry("url", at, line, at);
  });
}

// The lines were read when the robots.txt was parsed (Document::robots); its Sitemap: lines with
// a value are its entries.
void Walker::walk_robots() {
  if (!doc_.robots) return;
  for (const RobotsLine& line : doc_.robots->lines) {
    if (line.field != RobotsField::Sitemap || line.value_length == 0) continue;
    line_entry("sitemap", line.content_offset, line.value(doc_.bytes), line.value_offset);
  }
}

void Walker::line_entry(std::string_view element, std::size_t line_at, std::string_view value, std::size_t value_at) {
  text_line_ = Element{};
  text_line_.qualified_name = text_line_.local_name = element;
  text_line_.offset = line_at;
  text_line_.depth = 2;
  text_line_.in_sitemap_ns = true;
  begin_entry(text_line_);
  Entry& entry = builder_.entry();
  entry.from_robots = doc_.kind == DocumentKind::Robots;
  Field& loc = entry.loc;
  loc.present = true;
  loc.element_offset = line_at;
  loc.value_offset = value_at;
  loc.raw = loc.value = value;
  finish_entry();
}

}  // namespace sitemaplint
