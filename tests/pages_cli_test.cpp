// --pages end to end through the binary: a build folder, a sitemap, and what each listed URL
// leads to, reported on the sitemap's lines with the page file as the related location; the
// options it needs, the config keys, and a build folder that a path or a link tries to leave.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// "CODE line:col" for each finding, with " -> path line:col" for a related location in a page.
std::string findings_in(const std::string& json_text) {
  std::string out;
  const auto report = nlohmann::json::parse(json_text);
  for (const auto& file : report["files"]) {
    for (const auto& d : file["diagnostics"]) {
      if (!out.empty()) out += ", ";
      out += d["code"].get<std::string>() + " " + std::to_string(d["line"].get<int>()) + ":" +
             std::to_string(d["column"].get<int>());
      if (d.contains("related") && d["related"].contains("path")) {
        out += " -> " + d["related"]["path"].get<std::string>() + " " +
               std::to_string(d["related"]["line"].get<int>()) + ":" +
               std::to_string(d["related"]["column"].get<int>());
      }
    }
  }
  return out;
}

const std::vector<std::string> kBase = {
    "--no-config", "--format", "json", "--select", "PAGE", "--base-url", "https://example.com/sitemap.xml"};

std::vector<std::string> with(std::vector<std::string> more) {
  std::vector<std::string> args = kBase;
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

}  // namespace

TEST_CASE("pages cli: a Content-Type charset from _headers decodes the page before its own declaration") {
  TempDir dir;
  // windows-1252 bytes, no meta charset: read as UTF-8 they are invalid, and the canonical wrong.
  dir.write("public/caf\xC3\xA9/index.html",
            "<!DOCTYPE html><html><head><title>Caf\xE9</title>"
            "<link rel=\"canonical\" href=\"https://example.com/caf\xE9/\"></head></html>\n");
  dir.write("public/sitemap.xml", urlset({"https://example.com/caf%C3%A9/"}));
  const auto plain =
      run_cli(with({"--pages", "--root", "public", "--host", "netlify", "public/sitemap.xml"}), "", dir.path.string());
  CHECK(findings_in(plain.out) ==
        "PAGE104 3:13 -> public/caf\xC3\xA9/index.html 1:38, PAGE202 3:13 -> public/caf\xC3\xA9/index.html 1:47");
  dir.write("public/_headers", "/*\n  Content-Type: text/html; charset=windows-1252\n");
  const auto run =
      run_cli(with({"--pages", "--root", "public", "--host", "netlify", "public/sitemap.xml"}), "", dir.path.string());
  INFO(run.out, run.err);
  CHECK(run.exit_code == 0);
  CHECK(findings_in(run.out).empty());
}

TEST_CASE("pages cli: each listed URL against the build, the page's line as the related location") {
  TempDir dir;
  dir.write("public/index.html", "<!DOCTYPE html><html><head><title>Home</title></head></html>\n");
  dir.write("public/draft/index.html",
            "<!DOCTYPE html>\n<html>\n<head>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n</html>\n");
  dir.write("public/docs/index.html", "<!DOCTYPE html><title>Docs</title>\n");
  dir.write("public/sitemap.xml",
            urlset({"https://example.com/", "https://example.com/draft/", "https://example.com/docs",
                    "https://example.com/gone/", "https://other.example.org/gone/"}));
  const auto run = run_cli(with({"--pages", "--root", "public", "public/sitemap.xml"}), "", dir.path.string());
  INFO(run.out, run.err);
  CHECK(run.exit_code == 1);
  CHECK(findings_in(run.out) == "PAGE201 4:13 -> public/draft/index.html 4:1, PAGE103 5:13, PAGE101 6:13");
  // Without --pages nothing of it runs.
  const auto off = run_cli(with({"--root", "public", "public/sitemap.xml"}), "", dir.path.string());
  CHECK(findings_in(off.out).empty());
  // The fix lists the page a redirect leads to, and a second run finds nothing to fix.
  const auto fixed =
      run_cli(with({"--pages", "--root", "public", "--fix", "public/sitemap.xml"}), "", dir.path.string());
  CHECK(fixed.exit_code == 1);  // the other findings have no fix
  CHECK(read_file((dir.path / "public/sitemap.xml").string()).find("<loc>https://example.com/docs/</loc>") !=
        std::string::npos);
}

