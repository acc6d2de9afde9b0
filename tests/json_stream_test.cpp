// The streaming JSON writer the JSON and SARIF reports are written with: its layout must be the one
// nlohmann::json's dump(2, ' ', false, replace) gives (the reports' bytes did not change when they
// moved to it), and nothing an input holds may make it write invalid JSON.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>

#include "report/json_stream.h"

using namespace sitemaplint;

namespace {

// What nlohmann writes for `value`, as the reports wrote it before they were streamed.
std::string nlohmann_dump(const nlohmann::ordered_json& value) {
  return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

// `text` written as a JSON string by the writer.
std::string streamed_string(std::string_view text) {
  std::ostringstream out;
  {
    JsonWriter json(out);
    json.string(text);
  }
  return out.str();
}

}  // namespace

TEST_CASE("json writer: nested objects and arrays, laid out as nlohmann lays them out") {
  std::ostringstream out;
  {
    JsonWriter json(out);
    json.begin_object();
    json.field("version", 1);
    json.key("tool");
    json.begin_object();
    json.field("name", "sitemaplint");
    json.field("negative", -42);
    json.field("large", std::uint64_t{18446744073709551615u});
    json.end_object();
    json.key("files");
    json.begin_array();
    json.begin_object();
    json.field("path", "a.xml");
    json.key("authority");
    json.begin_array();
    json.string("Google");
    json.string("sitemaps.org");
    json.end_array();
    json.field("exceeded", true);
    json.end_object();
    json.begin_array();
    json.number(7);
    json.boolean(false);
    json.end_array();
    json.end_array();
    json.end_object();
  }
  const std::string expected =
      "{\n"
      "  \"version\": 1,\n"
      "  \"tool\": {\n"
      "    \"name\": \"sitemaplint\",\n"
      "    \"negative\": -42,\n"
      "    \"large\": 18446744073709551615\n"
      "  },\n"
      "  \"files\": [\n"
      "    {\n"
      "      \"path\": \"a.xml\",\n"
      "      \"authority\": [\n"
      "        \"Google\",\n"
      "        \"sitemaps.org\"\n"
      "      ],\n"
      "      \"exceeded\": true\n"
      "    },\n"
      "    [\n"
      "      7,\n"
      "      false\n"
      "    ]\n"
      "  ]\n"
      "}";
  CHECK(out.str() == expected);
  nlohmann::ordered_json same;
  same["version"] = 1;
  same["tool"] = {{"name", "sitemaplint"}, {"negative", -42}, {"large", std::uint64_t{18446744073709551615u}}};
  same["files"] =
      nlohmann::ordered_json::array({{{"path", "a.xml"}, {"authority", {"Google", "sitemaps.org"}}, {"exceeded", true}},
                                     nlohmann::ordered_json::array({7, false})});
  CHECK(nlohmann_dump(same) == expected);
}

TEST_CASE("json writer: empty containers are [] and {}, at any depth") {
  std::ostringstream out;
  {
    JsonWriter json(out);
    json.begin_object();
    json.key("diagnostics");
    json.begin_array();
    json.end_array();
    json.key("related");
    json.begin_object();
    json.end_object();
    json.key("list");
    json.begin_array();
    json.begin_array();
    json.end_array();
    json.begin_object();
    json.end_object();
    json.end_array();
    json.end_object();
  }
  CHECK(out.str() ==
        "{\n"
        "  \"diagnostics\": [],\n"
        "  \"related\": {},\n"
        "  \"list\": [\n"
        "    [],\n"
        "    {}\n"
        "  ]\n"
        "}");

  std::ostringstream empty;
  {
    JsonWriter json(empty);
    json.begin_array();
    json.end_array();
  }
  CHECK(empty.str() == "[]");
}

TEST_CASE("json writer: a top-level scalar stands alone") {
  std::ostringstream out;
  {
    JsonWriter json(out);
    json.number(std::size_t{0});
  }
  CHECK(out.str() == "0");
}

TEST_CASE("json writer: every escape, in keys and values") {
  CHECK(streamed_string("quote \" backslash \\ slash /") == R"("quote \" backslash \\ slash /")");
  CHECK(streamed_string("\b\f\n\r\t") == R"("\b\f\n\r\t")");
  // The other control characters as \u00xx with lowercase hex digits; DEL needs no escape.
  CHECK(streamed_string(std::string("\0\x01\x1b\x1f\x7f", 5)) == "\"\\u0000\\u0001\\u001b\\u001f\x7f\"");
  std::ostringstream out;
  {
    JsonWriter json(out);
    json.begin_object();
    json.field(std::string_view("a\"b\n"), "\x0b");  // a name that is not a literal is escaped
    json.end_object();
  }
  CHECK(out.str() == "{\n  \"a\\\"b\\n\": \"\\u000b\"\n}");
}

TEST_CASE("json writer: well-formed non-ASCII is written as it is") {
  const std::string text = "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xEF\xBF\xBE \xC2\x85";  // é € 😀 U+FFFE NEL
  CHECK(streamed_string(text) == "\"" + text + "\"");
}

TEST_CASE("json writer: ill-formed UTF-8 becomes U+FFFD, one per maximal subpart") {
  const std::string fffd = "\xEF\xBF\xBD";
  struct Case {
    std::string what;
    std::string in;
    std::string out;
  };
  const Case cases[] = {
      {"a truncated sequence at the end", "ab\xE2\x82", "ab" + fffd},
      {"a truncated sequence before ASCII", "\xF0\x9F\x98z", fffd + "z"},
      {"a lone continuation byte", "a\x80z", "a" + fffd + "z"},
      {"two continuation bytes", "\xBF\xBF", fffd + fffd},
      {"an overlong form of '/'", "\xC0\xAF", fffd + fffd},
      {"an overlong three-byte form", "\xE0\x80\xAF", fffd + fffd + fffd},
      {"an encoded surrogate", "\xED\xA0\x80", fffd + fffd + fffd},
      {"beyond U+10FFFF", "\xF4\x90\x80\x80", fffd + fffd + fffd + fffd},
      {"a byte never in UTF-8", "\xFF", fffd},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const std::string written = streamed_string(c.in);
    CHECK(written == "\"" + c.out + "\"");
    CHECK(written == nlohmann_dump(c.in));
    const auto parsed = nlohmann::json::parse(written, nullptr, false);
    REQUIRE(parsed.is_string());
    CHECK(parsed.get<std::string>() == c.out);
  }
  // What follows the ill-formed bytes is still escaped.
  CHECK(streamed_string("\xE2\"") == "\"" + fffd + "\\\"\"");
  CHECK(streamed_string("\xE2\"") == nlohmann_dump("\xE2\""));
}

TEST_CASE("json writer: random bytes come out as nlohmann writes them, and parse") {
  // Plain letters between bytes drawn from the interesting ones (controls, quotes, lead and
  // continuation bytes), so that every kind of ill-formed sequence turns up, at every place in the
  // 8-byte words the writer checks at once (every other round has them sparse, so that
  // long plain runs with one byte in them turn up too).
  const unsigned char pool[] = {' ',  '"',  '\\', '/',  0x00, 0x09, 0x0A, 0x1F, 0x20, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                                0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF};
  std::mt19937 random(20240501);
  std::uniform_int_distribution<std::size_t> pick(0, sizeof pool - 1), length(0, 80), letter(0, 25), odds(0, 3),
      sparse_odds(0, 40);
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    for (std::size_t n = length(random); n > 0; --n) {
      const bool interesting = round % 2 == 0 ? odds(random) == 0 : sparse_odds(random) == 0;
      text += interesting ? static_cast<char>(pool[pick(random)]) : static_cast<char>('a' + letter(random));
    }
    const std::string written = streamed_string(text);
    CAPTURE(nlohmann::json(text).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace));
    REQUIRE(written == nlohmann_dump(text));
    REQUIRE(!nlohmann::json::parse(written, nullptr, false).is_discarded());
  }
}

