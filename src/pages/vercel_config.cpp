#include "pages/vercel_config.h"

#include <map>

#include <nlohmann/json.hpp>

namespace sitemaplint {
namespace {

using nlohmann::json;

// Nesting deeper than this is no vercel.json: refused before it is parsed.
constexpr std::size_t kMaxDepth = 32;

// The line of each value of `text` by its JSON pointer ("/redirects/0"), down to `max_depth`
// levels, from one scan of the text as JSON is written; `depth` gets the deepest nesting. Text
// that is not JSON gives lines that mean nothing, and no harm.
std::map<std::string, std::size_t> value_lines(std::string_view text, std::size_t max_depth, std::size_t* depth) {
  struct Frame {
    bool object = false;
    std::size_t index = 0;
    std::string key;
    bool awaiting_key = false;
  };
  std::map<std::string, std::size_t> lines;
  std::vector<Frame> stack;
  std::size_t line = 1;
  *depth = 0;
  const auto record = [&] {
    if (stack.size() > max_depth) return;
    std::string pointer;
    for (const Frame& f : stack) pointer += "/" + (f.object ? f.key : std::to_string(f.index));
    lines.emplace(std::move(pointer), line);
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == '"') {
      std::string s;
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) ++i;
        if (text[i] == '\n') ++line;
        s += text[i];
      }
      ++i;
      if (!stack.empty() && stack.back().object && stack.back().awaiting_key) {
        stack.back().key = std::move(s);
        stack.back().awaiting_key = false;
      } else {
        record();
      }
    } else if (c == '{' || c == '[') {
      record();
      stack.push_back({c == '{', 0, {}, c == '{'});
      *depth = std::max(*depth, stack.size());
      if (stack.size() > kMaxDepth) return lines;
      ++i;
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
      ++i;
    } else if (c == ',') {
      if (!stack.empty()) {
        if (stack.back().object) stack.back().awaiting_key = true;
        else ++stack.back().index;
      }
      ++i;
    } else if (c == ':' || c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else {  // a number, true, false or null
      record();
      while (i < text.size() && std::string_view(",]} \t\r\n").find(text[i]) == std::string_view::npos) ++i;
    }
  }
  return lines;
}

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  VercelFile read() {
    std::size_t depth = 0;
    lines_ = value_lines(text_, 4, &depth);
    if (depth > kMaxDepth) {
      problem("vercel.json: nested " + std::to_string(kMaxDepth) + " levels deep or more; not read");
      return std::move(out_);
    }
    json root;
    try {
      root = json::parse(text_);
    } catch (const json::parse_error& e) {
      problem("vercel.json: not JSON (" + position(e.byte) + "); Vercel would not deploy it, and it is not read");
      return std::move(out_);
    } catch (const json::exception&) {
      problem("vercel.json: not JSON; Vercel would not deploy it, and it is not read");
      return std::move(out_);
    }
    if (!root.is_object()) {
      problem("vercel.json: not a JSON object; not read");
      return std::move(out_);
    }
    VercelConfig& config = out_.config;
    if (const auto clean = flag(root, "cleanUrls")) {
      config.clean_urls = *clean;
      config.clean_urls_where = where("/cleanUrls");
    }
    if (const auto slash = flag(root, "trailingSlash")) {
      config.trailing_slash = *slash;
      config.trailing_slash_where = where("/trailingSlash");
    }
    routes(root, "redirects", config.redirects, true);
    routes(root, "rewrites", config.rewrites, false);
    headers(root);
    return std::move(out_);
  }

 private:
  // "line 3, column 7" of the byte `at` (1-based, as nlohmann counts), for parse errors.
  std::string position(std::size_t at) const {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i + 1 < at && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
  }

  std::string where(const std::string& pointer) const {
    const auto found = lines_.find(pointer);
    return found == lines_.end() ? "vercel.json" : "vercel.json line " + std::to_string(found->second);
  }

  void problem(std::string text) { out_.problems.push_back(std::move(text)); }

  std::optional<bool> flag(const json& root, const char* key) {
    const auto found = root.find(key);
    if (found == root.end() || found->is_null()) return std::nullopt;
    if (!found->is_boolean()) {
      problem(where(std::string("/") + key) + ": " + key + " must be true or false; left out");
      return std::nullopt;
    }
    return found->get<bool>();
  }

  // The source of `item` (at `pointer`) as a pattern; nullopt, with a problem, when it is none.
  std::optional<PathPattern> source_of(const json& item, const std::string& pointer) {
    const auto source = item.find("source");
    if (source == item.end() || !source->is_string() || !source->get_ref<const std::string&>().starts_with('/')) {
      problem(where(pointer) + ": a rule needs a \"source\" path beginning with '/'; left out");
      return std::nullopt;
    }
    const std::string& text = source->get_ref<const std::string&>();
    std::optional<PathPattern> pattern = vercel_source_pattern(text);
    if (!pattern) {
      problem(where(pointer) + ": the source '" + text +
              "' holds a regular expression beyond \":name\", \":name*\" and \"(.*)\", which is not read; left out");
    }
    return pattern;
  }

  static bool conditional(const json& item) { return item.contains("has") || item.contains("missing"); }

  // An array of rules at `key`, or nothing; nullptr, with a problem, when `key` is something else.
  const json* array_at(const json& root, const char* key) {
    const auto found = root.find(key);
    if (found == root.end() || found->is_null()) return nullptr;
    if (!found->is_array()) {
      problem(where(std::string("/") + key) + ": " + key + " must be an array; left out");
      return nullptr;
    }
    return &*found;
  }

  void routes(const json& root, const char* key, std::vector<VercelRoute>& out, bool redirect) {
    const json* items = array_at(root, key);
    if (!items) return;
    for (std::size_t i = 0; i < items->size(); ++i) {
      const json& item = (*items)[i];
      const std::string pointer = std::string("/") + key + "/" + std::to_string(i);
      if (!item.is_object()) {
        problem(where(pointer) + ": a rule must be an object; left out");
        continue;
      }
      if (conditional(item)) continue;  // for some requests only
      std::optional<PathPattern> source = source_of(item, pointer);
      if (!source) continue;
      const auto destination = item.find("destination");
      if (destination == item.end() || !destination->is_string()) {
        problem(where(pointer) + ": a rule needs a \"destination\"; left out");
        continue;
      }
      int code = 0;
      if (redirect) {
        code = 308;
        const auto permanent = item.find("permanent");
        const auto status = item.find("statusCode");
        if (permanent != item.end() && permanent->is_boolean()) {
          code = permanent->get<bool>() ? 308 : 307;
        } else if (status != item.end()) {
          const int value = status->is_number_integer() ? status->get<int>() : 0;
          if (value != 301 && value != 302 && value != 303 && value != 307 && value != 308) {
            problem(where(pointer) + ": statusCode must be 301, 302, 303, 307 or 308; left out");
            continue;
          }
          code = value;
        }
      }
      out.push_back({std::move(*source), destination->get<std::string>(), code, where(pointer)});
    }
  }

  void headers(const json& root) {
    const json* items = array_at(root, "headers");
    if (!items) return;
    for (std::size_t i = 0; i < items->size(); ++i) {
      const json& item = (*items)[i];
      const std::string pointer = "/headers/" + std::to_string(i);
      if (!item.is_object()) {
        problem(where(pointer) + ": a rule must be an object; left out");
        continue;
      }
      if (conditional(item)) continue;
      std::optional<PathPattern> source = source_of(item, pointer);
      if (!source) continue;
      const auto list = item.find("headers");
      if (list == item.end() || !list->is_array()) {
        problem(where(pointer) + ": a rule needs \"headers\", an array of {\"key\", \"value\"}; left out");
        continue;
      }
      HeaderRule rule;
      rule.pattern = std::move(*source);
      for (std::size_t j = 0; j < list->size(); ++j) {
        const json& header = (*list)[j];
        const std::string at = pointer + "/headers/" + std::to_string(j);
        if (!header.is_object() || !header.contains("key") || !header.contains("value") || !header["key"].is_string() ||
            !header["value"].is_string()) {
          problem(where(at) + ": a header is {\"key\": \"...\", \"value\": \"...\"}; left out");
          continue;
        }
        rule.set.push_back({header["key"].get<std::string>(), header["value"].get<std::string>(), where(at)});
      }
      out_.config.headers.push_back(std::move(rule));
    }
  }

  std::string_view text_;
  std::map<std::string, std::size_t> lines_;
  VercelFile out_;
};

}  // namespace

VercelFile parse_vercel_json(std::string_view text) { return Reader(text).read(); }

}  // namespace sitemaplint
