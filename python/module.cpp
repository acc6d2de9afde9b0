// sitemaplint's Python module, sitemaplint._core: the library's public API (include/sitemaplint/)
// and nothing else, with the GIL released while a lint runs. python/sitemaplint/__init__.py is
// the package users import; _core.pyi describes this module for type checkers.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <sitemaplint/sitemaplint.h>

#include <algorithm>
#include <set>

#include "interruptible.h"

namespace py = pybind11;
namespace sl = sitemaplint::api;

namespace {

// The exceptions, made once at import: SettingsError is a ValueError too, InputError an OSError,
// so that code catching the built-in kinds catches them.
PyObject* error_type = nullptr;
PyObject* settings_error_type = nullptr;
PyObject* input_error_type = nullptr;
PyObject* stopped_type = nullptr;

[[noreturn]] void raise_settings_error(const std::string& message) { throw sl::SettingsError(message); }

std::string type_name(const py::handle& value) { return py::str(py::type::handle_of(value).attr("__name__")); }

std::string text_setting(const char* name, const py::handle& value) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  // Paths (pathlib.Path, any os.PathLike) are as good as strings.
  if (py::hasattr(value, "__fspath__")) {
    py::object path = value.attr("__fspath__")();
    if (py::isinstance<py::str>(path)) return path.cast<std::string>();
  }
  raise_settings_error(std::string(name) + ": expected a string, got " + type_name(value));
}

// A string ("SM101,SM102") or a list of them.
std::vector<std::string> words_setting(const char* name, const py::handle& value) {
  if (py::isinstance<py::str>(value)) return {value.cast<std::string>()};
  std::vector<std::string> words;
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value) || py::isinstance<py::set>(value)) {
    for (const py::handle item : value) {
      if (!py::isinstance<py::str>(item)) {
        raise_settings_error(std::string(name) + ": expected strings, got " + type_name(item));
      }
      words.push_back(item.cast<std::string>());
    }
    return words;
  }
  raise_settings_error(std::string(name) + ": expected a string or a list of strings, got " + type_name(value));
}

sl::Severity severity_setting(const std::string& name, const py::handle& value) {
  const std::string level = text_setting(name.c_str(), value);
  for (sl::Severity s : {sl::Severity::Info, sl::Severity::Warning, sl::Severity::Error}) {
    if (sl::severity_name(s) == level) return s;
  }
  std::string hint;
  for (const char* known : {"error", "warning", "info"}) {
    if (!level.empty() && std::string_view(known).starts_with(level))
      hint = std::string("; did you mean '") + known + "'?";
  }
  raise_settings_error(name + ": unknown level '" + level + "' (use error, warning or info" + hint + ")");
}

bool flag_setting(const char* name, const py::handle& value) {
  if (!py::isinstance<py::bool_>(value))
    raise_settings_error(std::string(name) + ": expected True or False, got " + type_name(value));
  return value.cast<bool>();
}

// A whole number from `least` to `most` (a bool is no number here).
std::uint64_t count_setting(const char* name, const py::handle& value, std::uint64_t least, std::uint64_t most) {
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value) ||
      value.cast<py::int_>() < py::int_(least) || value.cast<py::int_>() > py::int_(most)) {
    raise_settings_error(std::string(name) + ": expected a whole number from " + std::to_string(least) + " to " +
                         std::to_string(most) + ", got " + py::repr(value).cast<std::string>());
  }
  return value.cast<std::uint64_t>();
}

