#!/usr/bin/env python3
"""Lay out the bundled Jungle Temples boards (2, 3 and 4 players) and write them to boards/realm/.

The boards are this project's own designs. Each one is symmetric under a rotation that maps seat
to seat (180 degrees for 2 and 4 players, 120 degrees for 3), so no seat starts with a better
neighbourhood: peg colours and segment contents are chosen once per orbit of that rotation.
Contents grow richer toward the middle of the board, where the seats' paths meet.

Run from the project root:  python tools/design_jungle_temples.py
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from board_design_lib import colour_pegs, contents, edge, rotate_ids, subset  # noqa: E402

from studio.geometry.faces import line_graph_faces  # noqa: E402
from studio.geometry.lattice import ROW_HEIGHT, triangular_lattice  # noqa: E402
from studio.model import io  # noqa: E402
from studio.model.realm import Board, Peg, Seat, Segment  # noqa: E402


def write(obj, path) -> None:
    """Save ``obj`` over ``path``, keeping the comments and layout of the file there."""
    io.write(obj, path, origin=path)


def make_board(pid, name, players, pegs, lines, centre, order, seats, seed, treasure, energy, description):
    rng = random.Random(seed)
    colour = colour_pegs(pegs, lines, centre, order, rng)
    faces = line_graph_faces(pegs, lines)
    radius = max(math.hypot(x - centre[0], y - centre[1]) for x, y in pegs.values())
    content = contents(faces, centre, order, rng, radius, treasure, energy)
    segs = []
    for f in faces:
        t, e = content[f.key]
        if t or e:
            segs.append(Segment(tuple(f.pegs), t, e))
    board = Board(
        id=pid, name=name, players=players, description=description, location="jungle-temples",
        pegs={k: Peg(k, round(x, 6), round(y, 6), colour[k]) for k, (x, y) in pegs.items()},
        lines=list(lines), segments=segs,
        seats={s.name: s for s in seats},
    )
    return board


def two_player():
    pegs, lines = triangular_lattice()
    xs, ys = [p[0] for p in pegs.values()], [p[1] for p in pegs.values()]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    bottom = edge(pegs, lambda x, y: abs(y - max(ys)) < 1e-6, lambda x, y: x)
    top = edge(pegs, lambda x, y: abs(y) < 1e-6, lambda x, y: x)
    south = Seat("south", [bottom[i] for i in (2, 4, 5, 7)], top, "South")
    north = Seat("north", rotate_ids(south.start, pegs, centre, math.pi), bottom, "North")
    return make_board("jungle-temples-2p", "Jungle Temples, 2 players", 2, pegs, lines, centre, 2,
                      [south, north], 2024, treasure=56, energy=18,
                      description="Two seats face each other across the full 80-peg base. "
                                  "The board is symmetric under a half turn.")


def three_player():
    pegs, lines = triangular_lattice()
    widths = [4, 5, 6, 7, 8, 7, 6, 5]
    cx = 4.5

    def inside(x, y):
        r = round(y / ROW_HEIGHT)
        w = widths[r]
        return cx - (w - 1) / 2 - 1e-6 <= x <= cx + (w - 1) / 2 + 1e-6

    pegs, lines = subset(pegs, lines, inside)
    n = len(pegs)
    centre = (sum(p[0] for p in pegs.values()) / n, sum(p[1] for p in pegs.values()) / n)
    ys = [p[1] for p in pegs.values()]
    bottom = edge(pegs, lambda x, y: abs(y - max(ys)) < 1e-6, lambda x, y: x)   # long side, 5 pegs
    top = edge(pegs, lambda x, y: abs(y) < 1e-6, lambda x, y: x)                # short side, 4 pegs
    a120, a240 = 2 * math.pi / 3, 4 * math.pi / 3
    # seats in play order, clockwise on screen (y grows downward, so a positive angle turns
    # clockwise): south, then north-west, then north-east
    seats = [Seat("south", bottom[1:4], top, "South")]
    seats.append(Seat("northwest", rotate_ids(bottom[1:4], pegs, centre, a120),
                      rotate_ids(top, pegs, centre, a120), "North-west"))
    seats.append(Seat("northeast", rotate_ids(bottom[1:4], pegs, centre, a240),
                      rotate_ids(top, pegs, centre, a240), "North-east"))
    return make_board("jungle-temples-3p", "Jungle Temples, 3 players", 3, pegs, lines, centre, 3,
                      seats, 3033, treasure=39, energy=12,
                      description="A hexagon of 48 pegs with long and short sides in turn; each seat "
                                  "starts on a long side and crosses to the short side facing it. "
                                  "The board is symmetric under a third of a turn.")


def four_player():
    pegs, lines = triangular_lattice()
    # seven pegs a row (columns 2-8 of the base), so the board is about as wide as it is tall
    pegs, lines = subset(pegs, lines, lambda x, y: 1 - 1e-6 <= x <= 7.5 + 1e-6)
    xs, ys = [p[0] for p in pegs.values()], [p[1] for p in pegs.values()]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    bottom = edge(pegs, lambda x, y: abs(y - max(ys)) < 1e-6, lambda x, y: x)
    top = edge(pegs, lambda x, y: abs(y) < 1e-6, lambda x, y: x)
    left = edge(pegs, lambda x, y: x < min(xs) + 0.6, lambda x, y: y)
    right = edge(pegs, lambda x, y: x > max(xs) - 0.6, lambda x, y: y)
    mid = len(bottom) // 2
    south = Seat("south", bottom[mid - 1:mid + 1], top, "South")
    west = Seat("west", left[3:5], right, "West")
    seats = [south, west,
             Seat("north", rotate_ids(south.start, pegs, centre, math.pi), bottom, "North"),
             Seat("east", rotate_ids(west.start, pegs, centre, math.pi), left, "East")]
    return make_board("jungle-temples-4p", "Jungle Temples, 4 players", 4, pegs, lines, centre, 2,
                      seats, 4404, treasure=46, energy=14,
                      description="Seven pegs a row on the 80-peg base, so crossing east-west is as "
                                  "long as crossing north-south. Symmetric under a half turn.")


if __name__ == "__main__":
    import argparse

    # no options; parsing them makes --help print this instead of rewriting the boards
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    out = ROOT / "boards" / "realm"
    out.mkdir(parents=True, exist_ok=True)
    for board in (two_player(), three_player(), four_player()):
        path = out / f"{board.id}.yaml"
        write(board, path)
        t = sum(s.treasure for s in board.segments)
        e = sum(s.energy for s in board.segments)
        print(f"{path.relative_to(ROOT)}: {len(board.pegs)} pegs, {len(board.lines)} lines, "
              f"{len(board.segments)} segments with content, treasure {t}, energy {e}")
