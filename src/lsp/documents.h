// The language server's open documents and how each is linted.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "diagnostic.h"
#include "engine/registry.h"
#include "engine/engine_options.h"
#include "engine/rule_profiles.h"

namespace sitemaplint::lsp {

// Which rules at what severity, and with which settings, lint one document.
struct LintConfig {
  RuleSelection selection;
  Settings settings;
  std::string error;  // a broken sitemaplint.toml: the document is linted with the defaults instead
};

// The one place that decides the configuration of a document at `path`: the nearest
// sitemaplint.toml above it, with its [[overrides]], as on the command line. Read again for every
// lint, so an edit to the config applies at the next keystroke. `profile` (`server --profile`), when
// given, wins over any config's, as --profile does on the command line.
LintConfig config_for_document(const std::string& path, const RuleProfile* profile = nullptr);

struct OpenDocument {
  std::string uri;
  std::string path;  // from the URI, percent-decoded; the linter sniffs its extension
  std::string text;
  std::int64_t version = 0;
  std::vector<Diagnostic> findings;  // of `text`, sorted by offset
  std::string config_error;  // from the last lint; empty when its config was fine
  std::string shown_config_error;  // the config error last shown to the user for this document
  bool stale = false;  // `text` changed since `findings` were made
  const RuleProfile* profile = nullptr;  // the server's --profile, if it was given one
};

// Lints the document's current text into its findings.
void lint_document(OpenDocument& doc);

// The document's text with every fix applied until none applies; *applied counts them.
std::string fix_document(const OpenDocument& doc, std::size_t* applied);

// Open documents by URI. A closed document is erased, so nothing outlives didClose.
using DocumentStore = std::map<std::string, OpenDocument, std::less<>>;

}  // namespace sitemaplint::lsp
