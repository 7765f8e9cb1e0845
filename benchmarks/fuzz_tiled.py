"""Long fuzz of the Tiled map reader (the quick version is a test): damaged maps must give
findings, never an exception.

    python benchmarks/fuzz_tiled.py [--rounds N]

Two kinds of damage, seeded: bytes of tests/data/tiled/*.tmx and *.tmj changed, cut or repeated;
and values of the JSON maps (and of a studio-written map and tileset) replaced by values of other
types or out of range (null, NaN, 1e308, lists...). Prints how many files were damaged, how many
still read as a map, and every distinct exception (there should be none); exits 1 if any."""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from studio.interop.tiled_format import TiledError, map_to_tmj, read_map, tileset_to_tsj  # noqa: E402  # noqa: E402
from studio.interop.tiled_island import island_from_map, island_to_map  # noqa: E402
from studio.model.io import read  # noqa: E402

DATA = ROOT / "tests" / "data" / "tiled"
VALUES = [None, -1, 0, "x", "", [], {}, 1e308, -1e308, float("nan"), float("inf"), True, 10 ** 20, -10 ** 20,
          [1, 2], {"x": 1}, "1,2", 2.5, "forest", 1e6, -3, 99999]


class Tally:
    def __init__(self) -> None:
        self.files = self.maps = 0
        self.failures: dict[tuple, str] = {}

    def check(self, path: Path) -> None:
        self.files += 1
        try:
            tmap = read_map(path)
        except TiledError:
            return
        except Exception:  # noqa: BLE001 - what the fuzz looks for
            self._failed()
            return
        self.maps += 1
        try:
            island_from_map(tmap)
        except Exception:  # noqa: BLE001
            self._failed()

    def _failed(self) -> None:
        tb = traceback.format_exc()
        key = tuple(traceback.extract_tb(sys.exc_info()[2])[-1][:2])
        self.failures.setdefault(key, tb)


def byte_damage(tally: Tally, folder: Path, rounds: int) -> None:
    for name in ("complete.tmx", "complete-flat.tmj", "lacking.tmx", "orthogonal.tmx"):
        original = (DATA / name).read_bytes()
        rng = random.Random(f"bytes {name}")
        for _ in range(rounds):
            data = bytearray(original)
            for _ in range(rng.randint(1, 6)):
                at = rng.randrange(len(data))
                k = rng.random()
                if k < 0.6:
                    data[at] = rng.choice(b'0123456789-.,:"<>/= {}[]\nabcxyzeE+')
                elif k < 0.8:
                    del data[at:at + rng.randint(1, 40)]
                else:
                    data[at:at] = data[at:at + rng.randint(1, 40)]
            path = folder / f"damaged{Path(name).suffix}"
            path.write_bytes(bytes(data))
            tally.check(path)


def _paths(x, path=()):
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, path + (i,))


def _set(x, path, value) -> None:
    try:
        for k in path[:-1]:
            x = x[k]
        x[path[-1]] = copy.deepcopy(value)
    except (KeyError, IndexError, TypeError):
        pass  # an earlier change took that place away


def value_damage(tally: Tally, folder: Path, rounds: int) -> None:
    island = read(ROOT / "boards" / "rivages" / "islands" / "coral-reach.yaml")
    tmap, _ = island_to_map(island, "even", tileset_source="coral-tiles.tsj", image="coral-tiles.png")
    sources = {"complete-flat.tmj": json.loads((DATA / "complete-flat.tmj").read_text()),
               "coral.tmj": json.loads(map_to_tmj(tmap)), "coral-tiles.tsj": json.loads(tileset_to_tsj(tmap.tilesets[0]))}
    for ts in ("terrain.tsx", "terrain-flat.tsx"):
        (folder / ts).write_bytes((DATA / ts).read_bytes())
    for name, original in sources.items():
        (folder / name).write_text(json.dumps(original))
    for name, original in sources.items():
        rng = random.Random(f"values {name}")
        places = [p for p in _paths(original) if p]
        for _ in range(rounds):
            data = json.loads(json.dumps(original))
            for _ in range(rng.randint(1, 3)):
                _set(data, rng.choice(places), rng.choice(VALUES))
            (folder / name).write_text(json.dumps(data))
            tally.check(folder / ("coral.tmj" if name.endswith(".tsj") else name))
        (folder / name).write_text(json.dumps(original))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="damaged files per source file (default 3000)")
    args = parser.parse_args()
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for ts in ("terrain.tsx", "terrain-flat.tsx"):
            (folder / ts).write_bytes((DATA / ts).read_bytes())
        byte_damage(tally, folder, args.rounds)
        value_damage(tally, folder, args.rounds)
    print(f"damaged files: {tally.files}; still read as a map: {tally.maps}; distinct exceptions: "
          f"{len(tally.failures)}")
    for tb in tally.failures.values():
        print(tb)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
