#include "site.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

#include "registry.h"
#include "w3c_datetime.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

struct FollowedChild {
  std::size_t parent;  // index into the outcomes
  const ChildSitemap* ref;
  std::string path;    // a file or a URL
  const Profile* profile = nullptr;  // the child's own (its config's overrides may differ from the index's)
  Settings settings;   // the profile's, scoped to the child's own URL
};

// sitemaplint::quoted, not std::quoted, which argument-dependent lookup would find for a string.
std::string quote(const std::string& url) { return sitemaplint::quoted(std::string_view(url)); }

// Adds a finding of rule `code` to `report`, unless the user deselected the rule.
void add_finding(FileReport& report, const RuleSelection& selection, std::string_view code, std::size_t offset,
                 std::size_t length, std::string message,
                 std::optional<std::pair<std::size_t, std::size_t>> line_column = std::nullopt) {
  const RuleDefinition* rule = find_rule(code);
  if (!rule || std::find(selection.enabled.begin(), selection.enabled.end(), rule) == selection.enabled.end()) return;
  report.diagnostics.push_back(Diagnostic{&rule->info, selection.severity_of(rule->info), offset, length,
                                          std::move(message), std::nullopt, std::nullopt, line_column});
  std::stable_sort(report.diagnostics.begin(), report.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.offset != b.offset ? a.offset < b.offset : a.rule->code < b.rule->code;
  });
}

// The file a child URL stands for, when the index is read from disk: under --root by the URL's
// path, or else under the index's directory by the path below the index's own folder. Empty when
// the URL is outside the index's scope (loc-out-of-scope reports that).
std::string local_path(const ChildSitemap& child, const SitemapLocation& index_at, const std::string& index_file,
                       const std::string& root) {
  std::string error;
  const auto child_at = parse_sitemap_location(child.url, &error);
  if (!child_at || child_at->scheme != index_at.scheme || child_at->host != index_at.host ||
      child_at->port != index_at.port) {
    return {};
  }
  const std::string& bare = child_at->path;  // no query or fragment
  if (!root.empty()) return (fs::path(root) / bare.substr(1)).lexically_normal().string();
  if (!bare.starts_with(index_at.directory)) return {};
  return (fs::path(index_file).parent_path() / bare.substr(index_at.directory.size())).lexically_normal().string();
}

// SM803: a URL another file of the set lists already. Sorting (hash, file, entry) triples keeps
// memory at 16 bytes a URL however large the set.
void report_duplicates_across(std::vector<Outcome>& outcomes, const std::vector<const RuleSelection*>& selections) {
  struct Ref {
    std::uint64_t hash;
    std::uint32_t file, entry;
  };
  std::vector<Ref> refs;
  for (std::size_t f = 0; f < outcomes.size(); ++f) {
    if (!outcomes[f].report) continue;
    const auto& locs = outcomes[f].report->set.locs;
    for (std::size_t e = 0; e < locs.size(); ++e) {
      refs.push_back({locs[e].hash, static_cast<std::uint32_t>(f), static_cast<std::uint32_t>(e)});
    }
  }
  std::sort(refs.begin(), refs.end(), [](const Ref& a, const Ref& b) {
    return std::tie(a.hash, a.file, a.entry) < std::tie(b.hash, b.file, b.entry);
  });
  for (std::size_t i = 0; i < refs.size();) {
    std::size_t j = i + 1;
    for (; j < refs.size() && refs[j].hash == refs[i].hash; ++j) {
      if (refs[j].file == refs[i].file) continue;  // within one file: duplicate-loc
      const LocRecord& first = outcomes[refs[i].file].report->set.locs[refs[i].entry];
      const LocRecord& again = outcomes[refs[j].file].report->set.locs[refs[j].entry];
      add_finding(*outcomes[refs[j].file].report, *selections[refs[j].file], "SM803", again.offset, 0,
                  "this URL is also listed in " + outcomes[refs[i].file].path + ":" + std::to_string(first.line) +
                      ":" + std::to_string(first.column) + "; list each URL in one sitemap of the set",
                  std::pair<std::size_t, std::size_t>{again.line, again.column});
    }
    i = j;
  }
}

}  // namespace

