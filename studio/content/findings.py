"""The :class:`Finding` record shared by the loader, validation, CLI and editor."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

SEVERITIES = ("error", "warning", "info")

MAX_PER_FILE = 200
"""Findings listed per file; the rest are counted in one ``validate/more-findings`` finding
(a file of 400,000 unknown keys must not print 400,000 lines)."""


@dataclass(frozen=True)
class Finding:
    """One problem found in a content file.

    ``code`` is stable and documented (``geometry/lines-cross``); ``severity`` is ``error``,
    ``warning`` or ``info``; ``line``/``col`` are 1-based positions in ``path`` (None when
    unknown); ``element`` names the board element, e.g. ``("peg", "a1")``,
    ``("line", "a1", "a2")``, ``("segment", "a1", "a2", "b1")``, ``("seat", "south")``;
    ``json_path`` is the path of the value at fault in the file's data, a tuple of mapping keys
    and list indices (``("pegs", "a1", "at", 0)``; for a missing key, the path the key would
    have; ``()`` the whole file), None when the finding is about no one value. Readers take the
    value's place from ``json_path``, never from the message."""

    code: str
    severity: str
    message: str
    path: str | None = None
    line: int | None = None
    col: int | None = None
    element: tuple | None = None
    json_path: tuple | None = None

    def location(self, unnamed: str = "<memory>") -> str:
        """``path:line:col`` (``unnamed`` for content with no file yet, e.g. the editor's
        untitled board)."""
        where = self.path or unnamed
        if self.line is not None:
            where += f":{self.line}:{self.col or 1}"
        return where

    def format(self, unnamed: str = "<memory>") -> str:
        """``path:line:col: severity code: message`` (``unnamed``: see :meth:`location`)."""
        return f"{self.location(unnamed)}: {self.severity} {self.code}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["element"] = list(self.element) if self.element is not None else None
        d["json_path"] = list(self.json_path) if self.json_path is not None else None
        return d


def json_path_text(path) -> str:
    """``("pegs", "a1", "at", 0)`` -> ``pegs.a1.at[0]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


class LeftOut:
    """Findings of one file past the cap, counted by severity without being made: where the
    first of them is (asked once, lazily) and how many of each severity."""

    def __init__(self, limit: int = MAX_PER_FILE) -> None:
        self.limit = limit
        self.counts: dict[str, int] = {}
        self.at: tuple | None = None

    def add(self, severity: str, n: int = 1, where=None) -> None:
        """Count ``n`` more of ``severity``; ``where``: a callable giving the (line, col) of
        the first of them, called only for the first findings left out."""
        if n and self.at is None and where is not None and n > 0:
            self.at = where()
        self.counts[severity] = self.counts.get(severity, 0) + n

    def findings(self, path: str | None) -> list[Finding]:
        """The one ``validate/more-findings`` finding, or nothing when nothing was left out."""
        counts = {s: n for s, n in self.counts.items() if n > 0}
        if not counts:
            return []
        line, col = self.at or (None, None)
        return [more_findings(path, counts, line, col, self.limit)]


def more_findings(path: str | None, counts: dict[str, int], line: int | None, col: int | None,
                  limit: int = MAX_PER_FILE) -> Finding:
    """The ``validate/more-findings`` finding counting ``counts`` (severity -> number) left
    out of ``path`` past the first ``limit``, as severe as the most severe of them."""
    total = sum(counts.values())
    worst = next(s for s in SEVERITIES if counts.get(s))
    words = {"error": "error", "warning": "warning", "info": "note"}
    parts = ", ".join(f"{counts[s]:,} {words[s]}{'' if counts[s] == 1 else 's'}" for s in SEVERITIES if counts.get(s))
    return Finding("validate/more-findings", worst,
                   f"and {total:,} more findings in this file, not listed ({parts}): the first {limit} "
                   "are listed; fix those and check again", path, line, col)


def cap_per_file(findings: list[Finding], limit: int = MAX_PER_FILE) -> list[Finding]:
    """``findings`` (sorted) with at most ``limit`` per file; the rest of a file become one
    ``validate/more-findings`` finding at the first one left out, as severe as the most
    severe of them, counting them by severity. Linear in the number of findings; a count an
    earlier cap made (the schema layer's) is kept as it is."""
    kept: list[Finding] = []
    per_file: dict = {}
    rest: dict = {}
    for f in findings:
        if f.code == "validate/more-findings":  # an earlier cap's count (the schema layer's) stays
            kept.append(f)
            continue
        n = per_file.get(f.path, 0)
        per_file[f.path] = n + 1
        if n < limit:
            kept.append(f)
        else:
            first, counts = rest.setdefault(f.path, (f, {}))
            counts[f.severity] = counts.get(f.severity, 0) + 1
    for path, (first, counts) in rest.items():
        kept.append(more_findings(path, counts, first.line, first.col, limit))
    return kept
