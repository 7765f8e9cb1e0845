"""Reference bots (``--reference-bots``): the search aims its own bots where stronger ones land
near fair share too, and checks its proposals with them on seeds of their own."""

from __future__ import annotations

import json

import pytest

from studio.balance.edits import Locks
from studio.balance.objective import GameRecord, Objective, Score, aim_between
from studio.balance.search import REFERENCE_CHECK, REFERENCE_OFFSET, VERIFY_OFFSET, Reference, _diagnose, balance
from tests.balance.boards import lattice_board, setup_of

LOCKS = Locks(frozenset({"energy", "starts", "colours"}))


def _score(rates, means, fair=0.5, games=10**9) -> Score:
    return Score(0.0, {}, games, tuple(rates), fair, tuple(means))


def test_aim_splits_the_difference_between_the_two_kinds_of_bot():
    greedy = _score((0.40, 0.60), (10.0, 12.0))
    mcts = _score((0.30, 0.70), (9.0, 13.0))
    rates, scores = aim_between(greedy, mcts, 0.5)
    # greedy wins seat 1 10 points more than MCTS: aim greedy 5 above fair there, MCTS lands 5 below
    assert rates == pytest.approx((0.05, -0.05))
    # mean-score offsets as shares of each batch's mean: greedy (-1, +1)/11, MCTS (-2, +2)/11
    assert scores == pytest.approx((0.5 * (1 / 11), -0.5 * (1 / 11)))
    assert aim_between(greedy, mcts, 0.0) == ((0.0, 0.0), (0.0, 0.0))
    assert aim_between(greedy, mcts, 1.0)[0] == pytest.approx((0.10, -0.10))
    with pytest.raises(ValueError, match="0 to 1"):
        aim_between(greedy, mcts, 1.5)
    with pytest.raises(ValueError, match="seats"):
        aim_between(greedy, _score((0.3, 0.3, 0.4), (1, 1, 1), 1 / 3), 0.5)


def test_a_difference_within_the_noise_aims_nowhere_and_a_clear_one_almost_fully():
    # 10 points apart on 100 games each: d**2 = 0.01, v = (0.4 x 0.6 + 0.3 x 0.7) / 100 = 0.0045,
    # so the aim keeps 1 - 0.45 = 55% of the half-difference
    greedy = _score((0.40, 0.60), (10.0, 12.0), games=100)
    mcts = _score((0.30, 0.70), (9.0, 13.0), games=100)
    rates, scores = aim_between(greedy, mcts, 0.5)
    assert rates == pytest.approx((0.05 * 0.55, -0.05 * 0.55))
    assert scores == pytest.approx((0.5 * 0.55 / 11, -0.5 * 0.55 / 11))
    # 3 points apart on 100 games: within the noise, no aim
    assert aim_between(_score((0.47, 0.53), (10, 10), games=100), _score((0.50, 0.50), (10, 10), games=100),
                       0.5) == ((0.0, 0.0), (0.0, 0.0))
    # synthetic batches with a known difference: the aim from 2,000 games of each lands within the noise of it
    import random

    rng = random.Random(5)
    for true_d in (0.0, 0.08):
        g = 2000
        a = sum(rng.random() < 0.5 + true_d / 2 for _ in range(g)) / g
        b = sum(rng.random() < 0.5 - true_d / 2 for _ in range(g)) / g
        aim = aim_between(_score((a, 1 - a), (1, 1), games=g), _score((b, 1 - b), (1, 1), games=g), 1.0)[0][0]
        assert abs(aim - true_d) < 0.045


def _records(wins_seat1: int, games: int, scores=(10, 10)) -> list[GameRecord]:
    return [GameRecord(i, (1.0, 0.0) if i < wins_seat1 else (0.0, 1.0), scores, False, False, False, 0)
            for i in range(games)]


