// 'sitemaplint records' and 'sitemaplint merge': a set linted in shards and merged reports
// exactly what one run of all its files reports, and a shard that is damaged, unfinished or made
// otherwise is refused with a message, never merged into other findings.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

const std::string kNow = "2026-06-01T00:00:00Z";
// Where the set is served: the index's children map to files beside it.
const std::string kBaseUrl = "https://example.com/sitemap.xml";

std::string urlset(const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
         "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n" +
         body + "</urlset>\n";
}

// A set whose checks across files fire across shards and partitions: hreflang pairs between files
// of different shards (some returned, some not), URLs listed in other files (as written, and the
// same only once normalised), a file past SM803's cap, an index whose children its shard follows
// (one missing, one with a stale <lastmod>), a suppression that silences a duplicate and one that
// silences nothing, and a file that is not well-formed. Returns the inputs, in shards.
std::vector<std::vector<std::string>> write_set(const TempDir& dir) {
  std::vector<std::vector<std::string>> shards(3);
  const std::size_t files = 9;
  for (std::size_t f = 0; f < files; ++f) {
    std::string body;
    for (std::size_t i = 0; i < 120; ++i) {
      const std::string url = "https://example.com/f" + std::to_string(f) + "/p" + std::to_string(i);
      body += "  <url><loc>" + url + "</loc>";
      if (i % 10 == 0) {
        const std::string other =
            "https://example.com/f" + std::to_string((f + 1) % files) + "/p" + std::to_string(i % 20 == 0 ? i : i + 1);
        body += "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"" + url +
                "\"/><xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"" + other + "\"/>";
      }
      body += "</url>\n";
      if (f > 0 && i % 17 == 0)
        body += "  <url><loc>https://example.com/f" + std::to_string(f - 1) + "/p" + std::to_string(i + 1) +
                "</loc></url>\n";
      if (f > 1 && i % 23 == 0)
        body += "  <url><loc>HTTPS://Example.com:443/f" + std::to_string(f - 2) + "/p" + std::to_string(i + 3) +
                "</loc></url>\n";
    }
    shards[f % 3].push_back(dir.write("sitemap-f" + std::to_string(f) + ".xml", urlset(body)));
  }
  std::string copy;
  for (std::size_t i = 0; i < 10'020; ++i)
    copy += "  <url><loc>https://example.com/c/p" + std::to_string(i) + "</loc></url>\n";
  shards[0].push_back(dir.write("sitemap-copy-a.xml", urlset(copy)));
  shards[2].push_back(dir.write("sitemap-copy-b.xml", urlset(copy)));
  shards[1].push_back(dir.write(
      "sitemap-quiet.xml",
      urlset("  <!-- sitemaplint-disable-next-line SM803 -->\n  <url><loc>https://example.com/f3/p5</loc></url>\n"
             "  <!-- sitemaplint-disable-next-line LANG501 -->\n  <url><loc>https://example.com/quiet</loc></url>\n"
             "  <url><loc>https://example.com/f4/p6</loc></url>\n")));
  dir.write("idx/a.xml", urlset("  <url><loc>https://example.com/f5/p7</loc><lastmod>2026-05-01</lastmod></url>\n"));
  dir.write("idx/b.xml", urlset("  <url><loc>https://example.com/idx/b</loc></url>\n"));
  shards[1].push_back(
      dir.write("sitemap-index.xml",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex "
                "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                "  <sitemap><loc>https://example.com/idx/a.xml</loc><lastmod>2026-01-01</lastmod></sitemap>\n"
                "  <sitemap><loc>https://example.com/idx/b.xml</loc></sitemap>\n"
                "  <sitemap><loc>https://example.com/idx/missing.xml</loc></sitemap>\n</sitemapindex>\n"));
  shards[2].push_back(dir.write("sitemap-broken.xml", "<urlset><url><loc>https://example.com/f0/p1</loc>"));
  return shards;
}

std::vector<std::string> all_of(const std::vector<std::vector<std::string>>& shards) {
  std::vector<std::string> all;
  for (const auto& shard : shards) all.insert(all.end(), shard.begin(), shard.end());
  return all;
}

CommandResult records(const std::vector<std::string>& files, const std::string& out,
                      std::vector<std::string> options = {}) {
  std::vector<std::string> args = {"records", "--no-config", "--now", kNow, "--base-url", kBaseUrl, "-o", out};
  args.insert(args.end(), options.begin(), options.end());
  args.insert(args.end(), files.begin(), files.end());
  return run_cli(args);
}

CommandResult merge(const std::vector<std::string>& folders, std::vector<std::string> options = {}) {
  std::vector<std::string> args = {"merge", "--no-config", "--now", kNow, "--base-url", kBaseUrl};
  args.insert(args.end(), options.begin(), options.end());
  args.insert(args.end(), folders.begin(), folders.end());
  return run_cli(args);
}

// The shards of the set in `dir`, made in shard-0, shard-1, ...
std::vector<std::string> make_shards(const TempDir& dir, const std::vector<std::vector<std::string>>& shards,
                                     const std::vector<std::string>& options = {"--partitions", "4"}) {
  std::vector<std::string> folders;
  for (std::size_t s = 0; s < shards.size(); ++s) {
    folders.push_back((dir.path / ("shard-" + std::to_string(s))).string());
    const CommandResult made = records(shards[s], folders.back(), options);
    REQUIRE_MESSAGE(made.exit_code == 0, made.err);
    CHECK(made.out.empty());
  }
  return folders;
}

}  // namespace

