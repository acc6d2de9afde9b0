"""sitemaplint: a fast, exact linter for XML sitemaps.

    import sitemaplint
    result = sitemaplint.lint("public/sitemap.xml", profile="google")
    for finding in result.findings:
        print(finding.file, finding.line, finding.column, finding.code, finding.message)

The settings are keyword arguments named as the command line's options (docs/python.md). A lint
releases the GIL while it runs, so Python threads lint in parallel.
"""

from ._core import (
    API_VERSION,
    Error,
    FileInfo,
    Finding,
    Fix,
    InputError,
    Linter,
    RelatedLocation,
    Result,
    SettingsError,
    Stopped,
    Summary,
    UnreadableInput,
    __version__,
    check_partition,
    lint,
    lint_many,
    merge_partitions,
    merge_records,
    report_formats,
    write_records,
)

__all__ = [
    "API_VERSION",
    "Error",
    "FileInfo",
    "Finding",
    "Fix",
    "InputError",
    "Linter",
    "RelatedLocation",
    "Result",
    "SettingsError",
    "Stopped",
    "Summary",
    "UnreadableInput",
    "__version__",
    "check_partition",
    "lint",
    "lint_many",
    "merge_partitions",
    "merge_records",
    "report_formats",
    "write_records",
]
