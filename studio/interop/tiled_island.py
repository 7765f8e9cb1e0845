"""Rivages islands as Tiled hexagonal maps, both ways (``studio convert``, the island editor's
File > Import Tiled Map and Export as Tiled Map).

What a map holds (docs/tiled.md):

- ``orientation="hexagonal"``; the stagger axis follows the island (``y`` for pointy tops,
  ``x`` for flat), the stagger index is chosen on export and either is read;
- a tile layer ``spaces``: one tile per space, from a tileset drawn with the studio's own
  glyphs whose tiles carry a ``kind`` property (a terrain, ``white``, ``stronghold``,
  ``ship`` or ``fort``) and, for a space with an icon (a white one), the icon's parts
  (``scrolls``, ``loot``, ``statue``, ``any``, ``leap``: whole numbers; ``area``: a terrain
  or ``all``);
- an object layer ``bridges and forts``: each bridge a polyline (type ``bridge``) from the
  centre of one space to the other's, each fort a tile object (type ``fort``);
- map properties: ``id``, ``name``, ``description``, the goals ``quest``, ``mission-1`` and
  ``mission-2`` (each in the island file's words, as one line of YAML, hexes given as Tiled
  tile coordinates ``[x, y]``), and ``origin-q``/``origin-r``, the axial hex at tile 0,0.

Reading is lenient where Tiled users work differently: any number of tile layers (hidden
ones are not read, and said so), fort tiles on a tile layer, forts as points or rectangles,
flipped or rotated tiles, CSV or base64 data, infinite maps. Everything the studio cannot
use is a finding naming the file, the layer and the tile (or object) and, in TMX, its
line and column: tiles without ``kind``, unknown tiles and kinds, missing goals, a map that is
not hexagonal, objects that are neither bridges nor forts, properties the studio does not read.

Qt-free except :func:`island_map_files`, which draws the tileset image through
:mod:`studio.render.tiled_tiles`."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from studio.content.findings import Finding, json_path_text
from studio.interop.tiled_format import (
    GID_MASK,
    Cell,
    MapObject,
    ObjectLayer,
    OtherLayer,
    Property,
    Tile,
    TiledError,
    TiledMap,
    TileLayer,
    Tileset,
    map_to_tmj,
    map_to_tmx,
    properties_by_name,
    read_map,
    tileset_to_tsj,
    tileset_to_tsx,
)
from studio.interop.tiled_hex import STAGGER_INDICES, HexGrid, hex_at_tile, placement, tile_of_hex
from studio.model.rivages import (
    ALL_TERRAINS,
    DEFAULT_TERRAINS,
    EFFECT_KEYS,
    SHIP,
    SPECIAL_KINDS,
    STRONGHOLD,
    WHITE,
    Effect,
    Island,
)

FORT = "fort"
SPACES_LAYER = "spaces"
OBJECTS_LAYER = "bridges and forts"
TILESET_NAME = "rivages"
GOAL_PROPERTIES = ("quest", "mission-1", "mission-2")
MAP_PROPERTIES = ("id", "name", "description", "origin-q", "origin-r") + GOAL_PROPERTIES
COLUMNS = 8
FAR_PX = 1e7  # objects farther out are a slip (or damage), not a place on an island
BRIDGE_INK = "#5e3a17"  # the object layer's colour: bridges drawn in the planks' ink
_KIND_RE = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
STANDARD_ICONS: tuple[Effect, ...] = (Effect(statue=1), Effect(scrolls=1), Effect(loot=1), Effect(any=1),
                                      Effect(leap=1), Effect(area=ALL_TERRAINS))
"""White-space icons the exported tileset always offers (the island's own come after)."""


# --- the tileset --------------------------------------------------------------------------------

@dataclass(frozen=True)
class TileKind:
    """One tile of the studio's tileset: a space ``kind`` (or ``fort``) and its ``icon`` (white
    spaces carry icons)."""

    kind: str
    icon: Effect | None = None

    def properties(self) -> list[Property]:
        props = [Property("kind", self.kind)]
        if self.icon is not None:
            for key in EFFECT_KEYS:
                v = getattr(self.icon, key)
                if v:
                    props.append(Property(key, v, "string" if key == "area" else "int"))
        return props


def tile_kinds(island: Island, terrains: list[str]) -> list[TileKind]:
    """The tiles of the tileset exported with ``island``: every terrain, white (plain and with
    the standard icons, then any other icon the island uses), stronghold, ship and fort."""
    tiles = [TileKind(t) for t in terrains]
    tiles += [TileKind(WHITE)] + [TileKind(WHITE, e) for e in STANDARD_ICONS]
    tail = [TileKind(STRONGHOLD), TileKind(SHIP), TileKind(FORT)]
    for s in island.spaces:
        # a designer's own terrain, another icon, even an icon on a space that is not white
        # (rivages/icon-not-white): its own tile, so the map holds the island as it is
        t = TileKind(s.kind, s.icon)
        if t not in tiles and t not in tail:
            tiles.append(t)
    return tiles + tail


def make_tileset(kinds: list[TileKind], grid: HexGrid, image: str) -> Tileset:
    """The :class:`Tileset` of ``kinds`` (tile ids in list order) on a sheet ``image`` of
    :data:`COLUMNS` tiles a row."""
    columns = min(COLUMNS, len(kinds))
    rows = math.ceil(len(kinds) / columns)
    tiles = {i: Tile(i, FORT if k.kind == FORT else "", k.properties()) for i, k in enumerate(kinds)}
    return Tileset(TILESET_NAME, grid.tilewidth, grid.tileheight, len(kinds), columns, image,
                   columns * grid.tilewidth, rows * grid.tileheight, tiles=tiles)


# --- island -> map --------------------------------------------------------------------------------

class CannotExport(ValueError):
    """An island the map cannot hold as it is (the message says why and where)."""


def _goal_text(data) -> str:
    import yaml

    return yaml.safe_dump(data, default_flow_style=True, sort_keys=False, width=10_000, allow_unicode=True).strip()


def _tile_hexes(step: dict, to_tile) -> dict:
    out = dict(step)
    if "fort" in out:
        out["fort"] = list(to_tile(tuple(out["fort"])))
    if "spaces" in out:
        out["spaces"] = [list(to_tile(tuple(h))) for h in out["spaces"]]
    return out


def island_to_map(island: Island, stagger_index: str = "odd", terrains: list[str] | None = None,
                  tileset_source: str | None = None, image: str = "rivages.png") -> tuple[TiledMap, list[TileKind]]:
    """The Tiled map of ``island`` and the tiles of its tileset (to draw). ``tileset_source``
    names an external tileset file (None: embedded); ``image`` the tileset image file.
    Raises :class:`CannotExport` for an island with a hex listed twice (a tile holds one
    space) or ValueError for a bad ``stagger_index``."""
    terrains = list(terrains or [t.name for t in DEFAULT_TERRAINS])
    grid = HexGrid.for_orientation(island.orientation, stagger_index)
    seen: dict = {}
    for i, s in enumerate(island.spaces):
        if s.at in seen:
            raise CannotExport(f"spaces[{seen[s.at]}] and spaces[{i}] are both at {list(s.at)}: a map tile holds one "
                               "space; remove one (studio validate lists it)")
        seen[s.at] = i
    hexes = [s.at for s in island.spaces] + list(island.forts) + [h for b in island.bridges for h in b]
    origin, width, height = placement(hexes or [(0, 0)], grid.layout)
    kinds = tile_kinds(island, terrains)
    gid = {k: i + 1 for i, k in enumerate(kinds)}
    tileset = make_tileset(kinds, grid, image)
    tileset.source = tileset_source

    def to_tile(h):
        return tile_of_hex(h, grid.layout, origin)

    cells = {to_tile(s.at): Cell(gid[TileKind(s.kind, s.icon)]) for s in island.spaces}
    objects: list[MapObject] = []
    for a, b in island.bridges:
        ax, ay = grid.tile_centre(*to_tile(a))
        bx, by = grid.tile_centre(*to_tile(b))
        objects.append(MapObject(len(objects) + 1, "", "bridge", ax, ay, shape="polyline",
                                 points=[(0.0, 0.0), (bx - ax, by - ay)]))
    w, h = grid.tilewidth & ~1, grid.tileheight & ~1
    for f in island.forts:
        cx, cy = grid.tile_centre(*to_tile(f))
        objects.append(MapObject(len(objects) + 1, "", FORT, cx - w / 2, cy + h / 2, w, h, gid=gid[TileKind(FORT)],
                                 shape="tile"))
    data = island.to_data()
    goals = data["goals"]
    quest = goals["quest"]
    quest = {"steps": [_tile_hexes(s, to_tile) for s in quest["steps"]]} if "steps" in quest else _tile_hexes(quest, to_tile)
    props = []
    if island.description:
        props.append(Property("description", island.description))
    props.append(Property("id", island.id))
    for i, m in enumerate(goals["missions"]):
        props.append(Property(f"mission-{i + 1}", _goal_text(m)))
    if island.name:
        props.append(Property("name", island.name))
    props += [Property("origin-q", origin[0], "int"), Property("origin-r", origin[1], "int"),
              Property("quest", _goal_text(quest))]
    tmap = TiledMap("hexagonal", width, height, grid.tilewidth, grid.tileheight, grid.hexsidelength,
                    grid.staggeraxis, grid.staggerindex, properties=props, tilesets=[tileset],
                    layers=[TileLayer(1, SPACES_LAYER, width, height, cells),
                            ObjectLayer(2, OBJECTS_LAYER, objects, colour=BRIDGE_INK)])
    return tmap, kinds


def map_suffix(path) -> str:
    """``tmx`` or ``tmj`` from a map path's suffix. Raises ValueError for another suffix."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".tmx", ".tmj"):
        raise ValueError(f"{path}: a Tiled map is a .tmx (XML) or .tmj (JSON) file")
    return suffix[1:]


def island_map_files(island: Island, path, stagger_index: str = "odd", embed_tileset: bool = False,
                     terrains=None) -> dict[Path, bytes]:
    """Every file of ``island`` exported to the map ``path`` (``.tmx`` or ``.tmj``): the map,
    the tileset image ``NAME-tiles.png`` and, unless ``embed_tileset``, the tileset
    ``NAME-tiles.tsx`` (``.tsj`` beside a ``.tmj``), as ``{path: content}``. ``terrains``:
    the scenario's :class:`~studio.model.rivages.Terrain` list (colours), default the four.
    Raises :class:`CannotExport` or ValueError."""
    from studio.render.tiled_tiles import tileset_png

    fmt = map_suffix(path)
    path = Path(path)
    terrains = list(terrains or DEFAULT_TERRAINS)
    stem = path.stem
    image = f"{stem}-tiles.png"
    ts_name = None if embed_tileset else f"{stem}-tiles.{'tsx' if fmt == 'tmx' else 'tsj'}"
    tmap, kinds = island_to_map(island, stagger_index, [t.name for t in terrains], ts_name, image)
    ts = tmap.tilesets[0]
    assert tmap.staggeraxis is not None and tmap.staggerindex is not None  # island_to_map makes a hexagonal map
    grid = HexGrid(tmap.tilewidth, tmap.tileheight, tmap.hexsidelength, tmap.staggeraxis, tmap.staggerindex)
    files = {path.with_name(image): tileset_png([(k.kind, k.icon) for k in kinds], grid, ts.columns, terrains)}
    if ts_name:
        files[path.with_name(ts_name)] = (tileset_to_tsx(ts) if fmt == "tmx" else tileset_to_tsj(ts)).encode("utf-8")
    files[path] = (map_to_tmx(tmap) if fmt == "tmx" else map_to_tmj(tmap)).encode("utf-8")
    return files


def write_files(files: dict[Path, bytes]) -> list[Path]:
    """Write every file atomically: each to a temp file beside it, and only when all are
    complete, each renamed over its target (an error leaves every old file as it was and no
    temp file). Returns the paths written. Raises OSError in plain words."""
    from studio.content.yamlio import replace_with, temp_path_beside

    temps: list[tuple[Path, Path]] = []
    try:
        for target, content in files.items():
            tmp = temp_path_beside(target)
            temps.append((tmp, target))
            with open(tmp, "wb") as fh:
                fh.write(content)
                fh.flush()
                import os

                os.fsync(fh.fileno())
    except BaseException:
        for tmp, _t in temps:
            try:
                tmp.unlink()
            except OSError:
                pass
        raise
    done = []
    for i, (tmp, target) in enumerate(temps):
        try:
            replace_with(tmp, target)
        except BaseException:
            for later, _t in temps[i + 1:]:
                try:
                    later.unlink()
                except OSError:
                    pass
            raise
        done.append(target)
    return done


# --- map -> island --------------------------------------------------------------------------------

@dataclass
class IslandImport:
    """What reading a map gave: the ``island`` (None when it cannot be built), every finding
    (errors, warnings, notes), and the map's ``grid`` (None when it is not hexagonal)."""

    island: Island | None
    findings: list[Finding] = field(default_factory=list)
    grid: HexGrid | None = None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]


