"""QPainter drawing of boards, shared by the editor's scene items and PNG export.

QtGui only (no widgets), so it runs offscreen and headless."""

from studio.render.board import (
    export_png,
    paint_background,
    paint_board,
    peg_point,
    plate_rect,
    render_image,
    scene_rect,
    seat_label_positions,
    start_seats,
)
from studio.render.style import RenderOptions

__all__ = [
    "RenderOptions", "export_png", "paint_background", "paint_board", "peg_point", "plate_rect",
    "render_image", "scene_rect", "seat_label_positions", "start_seats",
]
