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


def test_the_unfair_board_has_the_treasure_the_text_describes():
    """The bundled Fragile Ruins 2p board's geometry and seats, with the treasure of the four
    segments docs/balance.md names (the bundled board had 2, 2, 2 and 1 there when it was made;
    the comparison is not made here, as the bundled boards are tuned from time to time)."""
    unfair = read_board(EXAMPLES / "fragile-ruins-2p-unfair.yaml")
    bundled = read_board(bundled_path("boards", "realm", "fragile-ruins-2p.yaml"))
    assert unfair.pegs.keys() == bundled.pegs.keys() and unfair.lines == bundled.lines
    assert unfair.id == "fragile-ruins-2p-unfair" and unfair.location == bundled.location == "fragile-ruins"
    assert {k: s.start for k, s in unfair.seats.items()} == {"south": ["h4", "h5", "h6"], "north": ["a7", "a6", "a5"]}
    treasure = {tuple(sorted(s.pegs)): s.treasure for s in unfair.segments}
    # next to North's start pegs (a5-a7): 3 each; next to South's (h4-h6): 1 and none
    assert [treasure.get(k, 0) for k in (("b5", "c5", "c6"), ("c5", "c6", "d5"), ("f5", "f6", "g6"),
                                         ("f5", "g5", "g6"))] == [3, 3, 1, 0]


def test_the_balance_examples_use_the_present_report_and_progress_wording():
    """Fresh-user trial: docs/balance.md's examples said `step 1:` beside the present
    `race 1 for edit 1:`. Every race line of its examples is in the report's present wording
    (studio.balance.cli), and the progress it shows is the search's (studio.balance.search)."""
    import re

    text = (Path(__file__).resolve().parents[1] / "docs" / "balance.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```\n(.*?)^```", text, flags=re.M | re.S)
    lines = [line for block in blocks for line in block.splitlines()]
    assert not [line for line in lines if re.match(r"\s+step \d+:", line)]
    races = [line for line in lines if re.match(r"\s+race \d+", line)]
    assert races and all(re.match(r"  race (\d+) for edit (\d+): \d+ valid edits? raced", line) for line in races)
    assert "studio balance: race 1 (edit 1 of at most 3): playing the current board" in text
