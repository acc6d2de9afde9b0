#include "lsp_documents.h"

#include <ctime>

#include "fix.h"
#include "lint.h"

namespace sitemaplint::lsp {

LintConfig config_for_document(const std::string& path) {
  (void)path;  // used once configuration files are looked up from the document's directory
  LintConfig config;
  std::string error;
  // The default selection (no --select, --ignore or --severity) cannot fail to build.
  make_selection({}, {}, {}, &config.selection, &error);
  config.settings.now = static_cast<std::int64_t>(std::time(nullptr));
  return config;
}

void lint_document(OpenDocument& doc) {
  const LintConfig config = config_for_document(doc.path);
  FileReport report = lint_bytes(doc.path, doc.text, config.selection, config.settings);
  doc.findings = std::move(report.diagnostics);
}

std::string fix_document(const OpenDocument& doc, std::size_t* applied) {
  const LintConfig config = config_for_document(doc.path);
  return fix_until_stable(doc.path, doc.text, config.selection, config.settings, applied);
}

}  // namespace sitemaplint::lsp
