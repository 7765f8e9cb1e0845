"""A proposal's check on fresh games says in words whether it did better or worse (the
fresh-user trial saw proposals that did worse offered as "not clearly better")."""

from __future__ import annotations

from studio.balance.objective import Score
from studio.balance.search import Verified


def _verified(change: float, lo: float, hi: float) -> Verified:
    s = Score(0.1, {}, 100, (0.5, 0.5), 0.5, (10.0, 10.0))
    return Verified(s, s, change, (lo, hi), [(0.4, 0.6)] * 2, [(0.4, 0.6)] * 2, 100)


def test_the_verdict_follows_the_change_and_its_interval():
    assert _verified(-0.05, -0.08, -0.01).verdict() == "better beyond chance"
    assert _verified(-0.01, -0.05, 0.03).verdict() == "not clearly better"
    assert _verified(0.012, -0.02, 0.04).verdict() == "worse on these games (within chance)"
    assert _verified(0.05, 0.01, 0.09).verdict() == "worse beyond chance"
    assert not _verified(-0.01, -0.05, 0.03).worse() and _verified(0.012, -0.02, 0.04).worse()
    assert not _verified(0.0, -0.01, 0.01).worse()   # no change is not worse



def test_a_search_stopped_before_any_race_says_so_not_that_no_edit_did_better():
    from types import SimpleNamespace

    from studio.balance.cli import format_result
    from studio.balance.search import balance
    from tests.balance.boards import lattice_board, setup_of

    setup = setup_of(lattice_board(cols=6, south_empty=3))
    stopped = balance(setup, budget=40, seed=1, steps=1, candidates=3, verify_games=10, top=1, stop=lambda: True)
    assert stopped.stopped == "interrupted" and not stopped.proposals and stopped.stopped_before_racing()
    args = SimpleNamespace(bots=None, reference_bots=None, budget_games=400)
    text = format_result(stopped, setup, args)
    assert "stopped before it raced any edit" in text and "no valid edit tried" not in text
    ran = balance(setup, budget=40, seed=1, steps=1, candidates=3, verify_games=10, top=1)
    assert ran.stopped is None and not ran.stopped_before_racing()
    # a race with no valid edit left says so, not that nothing beat the board (the trial saw
    # "0 valid edits raced; none beat the board clearly enough to build on")
    ran.steps = [{"step": 1, "edit": 1, "candidates": 5, "games": 100, "winner": None},
                 {"step": 2, "edit": 1, "candidates": 0, "winner": None}]
    lines = format_result(ran, setup, args).splitlines()
    assert "  race 1 for edit 1: 5 valid edits raced over 100 games; none beat the board clearly enough to build on" \
        in lines
    assert ("  race 2 for edit 1: no edit left to race from this board (every candidate was raced already or "
            "does not validate)") in lines
    # a run of such races is one line (a Labyrinth 4p search printed 26 of them, races 2 to 27)
    ran.steps = [{"step": 1, "edit": 1, "candidates": 5, "games": 100, "winner": None},
                 *({"step": k, "edit": 1, "candidates": 0, "winner": None} for k in range(2, 28)),
                 {"step": 28, "edit": 1, "candidates": 1, "games": 90, "winner": None},
                 {"step": 29, "edit": 1, "candidates": 0, "winner": None}]
    lines = [line for line in format_result(ran, setup, args).splitlines() if line.startswith("  race")]
    assert lines == [
        "  race 1 for edit 1: 5 valid edits raced over 100 games; none beat the board clearly enough to build on",
        "  races 2 to 27 for edit 1: no edit left to race from this board (every candidate was raced already or "
        "does not validate)",
        "  race 28 for edit 1: 1 valid edit raced over 90 games; none beat the board clearly enough to build on",
        "  race 29 for edit 1: no edit left to race from this board (every candidate was raced already or "
        "does not validate)"]
    # the last race of a stopped run was cut short, not lost (a trial saw "none beat the board")
    ran.steps = [{"step": 1, "edit": 1, "candidates": 5, "games": 100, "winner": "move 1 treasure"},
                 {"step": 2, "edit": 2, "candidates": 4, "games": 30, "winner": None, "stopped": True}]
    ran.stopped = "interrupted"
    lines = format_result(ran, setup, args).splitlines()
    assert "  race 1 for edit 1: 5 valid edits raced over 100 games; kept: move 1 treasure" in lines
    assert "  race 2 for edit 2: 4 valid edits raced over 30 games; stopped before this race was decided" in lines
    assert not any("none beat" in line for line in lines)