TEST_CASE("pages cli: --pages needs --root and --base-url, or a site to fetch, and --host takes the hosts' names") {
  TempDir dir;
  dir.write("public/sitemap.xml", urlset({"https://example.com/"}));
  // Without --root the live site is fetched (tests/live_pages_test.cpp), which needs its origin.
  const auto no_root = run_cli({"--no-config", "--pages", "public/sitemap.xml"}, "", dir.path.string());
  CHECK(no_root.exit_code == 2);
  CHECK(no_root.err.find("--pages without --root fetches the live site: it needs --base-url URL") != std::string::npos);
  const auto no_base =
      run_cli({"--no-config", "--pages", "--root", "public", "public/sitemap.xml"}, "", dir.path.string());
  CHECK(no_base.exit_code == 2);
  CHECK(no_base.err.find("--pages needs --base-url URL") != std::string::npos);
  const auto bad_host =
      run_cli(with({"--pages", "--root", "public", "--host", "heroku", "public/sitemap.xml"}), "", dir.path.string());
  CHECK(bad_host.exit_code == 2);
  CHECK(bad_host.err.find("heroku") != std::string::npos);
}

TEST_CASE("pages cli: pages = true and host = in sitemaplint.toml") {
  TempDir dir;
  dir.write("sitemaplint.toml",
            "base-url = \"https://example.com/sitemap.xml\"\nroot = \"public\"\npages = true\nhost = \"netlify\"\n");
  dir.write("public/about.html", "<!DOCTYPE html><title>About</title>\n");
  dir.write("public/sitemap.xml", urlset({"https://example.com/about", "https://example.com/about/"}));
  const auto run = run_cli({"--format", "json", "--select", "PAGE", "public/sitemap.xml"}, "", dir.path.string());
  INFO(run.out, run.err);
  CHECK(findings_in(run.out) == "PAGE103 4:13");  // Netlify serves about.html at /about, and redirects /about/
}

TEST_CASE("pages cli: nothing outside the build folder is read, by a path or by a link") {
  TempDir dir;
  dir.write("secret/index.html", "<!DOCTYPE html><meta name=robots content=noindex>\n");
  dir.write("public/index.html", "<!DOCTYPE html><title>Home</title>\n");
  std::filesystem::create_directory_symlink(dir.path / "secret", dir.path / "public/linked");
  dir.write("public/sitemap.xml", urlset({"https://example.com/linked/", "https://example.com/%2E%2E/secret/",
                                          "https://example.com/..%2Fsecret/"}));
  const auto run = run_cli(with({"--pages", "--root", "public", "public/sitemap.xml"}), "", dir.path.string());
  INFO(run.out, run.err);
  // The link's target is outside: not read, neither for its noindex (no PAGE201) nor as a missing
  // page (no PAGE101), and not walked for coverage, which finds the one page inside. The link and
  // the paths that name no file are each reported as not read, and why.
  CHECK(findings_in(run.out) == "PAGE401 2:1, PAGE104 3:13, PAGE104 4:13, PAGE104 5:13");
  CHECK(run.out.find("1 indexable page of the build is in no sitemap: 'https://example.com/' (public/index.html)") !=
        std::string::npos);
  const auto messages = nlohmann::json::parse(run.out)["files"][0]["diagnostics"];
  REQUIRE(messages.size() == 4);
  CHECK(messages[1]["message"] ==
        "'https://example.com/linked/' is listed, but its page is not read: public/linked is a symbolic link that "
        "leads outside the build folder (--root public), and nothing outside it is read; no page rule checks it");
  CHECK(messages[2]["message"] ==
        "'https://example.com/%2E%2E/secret/' is listed, but its page is not read: its path names no file (an "
        "encoded '/', a NUL or a '..' segment); no page rule checks it");
  // A link to a page outside, and a link inside a folder of the build: the same, by whichever file
  // the host would serve.
  std::filesystem::create_symlink(dir.path / "secret/index.html", dir.path / "public/page.html");
  dir.write("public/docs/index.html", "<!DOCTYPE html><title>Docs</title>\n");
  std::filesystem::create_directory_symlink(dir.path / "secret", dir.path / "public/docs/more");
  dir.write("public/sitemap.xml",
            urlset({"https://example.com/page.html", "https://example.com/docs/more/", "https://example.com/docs/"}));
  const auto files = run_cli(with({"--pages", "--root", "public", "public/sitemap.xml"}), "", dir.path.string());
  INFO(files.out, files.err);
  CHECK(findings_in(files.out) == "PAGE401 2:1, PAGE104 3:13, PAGE104 4:13");
  CHECK(files.out.find("public/page.html is a symbolic link that leads outside") != std::string::npos);
  CHECK(files.out.find("public/docs/more is a symbolic link that leads outside") != std::string::npos);
}