class _Report:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self.findings: list[Finding] = []

    def add(self, code: str, severity: str, message: str, line=None, col=None, element=None) -> None:
        self.findings.append(Finding(code, severity, message, self.path, line, col, element))


def _layer_name(layer) -> str:
    return f"layer {(layer.group + '/' if layer.group else '') + layer.name!r}"


def _object_name(o: MapObject) -> str:
    return f"object {o.id}" + (f" {o.name!r}" if o.name else "")


def _known_kinds(terrains: list[str]) -> list[str]:
    return list(terrains) + list(SPECIAL_KINDS) + [FORT]


def _slug(text: str) -> str:
    s = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-_").lower()
    return (s or "island")[:64]


def _rotate(dx: float, dy: float, degrees: float) -> tuple[float, float]:
    if not degrees:
        return dx, dy
    a = math.radians(degrees)
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


# where a tile object's (x, y) is on its tile, by the tileset's objectalignment, as the
# fraction of (width, height) from there to the tile's middle ("unspecified" on orthogonal
# and hexagonal maps is bottom-left)
_TO_MIDDLE = {"topleft": (0.5, 0.5), "top": (0.0, 0.5), "topright": (-0.5, 0.5), "left": (0.5, 0.0),
              "center": (0.0, 0.0), "right": (-0.5, 0.0), "bottomleft": (0.5, -0.5), "bottom": (0.0, -0.5),
              "bottomright": (-0.5, -0.5)}