TEST_CASE("shards: records then merge report what one run of every file reports, byte for byte") {
  TempDir dir;
  const auto shards = write_set(dir);
  const std::vector<std::string> folders = make_shards(dir, shards);
  for (const std::string format : {"json", "gcc", "sarif"}) {
    CAPTURE(format);
    std::vector<std::string> one_run = {"--no-config", "--now", kNow, "--base-url", kBaseUrl, "--format", format};
    for (const std::string& file : all_of(shards)) one_run.push_back(file);
    const CommandResult whole = run_cli(one_run);
    const CommandResult merged = merge(folders, {"--format", format});
    CHECK(whole.exit_code == 1);
    CHECK(merged.exit_code == whole.exit_code);
    CHECK(merged.err == whole.err);
    CHECK(merged.out == whole.out);
    if (format != "json") continue;
    // What the set holds, across shards: duplicates (one file past the cap, one normalised), the
    // hreflang graph, the index's children, both suppressions, the broken file.
    for (const std::string what :
         {"\"SM803\"", "more findings of this rule in this file are not shown", "once both are normalised",
          "\"LANG501\"", "\"LANG502\"", "idx/missing.xml", "\"SM901\"", "sitemap-broken.xml"}) {
      CAPTURE(what);
      CHECK(whole.out.find(what) != std::string::npos);
    }
  }
  // One partition, and as many shards as files, give the same report.
  std::vector<std::vector<std::string>> one_each;
  for (const std::string& file : all_of(shards)) one_each.push_back({file});
  TempDir other;
  const CommandResult single = merge(make_shards(other, one_each, {"--partitions", "1"}), {"--format", "json"});
  CHECK(single.out == merge(folders, {"--format", "json"}).out);
}

// Each of `partitions` partitions of the shards checked alone, its findings written to
// dir/part-K.json; the files, in order.
std::vector<std::string> check_partitions(const TempDir& dir, const std::vector<std::string>& folders,
                                          unsigned partitions) {
  std::vector<std::string> files;
  for (unsigned k = 0; k < partitions; ++k) {
    files.push_back((dir.path / ("part-" + std::to_string(k) + ".json")).string());
    const CommandResult checked = merge(folders, {"--partition", std::to_string(k), "-o", files.back()});
    REQUIRE_MESSAGE(checked.exit_code == 0, checked.err);
    CHECK(checked.out.empty());
  }
  return files;
}

// `--partition-findings FILE` for each file, then `more`.
std::vector<std::string> findings_options(const std::vector<std::string>& files,
                                          const std::vector<std::string>& more = {"--format", "json"}) {
  std::vector<std::string> options;
  for (const std::string& file : files) {
    options.push_back("--partition-findings");
    options.push_back(file);
  }
  options.insert(options.end(), more.begin(), more.end());
  return options;
}

TEST_CASE("shards: each partition checked alone, then merged, report what one run reports") {
  TempDir dir;
  const auto shards = write_set(dir);
  const std::vector<std::string> folders = make_shards(dir, shards);
  std::vector<std::string> one_run = {"--no-config", "--now", kNow, "--base-url", kBaseUrl, "--format", "json"};
  for (const std::string& file : all_of(shards)) one_run.push_back(file);
  const CommandResult whole = run_cli(one_run);
  REQUIRE(whole.exit_code == 1);
  std::vector<std::string> files = check_partitions(dir, folders, 4);
  // In any order: each names its partition.
  std::swap(files[0], files[3]);
  const CommandResult merged = merge(folders, findings_options(files));
  CHECK(merged.exit_code == whole.exit_code);
  CHECK(merged.err == whole.err);
  CHECK(merged.out == whole.out);
  // Duplicates found in several partitions, and a file's past SM803's cap across them.
  CHECK(whole.out.find("\"SM803\"") != std::string::npos);
  CHECK(whole.out.find("more findings of this rule in this file are not shown") != std::string::npos);
}

