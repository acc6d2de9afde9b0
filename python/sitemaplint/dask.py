"""A whole sitemap set linted on a Dask cluster, with the findings of one run of the set.

    from distributed import Client
    import sitemaplint.dask

    client = Client("scheduler:8786")
    result = sitemaplint.dask.lint_set(paths, client=client, work_dir="/shared/tmp", profile="google")

The workers lint the files in shards of `files_per_task` (sitemaplint records): each writes its
files' findings, and the set's pages and hreflang links as records partitioned by URL, to a
folder under `work_dir`. Then one task per partition checks the URLs of that partition of every
shard for duplicates across sitemaps (sitemaplint merge --partition K), on the workers in
parallel, each holding that partition's pages only; and one task merges the shards with the
partitions' findings (sitemaplint merge --partition-findings): the hreflang graph, on the pages
with hreflang links and the pages they name, every file's suppressions, and the findings sorted
as the command line sorts them. The result is the one `lint_many` (and
`sitemaplint PATH...`) gives for the same files and settings. See docs/python.md.
"""

from __future__ import annotations

import datetime
import os
import shutil
import tempfile
from typing import Any, Iterable, List, Optional, Sequence

from . import _core

__all__ = ["lint_set"]


def _write_shard(paths: Sequence[str], folder: str, partitions: int, settings: dict) -> str:
    _core.write_records(list(paths), folder, partitions=partitions, **settings)
    return folder


def _check_partition(folders: Sequence[str], partition: int, out: str, settings: dict) -> str:
    _core.check_partition(list(folders), partition, out, **settings)
    return out


def _merge(folders: Sequence[str], findings: Sequence[str], settings: dict) -> _core.Result:
    return _core.merge_partitions(list(folders), list(findings), **settings)


def _chunks(items: List[str], size: int) -> List[List[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def lint_set(
    paths_or_urls: Iterable[Any],
    client: Any = None,
    *,
    files_per_task: int = 25,
    partitions: int = 16,
    work_dir: Optional[str] = None,
    **settings: Any,
) -> _core.Result:
    """Lints the files (and URLs) as one set on `client`'s workers (the default client, or Dask's
    local scheduler, without one) and returns the findings of one run of them all.

    `work_dir` is a folder the workers and the merge task share (a temporary folder of this
    machine by default, right for a cluster on one machine); the shards are written below it and
    removed at the end. `settings` are those of `sitemaplint.lint` (profile, select, now, ...).
    Without `now`, the time of this call is every shard's `now`, as one run has one clock.
    """
    try:
        import dask
    except ImportError as e:  # pragma: no cover - depends on the machine
        raise ImportError("sitemaplint.dask needs Dask (Debian: python3-dask python3-distributed)") from e
    if files_per_task < 1:
        raise _core.SettingsError(f"files_per_task: expected 1 or more, got {files_per_task}")
    # A single path is not a list of one-character paths.
    if isinstance(paths_or_urls, (str, bytes, os.PathLike)):
        raise TypeError("lint_set takes a list of paths or URLs, not one path: lint_set([path])")
    # A file named twice is linted once, as lint_many does; a shard may hold a file only once.
    paths = list(dict.fromkeys(os.fspath(p) for p in paths_or_urls))
    if not paths:
        return _core.lint_many([], **settings)
    settings = dict(settings)
    if not settings.get("now"):
        settings["now"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    # The settings are checked here, before any task runs.
    _core.Linter(**settings)
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
        merged = dask.delayed(_merge, pure=False)(shards, checked, settings)
        if client is not None:
            return client.compute(merged).result()
        return merged.compute()
    finally:
        shutil.rmtree(root, ignore_errors=True)
