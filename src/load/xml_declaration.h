// The XML declaration as XML 1.0 (section 2.8) writes it: `<?xml`, in lower case, then version,
// encoding and standalone ("yes" or "no"), in this order, each at most once, and nothing else.
// pugixml takes any declaration it can read (and "<?XML" for one), so this is checked on its tree.
#pragma once

#include "document.h"

namespace sitemaplint {

// Records in doc.syntax_errors what keeps the tree's declaration (its first child, if one) from
// being XML's; nothing when there is no declaration.
void check_xml_declaration(Document& doc);

}  // namespace sitemaplint