TEST_CASE("shards: the merge of partitions counts a file with pages no hreflang link names") {
  // hreflang-alternate-not-listed speaks only in a set of two files with pages in the graph: b's
  // pages, which no link names, still count.
  TempDir dir;
  const std::string a = dir.write(
      "a.xml", urlset("  <url><loc>https://example.com/en</loc>"
                      "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/en\"/>"
                      "<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/de\"/></url>\n"));
  const std::string b = dir.write("b.xml", urlset("  <url><loc>https://example.com/other</loc></url>\n"));
  const std::vector<std::string> options = {"--select", "LANG505", "--partitions", "2"};
  const std::vector<std::string> folders = {(dir.path / "a").string(), (dir.path / "b").string()};
  REQUIRE(records({a}, folders[0], options).exit_code == 0);
  REQUIRE(records({b}, folders[1], options).exit_code == 0);
  std::vector<std::string> files;
  for (const std::string k : {"0", "1"}) {
    files.push_back((dir.path / ("found-" + k + ".json")).string());
    REQUIRE(merge(folders, {"--select", "LANG505", "--partition", k, "-o", files.back()}).exit_code == 0);
  }
  const CommandResult merged = merge(folders, findings_options(files, {"--format", "json", "--select", "LANG505"}));
  const CommandResult whole =
      run_cli({"--no-config", "--now", kNow, "--base-url", kBaseUrl, "--select", "LANG505", "--format", "json", a, b});
  CHECK(whole.out.find("\"LANG505\"") != std::string::npos);
  CHECK(merged.exit_code == whole.exit_code);
  CHECK(merged.out == whole.out);
}

// One <url> with hreflang links (code, href).
std::string hreflang_entry(const std::string& loc, const std::vector<std::pair<std::string, std::string>>& links) {
  std::string entry = "  <url><loc>" + loc + "</loc>";
  for (const auto& [code, href] : links)
    entry += "<xhtml:link rel=\"alternate\" hreflang=\"" + code + "\" href=\"" + href + "\"/>";
  return entry + "</url>\n";
}

TEST_CASE("shards: hreflang clusters across files, shards and partitions report as one run") {
  // Clusters of three and four pages, each page in another file and shard: one whole (with
  // x-default), one a page of which does not link back (LANG501, LANG503), one whose link names
  // another code than the page calls itself (LANG504), one whose alternate is listed without links
  // (LANG502), one whose alternate no file lists (LANG505), and a page listed as spelt otherwise.
  TempDir dir;
  const std::string u = "https://example.com/";
  const auto cluster = [&](const std::string& name, const std::vector<std::string>& codes) {
    std::vector<std::pair<std::string, std::string>> links;
    for (const std::string& code : codes) links.emplace_back(code, u + name + "/" + code);
    return links;
  };
  const auto whole = cluster("c1", {"en", "de", "fr"});
  auto with_default = whole;
  with_default.emplace_back("x-default", u + "c1/en");
  const auto three = cluster("c2", {"en", "de", "fr"});
  std::vector<std::string> files(4);
  files[0] = hreflang_entry(u + "c1/en", with_default) + hreflang_entry(u + "c2/en", three) +
             hreflang_entry(u + "c3/en", {{"en", u + "c3/en"}, {"fr", u + "c3/de"}}) +
             hreflang_entry(u + "c4/en", {{"en", u + "c4/en"}, {"de", u + "c4/de"}}) +
             hreflang_entry(u + "c5/en", {{"en", u + "c5/en"}, {"de", u + "unlisted/de"}});
  files[1] = hreflang_entry(u + "c1/de", with_default) + hreflang_entry("HTTPS://Example.com:443/c2/de", three) +
             hreflang_entry(u + "c3/de", {{"de", u + "c3/de"}, {"en", u + "c3/en"}}) + hreflang_entry(u + "c4/de", {});
  files[2] = hreflang_entry(u + "c1/fr", with_default) +
             hreflang_entry(u + "c2/fr", {{"fr", u + "c2/fr"}, {"de", u + "c2/de"}});
  files[3] = hreflang_entry(u + "c1/x", with_default) + hreflang_entry(u + "c5/fr", {{"fr", u + "c5/fr"}});
  std::vector<std::vector<std::string>> shards;
  for (std::size_t f = 0; f < files.size(); ++f)
    shards.push_back({dir.write("sitemap-h" + std::to_string(f) + ".xml", urlset(files[f]))});
  const std::vector<std::string> folders = make_shards(dir, shards, {"--partitions", "5"});
  std::vector<std::string> one_run = {"--no-config", "--now", kNow, "--base-url", kBaseUrl, "--format", "json"};
  for (const std::string& file : all_of(shards)) one_run.push_back(file);
  const CommandResult whole_run = run_cli(one_run);
  REQUIRE(whole_run.exit_code == 1);
  for (const std::string code : {"LANG501", "LANG502", "LANG503", "LANG504", "LANG505"}) {
    CAPTURE(code);
    CHECK(whole_run.out.find("\"" + code + "\"") != std::string::npos);
  }
  CHECK(merge(folders, {"--format", "json"}).out == whole_run.out);
  CHECK(merge(folders, findings_options(check_partitions(dir, folders, 5))).out == whole_run.out);
}

