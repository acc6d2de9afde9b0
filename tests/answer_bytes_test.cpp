// A live answer packed and unpacked again is the same answer, every field of it.
#include <doctest/doctest.h>

#include "live/answer_bytes.h"

using namespace sitemaplint;

namespace {

NoindexDirective directive(const std::string& tag, std::size_t n) {
  return {tag, "noindex, follow " + tag, n, n * 1000, n + 3};
}

PageLink page_link(const std::string& name, std::size_t n) {
  return {
      "/" + name, "https://example.com/" + name, "de-" + name, n, n * 2000, "Link header (_headers line " + name + ")",
      n + 7};
}

void check_same_directives(const std::vector<NoindexDirective>& a, const std::vector<NoindexDirective>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].source == b[i].source);
    CHECK(a[i].content == b[i].content);
    CHECK(a[i].line == b[i].line);
    CHECK(a[i].offset == b[i].offset);
    CHECK(a[i].column == b[i].column);
  }
}

void check_same_link(const PageLink& a, const PageLink& b) {
  CHECK(a.href == b.href);
  CHECK(a.url == b.url);
  CHECK(a.hreflang == b.hreflang);
  CHECK(a.line == b.line);
  CHECK(a.offset == b.offset);
  CHECK(a.source == b.source);
  CHECK(a.column == b.column);
}

void check_same_links(const std::vector<PageLink>& a, const std::vector<PageLink>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) check_same_link(a[i], b[i]);
}

void check_same(const PageAnswer& a, const PageAnswer& b) {
  CHECK(a.status == b.status);
  CHECK(a.file == b.file);
  CHECK(a.target == b.target);
  CHECK(a.code == b.code);
  CHECK(a.http_status == b.http_status);
  CHECK(a.reason == b.reason);
  CHECK(a.html == b.html);
  CHECK(a.not_found_page == b.not_found_page);
  CHECK(a.media_request == b.media_request);
  CHECK(a.first_of_host_given_up == b.first_of_host_given_up);
  check_same_directives(a.head.noindex, b.head.noindex);
  check_same_directives(a.head.unavailable_after, b.head.unavailable_after);
  check_same_links(a.head.canonicals, b.head.canonicals);
  check_same_links(a.head.alternates, b.head.alternates);
  CHECK(a.head.alternates_dropped == b.head.alternates_dropped);
  REQUIRE(!a.head.refresh == !b.head.refresh);
  if (a.head.refresh) check_same_link(*a.head.refresh, *b.head.refresh);
  CHECK(a.head.lang == b.head.lang);
  CHECK(a.head.title == b.head.title);
  CHECK(a.head.charset == b.head.charset);
  CHECK(a.head.encoding == b.head.encoding);
  CHECK(a.head.truncated == b.head.truncated);
  CHECK(a.head.problem.kind == b.head.problem.kind);
  CHECK(a.head.problem.what == b.head.problem.what);
  CHECK(a.head.problem.offset == b.head.problem.offset);
  CHECK(a.head.problem.line == b.head.problem.line);
  CHECK(a.head.problem.column == b.head.problem.column);
  check_same_directives(a.header_noindex, b.header_noindex);
  check_same_links(a.header_canonicals, b.header_canonicals);
  REQUIRE(!a.http == !b.http);
  if (!a.http) return;
  REQUIRE(a.http->chain.size() == b.http->chain.size());
  for (std::size_t i = 0; i < a.http->chain.size(); ++i) {
    CHECK(a.http->chain[i].url == b.http->chain[i].url);
    CHECK(a.http->chain[i].status == b.http->chain[i].status);
  }
  CHECK(a.http->content_type == b.http->content_type);
  CHECK(a.http->last_modified == b.http->last_modified);
  CHECK(a.http->googlebot_disallowed == b.http->googlebot_disallowed);
  CHECK(a.http->robots_unreachable == b.http->robots_unreachable);
}

}  // namespace

TEST_CASE("answer bytes: every field of an answer packed comes back as it was") {
  PageAnswer full;
  full.status = PageStatus::Redirect;
  full.file = "public/a/index.html";
  full.target = "https://example.com/b";
  full.code = 308;
  full.http_status = 200;
  full.reason = "chain: a (308) -> b (200)";
  full.html = true;
  full.not_found_page = true;
  full.media_request = true;
  full.first_of_host_given_up = true;
  full.head.noindex = {directive("<meta name=\"robots\">", 1), directive("<meta name=\"googlebot\">", 300)};
  full.head.unavailable_after = {directive("<meta name=\"robots\">", 70000)};
  full.head.canonicals = {page_link("c", 2)};
  full.head.alternates = {page_link("en", 3), page_link("fr", 4), page_link(std::string(300, 'x'), 5)};
  full.head.alternates_dropped = 70001;
  // An absolute href (its URL kept once), one that resolves to nothing, and none at all.
  full.head.alternates.push_back({"https://example.com/abs", "https://example.com/abs", "it", 9, 90, "", 3});
  full.head.alternates.push_back({"http://[::1", "", "es", 10, 100, "", 4});
  full.head.alternates.push_back({"", "", "pt", 11, 110, "", 5});
  full.head.refresh = std::make_shared<const PageLink>(page_link("r", 6));
  full.head.lang = "de-AT";
  full.head.title = "Ein Titel \xC3\xA4 mit Umlaut";
  full.head.charset = "utf-8";
  full.head.encoding = "windows-1252";
  full.head.truncated = true;
  full.head.problem = {PageProblemKind::StallingTag, "a tag of 600 attributes", 12345678901ull, 99, 17};
  full.header_noindex = {directive("X-Robots-Tag header (_headers line 4)", 0)};
  full.header_canonicals = {page_link("h", 0)};
  auto http = std::make_shared<HttpDetails>();
  http->chain = {{"https://example.com/a", 308}, {"https://example.com/b", 200}, {"https://example.com/c", 0}};
  http->content_type = "text/html; charset=windows-1252";
  http->last_modified = -86400;  // a date before 1970 comes back too
  http->googlebot_disallowed = "robots.txt line 2: Disallow: /a";
  http->robots_unreachable = true;
  full.http = http;
  check_same(full, unpack_answer(pack_answer(full)));

  // An empty answer, and one with HTTP details that say nothing but a content type.
  const PageAnswer empty;
  check_same(empty, unpack_answer(pack_answer(empty)));
  PageAnswer plain;
  plain.status = PageStatus::Served;
  plain.http_status = 200;
  plain.html = true;
  plain.head.title = "page";
  auto details = std::make_shared<HttpDetails>();
  details->content_type = "text/html";
  plain.http = details;
  const std::string packed = pack_answer(plain);
  check_same(plain, unpack_answer(packed));
  CHECK(packed.size() < 64);  // a typical page's answer: a few dozen bytes
  CHECK(packed.capacity() < 64 + 16);

  // Bytes cut short read as what they hold, never past their end.
  const std::string bytes = pack_answer(full);
  for (std::size_t n = 0; n < bytes.size(); ++n) unpack_answer(std::string_view(bytes).substr(0, n));
}
