#include "fuzz_targets.h"

namespace sitemaplint::fuzz {

// Inline suppressions: each line of the input becomes the text of a "<!-- sitemaplint-... -->"
// comment, between entries that have findings (an error, a warning with a fix, an info), so the
// directives have something to silence or to leave unused. A comment the input closes early is
// part of the test: the file is then simply broken.
void suppress(std::string_view data) {
  static constexpr std::string_view kEntries[] = {
      "  <url><loc>https://example.com/a?x=1&y=2</loc><changefreq>Daily</changefreq></url>\n",
      "  <url><lastmod>2024-05-01</lastmod><loc> https://example.com/b </loc><priority>2</priority></url>\n",
      "  <url><loc>https://example.com/private/c</loc><changefreq>never</changefreq></url>\n",
  };
  std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  std::size_t line = 0;
  for (std::size_t at = 0; at <= data.size() && line < 32; ++line) {
    std::size_t end = data.find('\n', at);
    if (end == std::string_view::npos) end = data.size();
    text += "<!-- sitemaplint-";
    text += data.substr(at, end - at);
    text += " -->\n";
    text += kEntries[line % std::size(kEntries)];
    at = end + 1;
  }
  text += "</urlset>\n";
  check_findings(lint_as_file(text));
}

}  // namespace sitemaplint::fuzz
