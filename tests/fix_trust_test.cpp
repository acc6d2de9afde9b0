// Fixes users can trust: --diff output that git apply and GNU patch apply as it is, giving exactly
// what --fix writes; --fix --diff writes nothing; symbolic links, line endings, standard input,
// long names; atomic under SIGKILL; owner and mode kept; read-only files, hard links, FIFOs and
// links out of a searched directory left alone; a misplaced XML declaration is an error with a
// safe fix for white space; and fixing is idempotent and never makes well-formed XML malformed.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <random>
#include <thread>

#include "run/fix.h"
#include "test_support.h"
#include "sanitizer_scale.h"

namespace fs = std::filesystem;
using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

const std::string kNs = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">";

// A broken sitemap with fixes near its start, in its middle and at its end (so the diff has
// separate hunks), ending without a final newline when `final_newline` is false.
std::string broken(const std::string& eol, bool final_newline) {
  std::string s = kNs + eol;
  s += "  <url><loc>https://example.com/a?x=1&y=2</loc><changefreq>Daily</changefreq></url>" + eol;
  for (int i = 0; i < 12; ++i) s += "  <url><loc>https://example.com/p" + std::to_string(i) + "</loc></url>" + eol;
  s += "  <url><loc>https://example.com/caf\xC3\xA9</loc></url>" + eol;
  for (int i = 0; i < 12; ++i) s += "  <url><loc>https://example.com/q" + std::to_string(i) + "</loc></url>" + eol;
  s += "  <url><loc>https://example.com/z</loc><priority>.5</priority><changefreq>WEEKLY</changefreq></url>" + eol;
  s += "</urlset>";
  if (final_newline) s += eol;
  return s;
}

bool tool_present(const std::string& tool) { return run_command("command -v " + tool + " >/dev/null").exit_code == 0; }

std::vector<std::string> temp_files_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string().starts_with(".sitemaplint-")) out.push_back(entry.path().string());
  }
  return out;
}

}  // namespace

TEST_CASE("fix trust: --diff applies with git apply and GNU patch, giving exactly what --fix writes") {
  for (const std::string missing : {"git", "patch"}) {
    if (!tool_present(missing)) {
      skip_test(missing + " is not installed");
      return;
    }
  }
  for (const bool crlf : {false, true}) {
    for (const bool final_newline : {true, false}) {
      CAPTURE(crlf);
      CAPTURE(final_newline);
      TempDir dir;
      const std::string text = broken(crlf ? "\r\n" : "\n", final_newline);
      const std::string fixed_path = dir.write("fixed/sitemap.xml", text);
      REQUIRE(run_cli({"--fix", fixed_path}).exit_code != 2);
      const std::string expected = read_file(fixed_path);
      REQUIRE(expected != text);

      dir.write("repo/sitemap.xml", text);
      const auto diff = run_cli({"--diff", "sitemap.xml"}, "", (dir.path / "repo").string());
      CHECK(diff.exit_code == 1);
      // Three lines of context; the declaration's insertion and the fix on line 2 share a hunk.
      CHECK(diff.out.find("\n@@ -1,5 +1,6 @@\n+<?xml version=\"1.0\" encoding=\"UTF-8\"?>") != std::string::npos);
      CHECK(diff.out.find("@@ -0,") == std::string::npos);
      const std::string repo = (dir.path / "repo").string();
      // An absolute path under the current directory is named relative to it, as git apply needs.
      CHECK(run_cli({"--diff", repo + "/sitemap.xml"}, "", repo).out == diff.out);
      const std::string patch = dir.write("sitemap.diff", diff.out);
      REQUIRE(run_command("cd '" + repo + "' && git init -q . && git apply '" + patch + "'").exit_code == 0);
      CHECK(read_file(repo + "/sitemap.xml") == expected);

      dir.write("plain/sitemap.xml", text);
      const std::string plain = (dir.path / "plain").string();
      const auto patched = run_command("cd '" + plain + "' && patch -s -p1 < '" + patch + "'");
      INFO(patched.out);
      CHECK(patched.exit_code == 0);
      CHECK(read_file(plain + "/sitemap.xml") == expected);
    }
  }
}

TEST_CASE("fix trust: --fix --diff shows the diff and writes nothing") {
  TempDir dir;
  const std::string text = broken("\n", true);
  const std::string path = dir.write("sitemap.xml", text);
  const auto result = run_cli({"--fix", "--diff", path});
  CHECK(result.exit_code == 1);
  CHECK(result.out.starts_with("--- " + path));
  CHECK(read_file(path) == text);
}

