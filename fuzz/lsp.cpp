#include <cstdint>
#include <sstream>
#include <utility>

#include "fuzz_targets.h"
#include "lsp/server.h"
#include "lsp/transport.h"

namespace sitemaplint::fuzz {
namespace {

// A position as LSP writes it: a line and a character in it.
std::pair<std::int64_t, std::int64_t> at(const nlohmann::json& position) {
  return {position.at("line").get<std::int64_t>(), position.at("character").get<std::int64_t>()};
}

// Published diagnostics lie in the document they are about: ranges that start before they end, on
// its lines.
void check_published(const lsp::Server& server, const nlohmann::json& message) {
  if (message.value("method", "") != "textDocument/publishDiagnostics") return;
  const nlohmann::json& params = message.at("params");
  const auto doc = server.documents().find(params.at("uri").get<std::string>());
  if (doc == server.documents().end()) return;  // closed: its empty list
  // LSP ends a line at "\r\n", "\n" or a lone "\r".
  const std::string& text = doc->second.text;
  std::int64_t lines = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) ++lines;
  }
  for (const nlohmann::json& d : params.at("diagnostics")) {
    const auto start = at(d.at("range").at("start")), end = at(d.at("range").at("end"));
    require(start <= end, "a diagnostic's range ends before it starts");
    require(start.first >= 0 && start.second >= 0 && end.first <= lines, "a diagnostic outside its document");
  }
}

}  // namespace

// A client's byte stream: framed messages read as the server reads them, each handled as if no more
// input were waiting (so every change is linted and published, without timing), each reply written
// as the server writes it. Every reply is a JSON-RPC 2.0 message; diagnostics lie in their document.
void lsp(std::string_view data) {
  std::istringstream in{std::string(data)};
  std::ostringstream out, log;
  lsp::Server server(log);
  std::string body, error;
  for (int messages = 0; messages < 256 && !server.exited(); ++messages) {
    const lsp::ReadStatus status = lsp::read_message(in, &body, &error);
    if (status != lsp::ReadStatus::Message) break;
    for (const nlohmann::json& reply : server.handle(body, false)) {
      require(reply.is_object() && reply.value("jsonrpc", "") == "2.0", "a reply that is not a JSON-RPC 2.0 message");
      check_published(server, reply);
      lsp::write_message(out, reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
  }
}

}  // namespace sitemaplint::fuzz
