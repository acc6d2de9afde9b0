#include "live/answer_bytes.h"

#include <cstdint>
#include <memory>

namespace sitemaplint {
namespace {

// Numbers as varints (most are small: statuses, lines, columns), texts after their length.
class Packer {
 public:
  void number(std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) out_.push_back(static_cast<char>(v | 0x80));
    out_.push_back(static_cast<char>(v));
  }
  void text(std::string_view text) {
    number(text.size());
    out_.append(text);
  }
  void link(const PageLink& link) {
    text(link.href);
    // Most links are written absolute: their URL is their href, kept once (a length of 0 says so;
    // any other is the URL's length plus one).
    if (link.url == link.href && !link.href.empty()) {
      number(0);
    } else {
      number(link.url.size() + 1);
      out_.append(link.url);
    }
    text(link.hreflang);
    number(link.line);
    number(link.offset);
    text(link.source);
    number(link.column);
  }
  void links(const std::vector<PageLink>& links) {
    number(links.size());
    for (const PageLink& l : links) link(l);
  }
  void directives(const std::vector<NoindexDirective>& directives) {
    number(directives.size());
    for (const NoindexDirective& d : directives) {
      text(d.source);
      text(d.content);
      number(d.line);
      number(d.offset);
      number(d.column);
    }
  }
  std::string take() {
    out_.shrink_to_fit();  // kept for the run: no room past the bytes
    return std::move(out_);
  }

 private:
  std::string out_;
};

// Reads what a Packer wrote, in the same order. Bytes cut short read as zeros and empty texts
// (never past their end), though a process reads only bytes it packed itself.
class Unpacker {
 public:
  explicit Unpacker(std::string_view in) : in_(in) {}
  std::uint64_t number() {
    std::uint64_t v = 0;
    for (int shift = 0; at_ < in_.size() && shift < 64; shift += 7) {
      const auto byte = static_cast<unsigned char>(in_[at_++]);
      v |= std::uint64_t{byte & 0x7fu} << shift;
      if ((byte & 0x80) == 0) break;
    }
    return v;
  }
  std::size_t size() { return static_cast<std::size_t>(number()); }
  int integer() { return static_cast<int>(number()); }
  // A count read from the bytes, at most what is left of them (each counted thing takes a byte).
  std::size_t count() {
    const std::size_t n = size();
    return std::min(n, in_.size() - at_);
  }
  std::string text() {
    const std::size_t n = count();
    std::string t(in_.substr(at_, n));
    at_ += n;
    return t;
  }
  PageLink link() {
    PageLink l;
    l.href = text();
    if (const std::size_t n = size(); n == 0) {
      l.url = l.href;
    } else {
      const std::size_t length = std::min(n - 1, in_.size() - at_);
      l.url = std::string(in_.substr(at_, length));
      at_ += length;
    }
    l.hreflang = text();
    l.line = size();
    l.offset = size();
    l.source = text();
    l.column = size();
    return l;
  }
  std::vector<PageLink> links() {
    std::vector<PageLink> ls(count());
    for (PageLink& l : ls) l = link();
    return ls;
  }
  std::vector<NoindexDirective> directives() {
    std::vector<NoindexDirective> ds(count());
    for (NoindexDirective& d : ds) {
      d.source = text();
      d.content = text();
      d.line = size();
      d.offset = size();
      d.column = size();
    }
    return ds;
  }

 private:
  std::string_view in_;
  std::size_t at_ = 0;
};

// Which of an answer's parts are there, and its flags, in one number.
namespace part {
constexpr std::uint64_t kHtml = 1, kNotFoundPage = 2, kMediaRequest = 4, kFirstOfHostGivenUp = 8, kTruncated = 16,
                        kRefresh = 32, kHttp = 64, kLastModified = 128, kRobotsUnreachable = 256;
}  // namespace part

}  // namespace

