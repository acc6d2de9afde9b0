#include "run/site.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

#include "run/child_location.h"
#include "registry.h"
#include "analysis/w3c_datetime.h"
#include "analysis/message_text.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

struct FollowedChild {
  std::size_t parent;  // index into the outcomes
  const ChildSitemap* ref;
  std::string path;    // a file or a URL
  const Profile* profile = nullptr;  // the child's own (its config's overrides may differ from the index's)
  Settings settings;   // the profile's, scoped to the child's own URL
  UrlOrigin origin = UrlOrigin::User;  // a URL a fetched document named is remote input
};

// sitemaplint::quoted, not std::quoted, which argument-dependent lookup would find for a string.
std::string quote(const std::string& url) { return sitemaplint::quoted(std::string_view(url)); }

// Adds a finding of rule `code` to `report`, unless the user deselected the rule. Findings are
// sorted once, when the set is complete.
void add_finding(FileReport& report, const RuleSelection& selection, std::string_view code, std::size_t offset,
                 std::size_t length, std::string message,
                 std::optional<std::pair<std::size_t, std::size_t>> line_column = std::nullopt) {
  const RuleInfo* rule = find_rule(code);
  if (!rule || std::find(selection.enabled.begin(), selection.enabled.end(), rule) == selection.enabled.end()) return;
  report.diagnostics.push_back(Diagnostic{rule, selection.severity_of(*rule), offset, length,
                                          std::move(message), std::nullopt, std::nullopt, line_column});
}

void sort_findings(FileReport& report) {
  std::stable_sort(report.diagnostics.begin(), report.diagnostics.end(), diagnostic_order);
}

// Where a parent (an index or a robots.txt) is, for finding its children.
struct ParentPlace {
  bool remote = false;       // fetched: its children are fetched too, as remote input
  bool robots = false;       // a robots.txt: may name sitemaps on any host; at the root of its site
  std::string base;          // the absolute URL relative children resolve against ("" if unknown)
  std::string folder;        // on disk: the folder that holds `url_folder`
  std::string url_folder;    // on disk: the URL folder (decoded path) that `folder` holds
};