TEST_CASE("pages cli: the build folder's files are named alike however --root is written") {
  TempDir dir;
  dir.write("public/a/index.html", "<!DOCTYPE html><meta name=robots content=noindex>\n");
  dir.write("public/sitemap.xml", urlset({"https://example.com/a/"}));
  for (const char* root : {"public", "./public", "public/", "./public/./", ".//public"}) {
    CAPTURE(root);
    const auto run = run_cli(with({"--pages", "--root", root, "public/sitemap.xml"}), "", dir.path.string());
    CHECK(findings_in(run.out) == "PAGE201 3:13 -> public/a/index.html 1:16");
    CHECK(nlohmann::json::parse(run.out)["pages"]["source"] == "public as a plain web server serves it");
  }
  // From inside the build, "." and "./" name its files by their relative paths.
  for (const char* root : {".", "./"}) {
    CAPTURE(root);
    const auto run = run_cli(with({"--pages", "--root", root, "sitemap.xml"}), "", (dir.path / "public").string());
    CHECK(findings_in(run.out) == "PAGE201 3:13 -> a/index.html 1:16");
    CHECK(nlohmann::json::parse(run.out)["pages"]["source"] == ". as a plain web server serves it");
  }
}

TEST_CASE("pages cli: the summary counts what the URLs led to, and coverage lists the unlisted pages") {
  TempDir dir;
  dir.write("public/index.html", "<!DOCTYPE html><html><head><title>Home</title></head></html>\n");
  dir.write("public/a/index.html", "<!DOCTYPE html><html><head><title>A</title></head></html>\n");
  dir.write("public/b.html", "<!DOCTYPE html><html><head><title>B</title></head></html>\n");
  dir.write("public/hidden/index.html",
            "<!DOCTYPE html><html><head><meta name=\"robots\" content=\"noindex\"></head></html>\n");
  dir.write("public/copy/index.html",
            "<!DOCTYPE html><html><head><link rel=\"canonical\" href=\"https://example.com/\"></head></html>\n");
  dir.write("public/404.html", "<!DOCTYPE html><title>Not found</title>\n");
  dir.write("public/.well-known/x.html", "<!DOCTYPE html><title>X</title>\n");
  // Listed twice, and one URL in two fields: each URL is counted once.
  dir.write("public/sitemap.xml", urlset({"https://example.com/", "https://example.com/", "https://example.com/gone/",
                                          "https://cdn.example.net/x/", "https://cdn.example.net/y/"}));
  const std::vector<std::string> pages = {
      "--no-config", "--select", "PAGE",  "--base-url", "https://example.com/sitemap.xml",
      "--pages",     "--root",   "public"};
  // One job (no read-ahead: the build is walked when first asked) and two (walked beside the reading).
  for (const char* jobs : {"1", "2"}) {
    std::vector<std::string> human = pages;
    human.insert(human.end(), {"--jobs", jobs, "--color", "never", "public/sitemap.xml"});
    const auto text = run_cli(human, "", dir.path.string());
    INFO(jobs, text.out, text.err);
    CHECK(text.exit_code == 1);  // PAGE101 for the missing page
    CHECK(text.out.find("Pages of public as a plain web server serves it: 2 listed URLs checked (1 served, 1 missing); "
                        "2 URLs on other origins not checked; 2 indexable pages in no sitemap.") != std::string::npos);
    CHECK(text.out.find("info[PAGE401 page-not-listed]: 2 indexable pages of the build are in no sitemap: "
                        "'https://example.com/a/' (public/a/index.html), 'https://example.com/b.html' (public/b.html); "
                        "list them, or mark them noindex (--coverage reports each)") != std::string::npos);
  }

  std::vector<std::string> json = pages;
  json.insert(json.end(), {"--format", "json", "public/sitemap.xml"});
  const auto report = nlohmann::json::parse(run_cli(json, "", dir.path.string()).out);
  const auto& summary = report["pages"];
  CHECK(summary["checked"] == 2);
  CHECK(summary["served"] == 1);
  CHECK(summary["missing"] == 1);
  CHECK(summary["other_origin"] == 2);
  REQUIRE(summary["unlisted"].size() == 2);
  CHECK(summary["unlisted"][0]["url"] == "https://example.com/a/");
  CHECK(summary["unlisted"][1]["file"] == "public/b.html");

  // --coverage (or coverage = true): one finding a page, the page file its related location.
  std::vector<std::string> each = json;
  each.insert(each.end() - 1, "--coverage");
  CHECK(findings_in(run_cli(each, "", dir.path.string()).out) ==
        "PAGE401 2:1 -> public/a/index.html 1:1, PAGE401 2:1 -> public/b.html 1:1, PAGE101 5:13");
  dir.write("sitemaplint.toml", "coverage = true\n");
  std::vector<std::string> configured = each;
  configured.erase(configured.begin());  // the config, not --no-config
  configured.erase(std::find(configured.begin(), configured.end(), "--coverage"));
  CHECK(findings_in(run_cli(configured, "", dir.path.string()).out) ==
        "PAGE401 2:1 -> public/a/index.html 1:1, PAGE401 2:1 -> public/b.html 1:1, PAGE101 5:13");

  // The HTML report's pages section.
  std::vector<std::string> html = pages;
  html.insert(html.end(), {"--format", "html", "public/sitemap.xml"});
  const std::string page = run_cli(html, "", dir.path.string()).out;
  CHECK(page.find("<section id=\"pages\" data-checked=\"2\" data-unlisted=\"2\">") != std::string::npos);
  CHECK(page.find("<tr><td>https://example.com/b.html</td><td>public/b.html</td></tr>") != std::string::npos);
}

