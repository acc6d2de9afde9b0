// The pages of a build output on disk (--pages with --root): what a static host would answer for
// each URL of the --base-url's origin, read from the folder as that host serves it
// (host_rules.h), and what each served HTML page's head says (html_head.h). Nothing outside the
// folder is ever read: a path that leaves it, by "..", a symbolic link or a decoded separator,
// is refused.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analysis/sitemap_location.h"
#include "page.h"
#include "pages/host_rules.h"

namespace sitemaplint {

class DiskPages final : public PageLookup {
 public:
  // `root`: the build folder, served at `site`'s origin "/". Reads the host's configuration files
  // at the top of the folder (_redirects, _headers, vercel.json); what cannot be read of them is
  // in config_warnings().
  DiskPages(std::string root, SitemapLocation site, HostKind host);
  bool covers(std::string_view url) const override;
  const PageAnswer& page(std::string_view url) const override;
  std::string_view host_label() const override;

  // Where the pages are (as given), for messages.
  const std::string& root() const { return root_; }
  // What the run should tell the user about the host's configuration files: one that cannot be
  // read, a line or a rule that is left out ("public/_headers line 7: ..."). The pages are worked
  // out without what these name.
  const std::vector<std::string>& config_warnings() const { return warnings_; }

 private:
  PageAnswer work_out(std::string_view url) const;

  std::string root_;
  std::string canonical_root_;  // resolved, for the check that a file stays inside
  SitemapLocation site_;
  HostSetup setup_;
  std::vector<std::string> warnings_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::unique_ptr<PageAnswer>> pages_;
};

// The path of an absolute http(s) URL, percent-decoded, without its query and fragment; nullopt
// when it cannot name a file of the build (a decoded NUL, '/' or '\', or a ".." segment).
std::optional<std::string> decoded_site_path(std::string_view url);

}  // namespace sitemaplint