// The keyword arguments of lint(), lint_many() and Linter(), as the library's Settings.
sl::Settings settings_from(const py::kwargs& kwargs) {
  static const std::vector<std::string> kNames = {
      "profile", "select",   "ignore", "severities", "base_url",      "now",           "min_severity", "config",
      "root",    "robots",   "jobs",   "timeout",    "allowed_hosts", "html_overview", "pages",        "host",
      "rate",    "max_urls", "sample", "seed",       "user_agent",    "cache",         "pages_log"};
  sl::Settings settings;
  for (const auto& [key, value] : kwargs) {
    const std::string name = key.cast<std::string>();
    if (value.is_none()) continue;  // None: the default
    if (name == "profile") settings.profile = text_setting("profile", value);
    else if (name == "select") settings.select = words_setting("select", value);
    else if (name == "ignore") settings.ignore = words_setting("ignore", value);
    else if (name == "severities") {
      if (!py::isinstance<py::dict>(value)) {
        raise_settings_error("severities: expected a dict of rule to level, got " + type_name(value));
      }
      for (const auto& [rule, level] : value.cast<py::dict>()) {
        const std::string rule_name = text_setting("severities", rule);
        settings.severities.emplace_back(rule_name, severity_setting("severities[" + rule_name + "]", level));
      }
    } else if (name == "base_url") settings.base_url = text_setting("base_url", value);
    else if (name == "now") settings.now = text_setting("now", value);
    else if (name == "min_severity") settings.min_severity = severity_setting("min_severity", value);
    else if (name == "config") settings.config = text_setting("config", value);
    else if (name == "root") settings.root = text_setting("root", value);
    else if (name == "robots") settings.robots = text_setting("robots", value);
    else if (name == "jobs") {
      if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value) || value.cast<long long>() < 0 ||
          value.cast<long long>() > 1024) {
        raise_settings_error("jobs: expected a whole number from 0 (one per core) to 1024");
      }
      settings.jobs = value.cast<unsigned>();
    } else if (name == "timeout") {
      if ((!py::isinstance<py::float_>(value) && !py::isinstance<py::int_>(value)) ||
          py::isinstance<py::bool_>(value)) {
        raise_settings_error("timeout: expected seconds, got " + type_name(value));
      }
      settings.timeout_seconds = value.cast<double>();
      if (!(settings.timeout_seconds >= 0.1 && settings.timeout_seconds <= 3600)) {
        raise_settings_error("timeout: expected 0.1 to 3600 seconds, got " + py::repr(value).cast<std::string>());
      }
    } else if (name == "allowed_hosts") settings.allowed_hosts = words_setting("allowed_hosts", value);
    else if (name == "html_overview") settings.html_overview = flag_setting("html_overview", value);
    else if (name == "pages") settings.pages = flag_setting("pages", value);
    else if (name == "host") settings.host = text_setting("host", value);
    else if (name == "rate") {
      if ((!py::isinstance<py::float_>(value) && !py::isinstance<py::int_>(value)) || py::isinstance<py::bool_>(value))
        raise_settings_error("rate: expected requests a second, got " + type_name(value));
      settings.rate = value.cast<double>();
      // 0 is the library's "not set": given here, it is a rate, and out of range.
      if (!(settings.rate >= 0.01 && settings.rate <= 1000))
        raise_settings_error("rate: expected 0.01 to 1000 requests a second, got " +
                             py::repr(value).cast<std::string>());
    } else if (name == "max_urls") settings.max_urls = count_setting("max_urls", value, 1, 100'000'000);
    else if (name == "sample") settings.sample = count_setting("sample", value, 1, 100'000'000);
    else if (name == "seed") settings.seed = count_setting("seed", value, 0, UINT64_MAX);
    else if (name == "user_agent") {
      settings.user_agent = text_setting("user_agent", value);
      if (settings.user_agent.empty()) raise_settings_error("user_agent: expected one line of text, got ''");
    } else if (name == "cache") settings.cache = text_setting("cache", value);
    else if (name == "pages_log") settings.pages_log = text_setting("pages_log", value);
    else if (name == "coverage") settings.coverage = flag_setting("coverage", value);
    else {
      std::string known;
      for (const std::string& k : kNames) known += (known.empty() ? "" : ", ") + k;
      raise_settings_error("unknown setting '" + name + "' (the settings are " + known + ")");
    }
  }
  return settings;
}

// A value as plain Python: an object of this module as its to_dict(), a list item by item.
py::object plain(const py::handle& value) {
  if (py::hasattr(value, "to_dict")) return value.attr("to_dict")();
  if (py::isinstance<py::list>(value)) {
    py::list out;
    for (const py::handle item : value) out.append(plain(item));
    return out;
  }
  return py::reinterpret_borrow<py::object>(value);
}

// The to_dict() of a class: its fields by name, each as plain Python.
template <typename Class>
void def_to_dict(Class& cls, std::vector<const char*> fields) {
  cls.def("to_dict", [fields](const py::object& self) {
    py::dict d;
    for (const char* field : fields) d[field] = plain(self.attr(field));
    return d;
  });
}

