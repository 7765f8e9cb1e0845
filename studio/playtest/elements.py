"""The content of a scenario that games can take, and what one finished game took.

An *element* is a piece of printed content with a stable key:

- Rule the Realm: every segment (``segment a1-a2-b1``: collected when a band explores or closes
  it, RTR-P2/P4; its content says what it holds: VP, energy, an idol, a picture), every bridge
  (``bridge c3-e3``: the first band across it, L3-2) and every line item (``line a1-a2``: the
  Labyrinth's treasures and artifacts, L8-2), and every picture (``picture heron``: completed,
  L4-2; taken by no single seat).
- Rivages: every island (``island coral-reach``: visited), every space that can be crossed
  (``space coral-reach 2,-1``), every goal step (``goal coral-reach quest 1``) and every node of
  the trees on the side in play (``tree banyan a3``).

:func:`catalogue` lists a game's elements once; :func:`taken` lists ``(key, seat)`` for what a
finished state took (seat ``-1`` when no single seat took it). The batch statistics count these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

NO_SEAT = -1


@dataclass(frozen=True)
class Element:
    """``key``: stable id; ``kind``: segment, bridge, line, picture, island, space, goal or
    tree; ``label``: for people; ``content``: what it holds ("" for nothing); ``group``: the
    board, island or tree it belongs to; ``shape``: for plots, a polygon or line as board
    points ``((x, y), ...)`` (Rule the Realm) or the axial ``((q, r),)`` of a space (Rivages)."""

    key: str
    kind: str
    label: str
    content: str = ""
    group: str = ""
    shape: tuple = ()


def catalogue(game) -> list[Element]:
    """Every element of ``game`` (a Rule the Realm or Rivages game), in a stable order; ``[]``
    for an engine the studio does not know elements of."""
    if getattr(game, "kind", None) == "rivages":
        return _rivages_catalogue(game)
    if hasattr(game, "topology"):
        return _realm_catalogue(game)
    return []


def taken(state) -> tuple[tuple[str, int], ...]:
    """``(key, seat)`` for each element the finished (or current) ``state`` has taken; ``()``
    for an engine the studio does not know elements of."""
    if getattr(state.game, "kind", None) == "rivages":
        return _rivages_taken(state)
    if hasattr(state.game, "topology"):
        return _realm_taken(state)
    return ()


# -- Rule the Realm -----------------------------------------------------------------------------

def _segment_key(face_key) -> str:
    return "segment " + "-".join(face_key)


def _line_key(line) -> str:
    return "-".join(line)


def _segment_content(seg) -> str:
    if seg is None:
        return ""
    parts = []
    if seg.treasure:
        parts.append(f"{seg.treasure} VP")
    if seg.energy:
        parts.append(f"{seg.energy} energy")
    if seg.idol:
        parts.append(f"{seg.idol} idol")
    if seg.picture:
        parts.append(f"picture {seg.picture}")
    return ", ".join(parts)


def _realm_catalogue(game) -> list[Element]:
    from studio.model.realm import line_key

    topo = game.topology
    board = game.board
    xy = {p.id: (p.x, p.y) for p in board.pegs.values()}
    out = []
    for i, face_key in enumerate(topo.face_keys):
        if not topo.is_segment[i]:
            continue
        ring = tuple((round(x, 4), round(y, 4)) for x, y in list(topo.faces[i].polygon.exterior.coords)[:-1])
        out.append(Element(_segment_key(face_key), "segment", "segment " + "-".join(face_key),
                           _segment_content(topo.segment_of_face[i]), board.id, ring))
    for bridge in board.bridges:
        line = line_key(*bridge.line)
        out.append(Element("bridge " + _line_key(line), "bridge", "bridge " + _line_key(line),
                           f"{bridge.energy} energy" if bridge.energy else "", board.id,
                           tuple(xy[p] for p in line if p in xy)))
    items: dict = {}
    for item in board.line_items:
        line = line_key(*item.line)
        treasure, artifacts = items.get(line, (0, []))
        items[line] = (treasure + item.treasure, artifacts + ([item.artifact] if item.artifact else []))
    for line, (treasure, artifacts) in items.items():
        parts = ([f"{treasure} VP"] if treasure else []) + artifacts
        out.append(Element("line " + _line_key(line), "line", "line " + _line_key(line), ", ".join(parts),
                           board.id, tuple(xy[p] for p in line if p in xy)))
    pictures = sorted({seg.picture for seg in topo.segment_of_face if seg is not None and seg.picture})
    for name in pictures:
        size = sum(1 for seg in topo.segment_of_face if seg is not None and seg.picture == name)
        out.append(Element("picture " + name, "picture", "picture " + name, f"{size} segments", board.id))
    return out


def _realm_taken(state) -> tuple[tuple[str, int], ...]:
    from studio.model.realm import line_key

    game = state.game
    topo = game.topology
    out = [(_segment_key(topo.face_keys[f]), seat) for f, seat in sorted(state.collected.items())]
    board = game.board
    lines = {line_key(*b.line): "bridge " for b in board.bridges}
    for item in board.line_items:
        lines.setdefault(line_key(*item.line), "line ")
    if lines:
        first: dict = {}
        for seat, shape in state.bands:  # the first band over a line takes what is on it
            for side in shape.sides:
                if side in lines and side not in first:
                    first[side] = seat
        out.extend((lines[line] + _line_key(line), seat) for line, seat in first.items())
    pictures = state.extra.get("pictures", {}).get("complete", [])
    out.extend(("picture " + name, NO_SEAT) for name in pictures)
    return tuple(out)


# -- Rivages ------------------------------------------------------------------------------------

def _space_key(island_id: str, at) -> str:
    return f"space {island_id} {at[0]},{at[1]}"


def _goal_key(island_id: str, goal: str, step: int) -> str:
    return f"goal {island_id} {goal} {step}"


def _rivages_catalogue(game) -> list[Element]:
    from studio.model.rivages import STRONGHOLD

    out = []
    for m in game.maps:
        out.append(Element(f"island {m.id}", "island", m.name, f"{m.n} spaces", m.id))
    for m in game.maps:
        for i, at in enumerate(m.at):
            if m.kind[i] == STRONGHOLD:
                continue  # never crossed (RIV-T6)
            out.append(Element(_space_key(m.id, at), "space", f"{m.name} {at[0]},{at[1]}", m.kind[i], m.id, (tuple(at),)))
    for m in game.maps:
        for name, steps in m.goals:
            for k, step in enumerate(steps, start=1):
                label = step.text or f"{name} step {k}"
                out.append(Element(_goal_key(m.id, name, k), "goal", f"{m.name}: {label}", name, m.id))
    for t in game.trees:
        for node in t.nodes:
            out.append(Element(f"tree {t.id} {node}", "tree", f"tree {t.id} {node}", "", t.id))
    return out


def _rivages_taken(state) -> tuple[tuple[str, int], ...]:
    from studio.rules.rivages.board import bits

    game = state.game
    out = []
    for seat, p in enumerate(state.players_state):
        visits = list(p.past) + [(p.island, p.crossed)]
        for island, crossed in visits:
            m = game.maps[island]
            out.append((f"island {m.id}", seat))
            out.extend((_space_key(m.id, m.at[i]), seat) for i in bits(crossed))
        tree = game.trees[p.tree]
        out.extend((f"tree {tree.id} {tree.nodes[i]}", seat) for i in bits(p.tree_crossed))
    out.extend((_goal_key(island, goal, step), seat) for seat, island, goal, step, _round in state.completions)
    return tuple(out)


def shape_bounds(elements) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` of the board points of ``elements`` (Rule the Realm)."""
    xs = [x for e in elements for x, _ in e.shape]
    ys = [y for e in elements for _, y in e.shape]
    if not xs:
        return (0.0, 0.0, 1.0, 1.0)
    return (min(xs), min(ys), max(xs), max(ys))


def hex_corners(q: int, r: int, size: float = 1.0) -> list[tuple[float, float]]:
    """Corners of the pointy-top hex at axial ``(q, r)`` (Red Blob's layout, y down)."""
    cx = size * math.sqrt(3) * (q + r / 2)
    cy = size * 1.5 * r
    return [(cx + size * math.cos(math.radians(60 * k - 30)), cy + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]
