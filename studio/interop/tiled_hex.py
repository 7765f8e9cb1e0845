"""The hex grid of a Tiled hexagonal map, and how it meets the studio's axial coordinates.

Tiled stores a hexagonal map as a grid of staggered tiles ``(x, y)`` (its tile coordinates,
called ``(col, row)`` here): ``staggeraxis="y"`` staggers rows (pointy-top hexes),
``staggeraxis="x"`` columns (flat-top hexes), and ``staggerindex`` says whether the odd or the
even ones are shoved by half a hex. These are Red Blob's offset layouts
(:mod:`studio.geometry.hex`): y/odd is ``odd-r``, y/even ``even-r``, x/odd ``odd-q``, x/even
``even-q``. A studio island is drawn pointy (stagger axis y) or flat (stagger axis x) with
the same axial coordinates, so the axis follows the island's ``orientation`` and the index is
free.

Tile ``(col, row)`` holds axial hex ``offset_to_axial(col, row, layout) + origin``, where
``origin`` is the hex at tile ``(0, 0)`` (the map properties ``origin-q`` and ``origin-r``):
:func:`placement` picks the origin that puts an island's hexes in the smallest map.

Pixels (Tiled's, for objects) follow Tiled's hexagonal renderer: a tile's image box has its
top-left corner at :meth:`HexGrid.tile_position` (tile sizes rounded down to even, as Tiled
does), and its hex centre in the middle of that box."""

from __future__ import annotations

import math
from dataclasses import dataclass

from studio.geometry.hex import Hex, axial_to_offset, offset_to_axial

LAYOUTS: dict[tuple[str, str], str] = {("y", "odd"): "odd-r", ("y", "even"): "even-r",
                                       ("x", "odd"): "odd-q", ("x", "even"): "even-q"}
AXIS_OF_ORIENTATION = {"pointy": "y", "flat": "x"}
ORIENTATION_OF_AXIS = {"y": "pointy", "x": "flat"}
STAGGER_INDICES = ("odd", "even")
HEX_RADIUS_PX = 36
MAX_TILE_PX = 100_000
"""Centre-to-corner radius of an exported hex, in Tiled's pixels: pointy tiles are 62 x 72
with 36-pixel sides (flat ones 72 x 62), regular to within 0.6 %."""


