"""Tiled map files: read TMX (XML) and TMJ (JSON) maps with their TSX/TSJ tilesets into plain
dataclasses, and write them back. Formats as documented by Tiled
(https://doc.mapeditor.org/en/stable/reference/tmx-map-format/ and ``json-map-format/``);
written in the Tiled 1.8 dialect (``type`` on tiles and objects), read from 1.0 on (``class``
as Tiled 1.9 wrote it is read too).

Reading never raises anything but :class:`TiledError`, whose findings say what is wrong and
where: ``map.tmx:12:5`` (line and column as the XML parser gives them) or, in JSON, the line
and column of a syntax error and the key path of anything else (``layers[1].data``). What is
read: orthogonal and hexagonal maps, finite and infinite (chunks), tile layer data as CSV,
base64 (plain, zlib, gzip) or ``<tile>`` elements, layers inside groups, tile, point,
rectangle, ellipse, polygon and polyline objects, typed properties on the map, layers, tiles
and objects. DTDs with entity declarations are refused (no entity expansion), and files over
:data:`MAX_BYTES`.

Global tile ids (gids) keep their flip bits in :class:`Cell` and :class:`MapObject`;
:func:`gid_tile` strips them (``GID_MASK``)."""

from __future__ import annotations

import base64
import binascii
import json
import math
import os
import struct
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, cast
from xml.parsers import expat

from studio.content.findings import Finding

MAX_BYTES = 32 * 1024 * 1024
MAX_GID = 0xFFFFFFFF           # a gid is an unsigned 32-bit number (flip flags included)
GID_MASK = 0x0FFFFFFF          # the low 28 bits; the high 4 are Tiled's flip and rotation flags
VERSION = "1.8"                # the format version written: Tiled 1.8 and every later Tiled read it
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class")
MAP_SUFFIXES = (".tmx", ".tmj")
XML_SUFFIXES = (".tmx", ".tsx", ".xml")
JSON_SUFFIXES = (".tmj", ".tsj", ".json")


