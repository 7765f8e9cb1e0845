"""Reading and writing Tiled files (studio/interop/tiled_format.py): every tile data encoding,
infinite maps, groups, object shapes and property types; and clear findings, with line and
column in XML, for files that cannot be read."""

from __future__ import annotations

import base64
import gzip
import json
import zlib

import pytest

from studio.interop.tiled_format import (
    Cell,
    MapObject,
    ObjectLayer,
    Property,
    Tile,
    TiledError,
    TiledMap,
    TileLayer,
    Tileset,
    map_to_tmj,
    map_to_tmx,
    read_map,
)

HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" width="3" height="2" '
        'tilewidth="64" tileheight="74" hexsidelength="37" staggeraxis="y" staggerindex="odd" infinite="{inf}">\n'
        ' <tileset firstgid="1" name="t" tilewidth="64" tileheight="74" tilecount="4" columns="4">\n'
        '  <tile id="2" class="fort"><properties><property name="kind" value="fort"/></properties></tile>\n'
        ' </tileset>\n')


def write(tmp_path, text: str, name: str = "m.tmx"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def one_layer(tmp_path, data: str, inf: str = "0"):
    return read_map(write(tmp_path, HEAD.format(inf=inf) + f' <layer id="1" name="L" width="3" height="2">\n{data}\n'
                                    " </layer>\n</map>\n"))


def gids(layer) -> dict:
    return {k: c.gid for k, c in layer.cells.items()}


EXPECTED = {(0, 0): 1, (2, 0): 2, (1, 1): 3 | 0x80000000}   # a horizontally flipped tile keeps its flag


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_tile_data(tmp_path, compression):
    raw = b"".join(v.to_bytes(4, "little") for v in (1, 0, 2, 0, 3 | 0x80000000, 0))
    packed = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    attr = f' compression="{compression}"' if compression else ""
    m = one_layer(tmp_path, f'  <data encoding="base64"{attr}>\n   {base64.b64encode(packed).decode()}\n  </data>')
    assert gids(m.layers[0]) == EXPECTED
    assert m.tile_of(3 | 0x80000000)[1] == 2


def test_csv_and_xml_tile_data(tmp_path):
    m = one_layer(tmp_path, f'  <data encoding="csv">\n1,0,2,\n0,{3 | 0x80000000},0\n</data>')
    assert gids(m.layers[0]) == EXPECTED
    assert (m.layers[0].cells[(1, 1)].line, m.layers[0].cells[(1, 1)].col) == (9, 3)
    m = one_layer(tmp_path, '  <data>\n   <tile gid="1"/><tile/><tile gid="2"/>\n   <tile/><tile gid="2147483651"/>'
                            '<tile/>\n  </data>')
    assert gids(m.layers[0]) == EXPECTED


def test_infinite_maps_are_read_by_chunks(tmp_path):
    m = one_layer(tmp_path, '  <data encoding="csv">\n   <chunk x="-16" y="0" width="2" height="1">\n1,2\n</chunk>\n'
                            '   <chunk x="0" y="16" width="1" height="1">\n3\n</chunk>\n  </data>', inf="1")
    assert m.infinite and gids(m.layers[0]) == {(-16, 0): 1, (-15, 0): 2, (0, 16): 3}


def test_tile_data_problems(tmp_path):
    with pytest.raises(TiledError) as exc:
        one_layer(tmp_path, '  <data encoding="csv">\n1,0,2\n</data>')
    [f] = exc.value.findings
    assert (f.code, f.line, f.message) == ("tiled/bad-data", 7, "layer 'L': the CSV tile data holds 3 values, "
                                                               "expected 3 x 2 = 6")
    with pytest.raises(TiledError) as exc:
        one_layer(tmp_path, '  <data encoding="csv">\n1,0,2,\n0,x,0\n</data>')
    [f] = exc.value.findings
    assert (f.line, f.col, f.message) == (9, 3, "layer 'L': 'x' in the tile data is not a tile id")
    with pytest.raises(TiledError) as exc:
        one_layer(tmp_path, '  <data encoding="base64" compression="zstd">AAAA</data>')
    assert exc.value.findings[0].code == "tiled/unsupported"
    assert "in Tiled set Map Properties > Tile Layer Format to CSV" in exc.value.findings[0].message


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_a_compression_bomb_is_refused_before_it_inflates(tmp_path, compression):
    """The trial's b64-bomb.tmx: 260 KB of zlib data inflating to 200 MB for a 3 x 2 layer.
    Inflating stops one byte past the 24 bytes the layer needs."""
    packed = (zlib.compress if compression == "zlib" else gzip.compress)(bytes(64 * 1024 * 1024))
    with pytest.raises(TiledError) as exc:
        one_layer(tmp_path, f'  <data encoding="base64" compression="{compression}">'
                            f'{base64.b64encode(packed).decode()}</data>')
    [f] = exc.value.findings
    assert (f.code, f.line) == ("tiled/bad-data", 7)
    assert f.message == (f"layer 'L': the {compression} tile data inflates to more than the 6 tiles of the layer "
                         "(24 bytes); it was not read further")
    raw = zlib.compress(bytes(24))[:-6]  # cut short: an error, not a silently short layer
    with pytest.raises(TiledError) as exc:
        one_layer(tmp_path, f'  <data encoding="base64" compression="zlib">{base64.b64encode(raw).decode()}</data>')
    assert exc.value.findings[0].message == "layer 'L': the zlib tile data does not decompress"


def test_tile_ids_out_of_range_say_so(tmp_path):
    """The trial's hugergid.tmx and j-hugenum.tmj: a gid past 32 bits was reported by its
    masked value ("tile id 109051903", "tile id 0 is in no tileset")."""
    big = 99999999999999999999999
    with pytest.raises(TiledError) as exc:
        one_layer(tmp_path, f'  <data encoding="csv">\n1,0,2,\n0,{big},0\n</data>')
    [f] = exc.value.findings
    assert (f.line, f.col, f.message) == (9, 3, f"layer 'L': the tile id {big} is out of range (a Tiled tile id "
                                                "is a whole number from 0 to 4294967295)")
    with pytest.raises(TiledError) as exc:
        one_layer(tmp_path, f'  <data>\n<tile gid="{2 ** 32}"/><tile/><tile/><tile/><tile/><tile/></data>')
    assert "the tile id 4294967296 is out of range" in exc.value.findings[0].message
    for value, shown in ((10 ** 30, str(10 ** 30)), (1e30, "1e+30"), (-1, "-1 is not a tile id")):
        with pytest.raises(TiledError) as exc:
            read_map(write(tmp_path, json.dumps({"tilewidth": 2, "tileheight": 2, "layers": [
                {"type": "tilelayer", "width": 2, "height": 1, "data": [1, value]}]}), "m.tmj"))
        assert exc.value.findings[0].message.startswith(f"layers[0].data[1]: {shown}") or \
            exc.value.findings[0].message.startswith(f"layers[0].data[1]: the tile id {shown} is out of range")
    with pytest.raises(TiledError) as exc:
        read_map(write(tmp_path, json.dumps({"tilewidth": 2, "tileheight": 2, "layers": [
            {"type": "objectgroup", "objects": [{"id": 1, "gid": 2 ** 40, "x": 0, "y": 0}]}]}), "m.tmj"))
    assert "the tile id 1099511627776 is out of range" in exc.value.findings[0].message


def test_groups_objects_and_properties(tmp_path):
    text = HEAD.format(inf="0") + """ <group id="5" name="deco">
  <objectgroup id="2" name="things" visible="0">
   <object id="1" name="p" class="bridge" x="1.5" y="2"><point/></object>
   <object id="2" type="fort" gid="3" x="10" y="84" width="64" height="74" rotation="90"/>
   <object id="3" x="0" y="0"><polygon points="0,0 10,0 5,8"/></object>
   <object id="4" x="0" y="0"><polyline points="0,0 10.25,-3"/>
    <properties>
     <property name="n" type="int" value="3"/>
     <property name="f" type="float" value="0.5"/>
     <property name="b" type="bool" value="true"/>
     <property name="text">two
lines</property>
    </properties>
   </object>
  </objectgroup>
 </group>
</map>
"""
    m = read_map(write(tmp_path, text))
    [layer] = m.layers
    assert (layer.name, layer.group, layer.visible) == ("things", "deco", False)
    p, fort, poly, line = layer.objects
    assert (p.shape, p.type, p.x, p.y) == ("point", "bridge", 1.5, 2.0)
    assert (fort.shape, fort.type, fort.gid, fort.rotation) == ("tile", "fort", 3, 90.0)
    assert poly.points == [(0, 0), (10, 0), (5, 8)] and poly.shape == "polygon"
    assert line.points == [(0, 0), (10.25, -3)]
    assert [(q.name, q.value, q.type) for q in line.properties] == [
        ("n", 3, "int"), ("f", 0.5, "float"), ("b", True, "bool"), ("text", "two\nlines", "string")]
    assert m.tilesets[0].tiles[2].type == "fort"     # Tiled 1.9's class attribute


@pytest.mark.parametrize("text,code,line,col,message", [
    ("<map><layer></map>", "tiled/xml", 1, 15, "not well-formed XML: mismatched tag"),
    ('<?xml version="1.0"?>\n<!DOCTYPE map [\n <!ENTITY a "aaaaaaaaaa">\n]>\n<map/>', "tiled/xml", 3, 13,
     "the file declares XML entities; Tiled files never do, and the studio does not expand them"),
    ("<tileset/>", "tiled/not-tiled", 1, 1, "the root element is <tileset>, not <map>: this is not a Tiled map"),
    ('<map tilewidth="a" tileheight="2"/>', "tiled/bad-file", 1, 1, "<map tilewidth='a'>: expected a whole number"),
    ('<map tilewidth="2" tileheight="2">\n <tileset firstgid="1" source="gone.tsx"/>\n</map>', "tiled/unreadable", 2, 2,
     "tileset 'gone.tsx' cannot be read: tileset {dir}/gone.tsx does not exist"),
    ('<map tilewidth="2" tileheight="2">\n<properties><property name="n" type="int" value="x"/></properties></map>',
     "tiled/bad-file", 2, 13, "property 'n': expected a whole number, got 'x'"),
])
def test_xml_that_cannot_be_read(tmp_path, text, code, line, col, message):
    with pytest.raises(TiledError) as exc:
        read_map(write(tmp_path, text))
    [f] = exc.value.findings
    assert (f.code, f.line, f.col, f.message) == (code, line, col, message.format(dir=tmp_path))
    assert f.path == str(tmp_path / "m.tmx")


def test_json_that_cannot_be_read(tmp_path):
    with pytest.raises(TiledError) as exc:
        read_map(write(tmp_path, '{"tilewidth": 2,\n "layers": [,]}', "m.tmj"))
    [f] = exc.value.findings
    assert (f.code, f.line, f.col) == ("tiled/json", 2, 13)
    assert f.message == "not valid JSON: a value is missing here (JSON allows no ',' before ']', no comment and no " \
                        "unquoted text)"
    for text, where, words in (('{"tilewidth": NaN}', (1, 15), "NaN is not a number JSON allows"),
                               ("", (1, 1), "the file is empty")):
        with pytest.raises(TiledError) as exc:
            read_map(write(tmp_path, text, "m.tmj"))
        [f] = exc.value.findings
        assert (f.code, f.line, f.col) == ("tiled/json", *where) and words in f.message
    with pytest.raises(TiledError) as exc:
        read_map(write(tmp_path, json.dumps({"tilewidth": 2, "tileheight": 2, "layers": [
            {"type": "tilelayer", "width": 2, "height": 1, "data": [1, "a"]}]}), "m.tmj"))
    assert exc.value.findings[0].message == "layers[0].data[1]: 'a' is not a tile id"
    with pytest.raises(TiledError) as exc:
        read_map(write(tmp_path, "[1, 2]", "m.tmj"))
    assert exc.value.findings[0].message == ("the file holds a JSON list, not a Tiled map or tileset (a JSON "
                                             "object)")
    with pytest.raises(TiledError) as exc:  # the trial's null.tmj
        read_map(write(tmp_path, "null\n", "m.tmj"))
    assert exc.value.findings[0].message == ("the file holds a JSON null, not a Tiled map or tileset (a JSON "
                                             "object)")
    with pytest.raises(TiledError) as exc:
        read_map(tmp_path / "nothing.tmj")
    assert exc.value.findings[0].code == "tiled/unreadable"


def sample_map() -> TiledMap:
    ts = Tileset("t", 62, 72, 2, 2, "t.png", 124, 72, tiles={0: Tile(0, "", [Property("kind", "forest")]),
                                                             1: Tile(1, "fort", [Property("kind", "fort")])})
    objects = [MapObject(1, "a", "bridge", 10, 20, shape="polyline", points=[(0, 0), (-62, 108)]),
               MapObject(2, "", "fort", 31, 72, 62, 72, gid=2, shape="tile"),
               MapObject(3, "p", "", 5.25, 6, shape="point", properties=[Property("label", "a1")]),
               MapObject(4, "s", "segment", 0, 0, shape="polygon", points=[(0, 0), (64, 0), (32, 55.426)],
                         properties=[Property("treasure", 2, "int"), Property("ok", False, "bool"),
                                     Property("w", 1.5, "float")])]
    return TiledMap("hexagonal", 3, 2, 62, 72, 36, "x", "even",
                    properties=[Property("note", "two\nlines"), Property("origin-q", -3, "int")], tilesets=[ts],
                    layers=[TileLayer(1, "spaces", 3, 2, {(0, 0): Cell(1), (2, 1): Cell(2)}),
                            ObjectLayer(2, "things", objects, colour="#5e3a17")])


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_what_is_written_reads_back(tmp_path, fmt):
    m = sample_map()
    path = tmp_path / f"m.{fmt}"
    path.write_text(map_to_tmx(m) if fmt == "tmx" else map_to_tmj(m), encoding="utf-8")
    back = read_map(path)
    for field in ("orientation", "width", "height", "tilewidth", "tileheight", "hexsidelength", "staggeraxis",
                  "staggerindex"):
        assert getattr(back, field) == getattr(m, field), field
    assert [(p.name, p.value, p.type) for p in back.properties] == [(p.name, p.value, p.type) for p in m.properties]
    assert gids(back.layers[0]) == gids(m.layers[0])
    got = [(o.id, o.name, o.type, o.x, o.y, o.width, o.height, o.gid, o.shape, o.points,
            [(p.name, p.value, p.type) for p in o.properties]) for o in back.layers[1].objects]
    want = [(o.id, o.name, o.type, o.x, o.y, o.width, o.height, o.gid, o.shape, o.points,
             [(p.name, p.value, p.type) for p in o.properties]) for o in m.layers[1].objects]
    assert got == want
    assert back.tilesets[0].tiles[1].type == "fort" and back.layers[1].colour == "#5e3a17"


def test_every_tiled_code_is_documented():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    emitted = set()
    for source in (root / "studio" / "interop").glob("*.py"):
        emitted |= set(re.findall(r"\"(tiled/[a-z-]+)\"", source.read_text()))
    documented = set(re.findall(r"`(tiled/[a-z-]+)`", (root / "docs" / "findings.md").read_text()))
    assert len(emitted) >= 20 and emitted - documented == set()
