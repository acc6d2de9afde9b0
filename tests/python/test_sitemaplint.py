"""The Python module: every function and error, findings equal to the command line's JSON report,
and the GIL released while a lint runs. Run by ctest (tests/python/run.sh)."""

import ast
import contextlib
import gzip
import http.server
import json
import os
import pathlib
import pickle
import subprocess
import sys
import threading
import time

import pytest

import cli_report

import sitemaplint

SOURCE = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("SITEMAPLINT_BINARY", str(SOURCE / "build" / "sitemaplint"))
NOW = "2026-01-01T00:00:00Z"
EXAMPLE = SOURCE / "testdata" / "example" / "sitemap.xml"
FIXTURES = sorted(str(p) for p in (SOURCE / "testdata" / "rules").glob("*/*") if p.suffix in (".xml", ".gz", ".txt"))


def sitemap(urls, extra=""):
    entries = "".join(f"<url><loc>{u}</loc>{extra}</url>" for u in urls)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>\n').encode()


def cli_json(paths, *options):
    """The command line's --format json report of `paths`, as the module's to_dict() shapes it."""
    return cli_report.cli_json(BINARY, NOW, paths, *options)


def without_left_out(summary):
    return {k: v for k, v in summary.items() if k != "left_out"}


def test_every_fixture_as_one_set_gives_the_command_lines_findings():
    result = sitemaplint.lint_many(FIXTURES, now=NOW)
    findings, files, summary = cli_json(FIXTURES)
    assert len(findings) > 500  # the fixtures make findings of every kind: fixes, related places
    assert any(f["fix"] for f in findings) and any(f["related"] for f in findings)
    assert [f.to_dict() for f in result.findings] == findings
    assert [f.to_dict() for f in result.files] == files
    assert without_left_out(result.summary.to_dict()) == summary


def test_settings_give_the_command_lines_findings(tmp_path):
    a, b = tmp_path / "a-sitemap.xml", tmp_path / "b-sitemap.xml"
    a.write_bytes(sitemap(["https://example.com/x", "https://example.com/y", "http://other.example/z"],
                          "<lastmod>2027-05-01</lastmod><changefreq>Daily</changefreq>"))
    b.write_bytes(sitemap(["https://example.com/x"]))  # a duplicate across the set
    settings = dict(now=NOW, profile="google", ignore="SM502", severities={"SM106": "error"}, min_severity="warning",
                    base_url="https://example.com/sitemap.xml")
    result = sitemaplint.lint_many([str(a), b], **settings, jobs=2)
    findings, files, summary = cli_json([str(a), str(b)], "--profile", "google", "--ignore", "SM502", "--severity",
                                        "SM106=error", "--min-severity", "warning", "--base-url",
                                        "https://example.com/sitemap.xml")
    assert [f.to_dict() for f in result.findings] == findings
    assert {f["rule"] for f in findings} >= {"loc-out-of-scope", "lastmod-in-future"}
    assert any(f["related"] and f["related"][0]["file"] != f["file"] for f in findings)
    assert without_left_out(result.summary.to_dict()) == summary
    assert result.summary.left_out > 0  # the infos --min-severity left out are counted
    assert [f.to_dict() for f in result.files] == files


def test_select_and_a_later_now_change_the_findings():
    every = sitemaplint.lint(EXAMPLE, now=NOW)
    assert {f.code for f in every} > {"SM106"}
    only = sitemaplint.lint(EXAMPLE, now=NOW, select=["SM106"])
    assert [f.code for f in only] == ["SM106"]
    assert sitemaplint.lint(EXAMPLE, now=NOW, select="SM106,SM304").summary.infos == 1
    # Its lastmods lie in 2024: before them, every one is in the future.
    assert any(f.rule == "lastmod-in-future" for f in sitemaplint.lint(EXAMPLE, now="2000-01-01"))
    assert not any(f.rule == "lastmod-in-future" for f in every)


def test_bytes_are_linted_as_the_file_they_name():
    def outcome(source, **named):
        try:
            result = sitemaplint.lint(source, now=NOW, **named)
        except sitemaplint.InputError as error:  # an unusable input (a robots.txt naming no sitemap)
            return None, str(error)
        return result.files[0].kind, [f.to_dict() for f in result]

    for path in FIXTURES[::7]:
        kind, by_path = outcome(path)
        if kind in ("sitemapindex", "robots"):
            continue  # a file's index children (or Sitemap: lines) are followed; bytes are linted alone
        if kind is None and path.endswith("robots.txt"):
            # Naming no sitemap, the file is no input a run can use; its bytes are linted alone.
            assert outcome(pathlib.Path(path).read_bytes(), name=path)[0] == "robots", path
            continue
        assert outcome(pathlib.Path(path).read_bytes(), name=path) == (kind, by_path), path
    data = EXAMPLE.read_bytes()
    for source in (bytearray(data), memoryview(data)):
        assert [f.code for f in sitemaplint.lint(source, now=NOW)] == [f.code for f in sitemaplint.lint(data, now=NOW)]
    gzipped = sitemaplint.lint(gzip.compress(EXAMPLE.read_bytes()), now=NOW)
    assert [f.code for f in gzipped] == [f.code for f in sitemaplint.lint(EXAMPLE, now=NOW)]
    assert gzipped.files[0].path == "-"


