// Google's PageMap extension as data: what Programmable Search Engine's PageMap documentation
// describes (one <PageMap> per page, holding <DataObject type="..."> elements, each holding
// <Attribute name="..."> elements whose value is their text or their value attribute), with the
// optional <Template src="..."> that sitemaps written for the PageMap schema put first. Google's
// own XSD for the namespace is not vendored (testdata/xsd/README.md says why): the PageMap rules
// rest on the documentation, not on a schema.
#pragma once

#include "rules/extension/extension_support.h"

namespace sitemaplint {

inline constexpr AttributeSpec kPageMapTemplateAttributes[] = {{"src", true}};
inline constexpr AttributeSpec kPageMapDataObjectAttributes[] = {{"type", true}, {"id"}};
inline constexpr AttributeSpec kPageMapAttributeAttributes[] = {{"name", true}, {"value"}};

inline constexpr ElementSpec kPageMapDataObjectChildren[] = {
    {.name = "Attribute", .max_occurs = kUnbounded, .attributes = kPageMapAttributeAttributes},
};
inline constexpr ElementSpec kPageMapChildren[] = {
    {.name = "Template", .attributes = kPageMapTemplateAttributes},
    {.name = "DataObject",
     .max_occurs = kUnbounded,
     .attributes = kPageMapDataObjectAttributes,
     .children = kPageMapDataObjectChildren},
};
inline constexpr ElementSpec kPageMapElement{.name = "PageMap", .children = kPageMapChildren};

inline constexpr ExtensionFamily kPageMapFamily{
    "PageMap",        kPageMapNamespace,
    "pagemap",        R"(^(google\.com|sitemaps\.org)/schemas/sitemap[-_]?page[-_]?maps?(/[^/]*)?$)",
    &kPageMapElement, "the page the PageMap describes"};

}  // namespace sitemaplint
