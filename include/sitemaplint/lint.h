// Linting bytes, a file or a set of files with given settings.
#pragma once

#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "findings.h"
#include "settings.h"

namespace sitemaplint::api {

// Every error the library throws. A broken sitemap is never one: it gives findings.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A setting that is not valid: an unknown profile or rule, a bad date or URL, a broken config.
class SettingsError : public Error {
 public:
  using Error::Error;
};

// An input given to lint_file that cannot be read (missing, a directory, a failed fetch).
class UnreadableInputError : public Error {
 public:
  using Error::Error;
};

// A lint that was asked to stop (StopFlag) before it ended: its result is not whole, and none is
// given.
class Stopped : public Error {
 public:
  using Error::Error;
};

// Asks a lint running on another thread to end early (Python's Ctrl-C, say): a lint_* call given
// it fetches nothing more once it is set, ends the requests in flight and the files not begun,
// and throws Stopped, within a fraction of a second (a file being walked is walked to its end).
class StopFlag {
 public:
  void request() noexcept { set_.store(true); }
  bool requested() const noexcept { return set_.load(); }
  const std::atomic<bool>& flag() const noexcept { return set_; }

 private:
  std::atomic<bool> set_{false};
};

// The settings checked and resolved once, for any number of lints. Its lint functions may be
// called from several threads at once.
class Linter {
 public:
  // Throws SettingsError.
  explicit Linter(Settings settings = {});
  ~Linter();
  Linter(Linter&&) noexcept;
  Linter& operator=(Linter&&) noexcept;

  const Settings& settings() const;

  // `bytes` linted as if read from `name` (a path, for the reports and the config's globs), alone:
  // an index's children are not followed, nor a robots.txt's Sitemap: lines (a `name` that ends in
  // robots.txt is read as one). Never throws on what the bytes hold.
  // With `stop`, each of them ends early once it is requested, throwing Stopped.
  Result lint_bytes(std::string_view bytes, const std::string& name = "-", const StopFlag* stop = nullptr) const;

  // One file (a .gz one too), standard input ("-"), or an http(s) URL, with the children of an
  // index followed as the command line follows them. Throws UnreadableInputError when `path`
  // itself cannot be read; a child that cannot is in Result::input_errors.
  Result lint_file(const std::string& path, const StopFlag* stop = nullptr) const;

  // Files, folders (the sitemaps below them) and URLs, `Settings::jobs` at once, with the checks
  // across the set (duplicates, hreflang, an index's children): what `sitemaplint PATH...` does.
  // Inputs that cannot be read are in Result::input_errors; nothing is thrown for them.
  Result lint_files(const std::vector<std::string>& paths, const StopFlag* stop = nullptr) const;

  // A shard of a set (docs/records.md): `paths` linted as lint_files lints them, and written to the
  // folder `out` (made if missing) with the set's pages and hreflang links as records in
  // `partitions` partitions, for merge_records. Throws Error when the folder cannot be written
  // or the settings fetch pages or read a robots.txt, which a shard does not carry.
  void write_records(const std::vector<std::string>& paths, const std::string& out, unsigned partitions = 16) const;

  // The shards' folders, in order, merged: the findings lint_files gives for all their paths at
  // once (the checks across the set included). Throws Error on a shard that is missing, cut
  // short, made by another version, with other settings or partitions, or that repeats a file.
  Result merge_records(const std::vector<std::string>& shards) const;

  // The merge in steps, so that no process holds every page of the set (docs/at-scale.md):
  // partition `partition` of the shards checked alone (duplicates across sitemaps), its findings
  // written to the file `out`, for merge_partitions. Throws Error as merge_records does, on a
  // partition the shards do not have, or when `out` cannot be written.
  void check_partition(const std::vector<std::string>& shards, unsigned partition, const std::string& out) const;

  // The shards merged with the findings of every partition (check_partition's files, one each,
  // in any order): merge_records' result. Throws Error as merge_records does, and on findings
  // missing, repeated, cut short or made of other shards or settings.
  Result merge_partitions(const std::vector<std::string>& shards, const std::vector<std::string>& findings) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One-off lints with a Linter of their own.
Result lint_bytes(std::string_view bytes, const Settings& settings = {}, const std::string& name = "-");
Result lint_file(const std::string& path, const Settings& settings = {});
Result lint_files(const std::vector<std::string>& paths, const Settings& settings = {});

// sitemaplint's version, e.g. "0.1.0".
std::string_view library_version();

}  // namespace sitemaplint::api
