"""The :class:`Finding` record shared by the loader, validation, CLI and editor."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Finding:
    """One problem found in a content file.

    ``code`` is stable and documented (``geometry/lines-cross``); ``severity`` is ``error``,
    ``warning`` or ``info``; ``line``/``col`` are 1-based positions in ``path`` (None when
    unknown); ``element`` names the board element, e.g. ``("peg", "a1")``,
    ``("line", "a1", "a2")``, ``("segment", "a1", "a2", "b1")``, ``("seat", "south")``."""

    code: str
    severity: str
    message: str
    path: str | None = None
    line: int | None = None
    col: int | None = None
    element: tuple | None = None

    def location(self) -> str:
        where = self.path or "<memory>"
        if self.line is not None:
            where += f":{self.line}:{self.col or 1}"
        return where

    def format(self) -> str:
        """``path:line:col: severity code: message``."""
        return f"{self.location()}: {self.severity} {self.code}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["element"] = list(self.element) if self.element is not None else None
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
