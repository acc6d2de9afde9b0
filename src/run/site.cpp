#include "run/site.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include "listing_order.h"
#include "run/child_location.h"
#include "run/set_rules.h"
#include "run/set_spill.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

// Where a parent (an index or a robots.txt) is, for finding its children.
struct ParentPlace {
  bool remote = false;  // fetched: its children are fetched too, as remote input
  bool robots = false;  // a robots.txt: may name sitemaps on any host; at the root of its site
  std::string base;  // the absolute URL relative children resolve against ("" if unknown)
  std::string served_from;  // fetched: where it came from (after redirects), when not `base`
  std::string folder;  // on disk: the folder that holds `url_folder`
  std::string url_folder;  // on disk: the URL folder (decoded path) that `folder` holds
};

// `location`: where the parent is served, when known (--base-url, or its own URL for a child).
ParentPlace place_of(const std::string& path, const FileReport& report, const std::optional<SitemapLocation>& location,
                     const std::string& root) {
  ParentPlace place;
  place.robots = report.kind == DocumentKind::Robots;
  place.remote = is_url(path);
  // A robots.txt is at "/robots.txt" of its origin (RFC 9309, 2.3), never at a sitemap's
  // location: its relative Sitemap: lines resolve there, and a line naming the --base-url
  // sitemap names a child, not the robots.txt itself.
  const auto base_of = [&](const std::string& url) { return place.robots ? robots_txt_url(url) : url; };
  if (place.remote) {
    // Linted as if served from --base-url (a staging copy of production): its children are
    // fetched from where it actually came from, on the same paths.
    place.base = base_of(location ? location->url : report.path);
    if (!same_origin(place.base, report.path)) place.served_from = report.path;
    return place;
  }
  if (location) place.base = base_of(location->url);
  if (!root.empty()) {
    place.folder = root;
    place.url_folder = "/";
  } else {
    place.folder = fs::path(path).parent_path().string();
    // A robots.txt is at the root of its site; an index serves its own folder and below.
    const auto folder = place.robots || !location ? std::optional<std::string>("/") : decoded_path(location->directory);
    place.url_folder = folder.value_or("/");
  }
  return place;
}

std::optional<SitemapLocation> robots_location(const std::string& url) {
  std::string error;
  return parse_sitemap_location(robots_txt_url(url), &error);
}

// The robots.txt of the run, for checking every URL against it: the origin it governs is its own
// URL's unless --base-url (or the config's base-url) says where it is served.
std::shared_ptr<const SiteRobots> site_robots(const FileReport& report, const Settings& settings) {
  std::optional<SitemapLocation> site = settings.location;
  std::string error;
  if (!site && is_url(report.path)) site = parse_sitemap_location(report.path, &error);
  return make_site_robots(report.robots, report.path, std::move(site));
}

// A child to lint: which member it becomes, and how to read it.
struct Pending {
  std::string path;  // a file or a URL
  const Profile* profile = nullptr;
  Settings settings;
  UrlOrigin origin = UrlOrigin::User;
  std::string config_error;
};

class Site {
 public:
  // The name under which a file or URL is linted once: a file's canonical path, a URL as written.
  static std::string canonical(const std::string& path) {
    if (path == "-" || is_url(path)) return path;
    std::error_code ec;
    const fs::path resolved = fs::weakly_canonical(path, ec);
    return ec ? path : resolved.string();
  }

  Site(const ProfileLookup& profile_for, const SiteOptions& options)
      : profile_for_(profile_for), options_(options), lookup_([this](const std::string& input, std::string* error) {
          return with_robots(profile_for_(input, error));
        }) {}

  std::vector<Outcome> run(const std::vector<std::string>& paths) {
    lint_inputs(paths);
    // The children of the inputs that are indexes or robots.txt files; then the children of the
    // indexes a robots.txt names, which stand where an input index stands (robots.txt -> index ->
    // sitemaps). Nothing goes deeper: a child of an index that is an index is nested-index, and
    // what is linted once is never followed again, so a cycle ends here too.
    std::vector<std::size_t> parents(outcomes_.size());
    for (std::size_t i = 0; i < parents.size(); ++i) parents[i] = i;
    while (!parents.empty()) {
      std::vector<Pending> pending;
      for (std::size_t i : parents) follow(i, &pending);
      const std::size_t first_child = outcomes_.size();
      lint_children(pending);
      parents.clear();
      for (std::size_t c = first_child; c < outcomes_.size(); ++c) {
        const std::size_t parent = members_[c].parent;
        const bool named_by_robots = outcomes_[parent].report && outcomes_[parent].report->kind == DocumentKind::Robots;
        if (named_by_robots && outcomes_[c].report && outcomes_[c].report->kind == DocumentKind::SitemapIndex) {
          parents.push_back(c);
        }
      }
    }
    // Asked to stop (the library's StopFlag): the checks across the set, long on a large one, are
    // not begun; the caller drops what there is.
    if (!options_.fetch.stopped()) run_set_stage();
    return std::move(outcomes_);
  }

