#include <sstream>

#include "fuzz_targets.h"
#include "lsp/server.h"
#include "lsp/transport.h"

namespace sitemaplint::fuzz {

// A client's byte stream: framed messages read as the server reads them, each handled as if no more
// input were waiting (so every change is linted and published, without timing), each reply written
// as the server writes it. Every reply is a JSON-RPC 2.0 message.
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
      lsp::write_message(out, reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
  }
}

}  // namespace sitemaplint::fuzz