def test_an_objective_with_an_aim_is_zero_where_its_bots_land_on_the_aim():
    recs = _records(55, 100)                        # seat 1 wins 55%: 5 above fair
    plain = Objective({"fair": 1.0})
    aimed = Objective({"fair": 1.0}, aim_rates=(0.05, -0.05))
    assert plain.score(recs).parts["fair"] == pytest.approx(0.05)
    assert aimed.score(recs).parts["fair"] == pytest.approx(0.0)
    assert aimed.score(_records(50, 100)).parts["fair"] == pytest.approx(0.05)   # fair share misses the aim
    # the diagnosis aims the edits from the aim too: on the aim, no seat is ahead
    assert _diagnose(recs, aimed).strength == pytest.approx((0.0, 0.0))
    assert _diagnose(recs, plain).strength[0] > 0


def _run(reference, **kw):
    board = lattice_board(cols=6, south_empty=3)
    return balance(setup_of(board), budget=40, seed=1, steps=2, candidates=4, verify_games=20, top=1, locks=LOCKS,
                   reference=reference, **kw)


def test_share_zero_searches_exactly_as_without_reference_bots():
    with_ref = _run(Reference("random", 6, 0.0))
    without = _run(None)
    assert [p.describe() for p in with_ref.proposals] == [p.describe() for p in without.proposals]
    assert [p.verified.to_dict() for p in with_ref.proposals] == [p.verified.to_dict() for p in without.proposals]
    assert without.calibrations == [] and all(p.reference is None for p in without.proposals)


def test_calibrates_the_original_and_checks_each_proposal_on_seeds_of_its_own():
    from studio.playtest.runner import game_seed

    result = _run(Reference("random", 12, 0.5))
    first = result.calibrations[0]
    assert first["edits"] == [] and first["reference"].games == 12
    assert first["aim_rates"] == pytest.approx(aim_between(first["search"], first["reference"], 0.5)[0])
    assert result.proposals
    for p in result.proposals:
        assert p.reference is not None and p.reference.games == 12
        assert p.reference.before.fair_share == pytest.approx(0.5)
    # every calibration after the first is on a board the search climbed onto
    for cal in result.calibrations[1:]:
        assert cal["edits"]
    # the reference seeds are apart from the search's and the verification's
    search = {game_seed(1, i) for i in range(40)}
    verify = {game_seed(1, VERIFY_OFFSET + i) for i in range(20)}
    calib = {game_seed(1, REFERENCE_OFFSET + i) for i in range(12)}
    check = {game_seed(1, REFERENCE_OFFSET + REFERENCE_CHECK + i) for i in range(12)}
    assert not (search | verify) & (calib | check) and not calib & check
    # the same seed, the same run
    again = _run(Reference("random", 12, 0.5))
    assert [p.reference.to_dict() for p in again.proposals] == [p.reference.to_dict() for p in result.proposals]


def test_progress_counts_the_reference_games_in_its_total():
    """The checks' games, the reference bots' among them, are in the total once the search is
    over (the bar in Suggest fixes and the CLI's line never run past it), and the last report is
    every game played."""
    seen = []
    result = _run(Reference("random", 12, 0.5), progress=seen.append)
    assert result.proposals and result.proposals[0].reference is not None
    assert all(p.done <= p.total for p in seen), [(p.done, p.total) for p in seen if p.done > p.total][:3]
    assert seen[-1].done == seen[-1].total == result.games
    assert seen[-1].stage.startswith("reference bots: proposal")


def test_bad_reference_settings_are_refused():
    with pytest.raises(ValueError, match="share is 0 to 1"):
        _run(Reference("random", 6, 2.0))
    with pytest.raises(ValueError):
        _run(Reference("nobody", 6, 0.5))