@dataclass(frozen=True)
class HexGrid:
    """A Tiled hexagonal grid: tile size in pixels, the length of the hex side along the
    stagger axis (``hexsidelength``), the stagger axis (``x``/``y``) and index (``odd``/``even``)."""

    tilewidth: int
    tileheight: int
    hexsidelength: int
    staggeraxis: str
    staggerindex: str

    @classmethod
    def for_orientation(cls, orientation: str, staggerindex: str = "odd", radius: int = HEX_RADIUS_PX) -> "HexGrid":
        """The grid the studio writes for an island drawn ``orientation`` (``pointy``/``flat``).
        Raises ValueError for another orientation or stagger index."""
        if orientation not in AXIS_OF_ORIENTATION:
            raise ValueError(f"orientation is 'pointy' or 'flat', got {orientation!r}")
        if staggerindex not in STAGGER_INDICES:
            raise ValueError(f"stagger index is 'odd' or 'even', got {staggerindex!r}")
        across = 2 * round(math.sqrt(3) * radius / 2)  # flat side to flat side, made even
        if orientation == "pointy":
            return cls(across, 2 * radius, radius, "y", staggerindex)
        return cls(2 * radius, across, radius, "x", staggerindex)

    @property
    def layout(self) -> str:
        """Red Blob's offset layout of this grid (``odd-r``, ``even-r``, ``odd-q``, ``even-q``)."""
        return LAYOUTS[(self.staggeraxis, self.staggerindex)]

    @property
    def orientation(self) -> str:
        return ORIENTATION_OF_AXIS[self.staggeraxis]

    # Tiled's render parameters (tile sizes rounded down to even, as its renderer does)
    def _params(self) -> tuple[int, int, int, int]:
        w, h = self.tilewidth & ~1, self.tileheight & ~1
        side_x = self.hexsidelength if self.staggeraxis == "x" else 0
        side_y = self.hexsidelength if self.staggeraxis == "y" else 0
        column_width = (w - side_x) // 2 + side_x
        row_height = (h - side_y) // 2 + side_y
        return w, h, column_width, row_height

    def sound(self) -> bool:
        """Whether the sizes make a grid at all: tiles of 2 to :data:`MAX_TILE_PX` pixels, a hex side
        from 0 to less than the tile's size along the stagger axis (Tiled's renderer then has
        positive column widths and row heights)."""
        w, h, column_width, row_height = self._params()
        along = w if self.staggeraxis == "x" else h
        return (2 <= w <= MAX_TILE_PX and 2 <= h <= MAX_TILE_PX and 0 <= self.hexsidelength < along
                and column_width > 0 and row_height > 0)

    def staggered(self, col: int, row: int) -> bool:
        """Whether tile ``(col, row)`` is shoved by half a hex."""
        k = col if self.staggeraxis == "x" else row
        return bool((k & 1) ^ (self.staggerindex == "even"))

    def tile_position(self, col: int, row: int) -> tuple[float, float]:
        """Top-left corner of the image box of tile ``(col, row)``, in map pixels."""
        w, h, column_width, row_height = self._params()
        if self.staggeraxis == "x":
            y = row * (h + 0) + (row_height if self.staggered(col, row) else 0)
            return (float(col * column_width), float(y))
        x = col * w + (column_width if self.staggered(col, row) else 0)
        return (float(x), float(row * row_height))

    def tile_centre(self, col: int, row: int) -> tuple[float, float]:
        """Centre of the hex of tile ``(col, row)``, in map pixels."""
        w, h, _cw, _rh = self._params()
        x, y = self.tile_position(col, row)
        return (x + w / 2, y + h / 2)

    def tile_at(self, x: float, y: float) -> tuple[int, int]:
        """The tile whose hex centre is nearest to pixel ``(x, y)`` (the tile under the point)."""
        w, h, column_width, row_height = self._params()
        if self.staggeraxis == "x":
            c0 = math.floor((x - w / 2) / column_width + 0.5)
            r0 = math.floor((y - h / 2) / h + 0.5)
        else:
            r0 = math.floor((y - h / 2) / row_height + 0.5)
            c0 = math.floor((x - w / 2) / w + 0.5)
        best = None
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                c, r = c0 + dc, r0 + dr
                cx, cy = self.tile_centre(c, r)
                d = ((cx - x) ** 2 + (cy - y) ** 2, r, c)
                if best is None or d < best[0]:
                    best = (d, (c, r))
        assert best is not None  # nine tiles were compared
        return best[1]


def hex_at_tile(col: int, row: int, layout: str, origin: Hex = (0, 0)) -> Hex:
    """The axial hex of tile ``(col, row)``: ``offset_to_axial(col, row, layout) + origin``."""
    q, r = offset_to_axial(col, row, layout)
    return (q + origin[0], r + origin[1])


def tile_of_hex(h: Hex, layout: str, origin: Hex = (0, 0)) -> tuple[int, int]:
    """The tile ``(col, row)`` of axial hex ``h`` (inverse of :func:`hex_at_tile`)."""
    return axial_to_offset((h[0] - origin[0], h[1] - origin[1]), layout)


def placement(hexes, layout: str) -> tuple[Hex, int, int]:
    """``(origin, width, height)``: the hex at tile ``(0, 0)`` that puts every hex of
    ``hexes`` on a tile with both coordinates 0 or more, the first row and column used, and
    the map size in tiles. ``hexes`` must not be empty."""
    hexes = list(hexes)
    if not hexes:
        raise ValueError("no hexes to place")
    if layout.endswith("-r"):
        # rows are r itself; shifting q moves every column by the same amount
        r0 = min(h[1] for h in hexes)
        q0 = min(tile_of_hex(h, layout, (0, r0))[0] for h in hexes)
        origin = (q0, r0)
    else:
        q0 = min(h[0] for h in hexes)
        r0 = min(tile_of_hex(h, layout, (q0, 0))[1] for h in hexes)
        origin = (q0, r0)
    tiles = [tile_of_hex(h, layout, origin) for h in hexes]
    return origin, max(c for c, _ in tiles) + 1, max(r for _, r in tiles) + 1


__all__ = ["AXIS_OF_ORIENTATION", "HEX_RADIUS_PX", "HexGrid", "LAYOUTS", "ORIENTATION_OF_AXIS", "STAGGER_INDICES",
           "hex_at_tile", "placement", "tile_of_hex"]
