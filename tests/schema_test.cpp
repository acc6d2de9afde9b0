// The name and namespace comparisons every rule leans on (src/schema.h) agree with plain string
// equality, whatever the length, the place of a difference or the alignment of the text.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "schema.h"

namespace sitemaplint {
namespace {

TEST_CASE("same_name is string equality for every length and every place of a difference") {
  // Names sit at any offset in a document: compare slices that start at each alignment.
  const std::string text(80, 'n');
  for (std::size_t length = 0; length <= 33; ++length) {
    for (std::size_t offset = 0; offset < 8; ++offset) {
      std::string other = text;
      const std::string_view a(text.data() + offset, length);
      CHECK(same_name(a, std::string_view(other.data() + 8 - offset, length)));
      for (std::size_t k = 0; k < length; ++k) {
        other[8 - offset + k] = 'x';
        const std::string_view b(other.data() + 8 - offset, length);
        CHECK_FALSE(same_name(a, b));
        CHECK_FALSE(same_name(b, a));
        other[8 - offset + k] = 'n';
      }
      if (length > 0) CHECK_FALSE(same_name(a, a.substr(1)));
    }
  }
  CHECK(same_name("image", "image"));
  CHECK_FALSE(same_name("image", "video"));
  CHECK_FALSE(same_name("thumbnail_loc", "thumbnail_lo"));
  CHECK_FALSE(same_name("Loc", "loc"));
}

TEST_CASE("known namespaces are recognised by address and by text, others are not known") {
  for (std::size_t i = 0; i < kKnownNamespaces.size(); ++i) {
    const std::string copy(kKnownNamespaces[i]);
    CHECK(known_namespace_index(kKnownNamespaces[i]) == i);
    CHECK(known_namespace_index(copy) == i);
    CHECK(canonical_namespace(copy).data() == kKnownNamespaces[i].data());
    CHECK(same_namespace(copy, kKnownNamespaces[i]));
    for (std::size_t j = 0; j < kKnownNamespaces.size(); ++j) {
      CHECK(same_namespace(kKnownNamespaces[i], kKnownNamespaces[j]) == (i == j));
      CHECK(same_namespace(copy, std::string(kKnownNamespaces[j])) == (i == j));
    }
  }
  const std::string https = "https://www.google.com/schemas/sitemap-image/1.1";
  CHECK(known_namespace_index(https) == kKnownNamespaces.size());
  CHECK(canonical_namespace(https).data() == https.data());
  CHECK_FALSE(same_namespace(https, kImageNamespace));
  CHECK(known_namespace_index("") == kKnownNamespaces.size());
}

}  // namespace
}  // namespace sitemaplint