// The one-run JSON report of `files`, with `options`.
CommandResult one_run_json(const std::vector<std::string>& files, const std::vector<std::string>& options = {}) {
  std::vector<std::string> args = {"--no-config", "--now", kNow, "--base-url", kBaseUrl, "--format", "json"};
  args.insert(args.end(), options.begin(), options.end());
  args.insert(args.end(), files.begin(), files.end());
  return run_cli(args);
}

// Removes every record file of each shard (its partitions and its graph file), keeping its
// manifest (and the bytes of fetched files).
void remove_records(const std::vector<std::string>& folders) {
  std::vector<std::filesystem::path> records;
  for (const std::string& folder : folders) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
      if (entry.path().extension() == ".smrec") records.push_back(entry.path());
    }
  }
  REQUIRE(!records.empty());
  for (const auto& path : records) std::filesystem::remove(path);
}

TEST_CASE("shards: many hreflang clusters over many partitions report as one run, the merge reading no record") {
  // 90 clusters of 2 to 5 pages, each page in one of 6 files of 3 shards, with defects spread by
  // a fixed sequence: links left out (LANG501, LANG503), other codes (LANG504), alternates listed
  // without links (LANG502) or nowhere (LANG505), pages spelt otherwise. 7 partitions put most
  // pairs' two pages, and a pair's first link and its return, in different partitions. Some
  // pages are listed twice with different links, some on an internationalised host.
  TempDir dir;
  const std::string u = "https://example.com/";
  const std::vector<std::string> codes = {"en", "de", "fr", "es", "it"};
  std::vector<std::string> bodies(6);
  std::uint32_t seed = 12345;
  const auto next = [&seed](std::uint32_t n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % n;
  };
  for (std::size_t c = 0; c < 90; ++c) {
    const std::size_t size = 2 + next(4);
    for (std::size_t p = 0; p < size; ++p) {
      // Some clusters on an internationalised host: listed as written, linked in ASCII, so a
      // page's key for the graph is not the key of its URL as written.
      const bool idn = c % 9 == 4;
      const std::string path = "c" + std::to_string(c) + "/";
      const std::string loc = (idn ? "https://b\xC3\xBC"
                                     "cher.example/"
                                   : u) +
                              path + codes[p];
      std::vector<std::pair<std::string, std::string>> links;
      const std::uint32_t defect = next(12);
      for (std::size_t q = 0; q < size; ++q) {
        if (defect == 0 && q != p && q == (p + 1) % size) continue;  // no link to one alternate
        const std::string code = defect == 1 && q != p ? "pt" : codes[q];
        links.emplace_back(code, (idn ? "https://xn--bcher-kva.example/" : u) + path + codes[q]);
      }
      if (defect == 2) links.emplace_back("ja", u + "nowhere/" + std::to_string(c));
      std::string& body = bodies[(c + p * 5) % bodies.size()];
      // A page listed again in another file with links of its own: its cluster is of both.
      if (defect == 6)
        bodies[(c + p * 5 + 1) % bodies.size()] += hreflang_entry(loc, {links[0], {"ko", u + "ko/" + path}});
      if (defect == 3) {
        body += "  <url><loc>" + loc + "</loc></url>\n";  // listed without links
      } else if (defect == 4) {
        body += hreflang_entry("HTTPS://Example.com:443/c" + std::to_string(c) + "/" + codes[p], links);
      } else if (defect != 5) {  // 5: not listed at all
        body += hreflang_entry(loc, links);
      }
    }
  }
  std::vector<std::vector<std::string>> shards(3);
  for (std::size_t f = 0; f < bodies.size(); ++f)
    shards[f % 3].push_back(dir.write("sitemap-m" + std::to_string(f) + ".xml", urlset(bodies[f])));
  const std::vector<std::string> folders = make_shards(dir, shards, {"--partitions", "7"});
  const CommandResult whole = one_run_json(all_of(shards));
  REQUIRE(whole.exit_code == 1);
  for (const std::string code : {"LANG501", "LANG502", "LANG503", "LANG504", "LANG505"}) {
    CAPTURE(code);
    CHECK(whole.out.find("\"" + code + "\"") != std::string::npos);
  }
  CHECK(merge(folders, {"--format", "json"}).out == whole.out);
  const std::vector<std::string> files = check_partitions(dir, folders, 7);
  // The final merge reads the manifests and the partitions' findings alone.
  remove_records(folders);
  const CommandResult merged = merge(folders, findings_options(files));
  CHECK(merged.exit_code == whole.exit_code);
  CHECK(merged.err == whole.err);
  CHECK(merged.out == whole.out);
}

