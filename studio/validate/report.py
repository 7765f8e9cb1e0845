"""Collecting findings and placing them in the file they come from.

Checks name the offending YAML node by its JSON path (``("lines", 4)``, ``("pegs", "a1")``,
``("seats", "south", "start", 0)``) and the board element it stands for; the :class:`Reporter`
turns that into a positioned :class:`~studio.content.findings.Finding`. Positions come from the
object's :class:`~studio.content.yamlio.SourceMap`; when it is missing (a model built in memory)
findings have no line, and when it is stale (a model edited since it was read) the line may be
off, but ``element`` always names the right thing, so the editor can select it.
"""

from __future__ import annotations

from studio.content.findings import Finding

JsonPath = tuple


class Reporter:
    """Findings of one file. ``path`` is printed as given; ``source`` may be None."""

    def __init__(self, path: str | None, source=None) -> None:
        self.path = path
        self.source = source
        self.findings: list[Finding] = []

    def locate(self, json_path: JsonPath, key: bool = False) -> tuple[int | None, int | None]:
        """1-based (line, col) of ``json_path`` (of its key when ``key``), or (None, None)."""
        if self.source is None:
            return (None, None)
        return self.source.locate(json_path, prefer_key=key)

    def add(self, code: str, message: str, at: JsonPath = (), element: tuple | None = None,
            severity: str = "error", key: bool = False) -> Finding:
        """Record a finding at the node ``at`` (its key when ``key``) and return it."""
        line, col = self.locate(at, key)
        finding = Finding(code, severity, message, self.path, line, col, element)
        self.findings.append(finding)
        return finding

    def extend(self, findings) -> None:
        self.findings.extend(findings)

    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def quote_pegs(pegs) -> str:
    """``("a1", "b2")`` -> ``[a1, b2]``, the way peg lists are written in the files."""
    return "[" + ", ".join(str(p) for p in pegs) + "]"