// A __repr__ as "Name({...})": the to_dict() of the object.
template <typename Class>
void def_repr(Class& cls, std::string name) {
  cls.def("__repr__", [name](const py::object& self) {
    return name + "(" + py::repr(self.attr("to_dict")()).cast<std::string>() + ")";
  });
}

// Pickling (multiprocessing, concurrent.futures, Dask send findings between processes): the state is
// the tuple of the given members, read back into a new value.
template <typename T, typename... Member>
void def_pickle(py::class_<T>& cls, Member T::*... members) {
  cls.def(py::pickle([members...](const T& value) { return py::make_tuple(value.*members...); },
                     [members...](const py::tuple& state) {
                       if (state.size() != sizeof...(Member))
                         throw std::runtime_error("unpickling: a state of another shape");
                       T value;
                       std::size_t i = 0;
                       ((value.*members = state[i++].template cast<std::remove_cvref_t<decltype(value.*members)>>()),
                        ...);
                       return value;
                     }));
}

py::object text_or_none(const std::string& text) { return text.empty() ? py::object(py::none()) : py::str(text); }

// A run's result as Python holds it: each list made once, its items moved out of the C++ result.
// `run`: what its reports are written from, in the process that linted; `held`: reports written
// there (format -> text), which go with a pickled Result where `run` does not (lint_set's merge).
struct PyResult {
  py::list findings, files, input_errors;
  sl::Summary summary;
  py::object pages = py::none();  // with pages=True: the JSON report's "pages" counts, as a dict
  std::shared_ptr<const sl::RunReports> run;
  py::dict held;
};

// What the listed URLs led to, with the JSON report's names (the live statuses on the live site).
py::dict pages_dict(const sl::PagesSummary& p) {
  py::dict d;
  d["source"] = p.source;
  d["live"] = p.live;
  const std::pair<const char*, std::size_t> counts[] = {
      {"checked", p.checked},          {"served", p.served},
      {"missing", p.missing},          {"soft_404", p.soft_404},
      {"redirected", p.redirected},    {"refused", p.refused},
      {"noindex", p.noindex},          {"canonical_elsewhere", p.canonical_elsewhere},
      {"other_origin", p.other_origin}};
  for (const auto& [name, count] : counts) d[name] = count;
  if (p.live) {
    const std::pair<const char*, std::size_t> live[] = {{"failed", p.failed},
                                                        {"client_errors", p.client_errors},
                                                        {"server_errors", p.server_errors},
                                                        {"unreachable", p.unreachable},
                                                        {"other_statuses", p.other_statuses},
                                                        {"blocked_by_robots", p.blocked_by_robots},
                                                        {"robots_unreachable", p.robots_unreachable},
                                                        {"not_fetched", p.not_fetched}};
    for (const auto& [name, count] : live) d[name] = count;
    if (!p.not_fetched_because.empty()) d["not_fetched_because"] = p.not_fetched_because;
  }
  py::list unlisted;
  for (const auto& [url, file] : p.unlisted) {
    py::dict page;
    page["url"] = url;
    page["file"] = file;
    unlisted.append(page);
  }
  d["unlisted"] = unlisted;
  return d;
}

