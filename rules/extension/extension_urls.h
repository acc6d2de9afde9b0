// How the extension families read the URLs of their fields (an image, a video and its player, a
// thumbnail, an hreflang alternate): whether one can be interpreted at all, the normal form two
// URLs are compared in, the path and its file extension, and what a file type cannot be.
#pragma once

#include <string>
#include <string_view>

#include "rule.h"
#include "url_analysis.h"

namespace sitemaplint {

// D6: a URL the family rules may interpret: none of loc-empty, loc-not-absolute,
// loc-unsupported-scheme (http and https only), loc-invalid-syntax or loc-invalid-host fires on it.
inline bool usable_url(const UrlAnalysis& a) {
  return a.shape == UrlShape::Http && a.valid_utf8 && a.syntax_valid &&
         (a.host_problem == HostProblem::None || a.host_problem == HostProblem::NotQualified);
}

// D7: a usable URL normalised for comparison (RFC 3986 section 6.2.2, as duplicate <loc>s are
// compared: analysis/same_url.h): scheme and host lower case (a Unicode host in its IDNA form),
// default port dropped, empty path as "/", dot segments removed, percent-encoding in upper case
// with unreserved characters decoded. Written into `buffer` unless the URL is already in normal
// form (then the URL itself is returned); callers reuse the buffer.
std::string_view normalised_url(const UrlAnalysis& a, std::string& buffer);

// D7: whether two usable URLs are the same after normalised_url; paths, queries and fragments are
// otherwise compared exactly, so a trailing slash counts. URLs on different hosts (an image or a
// video on a CDN, its page on the site) are told apart without normalising either.
class SameUrl {
 public:
  bool operator()(const UrlAnalysis& a, const UrlAnalysis& b);

 private:
  std::string a_, b_;  // reused: no allocation per URL
};

// D8: the extension of a usable URL's last path segment, percent-decoded and in lower case, when
// it is 1 to 5 ASCII letters or digits ("jpg" for ".../a.JPG?x=1"); empty otherwise. A view of
// the URL's own text when that is the answer already, else written into `buffer` (callers reuse it).
std::string_view path_extension(const UrlAnalysis& a, std::string& buffer);

// What Google indexes as images (its list of indexable file types), as messages say it.
inline constexpr std::string_view kIndexedImageFormats = "Google indexes BMP, GIF, JPEG, PNG, WebP, SVG and AVIF";

// What a file with the extension `extension` (as path_extension gives it) is when it cannot be an
// image Google indexes: "looks like a page, not an image file", "is a PDF document, ...", "is a
// video file, ...", "is a TIFF image, a format Google does not index"; empty when nothing is wrong
// (an indexable image, or an extension that says nothing: image services use any). The image and
// video families judge <image:loc> and <video:thumbnail_loc> by it.
std::string listed_file_problem(std::string_view extension);  // what the lists below say of a rarer one
inline std::string not_an_indexable_image(std::string_view extension) {
  // Nearly every image URL ends in one of these: answered inline, before the lists are searched.
  if (extension.empty() || extension == "jpg" || extension == "png" || extension == "jpeg" || extension == "webp") {
    return {};
  }
  return listed_file_problem(extension);
}

// The page's <loc> when the usable URL field `url` is the same URL (D7) as that usable <loc>.
const Field* same_as_page(const UrlField& url, SameUrl& same);

}  // namespace sitemaplint