def test_a_run_with_no_proposal_says_why_it_has_none():
    """Trial: a 4-game budget (no race) and a stop in the middle of race 1 both said "no valid
    edit tried did better than the board", as if edits had been tried and lost."""
    from types import SimpleNamespace

    from studio.balance.cli import format_result
    from studio.balance.search import balance
    from tests.balance.boards import lattice_board, setup_of

    setup = setup_of(lattice_board(cols=6, south_empty=3))
    args = SimpleNamespace(bots=None, reference_bots=None, budget_games=4)
    tiny = balance(setup, budget=4, seed=1, steps=1, candidates=3, verify_games=10, top=1)
    assert tiny.stopped is None and not tiny.proposals and tiny.search_games <= 4
    text = format_result(tiny, setup, args)
    assert f"the budget went on the first look at the board ({tiny.search_games} games), so no edit was raced" in text
    assert "no valid edit tried" not in text
    tiny.stopped, tiny.steps = "interrupted", [{"step": 1, "edit": 1, "candidates": 3, "games": 12, "winner": None}]
    assert tiny.no_proposal_reason("island") == ("No proposal: the search was stopped before any edit it raced did "
                                                 "better than the island as it is.")
    tiny.stopped = None
    assert tiny.no_proposal_reason().startswith("No proposal: no valid edit tried did better than the board")


def _records(credits_list):
    from studio.balance.objective import GameRecord
    return [GameRecord(i, c, (10, 10, 10), False, False, False, 0) for i, c in enumerate(credits_list)]


def test_a_fair_share_below_one_seats_share_says_why():
    """The fair share counts only games someone won: 3 seats, 1 game in 5 nobody won gives
    26.7%, and the report says so (the trial saw 28.9% for greedy bots beside 33.3% for MCTS
    with no word why)."""
    _fair_label, _fair_notes = Verified.fair_share_label, Verified.fair_share_notes
    from studio.balance.objective import Objective

    obj = Objective(weights={"fair": 1.0})
    some_lost = obj.score(_records([(1, 0, 0), (0, 1, 0), (0, 0, 1), (0.5, 0.5, 0), (0, 0, 0)]))
    assert abs(some_lost.fair_share - 0.8 / 3) < 1e-12
    assert some_lost.fair_share_note() == ("26.7%, not 33.3%: 20.0% of these 5 games had no winner (every seat "
                                           "lost), and the fair share is the games someone won over the 3 seats")
    all_won = obj.score(_records([(1, 0, 0), (0, 1, 0), (0, 0, 1)]))
    assert all_won.fair_share_note() == ""
    same = Verified(some_lost, some_lost, 0.0, (-0.1, 0.1), [(0, 1)] * 3, [(0, 1)] * 3, 5)
    assert _fair_label(same) == "26.7%"
    assert _fair_notes(same) == ["the fair share is " + some_lost.fair_share_note()]
    fixed = Verified(some_lost, all_won, -0.1, (-0.2, 0.0), [(0, 1)] * 3, [(0, 1)] * 3, 5)
    assert _fair_label(fixed) == "26.7% before, 33.3% after"
    assert _fair_notes(fixed) == ["the fair share before is " + some_lost.fair_share_note()]


def test_a_proposal_worse_than_the_board_in_the_search_does_not_say_the_figures_flatter_it():
    """The trial saw "objective 0.074 -> 0.095 in the search (66 games; chosen on them, so these
    flatter it)": a step kept the edit on fewer games, and on all 66 the board did better."""
    from studio.balance.search import Proposal

    def score(total):
        return Score(total, {}, 66, (0.5, 0.5), 0.5, (10.0, 10.0))

    worse = Proposal((), None, {}, score(0.095), score(0.074), 66)
    better = Proposal((), None, {}, score(0.050), score(0.074), 66)
    assert worse.search_words() == ("66 games: worse than the board on them; a step kept it on the fewer games its "
                                    "race was decided on")
    assert better.search_words() == "66 games; chosen on them, so these flatter it"


def _rates(before: tuple, after: tuple, change: float) -> Verified:
    def s(rates):
        return Score(0.1, {}, 100, rates, 0.5, (10.0, 10.0))
    return Verified(s(before), s(after), change, (change - 0.02, change + 0.02), [(0.4, 0.6)] * 2, [(0.4, 0.6)] * 2, 100)


