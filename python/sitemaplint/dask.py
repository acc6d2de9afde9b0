"""A whole sitemap set linted on a Dask cluster, with the findings of one run of the set.

    from distributed import Client
    import sitemaplint.dask

    client = Client("scheduler:8786")
    result = sitemaplint.dask.lint_set(paths, client=client, work_dir="/shared/tmp", profile="google")

The workers lint the files in shards of `files_per_task` (sitemaplint records): each writes its
files' findings, and the set's pages and hreflang links as records partitioned by URL, to a
folder under `work_dir`. Then one task per partition checks the URLs of that partition of every
shard for duplicates across sitemaps, and the hreflang links to the pages of its share of the
graph (sitemaplint merge --partition K), on the workers in parallel, each holding that
partition's pages, then the pages at both ends of those links; and one task merges the shards'
manifests with the partitions' findings (sitemaplint merge --partition-findings), holding no
page: the cap of each rule, every file's suppressions, and the findings sorted as the command
line sorts them. The result is the one `lint_many` (and
`sitemaplint PATH...`) gives for the same files and settings, and with `report=FORMAT` the merge
task writes its report as `sitemaplint --format FORMAT` does. See docs/python.md.
"""

from __future__ import annotations

import datetime
import os
import shutil
import tempfile
from typing import Any, Iterable, List, Optional, Sequence, Union

from . import _core

__all__ = ["lint_set"]


def _write_shard(paths: Sequence[str], folder: str, partitions: int, settings: dict) -> str:
    _core.write_records(list(paths), folder, partitions=partitions, **settings)
    return folder


def _check_partition(folders: Sequence[str], partition: int, out: str, settings: dict) -> str:
    _core.check_partition(list(folders), partition, out, **settings)
    return out


def _merge(folders: Sequence[str], findings: Sequence[str], settings: dict, report: Optional[str]) -> _core.Result:
    result = _core.merge_partitions(list(folders), list(findings), **settings)
    # Written where the run is: a Result sent back to the client carries its findings, not its run.
    if report is not None:
        result._hold_report(report)
    return result


def _unreadable(result: _core.Result, paths: List[str]) -> _core.Result:
    """The result, or InputError with it as `result` when an input named could not be read, as
    lint_many() raises it."""
    named = set(paths)
    messages = [e.message for e in result.input_errors if e.path in named]
    if messages:
        error = _core.InputError("; ".join(messages))
        error.result = result
        raise error
    return result


# How much sitemap XML one partition is chosen for: some 1,300,000 URLs at 200 bytes each, whose
# records (49 bytes a URL) a partition task reads and holds, 64 MB. Fewer partitions cost less:
# each one reads every shard's hreflang links, so on a set of 200 files (40 MB) 16 partitions took
# 1.84x the command line's time and 2 took 1.22x.
_PARTITION_BYTES = 256 << 20
# What an http(s) input is counted as, its size unknown before it is fetched: a large sitemap,
# uncompressed.
_URL_BYTES = 10 << 20


def _looks_like_sitemap(name: str) -> bool:
    # The files a folder is searched for, as the linter searches it (run/lint_many.cpp).
    lower = name.lower()
    return "sitemap" in lower and lower.endswith((".xml", ".txt", ".gz"))


def _file_bytes(path: str) -> int:
    # A gzip file's uncompressed size, which its last four bytes hold (modulo 4 GiB).
    size = os.path.getsize(path)
    if path.lower().endswith(".gz") and size >= 18:
        with open(path, "rb") as f:
            f.seek(-4, os.SEEK_END)
            return max(size, int.from_bytes(f.read(4), "little"))
    return size


def _set_bytes(paths: List[str]) -> int:
    # The sitemaps' XML, uncompressed; a URL is counted as _URL_BYTES.
    total = 0
    for path in paths:
        if "://" in path:
            total += _URL_BYTES
        elif os.path.isdir(path):
            for folder, _, names in os.walk(path):
                total += sum(_file_bytes(os.path.join(folder, n)) for n in names
                             if _looks_like_sitemap(n) and os.path.isfile(os.path.join(folder, n)))
        elif os.path.isfile(path):
            total += _file_bytes(path)
    return total


def _workers(client: Any) -> int:
    # The threads the client's workers run tasks on, all told.
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # a client of another kind: as many as this machine's cores
            pass
    return os.cpu_count() or 1


