"""The board renderer's fast paths against the plain drawing they replace: every line in one
``drawLines`` call against one ``paint_line`` call per line, and pegs stamped from a pre-drawn
image (large boards on small raster images, e.g. the New Board wizard's preview) against one
``paint_peg`` call per peg."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QImage  # noqa: E402

from studio.generate.templates import NewBoardSpec, build_board, default_seats  # noqa: E402
from studio.render import glyphs  # noqa: E402
from studio.render.board import render_image  # noqa: E402


@pytest.fixture(scope="module")
def big_board():
    spec = NewBoardSpec(players=2, seats=default_seats(2, "rectangle"), rows=32, columns=32)
    board = build_board(spec)
    assert len(board.pegs) >= glyphs.STAMP_MIN_PEGS
    return board


def _mean_difference(a: QImage, b: QImage) -> float:
    assert a.size() == b.size()
    a = a.convertToFormat(QImage.Format_RGBA8888)
    b = b.convertToFormat(QImage.Format_RGBA8888)
    da, db = bytes(a.constBits()), bytes(b.constBits())
    return sum(abs(x - y) for x, y in zip(da[::7], db[::7])) / len(da[::7])


def test_lines_in_one_call_draw_what_one_call_per_line_draws(big_board, monkeypatch, qapp):
    fast = render_image(big_board, 8)
    monkeypatch.setattr(glyphs, "paint_lines",
                        lambda p, lines: [glyphs.paint_line(p, ln.p1(), ln.p2()) for ln in lines])
    plain = render_image(big_board, 8)
    assert _mean_difference(fast, plain) < 0.5


def test_stamped_pegs_look_like_drawn_pegs(big_board, monkeypatch, qapp):
    stamped = render_image(big_board, 8)
    monkeypatch.setattr(glyphs, "STAMP_MIN_PEGS", 10**9)
    drawn = render_image(big_board, 8)
    assert _mean_difference(stamped, drawn) < 4.0   # sub-pixel placement only
    # pegs drawn large, and fewer pegs, are always drawn as vector shapes
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainter

    monkeypatch.undo()
    monkeypatch.setattr(glyphs, "_peg_stamp", lambda *a: pytest.fail("stamped"))
    image = QImage(40, 40, QImage.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    try:
        painter.scale(80, 80)
        glyphs.paint_pegs(painter, [(QPointF(0.2, 0.2), "red")] * glyphs.STAMP_MIN_PEGS)
        painter.resetTransform()
        painter.scale(8, 8)
        glyphs.paint_pegs(painter, [(QPointF(2, 2), "red")] * (glyphs.STAMP_MIN_PEGS - 1))
    finally:
        painter.end()