TEST_CASE("shards: a file past the cap of the hreflang rules across partitions reports as one run") {
  // 10,020 pages of a.xml each link an alternate b.xml lists without links (LANG502) and one no
  // file lists (LANG505): each partition finds some of them, and the merge shows the first
  // 10,000 of each rule and counts the rest, as one run does.
  TempDir dir;
  std::string a, b;
  for (std::size_t i = 0; i < 10'020; ++i) {
    const std::string page = "https://example.com/a/p" + std::to_string(i);
    const std::string listed = "https://example.com/b/p" + std::to_string(i);
    a += hreflang_entry(page, {{"en", page}, {"de", listed}, {"fr", "https://example.com/gone/p" + std::to_string(i)}});
    b += "  <url><loc>" + listed + "</loc></url>\n";
  }
  const std::vector<std::vector<std::string>> shards = {{dir.write("a.xml", urlset(a))},
                                                        {dir.write("b.xml", urlset(b))}};
  const std::vector<std::string> options = {"--select", "LANG502,LANG505"};
  std::vector<std::string> made = options;
  made.insert(made.end(), {"--partitions", "3"});
  const std::vector<std::string> folders = make_shards(dir, shards, made);
  const CommandResult whole = one_run_json(all_of(shards), options);
  std::vector<std::string> files;
  for (unsigned k = 0; k < 3; ++k) {
    files.push_back((dir.path / ("part-" + std::to_string(k) + ".json")).string());
    std::vector<std::string> step = options;
    step.insert(step.end(), {"--partition", std::to_string(k), "-o", files.back()});
    REQUIRE(merge(folders, step).exit_code == 0);
  }
  std::vector<std::string> more = options;
  more.insert(more.end(), {"--format", "json"});
  const CommandResult merged = merge(folders, findings_options(files, more));
  const std::string note = "20 more findings of this rule in this file are not shown";
  const std::size_t first_note = whole.out.find(note);
  REQUIRE(first_note != std::string::npos);
  CHECK(whole.out.find(note, first_note + 1) != std::string::npos);
  CHECK(merged.exit_code == whole.exit_code);
  CHECK(merged.out == whole.out);
}

TEST_CASE("shards: partition findings missing, cut short, repeated or of other shards are refused") {
  TempDir dir;
  const auto shards = write_set(dir);
  const std::vector<std::string> folders = make_shards(dir, shards);
  const std::vector<std::string> files = check_partitions(dir, folders, 4);
  const auto refused = [&](const std::vector<std::string>& given, const std::vector<std::string>& with,
                           const std::string& message) {
    CAPTURE(message);
    const CommandResult result = merge(given, findings_options(with));
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find(message) != std::string::npos);
  };
  refused(folders, {files[0], files[1], files[2]}, "the findings of partition 3 are missing");
  refused(folders, {files[0], files[1], files[2], files[2]}, "partition 2 again");
  // The shards in another order number their files otherwise.
  refused({folders[1], folders[0], folders[2]}, files,
          "the findings of other shards; check each partition of these shards, in this order");
  // The findings of a partition of the same files in shards of another partition count.
  TempDir two;
  const std::vector<std::string> halves = check_partitions(two, make_shards(two, shards, {"--partitions", "2"}), 2);
  refused(folders, {files[0], files[1], files[2], halves[1]},
          "the findings of a partition of shards of 2 partitions, where these shards have 4");
  const std::string part = files[1];
  std::ifstream in(part);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  dir.write("cut.json", text.substr(0, text.size() - 20));
  refused(folders, {files[0], (dir.path / "cut.json").string(), files[2], files[3]},
          "cut.json: not partition findings");
  refused(folders, {files[0], (dir.path / "none.json").string(), files[2], files[3]}, "none.json: cannot be read");
  // A file of the set that is not there: refused before anything is sized by it.
  nlohmann::json hostile = nlohmann::json::parse(text);
  hostile["rules"][0]["counts"].push_back({4000000000u, 1});
  dir.write("hostile.json", hostile.dump());
  refused(folders, {files[0], (dir.path / "hostile.json").string(), files[2], files[3]}, "file 4000000000 of a set of");
  // Findings of a rule that no partition checks, or of one rule twice, would be added unchecked.
  nlohmann::json other = nlohmann::json::parse(text);
  other["rules"][0]["rule"] = "SM101";
  dir.write("other.json", other.dump());
  refused(folders, {files[0], (dir.path / "other.json").string(), files[2], files[3]}, "SM101, which no partition");
  nlohmann::json twice = nlohmann::json::parse(text);
  twice["rules"].push_back(twice["rules"][0]);
  dir.write("twice.json", twice.dump());
  refused(folders, {files[0], (dir.path / "twice.json").string(), files[2], files[3]}, "twice)");
  // The first format held duplicate-across-sitemaps alone, and the merge ran the graph itself.
  nlohmann::json first = nlohmann::json::parse(text);
  first["format"] = 1;
  dir.write("first.json", first.dump());
  refused(folders, {files[0], (dir.path / "first.json").string(), files[2], files[3]},
          "partition findings format version 1; this sitemaplint reads version 2");
  // A shard without its graph file, which every partition reads.
  std::filesystem::remove(std::filesystem::path(folders[1]) / "graph" / "part-00000.smrec");
  const CommandResult no_graph = merge(folders, {"--partition", "0", "-o", (dir.path / "p0.json").string()});
  CHECK(no_graph.exit_code == 2);
  CHECK(no_graph.err.find("shard-1: its graph file (graph/part-00000.smrec) is missing") != std::string::npos);
  // A partition that is not the shards', and the two steps at once.
  const CommandResult beyond = merge(folders, {"--partition", "4", "-o", (dir.path / "p4.json").string()});
  CHECK(beyond.exit_code == 2);
  CHECK(beyond.err.find("partition 4 of shards of 4 partitions") != std::string::npos);
  const CommandResult no_file = merge(folders, {"--partition", "0"});
  CHECK(no_file.exit_code == 2);
  CHECK(no_file.err.find("-o FILE") != std::string::npos);
}

