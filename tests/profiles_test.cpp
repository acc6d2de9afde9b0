// Profiles (--profile): each over a shared set of sitemaps (testdata/profiles/) whose first comment
// states the verdict every profile must reach, what the table in rule_profiles.cpp says, and the
// profile on the command line and in the config (docs/profiles.md: reference_docs_test.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "docs/profile_docs.h"
#include "engine/rule_profiles.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

bool has_error(const FileReport& report) {
  return std::any_of(report.diagnostics.begin(), report.diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

// "<!-- verdicts: default=pass google=fail ... -->": the verdict each profile must reach.
std::map<std::string, bool> stated_verdicts(const std::string& text, const std::string& file) {
  static const std::regex kLine(R"(<!-- verdicts: ([^>]*) -->)");
  static const std::regex kPair(R"(([a-z]+)=(pass|fail))");
  std::smatch line;
  REQUIRE_MESSAGE(std::regex_search(text, line, kLine), file << " states no '<!-- verdicts: ... -->'");
  std::map<std::string, bool> fails;
  const std::string pairs = line[1].str();
  for (auto it = std::sregex_iterator(pairs.begin(), pairs.end(), kPair); it != std::sregex_iterator(); ++it) {
    fails[(*it)[1].str()] = (*it)[2].str() == "fail";
  }
  return fails;
}

std::optional<Severity> as_level(ProfileLevel level) {
  switch (level) {
    case ProfileLevel::Off: return std::nullopt;
    case ProfileLevel::Info: return Severity::Info;
    case ProfileLevel::Warning: return Severity::Warning;
    case ProfileLevel::Error: return Severity::Error;
  }
  return std::nullopt;
}

std::vector<fs::path> profile_fixtures() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(source_path("testdata/profiles"))) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("profiles: each reaches the verdict every shared fixture states for it") {
  std::size_t checked = 0;
  for (const fs::path& path : profile_fixtures()) {
    const std::string file = path.filename().string();
    CAPTURE(file);
    const std::string text = read_file(path.string());
    const std::map<std::string, bool> fails = stated_verdicts(text, file);
    CHECK_MESSAGE(fails.size() == all_rule_profiles().size(), file << " must state a verdict for every profile");
    for (const RuleProfile& profile : all_rule_profiles()) {
      const auto stated = fails.find(std::string(profile.name));
      if (stated == fails.end()) continue;
      const FileReport report = lint_bytes(file, text, profile_selection(profile), test_settings());
      std::string found;
      for (const Diagnostic& d : report.diagnostics) {
        found += "\n  " + std::string(d.rule->code) + " " + std::string(severity_name(d.severity)) + " " + d.message;
      }
      CHECK_MESSAGE(has_error(report) == stated->second, file << " under --profile " << profile.name << " should "
                                                              << (stated->second ? "fail" : "pass")
                                                              << "; it found:" << (found.empty() ? " nothing" : found));
      ++checked;
    }
  }
  CHECK(checked >= 6 * 15);
}

TEST_CASE(
    "profiles: how many fixtures each turns from default's verdict (reported, and strict never passes what default "
    "fails)") {
  std::vector<std::pair<fs::path, bool>> inputs;  // path, is a rule fixture
  for (const fs::path& path : rule_fixture_files()) inputs.emplace_back(path, true);
  for (const fs::path& path : profile_fixtures()) inputs.emplace_back(path, false);
  std::map<std::string_view, std::size_t> changed, to_fail, to_pass;
  const RuleProfile& strict = *find_rule_profile("strict");
  for (const auto& [path, is_rule_fixture] : inputs) {
    const std::string text = read_file(path.string());
    const Settings settings = fixture_settings(path, text);
    const bool default_fails =
        has_error(lint_input(load_fixture(path), profile_selection(default_rule_profile()), settings));
    for (const RuleProfile& profile : all_rule_profiles()) {
      const bool fails = has_error(lint_input(load_fixture(path), profile_selection(profile), settings));
      if (fails == default_fails) continue;
      ++changed[profile.name];
      ++(fails ? to_fail : to_pass)[profile.name];
      if (&profile == &strict && !fails) FAIL_CHECK(path.string() << " fails by default but passes --profile strict");
    }
  }
  for (const RuleProfile& profile : all_rule_profiles()) {
    MESSAGE("--profile " << profile.name << " changes the verdict of " << changed[profile.name] << " of "
                         << inputs.size() << " fixtures (" << to_fail[profile.name] << " now fail, "
                         << to_pass[profile.name] << " now pass)");
  }
  CHECK(changed["default"] == 0);
}

TEST_CASE("profiles: default is every rule at its own severity, keeping every finding") {
  const RuleSelection selection = profile_selection(default_rule_profile());
  // But for what only a schema validator rejects (an element of a namespace it has no schema for):
  // the one rule the default leaves to --profile xsd.
  REQUIRE(default_rule_profile().choices.size() == 1);
  CHECK(default_rule_profile().choices[0].rule == RuleId::element_without_schema);
  CHECK(default_rule_profile().choices[0].level == ProfileLevel::Off);
  CHECK(selection.enabled.size() == all_rules().size() - 1);
  for (const RuleInfo* rule : all_rules()) {
    if (rule->id == RuleId::element_without_schema) continue;
    CAPTURE(rule->code);
    CHECK(selection.severity_of(*rule) == rule->default_severity);
    CHECK(selection.kept_authorities[index_of(rule->id)] == 0);
  }
}

TEST_CASE("profiles: google raises Search Console's sitemap errors, not its URL warnings, and lowers what it ignores") {
  const RuleProfile& google = *find_rule_profile("google");
  // A rule with a Search Console message is an error, unless a choice of the profile says otherwise.
  for (const RuleInfo* rule : all_rules()) {
    if (rule->search_console.empty() || profile_choice(google, *rule)) continue;
    CAPTURE(rule->code);
    CHECK(profile_level(google, *rule) == Severity::Error);
  }
  // White space around a URL: Google's own video sitemap example has it, so it is only noted.
  CHECK(profile_level(default_rule_profile(), rule_info(RuleId::loc_whitespace)) == Severity::Warning);
  CHECK(profile_level(google, rule_info(RuleId::loc_whitespace)) == Severity::Info);
  // A Search Console warning ("Empty Sitemap warning"), Page indexing reasons, and what Google reads
  // when the other hosts are verified (a cross-submitted sitemap): each a warning.
  for (const RuleId id : {RuleId::robots_blocked_url, RuleId::page_redirect, RuleId::page_canonical_elsewhere,
                          RuleId::empty_sitemap, RuleId::news_empty_sitemap, RuleId::multiple_hosts}) {
    CAPTURE(rule_info(id).code);
    CHECK(profile_level(google, rule_info(id)) == Severity::Warning);
  }
  // What Google does not need or does not read: info, never a warning.
  for (const RuleId id : {RuleId::xml_declaration_missing, RuleId::changefreq_invalid, RuleId::priority_invalid,
                          RuleId::priority_out_of_range}) {
    CAPTURE(rule_info(id).code);
    CHECK(profile_level(google, rule_info(id)) == Severity::Info);
  }
  CHECK(profile_level(default_rule_profile(), rule_info(RuleId::xml_declaration_missing)) == Severity::Warning);
}

TEST_CASE("profiles: bing distrusts a lastmod it cannot believe and ignores changefreq and priority") {
  const RuleProfile& bing = *find_rule_profile("bing");
  // No text of Bing's says a future <lastmod> makes the file unusable: a warning, as by default.
  CHECK(profile_level(bing, rule_info(RuleId::lastmod_in_future)) == Severity::Warning);
  // "we will suspect the validity of those dates and may disregard them"
  CHECK(profile_level(default_rule_profile(), rule_info(RuleId::lastmod_uniform)) == Severity::Info);
  CHECK(profile_level(bing, rule_info(RuleId::lastmod_uniform)) == Severity::Warning);
  for (const RuleId id : {RuleId::changefreq_invalid, RuleId::priority_invalid, RuleId::priority_out_of_range}) {
    CAPTURE(rule_info(id).code);
    CHECK(profile_level(bing, rule_info(id)) == Severity::Info);
  }
}

TEST_CASE("profiles: every level a profile sets or keeps quotes its engine's page") {
  for (const RuleProfile& profile : all_rule_profiles()) {
    if (profile.name != "google" && profile.name != "bing") continue;
    CAPTURE(profile.name);
    for (const auto* list : {&profile.choices, &profile.confirmed}) {
      for (const ProfileChoice& choice : *list) {
        CAPTURE(rule_info(choice.rule).code);
        // A quoted sentence, and the address of the page it is on.
        CHECK(choice.why.find('"') != std::string_view::npos);
        CHECK(choice.why.find("(https://") != std::string_view::npos);
      }
    }
  }
}

TEST_CASE("profiles: the table holds together") {
  std::set<std::string_view> names;
  for (const RuleProfile& profile : all_rule_profiles()) {
    CAPTURE(profile.name);
    CHECK(names.insert(profile.name).second);
    CHECK(!profile.summary.empty());
    CHECK(profile.summary.back() != '.');
    std::set<RuleId> chosen;
    for (const ProfileChoice& choice : profile.choices) {
      CHECK_MESSAGE(chosen.insert(choice.rule).second, rule_info(choice.rule).code << " is chosen twice");
      CHECK(!choice.why.empty());
      // A choice that changes nothing is noise in the table.
      RuleProfile without = profile;
      without.choices = {};
      const std::optional<Severity> chosen_level = profile_level(profile, rule_info(choice.rule));
      CHECK_MESSAGE(
          profile_level(without, rule_info(choice.rule)) != chosen_level,
          profile.name << " chooses for " << rule_info(choice.rule).code << " what its authorities give anyway");
    }
    // A level checked and kept is the level the authorities give, and no choice besides.
    for (const ProfileChoice& checked : profile.confirmed) {
      CAPTURE(rule_info(checked.rule).code);
      CHECK(!checked.why.empty());
      CHECK_MESSAGE(chosen.insert(checked.rule).second, "chosen and confirmed at once");
      CHECK(profile_level(profile, rule_info(checked.rule)) == as_level(checked.level));
    }
  }
  for (const std::string_view name : {"default", "google", "xsd", "protocol", "bing", "strict"}) {
    CHECK_MESSAGE(find_rule_profile(name), "no profile " << name);
  }
  CHECK(&default_rule_profile() == find_rule_profile("default"));
  CHECK(unknown_profile_message("gogle") ==
        "unknown profile 'gogle'; did you mean 'google'? (profiles: default, google, xsd, protocol, bing, strict)");
}

TEST_CASE("profiles on the command line and in the config: the profile first, then the layers on top") {
  TempDir dir;
  const std::string year = dir.write("year.xml", read_file(source_path("testdata/profiles/lastmod-year.xml")));
  CHECK(run_cli({"-q", year}).exit_code == 0);
  const auto xsd = run_cli({"-q", "--profile", "xsd", year});
  CHECK(xsd.exit_code == 1);
  CHECK(xsd.out.find("error[SM403 lastmod-reduced-precision]") != std::string::npos);
  CHECK(run_cli({"-q", "--profile", "xsd", "--severity", "SM403=warning", year}).exit_code == 0);
  CHECK(run_cli({"-q", "--profile", "xsd", "--ignore", "lastmod", year}).exit_code == 0);
  const auto unknown = run_cli({"--profile", "gogle", year});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("--profile: unknown profile 'gogle'; did you mean 'google'?") != std::string::npos);

  // The config's profile, an override's for some files, and --profile over both.
  dir.write("sitemaplint.toml",
            "profile = \"xsd\"\n[[overrides]]\nfiles = [\"lenient/*.xml\"]\nprofile = \"google\"\n");
  const std::string lenient = dir.write("lenient/year.xml", read_file(year));
  CHECK(run_cli({"-q", "year.xml"}, "", dir.path.string()).exit_code == 1);
  CHECK(run_cli({"-q", "lenient/year.xml"}, "", dir.path.string()).exit_code == 0);
  CHECK(run_cli({"-q", "--profile", "default", "year.xml"}, "", dir.path.string()).exit_code == 0);
  CHECK(run_cli({"-q", "--profile", "strict", "lenient/year.xml"}, "", dir.path.string()).exit_code == 1);
  const auto shown = run_cli({"--show-config", "lenient/year.xml"}, "", dir.path.string());
  CHECK(shown.out.find("profile = \"google\"\n# google: ") != std::string::npos);
  CHECK(shown.out.find("#   off (") != std::string::npos);

  const auto listed = run_cli({"--list-profiles"});
  CHECK(listed.exit_code == 0);
  for (const RuleProfile& profile : all_rule_profiles()) {
    CHECK(("\n" + listed.out).find("\n" + std::string(profile.name) + ": ") != std::string::npos);
  }
  CHECK(run_cli({"--list-profiles", "markdown"}).out == profile_table_markdown());
}