def _object_centre(o: MapObject, alignment: str = "unspecified") -> tuple[float, float]:
    """Where an object stands, in map pixels: a point's position, a tile object's or a box's
    middle (Tiled rotates objects about their x, y)."""
    if o.shape == "point":
        return o.x, o.y
    if o.shape == "tile":
        fx, fy = _TO_MIDDLE.get(alignment, (0.5, -0.5))
        dx, dy = _rotate(o.width * fx, o.height * fy, o.rotation)
    elif o.shape in ("polygon", "polyline") and o.points:
        mx = sum(p[0] for p in o.points) / len(o.points)
        my = sum(p[1] for p in o.points) / len(o.points)
        dx, dy = _rotate(mx, my, o.rotation)
    else:
        dx, dy = _rotate(o.width / 2, o.height / 2, o.rotation)
    return o.x + dx, o.y + dy


def island_from_map(tmap: TiledMap, terrains: list[str] | None = None, placeholders: bool = False) -> IslandImport:
    """Build the island a Tiled map shows. ``terrains``: the terrain names of the scenario
    (default the four); a kind that is none of them nor white, stronghold, ship or fort is
    an error when it cannot be a terrain name, else a warning. With ``placeholders``, a map
    without goals still gives an island, with stand-in goals to edit (the findings say so);
    without, it gives none. Never raises."""
    terrains = list(terrains or [t.name for t in DEFAULT_TERRAINS])
    report = _Report(tmap.path)
    if tmap.orientation != "hexagonal":
        prop = properties_by_name(tmap.properties).get("format")
        fmt = str(prop.value) if prop is not None else ""
        if fmt.startswith("realm-board/"):  # the studio's own export of a Rule the Realm board
            text = (f"this map is a Rule the Realm board ({fmt}) exported by the studio; boards go to Tiled only "
                    "(for laying out art), they are not read back: edit the board's .yaml in the studio. Only "
                    "Rivages islands go both ways")
        else:
            text = (f"the map is {tmap.orientation}; a Rivages island is a hexagonal map (in Tiled: Map > Map "
                    "Properties > Orientation: Hexagonal, or File > New Map with Orientation Hexagonal)")
        report.add("tiled/orientation", "error", text, tmap.line, tmap.col)
        return IslandImport(None, report.findings)
    if tmap.staggeraxis not in ("x", "y") or tmap.staggerindex not in STAGGER_INDICES:
        report.add("tiled/bad-file", "error",
                   f"a hexagonal map needs staggeraxis x or y and staggerindex odd or even, got "
                   f"{tmap.staggeraxis!r} and {tmap.staggerindex!r}", tmap.line, tmap.col)
        return IslandImport(None, report.findings)
    grid = HexGrid(tmap.tilewidth, tmap.tileheight, tmap.hexsidelength, tmap.staggeraxis, tmap.staggerindex)
    if not grid.sound():
        report.add("tiled/bad-file", "error",
                   f"tiles of {tmap.tilewidth} x {tmap.tileheight} pixels with a hex side of {tmap.hexsidelength} "
                   "make no hex grid (tiles of 2 to 100000 pixels, the side shorter than the tile along the stagger "
                   "axis)",
                   tmap.line, tmap.col)
        return IslandImport(None, report.findings)
    props = properties_by_name(tmap.properties)
    origin = _origin(props, report)
    known = _known_kinds(terrains)

    def hex_of(col, row):
        return hex_at_tile(col, row, grid.layout, origin)

    # -- tiles ----------------------------------------------------------------------------------
    spaces: dict = {}      # hex -> (kind, icon, layer, col, row, line, col)
    forts: list = []       # (hex, where text, line, col)
    said: set = set()      # (code, tileset, tile id) already reported
    counts: dict = {}      # same, -> [finding index, count]
    for layer in tmap.layers:
        if not isinstance(layer, TileLayer):
            continue
        if not layer.cells:
            continue
        if not layer.visible:
            report.add("tiled/hidden-layer", "warning",
                       f"{_layer_name(layer)} is hidden: its {len(layer.cells)} tiles are not read (show it in Tiled "
                       "to make them spaces, or delete it)", layer.line, layer.col)
            continue
        for (x, y), cell in sorted(layer.cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            where = f"{_layer_name(layer)}, tile {x},{y}"
            found = tmap.tile_of(cell.gid)
            if found is None:
                _once(report, counts, ("unknown", cell.gid & GID_MASK), "tiled/unknown-tile", "error",
                      f"{where}: tile id {cell.gid & GID_MASK} is in no tileset of the map "
                      f"({_tileset_ranges(tmap)})", cell.line, cell.col)
                continue
            ts, local = found
            tile = ts.tiles.get(local)
            tprops = properties_by_name(tile.properties) if tile else {}
            kind_prop = tprops.get("kind")
            key = (id(ts), local)
            tile_text = f"tile {local} of tileset {ts.name!r}" + (f" ({ts.source})" if ts.source else "")
            if kind_prop is None or not isinstance(kind_prop.value, str) or not kind_prop.value.strip():
                _once(report, counts, ("no-kind",) + key, "tiled/no-kind", "error",
                      f"{where}: {tile_text} has no 'kind' property; give the tile a string property 'kind' in the "
                      f"tileset ({', '.join(known)})", cell.line, cell.col)
                continue
            kind = kind_prop.value.strip()
            if kind not in known:
                bad = not _KIND_RE.match(kind)
                _once(report, counts, ("kind",) + key, "tiled/unknown-kind", "error" if bad else "warning",
                      f"{where}: {tile_text} has kind {kind!r}, "
                      + ("which cannot be a terrain name (lower-case letters, digits and '-')" if bad else
                         "not a terrain of the scenario (its own terrain? studio validate checks it against the "
                         "scenario)") + f"; known: {', '.join(known)}", cell.line, cell.col)
                if bad:
                    continue
            icon, unknown = _tile_icon(tprops)
            if unknown and key not in said:
                said.add(key)
                report.add("tiled/unknown-property", "warning",
                           f"{where}: {tile_text} has {', '.join(repr(u) for u in unknown)}, which the studio does "
                           "not read (a tile has 'kind' and, for a white space, its icon: "
                           f"{', '.join(EFFECT_KEYS)}); ignored", cell.line, cell.col)
            h = hex_of(x, y)
            if kind == FORT:
                forts.append((h, where, cell.line, cell.col))
                continue
            if h in spaces:
                first = spaces[h]
                report.add("tiled/overlap", "error",
                           f"{where}: the hex already holds a {first[0]} space from {first[2]}, tile {first[3]},"
                           f"{first[4]}; a hex holds one space (clear one of the two tiles)", cell.line, cell.col)
                continue
            spaces[h] = (kind, icon, _layer_name(layer), x, y, cell.line, cell.col)

    # -- objects --------------------------------------------------------------------------------
    bridges: list = []     # ((a, b), where, line, col)
    for layer in tmap.layers:
        if isinstance(layer, OtherLayer):
            report.add("tiled/ignored-layer", "info", f"{_layer_name(layer)} is an {layer.kind}; the studio does not "
                       "read it", layer.line, layer.col)
            continue
        if not isinstance(layer, ObjectLayer):
            continue
        for o in layer.objects:
            where = f"{_layer_name(layer)}, {_object_name(o)}"
            if layer.offset != (0.0, 0.0):  # drawn shifted: it stands where it is seen
                o = replace(o, x=o.x + layer.offset[0], y=o.y + layer.offset[1])
            if any(abs(v) > FAR_PX for v in (o.x, o.y, o.width, o.height, *(c for p in o.points for c in p))):
                report.add("tiled/bad-file", "error", f"{where} lies {FAR_PX:g} pixels or more away from the map; "
                           "move it onto the island, or delete it", o.line, o.col)
                continue
            kind = o.type
            found = tmap.tile_of(o.gid) if o.gid else None
            alignment = found[0].objectalignment if found is not None else "unspecified"
            if not kind and found is not None:
                ts, local = found
                t = ts.tiles.get(local)
                if t is not None:
                    kp = properties_by_name(t.properties).get("kind")
                    kind = t.type or (kp.value if kp is not None else "")
            if o.template and not kind:
                report.add("tiled/unsupported", "warning",
                           f"{where} uses the template {o.template!r}, which the studio does not read; ignored (in "
                           "Tiled: right-click > Detach Template, or export with --detach-templates)", o.line, o.col)
                continue
            if kind == "bridge":
                ends = _bridge_ends(o, grid, report, where)
                if ends is not None:
                    a, b = (hex_of(*ends[0]), hex_of(*ends[1]))
                    bridges.append(((a, b), f"{where} (tiles {ends[0][0]},{ends[0][1]} to {ends[1][0]},{ends[1][1]})",
                                    o.line, o.col))
            elif kind == FORT:
                c = grid.tile_at(*_object_centre(o, alignment))
                forts.append((hex_of(*c), f"{where} (tile {c[0]},{c[1]})", o.line, o.col))
            else:
                c = grid.tile_at(*_object_centre(o, alignment))
                report.add("tiled/ignored-object", "warning",
                           f"{where} (at tile {c[0]},{c[1]}) is neither a bridge nor a fort: set its Class (Type) to "
                           "'bridge' (a polyline from one space to the other) or 'fort'; ignored", o.line, o.col)
    return _build(tmap, props, origin, grid, spaces, bridges, forts, terrains, placeholders, report)


def _once(report: _Report, counts: dict, key, code, severity, message, line, col) -> None:
    """One finding per tileset tile and problem, at its first tile, counting the other tiles
    that repeat it (``layer 'spaces', tile 3,4 (and 11 more like it): ...``)."""
    if key in counts:
        i, n = counts[key]
        counts[key] = [i, n + 1]
        f = report.findings[i]
        text = re.sub(r"^(.*?, tile \d+,\d+)( \(and \d+ more like it\))?:",
                      lambda m: f"{m.group(1)} (and {n} more like it):", f.message, count=1)
        report.findings[i] = Finding(f.code, f.severity, text, f.path, f.line, f.col, f.element)
        return
    counts[key] = [len(report.findings), 1]
    report.add(code, severity, message, line, col)


def _tileset_ranges(tmap: TiledMap) -> str:
    if not tmap.tilesets:
        return "the map has no tileset"
    parts = []
    for ts in sorted(tmap.tilesets, key=lambda t: t.firstgid):
        parts.append(f"{ts.name!r} has ids {ts.firstgid} to {ts.firstgid + max(ts.tilecount, 1) - 1}")
    return "; ".join(parts)


def _tile_icon(tprops: dict[str, Property]) -> tuple[dict | None, list[str]]:
    """The icon a tile's properties give its space (as in an island file: the schema checks
    the values, the lint that only white spaces carry one), and the property names not
    understood."""
    unknown = [n for n in tprops if n != "kind" and n not in EFFECT_KEYS]
    icon = {}
    for key in EFFECT_KEYS:
        p = tprops.get(key)
        if p is None:
            continue
        v = p.value
        if key != "area" and isinstance(v, str):
            try:
                v = int(v.strip())  # typed as a string property in Tiled: the number it says
            except ValueError:
                pass  # the schema says what is wrong with it
        icon[key] = v
    return (icon or None), unknown


def _origin(props: dict[str, Property], report: _Report) -> tuple[int, int]:
    out = []
    for name in ("origin-q", "origin-r"):
        p = props.get(name)
        if p is None:
            out.append(0)
            continue
        try:
            if isinstance(p.value, bool) or (isinstance(p.value, float) and not p.value.is_integer()):
                raise ValueError
            v = int(p.value)
            if abs(v) > 99:
                raise ValueError
        except (TypeError, ValueError):
            report.add("tiled/bad-property", "error",
                       f"map property {name!r} is {p.value!r}; it is the axial coordinate of the hex at tile 0,0, a whole "
                       "number from -99 to 99 (0 is used)", p.line, p.col)
            v = 0
        out.append(v)
    return (out[0], out[1])


def _bridge_ends(o: MapObject, grid: HexGrid, report: _Report, where: str):
    if o.shape not in ("polyline", "polygon") or len(o.points) != 2:
        got = f"a {o.shape}" + (f" of {len(o.points)} points" if o.points else "")
        report.add("tiled/bad-bridge", "error",
                   f"{where} is a bridge drawn as {got}; a bridge is a polyline of 2 points, from the centre of one "
                   "space to the centre of the neighbouring space it joins", o.line, o.col)
        return None
    ends = []
    for px, py in o.points:
        dx, dy = _rotate(px, py, o.rotation)
        ends.append(grid.tile_at(o.x + dx, o.y + dy))
    if ends[0] == ends[1]:
        report.add("tiled/bad-bridge", "error",
                   f"{where} starts and ends on the same tile {ends[0][0]},{ends[0][1]}; draw it from one space's "
                   "centre to the neighbouring space's", o.line, o.col)
        return None
    return ends


def _goal(props: dict[str, Property], name: str, to_hex, report: _Report):
    """The goal data of map property ``name`` (hexes turned axial), or None when missing/bad."""
    from studio.content import LoadError, parse_yaml

    p = props.get(name)
    if p is None:
        return None
    if not isinstance(p.value, str):
        report.add("tiled/bad-goal", "error", f"map property {name!r} must be text (a goal in YAML), got {p.value!r}",
                   p.line, p.col, ("goal", _goal_element(name)))
        return False
    try:
        data = parse_yaml(p.value, name).data
    except LoadError as exc:
        at = f" (line {exc.line} column {exc.col} of its text)" if exc.line else ""
        report.add("tiled/bad-goal", "error", f"map property {name!r} is not a goal in YAML: {exc.message}{at}",
                   p.line, p.col, ("goal", _goal_element(name)))
        return False
    if not isinstance(data, dict):
        report.add("tiled/bad-goal", "error",
                   f"map property {name!r} must be a goal as in an island file, e.g. "
                   + ("{fort: [4, 3], reward: {scrolls: 3}}" if name == "quest" else
                      "{steps: [{areas: {terrain: forest, count: 1}, reward: {scrolls: 2}}]}") + f", got {p.value!r}",
                   p.line, p.col, ("goal", _goal_element(name)))
        return False

    def hexes(step):
        if not isinstance(step, dict):
            return step
        step = dict(step)
        if _is_pair(step.get("fort")):
            step["fort"] = list(to_hex(*step["fort"]))
        if isinstance(step.get("spaces"), list):
            step["spaces"] = [list(to_hex(*h)) if _is_pair(h) else h for h in step["spaces"]]
        return step

    if name == "quest":
        if isinstance(data.get("steps"), list):
            return {**data, "steps": [hexes(s) for s in data["steps"]]}
        return hexes(data)
    return data


def _is_pair(v) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)


