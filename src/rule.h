// The rule interface. A rule declares the events it wants (Hooks) and the engine, which walks the
// document once, calls it for exactly those. A rule never walks the tree itself.
#pragma once

#include <memory>
#include <string_view>

#include "diagnostic.h"
#include "document.h"
#include "entry.h"
#include "settings.h"

namespace sitemaplint {

struct RuleInfo {
  std::string_view code;     // stable, e.g. "SM203"; a retired code is never reused
  std::string_view name;     // kebab-case, e.g. "lastmod-invalid"
  Severity default_severity;
  std::string_view summary;  // one line
  std::string_view docs;     // Markdown: What it does / Why it matters / Example / Use instead
};

// Where a rule sends its findings; the engine attaches the rule and its effective severity.
class Reporter {
 public:
  virtual ~Reporter() = default;
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
  virtual void on_document(const Document&, Reporter&) {}
  virtual void on_element(const Element&, Reporter&) {}
  virtual void on_text(const TextRun&, Reporter&) {}
  virtual void on_entry(const Entry&, Reporter&) {}
  virtual void on_finish(const Document&, Reporter&) {}
};

struct RuleDefinition {
  const RuleInfo& info;
  std::unique_ptr<Rule> (*make)(const Settings&);
};

}  // namespace sitemaplint
