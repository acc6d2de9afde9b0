// Google's news sitemap extension as data: sitemap-news.xsd 0.9 (one <news:news> per article:
// <news:publication> with its name and language, the publication date and the title; access,
// genres, keywords and stock_tickers are in the XSD but no longer in Google's documentation) and
// the limits Google documents. The news rules check documents against it.
#pragma once

#include <cstddef>

#include "rules/extension/extension_support.h"

namespace sitemaplint {

inline constexpr ElementSpec kNewsPublicationChildren[] = {
    {.name = "name", .min_occurs = 1},
    {.name = "language", .min_occurs = 1},
};
inline constexpr ElementSpec kNewsChildren[] = {
    {.name = "publication", .min_occurs = 1, .children = kNewsPublicationChildren},
    {.name = "access", .deprecated = true},
    {.name = "genres", .deprecated = true},
    {.name = "publication_date", .min_occurs = 1},
    {.name = "title", .min_occurs = 1},
    {.name = "keywords", .deprecated = true},
    {.name = "stock_tickers", .deprecated = true},
};
inline constexpr ElementSpec kNewsElement{.name = "news", .children = kNewsChildren};

inline constexpr ExtensionFamily kNewsFamily{
    "news",        kNewsNamespace,      "news", R"(^(google\.com|sitemaps\.org)/schemas/sitemap[-_]?news(/[^/]*)?$)",
    &kNewsElement, "the article's page"};

// "a sitemap may have up to 1,000 news:news tags" (Google's page only; the XSD sets no limit).
inline constexpr std::size_t kMaxNewsPerSitemap = 1000;

}  // namespace sitemaplint