TEST_CASE("pages cli: the options of --pages are refused without it, not ignored") {
  TempDir dir;
  dir.write("sitemap.xml", urlset({"https://example.com/"}));
  for (const std::vector<std::string>& given : {std::vector<std::string>{"--coverage"},
                                                {"--host", "netlify"},
                                                {"--sample", "3"},
                                                {"--max-urls", "3"},
                                                {"--rate", "2"},
                                                {"--pages-log", "log.jsonl"},
                                                {"--cache", "kept"}}) {
    std::vector<std::string> args = given;
    args.push_back("sitemap.xml");
    const auto run = run_cli(args, "", dir.path.string());
    INFO(given.front(), run.err);
    CHECK(run.exit_code == 2);
    CHECK(run.err.find(given.front() + " takes effect with --pages only (or pages = true in the config)") !=
          std::string::npos);
  }
  // With pages = true in the config they apply.
  dir.write("sitemaplint.toml", "pages = true\nroot = \".\"\nbase-url = \"https://example.com/sitemap.xml\"\n");
  dir.write("index.html", "<!DOCTYPE html><title>Home</title>\n");
  CHECK(run_cli({"--coverage", "sitemap.xml"}, "", dir.path.string()).exit_code == 0);
}

TEST_CASE("pages cli: --host and --coverage are refused for the live site, which they say nothing of") {
  for (const std::vector<std::string>& given : {std::vector<std::string>{"--host", "netlify"}, {"--coverage"}}) {
    std::vector<std::string> args = {"--pages"};
    args.insert(args.end(), given.begin(), given.end());
    args.push_back("https://example.com/sitemap.xml");
    const auto run = run_cli(args);
    CAPTURE(given.front());
    CHECK(run.exit_code == 2);
    CHECK(run.err.find(given.front() == "--host"
                           ? "--host: says how a host serves the build under --root; the live site is fetched as it "
                             "is served"
                           : "--coverage: compares the build's pages under --root with the sitemaps; the live site "
                             "has no list of its pages to compare with") != std::string::npos);
  }
}