ParentPlace place_of(const std::string& path, const FileReport& report, const Settings& settings,
                     const std::string& root) {
  ParentPlace place;
  place.robots = report.kind == DocumentKind::Robots;
  place.remote = is_url(path);
  if (place.remote) {
    place.base = path;
    return place;
  }
  if (settings.location) place.base = settings.location->url;
  if (!root.empty()) {
    place.folder = root;
    place.url_folder = "/";
  } else {
    place.folder = fs::path(path).parent_path().string();
    // A robots.txt is at the root of its site; an index serves its own folder and below.
    const auto folder = place.robots || !settings.location ? std::optional<std::string>("/")
                                                           : decoded_path(settings.location->directory);
    place.url_folder = folder.value_or("/");
  }
  return place;
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
  const bool in_a_set = paths.size() + (options.robots.empty() ? 0 : 1) > 1;
  std::vector<Outcome> outcomes;
  std::vector<std::string> inputs;  // the path of each outcome's input, as given
  if (!options.robots.empty()) {
    std::string why;
    const Profile* profile = profile_for(options.robots, &why);
    if (!profile) {
      outcomes.push_back(Outcome{options.robots, std::nullopt, why});
    } else {
      Settings settings = profile->settings;
      settings.collect_set_facts = in_a_set;
      Outcome robots = lint_one(options.robots, profile->selection, settings, options.fetch, ReadAs{true});
      if (robots.report && robots.report->children.empty()) {
        robots = Outcome{options.robots, std::nullopt, options.robots + " has no Sitemap: lines"};
      }
      outcomes.push_back(std::move(robots));
    }
    inputs.push_back(options.robots);
  }
  for (Outcome& outcome : lint_all(paths, profile_for, options.jobs, options.fetch, in_a_set)) {
    outcomes.push_back(std::move(outcome));
  }
  inputs.insert(inputs.end(), paths.begin(), paths.end());
  // Findings made here obey the selection of the file they are reported in; an outcome with a
  // report had a profile.
  std::vector<const RuleSelection*> selections;
  std::string error;
  for (const Outcome& outcome : outcomes) {
    const Profile* profile = outcome.report ? profile_for(outcome.path, &error) : nullptr;
    selections.push_back(profile ? &profile->selection : nullptr);
  }
  std::vector<FollowedChild> children;
  std::set<std::string> seen;  // every sitemap reached (URL or file), to follow each once
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (outcomes[i].report) seen.insert(inputs[i]);
  }
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (!outcomes[i].report || outcomes[i].report->children.empty() || !selections[i]) continue;
    FileReport& parent = *outcomes[i].report;
    const RuleSelection& selection = *selections[i];
    const Settings& settings = profile_for(inputs[i], &error)->settings;
    const ParentPlace place = place_of(inputs[i], parent, settings, options.root);
    std::size_t not_followed = 0;  // children whose place on disk is unknown
    for (const ChildSitemap& ref : parent.children) {
      FollowedChild child{i, &ref, "", nullptr, settings, place.remote ? UrlOrigin::RemoteDocument : UrlOrigin::User};
      const std::optional<std::string> url = resolve_child_url(ref.url, place.base);
      if (url && (*url == place.base || *url == inputs[i])) {
        add_finding(parent, selection, "SM802", ref.offset, ref.length,
                    quote(ref.url) + " is this index itself; it is not followed again");
        continue;
      }
      if (place.remote) {
        if (!url) continue;  // not an http(s) URL: the loc rules report it
        // An index may list only sitemaps of its own site (loc-out-of-scope says so); a
        // robots.txt may name any host. Neither reaches an internal address (fetch.h).
        if (!place.robots && !same_origin(*url, place.base) &&
            !host_in(host_of(*url), options.fetch.allowed_hosts)) {
          continue;
        }
        child.path = *url;
      } else {
        // On disk: the file that would serve the URL, confined to the site's folder.
        std::optional<std::string> path;
        if (url && !place.base.empty() && same_origin(*url, place.base)) path = decoded_path(*url);
        else if (!url && place.robots && ref.url.starts_with('/')) path = decoded_path(ref.url);
        if (!path) {
          // An index's child on another site is loc-out-of-scope's business; a robots.txt may
          // name one, but a local file's URLs are never fetched.
          if (!url || place.base.empty() || place.robots) ++not_followed;
          continue;
        }
        child.path = file_in_folder(place.folder, place.url_folder, *path);
        if (child.path.empty()) continue;  // outside the index's folder: loc-out-of-scope
        child.path = fs::path(child.path).lexically_normal().string();
        if (!fs::exists(child.path)) {
          add_finding(parent, selection, "SM801", ref.offset, ref.length,
                      "the index lists " + quote(ref.url) + ", but " + child.path + " does not exist");
          continue;
        }
      }
      if (!seen.insert(child.path).second) continue;  // linted already: once per run
      child.profile = profile_for(child.path, &error);
      if (child.profile) {
        child.settings = child.profile->settings;
        child.settings.collect_set_facts = true;
        child.settings.location = url ? parse_sitemap_location(*url, &error) : std::nullopt;
      }
      children.push_back(std::move(child));
    }
    if (not_followed > 0) {
      add_finding(parent, selection, "SM805", parent.children.front().offset, parent.children.front().length,
                  counted(not_followed, place.robots ? "sitemap" : "child sitemap") +
                      (not_followed == 1 ? " is" : " are") + " not checked: " +
                      (place.base.empty()
                           ? "give --base-url (where this file is served) so that URLs can be mapped to files"
                           : std::string(not_followed == 1 ? "it is" : "they are") +
                                 " on another site than --base-url, and sitemaplint fetches no URL a local file "
                                 "names") +
                      (place.robots ? "" : "; add --root if the site's files are not beside the index"));
    }
  }
  std::vector<Outcome> child_outcomes(children.size());
  parallel_for(children.size(), options.jobs, [&](std::size_t k) {
    const FollowedChild& child = children[k];
    std::string why;
    if (!child.profile) profile_for(child.path, &why);  // the config error, again, for this child
    child_outcomes[k] = child.profile ? lint_one(child.path, child.profile->selection, child.settings, options.fetch,
                                                 ReadAs{false, child.origin})
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
  for (Outcome& outcome : outcomes) {
    if (outcome.report) sort_findings(*outcome.report);
  }
  return outcomes;
}

}  // namespace sitemaplint
