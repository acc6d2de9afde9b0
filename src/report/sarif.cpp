// The SARIF 2.1.0 report, for GitHub code scanning and other SARIF viewers. docs/output.md ("SARIF")
// documents which fields are filled in.
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "docs/rule_docs.h"
#include "report/fingerprint.h"
#include "report/sarif_artifacts.h"
#include "report/json_stream.h"
#include "report/source.h"
#include "engine/registry.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
namespace {

std::string_view sarif_level(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "note";
  }
  return "error";
}

void write_artifact_location(JsonWriter& json, const ArtifactLocation& location) {
  json.begin_object();
  json.field("uri", location.uri);
  if (location.under_root) json.field("uriBaseId", "%SRCROOT%");
  json.end_object();
}

// SARIF's message and description objects: {"text": ...}.
void text_field(JsonWriter& json, JsonWriter::Name name, std::string_view text) {
  json.key(name);
  json.begin_object();
  json.field("text", text);
  json.end_object();
}

void write_region(JsonWriter& json, const Position& start, const Position& end) {
  json.begin_object();
  json.field("startLine", start.line);
  json.field("startColumn", start.utf16_column);
  json.field("endLine", end.line);
  json.field("endColumn", end.utf16_column);
  json.end_object();
}

// "locations": one physicalLocation in `artifact`, with the region from region[0] to region[1]
// when given (a result's), without one (a notification about a whole input). A result's are
// written through `stencils`: all but the region are the same in each of a file's
// results.
struct LocationStencils {
  JsonWriter::Stencil head, tail;
};
void write_locations(JsonWriter& json, const ArtifactLocation& artifact, const Position* region,
                     LocationStencils* stencils = nullptr) {
  LocationStencils unkept;  // a notification's, written once
  LocationStencils& kept = stencils ? *stencils : unkept;
  json.stencil(kept.head, [&] {
    json.key("locations");
    json.begin_array();
    json.begin_object();
    json.key("physicalLocation");
    json.begin_object();
    json.key("artifactLocation");
    write_artifact_location(json, artifact);
    if (region) json.key("region");
  });
  if (region) write_region(json, region[0], region[1]);
  json.stencil(kept.tail, [&] {
    json.end_object();
    json.end_object();
    json.end_array();
  });
}

void write_rule(JsonWriter& json, const RuleInfo& info) {
  json.begin_object();
  json.field("id", info.code);
  json.field("name", info.name);
  text_field(json, "shortDescription", info.summary);
  text_field(json, "fullDescription", info.summary);
  // The help leads with whose rule it is, as --explain does.
  std::string help = "Authority: " + authority_list(info.authorities) + "\n";
  if (!info.search_console.empty()) help += "\nSearch Console: \"" + std::string(info.search_console) + "\"\n";
  help += info.docs;
  json.field("helpUri", rule_docs_url(info));
  json.key("help");
  json.begin_object();
  json.field("text", help);
  json.field("markdown", help);
  json.end_object();
  json.key("defaultConfiguration");
  json.begin_object();
  json.field("level", sarif_level(info.default_severity));
  json.end_object();
  json.key("properties");
  json.begin_object();
  const std::vector<std::string_view> authorities = authority_names(info.authorities);
  json.key("authorities");
  json.begin_array();
  for (std::string_view name : authorities) json.string(name);
  json.end_array();
  if (!info.search_console.empty()) json.field("searchConsole", info.search_console);
  // Code scanning filters alerts by tags: the family and each authority.
  json.key("tags");
  json.begin_array();
  json.string(info.family->name);
  for (std::string_view name : authorities) json.string(name);
  json.end_array();
  json.end_object();
  json.end_object();
}