TEST_CASE("pages cli: a User-Agent of more than one line is refused: it would add headers to every request") {
  for (const std::string agent : {std::string("x\r\nX-Injected: 1"), std::string("a\nb"), std::string()}) {
    const auto run = run_cli({"--pages", "--user-agent", agent, "https://example.com/sitemap.xml"});
    CAPTURE(agent);
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("--user-agent: expected one line of text (no line break or other control character)") !=
          std::string::npos);
  }
}

TEST_CASE("pages cli: a netlify.toml beside or above the build is named as not read, not passed over in silence") {
  TempDir dir;
  dir.write("public/index.html", "<!DOCTYPE html><title>Home</title>\n");
  dir.write("public/sitemap.xml", urlset({"https://example.com/"}));
  dir.write("netlify.toml", "[[redirects]]\nfrom = \"/about/\"\nto = \"/contact\"\nforce = true\n");
  const auto run =
      run_cli(with({"--pages", "--root", "public", "--host", "netlify", "public/sitemap.xml"}), "", dir.path.string());
  INFO(run.out, run.err);
  CHECK(run.exit_code == 0);
  CHECK(run.err.find("netlify.toml: its [[redirects]] and [[headers]] are not read; the pages are worked out from the "
                     "build's _redirects and _headers only\n") != std::string::npos);
  // Another host does not read it: nothing to say.
  const auto plain = run_cli(with({"--pages", "--root", "public", "public/sitemap.xml"}), "", dir.path.string());
  CHECK(plain.err.find("netlify.toml") == std::string::npos);
}

TEST_CASE("pages cli: a host's configuration that cannot be read is named once, and the run goes on") {
  TempDir dir;
  dir.write("public/index.html", "<!DOCTYPE html><title>Home</title>\n");
  dir.write("public/about.html", "<!DOCTYPE html><title>About</title>\n");
  dir.write("public/vercel.json", "{\n  \"cleanUrls\": true,\n}\n");
  dir.write("public/sitemap.xml", urlset({"https://example.com/", "https://example.com/about.html"}));
  const auto run =
      run_cli(with({"--pages", "--root", "public", "--host", "vercel", "public/sitemap.xml"}), "", dir.path.string());
  INFO(run.out, run.err);
  CHECK(run.exit_code == 0);  // read without its cleanUrls, /about.html is served as it is
  CHECK(run.err.find("sitemaplint: public/vercel.json: not JSON (line 3, column 1); Vercel would not deploy it, and "
                     "it is not read\n") != std::string::npos);
  // Fixed, the same sitemap meets cleanUrls' redirect.
  dir.write("public/vercel.json", "{\n  \"cleanUrls\": true\n}\n");
  const auto fixed =
      run_cli(with({"--pages", "--root", "public", "--host", "vercel", "public/sitemap.xml"}), "", dir.path.string());
  CHECK(findings_in(fixed.out) == "PAGE103 4:13");
  CHECK(fixed.err.find("vercel.json") == std::string::npos);

  dir.write("public/_headers", "X-Robots-Tag: noindex\n/about\n  X-Robots-Tag: noindex\n");
  const auto netlify =
      run_cli(with({"--pages", "--root", "public", "--host", "netlify", "public/sitemap.xml"}), "", dir.path.string());
  INFO(netlify.err);
  CHECK(netlify.err.find("sitemaplint: public/_headers line 1: a header before any path; left out\n") !=
        std::string::npos);
  CHECK(findings_in(netlify.out).empty());  // /about.html is not /about on Netlify
}