TEST_CASE("shards: fetched sitemaps travel with their shard, and merge as one run of the URLs") {
  // The merge cannot fetch a URL again to quote it: the shard keeps what was served.
  HttpTestServer server;
  const auto listing = [&](const std::string& name, const std::string& other) {
    return HttpResponse{200,
                        {{"Content-Type", "application/xml"}},
                        urlset("  <url><loc>" + server.url("/" + name + "/p") + "</loc></url>\n  <url><loc>" +
                               server.url(other) + "</loc></url>\n")};
  };
  server.route("/a.xml", listing("a", "/b/p"));
  server.route("/b.xml", listing("b", "/a/p"));
  TempDir dir;
  const std::string a = (dir.path / "a").string(), b = (dir.path / "b").string();
  REQUIRE(records({server.url("/a.xml")}, a).exit_code == 0);
  REQUIRE(records({server.url("/b.xml")}, b).exit_code == 0);
  const CommandResult whole =
      run_cli({"--no-config", "--now", kNow, "--base-url", kBaseUrl, server.url("/a.xml"), server.url("/b.xml")});
  const CommandResult merged = merge({a, b});
  CHECK(whole.exit_code == 1);
  CHECK(whole.out.find("SM803") != std::string::npos);
  CHECK(merged.exit_code == whole.exit_code);
  CHECK(merged.out == whole.out);
  // In steps too: the partitions quote the URLs from what the shards kept.
  CHECK(merge({a, b}, findings_options(check_partitions(dir, {a, b}, 16), {})).out == whole.out);
  CHECK(server.hits("/a.xml") == 2);  // the shard's fetch and the whole run's: none by the merge
}

