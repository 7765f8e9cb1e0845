"""Images written beside a Tiled map: the tileset of an island exported to Tiled, one hex tile
per space kind (and the fort), drawn with the island painter the editor and the print use, so
a map looks in Tiled as the island does in the studio; and a board drawn as the editor draws
it, the reference layer of a board exported to Tiled.

Each tile fills a ``tilewidth`` x ``tileheight`` box (Tiled's pixels) with its hex touching
the box's sides: pointy tops for a grid staggered along y, flat tops along x. QtGui only."""

from __future__ import annotations

import math

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, Qt
from PySide6.QtGui import QImage, QPainter

from studio.model.rivages import Goal, Island, Space, Terrain
from studio.render.island import IslandOptions, paint_island
from studio.render.rivages_glyphs import Palette

FORT = "fort"
_OPTIONS = IslandOptions(areas=False, goals=False, coordinates=False, sea=False)


def tileset_image(tiles, grid, columns: int, terrains: list[Terrain]) -> QImage:
    """The tileset sheet: ``tiles`` is a list of ``(kind, icon)`` (``icon`` an
    :class:`~studio.model.rivages.Effect` or None), laid out ``columns`` a row; ``grid`` has
    ``tilewidth``, ``tileheight`` and ``staggeraxis``; ``terrains`` give the colours."""
    w, h = grid.tilewidth, grid.tileheight
    rows = max(1, math.ceil(len(tiles) / columns))
    image = QImage(columns * w, rows * h, QImage.Format_ARGB32)
    image.fill(Qt.transparent)
    flat = grid.staggeraxis == "x"
    palette = Palette.of(terrains)
    p = QPainter(image)
    try:
        p.setRenderHint(QPainter.Antialiasing, True)
        p.setRenderHint(QPainter.TextAntialiasing, True)
        for i, (kind, icon) in enumerate(tiles):
            x, y = (i % columns) * w, (i // columns) * h
            p.save()
            p.translate(QPointF(x + w / 2, y + h / 2))
            # one hex of centre-to-corner radius 1 fills the box (Tiled's tiles are near-regular)
            p.scale(w / 2, h / math.sqrt(3)) if flat else p.scale(w / math.sqrt(3), h / 2)
            orientation = "flat" if flat else "pointy"
            if kind == FORT:
                island = Island("tile", [], Goal([]), [], forts=[(0, 0)], orientation=orientation)
            else:
                island = Island("tile", [Space((0, 0), kind, icon)], Goal([]), [], orientation=orientation)
            paint_island(p, island, palette, _OPTIONS)
            p.restore()
    finally:
        p.end()
    return image


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError("could not encode the tileset image as PNG")
    buffer.close()
    return bytes(data)


def tileset_png(tiles, grid, columns: int, terrains: list[Terrain]) -> bytes:
    """:func:`tileset_image` as PNG bytes. Raises OSError if it cannot be encoded."""
    return _png(tileset_image(tiles, grid, columns, terrains))


def board_png(board, pixels_per_unit: float) -> tuple[bytes, tuple[float, float, float, float]]:
    """A Rule the Realm board drawn as the editor draws it, as PNG bytes, and the board-unit
    rectangle ``(x, y, width, height)`` the image covers. Raises OSError if it cannot be
    encoded."""
    from studio.render.board import render_image, scene_rect

    rect = scene_rect(board)
    return _png(render_image(board, pixels_per_unit)), (rect.x(), rect.y(), rect.width(), rect.height())


__all__ = ["board_png", "tileset_image", "tileset_png"]
