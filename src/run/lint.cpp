#include "run/lint.h"

#include <algorithm>

#include "analysis/line_index.h"
#include "analysis/line_starts.h"
#include "engine/engine.h"
#include "load/declared_encoding.h"
#include "load/parse.h"
#include "load/source.h"
#include "page.h"
#include "pages/listed_urls.h"
#include "run/listed_in_pieces.h"

namespace sitemaplint {
namespace {

// The offsets a report places for `diagnostics` (their starts, ends, fixes and related places in
// the file), in order, each once; their places still to be filled in.
std::vector<FileReport::Placed> offsets_to_place(const std::vector<Diagnostic>& diagnostics) {
  std::vector<FileReport::Placed> placed;
  placed.reserve(diagnostics.size() * 2);
  for (const Diagnostic& d : diagnostics) {
    const std::size_t first = placed.size();
    // A fix mostly replaces the finding's own span: each offset once, so that findings in order,
    // apart, give offsets in order, which need no sort.
    const auto add = [&](std::size_t offset) {
      const auto at = static_cast<std::uint32_t>(offset);
      const auto same = [&](const FileReport::Placed& p) { return p.offset == at; };
      if (std::none_of(placed.begin() + static_cast<std::ptrdiff_t>(first), placed.end(), same)) placed.push_back({at});
    };
    add(d.offset);
    add(d.offset + d.length);
    if (d.fix) {
      add(d.fix->offset);
      add(d.fix->offset + d.fix->length);
    }
    if (d.related && d.related->path.empty()) add(d.related->offset);
  }
  const auto by_offset = [](const FileReport::Placed& a, const FileReport::Placed& b) { return a.offset < b.offset; };
  if (!std::is_sorted(placed.begin(), placed.end(), by_offset)) std::sort(placed.begin(), placed.end(), by_offset);
  const auto same_offset = [](const FileReport::Placed& a, const FileReport::Placed& b) {
    return a.offset == b.offset;
  };
  placed.erase(std::unique(placed.begin(), placed.end(), same_offset), placed.end());
  return placed;
}

void set_position(FileReport::Placed& p, const Position& at) {
  p.line = static_cast<std::uint32_t>(at.line);
  p.column = static_cast<std::uint32_t>(at.column);
  p.utf16_column = static_cast<std::uint32_t>(at.utf16_column);
}

// The offsets' places, counted in one pass over the bytes as written.
std::vector<FileReport::Placed> place_findings(const std::vector<Diagnostic>& diagnostics, std::string_view bytes) {
  std::vector<FileReport::Placed> placed = offsets_to_place(diagnostics);
  PositionCursor cursor(bytes);
  for (FileReport::Placed& p : placed) set_position(p, cursor.at(p.offset));
  return placed;
}

// The offsets' places from the line starts recorded before a parse in place overwrote `bytes`;
// nullopt when none were recorded.
std::optional<std::vector<FileReport::Placed>> place_findings(const std::vector<Diagnostic>& diagnostics,
                                                              const LineStarts& lines, std::string_view bytes) {
  if (!lines.usable()) return std::nullopt;
  std::vector<FileReport::Placed> placed = offsets_to_place(diagnostics);
  for (FileReport::Placed& p : placed) set_position(p, *lines.position(bytes, p.offset));
  return placed;
}

// What lint_into leaves: whether report.bytes are as written (a parse in place overwrote them,
// and they were not read again), and whether report.placed is filled in already.
struct Linted {
  bool as_written = true;
  bool placed = false;
};

// Lints `bytes` into `report`: the report's own (report.bytes) or the caller's, which the report
// then does not hold.
Linted lint_into(FileReport& report, std::string_view bytes, Input& input, const RuleSelection& selection,
                 const Settings& settings, LintScope scope) {
  LoadFacts load{input.compressed,  input.decompression_stopped,   std::move(input.compression_error),
                 input.http_status, std::move(input.content_type), input.robots_txt};
  load.redirects = std::move(input.redirects);
  load.content_encoding_error = std::move(input.content_encoding_error);
  // Input in another encoding is linted as the UTF-8 it decodes to, which the report keeps: the
  // file read again would be the bytes as written, where no offset of a finding lies.
  DeclaredEncoding declared;
  if (!input.robots_txt) declared = read_declared_encoding(bytes);
  const bool decoded = !declared.read_as.empty();
  if (decoded) {
    report.bytes = std::move(declared.text);
    bytes = report.bytes;
    report.reloadable = false;
    load.read_as = std::move(declared.read_as);
    load.undecodable = std::move(declared.undecodable);
  }
  load.encoding_conflict = std::move(declared.conflict);
  // A file on disk can be read again, so pugixml parses its bytes in place rather than a copy: the
  // bytes as written are read back only for the findings, or for a parse that needs them.
  // A large sitemap is parsed in pieces as it is walked, in lanes on the threads it is given
  // (engine/piece_lanes.h): each piece's tree is built in the memory of the one before, where the
  // whole tree's pages were each faulted in and zeroed once (on one core too, a 10 MB sitemap's run
  // peaked at 22 MiB instead of 46, and its kernel time for fresh pages went from 10-25 ms to 3).
  LineStarts lines;
  DocumentPieces pieces;
  pieces.piece_bytes = settings.engine.piece_bytes;
  const bool in_pieces = bytes.size() >= settings.engine.pieces_from_bytes;
  std::unique_ptr<Document> doc = parse_document(input.path, bytes, load, report.reloadable ? &report.bytes : nullptr,
                                                 &lines, in_pieces ? &pieces : nullptr, settings.engine.rule_threads);
  const auto parse_whole = [&] {  // from the bytes as written, as a copy
    const bool overwritten = doc->bytes_overwritten;
    doc.reset();
    if (overwritten) read_input_again(report.path, report.bytes);  // failing, the copy parsed is of what is left
    doc = parse_document(input.path, bytes, load);
  };
  if (doc->needs_bytes_as_written) parse_whole();  // parsed in place: `bytes` are the report's, read again
  // --pages: threads read the pages of the file's URLs while the rules walk it.
  std::unique_ptr<PageLookup::Prefetch> reading_ahead;
  // In the listing's order, which the live audit fetches them in and cuts at --max-urls: gathered
  // before the walk, from the tree or, in pieces, from each piece in turn.
  if (settings.pages && (settings.engine.page_threads > 0 || settings.pages->live())) {
    std::optional<std::vector<std::string>> urls;
    if (pieces.split()) urls = listed_urls_in_pieces(*doc, pieces);
    if (pieces.split() && !urls) {  // what the walk in pieces would give up on too
      pieces.root.reset();
      parse_whole();
    }
    if (!urls) urls = listed_urls(*doc);
    // The files before it first: --max-urls then cuts the same URLs on every run.
    if (settings.pages->live()) settings.listing_turn.wait();
    reading_ahead = settings.pages->prefetch(std::move(*urls), settings.engine.page_threads);
  }
  settings.listing_turn.pass();
  // The cores the read-ahead takes are not the lanes' too: with a lane for each core as well, a
  // 50,000-page build took 9% more CPU and 8% more time at --jobs 2.
  std::optional<Settings> fewer_lanes;
  if (reading_ahead && settings.engine.page_threads > 0 && pieces.split()) {
    fewer_lanes = settings;
    fewer_lanes->engine.rule_threads = std::max(
        1u, settings.engine.rule_threads - std::min(settings.engine.rule_threads, settings.engine.page_threads));
  }
  RuleRun run;
  try {
    run = run_rules(*doc, selection, fewer_lanes ? *fewer_lanes : settings, &pieces);
  } catch (const PieceParseFailed&) {
    // A piece pugixml did not take, content the walk gave up on, or a lane that counted the entries
    // before it wrongly: what the walks found is dropped, and the document parsed whole (an error
    // is described as a whole parse describes it).
    pieces.root.reset();
    parse_whole();
    run = run_rules(*doc, selection, settings);
  }
  reading_ahead.reset();
  report.diagnostics = std::move(run.diagnostics);
  if (!settings.sole_input) report.diagnostics.shrink_to_fit();  // kept to the run's end, with the others
  // A fix's offsets are in the decoded text, not in the file it would be applied to.
  if (decoded) {
    for (Diagnostic& d : report.diagnostics) d.fix.reset();
  }
  report.facts = std::move(run.facts);
  report.overview = std::move(run.overview);
  // Suppression comments are read in the bytes as written: a parse in place may have overwritten a
  // line break after a name. They are read again into the same buffer, with its NULs the tree's
  // strings end at (the tree is not read again; what the rules kept are offsets and copies).
  Linted linted{.as_written = !doc->bytes_overwritten};
  if (!linted.as_written && !doc->directives.empty()) linted.as_written = read_input_again(report.path, report.bytes);
  report.suppressions = Suppressions(*doc, bytes);
  report.suppressions.apply(&report.diagnostics);
  if (scope == LintScope::Alone) finish_suppressions(report, selection);
  report.kind = doc->kind;
  report.entries = doc->entry_count;
  report.children = std::move(doc->children);
  report.robots = doc->robots;
  // The findings' lines and columns, from the line starts the pre-scan recorded: the file is not
  // read again for them (a reporter that shows lines reads it then, as for a released file).
  // Without a record (a file with CRs), they are counted in the bytes as written, read again.
  if (!linted.as_written && !report.diagnostics.empty()) {
    if (auto placed = place_findings(report.diagnostics, lines, bytes)) {
      report.placed = std::move(*placed);
      linted.placed = true;
    } else {
      linted.as_written = read_input_again(report.path, report.bytes);
    }
  }
  return linted;
}

}  // namespace

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings, LintScope scope) {
  FileReport report;
  report.path = input.path;
  report.bytes = std::move(input.bytes);
  report.reloadable = input.reloadable;
  const Linted linted = lint_into(report, report.bytes, input, selection, settings, scope);
  // Reporters need the bytes only to place and show findings, and read a file from disk again for
  // that (report/source.h), one file at a time: a large site need not stay in memory until the
  // report is written, so memory is bounded by the largest file, not by the sum of the inputs.
  // A report that keeps its bytes keeps them as written; parsed in place, it gives them up like the
  // others: without a finding it has none to show, with findings placed from the line starts it
  // reads the file only for a reporter that shows lines.
  if (report.reloadable) {
    if (!linted.placed) report.placed = place_findings(report.diagnostics, report.bytes);
    if (input.keep_bytes && !linted.as_written) {
      report.spare_buffer = std::move(report.bytes);
      report.reload_threads = settings.engine.rule_threads;
    }
    if (!input.keep_bytes || !linted.as_written) std::string().swap(report.bytes);
  }
  return report;
}

void finish_suppressions(FileReport& report, const RuleSelection& selection) {
  report.suppressions.report_unused(selection, &report.diagnostics);
}

FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection, const Settings& settings) {
  Input input;
  input.path = std::move(path);
  input.bytes = std::move(bytes);
  return lint_input(std::move(input), selection, settings);
}

FileReport lint_borrowed(std::string path, std::string_view text, const RuleSelection& selection,
                         const Settings& settings) {
  Input input;
  input.path = std::move(path);
  FileReport report;
  report.path = input.path;
  lint_into(report, text, input, selection, settings, LintScope::Alone);
  return report;
}

}  // namespace sitemaplint
