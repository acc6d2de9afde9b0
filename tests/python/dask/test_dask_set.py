"""sitemaplint.dask.lint_set on a distributed.LocalCluster: the findings of one run of the set.

tests/python/run.sh runs this folder only where Dask and distributed are installed (python3-dask,
python3-distributed), and reports the test skipped elsewhere.
"""

import json
import os
import pathlib
import subprocess
import sys

import distributed
import pytest

import sitemaplint
import sitemaplint.dask

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import cli_report  # noqa: E402  (tests/python's, beside this folder)

SOURCE = pathlib.Path(__file__).resolve().parents[3]
BINARY = os.environ.get("SITEMAPLINT_BINARY", str(SOURCE / "build" / "sitemaplint"))
NOW = "2026-01-01T00:00:00Z"
FILES = 200


def write_set(folder):
    """200 sitemaps whose checks across files reach across shards and partitions: hreflang pairs
    with the next file (every other one returned), URLs the previous file lists too (some only
    once normalised), and a file that repeats another whole."""
    paths = []
    for f in range(FILES):
        entries = []
        for i in range(40):
            url = f"https://example.com/f{f}/p{i}"
            links = ""
            if i % 8 == 0:
                other = f"https://example.com/f{(f + 1) % FILES}/p{i if i % 16 == 0 else i + 1}"
                links = (f'<xhtml:link rel="alternate" hreflang="en" href="{url}"/>'
                         f'<xhtml:link rel="alternate" hreflang="de" href="{other}"/>')
            entries.append(f"<url><loc>{url}</loc>{links}</url>")
            if f > 0 and i % 13 == 0:
                entries.append(f"<url><loc>https://example.com/f{f - 1}/p{i + 1}</loc></url>")
            if f > 1 and i % 19 == 0:
                entries.append(f"<url><loc>HTTPS://Example.com:443/f{f - 2}/p{i + 3}</loc></url>")
        if f == FILES - 1:
            entries += [f"<url><loc>https://example.com/f0/p{i}</loc></url>" for i in range(40)]
        path = folder / f"sitemap-{f:03d}.xml"
        path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
                        'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' + "\n".join(entries) + "\n</urlset>\n")
        paths.append(str(path))
    return paths


def as_json(result):
    return json.dumps({"findings": [f.to_dict() for f in result.findings],
                       "files": [f.to_dict() for f in result.files],
                       "summary": result.summary.to_dict()}, sort_keys=True)


@pytest.fixture(scope="module")
def the_set(tmp_path_factory):
    paths = write_set(tmp_path_factory.mktemp("set"))
    expected = sitemaplint.lint_many(paths, now=NOW)
    codes = {f.code for f in expected.findings}
    # What the set holds: duplicates across files (as written and normalised), hreflang pairs.
    assert {"SM803", "LANG501", "LANG502"} <= codes, codes
    assert any("once both are normalised" in f.message for f in expected.findings)
    return paths, expected


@pytest.mark.parametrize("workers", [2, 4])
def test_lint_set_on_a_local_cluster_gives_the_command_lines_findings(the_set, workers):
    paths, expected = the_set
    # Threads, not processes: the module releases the GIL while it lints, and a process per worker
    # would spend the test's time starting interpreters.
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        # 7 files a task: shards end inside pairs and duplicates; 5 partitions split them again.
        result = sitemaplint.dask.lint_set(paths, client=client, files_per_task=7, partitions=5, now=NOW)
    assert as_json(result) == as_json(expected)
    findings, files, _ = cli_report.cli_json(BINARY, NOW, paths)
    assert json.dumps([f.to_dict() for f in result.findings], sort_keys=True) == json.dumps(findings, sort_keys=True)
    assert [f.to_dict() for f in result.files] == files


def test_lint_set_without_a_client_runs_on_dasks_local_scheduler(the_set):
    paths, expected = the_set
    result = sitemaplint.dask.lint_set(paths[:30], files_per_task=4, now=NOW)
    assert as_json(result) == as_json(sitemaplint.lint_many(paths[:30], now=NOW))


def test_lint_set_takes_what_lint_many_takes_a_path_twice_and_no_path(the_set):
    paths, _ = the_set
    twice = [paths[0], paths[1], paths[0]]
    assert as_json(sitemaplint.dask.lint_set(twice, files_per_task=1, now=NOW)) == as_json(
        sitemaplint.lint_many(twice, now=NOW))
    assert as_json(sitemaplint.dask.lint_set([], now=NOW)) == as_json(sitemaplint.lint_many([], now=NOW))
    with pytest.raises(TypeError, match="not one path"):
        sitemaplint.dask.lint_set(paths[0], now=NOW)