 private:
  void add(Outcome outcome, const std::string& as_given, std::size_t parent) {
    const Profile* profile = nullptr;
    std::string error;
    if (outcome.report) profile = lookup_(as_given, &error);
    member_of_.emplace(as_given, outcomes_.size());
    outcomes_.push_back(std::move(outcome));
    given_.push_back(as_given);
    members_.push_back(SetMember{nullptr, profile ? &profile->selection : nullptr, parent, {}});
    profiles_.push_back(profile);
    locations_.push_back(profile ? profile->settings.location : std::nullopt);
  }

  void lint_inputs(const std::vector<std::string>& paths) {
    const bool in_a_set = true;  // an index's children may join later: rules record what sets need
    if (options_.progress) {
      const auto urls = std::count_if(paths.begin(), paths.end(), [](const std::string& p) { return is_url(p); });
      const bool robots = !options_.robots.empty();
      options_.progress->queued(paths.size() + robots,
                                static_cast<std::size_t>(urls) + (robots && is_url(options_.robots)));
    }
    if (!options_.robots.empty()) {
      std::string why;
      const Profile* profile = profile_for_(options_.robots, &why);
      Outcome robots{options_.robots, std::nullopt, why};
      if (profile) {
        Settings settings = profile->settings;
        settings.collect_set_facts = in_a_set;
        // Judged where it is served, at "/robots.txt" of --base-url's origin; not at the sitemap's.
        if (settings.location) settings.location = robots_location(settings.location->url);
        robots = lint_one(options_.robots, profile->selection, settings, options_.fetch,
                          ReadAs{.robots_txt = true, .scope = LintScope::InASet, .progress = options_.progress});
        if (robots.report && robots.report->robots) robots_ = site_robots(*robots.report, settings);
        // Alone, a robots.txt without sitemaps leaves nothing to lint; with sitemaps given, its
        // rules are still checked against their URLs.
        if (robots.report && robots.report->children.empty() && paths.empty()) {
          robots = Outcome{options_.robots, std::nullopt, options_.robots + " has no Sitemap: lines"};
        }
      }
      add(std::move(robots), options_.robots, kNoFile);
      if (options_.progress) options_.progress->finished(!profile && is_url(options_.robots));
    }
    std::vector<Outcome> linted =
        lint_all(paths, lookup_, options_.jobs, options_.fetch, in_a_set, LintScope::InASet, options_.progress,
                 options_.robots.empty() && !options_.set_stage, [this](FileReport& report) { spill_.offer(report); });
    for (std::size_t i = 0; i < linted.size(); ++i) {
      // An input named twice (x.xml ./x.xml, a file and its folder) is linted and reported once.
      if (member_of_.count(canonical(paths[i]))) continue;
      add(std::move(linted[i]), paths[i], kNoFile);
      member_of_.emplace(canonical(paths[i]), outcomes_.size() - 1);
      // A URL that redirected is known by where it landed too.
      if (const auto& r = outcomes_.back().report; r && !r->requested.empty())
        member_of_.emplace(r->path, outcomes_.size() - 1);
    }
  }

