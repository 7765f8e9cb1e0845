"""The standard Rule the Realm peg lattice and generated lattices; snapping points and moves to
a lattice and a board's spacing (the editor's snap).

The physical base has 8 rows of 10 pegs; every other row is shifted right by half a spacing and
rows are sqrt(3)/2 apart, so neighbouring pegs form equilateral triangles (board units, y down).
Peg ids are a row letter and a 1-based column: ``a1`` .. ``h10``.
"""

from __future__ import annotations

import math
import string
from collections import Counter

from studio.model.realm import Board

ROW_HEIGHT = math.sqrt(3) / 2
STANDARD_ROWS = 8
STANDARD_COLUMNS = 10


def row_name(r: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa, ... (spreadsheet style, lower case)."""
    letters = string.ascii_lowercase
    name = ""
    r += 1
    while r:
        r, rem = divmod(r - 1, 26)
        name = letters[rem] + name
    return name


def peg_id(r: int, c: int) -> str:
    return f"{row_name(r)}{c + 1}"


def triangular_lattice(rows: int = STANDARD_ROWS, columns: int = STANDARD_COLUMNS,
                       spacing: float = 1.0) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """Pegs ``{id: (x, y)}`` and lines ``[(a, b)]`` of a rows x columns triangular lattice.

    Odd rows (b, d, ...) are shifted by half a spacing. Every pair of neighbouring pegs gets a
    line, so every face is an equilateral triangle."""
    pegs: dict[str, tuple[float, float]] = {}
    for r in range(rows):
        shift = 0.5 if r % 2 else 0.0
        for c in range(columns):
            pegs[peg_id(r, c)] = ((c + shift) * spacing, r * ROW_HEIGHT * spacing)
    lines: list[tuple[str, str]] = []
    for r in range(rows):
        for c in range(columns):
            here = peg_id(r, c)
            if c + 1 < columns:
                lines.append((here, peg_id(r, c + 1)))
            if r + 1 < rows:
                # the row below is shifted right (r even) or left (r odd) relative to this one
                below = (c - 1, c) if r % 2 == 0 else (c, c + 1)
                for cc in below:
                    if 0 <= cc < columns:
                        lines.append((here, peg_id(r + 1, cc)))
    return pegs, lines


def snap_to_lattice(x: float, y: float, spacing: float = 1.0) -> tuple[float, float]:
    """Nearest point of the triangular lattice with ``spacing`` (rows sqrt(3)/2 spacings
    apart, odd rows shifted by half a spacing), rounded as the bundled files write
    coordinates."""
    x, y = x / spacing, y / spacing
    r = round(y / ROW_HEIGHT)
    shift = 0.5 if r % 2 else 0.0
    c = round(x - shift)
    return (round((c + shift) * spacing, 6), round(r * ROW_HEIGHT * spacing, 6))


def lattice_slot(x: float, y: float, spacing: float = 1.0) -> tuple[int, int] | None:
    """(row, column) of the lattice point at (x, y), or None if (x, y) is not one."""
    sx, sy = snap_to_lattice(x, y, spacing)
    if abs(sx - x) > 1e-6 or abs(sy - y) > 1e-6:
        return None
    r = round(y / spacing / ROW_HEIGHT)
    c = round(x / spacing - (0.5 if r % 2 else 0.0))
    if r < 0 or c < 0:
        return None
    return (r, c)


def lattice_offset(dx: float, dy: float, spacing: float = 1.0) -> tuple[float, float]:
    """The lattice vector nearest (dx, dy): moving pegs by it keeps lattice pegs on the
    lattice (a whole number of rows, and half a spacing more for an odd number of rows)."""
    n = round(dy / (ROW_HEIGHT * spacing))
    m = round(dx / spacing - n / 2)
    return ((m + n / 2) * spacing, n * ROW_HEIGHT * spacing)


def infer_spacing(board: Board) -> float:
    """The board's peg spacing: its most common line length (1 for the standard base)."""
    lengths: Counter[float] = Counter()
    pegs = board.pegs
    for a, b in board.lines[:2000]:
        if a in pegs and b in pegs:
            d = round(math.hypot(pegs[a].x - pegs[b].x, pegs[a].y - pegs[b].y), 3)
            if d > 0:
                lengths[d] += 1
    if not lengths:
        return 1.0
    return lengths.most_common(1)[0][0]
