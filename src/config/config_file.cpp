#include "config/config_file.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <toml++/toml.h>

#include "pages/host_rules.h"
#include "run/memory_limit.h"
#include "analysis/edit_distance.h"
#include "analysis/message_text.h"
#include "config/config_keys.h"
#include "config/path_glob.h"
#include "config/toml_depth.h"
#include "config/config_extend.h"
#include "config/toml_errors.h"
#include "load/fetch.h"
#include "load/open_file.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

// A sitemaplint.toml is a few lines; past this, it is not one.
constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

// A table's entries in the order the file wrote them (toml++ keeps them sorted by key), so the
// first problem reported is the first in the file and a later line wins over an earlier one.
std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(const toml::table& table) {
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (auto&& [key, node] : table) entries.emplace_back(&key, &node);
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    const auto& x = a.first->source().begin;
    const auto& y = b.first->source().begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  return entries;
}

// Reads one parsed document into a ConfigFile, stopping at the first problem with its position.
class ConfigReader {
 public:
  ConfigReader(const fs::path& path, const fs::path& directory, std::string* error)
      : path_(path), directory_(directory), error_(error) {}

  bool read(const toml::table& document, ConfigFile* out) {
    for (const auto& [key_pointer, node_pointer] : in_file_order(document)) {
      const toml::key& key = *key_pointer;
      const toml::node& node = *node_pointer;
      if (!known(key, kTopLevelConfigKeys, "")) return false;
      const std::string_view name = key.str();
      if (name == "overrides") {
        if (!read_overrides(node, out)) return false;
      } else if (name == "exclude") {
        if (!read_globs("exclude", node, &out->exclude)) return false;
      } else if (name == "root") {
        const auto text = node.value<std::string>();
        if (!node.is_string() || text->empty())
          return fail(node.source(), "'root' must be a directory path (a string)");
        out->root = inside_config_directory("root", *text, node, &out->root_refused);
      } else if (name == "robots") {
        if (!read_robots(node, out)) return false;
      } else if (name == "pages") {
        if (node.is_string() && *node.value<std::string>() == "live") {
          out->pages = true;
          out->pages_live = true;
        } else if (!node.is_boolean()) {
          return fail(node.source(), "'pages' must be true, false or \"live\"");
        } else {
          out->pages = *node.value<bool>();
        }
      } else if (name == "extend") {
        const auto text = node.value<std::string>();
        if (!node.is_string() || text->empty() || !text->ends_with(".toml"))
          return fail(node.source(), "'extend' must name another sitemaplint config, a path ending in .toml");
        out->extend = (path_.parent_path() / *text).lexically_normal();
      } else if (name == "coverage") {
        if (!node.is_boolean()) return fail(node.source(), "'coverage' must be true or false");
        out->coverage = *node.value<bool>();
      } else if (name == "rate") {
        const std::optional<double> rate = node.value<double>();
        if (!(node.is_number()) || !rate || !(*rate >= 0.01 && *rate <= 1000))
          return fail(node.source(), "'rate' must be a number of requests a second per host, from 0.01 to 1000");
        out->rate = *rate;
      } else if (name == "user-agent") {
        const auto text = node.value<std::string>();
        if (!node.is_string() || !is_valid_user_agent(*text))
          return fail(node.source(), "'user-agent' must be the User-Agent of live page fetches, one line of text");
        out->user_agent = *text;
      } else if (name == "max-urls" || name == "sample") {
        const auto number = node.value<std::int64_t>();
        if (!node.is_integer() || *number < 1 || *number > 100'000'000)
          return fail(node.source(), "'" + std::string(name) + "' must be a whole number from 1 to 100000000");
        (name == "sample" ? out->sample : out->max_urls) = static_cast<std::size_t>(*number);
      } else if (name == "cache") {
        const auto text = node.value<std::string>();
        if (!node.is_string() || text->empty())
          return fail(node.source(), "'cache' must be a directory path (a string)");
        out->cache = inside_config_directory("cache", *text, node, &out->cache_refused);
      } else if (name == "memory-limit") {
        const auto text = node.value<std::string>();
        if (!node.is_string() || !parse_memory_limit(*text))
          return fail(node.source(), "'memory-limit' must be a size such as \"256MiB\" or \"2G\", or \"none\"");
        out->memory_limit = *text;
      } else if (name == "host") {
        const auto text = node.value<std::string>();
        if (!node.is_string() || !host_kind_named(*text)) {
          return fail(node.source(), "'host' must be one of " + host_name_list());
        }
        out->host = *text;
      } else if (name == "max-warnings") {
        const auto number = node.value<std::int64_t>();
        if (!node.is_integer() || *number < 0 || *number > 1'000'000'000) {
          return fail(node.source(), "'max-warnings' must be a whole number from 0 to 1000000000");
        }
        out->max_warnings = static_cast<int>(*number);
      } else if (name == "min-severity") {
        const auto text = node.value<std::string>();
        out->min_severity = node.is_string() ? parse_severity(*text) : std::nullopt;
        if (!node.is_string()) return fail(node.source(), "'min-severity' must be \"error\", \"warning\" or \"info\"");
        if (!out->min_severity) return fail(node.source(), "'min-severity': " + unknown_severity_message(*text));
      } else if (name == "profile") {
        if (!read_profile("profile", node, &out->profile)) return false;
      } else if (!read_shared(name, node, &out->rules, &out->location, "")) {
        return false;
      }
    }
    return true;
  }

