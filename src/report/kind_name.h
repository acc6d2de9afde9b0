// A document's kind as the JSON report and the library name it: "urlset", "sitemapindex", ...
#pragma once

#include <string_view>

#include "document.h"

namespace sitemaplint {

std::string_view document_kind_name(DocumentKind kind);

}  // namespace sitemaplint