class TiledError(ValueError):
    """A Tiled file that cannot be read (or written): ``findings`` say what and where."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = list(findings)
        head = self.findings[0].format() if self.findings else "bad Tiled file"
        more = f" (and {len(self.findings) - 1} more)" if len(self.findings) > 1 else ""
        super().__init__(head + more)


def _fail(code: str, message: str, path, line: int | None = None, col: int | None = None) -> NoReturn:
    raise TiledError([Finding(code, "error", message, str(path) if path is not None else None, line, col)])


# --- the model -----------------------------------------------------------------------------------

@dataclass
class Property:
    """A custom property: ``type`` is one of :data:`PROPERTY_TYPES`; ``value`` is a str, int,
    float or bool as the type says (a ``class`` property's value is its members as a dict)."""

    name: str
    value: Any
    type: str = "string"
    line: int | None = None
    col: int | None = None


def properties_by_name(props: list[Property]) -> dict[str, Property]:
    return {p.name: p for p in props}


@dataclass
class Tile:
    """What a tileset says about one of its tiles (only tiles with a type, properties or their
    own image are listed in a file)."""

    id: int
    type: str = ""
    properties: list[Property] = field(default_factory=list)
    image: str | None = None
    line: int | None = None
    col: int | None = None


@dataclass
class Tileset:
    """A tileset. ``source`` is the external file as the map names it (None when embedded);
    ``path`` the file it was read from. ``tiles`` holds the tiles the file describes."""

    name: str
    tilewidth: int
    tileheight: int
    tilecount: int = 0
    columns: int = 0
    image: str | None = None
    imagewidth: int = 0
    imageheight: int = 0
    margin: int = 0
    spacing: int = 0
    objectalignment: str = "unspecified"
    tiles: dict[int, Tile] = field(default_factory=dict)
    properties: list[Property] = field(default_factory=list)
    firstgid: int = 1
    source: str | None = None
    path: str | None = None
    line: int | None = None
    col: int | None = None


@dataclass
class Cell:
    """A non-empty cell of a tile layer: its gid (flip bits included) and where its value is
    written in the file, when the format tells (CSV rows in TMX)."""

    gid: int
    line: int | None = None
    col: int | None = None


@dataclass
class TileLayer:
    """A tile layer: ``cells`` maps ``(x, y)`` tile coordinates to the non-empty cells.
    ``group`` is the path of the group layers it sits in (``"decor/trees"``, or ``""``)."""

    id: int
    name: str
    width: int
    height: int
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    visible: bool = True
    properties: list[Property] = field(default_factory=list)
    group: str = ""
    line: int | None = None
    col: int | None = None


@dataclass
class MapObject:
    """An object. ``shape`` is ``rectangle``, ``point``, ``ellipse``, ``polygon``,
    ``polyline``, ``text`` or ``tile`` (``gid`` set: drawn with that tile, ``(x, y)`` its
    bottom-left corner on orthogonal and hexagonal maps); ``points`` are relative to ``(x, y)``."""

    id: int
    name: str = ""
    type: str = ""
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0
    rotation: float = 0.0
    gid: int = 0
    shape: str = "rectangle"
    points: list[tuple[float, float]] = field(default_factory=list)
    properties: list[Property] = field(default_factory=list)
    visible: bool = True
    template: str | None = None
    line: int | None = None
    col: int | None = None


@dataclass
class ObjectLayer:
    id: int
    name: str
    objects: list[MapObject] = field(default_factory=list)
    visible: bool = True
    properties: list[Property] = field(default_factory=list)
    group: str = ""
    colour: str | None = None
    line: int | None = None
    col: int | None = None
    offset: tuple[float, float] = (0.0, 0.0)
    """Where the layer's objects are drawn, in pixels from where they say (the layer's and its
    groups' offsets added up)."""


@dataclass
class OtherLayer:
    """An image layer (read, never used by the studio): kept so findings can name it."""

    kind: str
    id: int
    name: str
    group: str = ""
    image: str | None = None
    offset: tuple[float, float] = (0.0, 0.0)
    line: int | None = None
    col: int | None = None


Layer = TileLayer | ObjectLayer | OtherLayer


@dataclass
class TiledMap:
    """A map. ``staggeraxis`` (``x``/``y``), ``staggerindex`` (``odd``/``even``) and
    ``hexsidelength`` are for hexagonal (and staggered) maps; ``layers`` are in drawing order
    (bottom first), group layers flattened (each layer's ``group`` names its groups)."""

    orientation: str
    width: int
    height: int
    tilewidth: int
    tileheight: int
    hexsidelength: int = 0
    staggeraxis: str | None = None
    staggerindex: str | None = None
    infinite: bool = False
    renderorder: str = "right-down"
    properties: list[Property] = field(default_factory=list)
    tilesets: list[Tileset] = field(default_factory=list)
    layers: list[Layer] = field(default_factory=list)
    path: str | None = None
    version: str = VERSION
    line: int | None = None
    col: int | None = None

    def tile_of(self, gid: int) -> tuple[Tileset, int] | None:
        """The tileset a gid (flip bits ignored) comes from and its local tile id, or None when
        no tileset has it (0 is no tile)."""
        g = gid & GID_MASK
        if g == 0:
            return None
        best = None
        for ts in self.tilesets:
            if ts.firstgid <= g and (best is None or ts.firstgid > best.firstgid):
                best = ts
        if best is None:
            return None
        local = g - best.firstgid
        if best.tilecount and local >= best.tilecount and local not in best.tiles:
            return None
        return best, local


def gid_tile(gid: int) -> int:
    """``gid`` without its flip bits."""
    return gid & GID_MASK


# --- reading: common -----------------------------------------------------------------------------

def _read_bytes(path: Path, what: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        _fail("tiled/unreadable", f"{what} {path} does not exist", path)
    except IsADirectoryError:
        _fail("tiled/unreadable", f"{path} is a folder, not a {what}", path)
    except OSError as exc:
        _fail("tiled/unreadable", f"cannot read {what} {path}: {exc.strerror or exc}", path)
    if len(raw) > MAX_BYTES:
        _fail("tiled/unreadable", f"{path} is larger than {MAX_BYTES // (1024 * 1024)} MiB", path)
    return raw


def _is_json(path: Path, raw: bytes) -> bool:
    suffix = path.suffix.lower()
    if suffix in JSON_SUFFIXES:
        return True
    if suffix in XML_SUFFIXES:
        return False
    return raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[")


def read_map(path: str | os.PathLike) -> TiledMap:
    """Read a TMX or TMJ map (the suffix says which; another suffix: the content does) and
    every external tileset it uses. Raises :class:`TiledError`."""
    p = Path(path)
    raw = _read_bytes(p, "map")
    if _is_json(p, raw):
        return _JsonReader(p).read_map(_json_root(raw, p))
    return _XmlReader(p).read_map(_xml_root(raw, p, "map"))


def read_tileset(path: str | os.PathLike, firstgid: int = 1, source: str | None = None) -> Tileset:
    """Read a TSX or TSJ tileset file. Raises :class:`TiledError`."""
    p = Path(path)
    raw = _read_bytes(p, "tileset")
    if _is_json(p, raw):
        ts = _JsonReader(p).tileset(_json_root(raw, p), "(top level)")
    else:
        ts = _XmlReader(p).tileset(_xml_root(raw, p, "tileset"))
    ts.firstgid, ts.source, ts.path = firstgid, source, str(p)
    return ts


def gid_range_text(value) -> str:
    """``the tile id 99999999999999999999999 is out of range (...)``: the message for a gid
    that no Tiled map can hold (flip flags set the top 4 of its 32 bits)."""
    return f"the tile id {value} is out of range (a Tiled tile id is a whole number from 0 to {MAX_GID})"


def _decompress_limited(raw: bytes, wbits: int, limit: int) -> bytes:
    """``raw`` inflated to at most ``limit`` bytes (``wbits`` 15 zlib, 31 gzip), so a small
    file that inflates to gigabytes costs no more than ``limit`` bytes of memory. Returns
    what was inflated (``limit`` bytes means the data holds more than expected); raises
    zlib.error for a stream cut short."""
    d = zlib.decompressobj(wbits)
    out = d.decompress(raw, limit)
    if len(out) < limit and not d.eof:
        raise zlib.error("the compressed stream ends early")
    return out


def _decode_base64(text: str, compression: str, count: int, path, where: str, line=None, col=None) -> list[int]:
    try:
        raw = base64.b64decode(text.strip().encode("ascii"), validate=False)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        _fail("tiled/bad-data", f"{where}: the base64 tile data does not decode", path, line, col)
    try:
        if compression in ("zlib", "gzip"):
            # inflate at most one byte more than the layer's tiles need: a bomb is refused at once
            raw = _decompress_limited(raw, 15 if compression == "zlib" else 31, 4 * count + 1)
            if len(raw) > 4 * count:
                _fail("tiled/bad-data", f"{where}: the {compression} tile data inflates to more than the {count} "
                      f"tiles of the layer ({4 * count} bytes); it was not read further", path, line, col)
        elif compression == "zstd":
            _fail("tiled/unsupported", f"{where}: zstd-compressed tile data is not supported; in Tiled set Map "
                  "Properties > Tile Layer Format to CSV (or Base64 with zlib or gzip)", path, line, col)
        elif compression:
            _fail("tiled/bad-data", f"{where}: unknown compression {compression!r} (Tiled writes zlib, gzip or zstd)",
                  path, line, col)
    except (zlib.error, OSError, EOFError):
        _fail("tiled/bad-data", f"{where}: the {compression} tile data does not decompress", path, line, col)
    if len(raw) != 4 * count:
        _fail("tiled/bad-data", f"{where}: the tile data holds {len(raw) // 4} tiles, expected {count}",
              path, line, col)
    return list(struct.unpack(f"<{count}I", raw))


# --- reading: XML --------------------------------------------------------------------------------

class _Element(ET.Element):
    """An element that knows where its start tag is (1-based line and column)."""

    line: int | None = None
    col: int | None = None
    text_line: int | None = None


class _EntityRefused(Exception):
    pass


def _xml_root(raw: bytes, path: Path, tag: str) -> _Element:
    builder = ET.TreeBuilder(element_factory=_Element)
    parser = expat.ParserCreate()
    pending: list[_Element] = []

    def start(name, attrs):
        el = builder.start(name, attrs)
        el.line, el.col = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        pending.append(el)

    def end(name):
        builder.end(name)
        pending.pop()

    def data(text):
        if pending and pending[-1].text_line is None:
            pending[-1].text_line = parser.CurrentLineNumber
        builder.data(text)

    def refuse(*_args):
        raise _EntityRefused()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    try:
        parser.Parse(raw, True)
        root = cast(_Element, builder.close())  # the element_factory made every element an _Element
    except expat.ExpatError as exc:
        _fail("tiled/xml", f"not well-formed XML: {expat.ErrorString(exc.code)}", path, exc.lineno, exc.offset + 1)
    except LookupError as exc:  # <?xml encoding="..."?> naming no codec Python knows
        _fail("tiled/xml", f"the XML declaration names an encoding Python does not know ({exc}); Tiled writes "
              "UTF-8", path, 1, 1)
    except (UnicodeError, ValueError) as exc:
        _fail("tiled/xml", f"the text does not decode in its declared encoding ({exc})", path, 1, 1)
    except _EntityRefused:
        _fail("tiled/xml", "the file declares XML entities; Tiled files never do, and the studio does not expand "
              "them", path, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
    except (AssertionError, IndexError):  # unbalanced builder calls cannot happen after a clean parse
        _fail("tiled/xml", "not well-formed XML", path)
    if root.tag != tag:
        other = {"map": "a Tiled map", "tileset": "a Tiled tileset"}
        _fail("tiled/not-tiled", f"the root element is <{root.tag}>, not <{tag}>: this is not {other.get(tag, tag)}",
              path, root.line, root.col)
    return root


class _XmlReader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, el, message: str, code: str = "tiled/bad-file") -> NoReturn:
        _fail(code, message, self.path, getattr(el, "line", None), getattr(el, "col", None))

    def int_(self, el, name: str, default: int | None = None) -> int:
        v = el.get(name)
        if v is None:
            if default is None:
                self.fail(el, f"<{el.tag}> has no {name!r} attribute")
            return default
        try:
            return int(v)
        except ValueError:
            self.fail(el, f"<{el.tag} {name}={v!r}>: expected a whole number")

    def float_(self, el, name: str, default: float = 0.0) -> float:
        v = el.get(name)
        if v is None:
            return default
        try:
            f = float(v)
        except ValueError:
            f = math.nan
        if not math.isfinite(f):
            self.fail(el, f"<{el.tag} {name}={v!r}>: expected a number")
        return f

    def properties(self, el) -> list[Property]:
        out = []
        for props in el.findall("properties"):
            for p in props.findall("property"):
                name = p.get("name")
                if name is None:
                    self.fail(p, "<property> has no 'name' attribute")
                kind = p.get("type", "string")
                if kind == "class":
                    members = {m.name: m.value for m in self.properties(p)}
                    out.append(Property(name, members, kind, p.line, p.col))
                    continue
                text = p.get("value")
                if text is None:
                    text = p.text or ""
                out.append(Property(name, _typed(kind, text, lambda m: self.fail(p, f"property {name!r}: {m}")),
                                    kind, p.line, p.col))
        return out

    def read_map(self, root) -> TiledMap:
        m = TiledMap(
            orientation=root.get("orientation", "orthogonal"),
            width=self.int_(root, "width", 0), height=self.int_(root, "height", 0),
            tilewidth=self.int_(root, "tilewidth"), tileheight=self.int_(root, "tileheight"),
            hexsidelength=self.int_(root, "hexsidelength", 0),
            staggeraxis=root.get("staggeraxis"), staggerindex=root.get("staggerindex"),
            infinite=root.get("infinite", "0") == "1", renderorder=root.get("renderorder", "right-down"),
            properties=self.properties(root), path=str(self.path), version=root.get("version", ""),
            line=root.line, col=root.col)
        for el in root.findall("tileset"):
            m.tilesets.append(self.map_tileset(el))
        self.layers(root, m, "")
        return m

    def map_tileset(self, el) -> Tileset:
        firstgid = self.int_(el, "firstgid")
        source = el.get("source")
        if source is None:
            ts = self.tileset(el)
            ts.firstgid, ts.path = firstgid, str(self.path)
            return ts
        try:
            ts = read_tileset(self.path.parent / source, firstgid, source)
        except TiledError as exc:
            if exc.findings[0].code == "tiled/unreadable":
                self.fail(el, f"tileset {source!r} cannot be read: {exc.findings[0].message}", "tiled/unreadable")
            raise
        ts.line, ts.col = el.line, el.col
        return ts

    def tileset(self, el) -> Tileset:
        image = el.find("image")
        ts = Tileset(name=el.get("name", ""), tilewidth=self.int_(el, "tilewidth", 0),
                     tileheight=self.int_(el, "tileheight", 0), tilecount=self.int_(el, "tilecount", 0),
                     columns=self.int_(el, "columns", 0), margin=self.int_(el, "margin", 0),
                     spacing=self.int_(el, "spacing", 0), objectalignment=el.get("objectalignment", "unspecified"),
                     properties=self.properties(el), line=el.line, col=el.col)
        if image is not None:
            ts.image = image.get("source")
            ts.imagewidth, ts.imageheight = self.int_(image, "width", 0), self.int_(image, "height", 0)
        for t in el.findall("tile"):
            tid = self.int_(t, "id")
            timage = t.find("image")
            ts.tiles[tid] = Tile(tid, t.get("type") or t.get("class") or "", self.properties(t),
                                 timage.get("source") if timage is not None else None, t.line, t.col)
        return ts

    def layers(self, parent, m: TiledMap, group: str, offset=(0.0, 0.0), shown: bool = True) -> None:
        """The layers under ``parent``; a group's offset adds to its layers', and a hidden
        group hides them."""
        for el in parent:
            if el.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            dx, dy = offset[0] + self.float_(el, "offsetx"), offset[1] + self.float_(el, "offsety")
            visible = shown and el.get("visible", "1") != "0"
            if el.tag == "layer":
                layer = self.tile_layer(el, m, group)
                layer.visible = visible
                m.layers.append(layer)
            elif el.tag == "objectgroup":
                m.layers.append(ObjectLayer(self.int_(el, "id", 0), el.get("name", ""),
                                            [self.object(o) for o in el.findall("object")],
                                            visible, self.properties(el), group, el.get("color"), el.line, el.col,
                                            (dx, dy)))
            elif el.tag == "imagelayer":
                image = el.find("image")
                m.layers.append(OtherLayer("image layer", self.int_(el, "id", 0), el.get("name", ""), group,
                                           image.get("source") if image is not None else None, (dx, dy),
                                           el.line, el.col))
            else:
                name = el.get("name", "")
                self.layers(el, m, f"{group}/{name}" if group else name, (dx, dy), visible)

    def tile_layer(self, el, m: TiledMap, group: str) -> TileLayer:
        layer = TileLayer(self.int_(el, "id", 0), el.get("name", ""), self.int_(el, "width", m.width),
                          self.int_(el, "height", m.height), visible=el.get("visible", "1") != "0",
                          properties=self.properties(el), group=group, line=el.line, col=el.col)
        data = el.find("data")
        if data is None:
            return layer
        where = f"layer {layer.name!r}"
        chunks = data.findall("chunk")
        if chunks:
            for ch in chunks:
                self.data(ch, data, self.int_(ch, "x"), self.int_(ch, "y"), self.int_(ch, "width"),
                          self.int_(ch, "height"), layer, where)
        else:
            self.data(data, data, 0, 0, layer.width, layer.height, layer, where)
        return layer

    def data(self, el, data, x0: int, y0: int, w: int, h: int, layer: TileLayer, where: str) -> None:
        if w < 0 or h < 0 or w * h > 4_000_000:
            self.fail(el, f"{where}: a tile layer of {w} x {h} tiles is out of range")
        encoding, compression = data.get("encoding", ""), data.get("compression", "")
        cells = layer.cells
        if encoding == "csv":
            text = el.text or ""
            values = _csv_values(text, el)
            if len(values) != w * h:
                self.fail(el, f"{where}: the CSV tile data holds {len(values)} values, expected {w} x {h} = {w * h}",
                          "tiled/bad-data")
            for i, (v, line, col) in enumerate(values):
                try:
                    gid = int(v)
                except ValueError:
                    _fail("tiled/bad-data", f"{where}: {v!r} in the tile data is not a tile id", self.path, line, col)
                if not 0 <= gid <= MAX_GID:
                    _fail("tiled/bad-data", f"{where}: {gid_range_text(v)}", self.path, line, col)
                if gid:
                    cells[(x0 + i % w, y0 + i // w)] = Cell(gid, line, col)
        elif encoding == "base64":
            for i, gid in enumerate(_decode_base64(el.text or "", compression, w * h, self.path, where,
                                                   el.line, el.col)):
                if gid:
                    cells[(x0 + i % w, y0 + i // w)] = Cell(gid, el.line, el.col)
        elif encoding == "":
            tiles = el.findall("tile")
            if len(tiles) != w * h:
                self.fail(el, f"{where}: the tile data holds {len(tiles)} <tile> elements, expected {w * h}",
                          "tiled/bad-data")
            for i, t in enumerate(tiles):
                gid = self.int_(t, "gid", 0)
                if not 0 <= gid <= MAX_GID:
                    self.fail(t, f"{where}: {gid_range_text(gid)}", "tiled/bad-data")
                if gid:
                    cells[(x0 + i % w, y0 + i // w)] = Cell(gid, t.line, t.col)
        else:
            self.fail(data, f"{where}: unknown tile data encoding {encoding!r} (Tiled writes csv or base64)",
                      "tiled/bad-data")

    def object(self, el) -> MapObject:
        o = MapObject(self.int_(el, "id", 0), el.get("name", ""), el.get("type") or el.get("class") or "",
                      self.float_(el, "x"), self.float_(el, "y"), self.float_(el, "width"),
                      self.float_(el, "height"), self.float_(el, "rotation"), self.int_(el, "gid", 0),
                      properties=self.properties(el), visible=el.get("visible", "1") != "0",
                      template=el.get("template"), line=el.line, col=el.col)
        if not 0 <= o.gid <= MAX_GID:
            self.fail(el, f"<object>: {gid_range_text(o.gid)}", "tiled/bad-data")
        if o.gid:
            o.shape = "tile"
        for shape in ("point", "ellipse", "text"):
            if el.find(shape) is not None:
                o.shape = shape
        for shape in ("polygon", "polyline"):
            s = el.find(shape)
            if s is not None:
                o.shape = shape
                o.points = self.points(s)
        return o

    def points(self, el) -> list[tuple[float, float]]:
        out = []
        for pair in (el.get("points") or "").split():
            try:
                x, y = (float(v) for v in pair.split(","))
                if not (math.isfinite(x) and math.isfinite(y)):
                    raise ValueError
            except ValueError:
                self.fail(el, f"<{el.tag}>: {pair!r} is not a point 'x,y'")
            out.append((x, y))
        return out


def _csv_values(text: str, el) -> list[tuple[str, int | None, int | None]]:
    """The comma-separated values of CSV tile data, each with its line and column in the file
    (known when the text starts on a line of its own, as Tiled writes it)."""
    out = []
    line = getattr(el, "text_line", None) or getattr(el, "line", None)
    known = line is not None and text.startswith(("\n", "\r"))
    pos_line, line_start = (line or 0), 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            pos_line += 1
            line_start = i + 1
            i += 1
            continue
        if ch in " \t\r,":
            i += 1
            continue
        j = i
        while j < n and text[j] not in ",\n\r \t":
            j += 1
        out.append((text[i:j], pos_line if known else line, (i - line_start + 1) if known else None))
        i = j
    return out


def _typed(kind: str, text, fail) -> Any:
    if kind in ("string", "file", "color"):
        return "" if text is None else str(text)
    if kind in ("int", "object"):
        try:
            return int(text)
        except (TypeError, ValueError, OverflowError):
            fail(f"expected a whole number, got {text!r}")
    if kind == "float":
        try:
            f = float(text)
        except (TypeError, ValueError):
            f = math.nan
        if not math.isfinite(f):
            fail(f"expected a number, got {text!r}")
        return f
    if kind == "bool":
        if isinstance(text, bool):
            return text
        if text in ("true", "false"):
            return text == "true"
        fail(f"expected true or false, got {text!r}")
    fail(f"unknown property type {kind!r} (Tiled's are {', '.join(PROPERTY_TYPES)})")


# --- reading: JSON -------------------------------------------------------------------------------

def _json_root(raw: bytes, path: Path) -> dict:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        _fail("tiled/json", f"the file is not UTF-8 text (byte {exc.start})", path)
    from studio.content.yamlio import json_reason, read_json

    try:
        root = read_json(text)
    except json.JSONDecodeError as exc:

        _fail("tiled/json", f"not valid JSON: {json_reason(exc)}", path, exc.lineno, exc.colno)
    except RecursionError:
        _fail("tiled/json", "not valid JSON: nested too deeply", path)
    if not isinstance(root, dict):
        kind = {type(None): "null", list: "list", str: "text string", bool: "true or false", int: "number",
                float: "number"}.get(type(root), type(root).__name__)
        _fail("tiled/not-tiled", f"the file holds a JSON {kind}, not a Tiled map or tileset (a JSON object)", path)
    return root


class _JsonReader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, message: str, code: str = "tiled/bad-file"):
        _fail(code, f"{where}: {message}", self.path)

    def get(self, d: dict, key: str, where: str, kind, default=None, required: bool = False):
        if not isinstance(d, dict):
            self.fail(where, "expected a JSON object")
        if key not in d:
            if required:
                self.fail(where, f"has no {key!r} key")
            return default
        v = d[key]
        if kind is int:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v != int(v):
                self.fail(f"{where}.{key}", f"expected a whole number, got {v!r}")
            return int(v)
        if kind is float:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                self.fail(f"{where}.{key}", f"expected a number, got {v!r}")
            return float(v)
        if kind is bool:
            if not isinstance(v, bool):
                self.fail(f"{where}.{key}", f"expected true or false, got {v!r}")
            return v
        if kind is str:
            if not isinstance(v, str):
                self.fail(f"{where}.{key}", f"expected text, got {v!r}")
            return v
        if kind is list:
            if not isinstance(v, list):
                self.fail(f"{where}.{key}", f"expected a list, got {type(v).__name__}")
            return v
        return v

    def properties(self, d: dict, where: str) -> list[Property]:
        out = []
        for i, p in enumerate(self.get(d, "properties", where, list, [])):
            w = f"{where}.properties[{i}]"
            name = self.get(p, "name", w, str, required=True)
            kind = self.get(p, "type", w, str, "string")
            value = p.get("value")
            if kind == "class":
                out.append(Property(name, value if isinstance(value, dict) else {}, kind))
                continue
            if kind in ("int", "object") and isinstance(value, float) and math.isfinite(value) and value == int(value):
                value = int(value)
            if kind in ("string", "file", "color") and not isinstance(value, str):
                self.fail(w, f"property {name!r}: expected text, got {value!r}")
            if kind in ("int", "float", "object") and (isinstance(value, bool) or not isinstance(value, (int, float))):
                self.fail(w, f"property {name!r}: expected a number, got {value!r}")
            out.append(Property(name, _typed(kind, value, lambda m, w=w, name=name: self.fail(w, f"property {name!r}: {m}")),
                                kind))
        return out

    def read_map(self, d: dict) -> TiledMap:
        w = "(top level)"
        if d.get("type", "map") != "map":
            self.fail(w, f"'type' is {d.get('type')!r}: this is not a Tiled map", "tiled/not-tiled")
        if "layers" not in d and "tilewidth" not in d:
            _fail("tiled/not-tiled", "the JSON has neither 'layers' nor 'tilewidth': this is not a Tiled map", self.path)
        m = TiledMap(
            orientation=self.get(d, "orientation", w, str, "orthogonal"),
            width=self.get(d, "width", w, int, 0), height=self.get(d, "height", w, int, 0),
            tilewidth=self.get(d, "tilewidth", w, int, required=True),
            tileheight=self.get(d, "tileheight", w, int, required=True),
            hexsidelength=self.get(d, "hexsidelength", w, int, 0),
            staggeraxis=self.get(d, "staggeraxis", w, str), staggerindex=self.get(d, "staggerindex", w, str),
            infinite=self.get(d, "infinite", w, bool, False), renderorder=self.get(d, "renderorder", w, str, "right-down"),
            properties=self.properties(d, w), path=str(self.path), version=str(d.get("version", "")))
        for i, t in enumerate(self.get(d, "tilesets", w, list, [])):
            m.tilesets.append(self.map_tileset(t, f"tilesets[{i}]"))
        self.layers(self.get(d, "layers", w, list, []), m, "", "layers")
        return m

    def map_tileset(self, d: dict, where: str) -> Tileset:
        firstgid = self.get(d, "firstgid", where, int, required=True)
        source = self.get(d, "source", where, str)
        if source is None:
            ts = self.tileset(d, where)
            ts.firstgid, ts.path = firstgid, str(self.path)
            return ts
        try:
            return read_tileset(self.path.parent / source, firstgid, source)
        except TiledError as exc:
            if exc.findings[0].code == "tiled/unreadable":
                self.fail(where, f"tileset {source!r} cannot be read: {exc.findings[0].message}", "tiled/unreadable")
            raise

    def tileset(self, d: dict, where: str) -> Tileset:
        ts = Tileset(name=self.get(d, "name", where, str, ""), tilewidth=self.get(d, "tilewidth", where, int, 0),
                     tileheight=self.get(d, "tileheight", where, int, 0),
                     tilecount=self.get(d, "tilecount", where, int, 0), columns=self.get(d, "columns", where, int, 0),
                     image=self.get(d, "image", where, str), imagewidth=self.get(d, "imagewidth", where, int, 0),
                     imageheight=self.get(d, "imageheight", where, int, 0), margin=self.get(d, "margin", where, int, 0),
                     spacing=self.get(d, "spacing", where, int, 0),
                     objectalignment=self.get(d, "objectalignment", where, str, "unspecified"),
                     properties=self.properties(d, where))
        for i, t in enumerate(self.get(d, "tiles", where, list, [])):
            w = f"{where}.tiles[{i}]"
            tid = self.get(t, "id", w, int, required=True)
            ts.tiles[tid] = Tile(tid, self.get(t, "type", w, str) or self.get(t, "class", w, str) or "",
                                 self.properties(t, w), self.get(t, "image", w, str))
        return ts

    def layers(self, items: list, m: TiledMap, group: str, where: str, offset=(0.0, 0.0), shown: bool = True) -> None:
        for i, d in enumerate(items):
            w = f"{where}[{i}]"
            kind = self.get(d, "type", w, str, required=True)
            lid, name = self.get(d, "id", w, int, 0), self.get(d, "name", w, str, "")
            visible = shown and self.get(d, "visible", w, bool, True)
            dx = offset[0] + self.get(d, "offsetx", w, float, 0.0)
            dy = offset[1] + self.get(d, "offsety", w, float, 0.0)
            if kind == "tilelayer":
                layer = self.tile_layer(d, m, group, w)
                layer.visible = visible
                m.layers.append(layer)
            elif kind == "objectgroup":
                objects = [self.object(o, f"{w}.objects[{j}]") for j, o in enumerate(self.get(d, "objects", w, list, []))]
                m.layers.append(ObjectLayer(lid, name, objects, visible, self.properties(d, w), group,
                                            self.get(d, "color", w, str), offset=(dx, dy)))
            elif kind == "imagelayer":
                m.layers.append(OtherLayer("image layer", lid, name, group, self.get(d, "image", w, str), (dx, dy)))
            elif kind == "group":
                self.layers(self.get(d, "layers", w, list, []), m, f"{group}/{name}" if group else name, f"{w}.layers",
                            (dx, dy), visible)
            else:
                self.fail(w, f"unknown layer type {kind!r} (tilelayer, objectgroup, imagelayer or group)")

    def tile_layer(self, d: dict, m: TiledMap, group: str, where: str) -> TileLayer:
        layer = TileLayer(self.get(d, "id", where, int, 0), self.get(d, "name", where, str, ""),
                          self.get(d, "width", where, int, m.width), self.get(d, "height", where, int, m.height),
                          visible=self.get(d, "visible", where, bool, True), properties=self.properties(d, where),
                          group=group)
        encoding = self.get(d, "encoding", where, str, "csv")
        compression = self.get(d, "compression", where, str, "")
        chunks = self.get(d, "chunks", where, list)
        parts = ([(c, f"{where}.chunks[{j}]") for j, c in enumerate(chunks)] if chunks is not None else
                 [({"x": 0, "y": 0, "width": layer.width, "height": layer.height, "data": d.get("data", [])}, where)])
        for c, w in parts:
            x0, y0 = self.get(c, "x", w, int, 0), self.get(c, "y", w, int, 0)
            cw, ch = self.get(c, "width", w, int, 0), self.get(c, "height", w, int, 0)
            if cw < 0 or ch < 0 or cw * ch > 4_000_000:
                self.fail(w, f"a tile layer of {cw} x {ch} tiles is out of range")
            data = c.get("data", [])
            if encoding == "base64":
                if not isinstance(data, str):
                    self.fail(f"{w}.data", "base64 tile data must be text")
                gids = _decode_base64(data, compression, cw * ch, self.path, f"{w}.data")
            else:
                if not isinstance(data, list):
                    self.fail(f"{w}.data", "expected a list of tile ids")
                if len(data) != cw * ch:
                    self.fail(f"{w}.data", f"holds {len(data)} tile ids, expected {cw} x {ch} = {cw * ch}", "tiled/bad-data")
                gids = data
            for i, value in enumerate(gids):
                gid = value
                if isinstance(gid, float) and math.isfinite(gid) and gid == int(gid):
                    gid = int(gid)  # 1e30, or 5.0 from a tool that writes numbers as floats
                if isinstance(gid, bool) or not isinstance(gid, int) or gid < 0:
                    self.fail(f"{w}.data[{i}]", f"{value!r} is not a tile id", "tiled/bad-data")
                if gid > MAX_GID:
                    self.fail(f"{w}.data[{i}]", gid_range_text(value), "tiled/bad-data")
                if gid:
                    layer.cells[(x0 + i % cw, y0 + i // cw)] = Cell(gid)
        return layer

    def object(self, d: dict, where: str) -> MapObject:
        g = self.get
        o = MapObject(g(d, "id", where, int, 0), g(d, "name", where, str, ""),
                      g(d, "type", where, str) or g(d, "class", where, str) or "",
                      g(d, "x", where, float, 0.0), g(d, "y", where, float, 0.0), g(d, "width", where, float, 0.0),
                      g(d, "height", where, float, 0.0), g(d, "rotation", where, float, 0.0), g(d, "gid", where, int, 0),
                      properties=self.properties(d, where), visible=g(d, "visible", where, bool, True),
                      template=g(d, "template", where, str))
        if not 0 <= o.gid <= MAX_GID:
            self.fail(f"{where}.gid", gid_range_text(o.gid), "tiled/bad-data")
        if o.gid:
            o.shape = "tile"
        for shape in ("point", "ellipse"):
            if d.get(shape) is True:
                o.shape = shape
        if "text" in d:
            o.shape = "text"
        for shape in ("polygon", "polyline"):
            if shape in d:
                o.shape = shape
                pts = g(d, shape, where, list)
                o.points = [(g(p, "x", f"{where}.{shape}[{i}]", float, required=True),
                             g(p, "y", f"{where}.{shape}[{i}]", float, required=True)) for i, p in enumerate(pts)]
        return o


# --- writing -------------------------------------------------------------------------------------

def _num(v: float) -> str:
    """A number as Tiled writes it: no ``.0`` on whole numbers, else up to 4 decimals."""
    if float(v).is_integer():
        return str(int(v))
    return f"{v:.4f}".rstrip("0").rstrip(".")


def _json_num(v: float):
    return int(v) if float(v).is_integer() else round(float(v), 4)


def _xml_properties(parent: ET.Element, props: list[Property]) -> None:
    if not props:
        return
    el = ET.SubElement(parent, "properties")
    for p in props:
        attrs = {"name": p.name}
        if p.type != "string":
            attrs["type"] = p.type
        value = p.value
        text = ("true" if value else "false") if p.type == "bool" else (_num(value) if p.type == "float" else str(value))
        if p.type == "string" and "\n" in text:
            ET.SubElement(el, "property", attrs).text = text  # Tiled's way for multi-line text
        else:
            attrs["value"] = text
            ET.SubElement(el, "property", attrs)


def _xml_text(root: ET.Element) -> str:
    ET.indent(root, space=" ")
    text = ET.tostring(root, encoding="unicode").replace(" />", "/>")  # Tiled's spelling of empty tags
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n"


def _tileset_xml(ts: Tileset, el: ET.Element) -> None:
    el.attrib.update({"version": VERSION} if el.tag == "tileset" and "firstgid" not in el.attrib else {})
    el.set("name", ts.name)
    el.set("tilewidth", str(ts.tilewidth))
    el.set("tileheight", str(ts.tileheight))
    if ts.spacing:
        el.set("spacing", str(ts.spacing))
    if ts.margin:
        el.set("margin", str(ts.margin))
    el.set("tilecount", str(ts.tilecount))
    el.set("columns", str(ts.columns))
    _xml_properties(el, ts.properties)
    if ts.image:
        ET.SubElement(el, "image", {"source": ts.image, "width": str(ts.imagewidth), "height": str(ts.imageheight)})
    for t in sorted(ts.tiles.values(), key=lambda t: t.id):
        te = ET.SubElement(el, "tile", {"id": str(t.id)})
        if t.type:
            te.set("type", t.type)
        _xml_properties(te, t.properties)


def tileset_to_tsx(ts: Tileset) -> str:
    """A TSX file for ``ts``."""
    root = ET.Element("tileset")
    _tileset_xml(ts, root)
    return _xml_text(root)


def _object_xml(parent: ET.Element, o: MapObject) -> None:
    attrs = {"id": str(o.id)}
    if o.name:
        attrs["name"] = o.name
    if o.type:
        attrs["type"] = o.type
    if o.gid:
        attrs["gid"] = str(o.gid)
    attrs["x"], attrs["y"] = _num(o.x), _num(o.y)
    if o.width or o.height:
        attrs["width"], attrs["height"] = _num(o.width), _num(o.height)
    if o.rotation:
        attrs["rotation"] = _num(o.rotation)
    el = ET.SubElement(parent, "object", attrs)
    _xml_properties(el, o.properties)
    if o.shape in ("point", "ellipse"):
        ET.SubElement(el, o.shape)
    elif o.shape in ("polygon", "polyline"):
        ET.SubElement(el, o.shape, {"points": " ".join(f"{_num(x)},{_num(y)}" for x, y in o.points)})


def map_to_tmx(m: TiledMap) -> str:
    """A TMX file for ``m`` (tile data as CSV; tilesets with a ``source`` referenced, the
    others embedded)."""
    attrs = {"version": m.version or VERSION, "orientation": m.orientation, "renderorder": m.renderorder,
             "width": str(m.width), "height": str(m.height), "tilewidth": str(m.tilewidth),
             "tileheight": str(m.tileheight)}
    attrs["infinite"] = "1" if m.infinite else "0"
    if m.orientation in ("hexagonal", "staggered"):
        if m.orientation == "hexagonal":
            attrs["hexsidelength"] = str(m.hexsidelength)
        attrs["staggeraxis"] = m.staggeraxis or "y"
        attrs["staggerindex"] = m.staggerindex or "odd"
    ids = [layer.id for layer in m.layers]
    objects = [o.id for layer in m.layers if isinstance(layer, ObjectLayer) for o in layer.objects]
    attrs["nextlayerid"] = str(max(ids, default=0) + 1)
    attrs["nextobjectid"] = str(max(objects, default=0) + 1)
    root = ET.Element("map", attrs)
    _xml_properties(root, m.properties)
    for ts in m.tilesets:
        if ts.source:
            ET.SubElement(root, "tileset", {"firstgid": str(ts.firstgid), "source": ts.source})
        else:
            el = ET.SubElement(root, "tileset", {"firstgid": str(ts.firstgid)})
            _tileset_xml(ts, el)
    for layer in m.layers:
        if isinstance(layer, TileLayer):
            el = ET.SubElement(root, "layer", {"id": str(layer.id), "name": layer.name, "width": str(layer.width),
                                               "height": str(layer.height)})
            if not layer.visible:
                el.set("visible", "0")
            _xml_properties(el, layer.properties)
            rows = [",".join(str(layer.cells[(x, y)].gid if (x, y) in layer.cells else 0) for x in range(layer.width))
                    for y in range(layer.height)]
            ET.SubElement(el, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(rows) + "\n"
        elif isinstance(layer, ObjectLayer):
            el = ET.SubElement(root, "objectgroup", {"id": str(layer.id), "name": layer.name})
            if layer.colour:
                el.set("color", layer.colour)
            if not layer.visible:
                el.set("visible", "0")
            _xml_properties(el, layer.properties)
            for o in layer.objects:
                _object_xml(el, o)
        elif layer.kind == "image layer":
            el = ET.SubElement(root, "imagelayer", {"id": str(layer.id), "name": layer.name})
            if layer.offset != (0.0, 0.0):
                el.set("offsetx", _num(layer.offset[0]))
                el.set("offsety", _num(layer.offset[1]))
            if layer.image:
                ET.SubElement(el, "image", {"source": layer.image})
    return _xml_text(root)


def _json_properties(props: list[Property]) -> list[dict]:
    return [{"name": p.name, "type": p.type, "value": _json_num(p.value) if p.type == "float" else p.value}
            for p in props]


def _tileset_json(ts: Tileset) -> dict:
    d: dict[str, Any] = {"columns": ts.columns}
    if ts.image:
        d.update({"image": ts.image, "imageheight": ts.imageheight, "imagewidth": ts.imagewidth})
    d.update({"margin": ts.margin, "name": ts.name})
    if ts.properties:
        d["properties"] = _json_properties(ts.properties)
    d.update({"spacing": ts.spacing, "tilecount": ts.tilecount, "tileheight": ts.tileheight})
    tiles = []
    for t in sorted(ts.tiles.values(), key=lambda t: t.id):
        td: dict[str, Any] = {"id": t.id}
        if t.properties:
            td["properties"] = _json_properties(t.properties)
        if t.type:
            td["type"] = t.type
        tiles.append(td)
    if tiles:
        d["tiles"] = tiles
    d["tilewidth"] = ts.tilewidth
    return d


def tileset_to_tsj(ts: Tileset) -> str:
    """A TSJ (JSON tileset) file for ``ts``."""
    d = _tileset_json(ts)
    d.update({"type": "tileset", "version": VERSION})
    return json.dumps(d, indent=1, ensure_ascii=False) + "\n"


def _object_json(o: MapObject) -> dict:
    d: dict[str, Any] = {}
    if o.gid:
        d["gid"] = o.gid
    d.update({"height": _json_num(o.height), "id": o.id, "name": o.name})
    if o.shape in ("point", "ellipse"):
        d[o.shape] = True
    if o.shape in ("polygon", "polyline"):
        d[o.shape] = [{"x": _json_num(x), "y": _json_num(y)} for x, y in o.points]
    if o.properties:
        d["properties"] = _json_properties(o.properties)
    d.update({"rotation": _json_num(o.rotation), "type": o.type, "visible": o.visible, "width": _json_num(o.width),
              "x": _json_num(o.x), "y": _json_num(o.y)})
    return d


def map_to_tmj(m: TiledMap) -> str:
    """A TMJ (JSON map) file for ``m``."""
    layers = []
    for layer in m.layers:
        if isinstance(layer, TileLayer):
            d: dict[str, Any] = {
                "data": [layer.cells[(x, y)].gid if (x, y) in layer.cells else 0
                         for y in range(layer.height) for x in range(layer.width)],
                "height": layer.height, "id": layer.id, "name": layer.name, "opacity": 1}
            if layer.properties:
                d["properties"] = _json_properties(layer.properties)
            d.update({"type": "tilelayer", "visible": layer.visible, "width": layer.width, "x": 0, "y": 0})
        elif isinstance(layer, ObjectLayer):
            d = {}
            if layer.colour:
                d["color"] = layer.colour
            d.update({"draworder": "topdown", "id": layer.id, "name": layer.name,
                      "objects": [_object_json(o) for o in layer.objects], "opacity": 1})
            if layer.properties:
                d["properties"] = _json_properties(layer.properties)
            d.update({"type": "objectgroup", "visible": layer.visible, "x": 0, "y": 0})
        else:
            d = {"id": layer.id, "image": layer.image or "", "name": layer.name, "offsetx": _json_num(layer.offset[0]),
                 "offsety": _json_num(layer.offset[1]), "opacity": 1, "type": "imagelayer", "visible": True,
                 "x": 0, "y": 0}
        layers.append(d)
    ids = [layer.id for layer in m.layers]
    objects = [o.id for layer in m.layers if isinstance(layer, ObjectLayer) for o in layer.objects]
    root: dict[str, Any] = {"compressionlevel": -1, "height": m.height}
    if m.orientation == "hexagonal":
        root["hexsidelength"] = m.hexsidelength
    root.update({"infinite": m.infinite, "layers": layers, "nextlayerid": max(ids, default=0) + 1,
                 "nextobjectid": max(objects, default=0) + 1, "orientation": m.orientation})
    if m.properties:
        root["properties"] = _json_properties(m.properties)
    root["renderorder"] = m.renderorder
    if m.orientation in ("hexagonal", "staggered"):
        root["staggeraxis"] = m.staggeraxis or "y"
        root["staggerindex"] = m.staggerindex or "odd"
    root.update({"tileheight": m.tileheight,
                 "tilesets": [{"firstgid": ts.firstgid, "source": ts.source} if ts.source
                              else {"firstgid": ts.firstgid, **_tileset_json(ts)} for ts in m.tilesets],
                 "tilewidth": m.tilewidth, "type": "map", "version": m.version or VERSION, "width": m.width})
    return json.dumps(root, indent=1, ensure_ascii=False) + "\n"


__all__ = [
    "Cell", "GID_MASK", "MAP_SUFFIXES", "MapObject", "ObjectLayer", "OtherLayer", "Property", "Tile", "TileLayer",
    "TiledError", "TiledMap", "Tileset", "gid_tile", "map_to_tmj", "map_to_tmx", "properties_by_name", "read_map",
    "read_tileset", "tileset_to_tsj", "tileset_to_tsx",
]
