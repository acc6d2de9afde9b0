// Profiles (--profile NAME, profile = "NAME" in sitemaplint.toml): presets of which rules run at
// what severity, one for each engine or authority a sitemap is written for. Each is built from
// the authorities rules rest on (RuleMeta::authorities) plus a few choices rule by rule, all in
// one table in rule_profiles.cpp. --select, --ignore, --severity and the config apply on top.
// (Not to be confused with profile.h's Profile: everything one input is linted with.)
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "engine/registry.h"

namespace sitemaplint {

enum class ProfileLevel : std::uint8_t { Off, Info, Warning, Error };

// A profile's last word on one rule, and why.
struct ProfileChoice {
  RuleId rule;
  ProfileLevel level;
  std::string_view why;
};

struct RuleProfile {
  // How a profile sets the level of a rule it runs, before the Search Console and the choices.
  enum class Levels { Default, WarningsAreErrors, AllErrors };

  std::string_view name;
  std::string_view summary;  // one line, no final period
  // A rule runs when it rests on one of these authorities.
  std::uint32_t runs = kAllAuthorities;
  // Of a rule that runs for its authorities, only the findings that rest on one of these are kept
  // (RuleSelection::kept_authorities); 0 keeps all.
  std::uint32_t keeps = 0;
  Levels levels = Levels::Default;
  bool search_console_errors = false;  // a rule with a Search Console message is an error
  // A finding resting on these authorities alone is at most a warning
  // (RuleSelection::warning_authorities).
  std::uint32_t warns = 0;
  std::span<const ProfileChoice> choices;
  // Levels the authorities already give, checked against the engine's own text: the sentence each
  // rests on, for docs/profiles.md. Never a rule of `choices`, and never another level than the
  // profile gives it (tests/profiles_test.cpp holds the table to both).
  std::span<const ProfileChoice> confirmed = {};
};

// Every profile; the first is `default`.
std::span<const RuleProfile> all_rule_profiles();
const RuleProfile& default_rule_profile();
// A profile by name; nullptr when there is none.
const RuleProfile* find_rule_profile(std::string_view name);
// "unknown profile 'X'; did you mean 'Y'? (profiles: default, google, ...)".
std::string unknown_profile_message(std::string_view name);

// What `profile` does with `rule`: nullopt when it does not run it, else its severity.
std::optional<Severity> profile_level(const RuleProfile& profile, const RuleInfo& rule);
// The profile's choice for `rule`, when the table has one.
const ProfileChoice* profile_choice(const RuleProfile& profile, const RuleInfo& rule);
// Every rule the profile runs, at its severity: where each input's rule choices start.
RuleSelection profile_selection(const RuleProfile& profile);

// What `profile` changes against every rule at its default severity, as comment lines that begin
// with `prefix` (and are wrapped): its summary, then the rules it turns off, up and down, each
// with the reason the table gives.
void write_profile_effect(const RuleProfile& profile, std::string_view prefix, std::ostream& out);

}  // namespace sitemaplint