def test_shards_of_python_and_of_the_command_line_merge_together(the_set, tmp_path):
    """Where no sitemaplint.toml is found, the command line's settings are the module's."""
    paths, _ = the_set
    sitemaplint.write_records(paths[:100], str(tmp_path / "py"), partitions=4, now=NOW)
    made = subprocess.run([BINARY, "records", "--now", NOW, "--partitions", "4", "-o", str(tmp_path / "cli"),
                           *paths[100:]], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert made.returncode in (0, 1), made.stderr
    merged = subprocess.run([BINARY, "merge", "--now", NOW, "--format", "json", str(tmp_path / "py"),
                             str(tmp_path / "cli")], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert merged.returncode == 1, merged.stderr
    plain = subprocess.run([BINARY, "--now", NOW, "--format", "json", *paths], capture_output=True, text=True,
                           cwd=tmp_path, check=False)
    assert merged.stdout == plain.stdout


def write_shards(linter, paths, folder):
    """The set in shards of 60 files and 3 partitions, below `folder`."""
    shards = []
    for i in range(0, FILES, 60):
        shards.append(folder / f"shard-{i}")
        linter.write_records(paths[i:i + 60], shards[-1], partitions=3)
    return shards


def test_shards_and_their_merge_from_python(the_set, tmp_path):
    paths, expected = the_set
    linter = sitemaplint.Linter(now=NOW)
    shards = write_shards(linter, paths, tmp_path)
    assert as_json(linter.merge_records(shards)) == as_json(expected)
    with pytest.raises(sitemaplint.Error, match="made with other settings"):
        sitemaplint.merge_records(shards, now="2027-01-01T00:00:00Z")
    with pytest.raises(sitemaplint.Error, match="not a finished shard"):
        linter.merge_records([tmp_path / "none"])
    with pytest.raises(sitemaplint.SettingsError, match="files_per_task"):
        sitemaplint.dask.lint_set(paths, files_per_task=0)


def test_partitions_checked_apart_then_merged_from_python(the_set, tmp_path):
    paths, expected = the_set
    linter = sitemaplint.Linter(now=NOW)
    shards = write_shards(linter, paths, tmp_path)
    found = [tmp_path / f"found-{k}.json" for k in range(3)]
    for k in range(3):
        sitemaplint.check_partition(shards, k, found[k], now=NOW)
    assert as_json(linter.merge_partitions(shards, found)) == as_json(expected)
    with pytest.raises(sitemaplint.Error, match="the findings of partition 2 are missing"):
        linter.merge_partitions(shards, found[:2])
    with pytest.raises(sitemaplint.Error, match="partition 3 of shards of 3 partitions"):
        linter.check_partition(shards, 3, tmp_path / "found-3.json")
    with pytest.raises(sitemaplint.Error, match="the findings of other shards"):
        linter.merge_partitions(shards[::-1], found)


def cli_text(paths, report_format, *options):
    """The command line's report of `paths` in `report_format`, as the bytes it writes."""
    run = subprocess.run([BINARY, "--no-config", "--now", NOW, "--format", report_format, *options, *paths],
                         capture_output=True, check=False)
    assert run.returncode in (0, 1, 2), run.stderr
    return run.stdout


@pytest.mark.parametrize("report_format", sitemaplint.report_formats())
def test_lint_set_writes_every_report_format_as_the_command_line(the_set, report_format, tmp_path):
    paths, _ = the_set
    out = tmp_path / "report"
    result = sitemaplint.dask.lint_set(paths[:40], files_per_task=7, partitions=3, now=NOW, report=report_format,
                                       output=out)
    expected = cli_text(paths[:40], report_format)
    assert len(expected) > 1000
    assert out.read_bytes() == expected
    assert result.report(report_format) == expected.decode()


def test_lint_set_on_worker_processes_sends_its_report_back(the_set):
    """Worker processes pickle the merge's Result: the report comes back written, not its run."""
    paths, _ = the_set
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        result = sitemaplint.dask.lint_set(paths[:30], client=client, files_per_task=8, partitions=3, now=NOW,
                                           report="sarif")
    assert result.report("sarif").encode() == cli_text(paths[:30], "sarif")
    with pytest.raises(sitemaplint.Error, match="came from another process without its run"):
        result.report("json")


def test_an_index_and_its_own_child_in_different_tasks(tmp_path):
    base = "https://example.com/sitemap.xml"
    (tmp_path / "idx").mkdir()
    child = tmp_path / "idx" / "a.xml"
    child.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                     '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                     "<url><loc>https://example.com/a/1</loc><lastmod>2026-05-01</lastmod></url>"
                     "<url><loc>https://example.com/a/2</loc></url></urlset>\n")
    index = tmp_path / "sitemap-index.xml"
    index.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                     '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                     "<sitemap><loc>https://example.com/idx/a.xml</loc><lastmod>2026-01-01</lastmod></sitemap>"
                     "</sitemapindex>\n")
    other = tmp_path / "sitemap-other.xml"
    other.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                     '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                     "<url><loc>https://example.com/a/2</loc></url></urlset>\n")
    for paths in ([index, child, other], [child, other, index]):
        paths = [str(p) for p in paths]
        expected = sitemaplint.lint_many(paths, now=NOW, base_url=base)
        assert "SM803" in {f.code for f in expected.findings}
        assert [f.path for f in expected.files].count(str(child)) == 1
        result = sitemaplint.dask.lint_set(paths, files_per_task=1, partitions=3, now=NOW, base_url=base)
        assert as_json(result) == as_json(expected)