def test_with_reference_bots_a_proposal_nearer_fair_for_both_is_not_called_worse(capsys):
    """The Two Deities 2p search with MCTS reference bots (seed 31): greedy 46.9% -> 50.1% and
    MCTS 60.6% -> 56.1% for South, yet "worse beyond chance" and "keep the board", as the
    objective is judged against the aim (45.7% for the greedy bots), not the fair share."""
    from types import SimpleNamespace

    from studio.balance.cli import format_result
    from studio.balance.search import BalanceResult, Proposal
    from tests.balance.boards import lattice_board, setup_of

    greedy = _rates((0.469, 0.531), (0.501, 0.499), 0.036)
    mcts = _rates((0.606, 0.394), (0.561, 0.439), 0.0)
    assert greedy.worse() and greedy.nearer_with(mcts)
    assert not greedy.nearer_with(None)
    # MCTS drifting farther while greedy comes nearer is not nearer for both
    assert not greedy.nearer_with(_rates((0.606, 0.394), (0.62, 0.38), 0.0))
    # the larger gap is what counts: greedy may move off a little while MCTS comes much nearer
    assert _rates((0.50, 0.50), (0.53, 0.47), 0.01).nearer_with(mcts)
    assert greedy.nearer_words(mcts) == "nearer the fair share for both"
    # but then it says so, not "for both" (fresh-user trial: greedy 0.0 -> 6.2, MCTS 10.0 -> 5.0)
    traded = _rates((0.50, 0.50), (0.562, 0.438), 0.05)
    assert traded.nearer_with(_rates((0.60, 0.40), (0.55, 0.45), 0.0))
    assert traded.nearer_words(_rates((0.60, 0.40), (0.55, 0.45), 0.0)) == (
        "the farther kind of bot nearer the fair share, the search's bots farther (0.0 -> 6.2 points)")

    setup = setup_of(lattice_board(cols=6, south_empty=3))
    edit = SimpleNamespace(text="move 1 energy from a1-a2-b1 to g1-g2-h1")
    args = SimpleNamespace(bots=None, reference_bots="mcts", budget_games=400)
    for ref, warned in ((mcts, False), (_rates((0.606, 0.394), (0.62, 0.38), 0.0), True)):
        p = Proposal((edit,), None, {}, greedy.after, greedy.before, 100, verified=greedy, reference=ref)
        result = BalanceResult([p], greedy.before, [], 400, None, 3.0, {}, 31, 2)
        text = format_result(result, setup, args)
        assert ("warning: this proposal did worse" in text) is warned
        assert ("nearer the fair share for both" in text) is not warned
    assert "both kinds of bot: the larger of their largest gaps 10.6 -> 6.1 points; nearer the fair share for both" \
        in format_result(BalanceResult([Proposal((edit,), None, {}, greedy.after, greedy.before, 100, verified=greedy,
                                                 reference=mcts)], greedy.before, [], 400, None, 3.0, {}, 31, 2),
                         setup, args)


def test_the_report_ends_with_one_line_saying_which_proposal_did_best_or_that_all_did_worse():
    """Fresh-user trial: when every proposal did worse, the warnings sat far up a long report
    and the last lines were the saved files."""
    from types import SimpleNamespace

    from studio.balance.cli import summary_line

    def proposal(change, lo, hi, reference=None):
        return SimpleNamespace(verified=_verified(change, lo, hi), reference=reference)

    worse, better, unclear = proposal(0.03, 0.01, 0.05), proposal(-0.05, -0.08, -0.01), proposal(-0.01, -0.04, 0.02)
    assert summary_line([worse, proposal(0.01, -0.01, 0.03)]) == (
        "summary: all 2 proposals did worse than the content as it is on fresh games; keep the content as it is, "
        "or search again "
        "with a larger budget")
    assert summary_line([worse]).startswith("summary: the proposal did worse")
    assert summary_line([worse, unclear, better]) == (
        "summary: proposal 3 scored best of the proposals on fresh games (objective change -0.050, 95% -0.080 to "
        "-0.010; better beyond chance than the content as it is)")
    assert summary_line([SimpleNamespace(verified=None, reference=None)]) is None
    assert summary_line([]) is None
    # worse by the aimed objective but nearer fair for both kinds of bot: not "all did worse"
    nearer = SimpleNamespace(verified=_rates((0.469, 0.531), (0.501, 0.499), 0.036),
                             reference=_rates((0.606, 0.394), (0.561, 0.439), 0.0))
    assert summary_line([worse, nearer]) == (
        "summary: proposal 2 came nearest the fair share for both kinds of bot on fresh games (the larger of their "
        "largest gaps 10.6 -> 6.1 points; nearer the fair share for both)")
    assert summary_line([nearer, better]).startswith("summary: proposal 2 scored best")
    # trial: with reference bots, a proposal that made the larger gap worse was worded as the pick
    farther = SimpleNamespace(verified=_rates((0.475, 0.525), (0.45, 0.55), -0.01),
                              reference=_rates((0.5, 0.5), (0.5, 0.5), 0.0))
    assert summary_line([farther]) == (
        "summary: no proposal brought both kinds of bot nearer the fair share on fresh games (the nearest, "
        "proposal 1: the larger of their largest gaps 2.5 -> 5.0 points); keep the content as it is, or search "
        "again with a larger budget")


