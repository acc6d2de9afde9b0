#include "run/shard_report_json.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "engine/overview.h"
#include "engine/registry.h"
#include "rules/hreflang/utils/page_facts.h"
#include "run/partition_findings.h"

namespace sitemaplint {
namespace {

using nlohmann::json;

json diagnostic_json(const Diagnostic& d) {
  json out = {{"rule", std::string(d.rule->code)},
              {"severity", static_cast<int>(d.severity)},
              {"offset", d.offset},
              {"length", d.length},
              {"message", d.message},
              {"subject", d.subject},
              {"authorities", d.authorities}};
  if (d.fix) out["fix"] = fix_json(*d.fix);
  if (d.related) out["related"] = related_json(*d.related);
  return out;
}

// Throws as report_from does.
Diagnostic diagnostic_from(const json& in) {
  Diagnostic d;
  d.rule = find_rule(in.at("rule").get<std::string>());
  if (!d.rule) throw std::runtime_error("a finding of an unknown rule, " + in.at("rule").get<std::string>());
  const int severity = in.at("severity").get<int>();
  if (severity < 0 || severity > 2) throw std::runtime_error("a finding of an unknown severity");
  d.severity = static_cast<Severity>(severity);
  d.offset = in.at("offset").get<std::uint32_t>();
  d.length = in.at("length").get<std::uint32_t>();
  d.message = in.at("message").get<std::string>();
  d.subject = in.at("subject").get<std::string>();
  d.authorities = in.at("authorities").get<std::uint32_t>();
  if (const auto fix = in.find("fix"); fix != in.end()) d.fix = fix_from(*fix);
  if (const auto related = in.find("related"); related != in.end()) d.related = related_from(*related);
  return d;
}

// The overview of the file's URLs the HTML report shows (EngineOptions::collect_overview).
json overview_json(const SiteOverview& o) {
  return {{"urls", o.urls},
          {"lastmod",
           {o.lastmod_7_days, o.lastmod_30_days, o.lastmod_365_days, o.lastmod_older, o.lastmod_future,
            o.lastmod_invalid, o.lastmod_missing}},
          {"hosts", o.hosts},
          {"sections", o.sections}};
}

std::shared_ptr<const SiteOverview> overview_from(const json& in) {
  auto o = std::make_shared<SiteOverview>();
  o->urls = in.at("urls").get<std::size_t>();
  const json& lastmod = in.at("lastmod");
  std::size_t* counts[] = {&o->lastmod_7_days, &o->lastmod_30_days, &o->lastmod_365_days, &o->lastmod_older,
                           &o->lastmod_future, &o->lastmod_invalid, &o->lastmod_missing};
  if (!lastmod.is_array() || lastmod.size() != std::size(counts)) throw std::runtime_error("an unreadable overview");
  for (std::size_t i = 0; i < std::size(counts); ++i) *counts[i] = lastmod.at(i).get<std::size_t>();
  for (const auto& [key, n] : in.at("hosts").items()) o->hosts[key] = n.get<std::size_t>();
  for (const auto& [key, n] : in.at("sections").items()) o->sections[key] = n.get<std::size_t>();
  return o;
}

}  // namespace

const PageFacts* page_facts_of(const FileReport& report) {
  for (const auto& [rule, facts] : report.facts) {
    if (const auto* pages = dynamic_cast<const PageFacts*>(facts.get())) return pages;
  }
  return nullptr;
}

nlohmann::json report_json(const FileReport& r) {
  json placed = json::array();
  for (const FileReport::Placed& p : r.placed) placed.push_back({p.offset, p.line, p.column, p.utf16_column});
  json diagnostics = json::array();
  for (const Diagnostic& d : r.diagnostics) diagnostics.push_back(diagnostic_json(d));
  json out = {{"report_path", r.path},
              {"requested", r.requested},
              {"reloadable", r.reloadable},
              {"kind", static_cast<int>(r.kind)},
              {"entries", r.entries},
              {"placed", std::move(placed)},
              {"diagnostics", std::move(diagnostics)}};
  if (!r.suppressions.empty()) out["suppressions"] = r.suppressions.to_json();
  if (r.overview) out["overview"] = overview_json(*r.overview);
  if (const PageFacts* pages = page_facts_of(r)) {
    json rules = json::array();
    for (const auto& [rule, facts] : r.facts) {
      if (facts.get() == pages) rules.push_back(std::string(rule_info(rule).code));
    }
    out["page_rules"] = std::move(rules);
    out["pages"] = pages->pages.size();
    out["links"] = pages->links.size();
  }
  return out;
}

std::optional<std::pair<std::uint64_t, std::int64_t>> file_stamp(const std::string& path) {
  std::error_code ec;
  const std::uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) return std::nullopt;
  const auto modified = std::filesystem::last_write_time(path, ec);
  if (ec) return std::nullopt;
  return std::pair{size, static_cast<std::int64_t>(modified.time_since_epoch().count())};
}

FileReport report_from(const nlohmann::json& in) {
  FileReport r;
  r.path = in.at("report_path").get<std::string>();
  r.requested = in.at("requested").get<std::string>();
  r.reloadable = in.at("reloadable").get<bool>();
  const int kind = in.at("kind").get<int>();
  if (kind < 0 || kind > static_cast<int>(DocumentKind::Robots)) throw std::runtime_error("an unknown document kind");
  r.kind = static_cast<DocumentKind>(kind);
  r.entries = in.at("entries").get<std::size_t>();
  for (const json& p : in.at("placed")) {
    r.placed.push_back({p.at(0).get<std::uint32_t>(), p.at(1).get<std::uint32_t>(), p.at(2).get<std::uint32_t>(),
                        p.at(3).get<std::uint32_t>()});
  }
  for (const json& d : in.at("diagnostics")) r.diagnostics.push_back(diagnostic_from(d));
  if (const auto s = in.find("suppressions"); s != in.end()) {
    auto suppressions = Suppressions::from_json(s->get<std::string>());
    if (!suppressions) throw std::runtime_error("its suppressions cannot be read");
    r.suppressions = std::move(*suppressions);
  }
  if (const auto o = in.find("overview"); o != in.end()) r.overview = overview_from(*o);
  return r;
}

std::string unreadable_because(const std::exception& e) {
  std::string what = e.what();
  // "[json.exception.parse_error.101] parse error at line 2, column 1: syntax error while parsing
  // value - unexpected end of input; expected ..." -> "cut short or damaged at line 2, column 1:
  // unexpected end of input; expected ..."
  if (what.starts_with("[json.exception.")) what.erase(0, std::min(what.size(), what.find("] ") + 2));
  if (dynamic_cast<const nlohmann::json::parse_error*>(&e)) {
    if (what.starts_with("parse error ")) what.erase(0, 12);
    const std::size_t reason = what.find(": syntax error while parsing ");
    if (reason != std::string::npos) {
      const std::size_t dash = what.find(" - ", reason);
      what =
          what.substr(0, reason) + ": " + (dash == std::string::npos ? what.substr(reason + 2) : what.substr(dash + 3));
    }
    return "cut short or damaged " + what;
  }
  if (what.starts_with("key '") && what.ends_with("' not found"))
    return "no '" + what.substr(5, what.size() - 16) + "'";
  return what;
}

}  // namespace sitemaplint
