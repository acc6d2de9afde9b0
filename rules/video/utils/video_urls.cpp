#include "rules/video/utils/video_urls.h"

#include <algorithm>
#include <functional>

#include "analysis/ascii.h"
#include "rules/extension/extension_support.h"

namespace sitemaplint::video {

std::string_view host_without_www(const UrlAnalysis& a) {
  std::string_view host = a.ascii_host;
  if (host.size() > 4 && ascii_equal_ignoring_case(host.substr(0, 4), "www.")) host.remove_prefix(4);
  return host;
}

bool is_html_type(std::string_view type) {
  return type == "html" || type == "htm" || type == "xhtml" || type == "shtml";
}

bool is_listed_video_type(std::string_view type) {
  static constexpr std::string_view kTypes[] = {"3gp", "3g2", "asf", "avi", "divx", "m2v", "m3u", "m3u8",
                                                "m4v", "mkv", "mov", "mp4", "mpeg", "mpg", "mpe", "ogv",
                                                "qvt", "ram", "rm",  "vob", "webm", "wmv", "xap"};
  return std::any_of(std::begin(kTypes), std::end(kTypes), [&](std::string_view t) { return same_name(t, type); });
}

std::string_view hosting_platform(const UrlAnalysis& a) {
  std::string_view host = host_without_www(a);
  if (host.size() > 2 && ascii_equal_ignoring_case(host.substr(0, 2), "m.")) host.remove_prefix(2);
  const std::string_view path = a.path;
  const auto under = [&](std::string_view prefix) { return path.starts_with(prefix) && path.size() > prefix.size(); };
  if (ascii_equal_ignoring_case(host, "youtube.com")) {
    return path.starts_with("/watch") || under("/embed/") || under("/shorts/") || under("/live/") ? "YouTube" : "";
  }
  if (ascii_equal_ignoring_case(host, "youtu.be")) return path.size() > 1 ? "YouTube" : "";
  if (ascii_equal_ignoring_case(host, "youtube-nocookie.com")) return under("/embed/") ? "YouTube" : "";
  if (ascii_equal_ignoring_case(host, "vimeo.com")) {
    return path.size() > 1 && std::all_of(path.begin() + 1, path.end(), is_ascii_digit) ? "Vimeo" : "";
  }
  if (ascii_equal_ignoring_case(host, "player.vimeo.com")) return under("/video/") ? "Vimeo" : "";
  if (ascii_equal_ignoring_case(host, "dailymotion.com"))
    return under("/video/") || under("/embed/video/") ? "Dailymotion" : "";
  if (ascii_equal_ignoring_case(host, "dai.ly")) return path.size() > 1 ? "Dailymotion" : "";
  return "";
}

const ExtensionBlock* video_block_of(const UrlField& url) {
  // A text field is a member of one of the block's nodes, which lie in one array: an address test
  // per block, not a walk over every node (an entry may hold a thousand image blocks).
  const std::less<const void*> before;
  for (const ExtensionBlock& block : url.entry->extensions) {
    const ExtensionNode* begin = block.nodes.data();
    if (!before(url.field, begin) && before(url.field, begin + block.nodes.size())) return &block;
  }
  return nullptr;
}

}  // namespace sitemaplint::video
