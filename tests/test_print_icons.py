"""Printed boards carry the rulebook's board symbols (location number, players, band shapes,
special rules, end condition) in the plate's top-left corner; printed islands carry their
goals as an icon strip, not words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402

from studio.model.io import read  # noqa: E402
from studio.model.locations import rules_for  # noqa: E402
from studio.render import export, style  # noqa: E402
from studio.render.board import plate_rect  # noqa: E402
from studio.render.iconography import ICON, board_icons, icon_strip_rect  # noqa: E402
from studio.render.island import (  # noqa: E402
    GOAL_ROW_MM,
    goal_box_width,
    goal_strip_height,
    layout_island,
    paint_goal_strip,
)

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "boards" / "realm").glob("*.yaml"))
ISLANDS = ROOT / "boards" / "rivages" / "islands"


@pytest.fixture(autouse=True)
def _app(qapp):
    return qapp


def _icons(name: str) -> list[tuple[str, str, str]]:
    return [(i.group, i.name, i.value) for i in board_icons(read(ROOT / "boards" / "realm" / name))]


@pytest.mark.rule("RTR-P9")   # "shown on the board"
def test_volcano_board_shows_its_number_players_bands_crater_escape_and_six_rounds():
    assert _icons("volcano-3p.yaml") == [
        ("location", "location", "2"), ("players", "players", "3"), ("band", "line", ""), ("band", "triangle", ""),
        ("band", "quad", ""), ("rule", "start-crater", ""), ("rule", "escape", "≥7"), ("end", "rounds", "6")]


def test_each_location_prints_its_own_rules_and_end():
    assert _icons("engraved-board-4p.yaml")[-1] == ("end", "pictures", "9")   # 9 pictures with 4 players
    assert _icons("engraved-board-2p.yaml")[-1] == ("end", "pictures", "5")
    lab = _icons("labyrinth-3p.yaml")
    assert [i for i in lab if i[0] == "band"] == [("band", "chain", "")]
    assert ("rule", "artifact-set", "+5") in lab and ("rule", "self-cross", "-5") in lab
    assert lab[-1] == ("end", "bands-exhausted", "0")
    cursed = _icons("cursed-triangle-2p.yaml")
    assert [i[1] for i in cursed if i[0] == "band"] == ["triangle", "quad"]     # no 2-peg bands
    assert ("rule", "personal-deck", "12") in cursed and ("rule", "territories", "+4") in cursed
    assert cursed[-1] == ("end", "score", "15")
    assert ("rule", "cross-board", "8/6") in _icons("jungle-temples-2p.yaml")
    arch = _icons("archipelago-city-3p.yaml")
    assert ("rule", "no-closures", "") in arch and ("rule", "canals", "") in arch
    assert ("band", "long-barrier", "") in _icons("fragile-ruins-2p.yaml")


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_every_bundled_board_icons_match_its_scenario_and_fit_above_the_pegs(path):
    board = read(path)
    scenario = rules_for(board).scenario
    icons = board_icons(board)
    assert icons[0].value == str(scenario.location) and icons[1].value == str(board.players)
    assert tuple(i.name for i in icons if i.group == "band") == tuple(scenario.rules.bands)
    assert icons[-1].group == "end"
    rect = icon_strip_rect(board, icons)
    plate = plate_rect(board)
    assert plate.contains(rect)
    top_peg = min(p.y for p in board.pegs.values())
    assert rect.bottom() <= top_peg - style.HALO_RADIUS      # clear of the start pegs' halos
    assert rect.height() == ICON


def test_a_board_on_the_base_rules_has_no_location_number():
    board = replace(read(ROOT / "boards" / "realm" / "jungle-temples-2p.yaml"), location="base", path=None)
    icons = board_icons(board)
    assert [i.group for i in icons][:2] == ["players", "band"]
    assert icons[-1].name == "score" and icons[-1].value == "18"


def _ink(image: QImage, rect_px: QRectF) -> int:
    n = 0
    for y in range(int(rect_px.top()), int(rect_px.bottom())):
        for x in range(int(rect_px.left()), int(rect_px.right())):
            c = QColor(image.pixel(x, y))
            n += c.lightness() < 200
    return n


def test_the_printed_sheet_carries_the_strip_and_no_icons_leaves_it_out(tmp_path):
    board = read(ROOT / "boards" / "realm" / "volcano-2p.yaml")
    dpi = 50.0
    counts = []
    for icons in (True, False):
        settings = export.ExportSettings(format="png", dpi=dpi, icons=icons)
        out = tmp_path / f"v{icons}.png"
        export.export_board(board, out, settings)
        layout = export.layout_sheets(board, settings)
        tile = layout.tiles[0]
        strip = icon_strip_rect(board, board_icons(board))
        px = dpi / 25.4
        to_px = lambda x, y: ((tile.target.left() + (x - tile.source.left()) * layout.spacing_mm) * px,  # noqa: E731
                              (tile.target.top() + (y - tile.source.top()) * layout.spacing_mm) * px)
        (x0, y0), (x1, y1) = to_px(strip.left(), strip.top()), to_px(strip.right(), strip.bottom())
        counts.append(_ink(QImage(str(out)), QRectF(x0 + 2, y0 + 2, x1 - x0 - 4, y1 - y0 - 4)))
    assert counts[0] > 40 and counts[1] == 0


def test_island_goal_strip_stacks_two_step_goals_and_draws_only_inside_its_rect():
    island = read(ISLANDS / "lantern-isle.yaml")
    assert max(len(g.steps) for _n, g in island.goals()) == 2
    assert goal_strip_height(island) == 2 * GOAL_ROW_MM + 2.0 + 4.0
    one_step = read(ISLANDS / "amber-shoals.yaml")
    assert goal_strip_height(one_step) == GOAL_ROW_MM + 4.0
    # the strip is the legend of the printed layout, not lines of words
    assert layout_island(one_step).legend_mm == goal_strip_height(one_step) + 6
    scale = 4.0   # px per mm
    image = QImage(int(200 * scale), int(60 * scale), QImage.Format_RGB32)
    image.fill(0xFFFFFFFF)
    p = QPainter(image)
    p.setRenderHint(QPainter.Antialiasing)
    p.scale(scale, scale)
    rect = QRectF(10, 10, 180, goal_strip_height(island))
    paint_goal_strip(p, rect, island)
    p.end()
    inside = QRectF(rect.left() * scale, rect.top() * scale, rect.width() * scale, rect.height() * scale)
    assert _ink(image, inside) > 500
    outside_top = QRectF(0, 0, image.width(), rect.top() * scale - 2)
    outside_bottom = QRectF(0, rect.bottom() * scale + 2, image.width(), image.height() - rect.bottom() * scale - 2)
    assert _ink(image, outside_top) == 0 and _ink(image, outside_bottom) == 0
    assert sum(goal_box_width(g) for _n, g in island.goals()) < 180


def test_every_bundled_island_prints_its_goals_on_one_a4_sheet(tmp_path):
    for path in sorted(ISLANDS.glob("*.yaml")):
        island = read(path)
        layout = layout_island(island, "a4")
        assert layout.count == 1, path.stem
        width = sum(goal_box_width(g) for _n, g in island.goals()) + 8.0
        assert width <= layout.sheet_mm[0] - 20, path.stem   # fits across without shrinking