def _goal_element(name: str) -> str:
    return "quest" if name == "quest" else f"mission {name[-1]}"


def placeholder_goals(spaces: dict, terrains: list[str]) -> tuple[dict, list[dict]]:
    """Stand-in goals for an island whose map has none: a quest on the land space nearest the
    middle (2 scrolls) and two missions of one area of the two commonest terrains (1 scroll)."""
    land = [h for h, v in spaces.items() if v[0] not in SPECIAL_KINDS]
    pool = land or list(spaces) or [(0, 0)]
    mq = sum(h[0] for h in pool) / len(pool)
    mr = sum(h[1] for h in pool) / len(pool)
    middle = min(pool, key=lambda h: ((h[0] - mq) ** 2 + (h[1] - mr) ** 2 + (h[0] - mq) * (h[1] - mr), h))
    counts: dict[str, int] = {}
    for h in land:
        counts[spaces[h][0]] = counts.get(spaces[h][0], 0) + 1
    common = sorted(counts, key=lambda t: (-counts[t], t))[:2] or []
    while len(common) < 2:
        common.append(terrains[len(common) % len(terrains)])
    quest = {"spaces": [list(middle)], "reward": {"scrolls": 2}}
    missions = [{"steps": [{"areas": {"terrain": t, "count": 1}, "reward": {"scrolls": 1}}]} for t in common]
    return quest, missions


