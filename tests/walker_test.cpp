// The walk resolves each element's namespace from the declarations in scope, as Namespaces in XML
// says: the innermost declaration of a prefix wins, and ends with its element.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// Reports every element as "name=namespace".
class NamespaceNamer final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.elements(Subscriptions::kAnyNamespace); }
  void on_element(const Element& e, FindingSink& out) override {
    out.report({.at = {e.offset, 1},
                .message = std::string(e.qualified_name) + "=" + std::string(e.ns) +
                           (e.prefix_declared ? "" : " (undeclared)")});
  }
};

std::vector<std::string> namespaces_of(const std::string& xml) {
  std::vector<std::unique_ptr<Rule>> rules;
  rules.push_back(std::make_unique<NamespaceNamer>());
  return walk_messages(xml, std::move(rules));
}

}  // namespace

TEST_CASE("walker: a prefix resolves to its innermost declaration, and to the outer one again after it") {
  CHECK(namespaces_of(
            "<r xmlns:p=\"u1\"><p:a/><p:b/><s xmlns:p=\"u2\"><p:c/><p:d/></s><p:e/><t xmlns:q=\"u3\"><q:f/><p:g/></t>"
            "<q:h/></r>") == std::vector<std::string>{"r=", "p:a=u1", "p:b=u1", "s=", "p:c=u2", "p:d=u2", "p:e=u1",
                                                      "t=", "q:f=u3", "p:g=u1", "q:h= (undeclared)"});
}

TEST_CASE("walker: a declaration on the element itself applies to its own name") {
  CHECK(namespaces_of("<r xmlns:p=\"u1\"><p:a/><p:b xmlns:p=\"u2\"/><p:c/></r>") ==
        std::vector<std::string>{"r=", "p:a=u1", "p:b=u2", "p:c=u1"});
}
