#include "load/entry_pieces.h"

#include <cstring>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

constexpr std::string_view kSpace = " \t\r\n";

bool all_space(std::string_view text) { return text.find_first_not_of(kSpace) == std::string_view::npos; }

bool ends_name(char c) { return c == '>' || c == '/' || is_xml_space(c); }

// Reads one tag's attributes from `at` (just after its name) to its '>' and says where that ends:
// just after the '>', with `empty` for "/>". Nothing for markup the scan does not follow, or an
// attribute with a prefix when `prefixes` is false.
std::optional<std::size_t> read_attributes(std::string_view bytes, std::size_t at, bool prefixes, bool* empty,
                                           bool* any) {
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
    if (!prefixes && attribute.find(':') != std::string_view::npos && !attribute.starts_with("xmlns:"))
      return std::nullopt;
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

std::optional<EntryPieces> find_entry_pieces(std::string_view bytes, std::size_t root_start, std::size_t piece_bytes) {
  if (root_start >= bytes.size() || bytes[root_start] != '<') return std::nullopt;
  // An internal subset may declare entities; nothing of it reaches the tree, but it is rare enough
  // not to reason about.
  if (bytes.substr(0, root_start).find("<!DOCTYPE") != std::string_view::npos) return std::nullopt;
  std::size_t at = root_start + 1;
  while (at < bytes.size() && !ends_name(bytes[at])) ++at;
  const std::string_view root = bytes.substr(root_start + 1, at - root_start - 1);
  const std::string_view local = root.substr(root.find(':') == std::string_view::npos ? 0 : root.find(':') + 1);
  if (local != "urlset" && local != "sitemapindex") return std::nullopt;
  EntryPieces pieces;
  bool empty = false;
  const std::optional<std::size_t> root_end = read_attributes(bytes, at, true, &empty, &pieces.root_has_attributes);
  if (!root_end || empty) return std::nullopt;
  pieces.root_tag_end = *root_end;

  std::size_t depth = 1;  // the root is open
  std::size_t piece_start = pieces.root_tag_end;
  std::size_t last_cut = pieces.root_tag_end;  // after the last child of the root
  const auto child_ends = [&](std::size_t end) {
    last_cut = end;
    if (end - piece_start >= piece_bytes) {
      pieces.ranges.emplace_back(piece_start, end);
      piece_start = end;
    }
  };
  at = pieces.root_tag_end;
  for (;;) {
    const void* found = std::memchr(bytes.data() + at, '<', bytes.size() - at);
    if (!found) return std::nullopt;
    const std::size_t lt = static_cast<std::size_t>(static_cast<const char*>(found) - bytes.data());
    if (depth == 1 && !all_space(bytes.substr(at, lt - at))) return std::nullopt;
    const std::string_view rest = bytes.substr(lt);
    if (rest.starts_with("<!--")) {
      const std::size_t close = bytes.find("-->", lt + 4);
      if (close == std::string_view::npos) return std::nullopt;
      at = close + 3;
    } else if (rest.starts_with("<![CDATA[")) {
      const std::size_t close = bytes.find("]]>", lt + 9);
      if (depth == 1 || close == std::string_view::npos) return std::nullopt;
      at = close + 3;
    } else if (rest.starts_with("<?")) {
      const std::size_t close = bytes.find("?>", lt + 2);
      if (close == std::string_view::npos) return std::nullopt;
      at = close + 2;
    } else if (rest.starts_with("</")) {
      std::size_t end = lt + 2;
      while (end < bytes.size() && !ends_name(bytes[end])) ++end;
      const std::string_view name = bytes.substr(lt + 2, end - lt - 2);
      while (end < bytes.size() && is_xml_space(bytes[end])) ++end;
      if (end >= bytes.size() || bytes[end] != '>') return std::nullopt;
      at = end + 1;
      if (--depth == 1) child_ends(at);
      if (depth > 0) continue;
      // The root's end: the last piece ends with its last child, and only white space follows.
      if (name != root || !all_space(bytes.substr(last_cut, lt - last_cut)) || !all_space(bytes.substr(at)))
        return std::nullopt;
      if (last_cut > piece_start) pieces.ranges.emplace_back(piece_start, last_cut);
      if (pieces.ranges.empty()) return std::nullopt;
      return pieces;
    } else if (rest.starts_with("<!")) {
      return std::nullopt;
    } else {
      std::size_t end = lt + 1;
      while (end < bytes.size() && !ends_name(bytes[end])) ++end;
      if (end == lt + 1) return std::nullopt;
      bool self_closing = false, attributes = false;
      const std::optional<std::size_t> tag_end = read_attributes(bytes, end, false, &self_closing, &attributes);
      if (!tag_end) return std::nullopt;
      at = *tag_end;
      if (!self_closing) ++depth;
      else if (depth == 1) child_ends(at);
    }
  }
}

}  // namespace sitemaplint
