#include <set>
#include <string>

#include "analysis/line_index.h"
#include "fuzz_targets.h"
#include "pages/host_rules.h"
#include "pages/html_head.h"

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

}  // namespace

// What the pages of --pages are read from: the bytes up to the first NUL are a _redirects file,
// each of their lines a path too; the rest is an HTML page. Every host answers every path with a
// file of the build, a redirect code or a 404; the head's lines lie inside the page, in whatever
// encoding it is, and so does what keeps it from being read.
void pages(std::string_view data) {
  const std::size_t split = std::min(data.find('\0'), data.size());
  const std::string_view redirects = data.substr(0, split);
  const std::string_view html = data.substr(std::min(split + 1, data.size()));
  const Files files;
  for (const std::string_view name : host_names()) {
    const HostKind host = *host_kind_named(name);
    const HostSetup setup{host, parse_redirects(redirects, default_redirect_code(host))};
    for (const RedirectRule& rule : setup.redirects) {
      require(rule.from.starts_with('/') && !rule.to.empty(), "a _redirects rule without its paths");
      const HostAnswer answer = answer_path(setup, files, rule.from);
      if (answer.kind == HostAnswer::Kind::Redirect)
        require(answer.code >= 300 && answer.code < 400, "a redirect without a redirect's code");
      if (answer.kind == HostAnswer::Kind::Served || answer.kind == HostAnswer::Kind::Fallback)
        require(files.is_file(answer.file), "a path served by a file the build does not have");
    }
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
}

}  // namespace sitemaplint::fuzz
