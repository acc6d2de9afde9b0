#include <limits>
#include <string>
#include <vector>

#include "fuzz_targets.h"

namespace sitemaplint::fuzz {
namespace {

// A report's findings in full, to compare two lints of one input.
std::vector<std::string> findings(const FileReport& report) {
  std::vector<std::string> out;
  for (const Diagnostic& d : report.diagnostics) {
    out.push_back(std::string(d.rule->code) + " " + std::to_string(static_cast<int>(d.severity)) + " " +
                  std::to_string(d.offset) + "+" + std::to_string(d.length) + " " + d.message + " | " + d.subject +
                  (d.fix ? " | fix " + d.fix->replacement : "") + (d.related ? " | at " + d.related->message : ""));
  }
  return out;
}

FileReport lint_with(std::string_view data, const Settings& settings) {
  Input input;
  input.path = "fuzz/sitemap.xml";
  input.bytes = std::string(data);
  return lint_input(std::move(input), every_rule(), settings);
}

}  // namespace

// The input parsed whole, and in pieces of one entry (engine/pieces.h, what a large sitemap gets)
// walked in one lane and in lanes on two threads: each finds what the whole parse finds.
void pieces(std::string_view data) {
  Settings whole = run_settings();
  whole.engine.pieces_from_bytes = std::numeric_limits<std::size_t>::max();
  const FileReport expected = lint_with(data, whole);
  const std::vector<std::string> expected_findings = findings(expected);
  for (const unsigned threads : {1u, 2u}) {
    Settings split = run_settings();
    split.engine.pieces_from_bytes = 0;
    split.engine.piece_bytes = 1;
    split.engine.rule_threads = threads;
    const FileReport found = lint_with(data, split);
    const std::vector<std::string> found_findings = findings(found);
    if (found_findings != expected_findings) {
      std::string why =
          "the findings in pieces on " + std::to_string(threads) + " thread(s) differ from the whole parse's:";
      for (const std::string& f : expected_findings) why += "\n  whole:  " + f;
      for (const std::string& f : found_findings) why += "\n  pieces: " + f;
      fail(why);
    }
    require(found.entries == expected.entries, "the entries counted in pieces differ from the whole parse's");
  }
}

}  // namespace sitemaplint::fuzz
