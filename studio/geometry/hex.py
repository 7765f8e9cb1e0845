"""Hex-grid math in axial coordinates, after Red Blob Games' guide to hexagonal grids
(https://www.redblobgames.com/grids/hexagons/), written for this project.

A hex is a tuple ``(q, r)`` of ints (axial); its cube form is ``(q, r, s)`` with
``q + r + s == 0``. Neighbour directions, in this order (DESIGN.md, "Hex conventions")::

    (+1, 0) (+1, -1) (0, -1) (-1, 0) (-1, +1) (0, +1)

Pixels use the studio's scene convention: x to the right, **y downward**. ``size`` is the
distance from a hex's centre to a corner. Pointy-top hexes have rows along x; flat-top hexes
have columns along y. Fractional hexes round to the nearest hex with :func:`cube_round`
(floor-based, so negative coordinates round the same way as positive ones).

Offset coordinates ``(col, row)`` exist only at import and export, in Red Blob's four layouts:
``odd-r`` and ``even-r`` (pointy tops, odd or even rows shoved right by half a hex) and
``odd-q`` and ``even-q`` (flat tops, odd or even columns shoved down).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Iterator, TypeVar

Hex = tuple[int, int]
Cube = tuple[int, int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
ORIENTATIONS = ("pointy", "flat")
OFFSET_LAYOUTS = ("odd-r", "even-r", "odd-q", "even-q")

_SQRT3 = math.sqrt(3.0)


# --- axial and cube ----------------------------------------------------------------------------

def axial_to_cube(h: Hex) -> Cube:
    """``(q, r)`` -> ``(q, r, s)`` with ``s = -q - r``."""
    q, r = h
    return (q, r, -q - r)


def cube_to_axial(c: Cube) -> Hex:
    """``(q, r, s)`` -> ``(q, r)``. Raises ValueError unless ``q + r + s == 0``."""
    q, r, s = c
    if q + r + s != 0:
        raise ValueError(f"cube coordinates must sum to 0, got {c!r}")
    return (q, r)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def subtract(a: Hex, b: Hex) -> Hex:
    return (a[0] - b[0], a[1] - b[1])


def scale(h: Hex, k: int) -> Hex:
    return (h[0] * k, h[1] * k)


def neighbour(h: Hex, direction: int) -> Hex:
    """The neighbour of ``h`` in ``DIRECTIONS[direction % 6]``."""
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> list[Hex]:
    """The six neighbours of ``h``, in :data:`DIRECTIONS` order."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes: ``(|dq| + |dr| + |ds|) / 2``."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center``: ``[center]`` for 0, else
    ``6 * radius`` hexes, starting ``radius`` steps in direction 4 and walking round through
    directions 0 to 5. Raises ValueError for a negative radius."""
    if radius < 0:
        raise ValueError(f"a ring radius is 0 or more, got {radius}")
    if radius == 0:
        return [(center[0], center[1])]
    out = []
    h = add(center, scale(DIRECTIONS[4], radius))
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` steps of ``center``, ring by ring from the centre out
    (``1 + 3 * radius * (radius + 1)`` hexes)."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` steps of ``center``, row by row (cheaper than a spiral)."""
    cq, cr = center
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield (cq + dq, cr + dr)


# --- rounding ----------------------------------------------------------------------------------

def component(start: Hex, adjacent: Callable[[Hex], Iterable[Hex]], joins: Callable[[Hex], bool]) -> set[Hex]:
    """``start`` and every hex reached from it, step by step through ``adjacent`` hexes for
    which ``joins`` holds."""
    comp = {start}
    todo = [start]
    while todo:
        g = todo.pop()
        for n in adjacent(g):
            if n not in comp and joins(n):
                comp.add(n)
                todo.append(n)
    return comp


K = TypeVar("K")


def clusters(kind: Mapping[Hex, K], adjacent: Callable[[Hex], Iterable[Hex]] = neighbours
             ) -> Iterator[tuple[K, set[Hex]]]:
    """Every cluster of ``kind`` (hex -> kind): 2 or more hexes of one kind joined through
    ``adjacent`` hexes of that kind, as ``(kind, hexes)``, in the order of ``kind``'s first
    hex of each."""
    seen: set = set()
    for h, k in kind.items():
        if h in seen:
            continue
        def same_kind(n: Hex, k: K = k) -> bool:
            return n in kind and kind[n] == k

        comp = component(h, adjacent, same_kind)
        seen |= comp
        if len(comp) >= 2:
            yield k, comp


def _round_half_up(x: float) -> int:
    # floor(x + 0.5): the same rule on both sides of 0 (int() would truncate towards 0 and
    # Python's round() rounds halves to even)
    return math.floor(x + 0.5)


def cube_round(q: float, r: float, s: float | None = None) -> Hex:
    """The hex nearest to the fractional cube point ``(q, r, s)`` (``s`` defaults to
    ``-q - r``): round each coordinate, then fix the one that moved most so they sum to 0."""
    if s is None:
        s = -q - r
    rq, rr, rs = _round_half_up(q), _round_half_up(r), _round_half_up(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr)


