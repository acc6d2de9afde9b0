#include "run/partition_findings.h"

#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "rules/hreflang/utils/page_facts.h"
#include "run/shard_report_json.h"

namespace sitemaplint {

using nlohmann::json;

std::string version_refusal(const std::string& what, std::uint32_t format, std::uint32_t reads,
                            const std::string& made_by) {
  if (format != reads)
    return what + " format version " + std::to_string(format) + "; this sitemaplint reads version " +
           std::to_string(reads);
  if (made_by != SITEMAPLINT_VERSION) return "made by sitemaplint " + made_by + ", not this " SITEMAPLINT_VERSION;
  return {};
}

json fix_json(const Fix& fix) {
  return {{"offset", fix.offset},
          {"length", fix.length},
          {"replacement", fix.replacement},
          {"description", fix.description}};
}

json related_json(const RelatedLocation& related) {
  return {{"offset", related.offset}, {"message", related.message}, {"path", related.path}};
}

Fix fix_from(const json& in) {
  return Fix{in.at("offset").get<std::uint32_t>(), in.at("length").get<std::uint32_t>(),
             in.at("replacement").get<std::string>(), in.at("description").get<std::string>()};
}

RelatedLocation related_from(const json& in) {
  return RelatedLocation{in.at("offset").get<std::uint32_t>(), in.at("message").get<std::string>(),
                         in.at("path").get<std::string>()};
}

namespace {

// Whether `rule` is one a partition checks: a rule on the set's pages.
bool partitioned_rule(RuleId rule) {
  Subscriptions subscriptions;
  rule_info(rule).make(Settings{})->subscribe(subscriptions);
  return subscriptions.plan().set && subscriptions.plan().facts_collector == &make_page_collector;
}

json rule_findings_json(const PartitionFindings& findings) {
  json counts = json::array();
  for (std::size_t f = 0; f < findings.counts.size(); ++f) {
    if (findings.counts[f] != 0) counts.push_back({f, findings.counts[f]});
  }
  json kept = json::array();
  for (const HeldFinding& h : findings.kept) {
    const Report& r = h.report;
    json out = {{"file", h.file},       {"offset", r.at.offset}, {"length", r.at.length},
                {"message", r.message}, {"subject", h.subject},  {"rests_on", r.rests_on}};
    if (r.fix) out["fix"] = fix_json(*r.fix);
    if (r.related) out["related"] = related_json(*r.related);
    kept.push_back(std::move(out));
  }
  return {{"rule", std::string(rule_info(findings.rule).code)},
          {"counts", std::move(counts)},
          {"findings", std::move(kept)}};
}

// One rule's findings read back; throws on a field missing or wrong, and on a file past `files`.
PartitionFindings rule_findings_from(const json& in, std::size_t files) {
  const auto file_of = [files](const json& at) {
    const std::size_t file = at.get<std::uint32_t>();
    if (file >= files)
      throw std::runtime_error("file " + std::to_string(file) + " of a set of " + std::to_string(files));
    return file;
  };
  PartitionFindings findings;
  const std::string code = in.at("rule").get<std::string>();
  const RuleInfo* rule = find_rule(code);
  if (!rule) throw std::runtime_error("an unknown rule, " + code);
  findings.rule = rule->id;
  findings.counts.assign(files, 0);
  for (const json& c : in.at("counts")) findings.counts[file_of(c.at(0))] = c.at(1).get<std::size_t>();
  for (const json& f : in.at("findings")) {
    HeldFinding h;
    h.file = static_cast<std::uint32_t>(file_of(f.at("file")));
    h.report.at = {f.at("offset").get<std::uint32_t>(), f.at("length").get<std::uint32_t>()};
    h.report.message = f.at("message").get<std::string>();
    h.subject = f.at("subject").get<std::string>();
    h.report.rests_on = f.at("rests_on").get<std::uint32_t>();
    if (const auto fix = f.find("fix"); fix != f.end()) h.report.fix = fix_from(*fix);
    if (const auto related = f.find("related"); related != f.end()) h.report.related = related_from(*related);
    findings.kept.push_back(std::move(h));
  }
  return findings;
}

}  // namespace

std::string partition_findings_json(const PartitionOrigin& origin, const std::vector<PartitionFindings>& findings) {
  json rules = json::array();
  for (const PartitionFindings& rule : findings) rules.push_back(rule_findings_json(rule));
  // "end" is written last: a file cut short is not JSON, or lacks it.
  const json out = {{"format", kPartitionFindingsVersion}, {"sitemaplint", SITEMAPLINT_VERSION},
                    {"settings", origin.settings},         {"shards", origin.shards},
                    {"partition", origin.partition},       {"partitions", origin.partitions},
                    {"rules", std::move(rules)},           {"end", true}};
  return out.dump(1) + "\n";
}

bool read_partition_findings(const std::string& text, std::size_t files, PartitionOrigin* origin,
                             std::vector<PartitionFindings>* findings, std::string* error) {
  try {
    const json in = json::parse(text);
    *error = version_refusal("partition findings", in.at("format").get<std::uint32_t>(), kPartitionFindingsVersion,
                             in.at("sitemaplint").get<std::string>());
    if (!error->empty()) return false;
    if (!in.at("end").get<bool>()) throw std::runtime_error("no end");
    origin->settings = in.at("settings").get<std::string>();
    origin->shards = in.at("shards").get<std::string>();
    origin->partition = in.at("partition").get<std::uint32_t>();
    origin->partitions = in.at("partitions").get<std::uint32_t>();
    findings->clear();
    std::set<RuleId> seen;
    for (const json& rule : in.at("rules")) {
      PartitionFindings found = rule_findings_from(rule, files);
      if (!partitioned_rule(found.rule))
        throw std::runtime_error(std::string(rule_info(found.rule).code) + ", which no partition checks");
      if (!seen.insert(found.rule).second) throw std::runtime_error(std::string(rule_info(found.rule).code) + " twice");
      findings->push_back(std::move(found));
    }
  } catch (const std::exception& e) {
    *error = std::string("not partition findings this sitemaplint can read (") + unreadable_because(e) + ")";
    return false;
  }
  return true;
}

}  // namespace sitemaplint