def test_lint_set_raises_input_error_as_lint_many_does(the_set, tmp_path):
    paths = the_set[0][:5] + [str(tmp_path / "gone.xml")]
    with pytest.raises(sitemaplint.InputError) as many:
        sitemaplint.lint_many(paths, now=NOW)
    with pytest.raises(sitemaplint.InputError) as on_dask:
        sitemaplint.dask.lint_set(paths, files_per_task=2, now=NOW)
    assert str(on_dask.value) == str(many.value) and "gone.xml" in str(on_dask.value)
    assert as_json(on_dask.value.result) == as_json(many.value.result)


def test_lint_set_makes_its_work_dir_and_refuses_bad_counts(the_set, tmp_path):
    paths, expected = the_set
    work_dir = tmp_path / "not" / "yet"
    result = sitemaplint.dask.lint_set(paths[:3], work_dir=str(work_dir), now=NOW)
    assert as_json(result) == as_json(sitemaplint.lint_many(paths[:3], now=NOW))
    assert work_dir.is_dir() and list(work_dir.iterdir()) == []
    for bad in (0, -1):
        with pytest.raises(ValueError, match=f"partitions: expected a whole number from 1 to 65536, got {bad}"):
            sitemaplint.dask.lint_set(paths, partitions=bad, now=NOW)
    with pytest.raises(ValueError, match="report: unknown format 'xml'"):
        sitemaplint.dask.lint_set(paths, report="xml", now=NOW)
    with pytest.raises(ValueError, match="output: give the report's format too"):
        sitemaplint.dask.lint_set(paths, output=str(tmp_path / "x"), now=NOW)


def test_lint_set_chooses_its_partitions_from_the_set_and_the_workers(tmp_path):
    """Without `partitions`, one for every 256 MiB of sitemaps (a URL counted as 10 MiB), and at
    least one for each worker: a small set is not cut into more parts than there are workers."""

    class Client:
        def __init__(self, threads):
            self.threads = threads

        def nthreads(self):
            return {f"worker-{i}": 1 for i in range(self.threads)}

    small = tmp_path / "small.xml"
    small.write_text("<urlset/>")
    large = tmp_path / "large.xml"
    with open(large, "wb") as out:  # sparse: 600 MiB of address, no disk
        out.truncate(600 << 20)
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "a.xml").write_text("<urlset/>")
    # A folder counts its sitemaps only, as it is searched; a .gz counts as its XML uncompressed.
    site = tmp_path / "site"
    (site / "img").mkdir(parents=True)
    with open(site / "img" / "video.mp4", "wb") as out:
        out.truncate(20 << 30)
    import gzip
    with gzip.open(site / "sitemap-big.xml.gz", "wb") as out:
        out.write(b" " * (300 << 20))
    assert os.path.getsize(site / "sitemap-big.xml.gz") < (1 << 20)
    choose = sitemaplint.dask._partitions_for
    assert choose([str(site)], Client(1)) == 2
    assert choose([str(small)], Client(2)) == 2
    assert choose([str(small), str(folder)], Client(5)) == 5
    assert choose([str(large)], Client(2)) == 3
    assert choose([str(large), str(folder), str(small)], Client(1)) == 3
    assert choose(["https://example.com/sitemap.xml"] * 30, Client(2)) == 2  # 300 MiB
    assert choose(["https://example.com/sitemap.xml"] * 60, Client(2)) == 3  # 600 MiB
    assert choose([str(small)], None) == (os.cpu_count() or 1)


def test_lint_set_of_nothing_writes_an_html_report(tmp_path):
    out = tmp_path / "report.html"
    result = sitemaplint.dask.lint_set([], report="html", output=out, now=NOW)
    assert out.read_text() == result.report("html")
    assert "<!DOCTYPE html>" in out.read_text()