  // Resolves the children of member i into links, queuing those to lint.
  void follow(std::size_t i, std::vector<Pending>* pending) {
    if (!outcomes_[i].report || outcomes_[i].report->children.empty() || !profiles_[i]) return;
    FileReport& parent = *outcomes_[i].report;
    const Settings& settings = profiles_[i]->settings;
    const ParentPlace place = place_of(given_[i], parent, locations_[i], options_.root);
    std::vector<ChildLink>& links = members_[i].children;
    for (const ChildSitemap& ref : parent.children) {
      ChildLink& link = links.emplace_back();
      link.ref = &ref;
      if (place.robots && links.size() > kMaxRobotsSitemaps) {
        link.outcome = ChildOutcome::OverLimit;
        continue;
      }
      const std::optional<std::string> url = resolve_child_url(ref.url, place.base);
      if (url && (*url == place.base || *url == given_[i] || *url == parent.path)) {
        link.outcome = ChildOutcome::Self;
        continue;
      }
      std::string path;
      if (place.remote) {
        if (!url) {
          link.outcome = ChildOutcome::NotHttp;
          continue;
        }
        // An index may list only sitemaps of its own site (loc-out-of-scope says so); a
        // robots.txt may name any host. Neither reaches an internal address (fetch.h).
        if (!place.robots && !same_origin(*url, place.base) && !host_in(host_of(*url), options_.fetch.allowed_hosts)) {
          link.outcome = ChildOutcome::OtherSite;
          continue;
        }
        path =
            place.served_from.empty() || !same_origin(*url, place.base) ? *url : on_origin_of(*url, place.served_from);
      } else {
        // On disk: the file that would serve the URL, confined to the site's folder.
        std::optional<std::string> url_path;
        if (url && !place.base.empty() && same_origin(*url, place.base)) url_path = decoded_path(*url);
        else if (!url && place.robots && ref.url.starts_with('/')) url_path = decoded_path(ref.url);
        if (!url_path) {
          link.outcome = (url && !place.base.empty())    ? ChildOutcome::OtherSite
                         : (!url && !place.base.empty()) ? ChildOutcome::NotHttp
                                                         : ChildOutcome::NotMapped;
          continue;
        }
        path = file_in_folder(place.folder, place.url_folder, *url_path);
        if (path.empty()) {  // outside the index's folder: loc-out-of-scope
          link.outcome = ChildOutcome::OtherSite;
          continue;
        }
        path = fs::path(path).lexically_normal().string();
        std::error_code ec;  // a name too long, a loop of links: as missing, never an exception
        if (!fs::exists(path, ec)) {
          link.outcome = ChildOutcome::Missing;
          link.detail = path;
          continue;
        }
      }
      const std::string key = canonical(path);
      if (const auto known = member_of_.find(key); known != member_of_.end()) {
        link.file = known->second;  // linted already: once per run
        continue;
      }
      link.file = outcomes_.size() + pending->size();
      member_of_.emplace(key, link.file);
      Pending child{path, nullptr, settings, place.remote ? UrlOrigin::RemoteDocument : UrlOrigin::User, ""};
      child.profile = lookup_(path, &child.config_error);
      if (child.profile) {
        child.settings = child.profile->settings;
        child.settings.collect_set_facts = true;
        std::string error;
        child.settings.location = url ? parse_sitemap_location(*url, &error) : std::nullopt;
        // A robots.txt that names a sitemap of its own origin vouches for it over the whole host
        // (sitemaps.org's robots.txt submission, which proves ownership of the host): its URLs may
        // lie anywhere on it, not only under the sitemap's folder.
        if (place.robots && child.settings.location && same_origin(*url, place.base))
          child.settings.location->directory = "/";
      }
      pending->push_back(std::move(child));
      pending_parent_.push_back(i);
    }
  }

  void lint_children(const std::vector<Pending>& pending) {
    std::vector<Outcome> linted(pending.size());
    if (options_.progress) {
      const auto urls =
          std::count_if(pending.begin(), pending.end(), [](const Pending& p) { return p.profile && is_url(p.path); });
      options_.progress->queued(pending.size(), static_cast<std::size_t>(urls));
    }
    const auto order = std::make_shared<ListingOrder>(pending.size());
    parallel_for(pending.size(), options_.jobs, [&](std::size_t k) {
      const ListingTurn turn{order, k};
      const PassOnExit passed{turn};
      const Pending& child = pending[k];
      if (!child.profile) {
        linted[k] = Outcome{child.path, std::nullopt, child.config_error};
      } else {
        // An index of one large child (or a few) lints it on the cores the others leave idle.
        Settings settings = child.settings;
        share_idle_cores(options_.jobs, pending.size(), settings.engine);
        settings.listing_turn = turn;
        linted[k] = lint_one(child.path, child.profile->selection, settings, options_.fetch,
                             ReadAs{.origin = child.origin, .scope = LintScope::InASet, .progress = options_.progress});
      }
      if (linted[k].report) spill_.offer(*linted[k].report);
      if (options_.progress) options_.progress->finished(!child.profile && is_url(child.path));
    });
    for (std::size_t k = 0; k < pending.size(); ++k) {
      const std::size_t at = outcomes_.size();
      outcomes_.push_back(std::move(linted[k]));
      given_.push_back(pending[k].path);
      members_.push_back(
          SetMember{nullptr, pending[k].profile ? &pending[k].profile->selection : nullptr, pending_parent_[k], {}});
      profiles_.push_back(pending[k].profile);
      locations_.push_back(pending[k].settings.location);
      if (!outcomes_[at].report) {  // the parent's link says why it was not linted
        for (ChildLink& link : members_[pending_parent_[k]].children) {
          if (link.file == at) {
            link.outcome = ChildOutcome::Unreadable;
            link.detail = outcomes_[at].error;
          }
        }
      }
    }
  }