TEST_CASE("shards: a damaged, unfinished or mismatched shard is refused with what is wrong") {
  TempDir dir;
  const auto shards = write_set(dir);
  const std::vector<std::string> folders = make_shards(dir, shards);
  const auto refused = [&](const std::vector<std::string>& given, const std::string& message) {
    CAPTURE(message);
    const CommandResult result = merge(given, {"--format", "json"});
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find(message) != std::string::npos);
  };
  // A partition cut short, by one byte or down to its header.
  const std::filesystem::path part = std::filesystem::path(folders[1]) / "part-00002.smrec";
  const auto size = std::filesystem::file_size(part);
  std::filesystem::resize_file(part, size - 1);
  refused(folders, "part-00002.smrec");
  std::filesystem::resize_file(part, 16);
  refused(folders, "part-00002.smrec");
  // A shard never finished: no manifest.
  std::filesystem::remove(std::filesystem::path(folders[2]) / "shard.json");
  refused({folders[0], folders[2]}, "not a finished shard");
  // Other settings, other partitions, a file in two shards.
  const std::string later = (dir.path / "later").string();
  REQUIRE(run_cli({"records", "--no-config", "--now", "2027-01-01T00:00:00Z", "--base-url", kBaseUrl, "-o", later,
                   shards[1][0]})
              .exit_code == 0);
  refused({folders[0], later}, "made with other settings");
  const std::string three = (dir.path / "three").string();
  REQUIRE(records({shards[1][0]}, three, {"--partitions", "3"}).exit_code == 0);
  refused({folders[0], three}, "3 partitions where the first shard has 4");
  refused({folders[0], folders[0]}, "too; a run lints a file once");
  // A manifest of another format version.
  const std::string future = (dir.path / "future").string();
  REQUIRE(records({shards[1][0]}, future, {"--partitions", "4"}).exit_code == 0);
  const std::filesystem::path manifest = std::filesystem::path(future) / "shard.json";
  std::ifstream in(manifest);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const auto at = text.find("\"format\": 2");
  REQUIRE(at != std::string::npos);
  text.replace(at, 11, "\"format\": 3");
  dir.write("future/shard.json", text);
  refused({folders[0], future}, "shard format version 3; this sitemaplint reads version 2");
  // Garbage where the manifest should be.
  dir.write("future/shard.json", "{\"format\": 2, \"files\": [");
  refused(
      {future},
      "not a shard manifest this sitemaplint can read (cut short or damaged at line 1, column 25: unexpected end of "
      "input; expected '[', '{', or a literal)");
  dir.write("future/shard.json", "{\"format\": 2}");
  refused({future}, "not a shard manifest this sitemaplint can read (no 'sitemaplint')");
  // A partition file missing, one of a shard of other partitions, one of another partition.
  const std::string four = (dir.path / "four").string();
  REQUIRE(records({shards[1][0]}, four, {"--partitions", "4"}).exit_code == 0);
  const std::filesystem::path part_1 = std::filesystem::path(four) / "part-00001.smrec";
  std::filesystem::remove(part_1);
  refused({four}, "part-00001.smrec: partition 1 of the shard is missing (its manifest says 4 partitions)");
  std::filesystem::copy_file(std::filesystem::path(three) / "part-00001.smrec", part_1);
  refused({four}, "part-00001.smrec: a partition of a shard of 3 partitions, where its manifest says 4");
  std::filesystem::remove(part_1);
  std::filesystem::copy_file(std::filesystem::path(four) / "part-00002.smrec", part_1);
  refused({four}, "part-00001.smrec: holds partition 2, not 1");
}

TEST_CASE("shards: an index and its own child in different shards report as one run of them") {
  // A run of them all lints the child once, as the input it is (or where it first meets it), with
  // what the checks on its index find: the merge keeps that copy, not the one the index's shard
  // followed, whose pages would otherwise be counted twice.
  TempDir dir;
  const std::string a =
      dir.write("idx/a.xml", urlset("  <url><loc>https://example.com/a/1</loc><lastmod>2026-05-01</lastmod></url>\n"
                                    "  <url><loc>https://example.com/a/2</loc></url>\n"));
  dir.write("idx/b.xml", urlset("  <url><loc>https://example.com/b/1</loc></url>\n"));
  const auto index = [&](const std::string& name, const std::string& lastmod) {
    return dir.write(name,
                     "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex "
                     "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                     "  <sitemap><loc>https://example.com/idx/a.xml</loc><lastmod>" +
                         lastmod +
                         "</lastmod></sitemap>\n"
                         "  <sitemap><loc>https://example.com/idx/b.xml</loc></sitemap>\n</sitemapindex>\n");
  };
  const std::string first = index("sitemap-index.xml", "2026-01-01");
  const std::string second = index("sitemap-index-2.xml", "2025-01-01");
  const std::string other = dir.write("sitemap-other.xml", urlset("  <url><loc>https://example.com/a/2</loc></url>\n"));
  const std::vector<std::vector<std::vector<std::string>>> sets = {
      {{first}, {a, other}}, {{a}, {first, other}}, {{first, other}, {second}}, {{a, second}, {first, other}}};
  for (std::size_t c = 0; c < sets.size(); ++c) {
    CAPTURE(c);
    const auto& shards = sets[c];
    TempDir work;
    const std::vector<std::string> folders = make_shards(work, shards);
    std::vector<std::string> one_run = {"--no-config", "--now", kNow, "--base-url", kBaseUrl, "--format", "json"};
    for (const std::string& file : all_of(shards)) one_run.push_back(file);
    const CommandResult whole = run_cli(one_run);
    REQUIRE(whole.exit_code == 1);
    // The child's URL that another file lists too: a duplicate across sitemaps, not within one.
    CHECK(whole.out.find("\"SM803\"") != std::string::npos);
    const CommandResult merged = merge(folders, {"--format", "json"});
    CHECK(merged.err == whole.err);
    CHECK(merged.out == whole.out);
    const CommandResult stepped = merge(folders, findings_options(check_partitions(work, folders, 4)));
    CHECK(stepped.out == whole.out);
  }
}