TEST_CASE("json writer: indentation deeper than the reports go") {
  std::ostringstream out;
  nlohmann::ordered_json same = "bottom";
  {
    JsonWriter json(out);
    for (int depth = 0; depth < 45; ++depth) {
      json.begin_array();
      json.begin_object();
      json.key("level");
    }
    json.string("bottom");
    for (int depth = 0; depth < 45; ++depth) {
      json.end_object();
      json.end_array();
      same = nlohmann::ordered_json::array({{{"level", same}}});
    }
  }
  CHECK(out.str() == nlohmann_dump(same));
  // 90 open containers: 180 spaces, past the 64 the writer copies at once.
  CHECK(out.str().find("\n" + std::string(180, ' ') + "\"level\": \"bottom\"\n") != std::string::npos);
}

TEST_CASE("json writer: output larger than its buffer arrives whole and in order") {
  const std::string long_text(200 * 1024, 'x');
  std::ostringstream out;
  {
    JsonWriter json(out);
    json.begin_array();
    for (int i = 0; i < 20000; ++i) json.string("finding");
    json.string(long_text);
    json.end_array();
  }
  nlohmann::ordered_json same = nlohmann::ordered_json::array();
  for (int i = 0; i < 20000; ++i) same.push_back("finding");
  same.push_back(long_text);
  CHECK(out.str() == nlohmann_dump(same));
}