std::string pack_answer(const PageAnswer& answer) {
  const HeadFacts& head = answer.head;
  const HttpDetails* http = answer.http.get();
  Packer p;
  p.number((answer.html ? part::kHtml : 0) | (answer.not_found_page ? part::kNotFoundPage : 0) |
           (answer.media_request ? part::kMediaRequest : 0) |
           (answer.first_of_host_given_up ? part::kFirstOfHostGivenUp : 0) | (head.truncated ? part::kTruncated : 0) |
           (head.refresh ? part::kRefresh : 0) | (http ? part::kHttp : 0) |
           (http && http->last_modified ? part::kLastModified : 0) |
           (http && http->robots_unreachable ? part::kRobotsUnreachable : 0));
  p.number(static_cast<std::uint64_t>(answer.status));
  p.text(answer.file);
  p.text(answer.target);
  p.number(static_cast<std::uint64_t>(answer.code));
  p.number(static_cast<std::uint64_t>(answer.http_status));
  p.text(answer.reason);
  p.directives(head.noindex);
  p.directives(head.unavailable_after);
  p.links(head.canonicals);
  p.links(head.alternates);
  p.number(head.alternates_dropped);
  if (head.refresh) p.link(*head.refresh);
  p.text(head.lang);
  p.text(head.title);
  p.text(head.charset);
  p.text(head.encoding);
  p.number(static_cast<std::uint64_t>(head.encoding_source));
  p.number(static_cast<std::uint64_t>(head.problem.kind));
  p.text(head.problem.what);
  p.number(head.problem.offset);
  p.number(head.problem.line);
  p.number(head.problem.column);
  p.directives(answer.header_noindex);
  p.links(answer.header_canonicals);
  if (http) {
    p.number(http->chain.size());
    for (const RedirectHop& hop : http->chain) {
      p.text(hop.url);
      p.number(static_cast<std::uint64_t>(hop.status));
    }
    p.text(http->content_type);
    if (http->last_modified) p.number(static_cast<std::uint64_t>(*http->last_modified));
    p.text(http->googlebot_disallowed);
  }
  return p.take();
}

PageAnswer unpack_answer(std::string_view bytes) {
  Unpacker u(bytes);
  PageAnswer answer;
  HeadFacts& head = answer.head;
  const std::uint64_t parts = u.number();
  answer.html = parts & part::kHtml;
  answer.not_found_page = parts & part::kNotFoundPage;
  answer.media_request = parts & part::kMediaRequest;
  answer.first_of_host_given_up = parts & part::kFirstOfHostGivenUp;
  head.truncated = parts & part::kTruncated;
  answer.status = static_cast<PageStatus>(u.number());
  answer.file = u.text();
  answer.target = u.text();
  answer.code = u.integer();
  answer.http_status = u.integer();
  answer.reason = u.text();
  head.noindex = u.directives();
  head.unavailable_after = u.directives();
  head.canonicals = u.links();
  head.alternates = u.links();
  head.alternates_dropped = u.number();
  if (parts & part::kRefresh) head.refresh = std::make_shared<const PageLink>(u.link());
  head.lang = u.text();
  head.title = u.text();
  head.charset = u.text();
  head.encoding = u.text();
  head.encoding_source = static_cast<EncodingSource>(u.number());
  head.problem.kind = static_cast<PageProblemKind>(u.number());
  head.problem.what = u.text();
  head.problem.offset = u.size();
  head.problem.line = u.size();
  head.problem.column = u.size();
  answer.header_noindex = u.directives();
  answer.header_canonicals = u.links();
  if (parts & part::kHttp) {
    auto http = std::make_shared<HttpDetails>();
    http->chain.resize(u.count());
    for (RedirectHop& hop : http->chain) {
      hop.url = u.text();
      hop.status = u.integer();
    }
    http->content_type = u.text();
    if (parts & part::kLastModified) http->last_modified = static_cast<std::int64_t>(u.number());
    http->googlebot_disallowed = u.text();
    http->robots_unreachable = parts & part::kRobotsUnreachable;
    answer.http = std::move(http);
  }
  return answer;
}

}  // namespace sitemaplint
