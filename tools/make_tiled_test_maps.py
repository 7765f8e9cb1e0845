"""Make the hand-drawn Tiled maps of ``tests/data/tiled/`` (run from the repository root):

    python tools/make_tiled_test_maps.py

Each map is what a designer draws in Tiled without the studio: a tileset of their own
(``terrain.tsx``, ``terrain-flat.tsx``: an image with a ``kind`` property on its tiles, one
tile left without), their own layer names, no ``origin-q``/``origin-r`` (tile 0,0 is hex
[0, 0]). The maps are laid out here tile by tile, written as TMX and then opened and saved by
Tiled itself (``tiled --export-map``, ``--export-tileset``), so the committed files are
Tiled's own output; without ``tiled`` on the PATH (Debian: ``apt-get install tiled``) the
hand-written files are kept and the script says so. The tests never need Tiled.

- ``complete.tmx``: a pointy island, stagger index even, 64 x 74 tiles, everything the
  studio needs (goals, a bridge, a fort as a tile object whose tile says ``kind: fort``);
- ``complete-flat.tmj``: a flat island, stagger index odd, base64 + zlib tile data, as Tiled
  exports JSON;
- ``lacking.tmx``: a tile without ``kind``, a tile id in no tileset, a hidden sketch layer,
  a tree object, a property the studio does not read, no id and no goals;
- ``orthogonal.tmx``: an orthogonal map;
- ``broken.tmx``: not well-formed XML (a quote missing), written by hand (Tiled cannot open it)."""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from studio.geometry.hex import axial_to_offset, offset_to_axial, spiral  # noqa: E402
from studio.model.rivages import DEFAULT_TERRAINS, Effect  # noqa: E402

OUT = ROOT / "tests" / "data" / "tiled"

# the designer's tileset: (kind, icon) per tile id; tile 10 is art the designer never gave a kind
TILES = [("forest", None), ("dune", None), ("cliff", None), ("lagoon", None), ("white", Effect(statue=1)),
         ("white", Effect(loot=1)), ("white", Effect(scrolls=1)), ("stronghold", None), ("ship", None),
         ("fort", None), ("rock", None)]
GID = {("forest", None): 1, ("dune", None): 2, ("cliff", None): 3, ("lagoon", None): 4, "statue": 5, "loot": 6,
       "scrolls": 7, ("stronghold", None): 8, ("ship", None): 9, "fort": 10, "rock": 11}
# the island: a hexagon of radius 2 round a fort, the middle of one side left as water and
# crossed by a bridge; kinds in spiral order (ring 1 from direction 4, then ring 2)
RING1 = ["forest", "forest", "dune", "cliff", "lagoon", "statue"]
RING2 = ["ship", "cliff", "cliff", None, "lagoon", "stronghold", "dune", "ship", "forest", "lagoon", "scrolls",
         "dune"]


def tile_gid(kind) -> int:
    return GID[kind] if kind in GID else GID[(kind, None)]


def tileset_tsx(name: str, image: str, w: int, h: int) -> str:
    tiles = []
    for i, (kind, icon) in enumerate(TILES):
        if kind == "rock":
            continue
        props = [f'   <property name="kind" value="{kind}"/>']
        if icon is not None:
            props += [f'   <property name="{k}" type="int" value="{v}"/>' for k, v in icon.to_data().items()]
        tiles.append(f' <tile id="{i}">\n  <properties>\n' + "\n".join(props) + "\n  </properties>\n </tile>")
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="{name}" tilewidth="{w}" '
            f'tileheight="{h}" tilecount="{len(TILES)}" columns="6">\n <image source="{image}" width="{6 * w}" '
            f'height="{2 * h}"/>\n' + "\n".join(tiles) + "\n</tileset>\n")


def island_tiles(layout: str, centre_tile: tuple[int, int]):
    """{tile: gid} of the island and the tiles of the fort and the bridge ends."""
    centre = offset_to_axial(*centre_tile, layout)
    hexes = spiral(centre, 2)
    kinds = [None] + RING1 + RING2
    cells = {}
    for h, kind in zip(hexes, kinds):
        if kind is not None:
            cells[axial_to_offset(h, layout)] = tile_gid(kind)
    ring2 = hexes[7:]
    bridge = (axial_to_offset(ring2[2], layout), axial_to_offset(ring2[4], layout))
    return cells, centre_tile, bridge