  void run_set_stage() {
    for (std::size_t i = 0; i < outcomes_.size(); ++i) {
      members_[i].report = outcomes_[i].report ? &*outcomes_[i].report : nullptr;
      if (!members_[i].selection) members_[i].report = nullptr;
    }
    const Profile* first = nullptr;
    for (const Profile* p : profiles_) {
      if (p && !first) first = p;
    }
    if (options_.set_stage) {
      std::vector<unsigned> depth(members_.size(), 0);  // parents come before their children
      for (std::size_t i = 0; i < members_.size(); ++i) {
        if (members_[i].parent < i) depth[i] = depth[members_[i].parent] + 1;
      }
      options_.set_stage(members_, first ? &first->settings : nullptr, depth);
      return;
    }
    std::string error;
    const unsigned threads = options_.jobs != 0 ? options_.jobs : std::max(1u, std::thread::hardware_concurrency());
    finish_set(members_, first ? &first->settings : nullptr, &spill_, &error, threads);
    // Pages that were spilled and cannot be read back: the checks on them are incomplete, and the
    // run says so as it says an input could not be read.
    if (!error.empty()) outcomes_.push_back(Outcome{"the set's pages spilled to disk", std::nullopt, error});
  }

  // Every file of the run is checked against the run's robots.txt: its profile carries it.
  const Profile* with_robots(const Profile* profile) {
    if (!profile || (!robots_ && !options_.pages)) return profile;
    std::lock_guard lock(robots_mutex_);  // lint_all looks profiles up from several threads
    std::unique_ptr<Profile>& copy = with_robots_[profile];
    if (!copy) {
      copy = std::make_unique<Profile>(*profile);
      copy->settings.robots = robots_;
      copy->settings.pages = options_.pages;
      copy->settings.each_unlisted_page = options_.each_unlisted_page;
    }
    return copy.get();
  }

  const ProfileLookup& profile_for_;
  const SiteOptions& options_;
  ProfileLookup lookup_;  // profile_for_, with the run's robots.txt and pages in every profile
  std::shared_ptr<const SiteRobots> robots_;
  std::mutex robots_mutex_;
  std::map<const Profile*, std::unique_ptr<Profile>> with_robots_;
  std::vector<Outcome> outcomes_;
  std::vector<std::string> given_;  // each member's path as given (or as its parent named it)
  std::vector<SetMember> members_;
  std::vector<const Profile*> profiles_;
  std::vector<std::optional<SitemapLocation>> locations_;  // where each member is served, when known
  std::map<std::string, std::size_t> member_of_;  // canonical path or URL -> member
  std::vector<std::size_t> pending_parent_;  // the parent of each queued child, in queue order
  SetSpill spill_{options_.memory_limit};  // the pages past --memory-limit, on disk until the set pass
};

}  // namespace

std::vector<Outcome> lint_site(const std::vector<std::string>& paths, const ProfileLookup& profile_for,
                               const SiteOptions& options) {
  // A robots.txt among the inputs is read as the run's robots.txt (--robots): its Sitemap: lines
  // are followed and its rules checked, and it is never judged as a sitemap. One robots.txt
  // governs one site: a second, other one is refused rather than half-used.
  SiteOptions site = options;
  std::vector<std::string> sitemaps;
  std::vector<Outcome> refused;
  for (const std::string& path : paths) {
    if (!names_robots_txt(path)) {
      sitemaps.push_back(path);
    } else if (site.robots.empty()) {
      site.robots = path;
    } else if (Site::canonical(path) != Site::canonical(site.robots)) {
      refused.push_back(Outcome{path, std::nullopt,
                                path + ": a second robots.txt (the run's is " + site.robots +
                                    "); one run reads one site's robots.txt, so lint each in a run of its own"});
    }
  }
  std::vector<Outcome> outcomes = Site(profile_for, site).run(sitemaps);
  for (Outcome& outcome : refused) outcomes.push_back(std::move(outcome));
  return outcomes;
}

}  // namespace sitemaplint