def test_a_linter_is_reused_across_threads():
    linter = sitemaplint.Linter(now=NOW, profile="bing")
    expected = [f.to_dict() for f in linter.lint(EXAMPLE)]
    results = [None] * 8

    def work(i):
        results[i] = [f.to_dict() for f in linter.lint(EXAMPLE)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 8
    assert [f.to_dict() for f in linter.lint_many([EXAMPLE])] == expected


def test_objects_and_their_dicts():
    result = sitemaplint.lint(EXAMPLE, now=NOW)
    assert len(result) == len(result.findings) == 4
    finding = next(f for f in result if f.fix)
    assert finding.to_dict()["fix"] == finding.fix.to_dict()
    assert finding.fix.description.startswith("replace with")
    assert finding.severity in ("error", "warning", "info") and finding.line > 0 and finding.column > 0
    assert "SM" in repr(finding)
    assert json.loads(json.dumps(result.to_dict()))["summary"]["warnings"] == 1
    assert result.files[0].to_dict() == {"path": str(EXAMPLE), "requested": None, "kind": "urlset", "entries": 3}
    assert sitemaplint.__version__.count(".") == 2 and sitemaplint.API_VERSION == 1


def test_a_missing_file_raises_input_error(tmp_path):
    with pytest.raises(sitemaplint.InputError, match="no-such-sitemap.xml") as raised:
        sitemaplint.lint(tmp_path / "no-such-sitemap.xml")
    assert isinstance(raised.value, OSError) and isinstance(raised.value, sitemaplint.Error)
    with pytest.raises(sitemaplint.InputError) as raised:
        sitemaplint.lint_many([EXAMPLE, tmp_path / "gone.xml"], now=NOW)
    # The inputs that could be read are linted all the same.
    assert raised.value.result.summary.files == 1 and len(raised.value.result.input_errors) == 1


def test_lint_of_a_path_that_cannot_be_read_raises_input_error_with_its_result(tmp_path):
    # A missing file, a folder, and a URL that nothing answers (port 1 of this machine).
    for path in (str(tmp_path / "nope.xml"), str(tmp_path), "http://127.0.0.1:1/sitemap.xml"):
        with pytest.raises(sitemaplint.InputError) as raised:
            sitemaplint.lint(path, now=NOW, allowed_hosts="127.0.0.1")
        result = raised.value.result
        assert [e.path for e in result.input_errors] == [path]
        assert result.input_errors[0].message == str(raised.value)
        assert result.summary.input_errors == 1 and result.findings == []


def test_pages_checks_the_build_as_the_command_line_does():
    public = SOURCE / "testdata" / "example" / "public"
    options = ("--pages", "--root", str(public), "--base-url", "https://example.com/sitemap.xml")
    result = sitemaplint.lint(public / "sitemap.xml", now=NOW, pages=True, root=public,
                              base_url="https://example.com/sitemap.xml")
    findings, _, summary = cli_json([str(public / "sitemap.xml")], *options)
    assert [f.to_dict() for f in result] == findings
    report = json.loads(subprocess.run([BINARY, "--no-config", "--format", "json", "--now", NOW, *options,
                                        str(public / "sitemap.xml")], capture_output=True, text=True).stdout)
    assert {k: v for k, v in result.pages.items() if k != "live"} == report["pages"]
    assert result.pages["live"] is False and result.pages["served"] == 6
    assert result.to_dict()["pages"] == result.pages
    assert pickle.loads(pickle.dumps(result)).pages == result.pages
    assert sitemaplint.lint(EXAMPLE, now=NOW).pages is None


def test_the_pages_settings_are_checked():
    with pytest.raises(sitemaplint.SettingsError, match="rate: takes effect with pages only"):
        sitemaplint.lint(EXAMPLE, now=NOW, rate=10)
    with pytest.raises(sitemaplint.SettingsError, match="pages: expected True or False"):
        sitemaplint.lint(EXAMPLE, now=NOW, pages="yes")
    with pytest.raises(sitemaplint.SettingsError, match="max_urls: expected a whole number from 1"):
        sitemaplint.lint(EXAMPLE, now=NOW, pages=True, max_urls=0)
    with pytest.raises(sitemaplint.SettingsError, match="rate: expected 0.01 to 1000"):
        sitemaplint.lint(EXAMPLE, now=NOW, pages=True, rate=0)
    for agent in ("", "x\r\nX-Injected: 1"):
        with pytest.raises(sitemaplint.SettingsError, match="user_agent: expected one line of text"):
            sitemaplint.lint(EXAMPLE, now=NOW, pages=True, user_agent=agent)
    # The live site (pages without a root) has no build for host or coverage to speak of.
    for given, said in (({"host": "netlify"}, "host: says how a host serves the build under root; "),
                        ({"coverage": True}, "coverage: compares the build's pages under root with the sitemaps; ")):
        with pytest.raises(sitemaplint.SettingsError, match=said):
            sitemaplint.lint("https://example.com/sitemap.xml", now=NOW, pages=True, **given)


def test_a_robots_txt_that_cannot_be_read_raises_input_error(tmp_path):
    with pytest.raises(sitemaplint.InputError, match="no-such-robots.txt") as raised:
        sitemaplint.lint(EXAMPLE, robots=tmp_path / "no-such-robots.txt", now=NOW)
    assert raised.value.result.summary.files >= 1
    with pytest.raises(sitemaplint.InputError, match="no-such-robots.txt"):
        sitemaplint.lint_many([EXAMPLE], robots=tmp_path / "no-such-robots.txt", now=NOW)


def test_results_and_findings_pickle_and_print_what_they_hold():
    result = sitemaplint.lint(EXAMPLE, now=NOW)
    again = pickle.loads(pickle.dumps(result))
    assert again.to_dict() == result.to_dict()
    for finding in result.findings:
        assert pickle.loads(pickle.dumps(finding)).to_dict() == finding.to_dict()
    assert repr(result) == "<Result 4 findings in 1 file>"
    assert repr(result.files[0]).startswith("FileInfo({'path': ")
    fix = next(f.fix for f in result if f.fix)
    assert repr(fix).startswith("Fix({'offset': ") and pickle.loads(pickle.dumps(fix)).to_dict() == fix.to_dict()
    assert repr(result.summary).startswith("Summary({'files': 1")


@pytest.mark.parametrize("settings, message", [
    (dict(profile="gogle"), "profile: unknown profile 'gogle'"),
    (dict(select="SM9999"), "select: "),
    (dict(ignore=["nope-rule"]), "ignore: "),
    (dict(severities={"SM106": "fatal"}), "severities[SM106]: unknown level 'fatal'"),
    (dict(severities={"SM106": "warn"}), "(use error, warning or info; did you mean 'warning'?)"),
    (dict(timeout=-1), "timeout: expected 0.1 to 3600 seconds, got -1"),
    (dict(timeout=True), "timeout: expected seconds, got bool"),
    (dict(severities={"SM0": "error"}), "severities: "),
    (dict(severities=["SM106=error"]), "severities: expected a dict"),
    (dict(now="yesterday"), "now: "),
    (dict(base_url="ftp://example.com/"), "base_url: "),
    (dict(min_severity="low"), "min_severity: unknown level 'low'"),
    (dict(jobs=-1), "jobs: "),
    (dict(select=3), "select: expected a string or a list of strings, got int"),
    (dict(profile=b"google"), "profile: expected a string, got bytes"),
    (dict(proflie="google"), "unknown setting 'proflie'"),
    (dict(root="/no/such/folder"), "root: /no/such/folder is not a directory"),
    (dict(config="/no/such/sitemaplint.toml"), "sitemaplint.toml"),
])
def test_a_bad_setting_raises_settings_error(settings, message):
    for call in (lambda: sitemaplint.lint(EXAMPLE, **settings), lambda: sitemaplint.lint_many([EXAMPLE], **settings),
                 lambda: sitemaplint.Linter(**settings)):
        with pytest.raises(sitemaplint.SettingsError) as raised:
            call()
        assert message in str(raised.value)
        assert isinstance(raised.value, ValueError)


def test_a_source_of_another_type_raises_type_error():
    with pytest.raises(TypeError, match="not int"):
        sitemaplint.lint(42)
    with pytest.raises(TypeError, match="not int"):
        sitemaplint.lint_many([EXAMPLE, 42])
    with pytest.raises(sitemaplint.SettingsError, match="name: "):
        sitemaplint.lint(EXAMPLE, name="other.xml")


def test_the_gil_is_released_while_a_lint_runs(tmp_path):
    big = tmp_path / "big-sitemap.xml"
    big.write_bytes(sitemap([f"https://example.com/page/{i}" for i in range(200_000)],
                            "<lastmod>2025-01-01</lastmod>"))
    window = {}

    def lint():
        window["start"] = time.perf_counter()
        window["findings"] = len(sitemaplint.lint(big, now=NOW, jobs=1))
        window["end"] = time.perf_counter()

    ticks = []
    thread = threading.Thread(target=lint)
    thread.start()
    while thread.is_alive():
        ticks.append(time.perf_counter())
    thread.join()
    inside = [t for t in ticks if window["start"] < t < window["end"]]
    # Holding the GIL, the lint would leave this thread no turn from the call to its return.
    assert len(inside) > 1000, (len(inside), window["end"] - window["start"])
    assert inside[-1] - inside[0] > 0.5 * (window["end"] - window["start"])


@contextlib.contextmanager
def slow_site():
    """A site on 127.0.0.1 of forty pages that take a second each: at 2 connections, a live audit of
    twenty seconds, unless it is stopped. Yields its sitemap's URL."""

    class Slow(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/sitemap.xml":
                body = sitemap([f"http://127.0.0.1:{port}/p/{i}" for i in range(40)])
            else:
                if self.path.startswith("/p/"):
                    time.sleep(1)
                body = b"<html><head><title>p</title></head></html>"
            self.send_response(404 if self.path == "/robots.txt" else 200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    server.daemon_threads = True
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}/sitemap.xml"
    finally:
        server.shutdown()


CTRL_C_CHILD = r"""
import sys, time
import sitemaplint
function, url = sys.argv[1:]
print("ready", flush=True)
begun = time.monotonic()
try:
    sitemaplint.__dict__[function](url if function == "lint" else [url], now="2026-01-01T00:00:00Z", pages=True,
                                   rate=100)
    print("ended", flush=True)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - begun:.1f} s", flush=True)
"""


@pytest.mark.parametrize("function", ["lint", "lint_many"])
def test_ctrl_c_ends_a_live_audit_at_once(function):
    with slow_site() as url:
        child = subprocess.Popen([sys.executable, "-c", CTRL_C_CHILD, function, url],
                                 stdout=subprocess.PIPE, text=True, env=os.environ)
        try:
            assert child.stdout.readline() == "ready\n"
            time.sleep(1.5)
            child.send_signal(subprocess.signal.SIGINT)
            out, _ = child.communicate(timeout=10)
        finally:
            child.kill()
    assert out.startswith("interrupted after "), out
    assert float(out.split()[2]) < 3.5, out
    assert child.returncode == 0


def test_a_lint_in_another_thread_ends_when_its_stop_is_set():
    # Signals reach the main thread only: a lint on another thread (a web server's, a pool's) is
    # stopped with `stop=`, a threading.Event.
    with slow_site() as url:
        calls = [lambda stop: sitemaplint.lint(url, now=NOW, pages=True, rate=100, stop=stop),
                 lambda stop: sitemaplint.lint_many([url], now=NOW, pages=True, rate=100, stop=stop),
                 lambda stop: sitemaplint.Linter(now=NOW, pages=True, rate=100).lint(url, stop=stop)]
        for call in calls:
            stop, outcome = threading.Event(), {}

            def run():
                begun = time.monotonic()
                try:
                    call(stop)
                    outcome["ended"] = True
                except sitemaplint.Stopped as stopped:
                    outcome["stopped"] = (time.monotonic() - begun, str(stopped))

            worker = threading.Thread(target=run)
            worker.start()
            time.sleep(1.0)
            stop.set()
            worker.join(timeout=10)
            assert not worker.is_alive()
            took, said = outcome["stopped"]
            assert took < 3.0 and said == "the lint was stopped (its stop was set) before it ended"
        # Set before the call: nothing is fetched, and it raises at once.
        stop = threading.Event()
        stop.set()
        with pytest.raises(sitemaplint.Stopped):
            sitemaplint.lint(url, now=NOW, pages=True, rate=100, stop=stop)
    assert issubclass(sitemaplint.Stopped, sitemaplint.Error)


def test_the_stubs_name_what_the_module_has():
    package = pathlib.Path(sitemaplint.__file__).parent
    assert (package / "py.typed").exists()
    stub = ast.parse((package / "_core.pyi").read_text())
    stubbed = {n.name for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    stubbed |= {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    public = {name for name in dir(sitemaplint._core) if not name.startswith("_")} | {"__version__"}
    assert public <= stubbed
    assert set(sitemaplint.__all__) <= stubbed
    for cls in (sitemaplint.Finding, sitemaplint.Summary, sitemaplint.Result, sitemaplint.FileInfo):
        node = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
        fields = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("__")}
        assert methods <= set(dir(cls)), cls
        assert fields == {name for name in dir(cls) if not name.startswith("_")} - methods, cls


def cli_text(paths, report_format, *options):
    """The command line's report of `paths` in `report_format`, as the bytes it writes."""
    run = subprocess.run([BINARY, "--no-config", "--now", NOW, "--format", report_format, *options, *paths],
                         capture_output=True, check=False)
    assert run.returncode in (0, 1, 2), run.stderr
    return run.stdout.decode()


@pytest.mark.parametrize("report_format", sitemaplint.report_formats())
def test_every_report_format_is_the_command_lines_bytes(report_format, tmp_path):
    # The HTML report's overview of the site is gathered while linting, as --format html does.
    overview = report_format == "html"
    result = sitemaplint.lint_many(FIXTURES, now=NOW, html_overview=overview)
    text = result.report(report_format)
    assert len(text) > 1000
    assert text == cli_text(FIXTURES, report_format)
    # An input that cannot be read, and findings --min-severity leaves out: the reports say both.
    missing = str(tmp_path / "gone.xml")
    with pytest.raises(sitemaplint.InputError) as raised:
        sitemaplint.lint_many([str(EXAMPLE), missing], now=NOW, min_severity="warning", html_overview=overview)
    cut = raised.value.result
    assert cut.summary.left_out > 0
    assert cut.report(report_format) == cli_text([str(EXAMPLE), missing], report_format, "--min-severity", "warning")
    # Sent to another process, a Result holds only the reports written where it was made.
    result._hold_report(report_format)
    again = pickle.loads(pickle.dumps(result))
    assert again.report(report_format) == text
    other = next(f for f in sitemaplint.report_formats() if f != report_format)
    with pytest.raises(sitemaplint.Error, match="came from another process without its run"):
        again.report(other)


def test_a_report_format_the_module_does_not_write_raises_settings_error():
    result = sitemaplint.lint(EXAMPLE, now=NOW)
    assert result.report() == cli_text([str(EXAMPLE)], "human")
    assert "json" in sitemaplint.report_formats() and sitemaplint.report_formats()[0] == "human"
    with pytest.raises(ValueError, match="unknown format 'xml' \\(the formats are human, "):
        result.report("xml")
    with pytest.raises(sitemaplint.SettingsError, match="lint with the setting html_overview on"):
        result.report("html")
    with_overview = sitemaplint.lint(EXAMPLE, now=NOW, html_overview=True)
    assert with_overview.report("html") == cli_text([str(EXAMPLE)], "html")
    with pytest.raises(sitemaplint.SettingsError, match="html_overview: expected True or False"):
        sitemaplint.lint(EXAMPLE, now=NOW, html_overview="yes")


def test_a_negative_partition_or_count_raises_value_error(tmp_path):
    with pytest.raises(ValueError, match="partition: expected a whole number from 0 to 65535, got -1"):
        sitemaplint.check_partition([tmp_path], -1, tmp_path / "found.json", now=NOW)
    with pytest.raises(ValueError, match="partitions: expected a whole number from 1 to 65536, got 0"):
        sitemaplint.write_records([EXAMPLE], tmp_path / "shard", partitions=0, now=NOW)
    with pytest.raises(ValueError, match="partitions: expected a whole number from 1 to 65536, got -3"):
        sitemaplint.Linter(now=NOW).write_records([EXAMPLE], tmp_path / "shard", partitions=-3)


def test_shards_with_and_without_the_html_overview_do_not_merge(tmp_path):
    """A report of shards of which only some gathered the overview would count only theirs."""
    sitemaplint.write_records([EXAMPLE], tmp_path / "with", partitions=2, now=NOW, html_overview=True)
    sitemaplint.write_records(FIXTURES[:1], tmp_path / "without", partitions=2, now=NOW)
    with pytest.raises(sitemaplint.Error):
        sitemaplint.merge_records([tmp_path / "with", tmp_path / "without"], now=NOW, html_overview=True)
    sitemaplint.write_records(FIXTURES[:1], tmp_path / "also", partitions=2, now=NOW, html_overview=True)
    merged = sitemaplint.merge_records([tmp_path / "with", tmp_path / "also"], now=NOW, html_overview=True)
    assert merged.report("html") == cli_text([str(EXAMPLE), str(FIXTURES[0])], "html")
