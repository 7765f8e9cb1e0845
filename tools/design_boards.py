#!/usr/bin/env python3
"""Write the bundled Rule the Realm boards (8 locations x 2, 3 and 4 players) to boards/realm/.

A thin wrapper: the designs live in :mod:`studio.generate.realm` (``studio generate`` makes new
ones from constraints). Each bundled board is its design with the table's seed, plus the edits of
the balance assistant's proposals adopted for it (``boards/realm/balance/BOARD.balance-K.json``,
:func:`studio.generate.realm.bundled_board`); the files written are the bundled files, byte for
byte.

Run from the project root:
    python tools/design_boards.py                    # write all 24 boards
    python tools/design_boards.py volcano labyrinth  # only these locations
    python tools/design_boards.py --out DIR          # into DIR instead of boards/realm/
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.generate.realm import DESIGNS, bundled_board, totals  # noqa: E402
from studio.model import io  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("locations", nargs="*", help=f"locations to write (default: all of {', '.join(DESIGNS)})")
    ap.add_argument("--out", type=Path, default=ROOT / "boards" / "realm",
                    help="folder to write the boards to (default: boards/realm/)")
    args = ap.parse_args(argv)
    unknown = [loc for loc in args.locations if loc not in DESIGNS]
    if unknown:
        ap.error(f"unknown location {unknown[0]!r}: one of {', '.join(DESIGNS)}")
    out = args.out
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        ap.error(f"--out {out}: cannot make the folder ({exc.strerror})")
    for loc in args.locations or list(DESIGNS):
        for players in (2, 3, 4):
            board = bundled_board(loc, players)
            path = out / f"{board.id}.yaml"
            io.write(board, path, origin=None)  # written whole, in the house style
            t = totals(board)
            print(f"{path}: {len(board.pegs)} pegs, {len(board.lines)} lines, "
                  f"{len(board.segments)} segments with content, treasure {t['treasure']}, energy {t['energy']}"
                  + (f" + {t['bridge energy']} on bridges" if board.bridges else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
