"""Every element a board can carry is drawn on an exported sheet, where it is.

Each check paints a sheet through the export path (:func:`studio.render.export.paint_sheet`,
the painter `studio render` and the Export dialog use) twice: the board as it is, and the
board without one kind of element. The pixels around each element of that kind must differ,
so a kind that the export forgets to draw fails here (as islands, bridges, Labyrinth items
and the crater once did)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402

from studio.model import io  # noqa: E402
from studio.model.realm import Board, Bridge, LineItem  # noqa: E402
from studio.render import export, locations, style  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "boards" / "realm").glob("*.yaml"))
DPI = 60.0
SETTINGS = export.ExportSettings(format="png", paper="board", dpi=DPI)


@pytest.fixture(autouse=True)
def _app(qapp):
    return qapp


class Sheet:
    """A board painted on one board-sized sheet, with board -> pixel mapping."""

    def __init__(self, board: Board, settings: export.ExportSettings = SETTINGS) -> None:
        self.layout = export.layout_sheets(board, settings)
        assert self.layout.pages == 1
        self.width, self.height = export.sheet_pixels(self.layout, settings.dpi)
        self.image = QImage(self.width, self.height, QImage.Format_ARGB32_Premultiplied)
        self.image.fill(Qt.white)
        painter = QPainter(self.image)
        try:
            painter.scale(self.width / self.layout.sheet_mm[0], self.height / self.layout.sheet_mm[1])
            export.paint_sheet(painter, board, self.layout, 0, settings)
        finally:
            painter.end()

    def px(self, point: QPointF) -> tuple[float, float]:
        tile = self.layout.tiles[0]
        s = self.layout.spacing_mm
        x_mm = tile.target.left() + (point.x() - tile.source.left()) * s
        y_mm = tile.target.top() + (point.y() - tile.source.top()) * s
        return x_mm * self.width / self.layout.sheet_mm[0], y_mm * self.height / self.layout.sheet_mm[1]

    def differing(self, other: Sheet, point: QPointF, radius: float = 0.12, tol: int = 40) -> int:
        """Pixels within ``radius`` board units of ``point`` whose colour differs by more
        than ``tol`` in some channel."""
        cx, cy = self.px(point)
        r = radius * self.layout.spacing_mm * self.width / self.layout.sheet_mm[0]
        count = 0
        for y in range(max(0, int(cy - r)), min(self.height, int(cy + r) + 1)):
            for x in range(max(0, int(cx - r)), min(self.width, int(cx + r) + 1)):
                a, b = self.image.pixelColor(x, y), other.image.pixelColor(x, y)
                if max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) > tol:
                    count += 1
        return count


def _at(board: Board, pid: str) -> QPointF:
    return QPointF(board.pegs[pid].x, board.pegs[pid].y)


def _mid(board: Board, line) -> QPointF:
    return (_at(board, line[0]) + _at(board, line[1])) / 2


def _centroid(board: Board, pegs) -> QPointF:
    pts = [_at(board, p) for p in pegs]
    return QPointF(sum(p.x() for p in pts) / len(pts), sum(p.y() for p in pts) / len(pts))


def _energy_at(board: Board, line) -> QPointF:
    a, b = _at(board, line[0]), _at(board, line[1])
    d = b - a
    length = (d.x() ** 2 + d.y() ** 2) ** 0.5
    return (a + b) / 2 + QPointF(-d.y(), d.x()) / length * 0.2


def _ring_at(board: Board, pid: str, radius: float) -> QPointF:
    # a point on a ring drawn around the peg (the peg itself is drawn either way)
    return _at(board, pid) + QPointF(radius, 0)


def _along_outline(path) -> QPointF:
    # a third of the way along the outline's first side: off the pegs at its corners
    a, b = path.elementAt(0), path.elementAt(1)
    return QPointF(a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3)


def _without_artifact(kind: str) -> Callable[[Board], Board]:
    def strip(board: Board) -> Board:
        return dataclasses.replace(board, line_items=[i for i in board.line_items if i.artifact != kind])
    return strip


# kind -> (has it?, the board without it, where each one is drawn)
KINDS: dict[str, tuple[Callable, Callable, Callable]] = {
    "island": (
        lambda b: b.islands,
        lambda b: dataclasses.replace(b, islands={}),
        lambda b: [r.label_at for r in locations.island_regions(b)],
    ),
    "island-sand": (
        lambda b: b.islands,
        lambda b: dataclasses.replace(b, islands={}),
        # a corner of each island's first triangle, away from its glyphs and name tag
        lambda b: [_centroid(b, tris[0]) * 0.6 + _at(b, tris[0][0]) * 0.4 for tris in b.islands.values()],
    ),
    "bridge": (
        lambda b: b.bridges,
        lambda b: dataclasses.replace(b, bridges=[]),
        lambda b: [_mid(b, br.line) for br in b.bridges],
    ),
    "bridge-energy": (
        lambda b: any(br.energy for br in b.bridges),
        lambda b: dataclasses.replace(b, bridges=[Bridge(br.line, 0) for br in b.bridges]),
        lambda b: [_energy_at(b, br.line) for br in b.bridges if br.energy],
    ),
    "line-treasure": (
        lambda b: any(i.treasure and not i.artifact for i in b.line_items),
        lambda b: dataclasses.replace(b, line_items=[i for i in b.line_items if i.artifact]),
        lambda b: [_mid(b, i.line) for i in b.line_items if i.treasure and not i.artifact],
    ),
    **{
        f"line-{kind}": (
            (lambda kind: lambda b: any(i.artifact == kind for i in b.line_items))(kind),
            _without_artifact(kind),
            (lambda kind: lambda b: [_mid(b, i.line) for i in b.line_items if i.artifact == kind])(kind),
        )
        for kind in ("sword", "helmet", "shield")
    },
    "crater": (
        lambda b: len(b.crater) >= 3,
        lambda b: dataclasses.replace(b, crater=[]),
        lambda b: [locations.crater_polygon(b, locations.board_faces(b)).boundingRect().center()],
    ),
    "crater-ring": (
        lambda b: b.crater,
        lambda b: dataclasses.replace(b, crater=[]),
        lambda b: [_ring_at(b, pid, style.HALO_RADIUS) for pid in b.crater],
    ),
    "picture": (
        lambda b: any(s.picture for s in b.segments),
        lambda b: dataclasses.replace(b, pictures={}, segments=[dataclasses.replace(s, picture=None)
                                                                for s in b.segments]),
        lambda b: [r.label_at for r in locations.picture_regions(b)],
    ),
    "picture-outline": (
        lambda b: any(s.picture for s in b.segments),
        lambda b: dataclasses.replace(b, pictures={}, segments=[dataclasses.replace(s, picture=None)
                                                                for s in b.segments]),
        lambda b: [_along_outline(r.path) for r in locations.picture_regions(b)],
    ),
    "idol": (
        lambda b: any(s.idol for s in b.segments),
        lambda b: dataclasses.replace(b, segments=[dataclasses.replace(s, idol=None) for s in b.segments]),
        lambda b: [_centroid(b, s.pegs) for s in b.segments if s.idol],
    ),
    "segment-treasure": (
        lambda b: any(s.treasure for s in b.segments),
        lambda b: dataclasses.replace(b, segments=[dataclasses.replace(s, treasure=0) for s in b.segments]),
        lambda b: [_centroid(b, s.pegs) for s in b.segments if s.treasure],
    ),
    "goal": (
        lambda b: any(seat.goal for seat in b.seats.values()),
        lambda b: dataclasses.replace(b, seats={n: dataclasses.replace(s, goal=[]) for n, s in b.seats.items()}),
        lambda b: [_ring_at(b, pid, style.HALO_RADIUS * 0.92) for s in b.seats.values() for pid in s.goal],
    ),
    "start": (
        lambda b: any(seat.start for seat in b.seats.values()),
        lambda b: dataclasses.replace(b, seats={n: dataclasses.replace(s, start=[]) for n, s in b.seats.items()}),
        lambda b: [_ring_at(b, pid, style.HALO_RADIUS) for s in b.seats.values() for pid in s.start
                   if pid not in b.crater],
    ),
}


def _missing(board: Board, kind: str) -> list[str]:
    _has, strip, where = KINDS[kind]
    full, bare = Sheet(board), Sheet(strip(board))
    tol = 12 if kind == "island-sand" else 40  # pale sand against pale water
    return [f"({p.x():.2f}, {p.y():.2f})" for p in where(board) if full.differing(bare, p, tol=tol) < 4]


def test_every_kind_is_on_some_bundled_board():
    """The per-board test below would prove nothing for a kind no board carries."""
    boards = [io.read_board(path) for path in BOARDS]
    assert len(boards) == 24
    for kind, (has, _strip, _where) in KINDS.items():
        assert any(has(b) for b in boards), kind


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_each_bundled_board_exports_all_its_elements(path):
    board = io.read_board(path)
    kinds = [kind for kind, (has, _s, _w) in KINDS.items() if has(board)]
    assert kinds
    missing = {kind: where for kind in kinds if (where := _missing(board, kind))}
    assert not missing, f"{path.name}: not drawn: {missing}"


def test_artifacts_are_told_apart():
    """A sword, a helmet and a shield on the same line do not look alike (nor like a plain
    treasure token)."""
    board = io.read_board(ROOT / "boards" / "realm" / "labyrinth-2p.yaml")
    line = board.line_items[0].line
    sheets = {kind: Sheet(dataclasses.replace(board, line_items=[LineItem(line, 0, kind)]))
              for kind in ("sword", "helmet", "shield")}
    sheets["treasure"] = Sheet(dataclasses.replace(board, line_items=[LineItem(line, 1, None)]))
    at = _mid(board, line)
    kinds = list(sheets)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert sheets[a].differing(sheets[b], at, 0.1) >= 10, (a, b)


def test_a_tiled_export_draws_the_elements_on_their_sheet(tmp_path):
    """At 60 mm spacing the Archipelago board spans several sheets; a bridge is drawn on the
    sheet whose tile holds it, with the outlines of islands computed from the whole board."""
    board = io.read_board(ROOT / "boards" / "realm" / "archipelago-city-3p.yaml")
    settings = dataclasses.replace(SETTINGS, paper="a4", spacing_mm=60.0)
    layout = export.layout_sheets(board, settings)
    assert layout.pages > 1
    bare = dataclasses.replace(board, bridges=[], islands={})
    pw, ph = export.sheet_pixels(layout, DPI)

    def sheets(b: Board) -> list[QImage]:
        out = []
        for i in range(layout.pages):
            image = QImage(pw, ph, QImage.Format_ARGB32_Premultiplied)
            image.fill(Qt.white)
            painter = QPainter(image)
            painter.scale(pw / layout.sheet_mm[0], ph / layout.sheet_mm[1])
            export.paint_sheet(painter, b, layout, i, settings)
            painter.end()
            out.append(image)
        return out

    full, without = sheets(board), sheets(bare)
    for bridge in board.bridges:
        mid = _mid(board, bridge.line)
        index = next(i for i, t in enumerate(layout.tiles) if t.source.contains(mid))
        tile = layout.tiles[index]
        x = (tile.target.left() + (mid.x() - tile.source.left()) * 60.0) * pw / layout.sheet_mm[0]
        y = (tile.target.top() + (mid.y() - tile.source.top()) * 60.0) * ph / layout.sheet_mm[1]
        changed = sum(full[index].pixelColor(int(x) + dx, int(y) + dy) != without[index].pixelColor(int(x) + dx, int(y) + dy)
                      for dx in range(-6, 7) for dy in range(-6, 7))
        assert changed >= 20, bridge
