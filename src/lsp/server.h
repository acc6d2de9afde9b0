// `sitemaplint server`: a Language Server Protocol 3.17 server over standard input and output.
// It lints open documents as they change and offers quick fixes and rule documentation on hover.
#pragma once

#include <chrono>
#include <istream>
#include <set>
#include <string>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string_view>
#include <vector>

#include "lsp/convert.h"
#include "lsp/documents.h"

namespace sitemaplint::lsp {

// The longest diagnostics wait while a client keeps sending.
inline constexpr std::chrono::milliseconds kMaxPublishDelay{300};

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
  // `profile`: `server --profile NAME`, for every document (nullptr: each document's config decides).
  explicit Server(std::ostream& log, const RuleProfile* profile = nullptr) : log_(log), profile_(profile) {}

  // Handles one message and returns what to send. Diagnostics of changed documents go out with
  // it, unless `more_input_waiting`: then they wait for the burst to end (at most
  // kMaxPublishDelay), so a document is linted once per burst rather than once per keystroke.
  // The body is given up once read, before any document is linted: a didOpen's carries the text.
  std::vector<nlohmann::json> handle(std::string body, bool more_input_waiting = false);

  bool exited() const { return exit_code_ >= 0; }
  // 0 after shutdown then exit; 1 on exit without shutdown (the protocol's rule).
  int exit_code() const { return exit_code_; }
  bool shut_down() const { return state_ == State::ShutDown; }
  const DocumentStore& documents() const { return documents_; }
  PositionEncoding encoding() const { return encoding_; }

 private:
  enum class State { Uninitialized, Running, ShutDown };

  std::vector<nlohmann::json> handle_one(std::string_view body);
  nlohmann::json request(std::string_view method, const nlohmann::json& params);
  void bring_up_to_date(OpenDocument& doc);  // lints it if its text changed since
  void flush(std::vector<nlohmann::json>* out);  // lints and publishes the pending documents
  // Takes `params` by non-const reference to move document texts out of it.
  void notification(std::string_view method, nlohmann::json& params, std::vector<nlohmann::json>* out);
  nlohmann::json initialize(const nlohmann::json& params);
  OpenDocument* find(const nlohmann::json& params);

  std::ostream& log_;
  const RuleProfile* profile_;
  State state_ = State::Uninitialized;
  int exit_code_ = -1;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  DocumentStore documents_;
  std::set<std::string> pending_;  // URIs whose diagnostics are not published yet
  std::chrono::steady_clock::time_point pending_since_;
};

// Reads framed messages from `in` until exit, end of input or an unrecoverable framing error, and
// writes replies to `out`. Diagnostics about the session go to `log`, never to `out`. Returns the
// process exit code. `profile` as for Server.
int run_server(std::istream& in, std::ostream& out, std::ostream& log, const RuleProfile* profile = nullptr);

}  // namespace sitemaplint::lsp
