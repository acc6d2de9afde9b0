// `sitemaplint server`: a Language Server Protocol 3.17 server over standard input and output.
// It lints open documents as they change and offers quick fixes and rule documentation on hover.
#pragma once

#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string_view>
#include <vector>

#include "lsp_convert.h"
#include "lsp_documents.h"

namespace sitemaplint::lsp {

// JSON-RPC and LSP error codes the server answers with.
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
};

// The protocol state machine, without I/O: each message in, the messages to send out.
class Server {
 public:
  explicit Server(std::ostream& log) : log_(log) {}

  std::vector<nlohmann::json> handle(std::string_view body);

  bool exited() const { return exit_code_ >= 0; }
  // 0 after shutdown then exit; 1 on exit without shutdown (the protocol's rule).
  int exit_code() const { return exit_code_; }
  bool shut_down() const { return state_ == State::ShutDown; }
  const DocumentStore& documents() const { return documents_; }
  PositionEncoding encoding() const { return encoding_; }

 private:
  enum class State { Uninitialized, Running, ShutDown };

  nlohmann::json request(std::string_view method, const nlohmann::json& params);
  // Takes `params` by non-const reference to move document texts out of it.
  void notification(std::string_view method, nlohmann::json& params, std::vector<nlohmann::json>* out);
  nlohmann::json initialize(const nlohmann::json& params);
  OpenDocument* find(const nlohmann::json& params);

  std::ostream& log_;
  State state_ = State::Uninitialized;
  int exit_code_ = -1;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  DocumentStore documents_;
};

// Reads framed messages from `in` until exit, end of input or an unrecoverable framing error, and
// writes replies to `out`. Diagnostics about the session go to `log`, never to `out`. Returns the
// process exit code.
int run_server(std::istream& in, std::ostream& out, std::ostream& log);

}  // namespace sitemaplint::lsp
