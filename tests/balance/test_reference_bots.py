"""Reference bots (``--reference-bots``): the search aims its own bots where stronger ones land
near fair share too, and checks its proposals with them on seeds of their own."""

from __future__ import annotations

import json

import pytest

from studio.balance.edits import Locks
from studio.balance.objective import Disagreement, GameRecord, Objective, Score, aim_between, disagreements
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


def test_the_plan_line_names_the_parts_of_the_progress_total():
    """Trial: "of 2,800 games" on a 2,000-game budget read as a miscount; the line said once
    before the games splits the first progress total into the budget, the checks and the
    reference games (the same function plans both)."""
    from types import SimpleNamespace

    from studio.balance.cli import plan_line

    seen = []
    _run(Reference("random", 12, 0.5), progress=seen.append)
    # budget 40; 20 fresh games for the original and 1 proposal; 12 reference games for the
    # original's and 2 steps' calibrations and the 2 checks
    assert seen[0].total == 40 + 20 * 2 + 12 * (2 + 2) == 128
    args = SimpleNamespace(budget_games=40, verify_games=20, top=1, steps=2)
    assert plan_line(args, Reference("random", 12, 0.5)) == (
        "studio balance: up to 128 games: 40 for the search, 40 on fresh seeds to verify the content and its "
        "proposals, up to 48 with the reference bots")
    assert plan_line(SimpleNamespace(budget_games=2000, verify_games=0, top=3, steps=3)) == \
        "studio balance: up to 2,000 games: 2,000 for the search"


def test_bad_reference_settings_are_refused():
    with pytest.raises(ValueError, match="share is 0 to 1"):
        _run(Reference("random", 6, 2.0))
    with pytest.raises(ValueError):
        _run(Reference("nobody", 6, 0.5))


def test_disagreements_name_the_seats_where_the_two_bars_pull_apart():
    """Fragile Ruins 3p's figures (2026-12-05): greedy even, MCTS North-east 58.4% (51.5-65.0)
    and South 16.2% (11.7-21.9). Known answers: North-east must come down 18.2 points for MCTS
    while greedy may come down 1.3 + 4 = 5.3 (ratio 3.43); South up 11.4 for MCTS, greedy 1.0 + 4."""
    third = 1 / 3
    search = Score(0.0, {}, 1000, (0.323, 0.331, 0.346), third)
    ref = Score(0.0, {}, 200, (0.162, 0.254, 0.584), third)
    ci = [(0.117, 0.219), (0.199, 0.319), (0.515, 0.650)]
    found = disagreements(search, ref, ci, 0.04)
    assert [(d.seat, d.side) for d in found] == [(0, -1), (1, -1), (2, 1)]   # North-west's 31.9 misses 33.3 too
    south, _west, east = found
    assert east.reference_move == pytest.approx(0.515 - third) and east.search_room == pytest.approx(0.346 - third + 0.04)
    assert east.ratio == pytest.approx((0.515 - third) / (0.346 - third + 0.04))
    assert south.reference_move == pytest.approx(third - 0.219) and south.search_room == pytest.approx(third - 0.323 + 0.04)
    # both kinds clearly off the same way (greedy North-east at 45%): not a disagreement, an edit can pull both
    assert [d.seat for d in disagreements(Score(0.0, {}, 1000, (0.25, 0.30, 0.45), third), ref, ci, 0.04)] == [1]
    # the search's bots off the other way beyond the bar: no room at all
    other = disagreements(Score(0.0, {}, 1000, (0.36, 0.36, 0.28), third), ref, ci, 0.04)
    assert [d.seat for d in other] == [0, 1, 2] and other[2].search_room < 0 and other[2].ratio == float("inf")
    assert disagreements(search, Score(0.0, {}, 200, (third,) * 3, third), [(0.27, 0.40)] * 3) == []
    with pytest.raises(ValueError, match="different numbers of seats"):
        disagreements(search, ref, ci[:2])


def test_disagreement_lines_say_how_much_farther_an_edit_must_move_the_reference_bots():
    from studio.balance.cli import disagreement_lines

    d = Disagreement(2, 1, 0.346, 1 / 3, 0.584, (0.515, 0.650), 1 / 3, 0.182, 0.053)
    lines = disagreement_lines([d], ["South", "North-west", "North-east"], "mcts")
    assert lines[0] == ("  the two kinds of bot disagree on North-east: the reference bots (mcts) favour it, 58.4% "
                        "(51.5-65.0; fair 33.3%), the search's bots have it at 34.6% (fair 33.3%); to meet both bars "
                        "an edit must move the reference bots 18.2 points toward fair while the search's bots move "
                        "at most 5.3 (3.4 times as far)")
    assert "the rules are the lever (rules.hand_sizes" in lines[1]
    near = Disagreement(0, -1, 0.30, 1 / 3, 0.25, (0.19, 0.32), 1 / 3, 0.013, 0.007)   # ratio 1.9: no warning
    assert len(disagreement_lines([near], ["South"], "mcts")) == 1
    assert "leave it behind, 25.0% (19.0-32.0" in disagreement_lines([near], ["South"], "mcts")[0]
    alike = Disagreement(0, -1, 0.31, 1 / 3, 0.22, (0.17, 0.28), 1 / 3, 0.051, 0.060)   # ratio 0.85: nothing to say
    assert disagreement_lines([alike], ["South"], "mcts") == []
    none = Disagreement(0, 1, 0.28, 1 / 3, 0.5, (0.43, 0.57), 1 / 3, 0.097, -0.013)
    assert "(no room: they would leave the bar)" in disagreement_lines([none], ["South"], "mcts")[0]


def test_cli_prints_the_calibration_and_the_reference_check_and_saves_them(tmp_path, capsys, monkeypatch):
    from studio.balance import search as search_module
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
    # a disagreement on seat 2 (the tiny run's own figures seldom show one): said and saved
    monkeypatch.setattr(search_module, "disagreements", lambda *calibrated: [
        Disagreement(1, 1, 0.5, 0.5, 0.9, (0.6, 0.98), 0.5, 0.1, 0.04)])
    status = main(["balance", str(tmp_path / "scenarios" / "lattice.yaml"), "-p", "2", "--budget-games", "30",
                   "--steps", "1", "--candidates", "3", "--verify-games", "10", "--top", "1", "--seed", "1",
                   "--lock", "starts,colours", "--reference-bots", "random", "--reference-games", "8", "-o", str(out)])
    text = capsys.readouterr().out
    assert status == 0
    assert "reference bots (random) on the board as it is, 8 games" in text
    assert text.count("the two kinds of bot disagree on ") == 1   # on the board as it is only
    assert "(2.5 times as far)" in text and "the rules are the lever" in text
    assert "with the reference bots (random) on 8 fresh games" in text
    summary = json.loads((out / "balance.json").read_text())
    assert summary["reference"]["bots"] == "random" and summary["reference"]["games"] == 8
    assert summary["reference"]["calibrations"][0]["edits"] == []
    assert summary["reference"]["calibrations"][0]["disagreements"] == [
        {"seat": 2, "side": 1, "reference_move": 0.1, "search_room": 0.04, "ratio": pytest.approx(2.5)}]
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
    # a playstyle of the other game, refused before any game (trial: after the reference games began)
    assert main(["balance", scenario, "--reference-bots", "explorer"]) == 2
    assert capsys.readouterr().err == ("studio balance: --reference-bots: the explorer bot plays Rivages; for Rule "
                                       "the Realm choose random, greedy, mcts, hoarder, racer\n")


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
