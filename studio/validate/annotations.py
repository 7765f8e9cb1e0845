"""Findings as CI annotations: GitHub Actions workflow commands and SARIF 2.1.0.

``github_commands`` gives one ``::error file=F,line=L,col=C,title=CODE::MESSAGE`` line per
finding (``warning`` for warnings, ``notice`` for notes), escaped as the workflow command
syntax asks (``%``, CR and LF in the message; also ``:`` and ``,`` in properties), so GitHub
shows each finding on the line of the pull request's diff.

``sarif_log`` gives a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format): one
run of the tool ``studio validate`` whose rules are the finding codes found (with their
meaning and fix from docs/findings.md), and one result per finding with its level
(``error``, ``warning``, ``note``), message and physical location (artifact URI relative to
the current folder, in ``/`` form; region start line and column when known).
"""

from __future__ import annotations

import os
from pathlib import Path

from studio.content.findings import Finding

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_commands(findings: list[Finding]) -> list[str]:
    """One workflow command line per finding."""
    out = []
    for f in findings:
        props = []
        if f.path:
            props.append(f"file={_escape_property(_uri(f.path))}")
        if f.line:
            props.append(f"line={f.line}")
        if f.col:
            props.append(f"col={f.col}")
        props.append(f"title={_escape_property(f.code)}")
        out.append(f"::{GITHUB_LEVEL.get(f.severity, 'error')} {','.join(props)}::{_escape_data(f.message)}")
    return out


def _uri(path: str) -> str:
    """A finding's path as a ``/``-separated URI reference, relative to the current folder when
    it lies below it (GitHub and SARIF viewers match it against the repository)."""
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.relative_to(Path.cwd())
        except ValueError:
            return p.as_uri()
    return p.as_posix().replace(os.sep, "/")


def sarif_log(findings: list[Finding]) -> dict:
    """The SARIF 2.1.0 log of ``findings`` (JSON-able)."""
    from studio import __version__
    from studio.validate.explain import explain

    codes = list(dict.fromkeys(f.code for f in findings))
    rules = []
    for code in codes:
        # no helpUri: there is no public docs host; the entry ships with the studio (studio explain)
        rule = {"id": code, "name": code.replace("/", "-")}
        entries = explain(code)
        if entries:
            rule["shortDescription"] = {"text": entries[0]["meaning"]}
            rule["help"] = {"text": f"{entries[0]['fix']} (studio explain {code})"}
            rule["defaultConfiguration"] = {"level": SARIF_LEVEL.get(entries[0]["severity"], "warning")}
        rules.append(rule)
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for f in findings:
        result = {"ruleId": f.code, "ruleIndex": index[f.code], "level": SARIF_LEVEL.get(f.severity, "error"),
                  "message": {"text": f.message}}
        if f.path:
            physical: dict = {"artifactLocation": {"uri": _uri(f.path)}}
            if f.line:
                physical["region"] = {"startLine": f.line, **({"startColumn": f.col} if f.col else {})}
            result["locations"] = [{"physicalLocation": physical}]
        if f.element is not None:
            result["properties"] = {"element": list(f.element)}
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {"name": "studio validate", "version": __version__,
                                "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