 private:
  // Keys a top-level table and an override share: select, ignore, severity, base-url.
  bool read_shared(std::string_view name, const toml::node& node, RuleLayer* rules,
                   std::optional<SitemapLocation>* location, std::string_view context) {
    const std::string key = std::string(context) + std::string(name);
    if (name == "select") {
      rules->select.emplace();
      if (!read_rules(key, node, &*rules->select)) return false;
      if (rules->select->empty()) {
        return fail(node.source(), "'" + key + "' is empty, so no rule would run; leave it out to run every rule");
      }
      return true;
    }
    if (name == "ignore") return read_rules(key, node, &rules->ignore);
    if (name == "severity") return read_severities(key, node, &rules->severity);
    // base-url
    const auto text = node.value<std::string>();
    if (!node.is_string()) return fail(node.source(), "'" + key + "' must be a URL string");
    std::string why;
    *location = parse_sitemap_location(*text, &why);
    if (!*location) return fail(node.source(), "'" + key + "': " + why);
    return true;
  }

  bool read_profile(const std::string& key, const toml::node& node, const RuleProfile** out) {
    const auto name = node.value<std::string>();
    if (!node.is_string())
      return fail(node.source(), "'" + key + "' must be a profile name (a string), e.g. \"google\"");
    *out = find_rule_profile(*name);
    if (!*out) return fail(node.source(), "'" + key + "': " + unknown_profile_message(*name));
    return true;
  }

  // robots: a URL is fetched as given; a file is relative to the config file, as root is.
  bool read_robots(const toml::node& node, ConfigFile* out) {
    const auto text = node.value<std::string>();
    if (!node.is_string() || text->empty()) {
      return fail(node.source(), "'robots' must be the path or http(s) URL of a robots.txt (a string)");
    }
    if (text->find("://") == std::string::npos) {
      out->robots = inside_config_directory("robots", *text, node, &out->robots_refused);
      return true;
    }
    std::string why;
    if (!parse_sitemap_location(*text, &why)) return fail(node.source(), "'robots': " + why);
    out->robots = *text;
    return true;
  }

