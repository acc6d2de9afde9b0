// A near miss of the sitemap namespace: what namespace-mismatch reports, and what other rules then
// leave alone (an entry in it is no element of another namespace to put in order).
#pragma once

#include <string>
#include <string_view>

#include "analysis/ascii.h"
#include "entry.h"
#include "schema.h"

namespace sitemaplint {

// Whether `ns` is another version, scheme or spelling of the sitemaps.org or Google sitemap
// schema's URI (an image's <image:loc> is in no such namespace).
inline bool near_sitemap_namespace(std::string_view ns) {
  if (ns == kSitemapNamespace) return false;
  const std::string lower = ascii_lowered(ns);
  return lower.find("sitemaps.org/schemas/sitemap") != std::string::npos ||
         lower.find("google.com/schemas/sitemap/") != std::string::npos;
}

// Whether `e` is an entry of the root or a field of an entry whose name the sitemap defines, in a
// near miss of the sitemap namespace (<sm:url xmlns:sm=".../sitemap/0.84">): no entry or field
// to a reader, which namespace-mismatch reports.
inline bool is_near_miss_sitemap_element(const Element& e) {
  if (e.in_sitemap_ns || e.depth < 2 || !near_sitemap_namespace(e.ns)) return false;
  if (e.local_name == "url" || e.local_name == "sitemap") return e.depth == 2;
  return (e.local_name == "loc" || e.local_name == "lastmod" || e.local_name == "changefreq" ||
          e.local_name == "priority") &&
         is_entry_element(e.parent);
}

}  // namespace sitemaplint
