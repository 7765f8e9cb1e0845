"""Collecting findings and placing them in the file they come from.

Checks name the offending YAML node by its JSON path (``("lines", 4)``, ``("pegs", "a1")``,
``("seats", "south", "start", 0)``) and the board element it stands for; the :class:`Reporter`
turns that into a positioned :class:`~studio.content.findings.Finding`. Positions come from the
object's :class:`~studio.content.yamlio.SourceMap`; when it is missing (a model built in memory)
findings have no line, and when it is stale (a model edited since it was read) the line may be
off, but ``element`` always names the right thing, so the editor can select it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from studio.content.errors import LoadError, ReferenceEscape
from studio.content.findings import Finding

JsonPath = tuple


@dataclass(frozen=True)
class Escape:
    """What a ``content/ref-escapes-root`` finding is about: the field that holds the reference
    (``label``, e.g. ``board for 2 players`` or ``islands``), the reference as written and the
    content root it leaves."""

    label: str
    ref: str
    root: str


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
        #: the reference escapes among ``findings`` (:meth:`add_reference_error`), for :func:`group_escapes`
        self.escapes: dict[Finding, Escape] = {}

    def locate(self, json_path: JsonPath, key: bool = False) -> tuple[int | None, int | None]:
        """1-based (line, col) of ``json_path`` (of its key when ``key``), or (None, None).
        An element the file does not hold (added in the editor since, or renamed) has no line:
        its collection's line (``pegs:``) would send the designer to the wrong place; with the
        source's ``entries``, a list entry is found by what it is, not by its index now."""
        if self.source is None:
            return (None, None)
        p = tuple(json_path)
        entries = getattr(self.source, "entries", None)
        if entries is not None and self.element_of is not None and len(p) >= 2 and isinstance(p[1], int):
            # an entry of a list edited since the file was read: its place in the file, by what it is
            element = self.element_of(p[:2])
            if element is not None and element[0] != "board":
                at = entries.get((p[0], element))
                if at is None:
                    return (None, None)
                p = (*at, *p[2:])
        if len(p) >= 2 and not self.source.holds(p[:2]):
            return (None, None)
        return self.source.locate(p, prefer_key=key)

    def add(self, code: str, message: str, at: JsonPath = (), element: tuple | None = None,
            severity: str = "error", key: bool = False) -> Finding:
        """Record a finding at the node ``at`` (its key when ``key``) and return it."""
        line, col = self.locate(at, key)
        if element is None and self.element_of is not None:
            element = self.element_of(tuple(at))
        finding = Finding(code, severity, message, self.path, line, col, element, tuple(at))
        self.findings.append(finding)
        return finding

    def add_reference_error(self, exc: LoadError, label: str, at: JsonPath = ()) -> Finding:
        """Record ``exc``, raised resolving a reference of ``label`` (the field holding it), as
        ``label: message`` at ``at``; an escape from the content root is also kept in
        :attr:`escapes`."""
        finding = self.add(exc.code, f"{label}: {exc.message}", at=at)
        if isinstance(exc, ReferenceEscape):
            self.escapes[finding] = Escape(label, exc.ref, exc.root)
        return finding

    def extend(self, findings) -> None:
        self.findings.extend(findings)

    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def quote_pegs(pegs) -> str:
    """``("a1", "b2")`` -> ``[a1, b2]``, the way peg lists are written in the files."""
    return "[" + ", ".join(str(p) for p in pegs) + "]"


def group_escapes(findings: list[Finding], escapes: Mapping[Finding, Escape]) -> list[Finding]:
    """``findings`` with the ``content/ref-escapes-root`` findings of one file that name the
    same content root made into one, at the first of them, naming every reference: a scenario
    copied away from its content gives one finding, not one per reference. ``escapes``: what
    each escape finding is about (a :class:`Reporter`'s :attr:`~Reporter.escapes`); findings
    not in it are kept as they are."""
    groups: dict[tuple, list[tuple[Finding, Escape]]] = {}
    for f in findings:
        e = escapes.get(f)
        if e is not None:
            groups.setdefault((f.path, e.root), []).append((f, e))
    out = []
    for f in findings:
        e = escapes.get(f)
        group = groups.get((f.path, e.root)) if e is not None else None
        if e is None or group is None or len(group) == 1:
            out.append(f)
        elif group[0][0] is f:
            refs = "; ".join(f"{g.label} {g.ref!r}" for _, g in group)
            out.append(Finding(f.code, f.severity,
                               f"{len(group)} references leave the content root {e.root} (a copy of the "
                               f"scenario away from its content? copy the files too, or move it back): {refs}",
                               f.path, f.line, f.col, f.element, f.json_path))
    return out
