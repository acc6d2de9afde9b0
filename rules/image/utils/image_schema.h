// Google's image sitemap extension as data: sitemap-image.xsd 1.1 (one <image:image> per picture,
// with <image:loc> and four children Google deprecated in 2022, in the XSD's order) and the
// limits Google documents. The image rules check documents against it.
#pragma once

#include <cstddef>

#include "rules/extension/extension_support.h"

namespace sitemaplint {

inline constexpr ElementSpec kImageChildren[] = {
    {.name = "loc", .min_occurs = 1},
    {.name = "caption", .deprecated = true},
    {.name = "geo_location", .deprecated = true},
    {.name = "title", .deprecated = true},
    {.name = "license", .deprecated = true},
};
inline constexpr ElementSpec kImageElement{.name = "image", .children = kImageChildren};

inline constexpr ExtensionFamily kImageFamily{
    "image",        kImageNamespace,
    "image",        R"(^(google\.com|sitemaps\.org)/schemas/sitemap[-_]?images?(/[^/]*)?$)",
    &kImageElement, "the page that shows the image"};

}  // namespace sitemaplint
