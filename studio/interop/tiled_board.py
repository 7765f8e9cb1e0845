"""Rule the Realm boards exported to Tiled, for designers who lay out the board's art there.

The map is orthogonal (tiles of :data:`TILE_PX` pixels, only a grid to snap to) and holds, in
drawing order:

- an image layer ``board``: the board as the studio draws it, a reference to paint over;
- an object layer ``segments``: every face of the line graph as a polygon (type ``segment``
  for a triangle, ``hole`` for another face such as a crater), its corner pegs in the
  property ``pegs`` (``"a4 a5 b4"``) and its contents as properties (``treasure``,
  ``energy``, ``idol``, ``picture``, ``island`` for an Archipelago City island); the Volcano
  crater is one more polygon (type ``crater``);
- an object layer ``lines``: every line as a polyline (type ``line``, or ``bridge`` when a
  canal bridge crosses it, with its ``energy``), its two pegs in ``pegs``, Labyrinth line
  items as ``treasure`` and ``artifact`` properties;
- an object layer ``pegs``: every peg as a point named by its id, with the properties
  ``colour`` and ``label`` (the id), and ``start`` and ``goal`` naming the seats that start
  or race there.

Positions: :data:`PX_PER_UNIT` pixels per peg spacing, board point ``(x, y)`` at map pixel
``((x - origin-x) * 64, (y - origin-y) * 64)``; the map properties say the scale and origin,
with the board's ``id``, ``name``, ``players``, ``location`` and ``description``. Export only:
a board is edited in the studio."""

from __future__ import annotations

import math
from pathlib import Path

from studio.interop.tiled_format import (
    Layer,
    MapObject,
    ObjectLayer,
    OtherLayer,
    Property,
    TiledMap,
    map_to_tmj,
    map_to_tmx,
)
from studio.model.realm import Board, Segment, line_key, segment_key

PX_PER_UNIT = 64
TILE_PX = 32


def _props(pairs) -> list[Property]:
    out = []
    for name, value in pairs:
        if value is None or value == "" or value == 0 and not isinstance(value, bool):
            continue
        kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else \
            "float" if isinstance(value, float) else "string"
        out.append(Property(name, value, kind))
    return out


