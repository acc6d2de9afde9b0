#include "engine/entry_pieces.h"

#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "analysis/ascii.h"
#include "analysis/byte_search.h"

namespace sitemaplint {
namespace {

constexpr std::string_view kSpace = " \t\r\n";

// The next '<' at or after `from`, or bytes.size(): inline, sixteen bytes a step, where a memchr
// call for each tag cost more than finding it (the tags of a sitemap are a few bytes apart).
std::size_t find_lt(std::string_view bytes, std::size_t from) {
  const char* data = bytes.data();
  const std::size_t size = bytes.size();
#if defined(__SSE2__)
  const __m128i lt = _mm_set1_epi8('<');
  for (; from + 16 <= size; from += 16) {
    const auto found = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + from)), lt)));
    if (found != 0) return from + static_cast<std::size_t>(__builtin_ctz(found));
  }
#endif
  while (from < size && data[from] != '<') ++from;
  return from;
}

bool ends_name(char c) { return c == '>' || c == '/' || is_xml_space(c); }

// Reads one tag's attributes from `at` (just after its name) to its '>' and says where that ends:
// just after the '>', with `empty` for "/>". Nothing for markup the scan does not follow.
std::optional<std::size_t> read_attributes(std::string_view bytes, std::size_t at, bool* empty, bool* any) {
  for (;;) {
    while (at < bytes.size() && is_xml_space(bytes[at])) ++at;
    if (at >= bytes.size()) return std::nullopt;
    if (bytes[at] == '>') return at + 1;
    if (bytes[at] == '/') {
      if (at + 1 >= bytes.size() || bytes[at + 1] != '>') return std::nullopt;
      *empty = true;
      return at + 2;
    }
    const std::size_t name = at;
    while (at < bytes.size() && bytes[at] != '=' && !ends_name(bytes[at])) ++at;
    const std::string_view attribute = bytes.substr(name, at - name);
    if (attribute.empty()) return std::nullopt;
    while (at < bytes.size() && is_xml_space(bytes[at])) ++at;
    if (at >= bytes.size() || bytes[at] != '=') return std::nullopt;
    ++at;
    while (at < bytes.size() && is_xml_space(bytes[at])) ++at;
    if (at >= bytes.size() || (bytes[at] != '"' && bytes[at] != '\'')) return std::nullopt;
    const std::size_t close = bytes.find(bytes[at], at + 1);
    if (close == std::string_view::npos) return std::nullopt;
    // A '<' in a value is not well-formed: the whole parse says where.
    if (std::memchr(bytes.data() + at + 1, '<', close - at - 1) != nullptr) return std::nullopt;
    *any = true;
    at = close + 1;
  }
}

}  // namespace

std::optional<RootContent> find_root_content(std::string_view bytes, std::size_t root_start) {
  if (root_start >= bytes.size() || bytes[root_start] != '<') return std::nullopt;
  // An internal subset may declare entities; nothing of it reaches the tree, but it is rare enough
  // not to reason about.
  if (bytes.substr(0, root_start).find("<!DOCTYPE") != std::string_view::npos) return std::nullopt;
  std::size_t at = root_start + 1;
  while (at < bytes.size() && !ends_name(bytes[at])) ++at;
  RootContent root;
  root.root_name = bytes.substr(root_start + 1, at - root_start - 1);
  const std::size_t colon = root.root_name.find(':');
  const std::string_view local = colon == std::string_view::npos ? root.root_name : root.root_name.substr(colon + 1);
  if (local != "urlset" && local != "sitemapindex") return std::nullopt;
  bool empty = false;
  const std::optional<std::size_t> tag_end = read_attributes(bytes, at, &empty, &root.root_has_attributes);
  if (!tag_end || empty) return std::nullopt;
  root.begin = *tag_end;
  // The end tag, and nothing but white space after it (a comment there is a node of the document,
  // which the parse of the root alone would not hold).
  std::size_t end = bytes.find_last_not_of(kSpace);
  if (end == std::string_view::npos || end < root.begin || bytes[end] != '>') return std::nullopt;
  while (end > root.begin && is_xml_space(bytes[end - 1])) --end;
  const std::string_view close = bytes.substr(0, end);
  if (!close.ends_with(root.root_name) || close.size() < root.begin + root.root_name.size() + 2) return std::nullopt;
  root.end = close.size() - root.root_name.size() - 2;
  if (bytes.substr(root.end, 2) != "</") return std::nullopt;
  // The last piece ends with the last entry: markup between it and the end tag is not in a piece.
  const std::string_view content = bytes.substr(0, root.end);
  const std::size_t last = content.find_last_not_of(kSpace);
  if (last == std::string_view::npos || last < root.begin) return std::nullopt;
  if (content.substr(0, last + 1).ends_with("-->") || content.substr(0, last + 1).ends_with("?>") ||
      content.substr(0, last + 1).ends_with("]]>"))
    return std::nullopt;
  return root;
}