def lerp(a: Hex, b: Hex, t: float) -> tuple[float, float]:
    """The fractional axial point ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both ends included
    (``distance + 1`` hexes). Points are nudged off hex edges so the choice is stable."""
    n = distance(a, b)
    if n == 0:
        return [(a[0], a[1])]
    eps = 1e-6
    aq, ar = a[0] + eps, a[1] + eps
    bq, br = b[0] + eps, b[1] + eps
    return [cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


# --- pixels ------------------------------------------------------------------------------------

def _check_orientation(orientation: str) -> None:
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation is 'pointy' or 'flat', got {orientation!r}")


def hex_to_pixel(h: Hex, size: float = 1.0, orientation: str = "pointy",
                 origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Centre of hex ``h`` in pixels (x right, y down). ``size``: centre-to-corner distance."""
    _check_orientation(orientation)
    q, r = h
    if orientation == "pointy":
        x = size * (_SQRT3 * q + _SQRT3 / 2 * r)
        y = size * 1.5 * r
    else:
        x = size * 1.5 * q
        y = size * (_SQRT3 / 2 * q + _SQRT3 * r)
    return (origin[0] + x, origin[1] + y)


def pixel_to_fractional(x: float, y: float, size: float = 1.0, orientation: str = "pointy",
                        origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """The fractional axial point under pixel ``(x, y)`` (inverse of :func:`hex_to_pixel`)."""
    _check_orientation(orientation)
    if size <= 0:
        raise ValueError(f"hex size must be positive, got {size}")
    px = (x - origin[0]) / size
    py = (y - origin[1]) / size
    if orientation == "pointy":
        return (_SQRT3 / 3 * px - py / 3, 2 / 3 * py)
    return (2 / 3 * px, -px / 3 + _SQRT3 / 3 * py)


def pixel_to_hex(x: float, y: float, size: float = 1.0, orientation: str = "pointy",
                 origin: tuple[float, float] = (0.0, 0.0)) -> Hex:
    """The hex containing pixel ``(x, y)``."""
    q, r = pixel_to_fractional(x, y, size, orientation, origin)
    return cube_round(q, r)


def hex_corners(h: Hex, size: float = 1.0, orientation: str = "pointy",
                origin: tuple[float, float] = (0.0, 0.0), first: float | None = None) -> list[tuple[float, float]]:
    """The six corners of hex ``h`` in pixels, clockwise on screen (y down), starting at the
    corner ``first`` degrees below the x axis: by default 30 (pointy) or 0 (flat), the corner
    right of the centre and below it. ``first`` must be a corner's angle (30 + 60k pointy, 60k
    flat), e.g. -30 to start at the upper right corner of a pointy hex (the playtest report's
    SVG maps, whose dashed outlines start there). Raises ValueError for another angle."""
    cx, cy = hex_to_pixel(h, size, orientation, origin)
    start = 30.0 if orientation == "pointy" else 0.0
    if first is not None:
        if (first - start) % 60.0:
            raise ValueError(f"a {orientation} hex has no corner at {first} degrees "
                             f"(its corners are at {start:g} + 60k degrees)")
        start = first
    out = []
    for i in range(6):
        a = math.radians(start + 60.0 * i)
        out.append((cx + size * math.cos(a), cy + size * math.sin(a)))
    return out


# --- offset coordinates (import/export only) -----------------------------------------------------

def _check_layout(layout: str) -> None:
    if layout not in OFFSET_LAYOUTS:
        raise ValueError(f"offset layout is one of {', '.join(OFFSET_LAYOUTS)}, got {layout!r}")


def axial_to_offset(h: Hex, layout: str) -> tuple[int, int]:
    """``(q, r)`` -> ``(col, row)`` in ``layout`` (odd-r, even-r, odd-q, even-q). Halves use
    floor division and ``& 1``, so negative rows and columns convert correctly."""
    _check_layout(layout)
    q, r = h
    if layout == "odd-r":
        return (q + (r - (r & 1)) // 2, r)
    if layout == "even-r":
        return (q + (r + (r & 1)) // 2, r)
    if layout == "odd-q":
        return (q, r + (q - (q & 1)) // 2)
    return (q, r + (q + (q & 1)) // 2)


def offset_to_axial(col: int, row: int, layout: str) -> Hex:
    """``(col, row)`` in ``layout`` -> ``(q, r)``; the inverse of :func:`axial_to_offset`."""
    _check_layout(layout)
    if layout == "odd-r":
        return (col - (row - (row & 1)) // 2, row)
    if layout == "even-r":
        return (col - (row + (row & 1)) // 2, row)
    if layout == "odd-q":
        return (col, row - (col - (col & 1)) // 2)
    return (col, row - (col + (col & 1)) // 2)


__all__ = [
    "Cube", "DIRECTIONS", "Hex", "OFFSET_LAYOUTS", "ORIENTATIONS", "add", "axial_to_cube",
    "axial_to_offset", "cube_round", "cube_to_axial", "distance", "hex_corners", "hex_to_pixel",
    "lerp", "line", "neighbour", "neighbours", "offset_to_axial", "pixel_to_fractional",
    "pixel_to_hex", "ring", "scale", "spiral", "subtract", "within",
]