TEST_CASE("json writer: a stencil is written as its first writing was, also after a flush inside it") {
  const std::string large(70 * 1024, 'x');  // more than the writer's buffer: it flushes inside the value
  for (const std::string& text : {std::string("a"), large}) {
    const auto write_value = [&](JsonWriter& json) {
      json.begin_object();
      json.field("uri", text);
      json.key("list");
      json.begin_array();
      json.number(1);
      json.end_array();
      json.end_object();
    };
    std::ostringstream plain, stenciled;
    {
      JsonWriter json(plain);
      json.begin_array();
      for (int i = 0; i < 3; ++i) write_value(json);
      json.end_array();
      json.begin_object();
      json.key("last");
      write_value(json);
      json.end_object();
    }
    {
      JsonWriter json(stenciled);
      JsonWriter::Stencil in_array;
      json.begin_array();
      for (int i = 0; i < 3; ++i) json.stencil(in_array, [&] { write_value(json); });
      json.end_array();
      json.begin_object();
      json.key("last");
      json.stencil(in_array, [&] { write_value(json); });  // elsewhere: written again
      json.end_object();
    }
    CHECK(stenciled.str() == plain.str());
  }
}

// A result's shape, as the reports write it: stencils that open containers and leave them open,
// close ones they did not open, and end on a key whose value follows.
void write_results(JsonWriter& json, int count, JsonWriter::Stencil* open, JsonWriter::Stencil* middle,
                   JsonWriter::Stencil* close) {
  const auto through = [&](JsonWriter::Stencil* stencil, auto&& write) {
    if (stencil) json.stencil(*stencil, write);
    else write();
  };
  json.begin_object();
  json.key("results");
  json.begin_array();
  for (int i = 0; i < count; ++i) {
    through(open, [&] {
      json.begin_object();
      json.key("message");
      json.begin_object();
      json.key("text");
    });
    json.string("finding " + std::to_string(i));
    through(middle, [&] {
      json.end_object();
      json.key("region");
      json.begin_array();
    });
    for (int j = 0; j < i % 3; ++j) json.number(j);  // an empty array once in three
    through(close, [&] {
      json.end_array();
      json.end_object();
    });
  }
  json.end_array();
  json.field("after", true);
  json.end_object();
}

TEST_CASE("json writer: stencils that open and close containers around values write what the calls write") {
  for (int count : {0, 1, 2, 7}) {
    CAPTURE(count);
    std::ostringstream calls, stenciled;
    {
      JsonWriter json(calls);
      write_results(json, count, nullptr, nullptr, nullptr);
    }
    {
      JsonWriter json(stenciled);
      JsonWriter::Stencil open, middle, close;
      write_results(json, count, &open, &middle, &close);
    }
    CHECK(stenciled.str() == calls.str());
    CHECK(nlohmann::ordered_json::parse(stenciled.str())["results"].size() == static_cast<std::size_t>(count));
  }
}