TEST_CASE("fix trust: through a symbolic link the target is fixed and the link kept") {
  TempDir dir;
  const std::string target = dir.write("real/sitemap.xml", broken("\n", true));
  const fs::path link = dir.path / "sitemap.xml";
  fs::create_symlink(target, link);
  REQUIRE(run_cli({"--fix", link.string()}).exit_code != 2);
  CHECK(fs::is_symlink(link));
  CHECK(read_file(target).starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
  CHECK(temp_files_in(dir.path / "real").empty());
}

TEST_CASE("fix trust: the inserted declaration ends as the file's lines do") {
  TempDir dir;
  const std::string path =
      dir.write("crlf.xml", kNs + "\r\n<url><loc>https://example.com/</loc></url>\r\n</urlset>\r\n");
  REQUIRE(run_cli({"--fix", path}).exit_code == 0);
  CHECK(read_file(path) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n" + kNs +
                               "\r\n<url><loc>https://example.com/</loc></url>\r\n</urlset>\r\n");
}

TEST_CASE("fix trust: --fix - prints the fixed text on standard output") {
  const std::string text = broken("\n", true);
  const auto result = run_cli({"--fix", "-", "--now", kTestNow}, text);
  CHECK(result.exit_code == 0);
  std::size_t applied = 0;
  CHECK(result.out == fix_until_stable("-", text, default_selection(), test_settings(), &applied));
  CHECK(result.out.starts_with("<?xml"));
  // What no fix touches is reported on standard error, one line a finding.
  CHECK(result.err ==
        "-:29:63: warning[SM106 child-out-of-order]: <changefreq> comes after <priority>; the schema's "
        "order is loc, lastmod, changefreq, priority, then extensions\n");
  // Something that cannot be fixed is reported on standard error, with the exit code.
  const auto rest = run_cli({"--fix", "-"}, kNs + "<url><loc>ftp://example.com/</loc></url></urlset>\n");
  CHECK(rest.exit_code == 1);
  CHECK(rest.err.find("SM203") != std::string::npos);
  CHECK(rest.out.starts_with("<?xml"));
  CHECK(run_cli({"--fix", "-", "other.xml"}, text).exit_code == 2);
}

TEST_CASE("fix trust: a file whose name is near the length limit is fixed") {
  TempDir dir;
  const std::string name = std::string(250, 'n') + ".xml";  // 254 bytes: NAME_MAX is 255
  const std::string path = dir.write(name, broken("\n", true));
  const auto result = run_cli({"--fix", path});
  INFO(result.err);
  CHECK(result.exit_code != 2);
  CHECK(read_file(path).starts_with("<?xml"));
}

TEST_CASE("fix trust: --fix is atomic when killed: the file is whole, original or fixed, and no temporary is left") {
  TempDir dir;
  std::string text = kNs + "\n";
  for (std::size_t i = 0; i < sized_for_build(60'000); ++i)
    text += "<url><loc>https://example.com/p" + std::to_string(i) + "?a=1&b=2</loc></url>\n";
  text += "</urlset>\n";
  const std::string reference = dir.write("reference/sitemap.xml", text);
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(run_cli({"--fix", reference}).exit_code != 2);
  const auto full = std::chrono::steady_clock::now() - start;
  const std::string fixed = read_file(reference);
  REQUIRE(fixed != text);
  std::mt19937 random(20261124);
  int original = 0, complete = 0, linked = 0;
  for (int round = 0; round < 20; ++round) {
    const std::string path = dir.write("work/sitemap.xml", text);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      ::execl(SITEMAPLINT_BINARY, "sitemaplint", "--fix", "--quiet", path.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    std::uniform_int_distribution<long long> when(0,
                                                  std::chrono::duration_cast<std::chrono::microseconds>(full).count());
    std::this_thread::sleep_for(std::chrono::microseconds(when(random)));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    const std::string now = read_file(path);
    CHECK((now == text || now == fixed));
    original += now == text;
    complete += now == fixed;
    // The file is written unnamed (O_TMPFILE), then given a name (reserved empty by mkstemp, then
    // linked) only to be renamed over the sitemap: a kill in those instants (a loaded machine
    // widens them) leaves that name, empty or holding the whole fixed file, never a part.
    for (const std::string& left : temp_files_in(dir.path / "work")) {
      const std::string held = read_file(left);
      CHECK((held.empty() || held == fixed));
      ++linked;
      fs::remove(left);
    }
  }
  MESSAGE("20 kills: " << original << " original, " << complete << " fixed, " << 20 - original - complete
                       << " partial; " << linked << " whole fixed copies left between link and rename");
}

TEST_CASE("fix trust: a misplaced XML declaration is an error, white space before it is fixed safely") {
  const FileReport after =
      lint_text(kNs + "<url><loc>https://example.com/</loc></url></urlset>\n<?xml version=\"1.0\"?>\n");
  CHECK(summarize(after) == std::vector<std::string>{"SM001 error 2:1"});
  const std::string spaced = "\n  \n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + kNs +
                             "<url><loc>https://example.com/</loc></url></urlset>\n";
  std::size_t applied = 0;
  const std::string fixed = fix_until_stable("s.xml", spaced, default_selection(), test_settings(), &applied);
  CHECK(fixed == spaced.substr(4));
  CHECK(lint_text(fixed).diagnostics.empty());
  // A comment before the declaration is not deleted: no fix.
  const FileReport commented = lint_text("<!-- x -->\n" + spaced.substr(4));
  REQUIRE(summarize(commented) == std::vector<std::string>{"SM001 error 2:1"});
  CHECK_FALSE(commented.diagnostics[0].fix);
  // "<?xml" inside a comment is no declaration: the missing one is still reported.
  const FileReport quoted =
      lint_text("<!-- <?xml version=\"1.0\"?> -->\n" + kNs + "<url><loc>https://example.com/</loc></url></urlset>\n");
  CHECK(summarize(quoted) == std::vector<std::string>{"SM005 warning 1:1"});
}

TEST_CASE("fix trust: fixing is idempotent and never makes well-formed XML malformed (generated sitemaps)") {
  // Each entry picks a few defects the fixes handle, and some they do not.
  const std::vector<std::string> locs = {"https://example.com/ok",
                                         " https://example.com/space ",
                                         "https://example.com/a?b=1&c=2",
                                         "https://example.com/caf\xC3\xA9",
                                         "https://example.com/it's",
                                         "<![CDATA[https://example.com/x]]>",
                                         "https://example.com/&quot;q&quot;",
                                         "https://example.com/<!-- c -->split",
                                         "ftp://example.com/no"};
  const std::vector<std::string> extras = {"",
                                           "<changefreq>Daily</changefreq>",
                                           "<priority>.5</priority>",
                                           "<lastmod>2024-05-01t10:00:00z</lastmod>",
                                           "<lastmod>2024-05-01T10:00Z</lastmod>",
                                           "<priority> 0.3 </priority>",
                                           "<changefreq>never</changefreq>"};
  std::mt19937 random(7);
  for (int round = 0; round < 200; ++round) {
    std::string text = random() % 2 ? "" : "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    text += random() % 3 ? kNs : "<urlset xmlns=\"https://www.sitemaps.org/schemas/sitemap/0.9\">";
    text += random() % 2 ? "\r\n" : "\n";
    const int entries = 1 + static_cast<int>(random() % 5);
    for (int e = 0; e < entries; ++e) {
      text += "<url><loc>" + locs[random() % locs.size()] + "</loc>" + extras[random() % extras.size()] + "</url>\n";
    }
    text += "</urlset>";
    if (random() % 2) text += "\n<!-- trailing -->";
    CAPTURE(text);
    std::size_t applied = 0;
    const std::string once = fix_until_stable("g.xml", text, default_selection(), test_settings(), &applied);
    const std::string twice = fix_until_stable("g.xml", once, default_selection(), test_settings(), &applied);
    CHECK(twice == once);
    CHECK(applied == 0);
    const FileReport fixed = lint_text(once);
    const bool malformed = std::any_of(fixed.diagnostics.begin(), fixed.diagnostics.end(),
                                       [](const Diagnostic& d) { return d.rule->code == "SM001"; });
    CHECK_FALSE(malformed);
  }
}

TEST_CASE("fix trust: the fixed file keeps its owner and mode") {
  TempDir dir;
  const std::string path = dir.write("sitemap.xml", broken("\n", true));
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  // Only root can hand a file to someone else; another user checks the mode alone.
  const bool root = ::geteuid() == 0;
  if (root) REQUIRE(::chown(path.c_str(), 4321, 8765) == 0);
  else MESSAGE("not root: the owner is not changed, only the mode is checked");
  struct stat before {};
  REQUIRE(::stat(path.c_str(), &before) == 0);
  REQUIRE(run_cli({"--fix", path}).exit_code != 2);
  struct stat after {};
  REQUIRE(::stat(path.c_str(), &after) == 0);
  CHECK(read_file(path).starts_with("<?xml"));
  CHECK(after.st_ino != before.st_ino);  // replaced, not written in place
  CHECK(after.st_uid == before.st_uid);
  CHECK(after.st_gid == before.st_gid);
  CHECK((after.st_mode & 07777) == 0640);
}

TEST_CASE("fix trust: a read-only file, or one with hard links, is left as it is and the run says why") {
  TempDir dir;
  const std::string text = broken("\n", true);
  const std::string readonly = dir.write("readonly/sitemap.xml", text);
  fs::permissions(readonly, fs::perms::owner_read | fs::perms::group_read);
  const std::string linked = dir.write("linked/sitemap.xml", text);
  fs::create_hard_link(linked, dir.path / "linked" / "copy.xml");
  const auto result = run_cli({"--fix", "--quiet", readonly, linked});
  CHECK(result.exit_code == 1);  // the findings are reported as they are
  CHECK(result.err == "sitemaplint: " + readonly + ": read-only (no write permission); not fixed\n" +
                          "sitemaplint: " + linked +
                          ": has 2 hard links, and fixing it would break them; not fixed "
                          "(--diff shows the fixes, to apply by hand)\n");
  CHECK(read_file(readonly) == text);
  CHECK(read_file(linked) == text);
  CHECK(fs::hard_link_count(linked) == 2);
  CHECK(fs::equivalent(linked, dir.path / "linked" / "copy.xml"));
  // --diff writes nothing: it shows the fixes of both.
  const auto diff = run_cli({"--diff", readonly, linked});
  CHECK(diff.exit_code == 1);
  CHECK(diff.out.find("+++ " + readonly) != std::string::npos);
  CHECK(diff.out.find("+++ " + linked) != std::string::npos);
}

TEST_CASE("fix trust: a FIFO is never opened for fixing, nor replaced") {
  TempDir dir;
  const std::string fifo = (dir.path / "sitemap.xml").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  // No writer: opening it would block for ever (the timeout ends the run then, exit 124).
  const auto diff = run_command("timeout 20 " + shell_quote(SITEMAPLINT_BINARY) + " --diff " + shell_quote(fifo));
  CHECK(diff.exit_code == 0);
  CHECK(diff.out == "sitemaplint: " + fifo + ": not a regular file; only regular files are fixed\n");
  // With a writer, --fix still neither reads it (a FIFO is no input: exit 2) nor replaces it.
  const auto fixed = run_command(
      "(timeout 5 sh -c " + shell_quote("printf '%s' " + shell_quote(broken("\n", true)) + " > " + shell_quote(fifo)) +
      " &) && timeout 20 " + shell_quote(SITEMAPLINT_BINARY) + " --fix --quiet " + shell_quote(fifo));
  CHECK(fixed.exit_code == 2);
  CHECK(fixed.out.find("sitemaplint: " + fifo + ": not a regular file; only regular files are fixed\n") == 0);
  CHECK(fixed.out.find("sitemaplint: error: " + fifo +
                       ": is a FIFO, not a regular file; only regular files are read") != std::string::npos);
  CHECK(fs::is_fifo(fifo));
}

TEST_CASE("fix trust: --fix over a directory never rewrites a file outside it that a symbolic link there names") {
  TempDir dir;
  const std::string text = broken("\n", true);
  const std::string outside = dir.write("outside/sitemap.xml", text);
  const std::string inside = dir.write("site/sitemap.xml", text);
  const std::string sibling = dir.write("site/sub/real-sitemap.xml", text);
  fs::create_symlink(outside, dir.path / "site" / "linked-sitemap.xml");
  fs::create_symlink("real-sitemap.xml", dir.path / "site" / "sub" / "alias-sitemap.xml");  // inside: fixed
  const std::string site = (dir.path / "site").string();
  const auto result = run_cli({"--fix", "--quiet", site});
  CHECK(result.exit_code == 1);  // the outside file's findings are still reported
  CHECK(result.err.find("sitemaplint: " + site + "/linked-sitemap.xml: a symbolic link to a file outside " + site +
                        "; linted, never rewritten\n") == 0);
  CHECK(read_file(outside) == text);
  CHECK(read_file(inside).starts_with("<?xml"));
  CHECK(read_file(sibling).starts_with("<?xml"));
  CHECK(fs::is_symlink(dir.path / "site" / "linked-sitemap.xml"));
  CHECK(result.out.find(site + "/linked-sitemap.xml:") != std::string::npos);
  // Named on the command line, the link is followed as before: its target is fixed.
  REQUIRE(run_cli({"--fix", site + "/linked-sitemap.xml"}).exit_code != 2);
  CHECK(read_file(outside).starts_with("<?xml"));
}