  // A path the config names (root, robots), made absolute, if it stays inside the config file's
  // directory: lexically (an absolute path elsewhere, '..' above it) and through symbolic links
  // (as far as the path exists: root may not be built yet). Else nullopt, with *refused the error
  // that using it is: a config arrives with a pull request and runs in CI, where robots =
  // "/proc/self/environ" would print the environment's secrets as findings. The command line
  // (--root, --robots) wins over it and is not confined.
  std::optional<std::string> inside_config_directory(const std::string& key, const std::string& text,
                                                     const toml::node& node, std::optional<std::string>* refused) {
    const fs::path& directory = directory_;
    const fs::path joined = (directory / text).lexically_normal();  // an absolute path replaces the directory
    const auto outside = [](const fs::path& relative) { return relative.empty() || *relative.begin() == ".."; };
    std::string why;
    if (outside(joined.lexically_relative(directory))) {
      why = fs::path(text).is_absolute() ? "an absolute path outside it" : "a path that leads out of it ('..')";
    } else {
      std::error_code ec;
      const fs::path real_directory = fs::weakly_canonical(directory, ec);
      const fs::path real = ec ? fs::path() : fs::weakly_canonical(joined, ec);
      if (ec) why = "a path that cannot be resolved (" + ec.message() + ")";
      else if (outside(real.lexically_relative(real_directory))) why = "a path that a symbolic link takes out of it";
    }
    if (why.empty()) return as_run_names_it(joined);
    const auto& where = node.source().begin;
    *refused = path_.string() + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": '" + key +
               "' must name a path inside the config file's directory (" + directory.string() + "), not " + why +
               ": '" + text + "'; give --" + key + " on the command line for a path elsewhere";
    return std::nullopt;
  }

  // A path under the current directory relative to it, as the user would write it on the command
  // line: findings in the file name it so, and a CI annotation (GitHub's file=) attaches only to a
  // path relative to the workspace.
  static std::string as_run_names_it(const fs::path& path) {
    std::error_code ec;
    const fs::path current = fs::current_path(ec);
    if (ec || !path.is_absolute()) return path.string();
    const fs::path relative = path.lexically_relative(current);
    if (relative.empty() || *relative.begin() == "..") return path.string();
    return relative.string();
  }

  bool read_globs(const std::string& key, const toml::node& node, std::vector<std::string>* out) {
    const toml::array* globs = node.as_array();
    if (!globs || globs->empty()) {
      return fail(node.source(), "'" + key + "' must be a non-empty array of globs, e.g. [\"news/*.xml\"]");
    }
    for (const toml::node& glob : *globs) {
      const auto text = glob.value<std::string>();
      if (!glob.is_string() || text->empty())
        return fail(glob.source(), "'" + key + "' must list globs as non-empty strings");
      if (const std::string problem = glob_problem(*text); !problem.empty()) {
        return fail(glob.source(), "'" + key + "': " + problem + ": '" + *text + "'");
      }
      out->push_back(*text);
    }
    return true;
  }

  bool read_rules(const std::string& key, const toml::node& node, std::vector<const RuleInfo*>* out) {
    const toml::array* words = node.as_array();
    if (!words) {
      return fail(node.source(),
                  "'" + key + "' must be an array of rule codes or names, e.g. [\"SM403\", \"priority-uniform\"]");
    }
    for (const toml::node& word : *words) {
      const auto text = word.value<std::string>();
      if (!word.is_string()) return fail(word.source(), "'" + key + "' must list rule codes or names as strings");
      std::string why;
      if (!resolve_rule_words({*text}, out, &why)) return fail(word.source(), "'" + key + "': " + why);
    }
    return true;
  }

  bool read_severities(const std::string& key, const toml::node& node,
                       std::vector<std::pair<const RuleInfo*, Severity>>* out) {
    const toml::table* table = node.as_table();
    if (!table)
      return fail(node.source(), "'" + key + "' must be a table of RULE = \"error\" | \"warning\" | \"info\"");
    for (const auto& [rule_key_pointer, level_pointer] : in_file_order(*table)) {
      const toml::key& rule_key = *rule_key_pointer;
      const toml::node& level_node = *level_pointer;
      const RuleInfo* rule = find_rule(rule_key.str());
      if (!rule) return fail(rule_key.source(), "'" + key + "': " + unknown_rule_message(rule_key.str()));
      const auto text = level_node.value<std::string>();
      const auto level = level_node.is_string() ? parse_severity(*text) : std::nullopt;
      if (!level) {
        const std::string where = "'" + key + "." + std::string(rule_key.str()) + "'";
        if (!level_node.is_string())
          return fail(level_node.source(), where + " must be \"error\", \"warning\" or \"info\"");
        return fail(level_node.source(), where + ": " + unknown_severity_message(*text));
      }
      out->emplace_back(rule, *level);
    }
    return true;
  }

