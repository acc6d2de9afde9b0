#include "engine/rule_profiles.h"

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/edit_distance.h"
#include "analysis/message_text.h"

namespace sitemaplint {
namespace {

using L = ProfileLevel;

// The sitemaps.org XSDs and Google's extension XSDs: what schema validation checks.
constexpr std::uint32_t kSchemas = kSitemapXsd | kExtensionXsd;

// Only schema validation rejects an element of a namespace it has no schema for; search engines
// skip it. Off outside --profile xsd, which runs it as the XSD's strict wildcard demands.
constexpr std::string_view kWildcardOnly =
    "only a schema validator rejects an element of a namespace it has no schema for; search engines skip it";

constexpr ProfileChoice kDefaultChoices[] = {
    {RuleId::element_without_schema, L::Off, kWildcardOnly},
};

constexpr ProfileChoice kStrictChoices[] = {
    {RuleId::element_without_schema, L::Off, kWildcardOnly},
};

// Search Console counts a sitemap's errors and its warnings apart. Its API documents the errors as
// "issues with the sitemap itself that need to be fixed before it can be processed correctly" and
// the warnings as "generally non-critical issues with URLs in the sitemaps". A rule whose Search
// Console message is one of those warnings, or no sitemap message at all but a Page indexing
// reason, is not raised to an error under google.
constexpr std::string_view kSearchConsoleWarning =
    "Search Console lists it among the sitemap's warnings, which its API calls \"generally non-critical issues "
    "with URLs in the sitemaps\", not among the errors, \"issues with the sitemap itself that need to be fixed "
    "before it can be processed correctly\" (https://developers.google.com/webmaster-tools/v1/sitemaps)";
constexpr std::string_view kPageIndexingReason =
    "Search Console gives it in the Page indexing report as a reason a listed URL is not indexed, not as a sitemap "
    "error, and of that report's reasons Google says \"These pages have not been indexed, but not necessarily "
    "because of an error\" (https://support.google.com/webmasters/answer/7440203): the sitemap is processed all "
    "the same";

// Each reason quotes the engine's own page, with its address, so docs/profiles.md shows the sentence
// a level rests on. A level is an error where the engine rejects or cannot use the file or entry, a
// warning where it ignores or distrusts it, info where it ignores it and nothing is lost.
constexpr std::string_view kGoogleIgnores =
    "Google: \"Google ignores <priority> and <changefreq> values.\" "
    "(https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap)";

// Search Console's "Empty sitemap" is a warning, and an empty file costs Google nothing.
constexpr std::string_view kGoogleEmptySitemap =
    "Google: \"You may see an Empty Sitemap warning in Search Console, but this is just to make sure it was "
    "intentional on your behalf. It won't cause any problems with Google Search if the file is empty.\" "
    "(https://developers.google.com/search/docs/crawling-indexing/sitemaps/news-sitemap): Search Console counts it "
    "among the warnings, not the errors";

constexpr ProfileChoice kGoogleChoices[] = {
    {RuleId::xml_declaration_missing, L::Info,
     "Google: \"Google supports the sitemap formats defined by the sitemaps protocol\" "
     "(https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap), which asks for UTF-8 "
     "and not for an XML declaration, and XML 1.0 (section 4.3.3) reads a file without one as UTF-8: Google loses "
     "nothing"},
    {RuleId::changefreq_invalid, L::Info, kGoogleIgnores},
    {RuleId::priority_invalid, L::Info, kGoogleIgnores},
    {RuleId::priority_out_of_range, L::Info, kGoogleIgnores},
    {RuleId::robots_blocked_url, L::Warning, kSearchConsoleWarning},
    {RuleId::page_redirect, L::Warning, kPageIndexingReason},
    {RuleId::page_canonical_elsewhere, L::Warning, kPageIndexingReason},
    {RuleId::empty_sitemap, L::Warning, kGoogleEmptySitemap},
    {RuleId::news_empty_sitemap, L::Warning, kGoogleEmptySitemap},
    {RuleId::multiple_hosts, L::Warning,
     "Google documents cross-submission, \"A single sitemap that includes URLs for multiple websites, including "
     "sites from different domains\", for \"all your verified sites\" "
     "(https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap): Google reads such a "
     "file, and whether the other hosts are verified (or where the sitemap is served, which --base-url and "
     "loc-out-of-scope settle) a sitemap does not say"},
    {RuleId::hreflang_self_missing, L::Warning,
     "Google: \"Each language version must list itself as well as all other language versions\" "
     "(https://developers.google.com/search/docs/specialty/international/localized-versions); what a missing "
     "self link puts at risk is the cluster's annotations, which Google may then ignore, not the sitemap, which "
     "Search Console still reads"},
    {RuleId::loc_whitespace, L::Info,
     "Google reads URLs with white space around them: its own video sitemap example writes \"<video:content_loc> "
     "http://streamserver.example.com/video123.mp4 </video:content_loc>\" with the URL on a line of its own "
     "(https://developers.google.com/search/docs/crawling-indexing/sitemaps/video-sitemaps); other consumers "
     "may not trim it"},
};

constexpr ProfileChoice kGoogleConfirmed[] = {
    {RuleId::loc_out_of_scope, L::Error,
     "Google: \"unless you submit your sitemap through Search Console, a sitemap affects only descendants of the "
     "parent directory\" (https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap): "
     "with --base-url saying where the sitemap is served, a URL outside its folder or host is one Google does not "
     "take from it (Search Console: \"URL not allowed\")"},
};

constexpr ProfileChoice kXsdChoices[] = {
    {RuleId::xml_version, L::Off, "XML 1.0 parsers read a 1.x document as 1.0, so schema validation passes it"},
    {RuleId::compression_error, L::Error, "a validator that cannot read the file rejects it"},
    {RuleId::not_a_sitemap, L::Error, "a validator that cannot read the file rejects it"},
    {RuleId::http_status, L::Error, "a validator that cannot read the file rejects it"},
};

constexpr ProfileChoice kProtocolChoices[] = {
    {RuleId::unescaped_quote, L::Warning, "the protocol requires every data value to be entity-escaped"},
    {RuleId::unescaped_apostrophe, L::Warning, "the protocol requires every data value to be entity-escaped"},
    {RuleId::unescaped_greater_than, L::Warning, "the protocol requires every data value to be entity-escaped"},
};

constexpr std::string_view kBingIgnores =
    "Bing: \"Optional sitemap tags like changefreq and priority are ignored by Bing and do not influence how your "
    "content is crawled or ranked.\" "
    "(https://blogs.bing.com/webmaster/July-2025/Keeping-Content-Discoverable-with-Sitemaps-in-AI-Powered-Search)";

constexpr std::string_view kBingDistrusts =
    "Bing: \"if we observe that the dates are consistently set to the current date, we will suspect the validity "
    "of those dates and may disregard them.\" "
    "(https://blogs.bing.com/webmaster/february-2023/The-Importance-of-Setting-the-lastmod-Tag-in-Your-Sitemap)";

constexpr ProfileChoice kBingChoices[] = {
    {RuleId::changefreq_invalid, L::Info, kBingIgnores},
    {RuleId::priority_invalid, L::Info, kBingIgnores},
    {RuleId::priority_out_of_range, L::Info, kBingIgnores},
    {RuleId::lastmod_uniform, L::Warning, kBingDistrusts},
};

constexpr ProfileChoice kBingConfirmed[] = {
    {RuleId::lastmod_in_future, L::Warning,
     "Bing: the lastmod value \"should reflect the true last modification time of the page content\" "
     "(https://blogs.bing.com/webmaster/July-2025/Keeping-Content-Discoverable-with-Sitemaps-in-AI-Powered-Search), "
     "and dates it cannot believe it distrusts: \"we will suspect the validity of those dates and may disregard "
     "them\" "
     "(https://blogs.bing.com/webmaster/february-2023/The-Importance-of-Setting-the-lastmod-Tag-in-Your-Sitemap); "
     "no text of Bing's says a future date makes the sitemap or the entry unusable"},
};

// The profiles, `default` first. Read each as: the rules that rest on `runs`, at their own level
// (or all errors), Search Console's errors raised, then the choices rule by rule.
const RuleProfile kProfiles[] = {
    {.name = "default",
     .summary =
         "Every rule at its own severity: the protocol, its XSD, Google's and Bing's rules and sitemaplint's advice",
     .choices = kDefaultChoices},
    {.name = "google",
     .summary = "What Google Search Console rejects is an error, its warnings are warnings, what Google ignores "
                "(<changefreq>, <priority>) or does without (the XML declaration) at most info, what only the XSD "
                "asks is off",
     .runs = kAllAuthorities & ~kSchemas & ~kSchemaDocs,
     .keeps = kAllAuthorities & ~kSchemas & ~kSchemaDocs,
     .search_console_errors = true,
     .choices = kGoogleChoices,
     .confirmed = kGoogleConfirmed},
    {.name = "xsd",
     .summary = "Exactly what validation with the sitemaps.org XSDs (and Google's extension XSDs) rejects, each an "
                "error; what only the XSDs' documentation asks, a warning; everything else off",
     .runs = kSchemas | kXml | kSchemaDocs,
     .keeps = kSchemas | kXml | kSchemaDocs,
     .levels = RuleProfile::Levels::AllErrors,
     .warns = kSchemaDocs,
     .choices = kXsdChoices},
    {.name = "protocol",
     .summary = "What the sitemaps.org protocol text asks, at each rule's own severity; everything else off",
     .runs = kSitemapsOrg,
     .keeps = kSitemapsOrg,
     .choices = kProtocolChoices},
    {.name = "bing",
     .summary = "The sitemaps.org protocol, Bing's guidelines and the standards they rest on (XML, URLs, dates, "
                "HTTP, robots.txt); Bing ignores <changefreq> and <priority>",
     .runs = kSitemapsOrg | kBing | kXml | kRfc3986 | kRfc3987 | kW3cDatetime | kHttp | kRfc9309,
     .choices = kBingChoices,
     .confirmed = kBingConfirmed},
    {.name = "strict",
     .summary = "Every rule, every warning an error",
     .levels = RuleProfile::Levels::WarningsAreErrors,
     .choices = kStrictChoices},
};

std::optional<Severity> as_severity(ProfileLevel level) {
  switch (level) {
    case L::Off: return std::nullopt;
    case L::Info: return Severity::Info;
    case L::Warning: return Severity::Warning;
    case L::Error: return Severity::Error;
  }
  return std::nullopt;
}

}  // namespace

std::span<const RuleProfile> all_rule_profiles() { return kProfiles; }

const RuleProfile& default_rule_profile() { return kProfiles[0]; }

const RuleProfile* find_rule_profile(std::string_view name) {
  for (const RuleProfile& profile : kProfiles) {
    if (profile.name == name) return &profile;
  }
  return nullptr;
}

std::string unknown_profile_message(std::string_view name) {
  std::string names;
  std::string_view best;
  std::size_t best_distance = 3;
  for (const RuleProfile& profile : kProfiles) {
    names += (names.empty() ? "" : ", ") + std::string(profile.name);
    if (const std::size_t d = edit_distance(name, profile.name); d < best_distance) {
      best_distance = d;
      best = profile.name;
    }
  }
  return "unknown profile '" + std::string(name) + "'" + did_you_mean(best) + " (profiles: " + names + ")";
}

const ProfileChoice* profile_choice(const RuleProfile& profile, const RuleInfo& rule) {
  const auto it = std::find_if(profile.choices.begin(), profile.choices.end(),
                               [&](const ProfileChoice& choice) { return choice.rule == rule.id; });
  return it == profile.choices.end() ? nullptr : &*it;
}

std::optional<Severity> profile_level(const RuleProfile& profile, const RuleInfo& rule) {
  if (const ProfileChoice* choice = profile_choice(profile, rule)) return as_severity(choice->level);
  // A profile that runs every authority runs every rule, whatever it declares.
  if (profile.runs != kAllAuthorities && (rule.authorities & profile.runs) == 0) return std::nullopt;
  Severity level = rule.default_severity;
  if (profile.levels == RuleProfile::Levels::AllErrors) level = Severity::Error;
  if (profile.levels == RuleProfile::Levels::WarningsAreErrors && level == Severity::Warning) level = Severity::Error;
  if (profile.search_console_errors && !rule.search_console.empty()) level = Severity::Error;
  return level;
}

RuleSelection profile_selection(const RuleProfile& profile) {
  RuleSelection selection;
  for (const RuleInfo* rule : all_rules()) {
    const std::optional<Severity> level = profile_level(profile, *rule);
    if (!level) continue;
    selection.enabled.push_back(rule);
    selection.warning_authorities = profile.warns;
    if (*level != rule->default_severity) selection.severity_overrides[index_of(rule->id)] = *level;
    // A rule run for its authorities keeps the findings that rest on them; one the table chose
    // keeps all of its findings.
    if (!profile_choice(profile, *rule)) selection.kept_authorities[index_of(rule->id)] = profile.keeps;
  }
  return selection;
}

namespace {

// Words after `lead`, wrapped into lines of at most 100 characters that begin with `prefix`, the
// continuation lines indented under the first word.
void write_wrapped(std::string_view prefix, std::string_view lead, const std::vector<std::string>& words,
                   std::ostream& out) {
  constexpr std::size_t kWidth = 100;
  std::string line = std::string(prefix) + std::string(lead);
  const std::string indent = std::string(prefix) + "    ";
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string word = words[i] + (i + 1 < words.size() ? "," : "");
    if (line.size() + 1 + word.size() > kWidth && i > 0) {
      out << line << '\n';
      line = indent + word;
    } else {
      line += (line.ends_with(' ') ? "" : " ") + word;
    }
  }
  out << line << '\n';
}

}  // namespace

