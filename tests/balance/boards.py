"""Small synthetic Rule the Realm boards for the balance assistant's tests (games take
milliseconds)."""

from __future__ import annotations

import math

from studio.model.realm import Board, Peg, Realm, RealmRules, Scenario, Seat, Segment
from studio.playtest.setup import Setup

ROWS = "abcde"


def lattice_board(cols: int = 5, north_treasure: int = 1, south_treasure: int = 1, south_empty: int = 0) -> Board:
    """A triangular lattice of 5 rows x ``cols`` pegs, every triangle a segment. South starts on
    the bottom row, North on the top row. Segments touching rows a-b hold ``north_treasure``
    each, those touching rows d-e ``south_treasure``, except the first ``south_empty`` of those,
    left without: South then lacks treasure."""
    h = math.sqrt(3) / 2
    pegs = {}
    for r, row in enumerate(ROWS):
        for c in range(cols):
            pid = f"{row}{c + 1}"
            pegs[pid] = Peg(pid, c + (0.5 if r % 2 else 0.0), round(r * h, 6), ["red", "gray", "blue", "green", "yellow"][(r + 2 * c) % 5])
    lines = []
    tris = []
    for r in range(len(ROWS)):
        for c in range(cols):
            here = f"{ROWS[r]}{c + 1}"
            if c + 1 < cols:
                lines.append((here, f"{ROWS[r]}{c + 2}"))
            if r + 1 < len(ROWS):
                below = ROWS[r + 1]
                # odd rows are shifted right: their neighbours below are c and c+1
                left, right = (c, c + 1) if r % 2 else (c - 1, c)
                for k in (left, right):
                    if 0 <= k < cols:
                        lines.append((here, f"{below}{k + 1}"))
    keys = {tuple(sorted(l)) for l in lines}
    nb = {p: set() for p in pegs}
    for a, b in keys:
        nb[a].add(b)
        nb[b].add(a)
    for a, b in keys:
        for x in nb[a] & nb[b]:
            tri = tuple(sorted((a, b, x)))
            if tri not in tris:
                tris.append(tri)
    segments = []
    emptied = 0
    for tri in sorted(tris):
        rows = {p[0] for p in tri}
        if rows <= {"a", "b"}:
            t = north_treasure
        elif rows <= {"d", "e"}:
            t = south_treasure if emptied >= south_empty else 0
            emptied += 1
        else:
            t = 0
        segments.append(Segment(tri, treasure=t, energy=1 if rows <= {"b", "c", "d"} else 0))
    segments = [s for s in segments if not s.is_empty()]
    seats = {"south": Seat("south", [f"e{c}" for c in range(2, cols)], [], "South"),
             "north": Seat("north", [f"a{c}" for c in range(2, cols)], [], "North")}
    return Board(id="lattice-2p", name="Lattice, 2 players", players=2, pegs=pegs, lines=lines,
                 segments=segments, seats=seats, location="base")


def setup_of(board: Board, score: int = 8) -> Setup:
    scenario = Scenario(id="base", name="Base rules", boards={}, rules=RealmRules(end={"score": score}))
    return Setup("realm", Realm(scenario, board), board.players)