// The run's invocation: whether sitemaplint could do its job (it could not when an input was
// unreadable) and, as tool notifications, what fails the run besides its results. GitHub shows
// these on the tool's status page; a run that linted nothing must not look clean there.
void write_invocation(JsonWriter& json, const RunStatus& status, ArtifactLocations& locations) {
  const bool exceeded = status.warning_limit && status.warning_limit->exceeded();
  json.begin_object();
  json.field("executionSuccessful", status.input_errors.empty());
  if (status.baseline_hidden) {
    // SARIF has no field for results left out by a baseline; a property bag carries the count.
    json.key("properties");
    json.begin_object();
    json.field("baselineHidden", *status.baseline_hidden);
    json.end_object();
  }
  if (!status.input_errors.empty() || exceeded) {
    json.key("toolExecutionNotifications");
    json.begin_array();
    for (const InputError& error : status.input_errors) {
      json.begin_object();
      json.field("level", "error");
      text_field(json, "message", error.message);
      write_locations(json, locations.of(error.path), nullptr);
      json.key("descriptor");
      json.begin_object();
      json.field("id", "unreadable-input");
      json.end_object();
      json.end_object();
    }
    if (exceeded) {
      json.begin_object();
      json.field("level", "error");
      text_field(json, "message", status.warning_limit->message());
      json.key("descriptor");
      json.begin_object();
      json.field("id", "max-warnings");
      json.end_object();
      json.end_object();
    }
    json.end_array();
  }
  json.end_object();
}

// The rules tool.driver.rules describes, and where each stands there (a result's ruleIndex).
class DescribedRules {
 public:
  DescribedRules(std::span<const FileReport> reports, SarifRules described) {
    std::array<bool, kRuleCount> fired{};
    for (const FileReport& report : reports) {
      for (const Diagnostic& d : report.diagnostics) fired[index_of(d.rule->id)] = true;
    }
    place_.fill(kNone);
    for (const RuleInfo* def : all_rules()) {
      if (described == SarifRules::Fired && !fired[index_of(def->id)]) continue;
      place_[index_of(def->id)] = rules_.size();
      rules_.push_back(def);
    }
  }
  const std::vector<const RuleInfo*>& rules() const { return rules_; }
  // Where `rule` stands among rules(), if it is one of them.
  std::optional<std::size_t> place_of(const RuleInfo& rule) const {
    const std::size_t place = place_[index_of(rule.id)];
    if (place == kNone || rules_[place] != &rule) return std::nullopt;
    return place;
  }

 private:
  static constexpr std::size_t kNone = ~std::size_t{0};
  std::vector<const RuleInfo*> rules_;
  std::array<std::size_t, kRuleCount> place_;  // by RuleId
};

// What a run's results repeat, written once and then copied (JsonWriter::Stencil): the
// brackets and names between a result's values; the file's locations, but for the region's
// numbers; each rule's properties for each set of authorities its findings rest on.
struct RepeatedParts {
  JsonWriter::Stencil open, message, fingerprint, close, fix_artifact;
  LocationStencils locations;  // of the file whose results are being written
  // By RuleId: the sets of authorities seen (mostly one) and their properties.
  std::array<std::vector<std::pair<std::uint32_t, JsonWriter::Stencil>>, kRuleCount> properties;
  JsonWriter::Stencil& properties_of(const RuleInfo& rule, std::uint32_t authorities) {
    auto& seen = properties[index_of(rule.id)];
    for (auto& [set, stencil] : seen) {
      if (set == authorities) return stencil;
    }
    return seen.emplace_back(authorities, JsonWriter::Stencil()).second;
  }
  void new_file() {
    locations = {};
    fix_artifact = {};
  }
};