PyResult to_python(sl::Result result) {
  PyResult out;
  // Millions of findings (every URL of a large set listed twice) take seconds to become Python's:
  // Ctrl-C is heard while they do.
  std::size_t made = 0;
  for (sl::Finding& f : result.findings) {
    if (++made % 65536 == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
    out.findings.append(py::cast(std::move(f)));
  }
  for (sl::FileInfo& f : result.files) out.files.append(py::cast(std::move(f)));
  for (sl::InputError& e : result.input_errors) out.input_errors.append(py::cast(std::move(e)));
  out.summary = result.summary;
  if (result.pages) out.pages = pages_dict(*result.pages);
  out.run = std::move(result.run);
  return out;
}

// The report of `result` in `format`, as `sitemaplint --format FORMAT` writes it.
std::string report_of(const PyResult& result, const std::string& format) {
  if (!result.run) {
    if (result.held.contains(format)) return result.held[py::str(format)].cast<std::string>();
    const std::vector<std::string> formats = sl::report_formats();
    if (std::find(formats.begin(), formats.end(), format) == formats.end())
      sl::report(sl::Result{}, format);  // refused as the unknown format it is
    throw sl::Error("report: this Result came from another process without its run, holding " +
                    (result.held.empty() ? std::string("no report")
                                         : "the reports " + py::str(py::list(result.held)).cast<std::string>()) +
                    "; ask for the report where it is made (sitemaplint.dask.lint_set(..., report=FORMAT))");
  }
  sl::Result holder;
  holder.run = result.run;
  py::gil_scoped_release released;
  return sl::report(holder, format);
}

// A count from Python: out of range, a ValueError naming it (pybind's own is a TypeError).
unsigned whole_number(const char* name, long long value, long long least, long long most) {
  if (value < least || value > most) {
    raise_settings_error(std::string(name) + ": expected a whole number from " + std::to_string(least) + " to " +
                         std::to_string(most) + ", got " + std::to_string(value));
  }
  return static_cast<unsigned>(value);
}

// The bytes of a bytes-like object, or nullopt for anything else (a path).
std::optional<std::string> bytes_of(const py::handle& source) {
  if (!PyObject_CheckBuffer(source.ptr()) || py::isinstance<py::str>(source)) return std::nullopt;
  const py::buffer_info info = py::reinterpret_borrow<py::buffer>(source).request();
  return std::string(static_cast<const char*>(info.ptr), static_cast<std::size_t>(info.size * info.itemsize));
}

// The result, or InputError (with the result as its `result`) when something the caller named could
// not be read: one of `given`, or the robots.txt of the settings. A child of an index that cannot
// be read is the sitemap's problem, and stays in input_errors.
PyResult checked(const sl::Linter& linter, sl::Result result, std::set<std::string> given) {
  if (!linter.settings().robots.empty()) given.insert(linter.settings().robots);
  std::string message;
  for (const sl::InputError& e : result.input_errors) {
    if (given.count(e.path)) message += (message.empty() ? "" : "; ") + e.message;
  }
  PyResult out = to_python(std::move(result));
  if (!message.empty()) {
    py::object error = py::reinterpret_borrow<py::object>(input_error_type)(message);
    error.attr("result") = py::cast(std::move(out));
    PyErr_SetObject(input_error_type, error.ptr());
    throw py::error_already_set();
  }
  return out;
}

PyResult lint_with(const sl::Linter& linter, const py::handle& source, const std::optional<std::string>& name,
                   const py::object& stopper) {
  if (std::optional<std::string> bytes = bytes_of(source)) {
    sl::Result result = sitemaplint_python::interruptible(
        [&](const sl::StopFlag* stop) { return linter.lint_bytes(*bytes, name.value_or("-"), stop); }, stopper);
    return checked(linter, std::move(result), {});
  }
  if (name) raise_settings_error("name: only bytes are given a name; a file is reported by its path");
  std::string path;
  try {
    path = text_setting("path", source);
  } catch (const sl::SettingsError&) {
    throw py::type_error("lint() takes a path (str or os.PathLike) or bytes, not " + type_name(source));
  }
  sl::Result result = sitemaplint_python::interruptible(
      [&](const sl::StopFlag* stop) {
        try {
          return linter.lint_file(path, stop);
        } catch (const sl::UnreadableInputError& e) {
          // The path itself cannot be read: InputError with a result all the same, as lint_many's.
          sl::Result unread;
          unread.input_errors.push_back({path, e.what()});
          unread.summary.input_errors = 1;
          return unread;
        }
      },
      stopper);
  return checked(linter, std::move(result), {path});
}

std::vector<std::string> paths_of(const char* function, const py::iterable& items) {
  std::vector<std::string> paths;
  for (const py::handle item : items) {
    try {
      paths.push_back(text_setting("path", item));
    } catch (const sl::SettingsError&) {
      throw py::type_error(std::string(function) + "() takes paths (str or os.PathLike), not " + type_name(item));
    }
  }
  return paths;
}

PyResult lint_many_with(const sl::Linter& linter, const py::iterable& items, const py::object& stopper) {
  const std::vector<std::string> paths = paths_of("lint_many", items);
  sl::Result result = sitemaplint_python::interruptible(
      [&](const sl::StopFlag* stop) { return linter.lint_files(paths, stop); }, stopper);
  return checked(linter, std::move(result), std::set<std::string>(paths.begin(), paths.end()));
}

void write_records_with(const sl::Linter& linter, const py::iterable& items, const py::object& out,
                        long long partitions) {
  const unsigned count = whole_number("partitions", partitions, 1, 65536);
  const std::vector<std::string> paths = paths_of("write_records", items);
  const std::string folder = text_setting("out", out);
  py::gil_scoped_release released;
  linter.write_records(paths, folder, count);
}

PyResult merge_records_with(const sl::Linter& linter, const py::iterable& items) {
  const std::vector<std::string> shards = paths_of("merge_records", items);
  sl::Result result;
  {
    py::gil_scoped_release released;
    result = linter.merge_records(shards);
  }
  return to_python(std::move(result));
}

void check_partition_with(const sl::Linter& linter, const py::iterable& items, long long partition,
                          const py::object& out) {
  const unsigned k = whole_number("partition", partition, 0, 65535);
  const std::vector<std::string> shards = paths_of("check_partition", items);
  const std::string file = text_setting("out", out);
  py::gil_scoped_release released;
  linter.check_partition(shards, k, file);
}

PyResult merge_partitions_with(const sl::Linter& linter, const py::iterable& items, const py::iterable& found) {
  const std::vector<std::string> shards = paths_of("merge_partitions", items);
  const std::vector<std::string> findings = paths_of("merge_partitions", found);
  sl::Result result;
  {
    py::gil_scoped_release released;
    result = linter.merge_partitions(shards, findings);
  }
  return to_python(std::move(result));
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "sitemaplint's engine (use the sitemaplint package)";
  m.attr("__version__") = std::string(sl::library_version());
  m.attr("API_VERSION") = SITEMAPLINT_API_VERSION;

  error_type = PyErr_NewException("sitemaplint.Error", PyExc_Exception, nullptr);
  settings_error_type =
      PyErr_NewException("sitemaplint.SettingsError",
                         py::make_tuple(py::handle(error_type), py::handle(PyExc_ValueError)).release().ptr(), nullptr);
  input_error_type =
      PyErr_NewException("sitemaplint.InputError",
                         py::make_tuple(py::handle(error_type), py::handle(PyExc_OSError)).release().ptr(), nullptr);
  m.attr("Error") = py::handle(error_type);
  m.attr("SettingsError") = py::handle(settings_error_type);
  m.attr("InputError") = py::handle(input_error_type);
  stopped_type = PyErr_NewException("sitemaplint.Stopped", error_type, nullptr);
  m.attr("Stopped") = py::handle(stopped_type);
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const sl::SettingsError& e) {
      PyErr_SetString(settings_error_type, e.what());
    } catch (const sl::UnreadableInputError& e) {
      PyErr_SetString(input_error_type, e.what());
    } catch (const sl::Stopped& e) {
      PyErr_SetString(stopped_type, e.what());
    } catch (const sl::Error& e) {
      PyErr_SetString(error_type, e.what());
    }
  });

  py::class_<sl::Fix> fix(m, "Fix");
  fix.def_readonly("offset", &sl::Fix::offset)
      .def_readonly("length", &sl::Fix::length)
      .def_readonly("replacement", &sl::Fix::replacement)
      .def_readonly("description", &sl::Fix::description);
  def_to_dict(fix, {"offset", "length", "replacement", "description"});
  def_repr(fix, "Fix");
  def_pickle(fix, &sl::Fix::offset, &sl::Fix::length, &sl::Fix::replacement, &sl::Fix::description);
  py::class_<sl::RelatedLocation> related(m, "RelatedLocation");
  related.def_readonly("file", &sl::RelatedLocation::file)
      .def_readonly("line", &sl::RelatedLocation::line)
      .def_readonly("column", &sl::RelatedLocation::column)
      .def_readonly("message", &sl::RelatedLocation::message);
  def_to_dict(related, {"file", "line", "column", "message"});
  def_repr(related, "RelatedLocation");
  def_pickle(related, &sl::RelatedLocation::file, &sl::RelatedLocation::line, &sl::RelatedLocation::column,
             &sl::RelatedLocation::message);
  py::class_<sl::Finding> finding(m, "Finding");
  finding.def_readonly("code", &sl::Finding::code)
      .def_readonly("rule", &sl::Finding::rule)
      .def_property_readonly("severity",
                             [](const sl::Finding& f) { return std::string(sl::severity_name(f.severity)); })
      .def_readonly("file", &sl::Finding::file)
      .def_readonly("line", &sl::Finding::line)
      .def_readonly("column", &sl::Finding::column)
      .def_readonly("end_line", &sl::Finding::end_line)
      .def_readonly("end_column", &sl::Finding::end_column)
      .def_readonly("offset", &sl::Finding::offset)
      .def_readonly("length", &sl::Finding::length)
      .def_readonly("message", &sl::Finding::message)
      .def_readonly("authorities", &sl::Finding::authorities)
      .def_property_readonly("search_console", [](const sl::Finding& f) { return text_or_none(f.search_console); })
      .def_readonly("fix", &sl::Finding::fix)
      .def_readonly("related", &sl::Finding::related)
      .def("__repr__", [](const sl::Finding& f) {
        return "<Finding " + f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + " " + f.code +
               " " + f.rule + ">";
      });
  def_to_dict(finding, {"code", "rule", "severity", "file", "line", "column", "end_line", "end_column", "offset",
                        "length", "message", "authorities", "search_console", "fix", "related"});
  finding.def(py::pickle(
      [](const sl::Finding& f) {
        return py::make_tuple(f.code, f.rule, static_cast<int>(f.severity), f.file, f.line, f.column, f.end_line,
                              f.end_column, f.offset, f.length, f.message, f.authorities, f.search_console, f.fix,
                              f.related);
      },
      [](const py::tuple& t) {
        if (t.size() != 15) throw std::runtime_error("unpickling: a state of another shape");
        sl::Finding f;
        f.code = t[0].cast<std::string>();
        f.rule = t[1].cast<std::string>();
        f.severity = static_cast<sl::Severity>(t[2].cast<int>());
        f.file = t[3].cast<std::string>();
        f.line = t[4].cast<std::size_t>();
        f.column = t[5].cast<std::size_t>();
        f.end_line = t[6].cast<std::size_t>();
        f.end_column = t[7].cast<std::size_t>();
        f.offset = t[8].cast<std::size_t>();
        f.length = t[9].cast<std::size_t>();
        f.message = t[10].cast<std::string>();
        f.authorities = t[11].cast<std::vector<std::string>>();
        f.search_console = t[12].cast<std::string>();
        f.fix = t[13].cast<std::optional<sl::Fix>>();
        f.related = t[14].cast<std::vector<sl::RelatedLocation>>();
        return f;
      }));
  py::class_<sl::FileInfo> file(m, "FileInfo");
  file.def_readonly("path", &sl::FileInfo::path)
      .def_property_readonly("requested", [](const sl::FileInfo& f) { return text_or_none(f.requested); })
      .def_readonly("kind", &sl::FileInfo::kind)
      .def_readonly("entries", &sl::FileInfo::entries);
  def_to_dict(file, {"path", "requested", "kind", "entries"});
  def_repr(file, "FileInfo");
  def_pickle(file, &sl::FileInfo::path, &sl::FileInfo::requested, &sl::FileInfo::kind, &sl::FileInfo::entries);
  py::class_<sl::InputError> unreadable(m, "UnreadableInput");
  unreadable.def_readonly("path", &sl::InputError::path).def_readonly("message", &sl::InputError::message);
  def_to_dict(unreadable, {"path", "message"});
  def_repr(unreadable, "UnreadableInput");
  def_pickle(unreadable, &sl::InputError::path, &sl::InputError::message);
  py::class_<sl::Summary> summary(m, "Summary");
  summary.def_readonly("files", &sl::Summary::files)
      .def_readonly("errors", &sl::Summary::errors)
      .def_readonly("warnings", &sl::Summary::warnings)
      .def_readonly("infos", &sl::Summary::infos)
      .def_readonly("fixable", &sl::Summary::fixable)
      .def_readonly("input_errors", &sl::Summary::input_errors)
      .def_readonly("left_out", &sl::Summary::left_out);
  def_to_dict(summary, {"files", "errors", "warnings", "infos", "fixable", "input_errors", "left_out"});
  def_repr(summary, "Summary");
  def_pickle(summary, &sl::Summary::files, &sl::Summary::errors, &sl::Summary::warnings, &sl::Summary::infos,
             &sl::Summary::fixable, &sl::Summary::input_errors, &sl::Summary::left_out);
  py::class_<PyResult> result(m, "Result");
  result.def_readonly("findings", &PyResult::findings)
      .def_readonly("files", &PyResult::files)
      .def_readonly("input_errors", &PyResult::input_errors)
      .def_readonly("summary", &PyResult::summary)
      .def_readonly("pages", &PyResult::pages)
      .def("__len__", [](const PyResult& r) { return r.findings.size(); })
      .def("__iter__", [](const PyResult& r) { return r.findings.attr("__iter__")(); })
      .def("__repr__",
           [](const PyResult& r) {
             const auto count = [](std::size_t n, const char* what) {
               return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
             };
             return "<Result " + count(r.findings.size(), "finding") + " in " + count(r.summary.files, "file") + ">";
           })
      .def("report", &report_of, py::arg("format") = "human")
      .def(
          "_hold_report",
          [](PyResult& r, const std::string& format) { r.held[py::str(format)] = report_of(r, format); },
          py::arg("format"));
  def_to_dict(result, {"files", "findings", "input_errors", "summary", "pages"});
  def_pickle(result, &PyResult::findings, &PyResult::files, &PyResult::input_errors, &PyResult::summary,
             &PyResult::pages, &PyResult::held);
  m.def("report_formats", &sl::report_formats);

  py::class_<sl::Linter>(m, "Linter")
      .def(py::init([](const py::kwargs& kwargs) { return sl::Linter(settings_from(kwargs)); }))
      .def(
          "lint",
          [](const sl::Linter& linter, const py::object& source, std::optional<std::string> name,
             const py::object& stop) { return lint_with(linter, source, name, stop); },
          py::arg("source"), py::kw_only(), py::arg("name") = py::none(), py::arg("stop") = py::none())
      .def("lint_many", &lint_many_with, py::arg("paths"), py::kw_only(), py::arg("stop") = py::none())
      .def("write_records", &write_records_with, py::arg("paths"), py::arg("out"), py::kw_only(),
           py::arg("partitions") = 16)
      .def("merge_records", &merge_records_with, py::arg("shards"))
      .def("check_partition", &check_partition_with, py::arg("shards"), py::arg("partition"), py::arg("out"))
      .def("merge_partitions", &merge_partitions_with, py::arg("shards"), py::arg("findings"));

  m.def(
      "lint",
      [](const py::object& source, std::optional<std::string> name, const py::object& stop, const py::kwargs& kwargs) {
        const sl::Linter linter(settings_from(kwargs));
        return lint_with(linter, source, name, stop);
      },
      py::arg("source"), py::kw_only(), py::arg("name") = py::none(), py::arg("stop") = py::none());
  m.def(
      "lint_many",
      [](const py::iterable& paths, const py::object& stop, const py::kwargs& kwargs) {
        const sl::Linter linter(settings_from(kwargs));
        return lint_many_with(linter, paths, stop);
      },
      py::arg("paths"), py::kw_only(), py::arg("stop") = py::none());
  m.def(
      "write_records",
      [](const py::iterable& paths, const py::object& out, long long partitions, const py::kwargs& kwargs) {
        const sl::Linter linter(settings_from(kwargs));
        write_records_with(linter, paths, out, partitions);
      },
      py::arg("paths"), py::arg("out"), py::kw_only(), py::arg("partitions") = 16);
  m.def(
      "merge_records",
      [](const py::iterable& shards, const py::kwargs& kwargs) {
        const sl::Linter linter(settings_from(kwargs));
        return merge_records_with(linter, shards);
      },
      py::arg("shards"));
  m.def(
      "check_partition",
      [](const py::iterable& shards, long long partition, const py::object& out, const py::kwargs& kwargs) {
        const sl::Linter linter(settings_from(kwargs));
        check_partition_with(linter, shards, partition, out);
      },
      py::arg("shards"), py::arg("partition"), py::arg("out"));
  m.def(
      "merge_partitions",
      [](const py::iterable& shards, const py::iterable& findings, const py::kwargs& kwargs) {
        const sl::Linter linter(settings_from(kwargs));
        return merge_partitions_with(linter, shards, findings);
      },
      py::arg("shards"), py::arg("findings"));
}
