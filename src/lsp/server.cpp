#include "lsp/server.h"

#include <chrono>
#include <exception>

#include "analysis/printable.h"
#include "lsp/features.h"
#include "lsp/transport.h"

namespace sitemaplint::lsp {
namespace {

using nlohmann::json;

// A line on the log (standard error), made printable: methods and errors quote what the client sent.
void log_line(std::ostream& log, std::string_view text) { log << "sitemaplint server: " << printable(text) << '\n'; }

// Raised by handlers to answer a request with a JSON-RPC error.
struct RpcError {
  int code;
  std::string message;
};

json response(const json& id, json result) { return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}; }

json error_response(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

json notify(std::string_view method, json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

const std::string& uri_of(const json& params) {
  return params.at("textDocument").at("uri").get_ref<const std::string&>();
}

// Applies one TextDocumentContentChangeEvent: a whole new text, or a range replaced.
void apply_change(OpenDocument& doc, json& change, PositionEncoding encoding) {
  std::string& text = change.at("text").get_ref<std::string&>();
  if (!change.contains("range")) {
    doc.text = std::move(text);
    return;
  }
  const TextIndex index(doc.text, encoding);
  const json& range = change.at("range");
  const std::size_t begin = index.offset(range.at("start"));
  std::size_t end = index.offset(range.at("end"));
  if (end < begin) end = begin;
  doc.text.replace(begin, end - begin, text);
}

}  // namespace

json Server::initialize(const json& params) {
  if (!params.is_object()) throw InvalidParams("initialize needs InitializeParams");
  encoding_ = PositionEncoding::Utf16;  // the protocol's default, which every client supports
  const json* offered = nullptr;
  if (params.contains("capabilities") && params["capabilities"].is_object()) {
    const json& caps = params["capabilities"];
    if (caps.contains("general") && caps["general"].is_object() && caps["general"].contains("positionEncodings")) {
      offered = &caps["general"]["positionEncodings"];
    }
  }
  // UTF-8 is what sitemaplint's offsets already are: no conversion per column.
  if (offered && offered->is_array()) {
    for (const json& e : *offered) {
      if (e == "utf-8") encoding_ = PositionEncoding::Utf8;
    }
  }
  state_ = State::Running;
  return {{"capabilities",
           {{"positionEncoding", encoding_name(encoding_)},
            // Incremental (2): a keystroke in a 10 MB sitemap sends the keystroke, not the file.
            {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", true}}}}},
            {"codeActionProvider", {{"codeActionKinds", {"quickfix", kFixAllKind}}}},
            {"hoverProvider", true}}},
          {"serverInfo", {{"name", "sitemaplint"}, {"version", SITEMAPLINT_VERSION}}}};
}

OpenDocument* Server::find(const json& params) {
  const auto it = documents_.find(uri_of(params));
  return it == documents_.end() ? nullptr : &it->second;
}

json Server::request(std::string_view method, const json& params) {
  if (method == "initialize") {
    if (state_ != State::Uninitialized) throw RpcError{kInvalidRequest, "initialize was already received"};
    return initialize(params);
  }
  if (state_ == State::Uninitialized) throw RpcError{kServerNotInitialized, "the server is not initialized"};
  if (state_ == State::ShutDown) throw RpcError{kInvalidRequest, "the server is shutting down"};
  if (method == "shutdown") {
    state_ = State::ShutDown;
    return nullptr;
  }
  if (method == "textDocument/codeAction") {
    OpenDocument* doc = find(params);
    if (doc) bring_up_to_date(*doc);
    return doc ? code_actions(*doc, encoding_, params) : json(nullptr);
  }
  if (method == "textDocument/hover") {
    OpenDocument* doc = find(params);
    if (doc) bring_up_to_date(*doc);
    return doc ? hover(*doc, encoding_, params) : json(nullptr);
  }
  throw RpcError{kMethodNotFound, "unknown method " + std::string(method)};
}

void Server::notification(std::string_view method, json& params, std::vector<json>* out) {
  if (method == "exit") {
    exit_code_ = state_ == State::ShutDown ? 0 : 1;
    return;
  }
  // Before initialize the protocol drops notifications; after shutdown only exit matters.
  if (state_ != State::Running) return;
  OpenDocument* doc = nullptr;
  if (method == "textDocument/didOpen") {
    json& item = params.at("textDocument");
    const std::string& uri = item.at("uri").get_ref<const std::string&>();
    // Built before it is stored, so params missing a field leave no half-open document behind.
    OpenDocument opened{uri,
                        path_from_uri(uri),
                        std::move(item.at("text").get_ref<std::string&>()),
                        item.at("version").get<std::int64_t>(),
                        {},
                        {},
                        {},
                        false,
                        profile_};
    doc = &(documents_[uri] = std::move(opened));
  } else if (method == "textDocument/didChange") {
    doc = find(params);
    if (!doc) {
      log_line(log_, "didChange for a document that is not open");
      return;
    }
    for (json& change : params.at("contentChanges")) apply_change(*doc, change, encoding_);
    const json& version = params["textDocument"]["version"];
    if (version.is_number_integer()) doc->version = version.get<std::int64_t>();
  } else if (method == "textDocument/didSave") {
    doc = find(params);
    if (!doc) return;
    if (params.contains("text")) doc->text = std::move(params["text"].get_ref<std::string&>());
  } else if (method == "textDocument/didClose") {
    const std::string uri = uri_of(params);
    pending_.erase(uri);
    if (documents_.erase(uri) == 0) return;
    out->push_back(notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
    return;
  } else {
    return;  // initialized, $/cancelRequest, $/setTrace, workspace/didChange*: nothing to do
  }
  // Linted and published by flush(): changes that arrive together are linted once.
  doc->stale = true;
  if (pending_.empty()) pending_since_ = std::chrono::steady_clock::now();
  pending_.insert(doc->uri);
}

void Server::bring_up_to_date(OpenDocument& doc) {
  if (!doc.stale) return;
  lint_document(doc);
  doc.stale = false;
}

void Server::flush(std::vector<json>* out) {
  for (const std::string& uri : pending_) {
    const auto it = documents_.find(uri);
    if (it == documents_.end()) continue;  // closed meanwhile: its empty list went out with didClose
    OpenDocument& doc = it->second;
    bring_up_to_date(doc);
    // A broken sitemaplint.toml is said once per document, not at every keystroke; the document is
    // still linted.
    if (!doc.config_error.empty() && doc.config_error != doc.shown_config_error) {
      out->push_back(notify(
          "window/showMessage",
          {{"type", 1}, {"message", "sitemaplint: " + doc.config_error + " (linting with the default settings)"}}));
    }
    doc.shown_config_error = doc.config_error;
    out->push_back(notify("textDocument/publishDiagnostics", publish_params(doc, encoding_)));
  }
  pending_.clear();
}

std::vector<json> Server::handle(std::string body, bool more_input_waiting) {
  std::vector<json> out = handle_one(body);
  std::string().swap(body);
  // While the client is still sending (a burst of keystrokes), diagnostics wait, but not forever.
  const bool overdue = !pending_.empty() && std::chrono::steady_clock::now() - pending_since_ > kMaxPublishDelay;
  if (!more_input_waiting || overdue) flush(&out);
  return out;
}

std::vector<json> Server::handle_one(std::string_view body) {
  json message = json::parse(body, nullptr, false);
  if (message.is_discarded()) return {error_response(nullptr, kParseError, "the message is not valid JSON")};
  if (!message.is_object()) return {error_response(nullptr, kInvalidRequest, "a message must be a JSON object")};
  const bool has_id = message.contains("id");
  const json id = has_id ? message["id"] : json(nullptr);
  if (has_id && !id.is_number_integer() && !id.is_string()) {
    return {error_response(nullptr, kInvalidRequest, "id must be an integer or a string")};
  }
  if (!message.contains("method")) return {};  // a response: the server sends no requests
  if (!message["method"].is_string()) return {error_response(id, kInvalidRequest, "method must be a string")};
  const std::string method = message["method"];
  // Moved, not copied: a didOpen of a 10 MB sitemap carries the whole text.
  json params = message.contains("params") ? std::move(message["params"]) : json::object();
  std::vector<json> out;
  try {
    if (!has_id) {
      notification(method, params, &out);
      return out;
    }
    out.push_back(response(id, request(method, params)));
  } catch (const RpcError& e) {
    out.push_back(error_response(id, e.code, e.message));
  } catch (const InvalidParams& e) {
    if (has_id) out.push_back(error_response(id, kInvalidParams, e.what()));
    else log_line(log_, method + ": invalid params: " + e.what());
  } catch (const json::exception& e) {
    // A missing field or a field of the wrong type in params.
    if (has_id) out.push_back(error_response(id, kInvalidParams, std::string("invalid params: ") + e.what()));
    else log_line(log_, method + ": invalid params: " + e.what());
  } catch (const std::exception& e) {
    if (has_id) out.push_back(error_response(id, kInternalError, e.what()));
    log_line(log_, method + ": " + e.what());
  }
  return out;
}

int run_server(std::istream& in, std::ostream& out, std::ostream& log, const RuleProfile* profile) {
  Server server(log, profile);
  std::string body;
  std::string error;
  for (;;) {
    switch (read_message(in, &body, &error)) {
      case ReadStatus::Message:
        if (!error.empty()) log_line(log, error);
        // in_avail() counts buffered bytes and, for a pipe, what the kernel holds (FIONREAD). The
        // body is handed over: a large one is not kept for the messages after it.
        for (const json& reply : server.handle(std::move(body), in.rdbuf()->in_avail() > 0)) {
          // replace: a lint message quoting broken bytes must not make dump() throw.
          write_message(out, reply.dump(-1, ' ', false, json::error_handler_t::replace));
        }
        if (!out) {
          log_line(log, "stopping: cannot write to the client");
          return 1;
        }
        if (server.exited()) return server.exit_code();
        break;
      case ReadStatus::Fatal: log_line(log, "stopping: " + error); return 1;
      case ReadStatus::End:
        // The client went away; without shutdown first that is an abnormal end.
        return server.shut_down() ? 0 : 1;
    }
  }
}

}  // namespace sitemaplint::lsp
