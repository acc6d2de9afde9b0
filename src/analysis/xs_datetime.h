// XML Schema 1.0's xs:date and xs:dateTime (second edition, section 3.2.7 and 3.2.9): the two types
// the sitemap XSD's <lastmod> is a union of. They differ from the W3C Datetime note the protocol
// names (w3c_datetime.h) in both directions: XML Schema also takes a time zone on a date
// ('2024-05-31Z'), the end of a day as 24:00:00, signed and five-digit years, and a time without
// a zone; it does not take a year or a month alone, nor a time without seconds. Rules ask this
// only to say whether the XSD, too, rejects a value they report.
#pragma once

#include <string_view>

namespace sitemaplint {

// Whether `text` (already without the white space XML Schema collapses) is a valid xs:date or
// xs:dateTime: its lexical form, a day that exists, hours 00 to 23 or 24:00:00, minutes and
// seconds 00 to 59 and a zone within -14:00..+14:00.
bool is_xs_date_or_datetime(std::string_view text);

}  // namespace sitemaplint
