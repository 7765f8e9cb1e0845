"""``--treasure`` / ``--energy`` are constraints a generated board meets or is not offered
(trial: ``--treasure 300`` on the Jungle Temples 3p offered a board holding 81)."""

from __future__ import annotations

import pytest

from studio.generate.offer import GenerateError, generate
from studio.generate.realm import BoardSpec, amount_missed, amount_tolerance, design_board, totals


def test_the_tolerance_is_two_orbits_or_a_tenth():
    assert amount_tolerance(20, 3) == 6 and amount_tolerance(300, 3) == 30 and amount_tolerance(0, 2) == 4


@pytest.mark.parametrize("location, players, what, asked", [
    ("volcano", 4, "treasure", 120), ("cursed-triangle", 2, "energy", 40), ("two-deities", 2, "treasure", 70),
])
def test_a_total_the_design_can_hold_is_met(location, players, what, asked):
    board = design_board(BoardSpec(location, players, seed=0, **{what: asked}))
    assert abs(totals(board)[what] - asked) <= amount_tolerance(asked, players)


@pytest.mark.parametrize("location, players, asked, placed", [
    ("jungle-temples", 3, 300, 81),    # more than the layout holds
    ("fragile-ruins", 2, 0, 40),       # less than the design's fixed part (its excavation sites)
])
def test_a_total_far_from_what_was_asked_is_refused_saying_what_was_placed(location, players, asked, placed):
    spec = BoardSpec(location, players, seed=0, treasure=asked)
    with pytest.raises(GenerateError) as info:
        design_board(spec)
    assert str(info.value) == (f"asked for {asked} treasure, but the {location} design placed {placed} with seed 0 "
                               f"(more than {amount_tolerance(asked, players)} off): try a total nearer {placed}")
    # the check itself, on the board the design drew without it
    assert amount_missed(BoardSpec(location, players, seed=0), design_board(BoardSpec(location, players, seed=0))) is None


def test_a_run_that_cannot_meet_the_total_offers_nothing_and_says_why():
    out = generate(BoardSpec("jungle-temples", 3, seed=0, treasure=300), count=1, tries=2, games=4)
    assert out.offered == [] and [r.stage for r in out.rejected] == ["design", "design"]
    assert "asked for 300 treasure, but the jungle-temples design placed" in out.why_none()


def test_a_two_step_quest_is_never_dropped():
    """Trial: ``generate island --two-step --quest fort`` exited 0 with a one-step fort quest.
    A fort quest in two steps is refused; ``--two-step`` alone draws only pattern and spaces
    quests, each of two steps."""
    from studio.generate.islands import IslandSpec, design_island

    with pytest.raises(GenerateError, match="a fort quest has one step"):
        IslandSpec(seed=0, quest="fort", two_step=True).check()
    for seed in range(4):
        quest = design_island(IslandSpec(seed=seed, two_step=True)).quest
        assert len(quest.steps) == 2 and {s.kind for s in quest.steps} <= {"pattern", "spaces"}