// The read-ahead splits a sitemap's URLs between the threads (a chunk of 64 at a time), and the
// rules ask from the first forwards: what a run reports must not depend on how many threads read.
// A generated build of 600 pages with something wrong on a page in three, in two folders' forms
// and behind a Netlify _redirects file, and a sitemap whose URLs span many chunks.
TEST_CASE("pages cli: a generated build reports the same bytes at --jobs 1, 2 and 4") {
  TempDir dir;
  constexpr int kPages = 600;
  std::vector<std::string> listed;
  std::string redirects;
  for (int i = 0; i < kPages; ++i) {
    const std::string n = std::to_string(i);
    // Every fifth page a folder of its own ("/f/5/"), the others files ("/p/1.html").
    const bool folder = i % 5 == 0;
    const std::string path = folder ? "/f/" + n + "/" : "/p/" + n + ".html";
    const std::string file = folder ? "public/f/" + n + "/index.html" : "public/p/" + n + ".html";
    const std::string other = "https://example.com/p/" + std::to_string((i + 1) % kPages) + ".html";
    std::string head = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>Page " + n + "</title>\n";
    if (i % 7 == 3) head += "<meta name=\"robots\" content=\"noindex\">\n";
    if (i % 11 == 4) head += "<link rel=\"canonical\" href=\"" + other + "\">\n";
    if (i % 17 == 5) head += "<meta http-equiv=\"refresh\" content=\"0; url=" + other + "\">\n";
    if (i % 19 == 6) head += "<meta charset=\"utf-8\"><meta name=\"description\" content=\"caf\xE9\">\n";
    if (i % 23 == 7) head += "<link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/de/" + n + "\">\n";
    if (i % 13 != 8) dir.write(file, head + "</head>\n<body><p>Page " + n + "</p></body>\n</html>\n");  // else a 404
    if (i % 29 == 9) redirects += "/old/" + n + " " + path + " 301\n";
    // Every 31st page built but not listed (coverage); a redirect listed in its place.
    listed.push_back(i % 31 == 10 ? "https://example.com/old/" + n : "https://example.com" + path);
  }
  dir.write("public/_redirects", redirects);
  dir.write("public/sitemap.xml", urlset(listed));
  for (const char* format : {"json", "human"}) {
    std::string first;
    for (const char* jobs : {"1", "2", "4"}) {
      const auto run = run_cli({"--no-config", "--select", "PAGE", "--base-url", "https://example.com/sitemap.xml",
                                "--pages", "--root", "public", "--host", "netlify", "--coverage", "--color", "never",
                                "--format", format, "--jobs", jobs, "public/sitemap.xml"},
                               "", dir.path.string());
      INFO(std::string(format), " --jobs ", std::string(jobs), "\n", run.err);
      CHECK(run.exit_code == 1);
      if (first.empty()) {
        first = run.out;
        // Something of each kind, so that an order that changed would show.
        for (const char* code : {"PAGE101", "PAGE103", "PAGE104", "PAGE201", "PAGE202", "PAGE401"})
          CHECK(first.find(code) != std::string::npos);
      } else {
        CHECK(run.out == first);
      }
    }
  }
}

TEST_CASE("pages cli: the build's 404.html listed is a soft 404, and counted as one") {
  const std::string site = source_path("testdata/sites/not-found");
  TempDir dir;
  const std::string sitemap =
      dir.write("sitemap.xml",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
                "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>https://example.com/</loc></url>\n"
                "<url><loc>https://example.com/404.html</loc></url>\n</urlset>\n");
  const auto run = run_cli({"--no-config", "--pages", "--root", site, "--base-url", "https://example.com/sitemap.xml",
                            "--format", "json", sitemap});
  INFO(run.out, run.err);
  CHECK(run.exit_code == 1);
  const auto report = nlohmann::json::parse(run.out);
  CHECK(report["pages"]["served"] == 1);
  CHECK(report["pages"]["soft_404"] == 1);
  CHECK(findings_in(run.out) == "PAGE102 4:11 -> " + site + "/404.html 1:1");
}