def _build(tmap, props, origin, grid, spaces, bridges, forts, terrains, placeholders, report) -> IslandImport:
    from studio.content.schemas import schema_findings

    path = tmap.path
    if not spaces:
        layers = [layer for layer in tmap.layers if isinstance(layer, TileLayer)]
        report.add("tiled/no-spaces", "error",
                   "the map has no spaces: " + ("it has no tile layer" if not layers else
                                                "no visible tile layer holds a tile with a 'kind'")
                   + "; paint the island's spaces on a tile layer with tiles whose 'kind' is a terrain, white, "
                   "stronghold or ship", tmap.line, tmap.col)
        return IslandImport(None, report.findings, grid)

    def to_hex(col, row):
        return hex_at_tile(col, row, grid.layout, origin)

    for name, p in props.items():
        if name not in MAP_PROPERTIES:
            report.add("tiled/unknown-property", "warning",
                       f"map property {name!r} is not one the studio reads ({', '.join(MAP_PROPERTIES)}); ignored",
                       p.line, p.col)
    data: dict = {"format": Island.FORMAT}
    idp = props.get("id")
    if idp is None:
        stem = _slug(Path(path).stem) if path else "island"
        report.add("tiled/no-id", "warning", f"the map has no 'id' property; the island's id is {stem!r}, from the "
                   "file name (add a string map property 'id' to choose it)", tmap.line, tmap.col)
        data["id"] = stem
    else:
        data["id"] = idp.value
    for name in ("name", "description"):
        if name in props:
            data[name] = props[name].value
    if grid.orientation != "pointy":
        data["orientation"] = grid.orientation
    order = sorted(spaces, key=lambda h: (h[1], h[0]))
    data["spaces"] = []
    for h in order:
        kind, icon = spaces[h][0], spaces[h][1]
        s = {"at": list(h), "kind": kind}
        if icon is not None:
            s["icon"] = icon
        data["spaces"].append(s)
    if bridges:
        data["bridges"] = [[list(a), list(b)] for (a, b), *_ in bridges]
    if forts:
        data["forts"] = [list(h) for h, *_ in forts]
    goals = {name: _goal(props, name, to_hex, report) for name in GOAL_PROPERTIES}
    missing = [n for n in GOAL_PROPERTIES if n not in props]
    if missing:
        stand_in = placeholders and all(goals[n] is not False for n in GOAL_PROPERTIES)
        report.add("tiled/no-goals", "error",
                   f"the map has no {', '.join(repr(m) for m in missing)} map propert{'y' if len(missing) == 1 else 'ies'}"
                   "; an island has a quest and two exploration missions, each a string map property in YAML "
                   "(e.g. quest: {fort: [4, 3], reward: {scrolls: 3}}; mission-1: {steps: [{areas: {terrain: "
                   "forest, count: 1}, reward: {scrolls: 2}}]})"
                   + ("; stand-in goals were put in: edit them in the Goals panel" if stand_in else ""),
                   tmap.line, tmap.col)
        if not stand_in:
            return IslandImport(None, report.findings, grid)
        quest, missions = placeholder_goals(spaces, terrains)
        if goals["quest"] is None:
            goals["quest"] = quest
        for i in (1, 2):
            if goals[f"mission-{i}"] is None:
                goals[f"mission-{i}"] = missions[i - 1]
    if any(v is False for v in goals.values()):
        return IslandImport(None, report.findings, grid)
    data["goals"] = {"quest": goals["quest"], "missions": [goals["mission-1"], goals["mission-2"]]}
    schema = schema_findings(data, None, path)
    for f in schema:
        report.findings.append(_in_map_terms(f, data, props, spaces, order, bridges, forts, grid, origin))
    if any(f.severity == "error" for f in schema):
        return IslandImport(None, report.findings, grid)
    island = Island.from_data(data, path=None)
    return IslandImport(island, report.findings, grid)