EntryEndSearch::EntryEndSearch(std::string_view bytes, const RootContent& root, std::size_t piece_bytes,
                               bool count_children)
    : bytes_(bytes),
      piece_bytes_(piece_bytes),
      piece_start_(root.begin),
      content_end_(root.end),
      count_children_(count_children) {
  while (content_end_ > root.begin && is_xml_space(bytes[content_end_ - 1])) --content_end_;
  // The first child's name: after white space, comments and instructions.
  for (std::size_t at = root.begin; (at = find_lt(bytes, at)) < content_end_;) {
    const char second = at + 1 < bytes.size() ? bytes[at + 1] : '\0';
    if (bytes.substr(at, 4) == "<!--") {
      const std::size_t close = bytes.find("-->", at + 4);
      at = close == std::string_view::npos ? content_end_ : close + 3;
      continue;
    }
    if (second == '!' || second == '?') {
      ++at;
      continue;
    }
    if (second == '/') break;  // an end tag first: no child to search for
    std::size_t end = at + 1;
    while (end < bytes.size() && !ends_name(bytes[end])) ++end;
    if (end > at + 1) needle_ = "</" + std::string(bytes.substr(at + 1, end - at - 1));
    break;
  }
}

PieceCut EntryEndSearch::next(std::pair<std::size_t, std::size_t>* piece) {
  if (ended_) return PieceCut::End;
  if (needle_.empty()) return PieceCut::Unusual;
  std::size_t cut = std::string_view::npos;
  const std::string_view first_three = std::string_view(needle_).substr(0, 3);
  for (std::size_t from = piece_start_ + piece_bytes_; from < content_end_;) {
    const std::size_t at = find_three_bytes(bytes_, from, content_end_, first_three);
    if (at == std::string_view::npos) break;
    std::size_t after = at + needle_.size();
    if (after <= content_end_ && bytes_.substr(at, needle_.size()) == needle_) {
      while (after < content_end_ && is_xml_space(bytes_[after])) ++after;
      if (after < content_end_ && bytes_[after] == '>') {
        cut = after + 1;
        break;
      }
    }
    from = at + 1;
  }
  if (cut == std::string_view::npos || cut >= content_end_) {  // the rest is the last piece
    ended_ = true;
    if (piece_start_ >= content_end_) return PieceCut::End;
    // A piece ends with its last child's '>': pugixml takes a piece's last byte for the NUL that
    // ends it, and text there (one letter before the root's end tag) would be lost.
    if (bytes_[content_end_ - 1] != '>') return PieceCut::Unusual;
    cut = content_end_;
  }
  *piece = {piece_start_, cut};
  count_start_tags(piece_start_, cut);
  piece_start_ = cut;
  return PieceCut::Piece;
}

void EntryEndSearch::count_start_tags(std::size_t begin, std::size_t end) {
  // A child's name of one byte is not counted: the guess is then wrong, and the document parsed whole.
  if (!count_children_ || needle_.size() < 4) return;
  // "<url" (needle_ is "</url"): '<' and the name's first two bytes searched for, the rest and the
  // byte after compared.
  const std::string_view name = std::string_view(needle_).substr(2);
  const char first_three[] = {'<', name[0], name[1]};
  for (std::size_t at = begin; at < end;) {
    const std::size_t found = find_three_bytes(bytes_, at, end, std::string_view(first_three, 3));
    if (found == std::string_view::npos) break;
    const std::size_t after = found + 1 + name.size();
    if (after < end && bytes_.substr(found + 1, name.size()) == name && ends_name(bytes_[after])) ++start_tags_;
    at = found + 1;
  }
}

std::vector<ChildCount> EntryEndSearch::children_before_next() const {
  if (needle_.empty()) return {};
  return {{std::string_view(needle_).substr(2), start_tags_}};
}

}  // namespace sitemaplint
