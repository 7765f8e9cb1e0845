"""Paired / multi-seat moves (``paired_edits``): on boards of 3 or more seats, each on its own
side, the leading seat gives to every trailing seat at once, each share sized by how far that
seat trails; and a far-trailing seat takes from a less-trailing one."""

from __future__ import annotations

from collections import Counter

import pytest

from studio.balance.edits import (
    GRADED_PAIRS,
    PAIRED_LADDER,
    TRAILER_LADDER,
    Diagnosis,
    Edit,
    Locks,
    Regions,
    apply_edits,
    paired_edits,
    split_by_gap,
    valid_edits,
)
from studio.model.realm import Seat
from tests.balance.boards import lattice_board, setup_of

# seats 1 (West), 2 (North), 3 (East): North leads, West trails by 12 points, East by 3
DIAG = Diagnosis((-0.12, 0.15, -0.03))


def three_seats():
    """The 5-row lattice, 9 pegs wide, with three seats on their own sides: West and East at
    the bottom corners, North in the middle of the top row."""
    board = lattice_board(cols=9)
    board.seats = {"west": Seat("west", ["e1", "e2", "e3"], [], "West"),
                   "north": Seat("north", ["a4", "a5", "a6"], [], "North"),
                   "east": Seat("east", ["e7", "e8", "e9"], [], "East")}
    board.players = 3
    return board


def four_seats():
    """The lattice 11 pegs wide with four corner seats: 1 (SW), 2 (NW), 3 (NE), 4 (SE)."""
    board = lattice_board(cols=11)
    board.seats = {"sw": Seat("sw", ["e1", "e2"], [], "SW"), "nw": Seat("nw", ["a1", "a2"], [], "NW"),
                   "ne": Seat("ne", ["a10", "a11"], [], "NE"), "se": Seat("se", ["e10", "e11"], [], "SE")}
    board.players = 4
    return board


@pytest.fixture(scope="module")
def board():
    return three_seats()


def split(edit: Edit, regions: Regions):
    """(per source seat, per target seat) unit counts of a compound move."""
    gives, gets = Counter(), Counter()
    for (_a, src), (_b, dst) in edit.moves:
        gives[regions.owner(src.split("-"))] += 1
        gets[regions.owner(dst.split("-"))] += 1
    return gives, gets


def test_split_by_gap_gives_one_each_then_the_rest_by_gap():
    assert split_by_gap(5, [0.12, 0.03]) == [3, 2]     # 1 + 1, then 3 x (0.8, 0.2) = 2.4, 0.6 -> 2, 0 + 1 (remainders)
    assert split_by_gap(6, [0.12, 0.03]) == [4, 2]     # 1 + 1, then 4 x (0.8, 0.2) = 3.2, 0.8 -> 3, 0 + 1
    assert split_by_gap(2, [0.12, 0.03]) == [1, 1]
    assert split_by_gap(9, [0.03, 0.12]) == [2, 7]     # 1 + 1, then 7 x (0.2, 0.8) = 1.4, 5.6 -> 1, 5 + 1
    assert split_by_gap(1, [0.03, 0.12]) == [0, 1]     # too few for one each: the larger gap
    assert split_by_gap(4, [0.05, 0.05]) == [2, 2]
    assert split_by_gap(3, [0.05, 0.05, 0.05]) == [1, 1, 1]
    for total in range(12):
        counts = split_by_gap(total, [0.07, 0.2, 0.01])
        assert sum(counts) == total and counts[1] >= counts[0] >= counts[2]
    with pytest.raises(ValueError, match="gap above 0"):
        split_by_gap(3, [0.1, 0.0])


