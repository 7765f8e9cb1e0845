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
