#include "fuzz_targets.h"
#include "run/fix.h"

namespace sitemaplint::fuzz {
namespace {

// The rules whose findings mean that the text is not well-formed XML (or not UTF-8, which an XML
// parser also rejects): a fix may remove them, never bring one.
bool well_formed(const FileReport& report) {
  for (const Diagnostic& d : report.diagnostics) {
    const std::string_view code = d.rule->code;
    if (code == "SM001" || code == "SM003" || code == "SM004" || code == "SM301" || code == "SM302") return false;
  }
  return true;
}

}  // namespace

// What --fix does to a file: fixes applied and the text linted again until nothing changes. A second
// --fix must change nothing, and a well-formed file must stay well-formed.
void fix(std::string_view data) {
  const std::string path = "fuzz/sitemap.xml";
  const Settings& settings = run_settings();
  std::size_t applied = 0;
  const std::string once = fix_until_stable(path, std::string(data), every_rule(), settings, &applied);
  if (applied == 0) {
    require(once == data, "no fix applied, yet the text changed");
    return;
  }
  std::size_t again = 0;
  const std::string twice = fix_until_stable(path, once, every_rule(), settings, &again);
  require(again == 0 && twice == once, "fixing is not idempotent: a second --fix changes the text again");
  if (well_formed(lint_bytes(path, std::string(data), every_rule(), settings))) {
    require(well_formed(lint_bytes(path, once, every_rule(), settings)), "fixing made a well-formed file malformed");
  }
}

}  // namespace sitemaplint::fuzz
