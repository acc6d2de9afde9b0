// The rule interface. A rule declares the events it wants (Hooks) and the engine, which walks the
// document once, calls it for exactly those. A rule never walks the tree itself.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "diagnostic.h"
#include "document.h"
#include "entry.h"
#include "rule_id.h"
#include "settings.h"

namespace sitemaplint {

class Rule;

enum class Fixes : std::uint8_t { Never, Sometimes, Always };

// What a rule's own file says about it; its code, name and family come from rules/rules.def.
struct RuleMeta {
  Severity severity = Severity::Error;  // the default; users override it
  Fixes fixes = Fixes::Never;           // whether findings carry safe fixes (the fixture tests hold it to this)
  bool suppressible = true;             // false: inline comments cannot hide its findings
  std::string_view summary;             // one line, no final period
  std::string_view docs;                // Markdown: What it does / Why it matters / Example / Use instead
};

// A family of rules: a folder of rules/, selectable as a whole by its name or code prefix.
struct FamilyInfo {
  FamilyId id;
  std::string_view name;    // e.g. "lastmod", "image"
  std::string_view prefix;  // what every code of the family starts with, e.g. "SM4", "IMG"
  std::string_view summary;
};

using RuleFactory = std::unique_ptr<Rule> (*)(const Settings&);

// Everything about one rule: its identity from rules/rules.def and its file's RuleMeta.
struct RuleInfo {
  RuleId id;
  std::string_view code;  // stable, e.g. "SM203"; a retired code is never reused
  std::string_view name;  // kebab-case, e.g. "lastmod-invalid"
  const FamilyInfo* family;
  Severity default_severity;
  Fixes fixes;
  bool suppressible;
  std::string_view summary;
  std::string_view docs;
  RuleFactory make;
};

// Where a rule sends its findings; the engine attaches the rule and its effective severity.
class FindingSink {
 public:
  virtual ~FindingSink() = default;
  virtual void report(std::size_t offset, std::size_t length, std::string message,
                      std::optional<Fix> fix = std::nullopt,
                      std::optional<RelatedLocation> related = std::nullopt) = 0;
};

enum Hooks : unsigned {
  kOnDocument = 1u << 0,  // once, after parsing: encoding, syntax, root and namespace facts
  kOnElement = 1u << 1,   // every element of the tree, with its resolved namespace
  kOnText = 1u << 2,      // every raw text run and attribute value, as written
  kOnEntry = 1u << 3,     // every child of the root (<url>, <sitemap>, or something else)
  kOnFinish = 1u << 4,    // once, after the walk: counts, duplicates, uniformity
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual unsigned hooks() const = 0;
  virtual void on_document(const Document&, FindingSink&) {}
  virtual void on_element(const Element&, FindingSink&) {}
  virtual void on_text(const TextRun&, FindingSink&) {}
  virtual void on_entry(const Entry&, FindingSink&) {}
  virtual void on_finish(const Document&, FindingSink&) {}
};

// What a rule file contributes (SITEMAPLINT_DEFINE_RULE): its metadata and how to make it.
struct RuleDefinition {
  const RuleMeta& meta;
  RuleFactory make;
};

}  // namespace sitemaplint
