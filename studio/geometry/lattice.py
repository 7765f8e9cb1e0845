"""The standard Rule the Realm peg lattice and generated lattices.

The physical base has 8 rows of 10 pegs; every other row is shifted right by half a spacing and
rows are sqrt(3)/2 apart, so neighbouring pegs form equilateral triangles (board units, y down).
Peg ids are a row letter and a 1-based column: ``a1`` .. ``h10``.
"""

from __future__ import annotations

import math
import string

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
