# Types of sitemaplint's compiled module, for editors and type checkers.
import os
from typing import Any, Iterable, Iterator, Literal, Optional, Protocol, Sequence, TypedDict, Union

# Unpack for **kwargs (PEP 692): type checkers read it from typing_extensions on any Python.
from typing_extensions import Unpack

__version__: str
API_VERSION: int

Level = Literal["error", "warning", "info"]
PathLike = Union[str, "os.PathLike[str]"]
Words = Union[str, Sequence[str]]

class Stopper(Protocol):
    # What `stop=` takes: a threading.Event, or anything whose is_set() says to stop.
    def is_set(self) -> bool: ...

class Error(Exception): ...
class SettingsError(Error, ValueError): ...

class Stopped(Error):
    # Raised by lint() and lint_many() whose `stop` (a threading.Event, or anything with is_set())
    # was set before the lint ended: nothing more was fetched or read, and no result is given.
    ...

class InputError(Error, OSError):
    # Raised by lint(), lint_many() and sitemaplint.dask.lint_set() when an input they were given
    # cannot be read: the run's result all the same, with the inputs that could be read.
    result: "Result"

class Fix:
    offset: int
    length: int
    replacement: str
    description: str
    def to_dict(self) -> dict[str, Any]: ...

class RelatedLocation:
    file: str
    line: int
    column: int
    message: str
    def to_dict(self) -> dict[str, Any]: ...

class Finding:
    code: str
    rule: str
    severity: Level
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    offset: int
    length: int
    message: str
    authorities: list[str]
    search_console: Optional[str]
    fix: Optional[Fix]
    related: list[RelatedLocation]
    def to_dict(self) -> dict[str, Any]: ...

class FileInfo:
    path: str
    requested: Optional[str]
    kind: str
    entries: int
    def to_dict(self) -> dict[str, Any]: ...

class UnreadableInput:
    path: str
    message: str
    def to_dict(self) -> dict[str, Any]: ...

class Summary:
    files: int
    errors: int
    warnings: int
    infos: int
    fixable: int
    input_errors: int
    left_out: int
    def to_dict(self) -> dict[str, Any]: ...

class Result:
    findings: list[Finding]
    files: list[FileInfo]
    input_errors: list[UnreadableInput]
    summary: Summary
    # With pages=True: what the listed URLs led to, as the JSON report's "pages" object, and
    # "live"; None without.
    pages: Optional[dict[str, Any]]
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Finding]: ...
    def to_dict(self) -> dict[str, Any]: ...
    # The run as `sitemaplint --format FORMAT` reports it, byte for byte (a format of
    # report_formats()). A Result sent from another process has only the reports written there.
    def report(self, format: str = ...) -> str: ...
    def _hold_report(self, format: str) -> None: ...

class Settings(TypedDict, total=False):
    """The keyword arguments of lint(), lint_many() and Linter(): the command line's options."""

    profile: str
    select: Words
    ignore: Words
    severities: dict[str, Level]
    base_url: str
    now: str
    min_severity: Level
    config: PathLike
    root: PathLike
    robots: PathLike
    jobs: int
    timeout: float
    allowed_hosts: Words
    html_overview: bool
    pages: bool
    host: str
    coverage: bool
    rate: float
    max_urls: int
    sample: int
    seed: int
    user_agent: str
    cache: PathLike
    pages_log: PathLike

Source = Union[PathLike, bytes, bytearray, memoryview]

class Linter:
    def __init__(self, **settings: Unpack[Settings]) -> None: ...
    def lint(self, source: Source, *, name: Optional[str] = ..., stop: Optional[Stopper] = ...) -> Result: ...
    def lint_many(self, paths: Iterable[PathLike], *, stop: Optional[Stopper] = ...) -> Result: ...
    def write_records(self, paths: Iterable[PathLike], out: PathLike, *, partitions: int = ...) -> None: ...
    def merge_records(self, shards: Iterable[PathLike]) -> Result: ...
    def check_partition(self, shards: Iterable[PathLike], partition: int, out: PathLike) -> None: ...
    def merge_partitions(self, shards: Iterable[PathLike], findings: Iterable[PathLike]) -> Result: ...

def report_formats() -> list[str]: ...
def lint(
    source: Source, *, name: Optional[str] = ..., stop: Optional[Stopper] = ..., **settings: Unpack[Settings]
) -> Result: ...
def lint_many(paths: Iterable[PathLike], *, stop: Optional[Stopper] = ..., **settings: Unpack[Settings]) -> Result: ...
def write_records(
    paths: Iterable[PathLike], out: PathLike, *, partitions: int = ..., **settings: Unpack[Settings]
) -> None: ...
def merge_records(shards: Iterable[PathLike], **settings: Unpack[Settings]) -> Result: ...
def check_partition(
    shards: Iterable[PathLike], partition: int, out: PathLike, **settings: Unpack[Settings]
) -> None: ...
def merge_partitions(
    shards: Iterable[PathLike], findings: Iterable[PathLike], **settings: Unpack[Settings]
) -> Result: ...