def centre_px(tile, axis: str, index: str, w: int, h: int, side: int) -> tuple[float, float]:
    # Tiled's hexagonal renderer (tiles rounded down to even sizes)
    col, row = tile
    if axis == "y":
        staggered = bool((row & 1) ^ (index == "even"))
        x = col * w + (w // 2 if staggered else 0)
        y = row * ((h - side) // 2 + side)
    else:
        staggered = bool((col & 1) ^ (index == "even"))
        x = col * ((w - side) // 2 + side)
        y = row * h + (h // 2 if staggered else 0)
    return x + w / 2, y + h / 2


def csv(cells, width: int, height: int) -> str:
    rows = [",".join(str(cells.get((x, y), 0)) for x in range(width)) for y in range(height)]
    return "\n" + ",\n".join(rows) + "\n"


def map_tmx(*, axis, index, w, h, side, width, height, tileset, props, layers) -> str:
    p = "\n".join(f'  <property name="{n}" value="{v}"/>' for n, v in props)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="hexagonal" '
            f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{w}" tileheight="{h}" '
            f'infinite="0" hexsidelength="{side}" staggeraxis="{axis}" staggerindex="{index}" nextlayerid="9" '
            f'nextobjectid="9">\n' + (f" <properties>\n{p}\n </properties>\n" if props else "")
            + f' <tileset firstgid="1" source="{tileset}"/>\n' + layers + "</map>\n")


def bridge_and_fort(fort, bridge, axis, index, w, h, side, fort_type="") -> str:
    fx, fy = centre_px(fort, axis, index, w, h, side)
    (ax, ay), (bx, by) = (centre_px(t, axis, index, w, h, side) for t in bridge)
    ftype = f' type="{fort_type}"' if fort_type else ""
    return (f' <objectgroup id="2" name="Buildings">\n'
            f'  <object id="1" name="keep"{ftype} gid="{GID["fort"]}" x="{fx - w / 2:g}" y="{fy + h / 2:g}" '
            f'width="{w}" height="{h}"/>\n'
            f'  <object id="2" name="old bridge" type="bridge" x="{ax:g}" y="{ay:g}">\n'
            f'   <polyline points="0,0 {bx - ax:g},{by - ay:g}"/>\n  </object>\n </objectgroup>\n')


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    from studio.interop.tiled_hex import HexGrid
    from studio.render.tiled_tiles import tileset_png

    QGuiApplication([])
    OUT.mkdir(parents=True, exist_ok=True)
    tiled = shutil.which("tiled")
    made = []
    # tilesets: the designer's art, pointy 64 x 74 and flat 74 x 64 (sides of 37)
    for name, axis, w, h in (("terrain", "y", 64, 74), ("terrain-flat", "x", 74, 64)):
        grid = HexGrid(w, h, 37, axis, "odd")
        (OUT / f"{name}.png").write_bytes(tileset_png(TILES, grid, 6, list(DEFAULT_TERRAINS)))
        (OUT / f"{name}.tsx").write_text(tileset_tsx(name, f"{name}.png", w, h), encoding="utf-8")
    goals = [("mission-1", "{steps: [{areas: {terrain: forest, count: 1}, reward: {scrolls: 2}}]}"),
             ("mission-2", "{steps: [{areas: {terrain: lagoon, count: 1}, reward: {loot: 1}}]}")]
    # complete.tmx: pointy, even
    cells, fort, bridge = island_tiles("even-r", (2, 2))
    sources = {"complete.tmx": map_tmx(
        axis="y", index="even", w=64, h=74, side=37, width=5, height=5, tileset="terrain.tsx",
        props=[("id", "hand-drawn"), ("name", "Hand-drawn Cove")] + goals
        + [("quest", "{fort: [2, 2], reward: {scrolls: 3, loot: 1}}")],
        layers=f' <layer id="1" name="Island" width="5" height="5">\n  <data encoding="csv">{csv(cells, 5, 5)}</data>\n'
               " </layer>\n" + bridge_and_fort(fort, bridge, "y", "even", 64, 74, 37))}
    # complete-flat: flat, odd, base64 + zlib, saved as JSON by Tiled
    cells, fort, bridge = island_tiles("odd-q", (2, 2))
    raw = b"".join(cells.get((x, y), 0).to_bytes(4, "little") for y in range(5) for x in range(5))
    sources["complete-flat.tmx"] = map_tmx(
        axis="x", index="odd", w=74, h=64, side=37, width=5, height=5, tileset="terrain-flat.tsx",
        props=[("id", "hand-drawn-flat")] + goals + [("quest", "{fort: [2, 2], reward: {scrolls: 3}}")],
        layers=f' <layer id="1" name="Island" width="5" height="5">\n  <data encoding="base64" compression="zlib">\n   '
               f"{base64.b64encode(zlib.compress(raw)).decode()}\n  </data>\n </layer>\n"
               + bridge_and_fort(fort, bridge, "x", "odd", 74, 64, 37, "fort"))
    # lacking.tmx: pointy, odd; what a first sketch lacks
    cells, fort, bridge = island_tiles("odd-r", (2, 2))
    cells[(1, 1)] = GID["rock"]      # art without a kind
    cells[(3, 3)] = 99               # a tile id in no tileset
    sketch = {(0, 0): 1, (4, 4): 2}
    sources["lacking.tmx"] = map_tmx(
        axis="y", index="odd", w=64, h=74, side=37, width=5, height=5, tileset="terrain.tsx",
        props=[("author", "Camille")],
        layers=f' <layer id="1" name="Ground" width="5" height="5">\n  <data encoding="csv">{csv(cells, 5, 5)}</data>\n'
               f' </layer>\n <layer id="3" name="sketch" width="5" height="5" visible="0">\n  <data encoding="csv">'
               f"{csv(sketch, 5, 5)}</data>\n </layer>\n"
               ' <objectgroup id="4" name="Decor">\n  <object id="5" name="palm tree" x="100" y="120" width="30" '
               'height="40"/>\n </objectgroup>\n')
    # orthogonal.tmx
    sources["orthogonal.tmx"] = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" renderorder="right-down" '
        'width="3" height="2" tilewidth="64" tileheight="64" infinite="0" nextlayerid="2" nextobjectid="1">\n'
        ' <tileset firstgid="1" source="terrain.tsx"/>\n <layer id="1" name="Ground" width="3" height="2">\n'
        f'  <data encoding="csv">{csv({(0, 0): 1, (1, 0): 2, (2, 1): 3}, 3, 2)}</data>\n </layer>\n</map>\n')
    for name, text in sources.items():
        (OUT / name).write_text(text, encoding="utf-8")
    if tiled:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        for ts in ("terrain.tsx", "terrain-flat.tsx"):
            tmp = OUT / f"saved-{ts}"
            subprocess.run([tiled, "--export-tileset", "tsx", str(OUT / ts), str(tmp)], check=True, env=env,
                           capture_output=True)
            tmp.replace(OUT / ts)
        for name in ("complete.tmx", "lacking.tmx", "orthogonal.tmx"):
            tmp = OUT / f"saved-{name}"
            subprocess.run([tiled, "--export-map", "tmx", str(OUT / name), str(tmp)], check=True, env=env,
                           capture_output=True)
            tmp.replace(OUT / name)
        subprocess.run([tiled, "--export-map", "json", str(OUT / "complete-flat.tmx"), str(OUT / "complete-flat.tmj")],
                       check=True, env=env, capture_output=True)
        (OUT / "complete-flat.tmx").unlink()
        made.append("saved by " + subprocess.run([tiled, "--version"], capture_output=True, text=True,
                                                 env=env).stdout.strip())
    else:
        (OUT / "complete-flat.tmx").rename(OUT / "complete-flat.tmj.tmx")
        print("tiled is not installed: the hand-written TMX files are kept (complete-flat stays TMX)")
    (OUT / "broken.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="hexagonal" width="3" height="3"\n'
        '     tilewidth="64" tileheight="74 hexsidelength="37" staggeraxis="y" staggerindex="odd">\n</map>\n',
        encoding="utf-8")
    print(f"wrote {OUT}" + (f" ({made[0]})" if made else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