TEST_CASE("shards: merge --partition makes the folders of its -o FILE, and records --help is its own") {
  TempDir dir;
  const std::string file = dir.write("sitemap.xml", urlset("  <url><loc>https://example.com/</loc></url>\n"));
  const std::string shard = (dir.path / "shard").string();
  REQUIRE(records({file}, shard).exit_code == 0);
  const std::filesystem::path found = dir.path / "not" / "yet" / "part-0.json";
  const CommandResult checked = merge({shard}, {"--partition", "0", "-o", found.string()});
  CHECK_MESSAGE(checked.exit_code == 0, checked.err);
  CHECK(std::filesystem::is_regular_file(found));
  for (const std::string command : {"records", "merge"}) {
    const CommandResult help = run_cli({command, "--help"});
    CHECK(help.exit_code == 0);
    CHECK(help.out.starts_with("sitemaplint " + command + ": "));
    CHECK(help.out.find("Usage: sitemaplint " + command + " [OPTIONS]") != std::string::npos);
  }
  CHECK(run_cli({"--help"}).out.starts_with("sitemaplint: a fast, exact linter"));
}

TEST_CASE("shards: a linted file that merge cannot read again, or that changed, is refused") {
  // Relative paths are read from the folder records ran in: merge elsewhere quoted nothing.
  TempDir dir;
  dir.write("site/a.xml",
            "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            "<url><loc>https://example.com/x</loc></url>\n</urlset>\n");
  dir.write("site/b.xml",
            "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            "<url><loc>https://example.com/x</loc></url>\n</urlset>\n");
  const std::string site = (dir.path / "site").string();
  const CommandResult made =
      run_cli({"records", "--no-config", "--now", kNow, "-o", "shard", "a.xml", "b.xml"}, "", site);
  REQUIRE_MESSAGE(made.exit_code == 0, made.err);
  const CommandResult here = run_cli({"merge", "--no-config", "--now", kNow, "shard"}, "", site);
  CHECK(here.exit_code == 0);
  CHECK(here.out.find("warning[SM803 duplicate-across-sitemaps]") != std::string::npos);  // the URL is in both
  const CommandResult elsewhere = run_cli({"merge", "--no-config", "--now", kNow, "site/shard"}, "", dir.path.string());
  CHECK(elsewhere.exit_code == 2);
  CHECK(elsewhere.out.empty());
  CHECK(elsewhere.err ==
        "sitemaplint: error: merge: site/shard: a.xml cannot be read from here, to quote its "
        "findings; run merge in the folder records ran in (relative paths are read from it), or "
        "give records absolute paths\n");
  // A file edited after its shard was made would be quoted from its new bytes.
  dir.write("site/b.xml",
            "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            "<url><loc>https://example.com/xxxxxxxxxxxxxxx</loc></url>\n</urlset>\n");
  const CommandResult changed = run_cli({"merge", "--no-config", "--now", kNow, "shard"}, "", site);
  CHECK(changed.exit_code == 2);
  CHECK(changed.err ==
        "sitemaplint: error: merge: shard: b.xml has changed since its shard was made (its size or "
        "time differs); make the shard again\n");
}

TEST_CASE("shards: records refuses what one run of the whole set must read") {
  TempDir dir;
  const std::string file = dir.write("sitemap.xml", urlset("  <url><loc>https://example.com/</loc></url>\n"));
  const std::string robots = dir.write("robots.txt", "Sitemap: https://example.com/sitemap.xml\n");
  const CommandResult with_robots = records({file}, (dir.path / "s").string(), {"--robots", robots});
  CHECK(with_robots.exit_code == 2);
  CHECK(with_robots.err.find("records: a robots.txt") != std::string::npos);
  const CommandResult no_folder = run_cli({"records", "--no-config", file});
  CHECK(no_folder.exit_code == 2);
  CHECK(no_folder.err.find("records: give the shard's folder: -o DIR") != std::string::npos);
}

TEST_CASE("shards: the HTML report from shards made for it is one run's, and refused from others") {
  TempDir dir;
  const auto shards = write_set(dir);
  std::vector<std::string> one_run = {"--no-config", "--now", kNow, "--base-url", kBaseUrl, "--format", "html"};
  for (const std::string& file : all_of(shards)) one_run.push_back(file);
  const CommandResult whole = run_cli(one_run);
  REQUIRE(whole.out.find("<html") != std::string::npos);
  const std::vector<std::string> with_urls = make_shards(dir, shards, {"--partitions", "4", "--format", "html"});
  const CommandResult merged = merge(with_urls, {"--format", "html"});
  CHECK(merged.exit_code == whole.exit_code);
  CHECK(merged.err == whole.err);
  CHECK(merged.out == whole.out);
  // Shards made without the URLs cannot show them.
  TempDir other;
  const CommandResult refused = merge(make_shards(other, shards), {"--format", "html"});
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("merge: the HTML report shows each file's URLs, which these shards do not keep: make them "
                         "with 'sitemaplint records --format html'") != std::string::npos);
  CHECK(refused.out.empty());
}