def _in_map_terms(f: Finding, data, props, spaces, order, bridges, forts, grid, origin) -> Finding:
    """A schema finding on the island built from the map, said in the map's terms (layer and
    tile, object, map property) and placed at that element of the file. The element is found
    from the finding's ``json_path`` (a message that opens with that path drops it)."""
    path = f.json_path or ()
    quoted = f"'{json_path_text(path)}'"
    said = bool(path) and f.message.startswith(quoted)  # the message names the value's path first
    after = f.message[len(quoted):] if said else f.message
    line = col = None
    where = "the map"
    rest = f.message
    head = path[0] if said else None
    if head == "spaces" and len(path) >= 2 and isinstance(path[1], int):
        i = path[1]
        h = order[i] if i < len(order) else None
        if h is not None:
            kind, _icon, layer, x, y, line, col = spaces[h]
            where = f"{layer}, tile {x},{y}"
            tail = path[2:]
            if tail[:1] == ("at",):
                rest = (f"the tile is hex {list(h)}, outside the island's range (axial coordinates from -99 to 99); "
                        "check the map properties origin-q and origin-r")
            elif tail[:1] == ("icon",):
                key = str(tail[1]) if len(tail) > 1 else "icon"
                rest = f"tile property {key!r}" + after
            else:
                rest = f"tile property {json_path_text(tail)!r}" + after if tail else f.message
    elif head == "goals" and len(path) >= 2 and (path[1] == "quest" or (
            path[1] == "missions" and len(path) >= 3 and isinstance(path[2], int))):
        name = "quest" if path[1] == "quest" else f"mission-{path[2] + 1}"
        p = props.get(name)
        line, col = (p.line, p.col) if p is not None else (None, None)
        where = f"map property {name!r}" + ("" if p is not None else " (a stand-in)")
        tail = path[2:] if path[1] == "quest" else path[3:]
        rest = (f"{json_path_text(tail)!r}" if tail else "the goal") + after
    elif head in ("bridges", "forts") and len(path) >= 2 and isinstance(path[1], int):
        items = bridges if head == "bridges" else forts
        if path[1] < len(items):
            _v, wtext, line, col = items[path[1]]
            where = wtext
    elif len(path) == 1 and head in MAP_PROPERTIES:
        p = props.get(head)
        line, col = (p.line, p.col) if p is not None else (None, None)
        where = f"map property {head!r}"
        rest = "the value" + after
    return Finding(f.code, f.severity, f"{where}: {rest}", f.path, line, col, f.element)


def read_island_map(path, terrains: list[str] | None = None, placeholders: bool = False) -> IslandImport:
    """Read a TMX or TMJ map as an island (:func:`island_from_map`); a file that cannot be
    read gives no island and its finding. Never raises."""
    try:
        tmap = read_map(path)
    except TiledError as exc:
        return IslandImport(None, exc.findings)
    try:
        return island_from_map(tmap, terrains, placeholders)
    except Exception as exc:  # noqa: BLE001 - a bug here must not lose the editor's island: say it
        return IslandImport(None, [Finding("internal/error", "error", f"reading the map as an island failed "
                                           f"({type(exc).__name__}: {exc}); please report it with the file",
                                           str(path))])


__all__ = [
    "CannotExport", "IslandImport", "OBJECTS_LAYER", "SPACES_LAYER", "TileKind", "island_from_map",
    "island_map_files", "island_to_map", "make_tileset", "map_suffix", "placeholder_goals", "read_island_map",
    "tile_kinds", "write_files",
]
