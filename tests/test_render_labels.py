"""Name tags of pictures and islands on a printed board keep clear of the pegs (a real peg
stands on every peg spot: a tag under it could not be read), on every bundled board; and the
print paints them last, over everything else."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from studio.content import bundled_path  # noqa: E402
from studio.model import io  # noqa: E402
from studio.render import locations, style  # noqa: E402

BOARDS = sorted(bundled_path("boards", "realm").glob("*.yaml"))


def _under_pegs(board, region) -> list[str]:
    w, h = locations.label_size(region.text)
    x, y = region.label_at.x(), region.label_at.y()
    r = style.PEG_RADIUS
    return [p.id for p in board.pegs.values() if abs(p.x - x) < w / 2 + r and abs(p.y - y) < h / 2 + r]


@pytest.mark.parametrize("path", [p for p in BOARDS if any(k in p.name for k in ("engraved", "archipelago"))],
                         ids=lambda p: p.stem)
def test_region_name_tags_keep_clear_of_pegs(qapp, path):
    board = io.read_board(path)
    scene = locations.scenery(board)
    regions = scene.pictures + scene.islands
    assert regions
    assert {r.text: _under_pegs(board, r) for r in regions if _under_pegs(board, r)} == {}


@pytest.mark.parametrize("path", sorted(bundled_path("boards", "realm").glob("*.yaml")), ids=lambda p: p.stem)
def test_seat_labels_lie_inside_the_drawn_area(qapp, path):
    """The trial of issue 16: the Tiled board image of Archipelago City, 3 players clipped
    "North-west" and "North-east" at its edges. Every seat label lies inside what is drawn
    (the image, the page, the editor's scene), with a gap."""
    from studio.render.board import plate_rect, scene_rect, seat_label_positions
    from studio.render.glyphs import seat_label_rect

    board = io.read(path)
    rect = scene_rect(board)
    for _name, text, pos, _i in seat_label_positions(board):
        label = seat_label_rect(pos, text)
        assert rect.contains(label.adjusted(-0.1, -0.1, 0.1, 0.1)), (path.stem, text)
    m = style.RenderOptions().margin  # never smaller than the plate and its margin
    assert rect.contains(plate_rect(board).adjusted(-m, -m, m, m))
