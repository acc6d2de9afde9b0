#include "lsp/documents.h"

#include <ctime>

#include "config/resolve.h"
#include "run/fix.h"
#include "run/lint.h"

namespace sitemaplint::lsp {

LintConfig config_for_document(const std::string& path, const RuleProfile* profile) {
  CommandLineChoices defaults;
  defaults.profile = profile;
  defaults.now = static_cast<std::int64_t>(std::time(nullptr));
  ConfigResolver resolver(defaults, ConfigSource::Discover);
  LintConfig config;
  // A document that is not a file (an untitled buffer) takes the server's working directory's config.
  const Profile* resolved = resolver.profile_for(path.starts_with('/') ? path : "-", &config.error);
  if (resolved) {
    config.selection = resolved->selection;
    config.settings = resolved->settings;
  } else {
    config.selection = profile ? profile_selection(*profile) : default_selection();
    config.settings.now = defaults.now;
  }
  return config;
}

void lint_document(OpenDocument& doc) {
  LintConfig config = config_for_document(doc.path, doc.profile);
  config.settings.sole_input = true;  // linted alone: its findings are not copied smaller for a set
  FileReport report = lint_borrowed(doc.path, doc.text, config.selection, config.settings);
  doc.findings = std::move(report.diagnostics);
  doc.config_error = config.error;
}

std::string fix_document(const OpenDocument& doc, std::size_t* applied) {
  const LintConfig config = config_for_document(doc.path, doc.profile);
  return fix_until_stable(doc.path, doc.text, config.selection, config.settings, applied);
}

}  // namespace sitemaplint::lsp
