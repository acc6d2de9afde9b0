// What <video:restriction> (countries) and <video:platform> (web, mobile, tv) share: a
// relationship attribute that says allow or deny, and a value that is a list of codes separated by
// spaces, which the XSD spells as a pattern and people write with commas and in any case.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/rule_support.h"

namespace sitemaplint::video {

// Reports a relationship attribute that is there but neither allow nor deny (after trimming; a
// missing or empty one is VID109's), on its value, with a fix when only the case is wrong.
void report_bad_relationship(const ExtensionNode& node, FindingSink& out);

// Whether every token of `value` (separated by XML white space) passes `valid`.
bool all_tokens(std::string_view value, bool (*valid)(std::string_view));

// The value as a well-formed list: its tokens, separated by white space, commas or semicolons,
// each put in the right case by `recase`, joined by single spaces; nullopt unless every recased
// token passes `valid`.
std::optional<std::string> as_list(std::string_view value, char (*recase)(char), bool (*valid)(std::string_view));

// The first token of `value` (split as as_list splits it) that does not pass `valid` once recased,
// as written; empty when there is none.
std::string_view first_invalid_token(std::string_view value, char (*recase)(char), bool (*valid)(std::string_view));

// A token of the shape the XSD's country list takes: two capital letters A-Z.
bool is_two_capitals(std::string_view token);

}  // namespace sitemaplint::video
