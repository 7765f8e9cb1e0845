#!/usr/bin/env python3
"""Write the bundled Rule the Realm boards (8 locations x 2, 3 and 4 players) to boards/realm/.

A thin wrapper: the designs live in :mod:`studio.generate.realm` (``studio generate`` makes new
ones from constraints). With no constraint and the table's seed each design gives the bundled
board exactly; the files' comments and layout are kept.

Run from the project root:
    python tools/design_boards.py                    # write all 24 boards
    python tools/design_boards.py volcano labyrinth  # only these locations
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.generate.realm import DESIGNS, BoardSpec, design_board, totals  # noqa: E402
from studio.model import io  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("locations", nargs="*", help=f"locations to write (default: all of {', '.join(DESIGNS)})")
    args = ap.parse_args(argv)
    unknown = [loc for loc in args.locations if loc not in DESIGNS]
    if unknown:
        ap.error(f"unknown location {unknown[0]!r}: one of {', '.join(DESIGNS)}")
    out = ROOT / "boards" / "realm"
    out.mkdir(parents=True, exist_ok=True)
    for loc in args.locations or list(DESIGNS):
        for players in (2, 3, 4):
            board = design_board(BoardSpec(loc, players))
            path = out / f"{board.id}.yaml"
            io.write(board, path, origin=path)  # keeps the comments and layout of the file there
            t = totals(board)
            print(f"{path.relative_to(ROOT)}: {len(board.pegs)} pegs, {len(board.lines)} lines, "
                  f"{len(board.segments)} segments with content, treasure {t['treasure']}, energy {t['energy']}"
                  + (f" + {t['bridge energy']} on bridges" if board.bridges else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