def test_ctrl_c_while_looking_at_the_kept_edit_still_proposes_it_not_verified(monkeypatch):
    """Ctrl+C during race 2's look at the current board (after race 1 kept an edit) gave
    "interrupted before any proposal": the kept edit is now the proposal, not verified."""
    from studio.balance import search
    from studio.balance.search import balance
    from tests.balance.boards import lattice_board, setup_of

    setup = setup_of(lattice_board(cols=6, south_empty=3))
    real = search._BoardProblem.diagnose
    calls = []

    def diagnose(self, records, incumbent):
        calls.append(incumbent)
        if len(calls) == 2:
            raise KeyboardInterrupt   # the second look: at the board with race 1's edit
        return real(self, records, incumbent)

    monkeypatch.setattr(search._BoardProblem, "diagnose", diagnose)
    result = balance(setup, budget=200, seed=1, steps=2, candidates=3, verify_games=10, top=1)
    assert len(calls) == 2 and calls[1].edits, "race 1 should have kept an edit"
    assert result.stopped == "interrupted"
    assert [p.edits for p in result.proposals] == [calls[1].edits]
    assert result.proposals[0].verified is None


def test_a_stop_during_the_check_names_the_proposals_not_verified():
    """Trial: Ctrl+C while the third proposal was being checked said the last race was "stopped
    before this race was decided" (it had been decided), the head line said nothing was verified
    (two were) and the summary forgot the third."""
    from types import SimpleNamespace

    from studio.balance.cli import format_result, summary_line
    from studio.balance.search import balance
    from tests.balance.boards import lattice_board, setup_of

    setup = setup_of(lattice_board(cols=6, south_empty=3))
    ran = balance(setup, budget=60, seed=1, steps=2, candidates=3, verify_games=10, top=3)
    assert ran.stopped is None and len(ran.proposals) >= 2 and all(p.verified for p in ran.proposals)
    assert not any(st.get("stopped") for st in ran.steps)
    last = len(ran.proposals)
    ran.proposals[-1].verified = None   # as if the stop came during its check
    ran.stopped = "interrupted"
    args = SimpleNamespace(bots=None, reference_bots=None, budget_games=60)
    lines = format_result(ran, setup, args).splitlines()
    assert f"interrupted during the check on fresh seeds: proposal {last} not verified" in lines
    assert not any("stopped before this race was decided" in line for line in lines)
    assert f"(proposal {last} not verified: the run was stopped first)" in summary_line(ran.proposals)
    # the search marks a race its stop cut short, and only that one
    calls = [0]

    def stop():
        calls[0] += 1
        return calls[0] > 40   # polled as games are played: this lands in the first race

    cut = balance(setup, budget=200, seed=1, steps=2, candidates=3, verify_games=10, top=3, stop=stop)
    assert cut.stopped == "interrupted" and cut.steps and cut.steps[-1].get("stopped") is True
    assert not any(st.get("stopped") for st in cut.steps[:-1])
    assert format_result(cut, setup, args).count("stopped before this race was decided") == 1



def test_a_stop_after_the_search_says_the_check_was_cut_not_the_search():
    """Trial 2: Stop while the original board was being checked on fresh games read "the best
    so far, not checked": the search had ended, and the proposals were its end, not a stop's."""
    from types import SimpleNamespace

    from studio.balance.cli import format_result
    from studio.balance.search import balance
    from tests.balance.boards import lattice_board, setup_of

    setup = setup_of(lattice_board(cols=6, south_empty=3))
    full = balance(setup, budget=200, seed=1, steps=2, candidates=3, verify_games=30, top=3)
    assert full.stopped is None and not full.stopped_in_check

    def stop_after(n):
        calls = [0]

        def stop():
            calls[0] += 1
            return calls[0] > n
        return stop

    # polled once a game: the search plays full.search_games, then the check begins
    early = balance(setup, budget=200, seed=1, steps=2, candidates=3, verify_games=30, top=3,
                    stop=stop_after(full.search_games // 2))
    assert early.stopped == "interrupted" and not early.stopped_in_check
    late = balance(setup, budget=200, seed=1, steps=2, candidates=3, verify_games=30, top=3,
                   stop=stop_after(full.search_games + 10))
    assert late.stopped == "interrupted" and late.stopped_in_check
    assert late.proposals and all(p.verified is None for p in late.proposals)
    args = SimpleNamespace(bots=None, reference_bots=None, budget_games=200)
    lines = format_result(late, setup, args).splitlines()
    assert "interrupted during the check on fresh seeds: the search had ended; no proposal verified" in lines
    # stopped before any edit did better: no "best so far" to speak of, nor a larger budget to try (trial)
    assert not early.proposals
    text = format_result(early, setup, args)
    assert "interrupted: no proposal yet" in text and "--budget-games" not in text
    early.stop_reason = "stopped by a signal (SIGTERM)"   # as search_and_report sets it: the stop named
    assert "stopped by a signal (SIGTERM): no proposal yet" in format_result(early, setup, args)
