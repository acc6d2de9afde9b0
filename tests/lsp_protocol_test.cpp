// The language server's JSON-RPC errors, lifecycle and exit codes, through Server::handle and
// run_server on string streams.
#include <doctest/doctest.h>

#include <sstream>

#include "lsp_session.h"
#include "lsp/transport.h"

using namespace sitemaplint;
using namespace sitemaplint::lsp;
using namespace sitemaplint::lsp::testing;

TEST_CASE("lsp errors: parse error, invalid request, not initialized, unknown method, invalid params") {
  Session s;
  auto only = [](const std::vector<json>& out) {
    REQUIRE(out.size() == 1);
    return out[0];
  };
  auto error = [](json id, int code) { return json({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}}}}); };
  auto without_message = [](json reply) {
    CHECK(reply["error"]["message"].is_string());
    reply["error"].erase("message");
    return reply;
  };
  CHECK(without_message(only(s.server.handle("{\"jsonrpc\":"))) == error(nullptr, -32700));
  CHECK(without_message(only(s.server.handle("[1]"))) == error(nullptr, -32600));
  CHECK(without_message(only(s.server.handle(R"({"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"})"))) ==
        error(nullptr, -32600));
  CHECK(without_message(s.call(2, "textDocument/hover", json::object())) == error(2, -32002));
  CHECK(
      s.send(notification("textDocument/didOpen", {{"textDocument", {{"uri", kUri}, {"version", 1}, {"text", kText}}}}))
          .empty());
  CHECK(s.server.documents().empty());  // dropped before initialize
  s.init(false);
  CHECK(without_message(s.call(3, "initialize", {{"capabilities", json::object()}})) == error(3, -32600));
  s.open(kText);
  CHECK(without_message(s.call(4, "workspace/symbol", {{"query", ""}})) == error(4, -32601));
  CHECK(without_message(s.call(5, "textDocument/hover", {{"textDocument", 7}})) == error(5, -32602));
  CHECK(without_message(s.call(6, "textDocument/codeAction", {{"textDocument", {{"uri", kUri}}}})) == error(6, -32602));
  CHECK(s.send(notification("workspace/didChangeConfiguration", {{"settings", nullptr}})).empty());
  CHECK(s.send(notification("$/cancelRequest", {{"id", 4}})).empty());
  const std::string other = "file:///other.xml";
  CHECK(s.send(notification("textDocument/didOpen", {{"textDocument", {{"uri", other}}}}))
            .empty());  // logged, not stored
  CHECK(s.server.documents().count(other) == 0);
  CHECK(s.log.str().find("invalid params") != std::string::npos);
  CHECK(s.call(7, "textDocument/hover",
               {{"textDocument", {{"uri", "file:///not-open.xml"}}}, {"position", pos(0, 0)}})["result"]
            .is_null());
  CHECK(s.send(json({{"jsonrpc", "2.0"}, {"id", 99}, {"result", nullptr}})).empty());  // a response: ignored
}

TEST_CASE("lsp lifecycle: shutdown then exit is 0, exit alone is 1, requests after shutdown are refused") {
  Session s;
  s.init(false);
  CHECK(s.call(2, "shutdown", nullptr) == json({{"jsonrpc", "2.0"}, {"id", 2}, {"result", nullptr}}));
  CHECK(s.call(3, "textDocument/hover", json::object())["error"]["code"] == -32600);
  CHECK(!s.server.exited());
  s.send(notification("exit", nullptr));
  CHECK(s.server.exited());
  CHECK(s.server.exit_code() == 0);
  Session abrupt;
  abrupt.init(false);
  abrupt.send(notification("exit", nullptr));
  CHECK(abrupt.server.exit_code() == 1);
}

TEST_CASE("lsp run_server: framed replies only on the output, errors survived, exit codes") {
  auto framed = [](const json& m) {
    const std::string body = m.dump();
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  };
  std::istringstream in(framed(request(1, "initialize", {{"capabilities", json::object()}})) +
                        "Content-Length: 5\r\n\r\n{bad}" +
                        // No Content-Length: its body is skipped (never answered) and the next message read.
                        "Content-Type: x\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"shutdown\"}" +
                        framed(request(2, "shutdown", nullptr)) + framed(notification("exit", nullptr)) +
                        framed(request(3, "never read", nullptr)));
  std::ostringstream out, log;
  CHECK(run_server(in, out, log) == 0);
  std::istringstream replies(out.str());
  std::vector<json> got;
  std::string body, error;
  while (read_message(replies, &body, &error) == ReadStatus::Message) got.push_back(json::parse(body));
  REQUIRE(got.size() == 3);
  CHECK(got[0]["id"] == 1);
  CHECK(got[1]["error"]["code"] == -32700);
  CHECK(got[1]["id"].is_null());
  CHECK(got[2] == json({{"jsonrpc", "2.0"}, {"id", 2}, {"result", nullptr}}));
  CHECK(log.str() ==
        "sitemaplint server: skipped 1 malformed message before this one (message without a Content-Length header)\n");

  std::istringstream eof(framed(request(1, "initialize", {{"capabilities", json::object()}})));
  std::ostringstream out2;
  CHECK(run_server(eof, out2, log) == 1);
  std::istringstream huge("Content-Length: 1000000000\r\n\r\n");
  std::ostringstream out3;
  CHECK(run_server(huge, out3, log) == 1);
  CHECK(out3.str().empty());
}

TEST_CASE("lsp errors: negative or fractional positions are invalid params, not wrapped around") {
  Session s;
  s.init(false);
  s.open(kText);
  for (const json& bad : {json{{"line", -1}, {"character", 0}}, json{{"line", 0}, {"character", 1e30}},
                          json{{"line", 0}, {"character", "3"}}}) {
    CAPTURE(bad);
    const json reply = s.call(2, "textDocument/hover", {{"textDocument", {{"uri", kUri}}}, {"position", bad}});
    CHECK(reply["error"] ==
          json({{"code", -32602}, {"message", "a position's line and character must be non-negative integers"}}));
  }
}

TEST_CASE("lsp run_server: what the client sent reaches the log printable, on one line") {
  const std::string body = request(1, "shutdown", nullptr).dump();
  const std::string exit = notification("exit", nullptr).dump();
  // A header whose value holds ESC, the one-byte CSI (U+009B), DEL and a byte that is no UTF-8:
  // the message is skipped, and the log quotes the value.
  std::istringstream in("Content-Length: 1\x1b[2J\xC2\x9B\x7F\xFF\r\n\r\n" + std::string("Content-Length: ") +
                        std::to_string(body.size()) + "\r\n\r\n" + body +
                        "Content-Length: " + std::to_string(exit.size()) + "\r\n\r\n" + exit);
  std::ostringstream out, log;
  run_server(in, out, log);  // exit 1: shut down before it was initialized
  CHECK(log.str() ==
        "sitemaplint server: skipped 1 malformed message before this one (invalid Content-Length "
        "header '1?[2J???')\n");
}