  bool read_overrides(const toml::node& node, ConfigFile* out) {
    const toml::array* tables = node.as_array();
    if (!tables || !tables->is_array_of_tables()) {
      return fail(node.source(), "'overrides' must be an array of tables: write each as [[overrides]]");
    }
    for (const toml::node& element : *tables) {
      const toml::table& table = *element.as_table();
      const std::string context = "overrides[" + std::to_string(out->overrides.size()) + "].";
      ConfigOverride entry;
      entry.file = path_;
      bool has_files = false;
      for (const auto& [key_pointer, value_pointer] : in_file_order(table)) {
        const toml::key& key = *key_pointer;
        const toml::node& value = *value_pointer;
        for (std::string_view whole_run :
             {"root", "max-warnings", "min-severity", "exclude", "robots", "pages", "host", "coverage", "rate",
              "user-agent", "max-urls", "sample", "cache", "memory-limit"}) {
          if (key.str() == whole_run) {
            return fail(key.source(), "'" + context + std::string(whole_run) + "': '" + std::string(whole_run) +
                                          "' concerns the whole run; set it at the top level, not in [[overrides]]");
          }
        }
        if (!known(key, kOverrideConfigKeys, context)) return false;
        if (key.str() == "profile") {
          if (!read_profile(context + "profile", value, &entry.profile)) return false;
          continue;
        }
        if (key.str() != "files") {
          if (!read_shared(key.str(), value, &entry.rules, &entry.location, context)) return false;
          continue;
        }
        has_files = true;
        if (!read_globs(context + "files", value, &entry.files)) return false;
      }
      if (!has_files) {
        return fail(table.source(), "an [[overrides]] table needs 'files', the globs of the files it applies to");
      }
      out->overrides.push_back(std::move(entry));
    }
    return true;
  }

  template <std::size_t N>
  bool known(const toml::key& key, const std::array<std::string_view, N>& keys, std::string_view context) {
    for (std::string_view candidate : keys) {
      if (key.str() == candidate) return true;
    }
    std::string message = "unknown key '" + std::string(context) + std::string(key.str()) + "'";
    std::string_view best;
    std::size_t best_distance = 3;
    for (std::string_view candidate : keys) {
      const std::size_t d = edit_distance(key.str(), candidate);
      if (d < best_distance) {
        best_distance = d;
        best = candidate;
      }
    }
    message += did_you_mean(best);
    return fail(key.source(), message + " (known keys: " + join(keys) + ")");
  }

  template <std::size_t N>
  static std::string join(const std::array<std::string_view, N>& keys) {
    std::string out;
    for (std::string_view key : keys) out += (out.empty() ? "" : ", ") + std::string(key);
    return out;
  }

  bool fail(const toml::source_region& where, const std::string& message) {
    *error_ = path_.string() + ":" + std::to_string(where.begin.line) + ":" + std::to_string(where.begin.column) +
              ": " + message;
    return false;
  }

  fs::path path_;
  fs::path directory_;  // where relative paths start: the file's own, or the extending file's
  std::string* error_;
};

}  // namespace

bool parse_config(std::string_view text, const fs::path& path, ConfigFile* out, std::string* error,
                  const fs::path& relative_to) {
  *out = ConfigFile{};
  out->path = path;
  const fs::path directory = relative_to.empty() ? path.parent_path() : relative_to;
  out->glob_base = directory;
  // toml++ would build (and free) a tree this deep recursively: a stack overflow.
  if (const auto deep = toml_too_deep_at(text)) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < *deep; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {  // a character, not its continuation bytes
        ++column;
      }
    }
    *error = path.string() + ":" + std::to_string(line) + ":" + std::to_string(column) +
             ": tables and arrays are nested more than " + std::to_string(kMaxTomlDepth) +
             " levels deep here (dotted keys, table headers, arrays and inline tables each count)";
    return false;
  }
  toml::table document;
  try {
    document = toml::parse(text, path.string());
  } catch (const toml::parse_error& e) {
    const std::size_t line = e.source().begin.line, column = e.source().begin.column;
    *error = path.string() + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
             toml_error_in_words(e.description(), text, line, column);
    return false;
  }
  return ConfigReader(path, directory, error).read(document, out);
}

