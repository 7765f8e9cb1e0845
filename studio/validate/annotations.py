"""Findings as CI annotations: GitHub Actions workflow commands and SARIF 2.1.0.

``github_commands`` gives one ``::error file=F,line=L,col=C,title=CODE::MESSAGE`` line per
finding (``warning`` for warnings, ``notice`` for notes), escaped as the workflow command
syntax asks (``%``, CR and LF in the message; also ``:`` and ``,`` in properties), so GitHub
shows each finding on the line of the pull request's diff.

``sarif_log`` gives a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format): one
run of the tool ``studio validate`` whose rules are the finding codes found (with their
meaning and fix from docs/findings.md), and one result per finding with its level
(``error``, ``warning``, ``note``), message and physical location (region start line and
column when known).

Paths: a file inside the workspace (``$GITHUB_WORKSPACE`` in GitHub Actions, else the current
folder) is written relative to it, in ``/`` form, so GitHub matches it against the repository;
a file outside it keeps its plain path (GitHub commands) or becomes a ``file:`` URI (SARIF).
SARIF URIs are valid URI references: spaces, ``%``, ``#`` and the like percent-encoded, a
relative one based on ``%SRCROOT%`` (the workspace, given in ``originalUriBaseIds``), and
standard input (``<stdin>``) the relative reference ``stdin`` described as standard input.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from studio.content.findings import Finding

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
STDIN_NAME = "<stdin>"
SRCROOT = "%SRCROOT%"


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
            props.append(f"file={_escape_property(github_path(f.path))}")
        if f.line:
            props.append(f"line={f.line}")
        if f.col:
            props.append(f"col={f.col}")
        props.append(f"title={_escape_property(f.code)}")
        out.append(f"::{GITHUB_LEVEL.get(f.severity, 'error')} {','.join(props)}::{_escape_data(f.message)}")
    return out


def workspace() -> Path:
    """The folder paths are written relative to: ``$GITHUB_WORKSPACE`` when set, else the
    current folder."""
    return Path(os.environ.get("GITHUB_WORKSPACE") or os.getcwd())


def _inside(path: str) -> str | None:
    """``path`` relative to :func:`workspace` in ``/`` form when it lies inside it, else None."""
    p = Path(os.path.abspath(path))
    try:
        return p.relative_to(Path(os.path.abspath(workspace()))).as_posix()
    except ValueError:
        return None


def github_path(path: str) -> str:
    """The ``file=`` of a workflow command: relative to the workspace when inside it (what
    GitHub matches against the diff), else the plain path (never a URI: GitHub takes none)."""
    if path == STDIN_NAME:
        return path
    inside = _inside(path)
    return inside if inside is not None else Path(path).as_posix()


def sarif_location(path: str) -> dict:
    """A SARIF ``artifactLocation`` for ``path``: a percent-encoded URI reference relative to
    ``%SRCROOT%`` inside the workspace, a ``file:`` URI outside it, ``stdin`` for standard input."""
    if path == STDIN_NAME:
        return {"uri": "stdin", "description": {"text": "standard input (the file was read from -)"}}
    inside = _inside(path)
    if inside is not None:
        return {"uri": quote(inside, safe="/", errors="surrogateescape"), "uriBaseId": SRCROOT}
    return {"uri": Path(os.path.abspath(path)).as_uri()}


def sarif_log(findings: list[Finding]) -> dict:
    """The SARIF 2.1.0 log of ``findings`` (JSON-able)."""
    from studio import __version__
    from studio.validate.explain import explain

    codes = list(dict.fromkeys(f.code for f in findings))
    rules = []
    for code in codes:
        # no helpUri: there is no public docs host; the entry ships with the studio (studio explain)
        rule: dict[str, Any] = {"id": code, "name": code.replace("/", "-")}
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
            physical: dict = {"artifactLocation": sarif_location(f.path)}
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
            "originalUriBaseIds": {SRCROOT: {"uri": Path(os.path.abspath(workspace())).as_uri() + "/",
                                             "description": {"text": "the workspace ($GITHUB_WORKSPACE, or "
                                                                     "the folder studio validate ran in)"}}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
