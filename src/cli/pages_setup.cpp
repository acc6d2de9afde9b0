#include "cli/pages_setup.h"

#include <map>
#include <mutex>

#include "page_coverage.h"
#include "pages/disk_pages.h"
#include "run/notice.h"

namespace sitemaplint {

std::shared_ptr<const PageLookup> build_pages(const std::vector<std::string>& paths, ConfigResolver& configs,
                                              const RunSettings& run, std::string* why) {
  if (!run.root) {
    *why = "--pages needs --root DIR (or root = in the config): the folder of the build that holds the site's '/'";
    return nullptr;
  }
  std::string error;
  const Profile* profile = configs.profile_for(paths.empty() ? "-" : paths.front(), &error);
  if (!profile || !profile->settings.location) {
    *why = "--pages needs --base-url URL (or base-url = in the config): where the site is served";
    return nullptr;
  }
  const HostKind host = run.host ? host_kind_named(*run.host).value_or(HostKind::Plain) : HostKind::Plain;
  auto pages = std::make_shared<DiskPages>(*run.root, *profile->settings.location, host);
  for (const std::string& warning : pages->config_warnings()) print_notice(warning);  // _headers, vercel.json
  return pages;
}

ProfileLookup with_pages(ProfileLookup profile_for, std::shared_ptr<const PageLookup> pages) {
  struct Copies {
    std::mutex mutex;
    std::map<const Profile*, std::unique_ptr<Profile>> by_profile;
  };
  auto copies = std::make_shared<Copies>();
  return [profile_for = std::move(profile_for), pages = std::move(pages), copies](
             const std::string& input, std::string* error) -> const Profile* {
    const Profile* profile = profile_for(input, error);
    if (!profile) return nullptr;
    std::lock_guard lock(copies->mutex);
    std::unique_ptr<Profile>& copy = copies->by_profile[profile];
    if (!copy) {
      copy = std::make_unique<Profile>(*profile);
      copy->settings.pages = pages;
    }
    return copy.get();
  };
}

PagesSummary pages_summary(const PageLookup& pages) {
  return PagesSummary{pages.source_label(), pages.tally(), unlisted_pages(pages)};
}

}  // namespace sitemaplint
