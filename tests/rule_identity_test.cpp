// Rule identity lives in rules/rules.def: codes unique and never a retired one, each code under its
// family's prefix and in code order within its family, each family a folder of rules/, and
// selection by rule, family name or code prefix.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>
#include <string>

#include "engine/registry.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

struct Retired {
  std::string_view code, why;
};
constexpr Retired kRetired[] = {
#define SITEMAPLINT_RETIRED(code, why) {#code, why},
#include "rules/rules.def"
    {"", ""}};

// The digits after a code's letters, as a number: "SM401" -> 401.
int number_of(std::string_view code) { return std::stoi(std::string(code.substr(code.find_first_of("0123456789")))); }

std::vector<std::string> codes_of(const std::vector<const RuleInfo*>& rules) {
  std::vector<std::string> out;
  for (const RuleInfo* rule : rules) out.emplace_back(rule->code);
  return out;
}

}  // namespace

TEST_CASE("rules.def: each code under its family's prefix, in code order, never a retired one") {
  std::set<std::string_view> retired;
  for (const Retired& r : kRetired) {
    if (!r.code.empty()) CHECK(retired.insert(r.code).second);
  }
  std::set<std::string_view> prefixes;
  for (const FamilyInfo& family : all_families()) {
    CAPTURE(family.name);
    CHECK(prefixes.insert(family.prefix).second);
    CHECK(!family.summary.empty());
    // A family is a folder of rules/ with its own list.
    CHECK(std::filesystem::exists(source_path("rules/" + std::string(family.name) + "/rules.def")));
  }
  const RuleInfo* previous = nullptr;
  for (const RuleInfo* rule : all_rules()) {
    CAPTURE(rule->code);
    CHECK(rule->code.starts_with(rule->family->prefix));
    CHECK(retired.count(rule->code) == 0);
    CHECK(&rule_info(rule->id) == rule);
    CHECK(find_rule(rule->code) == rule);
    CHECK(find_rule(rule->name) == rule);
    if (previous && previous->family == rule->family) CHECK(number_of(previous->code) < number_of(rule->code));
    // The rule's file lives in its family's folder, named after the rule.
    std::string file = std::string(rule->name);
    std::replace(file.begin(), file.end(), '-', '_');
    CHECK(std::filesystem::exists(source_path("rules/" + std::string(rule->family->name) + "/" + file + ".cpp")));
    previous = rule;
  }
}

TEST_CASE("a --select word names a rule, a family, a code prefix or ALL") {
  CHECK(codes_of(rules_named("lastmod-invalid")) == std::vector<std::string>{"SM401"});
  CHECK(codes_of(rules_named("sm401")) == std::vector<std::string>{"SM401"});
  CHECK(codes_of(rules_named("priority")) == std::vector<std::string>{"SM601", "SM602", "SM603"});
  CHECK(codes_of(rules_named("SM6")) == std::vector<std::string>{"SM601", "SM602", "SM603"});
  CHECK(codes_of(rules_named("sm60")) == std::vector<std::string>{"SM601", "SM602", "SM603"});
  CHECK(rules_named("SM").size() ==
        static_cast<std::size_t>(std::count_if(all_rules().begin(), all_rules().end(),
                                               [](const RuleInfo* r) { return r->code.starts_with("SM"); })));
  CHECK(rules_named("ALL").size() == all_rules().size());
  // A prefix must name a whole family's letters, and match something.
  CHECK(rules_named("S").empty());
  CHECK(rules_named("SM99").empty());
  CHECK(rules_named("lastmod-").empty());

  RuleSelection selection;
  std::string error;
  REQUIRE(make_selection({"priority"}, {"SM603"}, {}, &selection, &error));
  CHECK(codes_of(selection.enabled) == std::vector<std::string>{"SM601", "SM602"});
  CHECK_FALSE(make_selection({"nosuchfamily"}, {}, {}, &selection, &error));
  CHECK(error == "--select: unknown rule 'nosuchfamily' (sitemaplint --list-rules shows them all)");
}

TEST_CASE("findings sort by offset, then rule, keeping the order of equal ones, as a stable sort would") {
  std::mt19937 random(7);
  std::uniform_int_distribution<std::size_t> offset(0, 30), rule(0, kRuleCount - 1), size(0, 200);
  for (int round = 0; round < 200; ++round) {
    std::vector<Diagnostic> findings(size(random));
    for (std::size_t i = 0; i < findings.size(); ++i) {
      findings[i].offset = offset(random);
      findings[i].rule = &rule_info(static_cast<RuleId>(rule(random) % 3));  // few rules: many equal keys
      findings[i].message = std::to_string(i);  // tells equal keys apart
    }
    if (round % 10 == 0) std::stable_sort(findings.begin(), findings.end(), diagnostic_order);  // sorted already
    std::vector<Diagnostic> expected = findings;
    std::stable_sort(expected.begin(), expected.end(), diagnostic_order);
    sort_diagnostics(findings);
    REQUIRE(findings.size() == expected.size());
    for (std::size_t i = 0; i < findings.size(); ++i) {
      CHECK(findings[i].offset == expected[i].offset);
      CHECK(findings[i].rule == expected[i].rule);
      CHECK(findings[i].message == expected[i].message);
    }
  }
}
