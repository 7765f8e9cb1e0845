"""``BandPreviewer.bound`` against the previews it stands in for: never below the seat's
projected score after the band, and equal to it (the same float) when it says it is exact.
Checked on random positions of every bundled location and player count (24 cases) and on a
small board where every segment holds something, so bands close regions often (RTR-P4)."""

from __future__ import annotations

import math

import pytest

from studio.rules.realm import Place
from tests.rules.test_preview import SMALL, _small, positions_of, random_positions
from tests.rules.test_realm_conformance import CASES


def check_bounds(state) -> tuple[int, int, int]:
    """Every legal band's bound against its preview; (exact, bounded, unbounded) counts."""
    if state.is_terminal():
        return 0, 0, 0
    seat = state.seat
    previewer = state.previewer()
    counts = [0, 0, 0]
    for action in state.legal_actions():
        if not isinstance(action, Place):
            continue
        most, exact = previewer.bound(action)
        projected = previewer.preview(action).projected[seat]
        if math.isinf(most):
            assert not exact
            counts[2] += 1
        elif exact:
            assert projected == most and type(projected) is type(most), action
            counts[0] += 1
        else:
            assert projected <= most, action
            counts[1] += 1
    # no band it was not listed with, nor one paid otherwise, is bounded
    for action in state.legal_actions()[:1]:
        if isinstance(action, Place):
            assert math.isinf(previewer.bound(Place(action.pegs, action.payment, action.shape))[0])
    return tuple(counts)


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}p" for p, n in CASES])
def test_bounds_of_bundled_positions_hold(path, players):
    totals = [0, 0, 0]
    for state, _rng in random_positions(path, players, seed=23, games=1, every=3):
        for k, n in enumerate(check_bounds(state)):
            totals[k] += n
    assert sum(totals) >= 40
    if path.stem == "jungle-temples":  # only the base rules score its end: most bands are bounded
        assert totals[0] >= 40 and totals[1] >= 5


@pytest.mark.parametrize("name", ["cross-board", "volcano"])
def test_bounds_on_a_board_full_of_closures_hold(name):
    game = _small(2, **SMALL[name])
    totals = [0, 0, 0]
    for state, _rng in positions_of(game, 3, games=3, every=1):
        for k, n in enumerate(check_bounds(state)):
            totals[k] += n
    if name == "cross-board":
        assert totals[0] >= 50 and totals[1] >= 50
    else:  # the volcano's escape reads energy at the end: no bound
        assert totals[0] == totals[1] == 0 and totals[2] >= 50
