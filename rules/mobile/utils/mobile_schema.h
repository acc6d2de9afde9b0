// Google's mobile sitemap extension as data: sitemap-mobile.xsd 1.0 declares one element,
// <mobile:mobile>, whose type is an empty <xsd:complexType/>: no children, no text, no attributes.
// Google wrote it into a <url> to mark a page for feature phones (WML, XHTML Mobile Profile,
// cHTML) and no longer documents it; the mobile rules check documents against the XSD.
#pragma once

#include "rules/extension/extension_support.h"

namespace sitemaplint {

inline constexpr ElementSpec kMobileElement{.name = "mobile", .empty = true};

inline constexpr ExtensionFamily kMobileFamily{
    "mobile",
    kMobileNamespace,
    "mobile",
    R"(^(google\.com|sitemaps\.org)/schemas/sitemap[-_]?mobile(/[^/]*)?$)",
    &kMobileElement,
    "the feature-phone page",
    "schema validation rejects the mobile tags it binds (no schema declares them)"};

}  // namespace sitemaplint
