// xs:date, xs:dateTime and xs:anyURI as the sitemap XSD uses them. The expectations match what
// libxml2's schema validator (xmllint --schema) decides for the same values.
#include <doctest/doctest.h>

#include "analysis/xs_any_uri.h"
#include "analysis/xs_datetime.h"

using namespace sitemaplint;

TEST_CASE("xs:date and xs:dateTime: what XML Schema 1.0 accepts, including what W3C Datetime does not") {
  for (const char* text : {"2024-05-31", "2024-05-31T10:00:00Z", "2024-05-31T10:00:00", "2024-05-31T10:00:00.125+02:00",
                           "2024-05-31Z", "2024-05-31+02:00", "2024-05-31T24:00:00Z", "2024-05-31T24:00:00.000",
                           "-0001-01-01", "10000-01-01", "2024-02-29", "2000-02-29", "2024-05-31T10:00:00+14:00",
                           "2024-05-31T10:00:00-00:00", "2024-05-31T23:59:59.123456789Z", "12000-02-29"}) {
    CAPTURE(text);
    CHECK(is_xs_date_or_datetime(text));
  }
  for (const char* text : {"",
                           "2024",
                           "2024-05",
                           "2024-05-31T10:00Z",
                           "2024-05-31T10Z",
                           "2024-05-31t10:00:00Z",
                           "2024-05-31T10:00:00z",
                           "2024-05-31 10:00:00",
                           "0000-01-01",
                           "02024-01-01",
                           "2023-02-29",
                           "1900-02-29",
                           "2024-13-01",
                           "2024-05-32",
                           "2024-05-31T25:00:00Z",
                           "2024-05-31T24:00:01Z",
                           "2024-05-31T10:60:00Z",
                           "2024-05-31T10:00:60Z",
                           "2024-05-31T10:00:00.Z",
                           "2024-05-31T10:00:00+14:01",
                           "2024-05-31T10:00:00+15:00",
                           "2024-05-31T10:00:00+0200",
                           "2024-5-31",
                           "20240531",
                           "2024-05-31T10:00:00ZZ",
                           " 2024-05-31",
                           "yesterday"}) {
    CAPTURE(text);
    CHECK(!is_xs_date_or_datetime(text));
  }
}

TEST_CASE("xs:anyURI: a URI reference once XLink's characters are escaped") {
  for (const char* text :
       {"https://example.com/", "/about", "None", "mailto:someone@example.com", "https://example.com/a b",
        "https://example.com/{id}", "https://example.com/café", "https://example.com/a|b^c`d\\e", "ftp://example.com/x",
        "https://example.com/?a=1&b=2", "https://[2001:db8::1]/", ""}) {
    CAPTURE(text);
    CHECK(is_xs_any_uri(text));
  }
  for (const char* text :
       {"://example.com/b", "https://example.com/100%ZZ", "https://example.com/a[1]",
        "\xE2\x80\x8Bhttps://example.com/b", "https://example.com/a#b#c", "http://[::1/", "https://exa%mple.com/"}) {
    CAPTURE(text);
    CHECK(!is_xs_any_uri(text));
  }
}

TEST_CASE("xs length facets count characters, with inner white space collapsed") {
  CHECK(xs_collapsed_length("https://example.com/") == 20);
  CHECK(xs_collapsed_length("https://example.com/café") == 24);
  CHECK(xs_collapsed_length("a  \t\n b") == 3);
  CHECK(xs_collapsed_length("") == 0);
}