def test_the_leader_gives_to_both_trailers_each_by_its_gap(board):
    scenario = setup_of(board).scenario
    regions = Regions.of(board)
    edits = paired_edits(board, scenario, DIAG)
    sized = [e for e in edits if "graded" not in e.text and "both trail" not in e.text]
    treasure = [e for e in sized if e.kind == "treasure"]
    assert [len(e.moves) for e in treasure] == list(PAIRED_LADDER)
    assert [len(e.moves) for e in sized if e.kind == "energy"] == [k for k in PAIRED_LADDER[1:4:2]
                                                                    if k <= len(sized[-1].moves)]
    for e in sized:
        gives, gets = split(e, regions)
        k = len(e.moves)
        assert gives == Counter({1: k})                  # all from North's side
        west, east = split_by_gap(k, [0.12, 0.03])
        assert gets == Counter({0: west, 2: east})       # each trailer by its gap
        assert gets[0] >= gets[2] >= 1
        new, _rules = apply_edits(board, [e])
        for field_name in ("treasure", "energy"):
            assert (sum(getattr(s, field_name) for s in new.segments)
                    == sum(getattr(s, field_name) for s in board.segments))
        assert [_side(new, regions, seat, e.kind) - _side(board, regions, seat, e.kind)
                for seat in range(3)] == [west, -k, east]
    # a bigger move keeps the smaller one's units nearest North's start first
    assert treasure[1].moves[0] == treasure[0].moves[0]
    nearest = min(regions.distance(1, s.key) for s in board.segments if s.treasure and regions.margin(1, s.key) > 0)
    assert regions.distance(1, treasure[0].moves[0][0][1].split("-")) == nearest
    assert len(valid_edits(board, edits, scenario)) == len(edits)


def _side(board, regions, seat, field_name):
    return sum(getattr(s, field_name) for s in board.segments if regions.owner(s.key) == seat)


def test_graded_paired_moves_never_give_the_smaller_gap_the_stronger_unit(board):
    scenario = setup_of(board).scenario
    regions = Regions.of(board)
    graded = [e for e in paired_edits(board, scenario, DIAG) if "graded" in e.text]
    assert 4 <= len(graded) <= 2 * len(GRADED_PAIRS)
    # the same two North units in every move: its nearest to its start, then its farthest
    near = [e for e in graded if "nearest to its start" in e.text]
    far = [e for e in graded if "farthest from its start" in e.text]
    assert near and far and graded == near + far
    takes = [{src for (_a, src), _d in e.moves} for e in graded]
    assert all(t == takes[0] for t in takes[:len(near)]) and all(t == takes[-1] for t in takes[len(near):])
    north = sorted({regions.distance(1, s.key) for s in board.segments if s.treasure and regions.margin(1, s.key) > 0})
    assert [regions.distance(1, k.split("-")) for k in takes[0]] == [north[0]] * 2
    assert min(regions.distance(1, k.split("-")) for k in takes[-1]) > north[0]
    levels = {seat: sorted({regions.distance(seat, s) for s in _faces(board) if regions.margin(seat, s) > 0})
              for seat in (0, 2)}
    seen = []
    for e in graded:
        gives, gets = split(e, regions)
        assert gives == Counter({1: 2}) and gets == Counter({0: 1, 2: 1})
        west = next(dst for _s, (_b, dst) in e.moves if regions.owner(dst.split("-")) == 0)
        east = next(dst for _s, (_b, dst) in e.moves if regions.owner(dst.split("-")) == 2)
        i = levels[0].index(regions.distance(0, west.split("-")))
        j = levels[2].index(regions.distance(2, east.split("-")))
        assert j >= i
        seen.append((i, j))
    for part in (seen[:len(near)], seen[len(near):]):   # strongest first
        assert part == [p for p in GRADED_PAIRS if p in part] and part[0] == (0, 1)
    assert len(valid_edits(board, graded, scenario)) == len(graded)


def _faces(board):
    from studio.balance.edits import _faces as faces

    return faces(board)


def test_a_far_trailer_takes_from_the_near_one_only_when_it_trails_far_more(board):
    scenario = setup_of(board).scenario
    regions = Regions.of(board)
    between = [e for e in paired_edits(board, scenario, DIAG) if "both trail" in e.text]
    assert [len(e.moves) for e in between] == list(TRAILER_LADDER)
    for e in between:
        gives, gets = split(e, regions)
        assert gives == Counter({2: len(e.moves)}) and gets == Counter({0: len(e.moves)})   # East -> West
    assert len(valid_edits(board, between, scenario)) == len(between)
    # West 8 points behind, East 7: neither trails far more
    assert not [e for e in paired_edits(board, scenario, Diagnosis((-0.08, 0.15, -0.07))) if "both trail" in e.text]
    # the leader's unit moves do not need a far trailer
    assert paired_edits(board, scenario, Diagnosis((-0.08, 0.15, -0.07)))