// One result. `location`: the finding's file's artifactLocation.
void write_result(JsonWriter& json, const Diagnostic& d, const DescribedRules& described, const ReportSource& source,
                  const ArtifactLocation& location, Fingerprints& fingerprints, RunSources& sources,
                  ArtifactLocations& locations, RepeatedParts& repeated) {
  json.stencil(repeated.open, [&] {
    json.begin_object();
    json.key("ruleId");
  });
  json.string(d.rule->code);
  if (const auto place = described.place_of(*d.rule)) json.field("ruleIndex", *place);
  json.field("level", sarif_level(d.severity));
  json.stencil(repeated.message, [&] {
    json.key("message");
    json.begin_object();
    json.key("text");
  });
  json.string(d.message);
  const std::uint32_t authorities = finding_authorities(d);
  json.stencil(repeated.properties_of(*d.rule, authorities), [&] {
    json.end_object();
    json.key("properties");
    json.begin_object();
    json.key("authorities");
    json.begin_array();
    for (std::string_view name : authority_names(authorities)) json.string(name);
    json.end_array();
    json.end_object();
  });

  const Position region[2] = {source.position(d.offset), source.position(d.offset + d.length)};
  write_locations(json, location, region, &repeated.locations);
  // GitHub's form: hash, then which occurrence of that hash in the file this is.
  json.stencil(repeated.fingerprint, [&] {
    json.key("partialFingerprints");
    json.begin_object();
    json.key("primaryLocationLineHash");
  });
  json.string(fingerprints.next(d));
  if (!d.related && !d.fix) {
    json.stencil(repeated.close, [&] {
      json.end_object();
      json.end_object();
    });
    return;
  }
  json.end_object();

  if (d.related) {
    const Position at = sources.related_position(d, source);
    json.key("relatedLocations");
    json.begin_array();
    json.begin_object();
    json.field("id", 1);
    json.key("physicalLocation");
    json.begin_object();
    json.key("artifactLocation");
    write_artifact_location(json, d.related->path.empty() ? location : locations.of(d.related->path));
    json.key("region");
    json.begin_object();
    json.field("startLine", at.line);
    json.field("startColumn", at.utf16_column);
    json.end_object();
    json.end_object();
    text_field(json, "message", d.related->message);
    json.end_object();
    json.end_array();
  }
  if (d.fix) {
    json.key("fixes");
    json.begin_array();
    json.begin_object();
    text_field(json, "description", d.fix->description);
    json.key("artifactChanges");
    json.begin_array();
    json.begin_object();
    json.stencil(repeated.fix_artifact, [&] {
      json.key("artifactLocation");
      write_artifact_location(json, location);
    });
    json.key("replacements");
    json.begin_array();
    json.begin_object();
    json.key("deletedRegion");
    write_region(json, source.position(d.fix->offset), source.position(d.fix->offset + d.fix->length));
    text_field(json, "insertedContent", d.fix->replacement);
    json.end_object();
    json.end_array();
    json.end_object();
    json.end_array();
    json.end_object();
    json.end_array();
  }
  json.end_object();
}

}  // namespace

// Written as it goes (report/json_stream.h): a run with many findings would otherwise build, and
// free, a tree of every value first. Ill-formed UTF-8 in messages (quoted from a broken input)
// comes out as U+FFFD, never a crash.
void write_sarif(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out,
                 SarifRules described) {
  const DescribedRules rules(reports, described);
  ArtifactLocations locations;
  JsonWriter json(out);
  json.begin_object();
  json.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
  json.field("version", "2.1.0");
  json.key("runs");
  json.begin_array();
  json.begin_object();

  json.key("tool");
  json.begin_object();
  json.key("driver");
  json.begin_object();
  json.field("name", "sitemaplint");
  json.field("version", SITEMAPLINT_VERSION);
  json.field("semanticVersion", SITEMAPLINT_VERSION);
  json.key("rules");
  json.begin_array();
  for (const RuleInfo* rule : rules.rules()) write_rule(json, *rule);
  json.end_array();
  json.end_object();
  json.end_object();

  json.key("invocations");
  json.begin_array();
  write_invocation(json, status, locations);
  json.end_array();
  if (!locations.root().empty()) {
    std::string root = file_uri(locations.root());
    if (root.back() != '/') root += '/';
    json.key("originalUriBaseIds");
    json.begin_object();
    json.key("%SRCROOT%");
    json.begin_object();
    json.field("uri", root);
    json.end_object();
    json.end_object();
  }

  json.key("results");
  json.begin_array();
  RunSources sources(reports);
  RepeatedParts repeated;
  for (const FileReport& report : reports) {
    if (report.diagnostics.empty()) continue;
    repeated.new_file();
    const ArtifactLocation& location = locations.of(report.path);
    const ReportSource source(report);
    Fingerprints fingerprints(report, source);
    const std::vector<Diagnostic>& findings = report.diagnostics;
    for (std::size_t i = 0; i < findings.size(); ++i) {
      // The line a later finding's fingerprint reads.
      if (i + ReportSource::kPrefetchAhead < findings.size())
        source.prefetch(findings[i + ReportSource::kPrefetchAhead].offset);
      write_result(json, findings[i], rules, source, location, fingerprints, sources, locations, repeated);
    }
  }
  json.end_array();
  json.field("columnKind", "utf16CodeUnits");

  json.end_object();
  json.end_array();
  json.end_object();
  json.flush();
  out << '\n';
}

}  // namespace sitemaplint
