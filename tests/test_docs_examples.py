"""The example content of docs/examples (the worked examples of the docs): each file validates
without errors or warnings, and the unfair board of docs/balance.md differs from the bundled
board it was made from exactly as the text says."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content import bundled_path
from studio.model.io import read_board
from studio.validate import validate_paths

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_validates_without_errors_or_warnings(path):
    findings, files, unreadable = validate_paths([path])
    assert (files, unreadable) == (1, 0)
    assert [f.format() for f in findings if f.severity in ("error", "warning")] == []


def test_the_unfair_board_moves_two_treasure_from_souths_side_to_norths():
    unfair = read_board(EXAMPLES / "fragile-ruins-2p-unfair.yaml")
    bundled = read_board(bundled_path("boards", "realm", "fragile-ruins-2p.yaml"))
    assert unfair.pegs == bundled.pegs and unfair.lines == bundled.lines and unfair.seats == bundled.seats
    assert unfair.id == "fragile-ruins-2p-unfair" and unfair.location == bundled.location

    def treasure(board):
        return {s.key: s.treasure for s in board.segments if s.treasure}

    before, after = treasure(bundled), treasure(unfair)
    changed = {k: (before.get(k, 0), after.get(k, 0)) for k in set(before) | set(after)
               if before.get(k, 0) != after.get(k, 0)}
    assert sum(after.values()) == sum(before.values())
    # the two segments next to South's start pegs (h4-h6) lose 1 each, two next to North's (a5-a7) gain 1
    assert sorted((sorted(k), v) for k, v in changed.items()) == [
        (["b5", "c5", "c6"], (2, 3)), (["c5", "c6", "d5"], (2, 3)),
        (["f5", "f6", "g6"], (2, 1)), (["f5", "g5", "g6"], (1, 0))]
