// The fuzz targets, one function each, and what they share. entry.cpp makes one libFuzzer binary
// per target; tests/fuzz_regression_test.cpp replays every input that once broke a target
// (testdata/fuzz/<target>/) through the same function, so a fixed crash stays fixed in the normal
// build, without clang.
#pragma once

#include <string>
#include <string_view>

#include "engine/registry.h"
#include "run/lint.h"
#include "engine/engine_options.h"

namespace sitemaplint::fuzz {

// A property a target asserts does not hold. The fuzzer's entry point prints `what` and aborts, so
// libFuzzer records the input as a crash; the regression tests throw instead, so doctest names it.
[[noreturn]] void fail(const std::string& what);
inline void require(bool holds, const char* what) {
  if (!holds) fail(what);
}

// Each target takes the fuzzer's bytes as they are.
void lint(std::string_view data);  // every rule over a whole input: XML, text, feeds, gzip, robots.txt
void pieces(std::string_view data);  // a sitemap whole and in pieces of one entry, on one and two threads: alike
void report(std::string_view data);  // every report format over a lint, and over unreadable inputs
void fix(std::string_view data);  // fixes applied until stable: idempotent, never malformed
void config(std::string_view data);  // sitemaplint.toml parsed, and --show-config read back
void baseline(std::string_view data);  // a baseline written from a generated sitemap and read back; any bytes as one
void lsp(std::string_view data);  // the language server: framing, then each message dispatched
void datetime(std::string_view data);  // the W3C datetime parser
void uri(std::string_view data);  // the URI scanner and the URL analysis every <loc> goes through
void suppress(std::string_view data);  // inline suppression comments
void pages(std::string_view data);  // --pages: _redirects, _headers, vercel.json, every host's answers, a page's head
void records(std::string_view data);  // a record file of the checks across a set, as a merge reads it

// What the targets share (support.cpp).
RuleSelection& every_rule();
// A fixed "now", a base URL (so the scope rules run) and a robots.txt (so robots-blocked-url runs).
const Settings& run_settings();
// Lints `data` as the command line lints a file given alone: loaded from bytes (gzip inflated, up
// to 1 MiB so that a small bomb stays a quick test), every rule, the checks across a set of one,
// suppressions. `robots_txt`: read as a robots.txt given with --robots.
FileReport lint_as_file(std::string_view data, bool robots_txt = false);
// Every finding and fix lies within the report's bytes and has a message.
void check_findings(const FileReport& report);

}  // namespace sitemaplint::fuzz
