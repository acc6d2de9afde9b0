"""The command line's JSON report, in the shape the module's to_dict() gives, for the tests that
hold the module to the command line (test_sitemaplint.py, dask/)."""

import json
import subprocess


def cli_json(binary, now, paths, *options):
    """`binary --no-config --format json --now NOW OPTIONS PATHS` as (findings, files, summary)."""
    run = subprocess.run([binary, "--no-config", "--format", "json", "--now", now, *options, *paths],
                         capture_output=True, text=True, check=False)
    assert run.returncode in (0, 1, 2), run.stderr
    report = json.loads(run.stdout)
    findings = []
    for file in report["files"]:
        for d in file["diagnostics"]:
            related = []
            if "related" in d:
                r = d["related"]
                related.append({"file": r.get("path", file["path"]), "line": r["line"], "column": r["column"],
                                "message": r["message"]})
            findings.append({
                "code": d["code"], "rule": d["rule"], "severity": d["severity"], "file": file["path"],
                "line": d["line"], "column": d["column"], "end_line": d["end_line"], "end_column": d["end_column"],
                "offset": d["offset"], "length": d["length"], "message": d["message"],
                "authorities": d["authority"], "search_console": d.get("search_console"), "fix": d.get("fix"),
                "related": related})
    files = [{"path": f["path"], "requested": f.get("requested"), "kind": f["kind"], "entries": f["entries"]}
             for f in report["files"]]
    summary = {k: report["summary"][k] for k in ("files", "errors", "warnings", "infos", "fixable", "input_errors")}
    return findings, files, summary