std::vector<Outcome> lint_site(const std::vector<std::string>& paths, const ProfileLookup& profile_for,
                               const SiteOptions& options) {
  // A single file is a set only with its children.
  std::vector<Outcome> outcomes = lint_all(paths, profile_for, options.jobs, options.fetch, paths.size() > 1);
  // Findings made here obey the selection of the file they are reported in; an outcome with a
  // report had a profile.
  std::vector<const RuleSelection*> selections;
  std::string error;
  for (const Outcome& outcome : outcomes) {
    const Profile* profile = outcome.report ? profile_for(outcome.path, &error) : nullptr;
    selections.push_back(profile ? &profile->selection : nullptr);
  }
  std::vector<FollowedChild> children;
  std::set<std::string> seen;  // every sitemap URL reached, to follow each once
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (!outcomes[i].report || outcomes[i].report->kind != DocumentKind::SitemapIndex || !selections[i]) continue;
    const RuleSelection& selection = *selections[i];
    // Where the index is served: a URL is its own location; a file needs a base-url.
    const Settings& settings = profile_for(paths[i], &error)->settings;
    std::optional<SitemapLocation> index_at = settings.location;
    if (is_url(paths[i]) && !settings.location) index_at = parse_sitemap_location(paths[i], &error);
    if (!index_at) continue;
    seen.insert(index_at->url);
    for (const ChildSitemap& ref : outcomes[i].report->children) {
      if (!seen.insert(ref.url).second) {
        add_finding(*outcomes[i].report, selection, "SM802", ref.offset, ref.length,
                    quote(ref.url) + " is " + (ref.url == index_at->url ? "this index itself" : "listed already") +
                        "; it is not followed again");
        continue;
      }
      FollowedChild child{i, &ref, ref.url, nullptr, settings};
      if (!parse_sitemap_location(ref.url, &error)) continue;  // not an http(s) URL: loc rules report it
      if (!is_url(paths[i])) {
        child.path = local_path(ref, *index_at, paths[i], options.root);
        if (child.path.empty()) continue;
        if (!fs::exists(child.path)) {
          add_finding(*outcomes[i].report, selection, "SM801", ref.offset, ref.length,
                      "the index lists " + quote(ref.url) + ", but " + child.path + " does not exist");
          continue;
        }
      }
      child.profile = profile_for(child.path, &error);
      if (child.profile) {
        child.settings = child.profile->settings;
        child.settings.collect_set_facts = true;
        child.settings.location = parse_sitemap_location(ref.url, &error);
      }
      children.push_back(std::move(child));
    }
  }
  std::vector<Outcome> child_outcomes(children.size());
  parallel_for(children.size(), options.jobs, [&](std::size_t k) {
    const FollowedChild& child = children[k];
    std::string why;
    if (!child.profile) profile_for(child.path, &why);  // the config error, again, for this child
    child_outcomes[k] = child.profile ? lint_one(child.path, child.profile->selection, child.settings, options.fetch)
                                      : Outcome{child.path, std::nullopt, why};
  });
  for (std::size_t k = 0; k < children.size(); ++k) {
    const Outcome& child = child_outcomes[k];
    if (child.report && child.report->kind == DocumentKind::SitemapIndex) {
      add_finding(*outcomes[children[k].parent].report, *selections[children[k].parent], "SM704", children[k].ref->offset,
                  children[k].ref->length,
                  quote(children[k].ref->url) +
                      " is itself a sitemap index; indexes do not nest (Search Console: \"Nested sitemap "
                      "indexes\"), so its children are not followed");
    }
  }
  for (std::size_t k = 0; k < children.size(); ++k) {
    const ChildSitemap& ref = *children[k].ref;
    const Outcome& child = child_outcomes[k];
    if (!ref.lastmod || !child.report || !child.report->set.newest_lastmod) continue;
    if (*ref.lastmod < *child.report->set.newest_lastmod) {
      add_finding(*outcomes[children[k].parent].report, *selections[children[k].parent], "SM804", ref.lastmod_offset, ref.lastmod_length,
                  "the index dates " + quote(ref.url) + " " + format_utc(*ref.lastmod) +
                      ", but it lists a URL modified " + format_utc(*child.report->set.newest_lastmod) +
                      "; crawlers may not fetch it again until the index says it changed");
    }
  }
  for (std::size_t k = 0; k < children.size(); ++k) {
    selections.push_back(children[k].profile ? &children[k].profile->selection : nullptr);
    outcomes.push_back(std::move(child_outcomes[k]));
  }
  report_duplicates_across(outcomes, selections);
  return outcomes;
}

}  // namespace sitemaplint