def test_cli_prints_the_calibration_and_the_reference_check_and_saves_them(tmp_path, capsys):
    from studio.cli import main
    from studio.model import io
    from studio.validate import validate

    board = lattice_board(cols=6, south_empty=3)
    board.location = "lattice"
    (tmp_path / "boards").mkdir()
    (tmp_path / "scenarios").mkdir()
    io.write(board, tmp_path / "boards" / "lattice-2p.yaml", origin=None)
    (tmp_path / "scenarios" / "lattice.yaml").write_text(
        "format: realm-scenario/1\nid: lattice\nname: Lattice\nboards:\n  2: ../boards/lattice-2p.yaml\n"
        "rules:\n  bands: [line, triangle, quad]\n  end: {score: 8}\n", encoding="utf-8")
    out = tmp_path / "out"
    status = main(["balance", str(tmp_path / "scenarios" / "lattice.yaml"), "-p", "2", "--budget-games", "30",
                   "--steps", "1", "--candidates", "3", "--verify-games", "10", "--top", "1", "--seed", "1",
                   "--lock", "starts,colours", "--reference-bots", "random", "--reference-games", "8", "-o", str(out)])
    text = capsys.readouterr().out
    assert status == 0
    assert "reference bots (random) on the board as it is, 8 games" in text
    assert "with the reference bots (random) on 8 fresh games" in text
    summary = json.loads((out / "balance.json").read_text())
    assert summary["reference"]["bots"] == "random" and summary["reference"]["games"] == 8
    assert summary["reference"]["calibrations"][0]["edits"] == []
    assert summary["proposals"][0]["reference"]["games"] == 8
    assert validate(str(out / "balance.json")) == []

    scenario = str(tmp_path / "scenarios" / "lattice.yaml")
    assert main(["balance", scenario, "--reference-share", "2"]) == 2
    assert main(["balance", scenario, "--reference-bots", "nobody"]) == 2
    assert main(["balance", "rivages", "--reference-bots", "mcts"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0] == "studio balance: --reference-share must be a number from 0 to 1, got 2.0"
    assert err[1].startswith("studio balance: --reference-bots: ")
    assert err[2] == ("studio balance: --reference-bots: only Rule the Realm boards are searched with reference bots "
                      "so far")


def test_the_first_total_plans_a_calibration_for_every_board_the_search_may_climb_onto():
    """Fresh-user trial: the total counted the calibration of the original only, so the first
    ETAs left out the reference games on every board climbed onto later (about 40% short on a
    3-step search). A search of 2 steps plans 2 calibrations and the checks from the start: its
    total never grows."""
    seen = []
    result = _run(Reference("random", 12, 0.5), progress=seen.append)
    assert len(result.calibrations) == 2   # it climbed onto a board after its first edit
    # the budget and the checks: 40 + 20 * 2 by the search's bots; 12 * (2 calibrations + 2 checks)
    assert seen[0].total == 40 + 20 * 2 + 12 * 4
    assert max(p.total for p in seen) == seen[0].total


def test_proposals_checked_by_both_kinds_are_ordered_by_the_bar_on_both():
    """With reference bots the verified change is the search's bots' objective against an aim
    part way to fair: ordered by it alone, a proposal that took the reference bots farther from
    fair came first. Those bringing both nearer come first, then by the larger largest gap."""
    from studio.balance.search import Proposal, Verified, reference_order

    def check(before, after, change):
        return Verified(_score(before, (10, 10)), _score(after, (10, 10)), change, (change - 0.01, change + 0.01),
                        [(0.4, 0.6)] * 2, [(0.4, 0.6)] * 2, 200)

    def proposal(name, greedy, mcts):
        return Proposal((name,), None, {}, greedy.after, greedy.before, 100, verified=greedy, reference=mcts)

    # the greedy change favours A, but MCTS went from a 10-point gap to 14 on it
    a = proposal("A", check((0.46, 0.54), (0.50, 0.50), -0.05), check((0.40, 0.60), (0.36, 0.64), 0.02))
    b = proposal("B", check((0.46, 0.54), (0.48, 0.52), -0.01), check((0.40, 0.60), (0.45, 0.55), -0.02))
    c = proposal("C", check((0.46, 0.54), (0.49, 0.51), -0.02), check((0.40, 0.60), (0.47, 0.53), -0.03))
    unchecked = Proposal(("D",), None, {}, a.score, a.base_score, 100, verified=a.verified)
    ordered = sorted([a, unchecked, b, c], key=reference_order)
    assert [p.edits[0] for p in ordered] == ["C", "B", "A", "D"]