def board_to_map(board: Board, origin: tuple[float, float], size: tuple[float, float],
                 image: str | None = None) -> TiledMap:
    """The Tiled map of ``board``: ``origin`` is the board point at map pixel 0,0 and ``size``
    the board-unit width and height the map covers; ``image`` the file of the board drawn
    at :data:`PX_PER_UNIT` (an image layer at 0,0), None for none."""
    ox, oy = origin

    def px(x: float, y: float) -> tuple[float, float]:
        return (round((x - ox) * PX_PER_UNIT, 3), round((y - oy) * PX_PER_UNIT, 3))

    pegs = board.pegs
    next_id = iter(range(1, 1_000_000))
    # segments: every face, with what the board says it holds
    contents: dict[tuple[str, ...], Segment] = {s.key: s for s in board.segments}
    island_of: dict[tuple[str, ...], str] = {segment_key(t): name for name, tris in board.islands.items() for t in tris}
    faces = _faces(board)
    seen = set()
    segment_objects = []
    for corners in faces + [tuple(s.pegs) for s in board.segments if s.key not in {segment_key(f) for f in faces if len(f) == 3}]:
        key = tuple(sorted(corners))
        if key in seen or any(c not in pegs for c in corners):
            continue
        seen.add(key)
        s = contents.get(key) if len(corners) == 3 else None
        x0, y0 = px(*pegs[corners[0]].at)
        points = [(px(*pegs[c].at)[0] - x0, px(*pegs[c].at)[1] - y0) for c in corners]
        segment_objects.append(MapObject(
            next(next_id), "", "segment" if len(corners) == 3 else "hole", x0, y0, shape="polygon", points=points,
            properties=_props([("energy", s.energy if s else 0), ("idol", s.idol if s else None),
                               ("island", island_of.get(key)), ("pegs", " ".join(corners)),
                               ("picture", s.picture if s else None), ("treasure", s.treasure if s else 0)])))
    if len(board.crater) >= 3 and all(c in pegs for c in board.crater):
        x0, y0 = px(*pegs[board.crater[0]].at)
        segment_objects.append(MapObject(next(next_id), "", "crater", x0, y0, shape="polygon",
                                         points=[(px(*pegs[c].at)[0] - x0, px(*pegs[c].at)[1] - y0)
                                                 for c in board.crater],
                                         properties=[Property("pegs", " ".join(board.crater))]))
    # lines, with bridges and Labyrinth items
    items = {line_key(*i.line): i for i in board.line_items}
    bridges = {line_key(*b.line): b for b in board.bridges}
    line_objects = []
    for a, b in board.lines:
        if a not in pegs or b not in pegs:
            continue
        k = line_key(a, b)
        x0, y0 = px(*pegs[a].at)
        x1, y1 = px(*pegs[b].at)
        item, bridge = items.get(k), bridges.get(k)
        line_objects.append(MapObject(
            next(next_id), "", "bridge" if bridge else "line", x0, y0, shape="polyline",
            points=[(0.0, 0.0), (round(x1 - x0, 3), round(y1 - y0, 3))],
            properties=_props([("artifact", item.artifact if item else None),
                               ("energy", bridge.energy if bridge else 0), ("pegs", f"{a} {b}"),
                               ("treasure", item.treasure if item else 0)])))
    # pegs, with the seats that start or race there
    starts: dict[str, list[str]] = {}
    goals: dict[str, list[str]] = {}
    for seat in board.seats.values():
        for pid in seat.start:
            starts.setdefault(pid, []).append(seat.name)
        for pid in seat.goal:
            goals.setdefault(pid, []).append(seat.name)
    peg_objects = []
    for peg in pegs.values():
        x, y = px(peg.x, peg.y)
        peg_objects.append(MapObject(
            next(next_id), peg.id, "peg", x, y, shape="point",
            properties=_props([("colour", peg.colour), ("goal", ", ".join(goals.get(peg.id, []))),
                               ("label", peg.id), ("start", ", ".join(starts.get(peg.id, [])))])))
    w = max(1, math.ceil(size[0] * PX_PER_UNIT / TILE_PX))
    h = max(1, math.ceil(size[1] * PX_PER_UNIT / TILE_PX))
    props = _props([("description", board.description), ("format", board.FORMAT), ("id", board.id),
                    ("location", board.location), ("name", board.name)])
    props += [Property("origin-x", float(ox), "float"), Property("origin-y", float(oy), "float"),
              Property("pixels-per-unit", PX_PER_UNIT, "int"), Property("players", board.players, "int")]
    props.sort(key=lambda p: p.name)  # Tiled's own order
    layers: list[Layer] = []
    if image:
        layers.append(OtherLayer("image layer", 1, "board", image=image))
    layers += [ObjectLayer(2, "segments", segment_objects, colour="#a0522d"),
               ObjectLayer(3, "lines", line_objects, colour="#3b3026"),
               ObjectLayer(4, "pegs", peg_objects, colour="#1f4e79")]
    return TiledMap("orthogonal", w, h, TILE_PX, TILE_PX, properties=props, layers=layers)


def _faces(board: Board) -> list[tuple[str, ...]]:
    """The faces of the board's line graph as peg tuples in ring order (none when the lines
    cannot be cut into faces: the listed segments are still exported)."""
    from studio.geometry.faces import line_graph_faces

    try:
        faces = line_graph_faces({p.id: p.at for p in board.pegs.values()},
                                 [(a, b) for a, b in board.lines if a in board.pegs and b in board.pegs])
    except Exception:  # noqa: BLE001 - a board too broken to cut into faces: its segment list stands in
        return []
    return [tuple(f.pegs) for f in faces]


def board_map_files(board: Board, path) -> dict[Path, bytes]:
    """The files of ``board`` exported to the map ``path`` (``.tmx`` or ``.tmj``): the map and
    the board image ``NAME-board.png`` beside it, as ``{path: content}``. Raises ValueError for
    another suffix."""
    from studio.interop.tiled_island import map_suffix
    from studio.render.tiled_tiles import board_png

    fmt = map_suffix(path)
    path = Path(path)
    image = f"{path.stem}-board.png"
    png, (x0, y0, width, height) = board_png(board, PX_PER_UNIT)
    tmap = board_to_map(board, (x0, y0), (width, height), image)
    return {path.with_name(image): png,
            path: (map_to_tmx(tmap) if fmt == "tmx" else map_to_tmj(tmap)).encode("utf-8")}


__all__ = ["PX_PER_UNIT", "TILE_PX", "board_map_files", "board_to_map"]