namespace {

// Reads the config file at `path` into *text; false with *error naming it when it cannot be.
bool read_config_file(const fs::path& path, const fs::path& absolute, std::string* text, std::string* error) {
  std::error_code ec;
  // Only a regular file: a directory cannot be read and a FIFO would block the run.
  const fs::file_status status = fs::status(absolute, ec);
  std::string why;
  if (!fs::exists(status)) {
    why = fs::is_symlink(fs::symlink_status(absolute, ec)) ? "it is a symbolic link to nothing" : "no such file";
  } else if (fs::is_directory(status)) {
    why = "it is a directory";
  } else if (!fs::is_regular_file(status)) {
    why = "it is not a regular file";
  }
  // Read as it is when opened (not what the checks above saw): a regular file outside /proc, /sys
  // and /dev, and a config's size.
  if (why.empty() && !read_regular_file(absolute.string(), kMaxConfigBytes, text, &why)) why = "it " + why;
  if (!why.empty()) {
    *error = path.string() + ": cannot read the config file: " + why;
    return false;
  }
  return true;
}

// Files a config may extend, one through the next.
constexpr std::size_t kMaxExtendDepth = 8;

}  // namespace

bool load_config(const fs::path& path, ConfigFile* out, std::string* error) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec).lexically_normal();
  std::string text;
  if (!read_config_file(path, absolute, &text, error) || !parse_config(text, absolute, out, error)) return false;
  // The files it extends, nearest first, each read as if written here (paths and globs).
  std::vector<ConfigFile> chain;
  std::vector<fs::path> seen = {fs::weakly_canonical(absolute, ec)};
  for (const ConfigFile* last = out; last->extend;) {
    const fs::path next = *last->extend;
    const fs::path real = fs::weakly_canonical(next, ec);
    if (std::find(seen.begin(), seen.end(), real) != seen.end()) {
      *error = last->path.string() + ": 'extend' leads back to " + next.string() + ", which extends it";
      return false;
    }
    if (chain.size() == kMaxExtendDepth) {
      *error =
          absolute.string() + ": extends more than " + std::to_string(kMaxExtendDepth) + " files, one through the next";
      return false;
    }
    seen.push_back(real);
    ConfigFile base;
    if (!read_config_file(next, next, &text, error) || !parse_config(text, next, &base, error, absolute.parent_path()))
      return false;
    chain.push_back(std::move(base));
    last = &chain.back();
  }
  // The farthest first: each nearer file takes what it leaves unset from the one it extends.
  for (std::size_t i = chain.size(); i-- > 0;) {
    out->extended.insert(out->extended.begin(), chain[i].path);
    if (i + 1 < chain.size()) inherit_from(chain[i + 1], &chain[i]);
  }
  if (!chain.empty()) inherit_from(chain.front(), out);
  // What only a build has, set beside pages = "live", would be passed over in silence.
  if (out->pages_live && (out->host || out->coverage.value_or(false))) {
    const std::string_view key = out->host ? "host" : "coverage";
    *error = out->origin_of(key).string() + ": '" + std::string(key) + "' " +
             (out->host ? kHostLiveWhy : kCoverageLiveWhy) + "; with pages = \"live\" give it no '" + std::string(key) +
             "'";
    return false;
  }
  return true;
}

std::optional<fs::path> find_config(const fs::path& directory) {
  std::error_code ec;
  fs::path here = fs::absolute(directory, ec).lexically_normal();
  if (ec) return std::nullopt;
  while (true) {
    const fs::path candidate = here / kConfigFileName;
    // Anything by that name counts, so a broken link or a folder is reported, not passed over.
    if (fs::exists(fs::symlink_status(candidate, ec))) return candidate;
    if (!here.has_relative_path()) return std::nullopt;  // reached "/"
    here = here.parent_path();
  }
}

}  // namespace sitemaplint