def test_locks_hold_and_nothing_without_two_trailers_or_own_sides(board):
    scenario = setup_of(board).scenario
    edits = paired_edits(board, scenario, DIAG)
    assert all(e.kind == "energy" for e in paired_edits(board, scenario, DIAG, Locks(frozenset({"treasure"}))))
    touched = edits[0].touches[0]
    locked = paired_edits(board, scenario, DIAG, Locks(elements=frozenset({touched})))
    assert locked and all(touched not in e.touches for e in locked)
    assert len(locked) < len(edits)
    assert paired_edits(board, scenario, Diagnosis((-0.12, 0.12, 0.0))) == []      # one leader, one trailer
    assert paired_edits(board, scenario, Diagnosis((0.0, 0.0, 0.0))) == []
    two = lattice_board(cols=7)
    assert paired_edits(two, setup_of(two).scenario, Diagnosis((-0.15, 0.15))) == []
    shared = setup_of(board).scenario
    shared.rules.start = "anywhere"
    assert paired_edits(board, shared, DIAG) == []


def test_two_leaders_give_together_each_by_how_far_it_leads():
    board = four_seats()
    scenario = setup_of(board).scenario
    regions = Regions.of(board)
    assert regions.usable()
    # NE (seat 3) leads by 9, NW (seat 2) by 3; SW (seat 1) trails by 8, SE (seat 4) by 4
    diag = Diagnosis((-0.08, 0.03, 0.09, -0.04))
    edits = paired_edits(board, scenario, diag)
    both = [e for e in edits if " and " in e.text.split(" to the trailing")[0]]
    assert both
    for e in both:
        gives, gets = split(e, regions)
        k = len(e.moves)
        ne, nw = split_by_gap(k, [0.09, 0.03])
        sw, se = split_by_gap(k, [0.08, 0.04])
        assert gives == Counter({2: ne, 1: nw}) - Counter() and gets == Counter({0: sw, 3: se}) - Counter()
    alone = [e for e in edits if e not in both and "graded" not in e.text and "both trail" not in e.text]
    assert alone and all(split(e, regions)[0].keys() == {2} for e in alone)
    assert len(valid_edits(board, edits, scenario)) == len(edits)


def test_the_search_races_paired_moves_with_the_others(board):
    from studio.balance.search import _BoardProblem

    problem = _BoardProblem(setup_of(board), None, 4, False, None, seed=3)
    incumbent = problem.make(())
    pool, valid = problem.arms(incumbent, DIAG, set(), 0, 0)
    paired = paired_edits(board, problem.scenario, DIAG)
    assert paired and all(e in pool for e in paired)
    assert {e for e, _b in valid} >= set(paired)


def test_two_leaders_give_one_trailer_together(board):
    # West trails; North leads by 8 points, East by 4: both give, North twice as much
    scenario = setup_of(board).scenario
    regions = Regions.of(board)
    diag = Diagnosis((-0.12, 0.08, 0.04))
    edits = paired_edits(board, scenario, diag)
    sized = [e for e in edits if "graded" not in e.text]
    graded = [e for e in edits if "graded" in e.text]
    sizes = [len(e.moves) for e in sized if e.kind == "treasure"]
    assert len(sizes) >= 3 and sizes == list(PAIRED_LADDER[:len(sizes)])   # as far as the sides hold
    for e in sized:
        gives, gets = split(e, regions)
        k = len(e.moves)
        north, east = split_by_gap(k, [0.08, 0.04])
        assert gives == Counter({1: north, 2: east}) and gets == Counter({0: k})
        assert "seat 1 (West)'s side, by how far each leads" in e.text
    assert graded
    for e in graded:
        gives, gets = split(e, regions)
        assert gives == Counter({1: 1, 2: 1}) and gets == Counter({0: 2})
        (_a, first), (_b, second) = (dst for _s, dst in e.moves)
        assert regions.distance(0, first.split("-")) <= regions.distance(0, second.split("-"))
    assert len(valid_edits(board, edits, scenario)) == len(edits)
