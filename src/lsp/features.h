// The language server's answers about one open document: diagnostics to publish, code actions
// and hover. Pure functions of the document and the request, so tests call them directly.
#pragma once

#include <nlohmann/json.hpp>

#include "lsp/convert.h"
#include "lsp/documents.h"

namespace sitemaplint::lsp {

inline constexpr const char* kFixAllKind = "source.fixAll.sitemaplint";

// textDocument/publishDiagnostics params for the document's current findings.
nlohmann::json publish_params(const OpenDocument& doc, PositionEncoding encoding);

// textDocument/codeAction result: a quick fix per finding with a fix in the requested range, and
// one action applying every fix in the file. `params` is the request's CodeActionParams.
nlohmann::json code_actions(const OpenDocument& doc, PositionEncoding encoding, const nlohmann::json& params);

// textDocument/hover result: the documentation of the rule named at the position, or of the rule
// of a finding there; null when there is none. `params` is the request's HoverParams.
nlohmann::json hover(const OpenDocument& doc, PositionEncoding encoding, const nlohmann::json& params);

}  // namespace sitemaplint::lsp
