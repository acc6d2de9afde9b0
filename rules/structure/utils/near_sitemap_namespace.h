// A near miss of the sitemap namespace: what namespace-mismatch reports, and what other rules then
// leave alone (an entry in it is no element of another namespace to put in order).
#pragma once

#include <algorithm>
#include <string_view>

#include "analysis/ascii.h"
#include "entry.h"
#include "schema.h"

namespace sitemaplint {

// Whether `ns` is another version, scheme or spelling of the sitemaps.org or Google sitemap
// schema's URI (an image's <image:loc> is in no such namespace).
inline bool near_sitemap_namespace(std::string_view ns) {
  if (ns == kSitemapNamespace) return false;
  const auto contains = [ns](std::string_view part) {  // ASCII case aside, without a copy
    return std::search(ns.begin(), ns.end(), part.begin(), part.end(),
                       [](char a, char b) { return ascii_lower(a) == b; }) != ns.end();
  };
  return contains("sitemaps.org/schemas/sitemap") || contains("google.com/schemas/sitemap/");
}

// Whether `e` is an entry of the root or a field of an entry whose name the sitemap defines, in a
// near miss of the sitemap namespace (<sm:url xmlns:sm=".../sitemap/0.84">): no entry or field
// to a reader, which namespace-mismatch reports.
inline bool is_near_miss_sitemap_element(const Element& e) {
  if (e.in_sitemap_ns || e.depth < 2 || e.ns.empty()) return false;
  const bool entry = e.local_name == "url" || e.local_name == "sitemap";
  const bool field = !entry && (e.local_name == "loc" || e.local_name == "lastmod" || e.local_name == "changefreq" ||
                                e.local_name == "priority");
  if (entry ? e.depth != 2 : !field || !is_entry_element(e.parent)) return false;
  return near_sitemap_namespace(e.ns);
}

}  // namespace sitemaplint
