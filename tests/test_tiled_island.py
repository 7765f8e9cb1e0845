"""Rivages islands to Tiled hexagonal maps and back (studio/interop/tiled_island.py), and maps
drawn in Tiled by hand (tests/data/tiled/, made by tools/make_tiled_test_maps.py and saved by
Tiled 1.8.2 itself)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from studio.content.paths import bundled_path
from studio.interop.tiled_format import map_to_tmj, map_to_tmx, read_map, tileset_to_tsj, tileset_to_tsx
from studio.interop.tiled_island import (
    CannotExport,
    island_from_map,
    island_map_files,
    island_to_map,
    read_island_map,
    write_files,
)
from studio.model.io import read
from studio.model.rivages import Effect, Island, Space

DATA = Path(__file__).parent / "data" / "tiled"
ISLANDS = sorted(bundled_path("boards", "rivages", "islands").glob("*.yaml"))


def write_map(island: Island, path: Path, index: str = "odd", embed: bool = False) -> Path:
    """The map and tileset files of ``island`` (no image: the tests read maps, not pictures)."""
    fmt = path.suffix[1:]
    source = None if embed else f"{path.stem}-tiles.{'tsx' if fmt == 'tmx' else 'tsj'}"
    tmap, _kinds = island_to_map(island, index, tileset_source=source, image=f"{path.stem}-tiles.png")
    if source:
        ts = tmap.tilesets[0]
        (path.parent / source).write_text(tileset_to_tsx(ts) if fmt == "tmx" else tileset_to_tsj(ts), encoding="utf-8")
    path.write_text(map_to_tmx(tmap) if fmt == "tmx" else map_to_tmj(tmap), encoding="utf-8")
    return path


def test_there_are_bundled_islands():
    assert len(ISLANDS) >= 20


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_every_bundled_island_comes_back_equal(tmp_path, orientation, fmt):
    for i, path in enumerate(ISLANDS):
        island = replace(read(path), orientation=orientation)
        index = ("odd", "even")[i % 2]
        embed = i % 3 == 0
        out = write_map(island, tmp_path / f"{island.id}-{index}.{fmt}", index, embed)
        result = read_island_map(out)
        assert result.findings == [], (path.name, [f.format() for f in result.findings])
        assert result.island == island, path.name
        assert result.island.quest_steps == island.quest_steps


@pytest.mark.parametrize("index", ["odd", "even"])
def test_both_stagger_indices_on_both_axes_come_back_equal(tmp_path, index):
    island = read(ISLANDS[0])
    for orientation in ("pointy", "flat"):
        shaped = replace(island, orientation=orientation)
        for fmt in ("tmx", "tmj"):
            out = write_map(shaped, tmp_path / f"{orientation}.{fmt}", index)
            tmap = read_map(out)
            assert (tmap.staggeraxis, tmap.staggerindex) == ({"pointy": "y", "flat": "x"}[orientation], index)
            assert read_island_map(out).island == shaped


def test_the_map_holds_what_docs_say(tmp_path):
    island = read(bundled_path("boards", "rivages", "islands", "amber-shoals.yaml"))
    tmap = read_map(write_map(island, tmp_path / "amber.tmx"))
    assert (tmap.orientation, tmap.staggeraxis, tmap.staggerindex) == ("hexagonal", "y", "odd")
    assert (tmap.tilewidth, tmap.tileheight, tmap.hexsidelength) == (62, 72, 36)
    props = {p.name: p.value for p in tmap.properties}
    assert props["id"] == "amber-shoals" and props["name"] == "Amber Shoals"
    # the quest's fort, in tile coordinates, is where the fort object stands
    origin = (props["origin-q"], props["origin-r"])
    assert origin == (-2, -4)
    assert props["quest"] == "{fort: [4, 5], reward: {scrolls: 4}}"
    assert props["mission-2"] == "{steps: [{areas: {terrain: forest, count: 1}, reward: {scrolls: 2}}]}"
    spaces, objects = tmap.layers
    assert spaces.name == "spaces" and len(spaces.cells) == len(island.spaces)
    ts = tmap.tilesets[0]
    kinds = {}
    for (x, y), cell in spaces.cells.items():
        tile = ts.tiles[cell.gid - ts.firstgid]
        kinds[(x, y)] = {p.name: p.value for p in tile.properties}
    assert kinds[(4, 0)] == {"kind": "forest"}                 # hex [2, -4]
    assert kinds[(6, 3)] == {"kind": "white", "statue": 1}      # hex [3, -1]
    bridge, fort = objects.objects
    assert (bridge.type, bridge.shape, len(bridge.points)) == ("bridge", "polyline", 2)
    assert (fort.type, fort.shape) == ("fort", "tile")
    tile = ts.tiles[fort.gid - ts.firstgid]
    assert {p.name: p.value for p in tile.properties} == {"kind": "fort"}


def test_every_tile_of_the_tileset_has_a_kind(tmp_path):
    island = read(ISLANDS[3])
    tmap, kinds = island_to_map(island)
    ts = tmap.tilesets[0]
    assert ts.tilecount == len(kinds) == len(ts.tiles)
    names = [{p.name: p.value for p in t.properties}["kind"] for t in ts.tiles.values()]
    assert names[:4] == ["forest", "dune", "cliff", "lagoon"]
    assert names[-3:] == ["stronghold", "ship", "fort"]
    assert names.count("white") == 7                          # plain and the six standard icons


def test_a_designer_terrain_and_an_unusual_icon_get_their_own_tiles(tmp_path):
    island = read(ISLANDS[0])
    island.spaces[0] = Space(island.spaces[0].at, "swamp")
    island.spaces[3] = Space(island.spaces[3].at, "white", Effect(scrolls=2, loot=1))
    island.spaces[4] = Space(island.spaces[4].at, "cliff", Effect(statue=1))   # rivages/icon-not-white: kept
    out = write_map(island, tmp_path / "own.tmx")
    result = read_island_map(out, terrains=["forest", "dune", "cliff", "lagoon", "swamp"])
    assert result.findings == [] and result.island == island
    # read against the four default terrains, the designer's terrain is a warning, not lost
    result = read_island_map(out)
    assert [f.code for f in result.findings] == ["tiled/unknown-kind"]
    assert result.findings[0].severity == "warning" and result.island == island


def test_an_island_with_a_hex_twice_cannot_be_a_map():
    island = read(ISLANDS[0])
    island.spaces.append(Space(island.spaces[2].at, "forest"))
    with pytest.raises(CannotExport, match=r"spaces\[2\] and spaces\[32\] are both at \[0, -2\]"):
        island_to_map(island)


def test_files_written_with_their_image(qapp, tmp_path):
    island = read(ISLANDS[1])
    written = write_files(island_map_files(island, tmp_path / "crown.tmj", "even"))
    assert sorted(p.name for p in written) == ["crown-tiles.png", "crown-tiles.tsj", "crown.tmj"]
    assert (tmp_path / "crown-tiles.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert read_island_map(tmp_path / "crown.tmj").island == island
    written = write_files(island_map_files(island, tmp_path / "inside.tmx", embed_tileset=True))
    assert sorted(p.name for p in written) == ["inside-tiles.png", "inside.tmx"]
    tmap = read_map(tmp_path / "inside.tmx")
    assert tmap.tilesets[0].source is None and tmap.tilesets[0].image == "inside-tiles.png"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_failed_write_changes_no_file(qapp, tmp_path, monkeypatch):
    island = read(ISLANDS[1])
    files = island_map_files(island, tmp_path / "crown.tmx")
    for p in files:
        p.write_bytes(b"old")
    real_open = open
    calls = []

    def failing_open(path, mode="r", *args, **kwargs):
        if "b" in mode and "w" in mode:
            calls.append(path)
            if len(calls) == 2:
                raise OSError(28, "No space left on device")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", failing_open)
    with pytest.raises(OSError):
        write_files(files)
    monkeypatch.undo()
    assert all(p.read_bytes() == b"old" for p in files)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in files)


# --- maps drawn by hand in Tiled -------------------------------------------------------------------

def test_a_complete_hand_drawn_map_imports_cleanly():
    result = read_island_map(DATA / "complete.tmx")
    assert result.findings == []
    island = result.island
    assert (island.id, island.name, island.orientation) == ("hand-drawn", "Hand-drawn Cove", "pointy")
    assert len(island.spaces) == 17
    # no origin property: tile 0,0 is hex [0, 0]; stagger even: tile 2,2 is hex [1, 2]
    assert island.forts == [(1, 2)]
    assert island.quest.steps[0].fort == (1, 2)
    assert island.bridges == [((1, 4), (3, 2))]
    kinds = {s.at: (s.kind, s.icon) for s in island.spaces}
    assert kinds[(0, 2)] == ("white", Effect(statue=1))  # tile 1,2
    assert kinds[(2, 0)] == ("ship", None)               # tile 2,0
    assert [m.steps[0].terrain for m in island.missions] == ["forest", "lagoon"]


def test_a_hand_drawn_flat_map_saved_by_tiled_as_json_imports_cleanly():
    result = read_island_map(DATA / "complete-flat.tmj")     # base64 + zlib tile data, a .tsx tileset
    assert result.findings == []
    island = result.island
    assert (island.id, island.orientation) == ("hand-drawn-flat", "flat")
    assert island.forts == [(2, 1)] and island.quest.steps[0].fort == (2, 1)
    assert len(island.spaces) == 17 and len(island.bridges) == 1
    from studio.validate import validate

    assert validate(island) == []


def test_what_a_hand_drawn_map_lacks_is_said_with_file_layer_and_tile():
    result = read_island_map(DATA / "lacking.tmx")
    assert result.island is None
    got = [f.format() for f in result.findings]
    path = str(DATA / "lacking.tmx")
    assert got == [
        f"{path}:10:3: error tiled/no-kind: layer 'Ground', tile 1,1: tile 10 of tileset 'terrain' (terrain.tsx) has "
        "no 'kind' property; give the tile a string property 'kind' in the tileset (forest, dune, cliff, lagoon, "
        "white, stronghold, ship, fort)",
        f"{path}:12:7: error tiled/unknown-tile: layer 'Ground', tile 3,3: tile id 99 is in no tileset of the map "
        "('terrain' has ids 1 to 12)",
        f"{path}:16:2: warning tiled/hidden-layer: layer 'sketch' is hidden: its 2 tiles are not read (show it in "
        "Tiled to make them spaces, or delete it)",
        f"{path}:26:3: warning tiled/ignored-object: layer 'Decor', object 5 'palm tree' (at tile 1,2) is neither a "
        "bridge nor a fort: set its Class (Type) to 'bridge' (a polyline from one space to the other) or 'fort'; "
        "ignored",
        f"{path}:4:3: warning tiled/unknown-property: map property 'author' is not one the studio reads (id, name, "
        "description, origin-q, origin-r, quest, mission-1, mission-2); ignored",
        f"{path}:2:1: warning tiled/no-id: the map has no 'id' property; the island's id is 'lacking', from the "
        "file name (add a string map property 'id' to choose it)",
        f"{path}:2:1: error tiled/no-goals: the map has no 'quest', 'mission-1', 'mission-2' map properties; an "
        "island has a quest and two exploration missions, each a string map property in YAML (e.g. quest: {fort: "
        "[4, 3], reward: {scrolls: 3}}; mission-1: {steps: [{areas: {terrain: forest, count: 1}, reward: {scrolls: "
        "2}}]})",
    ]


def test_stand_in_goals_let_the_editor_open_a_map_without_goals(tmp_path):
    text = (DATA / "lacking.tmx").read_text()
    # keep the goals missing, fix the tiles
    text = text.replace("4,11,3,8,0,", "4,1,3,8,0,").replace("2,1,1,99,0,", "2,1,1,2,0,")
    (tmp_path / "terrain.tsx").write_bytes((DATA / "terrain.tsx").read_bytes())
    (tmp_path / "sketchy.tmx").write_text(text)
    result = read_island_map(tmp_path / "sketchy.tmx")
    assert result.island is None and [f.code for f in result.errors] == ["tiled/no-goals"]
    result = read_island_map(tmp_path / "sketchy.tmx", placeholders=True)
    assert [f.code for f in result.errors] == ["tiled/no-goals"]
    assert result.errors[0].message.endswith("; stand-in goals were put in: edit them in the Goals panel")
    island = result.island
    assert island.id == "sketchy" and len(island.missions) == 2
    assert island.quest.steps[0].kind == "spaces"
    assert island.quest.steps[0].spaces[0] in island.space_at()


def test_a_map_that_is_not_hexagonal():
    result = read_island_map(DATA / "orthogonal.tmx")
    assert result.island is None
    [f] = result.findings
    assert f.format() == (f"{DATA / 'orthogonal.tmx'}:2:1: error tiled/orientation: the map is orthogonal; a Rivages "
                          "island is a hexagonal map (in Tiled: Map > Map Properties > Orientation: Hexagonal, or "
                          "File > New Map with Orientation Hexagonal)")


def test_xml_that_is_not_well_formed_gives_its_line_and_column():
    [f] = read_island_map(DATA / "broken.tmx").findings
    assert (f.code, f.line, f.col) == ("tiled/xml", 3, 51)
    assert f.message == "not well-formed XML: not well-formed (invalid token)"


def _edited(tmp_path, name, old, new, count=1):
    text = (DATA / "complete.tmx").read_text()
    assert text.count(old) >= 1, old
    (tmp_path / "terrain.tsx").write_bytes((DATA / "terrain.tsx").read_bytes())
    (tmp_path / name).write_text(text.replace(old, new, count))
    return read_island_map(tmp_path / name)


def test_a_goal_that_is_not_yaml_names_its_property(tmp_path):
    result = _edited(tmp_path, "bad-goal.tmx", 'value="{fort: [2, 2], reward: {scrolls: 3, loot: 1}}"',
                     'value="{fort: [2, 2], reward: {scrolls: 3, loot: 1}"')
    [f] = result.findings
    assert (f.code, f.line, f.col, f.element) == ("tiled/bad-goal", 8, 3, ("goal", "quest"))
    assert f.message.startswith("map property 'quest' is not a goal in YAML: ")


def test_schema_problems_are_said_in_the_map_terms(tmp_path):
    result = _edited(tmp_path, "bad-reward.tmx", "reward: {scrolls: 2}", "reward: {scrolls: 0}")
    [f] = result.findings
    assert f.format().endswith(
        "bad-reward.tmx:5:3: error schema/range: map property 'mission-1': 'steps[0].reward.scrolls' must be a whole "
        "number from 1 to 99, got 0")
    assert result.island is None
    tsx = (DATA / "terrain.tsx").read_text().replace('name="statue" type="int" value="1"', 'name="statue" type="int" value="0"')
    (tmp_path / "terrain.tsx").write_text(tsx)
    (tmp_path / "bad-icon.tmx").write_text((DATA / "complete.tmx").read_text())
    [f] = read_island_map(tmp_path / "bad-icon.tmx").findings
    assert f.format().endswith(
        "bad-icon.tmx:15:3: error schema/range: layer 'Island', tile 1,2: tile property 'statue' must be a whole "
        "number from 1 to 99, got 0")


def test_a_bridge_must_join_two_tiles(tmp_path):
    result = _edited(tmp_path, "bridge.tmx", 'points="0,0 64,-110"', 'points="0,0 64,-110 90,-120"')
    [f] = result.findings
    assert (f.code, f.line, f.col) == ("tiled/bad-bridge", 22, 3)
    assert "layer 'Buildings', object 2 'old bridge' is a bridge drawn as a polyline of 3 points" in f.message
    result = _edited(tmp_path, "bridge2.tmx", 'points="0,0 64,-110"', 'points="0,0 5,3"')
    assert [f.code for f in result.findings] == ["tiled/bad-bridge"]
    assert "starts and ends on the same tile 3,4" in result.findings[0].message


def test_two_layers_painting_one_hex(tmp_path):
    extra = ' <layer id="7" name="Overlay" width="5" height="5">\n  <data encoding="csv">\n' + \
        ",\n".join(",".join("3" if (x, y) == (1, 0) else "0" for x in range(5)) for y in range(5)) + \
        "\n</data>\n </layer>\n <objectgroup"
    result = _edited(tmp_path, "overlap.tmx", " <objectgroup", extra)
    [f] = result.findings
    assert f.code == "tiled/overlap"
    assert f.message == ("layer 'Overlay', tile 1,0: the hex already holds a forest space from layer 'Island', tile "
                         "1,0; a hex holds one space (clear one of the two tiles)")


def test_many_tiles_without_a_kind_are_one_finding(tmp_path):
    tsx = (DATA / "terrain.tsx").read_text()
    start = tsx.index('<tile id="0">')
    end = tsx.index("</tile>", start) + len("</tile>")
    (tmp_path / "terrain.tsx").write_text(tsx[:start] + tsx[end:])   # forest loses its kind
    (tmp_path / "no-forest.tmx").write_text((DATA / "complete.tmx").read_text())
    result = read_island_map(tmp_path / "no-forest.tmx")
    [f] = [f for f in result.findings if f.code == "tiled/no-kind"]
    assert f.message.startswith("layer 'Island', tile 1,0 (and 2 more like it): tile 0 of tileset 'terrain'")
    assert (f.line, f.col) == (13, 3)


def test_an_origin_out_of_range(tmp_path):
    result = _edited(tmp_path, "far.tmx", '<property name="id" value="hand-drawn"/>',
                     '<property name="id" value="hand-drawn"/>\n  <property name="origin-q" type="int" value="98"/>')
    assert {f.code for f in result.findings} == {"schema/range"}
    messages = [f.message for f in result.findings]
    assert ("layer 'Island', tile 3,0: the tile is hex [101, 0], outside the island's range (axial coordinates from "
            "-99 to 99); check the map properties origin-q and origin-r") in messages


def test_fort_tiles_on_a_tile_layer_are_forts(tmp_path):
    # the fort object removed, its tile painted in the middle of the island instead
    text = (DATA / "complete.tmx").read_text()
    start = text.index('  <object id="1" name="keep"')
    text = text[:start] + text[text.index("\n", start) + 1:]
    text = text.replace("7,5,0,2,4,", "7,5,10,2,4,")
    (tmp_path / "terrain.tsx").write_bytes((DATA / "terrain.tsx").read_bytes())
    (tmp_path / "fort.tmx").write_text(text)
    result = read_island_map(tmp_path / "fort.tmx")
    assert result.findings == [] and result.island.forts == [(1, 2)]


def test_island_from_map_never_raises_on_odd_maps():
    from studio.interop.tiled_format import TiledMap

    for tmap in (TiledMap("hexagonal", 0, 0, 64, 74, 37, "z", "odd"), TiledMap("hexagonal", 0, 0, 1, 1, 0, "y", "odd"),
                 TiledMap("hexagonal", 3, 3, 64, 74, 37, "y", "odd"), TiledMap("isometric", 3, 3, 64, 32)):
        result = island_from_map(tmap)
        assert result.island is None and result.errors


@pytest.mark.parametrize("name", ["complete.tmx", "complete-flat.tmj"])
def test_damaged_maps_give_findings_never_an_exception(tmp_path, name):
    """Seeded random damage (bytes changed, cut, repeated) to a map: reading it as an island
    returns findings, never raises, and never an internal error."""
    import random

    shutil_copy = (DATA / "terrain.tsx").read_bytes(), (DATA / "terrain-flat.tsx").read_bytes()
    (tmp_path / "terrain.tsx").write_bytes(shutil_copy[0])
    (tmp_path / "terrain-flat.tsx").write_bytes(shutil_copy[1])
    original = (DATA / name).read_bytes()
    rng = random.Random(name)
    alphabet = b'0123456789-.,:"<>/= {}[]\nabcxyz'
    for i in range(150):
        data = bytearray(original)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            kind = rng.random()
            if kind < 0.6:
                data[at] = rng.choice(alphabet)
            elif kind < 0.8:
                del data[at:at + rng.randint(1, 40)]
            else:
                data[at:at] = data[at:at + rng.randint(1, 40)]
        path = tmp_path / f"d{i}{Path(name).suffix}"
        path.write_bytes(bytes(data))
        result = read_island_map(path)
        assert all(f.code != "internal/error" for f in result.findings), (bytes(data), result.findings)
        assert result.island is not None or result.errors


def test_layer_and_group_offsets_move_objects_and_hidden_groups_hide_layers(tmp_path):
    text = (DATA / "complete.tmx").read_text()
    # the objects written 64 pixels left and 55 up, their layer in a group drawn 64 right and 55 down
    text = text.replace('x="160" y="184"', 'x="96" y="129"').replace('x="256" y="257"', 'x="192" y="202"')
    text = text.replace(' <objectgroup id="2" name="Buildings">', ' <group id="6" name="things" offsetx="60" offsety="50">\n'
                        '  <objectgroup id="2" name="Buildings" offsetx="4" offsety="5">')
    text = text.replace(" </objectgroup>\n", " </objectgroup>\n </group>\n")
    (tmp_path / "terrain.tsx").write_bytes((DATA / "terrain.tsx").read_bytes())
    (tmp_path / "offset.tmx").write_text(text)
    result = read_island_map(tmp_path / "offset.tmx")
    assert result.findings == [] and result.island == read_island_map(DATA / "complete.tmx").island
    hidden = text.replace(' <layer id="1" name="Island"', ' <group id="7" name="off" visible="0">\n <layer id="1" '
                          'name="Island"').replace(" </layer>\n", " </layer>\n </group>\n")
    (tmp_path / "hidden.tmx").write_text(hidden)
    result = read_island_map(tmp_path / "hidden.tmx")
    assert [f.code for f in result.findings][:2] == ["tiled/hidden-layer", "tiled/no-spaces"]
    assert result.findings[0].message.startswith("layer 'off/Island' is hidden: its 17 tiles are not read")


def test_a_fort_tile_object_placed_by_its_middle(tmp_path):
    tsx = (DATA / "terrain.tsx").read_text().replace('<tileset version', '<tileset objectalignment="center" version')
    assert 'objectalignment="center"' in tsx
    (tmp_path / "terrain.tsx").write_text(tsx)
    # with the tiles aligned by their middle, the keep's x, y is the middle of tile 2,2
    (tmp_path / "middle.tmx").write_text((DATA / "complete.tmx").read_text().replace('x="160" y="184"', 'x="192" y="147"'))
    result = read_island_map(tmp_path / "middle.tmx")
    assert result.findings == [] and result.island.forts == [(1, 2)]
