// The walk resolves each element's namespace from the declarations in scope, as Namespaces in XML
// says: the innermost declaration of a prefix wins, and ends with its element.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "load/parse.h"
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

// Reports each element that shows trait `bit` as "bit@offset": filtered by the dispatch when
// `filtered`, by element_traits() itself otherwise.
class TraitProbe final : public Rule {
 public:
  TraitProbe(std::uint8_t bit, bool filtered) : bit_(bit), filtered_(filtered) {}
  void subscribe(Subscriptions& s) const override {
    s.elements(Subscriptions::kAnyNamespace, {}, filtered_ ? bit_ : std::uint8_t{0});
  }
  void on_element(const Element& e, FindingSink& out) override {
    if (filtered_ || (element_traits(e) & bit_) != 0)
      out.report({.at = {e.offset, 1}, .message = std::to_string(bit_) + "@" + std::to_string(e.offset)});
  }

 private:
  std::uint8_t bit_;
  bool filtered_;
};

std::vector<std::string> traits_shown(Document& doc, bool filtered) {
  std::vector<std::unique_ptr<Rule>> rules;
  for (const std::uint8_t bit : {kElementHasAttributes, kElementInNoNamespace, kElementPrefixUndeclared,
                                 kElementOffSchema, kElementNameMalformed}) {
    rules.push_back(std::make_unique<TraitProbe>(bit, filtered));
  }
  std::vector<std::string> shown = walk_messages(doc, std::move(rules));
  std::sort(shown.begin(), shown.end());
  return shown;
}

}  // namespace

TEST_CASE("walker: the traits it works out for each element are element_traits(), in every fixture") {
  std::size_t checked = 0;
  for (const auto& path : rule_fixture_files()) {
    const std::string text = read_file(path.string());
    const std::unique_ptr<Document> filtered = parse_document(path.string(), text);
    if (!filtered->parsed || filtered->tree.empty()) continue;
    const std::unique_ptr<Document> every = parse_document(path.string(), text);
    CAPTURE(path.string());
    CHECK(traits_shown(*filtered, true) == traits_shown(*every, false));
    ++checked;
  }
  CHECK(checked > 100);
}

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