def _partitions_for(paths: List[str], client: Any) -> int:
    # One partition for every _PARTITION_BYTES of the set, and at least one for each worker thread.
    wanted = -(-_set_bytes(paths) // _PARTITION_BYTES)
    return min(65536, max(wanted, _workers(client)))


def _chunks(items: List[str], size: int) -> List[List[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def lint_set(
    paths_or_urls: Iterable[Any],
    client: Any = None,
    *,
    files_per_task: int = 25,
    partitions: Optional[int] = None,
    work_dir: Optional[str] = None,
    report: Optional[str] = None,
    output: Optional[Union[str, "os.PathLike[str]"]] = None,
    **settings: Any,
) -> _core.Result:
    """Lints the files (and URLs) as one set on `client`'s workers (the default client, or Dask's
    local scheduler, without one) and returns the findings of one run of them all.

    `partitions`: how many parts the set's records are checked in, each by a task of its own; by
    default one for every 256 MiB of sitemap XML (uncompressed; in a folder, the files it is
    searched for; an http(s) input counted as 10 MiB), and at least one for each thread of the
    client's workers.

    `work_dir` is a folder the workers and the merge task share (a temporary folder of this
    machine by default, right for a cluster on one machine), made if missing; the shards are
    written below it and removed at the end. `settings` are those of `sitemaplint.lint` (profile,
    select, now, ...). Without `now`, the time of this call is every shard's `now`, as one run has
    one clock.

    `report`: a format of `sitemaplint.report_formats()`, written by the merge task as
    `sitemaplint --format FORMAT` writes the same files; the result's `report(FORMAT)` gives it, and
    `output` names a file to write it to as well. An input that cannot be read raises InputError,
    with the result as its `result`, as `lint_many` does.
    """
    try:
        import dask
    except ImportError as e:  # pragma: no cover - depends on the machine
        raise ImportError("sitemaplint.dask needs Dask (Debian: python3-dask python3-distributed)") from e
    if files_per_task < 1:
        raise _core.SettingsError(f"files_per_task: expected 1 or more, got {files_per_task}")
    if partitions is not None and not 1 <= partitions <= 65536:
        raise _core.SettingsError(f"partitions: expected a whole number from 1 to 65536, got {partitions}")
    if report is not None and report not in _core.report_formats():
        raise _core.SettingsError(
            f"report: unknown format {report!r} (the formats are {', '.join(_core.report_formats())})")
    if output is not None and report is None:
        raise _core.SettingsError("output: give the report's format too: report=FORMAT")
    # A single path is not a list of one-character paths.
    if isinstance(paths_or_urls, (str, bytes, os.PathLike)):
        raise TypeError("lint_set takes a list of paths or URLs, not one path: lint_set([path])")
    # A file named twice is linted once, as lint_many does; a shard may hold a file only once.
    paths = list(dict.fromkeys(os.fspath(p) for p in paths_or_urls))
    settings = dict(settings)
    # The HTML report shows an overview of the site, which the shards gather as they lint.
    if report == "html":
        settings["html_overview"] = True
    if not paths:
        return _finish(_core.lint_many([], **settings), report, output)
    if not settings.get("now"):
        settings["now"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    # The settings are checked here, before any task runs.
    _core.Linter(**settings)
    if partitions is None:
        partitions = _partitions_for(paths, client)
    if work_dir is not None:
        os.makedirs(work_dir, exist_ok=True)
    root = tempfile.mkdtemp(prefix="sitemaplint-set-", dir=work_dir)
    try:
        folders = []
        shards = []
        for i, chunk in enumerate(_chunks(paths, files_per_task)):
            folder = os.path.join(root, f"shard-{i:05d}")
            folders.append(folder)
            shards.append(dask.delayed(_write_shard, pure=False)(chunk, folder, partitions, settings))
        checked = [
            dask.delayed(_check_partition, pure=False)(shards, k, os.path.join(root, f"partition-{k:05d}.json"), settings)
            for k in range(partitions)
        ]
        merged = dask.delayed(_merge, pure=False)(shards, checked, settings, report)
        result = client.compute(merged).result() if client is not None else merged.compute()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return _unreadable(_finish(result, report, output), paths)


def _finish(
    result: _core.Result, report: Optional[str], output: Optional[Union[str, "os.PathLike[str]"]]
) -> _core.Result:
    if report is not None and output is not None:
        # Bytes as the command line writes them: no newline translation.
        with open(output, "w", encoding="utf-8", newline="") as out:
            out.write(result.report(report))
    return result
