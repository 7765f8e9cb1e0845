"""Print-and-play card sheets: backs in duplex order (long- and short-edge flip, checked
against a plain 3-D reference of turning the paper over), bleed geometry (page size vs trim)
and cut marks that stay outside every bleed."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QLineF, QRectF  # noqa: E402

from studio.model.io import read  # noqa: E402
from studio.model.rivages import Card, CardSet  # noqa: E402
from studio.render.cards import (  # noqa: E402
    CARD_MM,
    MARK_GAP_MM,
    MARK_MM,
    PLAIN,
    PRINTER_EDGE_MM,
    TOKEN_MM,
    PrintOptions,
    back_rect,
    cut_marks,
    layout_card_sheets,
    sheet_items,
)
from studio.render.cli import main  # noqa: E402
from studio.render.export import ExportError  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RIV = ROOT / "boards" / "rivages"


@pytest.fixture(autouse=True)
def _app(qapp):
    return qapp


def turned_over(point: tuple[float, float], sheet: tuple[float, float], edge: str) -> tuple[float, float]:
    """Reference: where a point of the face lies on the back, by turning the sheet 180° in 3-D
    about its centre line parallel to the flip edge and reading the back upright."""
    w, h = sheet
    x, y, z = point[0] - w / 2, point[1] - h / 2, 0.0
    long_is_vertical = h >= w
    about_vertical = (edge == "long") == long_is_vertical
    # rotation by pi about the y axis (a vertical edge) or the x axis (a horizontal edge)
    c, s = math.cos(math.pi), math.sin(math.pi)
    if about_vertical:
        x, z = c * x + s * z, -s * x + c * z
    else:
        y, z = c * y - s * z, s * y + c * z
    return x + w / 2, y + h / 2


def _cards(n: int) -> CardSet:
    return CardSet("many", exploration=[Card(f"c{i}", (("any",),), 2) for i in range(n)])


@pytest.mark.parametrize("sheet", [(210.0, 297.0), (297.0, 210.0), (215.9, 279.4)])
@pytest.mark.parametrize("edge", ["long", "short"])
def test_back_rect_matches_turning_the_paper_over(sheet, edge):
    for rect in (QRectF(10, 20, 63, 88), QRectF(100.5, 3, 20, 40), QRectF(0, 0, 5, 5)):
        back = back_rect(rect, sheet, edge)
        corners = {turned_over((x, y), sheet, edge) for x in (rect.left(), rect.right())
                   for y in (rect.top(), rect.bottom())}
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        assert back.left() == pytest.approx(min(xs)) and back.right() == pytest.approx(max(xs))
        assert back.top() == pytest.approx(min(ys)) and back.bottom() == pytest.approx(max(ys))
        assert back_rect(back, sheet, edge) == rect   # turning twice is no turn


def test_long_edge_on_portrait_mirrors_columns_short_edge_mirrors_rows():
    items = sheet_items(_cards(5))
    for edge, expect in (("long", lambda r, c, rows, cols: (r, cols - 1 - c)),
                         ("short", lambda r, c, rows, cols: (rows - 1 - r, c))):
        layout = layout_card_sheets(items, "a4", PrintOptions(bleed_mm=0, backs=True, duplex=edge))
        face, back = layout.pages
        assert layout.sheet_mm == (210.0, 297.0) and (face.rows, face.cols) == (3, 3)
        assert (face.side, back.side, back.face_page) == ("face", "back", 0)
        cell = {(r, c): QRectF(face.grid.left() + c * CARD_MM[0], face.grid.top() + r * CARD_MM[1], *CARD_MM)
                for r in range(3) for c in range(3)}
        for f, b in zip(face.slots, back.slots):
            assert b.item is f.item
            assert b.rect == cell[expect(f.row, f.col, 3, 3)]
        # the first card (top left) has its back at the top right (long) or bottom left (short)
        assert back.slots[0].rect == cell[(0, 2) if edge == "long" else (2, 0)]


def test_landscape_sheets_swap_which_flip_mirrors_rows():
    layout = layout_card_sheets(sheet_items(_cards(3)), "a4", PrintOptions(duplex="long"))
    assert layout.sheet_mm == (297.0, 210.0)
    face, back = layout.pages
    for f, b in zip(face.slots, back.slots):     # the long edge of a landscape sheet is horizontal
        assert b.rect.left() == pytest.approx(f.rect.left())
        assert b.rect.top() == pytest.approx(210.0 - f.rect.bottom())


def test_every_face_sheet_is_followed_by_its_backs_and_tokens_too():
    items = sheet_items(read(RIV / "cards.yaml"), read(RIV / "loot.yaml"))
    layout = layout_card_sheets(items, "a4", PrintOptions())
    sides = [(p.kind, p.side) for p in layout.pages]
    assert sides[0::2] == [(k, "face") for k, _ in sides[0::2]]
    assert sides[1::2] == [(k, "back") for k, _ in sides[1::2]]
    assert [p.face_page for p in layout.pages[1::2]] == list(range(0, len(layout.pages), 2))
    assert [len(p.slots) for p in layout.pages[1::2]] == [len(p.slots) for p in layout.pages[0::2]]
    assert layout.summary() == ("41 cards (63 × 88 mm) and 25 tokens (⌀ 25 mm) on 14 A4 landscape pages "
                                "(3 mm bleed; backs for duplex, flip on the long edge)")


def test_bleed_grows_every_card_by_the_bleed_and_keeps_the_trim_true_size():
    for bleed in (3.0, 1.5):
        layout = layout_card_sheets(sheet_items(_cards(8)), "a4", PrintOptions(bleed_mm=bleed, backs=False))
        page = layout.pages[0]
        for slot in page.slots:
            assert (slot.rect.width(), slot.rect.height()) == CARD_MM
            assert slot.bleed == slot.rect.adjusted(-bleed, -bleed, bleed, bleed)
            assert page.grid.contains(slot.bleed)
        a, b = page.slots[0], page.slots[1]
        assert b.rect.left() - a.rect.right() == pytest.approx(2 * bleed)      # trims 2 bleeds apart
        assert b.bleed.left() == pytest.approx(a.bleed.right())                 # bleeds meet
    # 3 mm: a card is 69 × 94 mm; A4 holds 4 × 2 turned, 2 × 3 upright, so it turns
    layout = layout_card_sheets(sheet_items(_cards(8)), "a4", PrintOptions(backs=False))
    page = layout.pages[0]
    assert layout.sheet_mm == (297.0, 210.0) and (page.rows, page.cols) == (2, 4)
    assert (page.grid.width(), page.grid.height()) == (4 * 69.0, 2 * 94.0)
    edge = PRINTER_EDGE_MM + MARK_GAP_MM + MARK_MM
    assert page.grid.left() >= edge and 297.0 - page.grid.right() >= edge
    assert page.grid.top() >= edge and 210.0 - page.grid.bottom() >= edge
    assert layout.per_page == {"cards": 8, "tokens": 8 * 6}   # 31 mm discs 1 mm apart in 285 × 198 mm
    # Letter: 3 across the turned sheet, 2 down
    assert layout_card_sheets(sheet_items(_cards(8)), "letter", PrintOptions()).per_page["cards"] == 6


def test_no_bleed_keeps_cards_edge_to_edge_three_by_three():
    layout = layout_card_sheets(sheet_items(_cards(9)), "a4", PrintOptions(bleed_mm=0, backs=False))
    page = layout.pages[0]
    assert layout.sheet_mm == (210.0, 297.0) and (page.rows, page.cols) == (3, 3)
    assert all(s.bleed == s.rect for s in page.slots)
    assert page.trims_x == tuple(round(page.grid.left() + c * 63.0, 6) for c in range(4))


@pytest.mark.parametrize("options", [PrintOptions(), PrintOptions(bleed_mm=0), PrintOptions(bleed_mm=10, duplex="short"),
                                     PrintOptions(bleed_mm=2)])
def test_cut_marks_continue_every_trim_line_outside_every_bleed(options):
    layout = layout_card_sheets(sheet_items(_cards(11)), "a4", options)
    w, h = layout.sheet_mm
    for page in layout.pages:
        marks = cut_marks(page)
        assert marks
        for a, b in marks:
            line = QLineF(a, b)
            assert line.length() == pytest.approx(MARK_MM)
            for p in (a, b):
                assert 0 <= p.x() <= w and 0 <= p.y() <= h
            for slot in page.slots:
                box = slot.bleed.adjusted(-0.01, -0.01, 0.01, 0.01)
                hits = [box.contains(line.pointAt(t / 20)) for t in range(21)]
                assert not any(hits), f"mark {a}-{b} on the bleed of {slot.item.obj.id}"
            assert not page.grid.adjusted(0.01, 0.01, -0.01, -0.01).contains(line.center())
        xs = {round(a.x(), 6) for a, b in marks if a.x() == b.x()}
        ys = {round(a.y(), 6) for a, b in marks if a.y() == b.y()}
        for slot in page.slots:   # every trim edge has its marks
            assert {round(slot.rect.left(), 6), round(slot.rect.right(), 6)} <= xs
            assert {round(slot.rect.top(), 6), round(slot.rect.bottom(), 6)} <= ys


def test_tokens_bleed_stays_clear_of_the_next_token():
    layout = layout_card_sheets(sheet_items(None, read(RIV / "loot.yaml")), "a4", PrintOptions(backs=False))
    slots = layout.pages[0].slots
    assert all(s.rect.width() == TOKEN_MM and s.bleed.width() == TOKEN_MM + 6 for s in slots)
    assert slots[1].bleed.left() - slots[0].bleed.right() == pytest.approx(1.0)


def test_bad_options_are_refused_with_what_is_expected():
    with pytest.raises(ExportError, match="bleed must be 0 to 10 mm, got 12"):
        layout_card_sheets(sheet_items(_cards(1)), "a4", PrintOptions(bleed_mm=12))
    with pytest.raises(ExportError, match="duplex edge must be long or short, got 'sideways'"):
        layout_card_sheets(sheet_items(_cards(1)), "a4", PrintOptions(duplex="sideways"))
    assert PLAIN.backs is False and PLAIN.bleed_mm == 0


def test_render_flags_for_cards_and_their_refusals(tmp_path, capsys):
    out = tmp_path / "solo.pdf"
    assert main([str(RIV / "solo.yaml"), "-o", str(out), "--duplex", "short", "--bleed-mm", "2"]) == 0
    assert "(2 mm bleed; backs for duplex, flip on the short edge)" in capsys.readouterr().err
    assert main([str(RIV / "solo.yaml"), "-o", str(tmp_path / "x.pdf"), "--bleed-mm", "-1"]) == 2
    assert "studio render: bleed must be 0 to 10 mm, got -1" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()
    board = ROOT / "boards" / "realm" / "jungle-temples-2p.yaml"
    assert main([str(board), "-o", str(tmp_path / "b.pdf"), "--duplex", "long"]) == 2
    assert "--duplex applies to card sets and loot files only; this file is a board" in capsys.readouterr().err
