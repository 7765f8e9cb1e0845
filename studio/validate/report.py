"""Collecting findings and placing them in the file they come from.

Checks name the offending YAML node by its JSON path (``("lines", 4)``, ``("pegs", "a1")``,
``("seats", "south", "start", 0)``) and the board element it stands for; the :class:`Reporter`
turns that into a positioned :class:`~studio.content.findings.Finding`. Positions come from the
object's :class:`~studio.content.yamlio.SourceMap`; when it is missing (a model built in memory)
findings have no line, and when it is stale (a model edited since it was read) the line may be
off, but ``element`` always names the right thing, so the editor can select it.
"""

from __future__ import annotations

import re

from studio.content.findings import Finding

JsonPath = tuple


class Reporter:
    """Findings of one file. ``path`` is printed as given; ``source`` may be None.

    ``element_of(json_path)`` names the element of a finding added without one (e.g. the
    board property it is about), so a finding of a model never saved, which has no line,
    still says where it is."""

    def __init__(self, path: str | None, source=None, element_of=None) -> None:
        self.path = path
        self.source = source
        self.element_of = element_of
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
        if element is None and self.element_of is not None:
            element = self.element_of(tuple(at))
        finding = Finding(code, severity, message, self.path, line, col, element, tuple(at))
        self.findings.append(finding)
        return finding

    def extend(self, findings) -> None:
        self.findings.extend(findings)

    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def quote_pegs(pegs) -> str:
    """``("a1", "b2")`` -> ``[a1, b2]``, the way peg lists are written in the files."""
    return "[" + ", ".join(str(p) for p in pegs) + "]"


_ESCAPE = re.compile(r"^(?P<label>.*?): ?reference (?P<ref>'.*') leaves the content root (?P<root>.+)$")


def group_escapes(findings: list[Finding]) -> list[Finding]:
    """``findings`` with the ``content/ref-escapes-root`` findings of one file that name the
    same content root made into one, at the first of them, naming every reference: a scenario
    copied away from its content gives one finding, not one per reference."""
    groups: dict[tuple, list[tuple[Finding, re.Match]]] = {}
    for f in findings:
        m = _ESCAPE.match(f.message) if f.code == "content/ref-escapes-root" else None
        if m is not None:
            groups.setdefault((f.path, m["root"]), []).append((f, m))
    out = []
    for f in findings:
        m = _ESCAPE.match(f.message) if f.code == "content/ref-escapes-root" else None
        group = groups.get((f.path, m["root"])) if m is not None else None
        if group is None or len(group) == 1:
            out.append(f)
        elif group[0][0] is f:
            refs = "; ".join(f"{g['label']} {g['ref']}" for _, g in group)
            out.append(Finding(f.code, f.severity,
                               f"{len(group)} references leave the content root {m['root']} (a copy of the "
                               f"scenario away from its content? copy the files too, or move it back): {refs}",
                               f.path, f.line, f.col, f.element, f.json_path))
    return out