void write_profile_effect(const RuleProfile& profile, std::string_view prefix, std::ostream& out) {
  std::vector<std::string> summary;
  for (std::size_t start = 0; start < profile.summary.size();) {
    const std::size_t space = std::min(profile.summary.find(' ', start), profile.summary.size());
    summary.emplace_back(profile.summary.substr(start, space - start));
    start = space + 1;
  }
  // The summary's words without the commas write_wrapped() adds between list items.
  std::string line = std::string(prefix) + std::string(profile.name) + ":";
  for (const std::string& word : summary) {
    if (line.size() + 1 + word.size() > 100) {
      out << line << '\n';
      line = std::string(prefix) + "   ";
    }
    line += " " + word;
  }
  out << line << '\n';
  std::vector<std::string> off, up, down;
  for (const RuleInfo* rule : all_rules()) {
    const std::optional<Severity> level = profile_level(profile, *rule);
    const std::string name = std::string(rule->code) + " " + std::string(rule->name);
    if (!level) {
      off.push_back(name);
    } else if (*level != rule->default_severity) {
      (*level > rule->default_severity ? up : down)
          .push_back(name + " (" + std::string(severity_name(rule->default_severity)) + " -> " +
                     std::string(severity_name(*level)) + ")");
    }
  }
  if (!off.empty()) write_wrapped(prefix, "  off (" + std::to_string(off.size()) + "):", off, out);
  if (!up.empty()) write_wrapped(prefix, "  up (" + std::to_string(up.size()) + "):", up, out);
  if (!down.empty()) write_wrapped(prefix, "  down (" + std::to_string(down.size()) + "):", down, out);
  // The reasons of the choices made rule by rule, each once, with the rules it concerns.
  std::vector<std::pair<std::string_view, std::vector<std::string>>> reasons;
  for (const ProfileChoice& choice : profile.choices) {
    auto reason = std::find_if(reasons.begin(), reasons.end(), [&](const auto& r) { return r.first == choice.why; });
    if (reason == reasons.end()) reason = reasons.insert(reasons.end(), {choice.why, {}});
    reason->second.emplace_back(rule_info(choice.rule).code);
  }
  for (auto& [why, codes] : reasons) {
    codes.back() += ": " + std::string(why);
    write_wrapped(prefix, "  because", codes, out);
  }
}

}  // namespace sitemaplint
