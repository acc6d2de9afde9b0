#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <chrono>
#include <optional>

#include "analysis/line_index.h"
#include "live/http_date.h"
#include "live/retry_after.h"
#include "fuzz_targets.h"
#include "pages/header_facts.h"
#include "pages/headers_file.h"
#include "pages/host_rules.h"
#include "pages/html_head.h"
#include "pages/vercel_config.h"

namespace sitemaplint::fuzz {
namespace {

// A build of a few files, enough for every branch of the hosts' answers.
class Files final : public SiteFiles {
 public:
  bool is_file(std::string_view relative) const override { return kFiles.count(std::string(relative)) == 1; }
  bool is_folder(std::string_view relative) const override { return relative == "a" || relative == "blog"; }

 private:
  inline static const std::set<std::string> kFiles = {"index.html", "a/index.html", "b.html", "blog/404.html"};
};

// The next piece of `data`, up to a NUL (or the end), and `data` past it.
std::string_view next_piece(std::string_view& data) {
  const std::size_t split = std::min(data.find('\0'), data.size());
  const std::string_view piece = data.substr(0, split);
  data.remove_prefix(std::min(split + 1, data.size()));
  return piece;
}

// Every host's answer to `path` is a file of the build, a redirect's code or a 404; the headers
// of a page are read without harm, and what they say holds its source.
void check_answers(const HostSetup& setup, const Files& files, std::string_view path) {
  const HostAnswer answer = answer_path(setup, files, path);
  if (answer.kind == HostAnswer::Kind::Redirect)
    require(answer.code >= 300 && answer.code < 400, "a redirect without a redirect's code");
  if (answer.kind == HostAnswer::Kind::Served || answer.kind == HostAnswer::Kind::Fallback)
    require(files.is_file(answer.file), "a path served by a file the build does not have");
  PageAnswer page;
  add_header_facts(response_headers(setup, "example.com", path), "https://example.com/a/b.html", page);
  for (const NoindexDirective& d : page.header_noindex)
    require(d.source.starts_with("X-Robots-Tag header (") && d.line == 0, "a header's noindex without its source");
  for (const PageLink& link : page.header_canonicals)
    require(link.url.empty() || link.url.starts_with("http"), "a header's canonical resolved to something not http(s)");
}

}  // namespace

// What the pages of --pages are read from: pieces separated by NULs, a _redirects file, a _headers
// file and a vercel.json, then the rest, an HTML page (which may hold NULs: a binary page, UTF-16).
// Every host answers every path the files name (each line of _redirects and _headers) with a file
// of the build, a redirect code or a 404; the head's lines lie inside the page, in whatever
// encoding it is, and so does what keeps it from being read.
void pages(std::string_view data) {
  const std::string_view redirects = next_piece(data);
  const std::string_view headers_text = next_piece(data);
  const std::string_view vercel_json = next_piece(data);
  const std::string_view html = data;
  const Files files;
  const HeadersFile headers = parse_headers_file(headers_text);
  const VercelFile vercel = parse_vercel_json(vercel_json);
  std::vector<std::string> paths = {"/", "/a", "/a/", "/b", "/b.html", "/blog/x/y", "/a/index.html"};
  for (const std::string_view text : {redirects, headers_text}) {
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = std::min(text.find('\n', at), text.size());
      const std::string_view line = text.substr(at, end - at);
      const std::size_t word = line.find_first_of(" \t");
      if (line.starts_with('/') && paths.size() < 64) paths.emplace_back(line.substr(0, word));
      at = end + 1;
    }
  }
  for (const std::string_view name : host_names()) {
    const HostKind host = *host_kind_named(name);
    const HostSetup setup{host, parse_redirects(redirects, default_redirect_code(host)), headers.rules, vercel.config};
    for (const RedirectRule& rule : setup.redirects)
      require(rule.from.starts_with('/') && !rule.to.empty(), "a _redirects rule without its paths");
    for (const std::string& path : paths) check_answers(setup, files, path);
  }
  const HeadFacts head = read_html_head(html, "https://example.com/a/b.html", 64 * 1024);
  const std::size_t lines = LineIndex(html).line_count();  // a lone CR ends a line too, as gumbo counts
  // A tag's offset is that of its '<', which UTF-16 writes as two bytes, the zero first in big
  // endian; Shift_JIS, GBK and the rest write it as the one ASCII byte.
  const auto at_tag = [&](std::size_t offset) {
    return offset < html.size() && (html[offset] == '<' || (head.encoding == "UTF-16BE" && offset + 1 < html.size() &&
                                                            html[offset + 1] == '<'));
  };
  require(head.problem.offset <= html.size(), "a problem past the page's end");
  require(head.problem.line <= lines, "a problem on a line past the page's end");
  require((head.problem.kind == PageProblemKind::None) == (head.problem.line == 0), "a problem without its line");
  for (const PageLink& link : head.canonicals) {
    require(link.line <= lines, "a canonical on a line past the page's end");
    require(at_tag(link.offset), "a canonical's offset not at its tag");
    require(link.url.empty() || link.url.starts_with("http"), "a canonical resolved to something not http(s)");
  }
  for (const NoindexDirective& d : head.noindex) require(d.line <= lines, "a directive on a line past the page's end");
  // The live site's response headers: each line of the _headers piece's values also read as a
  // Retry-After, a date and an X-Robots-Tag or Link header as served.
  for (std::size_t at = 0; at < headers_text.size();) {
    const std::size_t end = std::min(headers_text.find('\n', at), headers_text.size());
    std::string_view value = headers_text.substr(at, end - at);
    at = end + 1;
    if (const std::size_t colon = value.find(':'); colon != std::string_view::npos) value.remove_prefix(colon + 1);
    const std::optional<std::chrono::seconds> wait = retry_after_delay(value, 784111777);
    require(!wait || (*wait >= std::chrono::seconds(0) && *wait <= kMaxRetryAfter), "a Retry-After wait out of bounds");
    if (const std::optional<std::int64_t> date = parse_http_date(value)) {
      require(*date >= -62135596800 && *date <= 253402300800, "an HTTP date outside years 1 to 9999");
    }
    PageAnswer served;
    add_header_facts({{"X-Robots-Tag", std::string(value), "as served"}, {"Link", std::string(value), "as served"}},
                     "https://example.com/a/b.html", served);
    require(served.header_noindex.size() <= 1, "one X-Robots-Tag header giving several directives");
  }
}

}  // namespace sitemaplint::fuzz
