"""A piece of a board on the clipboard: pegs with their positions and colours, the lines,
segment contents, line items, bridges, islands, crater pegs and picture definitions among them. Plain data, JSON on
the clipboard (mime type :data:`Fragment.MIME`), so copy and paste work between windows."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import cast

from studio.content.yamlio import json_reason, read_json
from studio.model.realm import COLOURS, Board, Bridge, LineItem, Segment, line_key

XY = tuple[float, float]


@dataclass
class Fragment:
    """``pegs``: id -> (x, y, colour) in board units; the other lists only name those pegs."""

    pegs: dict[str, tuple[float, float, str]] = field(default_factory=dict)
    lines: list[tuple[str, str]] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    line_items: list[LineItem] = field(default_factory=list)
    bridges: list[Bridge] = field(default_factory=list)
    pictures: dict[str, dict] = field(default_factory=dict)
    islands: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)
    crater: list[str] = field(default_factory=list)

    MIME = "application/x-board-studio-fragment"

    @classmethod
    def of(cls, board: Board, peg_ids) -> "Fragment":
        """The part of ``board`` spanned by ``peg_ids``: those pegs, the lines between them, and
        what the segments and lines among them hold."""
        ids = [p for p in dict.fromkeys(peg_ids) if p in board.pegs]
        inside = set(ids)
        frag = cls(pegs={p: (board.pegs[p].x, board.pegs[p].y, board.pegs[p].colour) for p in ids})
        seen = set()
        for a, b in board.lines:
            k = line_key(a, b)
            if a in inside and b in inside and k not in seen:
                seen.add(k)
                frag.lines.append((a, b))
        frag.segments = [Segment(cast("tuple[str, str, str]", tuple(s.pegs)), s.treasure, s.energy, s.idol, s.picture)
                         for s in board.segments if set(s.pegs) <= inside]
        frag.line_items = [LineItem(cast("tuple[str, str]", tuple(i.line)), i.treasure, i.artifact)
                           for i in board.line_items if set(i.line) <= inside]
        frag.bridges = [Bridge(cast("tuple[str, str]", tuple(b.line)), b.energy) for b in board.bridges if set(b.line) <= inside]
        names = {s.picture for s in frag.segments if s.picture}
        frag.pictures = {n: dict(board.pictures[n]) for n in sorted(names) if n in board.pictures}
        # an island's triangles among the pegs (the rest of the island stays behind)
        for name, triangles in board.islands.items():
            inner = [cast("tuple[str, str, str]", tuple(t)) for t in triangles if set(t) <= inside]
            if inner:
                frag.islands[name] = inner
        frag.crater = [p for p in board.crater if p in inside]
        return frag

    def is_empty(self) -> bool:
        return not self.pegs

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [x for x, _, _ in self.pegs.values()] or [0.0]
        ys = [y for _, y, _ in self.pegs.values()] or [0.0]
        return (min(xs), min(ys), max(xs), max(ys))

    # -- clipboard text -----------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({
            "format": "board-studio-fragment/1",
            "pegs": {p: [x, y, c] for p, (x, y, c) in self.pegs.items()},
            "lines": [list(ln) for ln in self.lines],
            "segments": [{"pegs": list(s.pegs), "treasure": s.treasure, "energy": s.energy,
                          "idol": s.idol, "picture": s.picture} for s in self.segments],
            "line_items": [{"line": list(i.line), "treasure": i.treasure, "artifact": i.artifact}
                           for i in self.line_items],
            "bridges": [{"line": list(b.line), "energy": b.energy} for b in self.bridges],
            "pictures": self.pictures,
            "islands": {name: [list(t) for t in tris] for name, tris in self.islands.items()},
            "crater": list(self.crater),
        })

    @classmethod
    def from_json(cls, text: str) -> "Fragment":
        """Raises ValueError when ``text`` is not a fragment (or names pegs it does not hold)."""
        try:
            data = read_json(text)  # NaN or Infinity coordinates are refused, as in content files
            if data.get("format") != "board-studio-fragment/1":
                raise ValueError("not a board fragment")
            pegs = {}
            for p, (x, y, c) in data["pegs"].items():
                if c not in COLOURS:
                    raise ValueError(f"unknown colour {c!r}")
                if not (math.isfinite(float(x)) and math.isfinite(float(y))):  # float("nan") takes a text
                    raise ValueError(f"peg {p}'s place is not a finite number")
                pegs[str(p)] = (float(x), float(y), str(c))
            frag = cls(
                pegs=pegs,
                lines=[(str(a), str(b)) for a, b in data.get("lines", [])],
                segments=[Segment(tuple(s["pegs"]), int(s.get("treasure", 0)), int(s.get("energy", 0)),
                                  s.get("idol"), s.get("picture")) for s in data.get("segments", [])],
                line_items=[LineItem(tuple(i["line"]), int(i.get("treasure", 0)), i.get("artifact"))
                            for i in data.get("line_items", [])],
                bridges=[Bridge(tuple(b["line"]), int(b.get("energy", 0))) for b in data.get("bridges", [])],
                pictures={str(k): dict(v) for k, v in data.get("pictures", {}).items()},
                islands={str(k): [cast("tuple[str, str, str]", tuple(str(p) for p in t)) for t in v] for k, v in data.get("islands", {}).items()},
                crater=[str(p) for p in data.get("crater", [])],
            )
            if any(len(t) != 3 for tris in frag.islands.values() for t in tris):
                raise ValueError("an island triangle without 3 pegs")
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a board fragment: {json_reason(exc)}") from None
        except (TypeError, KeyError, AttributeError) as exc:
            raise ValueError(f"not a board fragment: {exc}") from None
        named = {p for ln in frag.lines for p in ln} | {p for s in frag.segments for p in s.pegs}
        named |= {p for i in frag.line_items for p in i.line} | {p for b in frag.bridges for p in b.line}
        named |= {p for tris in frag.islands.values() for t in tris for p in t} | set(frag.crater)
        if not named <= set(frag.pegs):
            raise ValueError(f"fragment names pegs it does not hold: {sorted(named - set(frag.pegs))}")
        return frag
