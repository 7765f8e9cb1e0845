"""Degenerate play (studio.playtest.insight): end codes worked out from the final state, the game
watch's forced play and dry deck, and the findings of a batch, on synthetic results with known
answers and on small boards made to fail each way (issue 14, items 1 and 8)."""

from __future__ import annotations

import json

import pytest

from studio.bots import make_bot
from studio.content import bundled_path
from studio.geometry.lattice import triangular_lattice
from studio.model.realm import LineItem
from studio.playtest import GameResult, play_game, summarize
from studio.playtest.insight import END_CODES, Expectations, InsightTally, Watch
from studio.playtest.report import format_summary, html_report
from studio.playtest.setup import load_setup
from tests.rules.realm_helpers import game_on, seg, small_board


def result(seed=0, scores=(10, 8), winners=(0,), rounds=8, code="score", **kw):
    n = len(scores)
    return GameResult(seed=seed, scores=tuple(scores), winners=tuple(winners), rounds=rounds, actions=40,
                      end_reason="engine text, never read", bands_used=(5,) * n,
                      seat_names=tuple(f"S{i}" for i in range(n)), bots=("greedy",) * n, end_code=code, **kw)


def codes(summary):
    return {f.code: f for f in summary.insight.findings}


SCORE = Expectations(("score",), (5, 12), 0, "the test")


# -- a batch against its expectations (synthetic results, known answers) -------------------------

def test_unintended_ends_are_counted_by_code_never_by_text():
    games = [result(i, code="all-bands-used") for i in range(6)] + [result(6 + i) for i in range(4)]
    s = summarize(games, (), SCORE)
    assert s.insight.end_codes == {"all-bands-used": 6, "score": 4} and s.insight.unintended == 6
    f = codes(s)["unintended-end"]
    assert (f.games, f.of, f.share, f.subject) == (6, 10, 0.6, "all-bands-used")
    assert f.message.startswith("6 of 10 games (60%) ended because every player used all their bands, not as "
                                "intended (a player reached the target score)")
    assert f.message in s.warnings
    # the same games are fine when the scenario declares that end intended
    fine = summarize(games, (), Expectations(("score", "all-bands-used"), (5, 12)))
    assert "unintended-end" not in codes(fine)


def test_without_expectations_only_the_studios_own_stops_are_unintended():
    s = summarize([result(i, code="rounds") for i in range(5)] + [result(9, code="round-limit")] * 5)
    assert s.insight.unintended == 5 and codes(s)["unintended-end"].subject == "round-limit"
    assert codes(s)["stalled"].games == 5


def test_score_collapse_names_the_seat_that_collapses():
    games = [result(i, (12, 0, 3)) for i in range(8)] + [result(8 + i, (12, 4, 0)) for i in range(2)]
    f = codes(summarize(games, (), SCORE))["score-collapse"]
    assert (f.games, f.of) == (10, 30)
    assert "10 of 30 seats (33%) ended at 0 points or less (seat 2 (S1) in 80% of games)" in f.message
    floor = summarize(games, (), Expectations(("score",), None, score_floor=3))
    assert codes(floor)["score-collapse"].games == 18


def test_length_against_the_target():
    games = [result(i, rounds=r) for i, r in enumerate([3, 4, 4, 8, 8, 13, 14, 20, 9, 9])]
    c = codes(summarize(games, (), SCORE))
    assert (c["too-short"].games, c["too-long"].games) == (3, 3)
    assert "3 of 10 games (30%) lasted longer than 12 rounds (target 5-12 rounds, from the test)" == c["too-long"].message
    assert "too-long" not in codes(summarize(games, (), Expectations(("score",), None)))


def test_dry_deck_forced_play_idle_rounds_and_unused_mechanics():
    dry = dict(dry_round=9, dry_moves=(10, 8), dry_wasted=(9, 7), forced=(4, 2), forced_loss=(5, 0),
               decisions=60, offered=("draw:deck", "extra", "place:line"), used=("draw:deck", "place:line"))
    games = [result(i, **dry) for i in range(4)] + [result(4, idle_rounds=3, decisions=40)] + \
        [result(5 + i, decisions=40, offered=("extra",)) for i in range(5)]
    s = summarize(games, (), SCORE)
    ins, c = s.insight, codes(s)
    assert (ins.dry_games, ins.dry_round_mean, ins.dry_moves_per_game, ins.dry_wasted_per_game) == (4, 9, 7.2, 6.4)
    assert (ins.forced_games, ins.forced_per_game, ins.forced_loss_per_game) == (4, 2.4, 2.0)
    assert ins.forced_share == pytest.approx(24 / 480)
    assert c["dry-deck"].games == 4 and "on average in round 9.0" in c["dry-deck"].message
    assert c["forced-play"].games == 4 and c["forced-loss"].message.startswith("forced actions cost 1.0 points per seat and game")
    assert c["stalled"].games == 1
    assert ins.mechanics["extra"] == [9, 0] and c["unused-mechanic"].subject == "extra"
    assert c["unused-mechanic"].message == "buying an extra action never chosen by the bots, though offered in 9 of 10 games (90%)"


def test_too_few_games_show_figures_but_raise_no_finding():
    s = summarize([result(i, (0, 0), code="round-limit") for i in range(4)], (), SCORE)
    assert s.insight.findings == [] and s.insight.collapsed_seats == 8


def test_a_tally_is_flat_and_agrees_with_summarize():
    games = [result(i, (i, 3), rounds=4 + i, arc=((1, 0), (i, 3))[: 1 + i % 2]) for i in range(7)]
    t = InsightTally(SCORE)
    for g in games:
        t.add(g)
    ins = t.insight()
    assert ins == summarize(games, (), SCORE).insight
    assert ins.arc_games == [7, 3] and ins.arc[0] == [1.0, 0.0] and ins.arc[1] == [3.0, 3.0]  # games 1, 3, 5


def test_results_keep_the_watch_figures_through_json():
    r = result(1, dry_round=4, dry_moves=(2, 1), dry_wasted=(1, 0), forced=(1, 0), forced_loss=(5, 0), idle_rounds=2,
               arc=((1, 2), (3, 4)), decisions=9, branching=40, turns=4, offered=("pass",), used=("pass",), no_band=(1,))
    assert GameResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r


# -- expectations from the scenario ---------------------------------------------------------------

def test_expectations_follow_the_end_rule_and_the_scenario_playtest_section():
    deities = load_setup(bundled_path("scenarios", "two-deities.yaml"), 3)
    e = Expectations.of_scenario(deities.scenario, 3)
    assert e.intended_ends == ("score",) and e.rounds == (5, 14) and "location 7" in e.source
    labyrinth = Expectations.of_scenario(load_setup(bundled_path("scenarios", "labyrinth.yaml"), 2).scenario)
    assert labyrinth.intended_ends == ("bands-exhausted",) and labyrinth.rounds == (9, 20)
    declared = deities.with_settings({"playtest": {"intended_end": ["score", "all-bands-used"], "rounds": [4, 30]}})
    e = Expectations.of_scenario(declared.scenario, 3)
    assert e.intended_ends == ("score", "all-bands-used") and e.rounds == (4, 30) and e.source.startswith("the scenario")
    assert declared.scenario.to_data()["playtest"]["rounds"] == [4, 30]


def test_a_bad_playtest_section_is_refused_by_the_schema(tmp_path):
    from studio.validate import validate

    text = bundled_path("scenarios", "two-deities.yaml").read_text()
    bad = tmp_path / "scenarios" / "bad.yaml"
    bad.parent.mkdir()
    bad.write_text(text.replace("../boards", str(bundled_path("boards").parent) + "/boards")
                   + "playtest: {intended_end: [sunset]}\n")
    found = [f for f in validate(str(bad)) if f.severity == "error"]
    assert found and "sunset" in found[0].message


# -- small boards made to fail each way (item 8) --------------------------------------------------

CONTENTS = {seg("c1", "c2", "d1"): (2, 1), seg("b2", "c2", "c3"): (2, 0), seg("a1", "a2", "b1"): (1, 1)}


def batch(board, expect, games=5, **rules):
    rules.setdefault("extra_action_cost", 0)
    game = game_on(board, 1, **rules)
    results = [play_game(game, [make_bot("greedy")] * board.players, seed) for seed in range(games)]
    return results, summarize(results, (), expect)


def test_a_deck_that_runs_dry_and_an_end_that_cannot_be_reached():
    results, s = batch(small_board(rows=4, columns=5, contents=CONTENTS), SCORE,
                       cards_per_colour=2, hand_sizes=(2, 2, 2, 2), pool_size=2, end={"score": 500}, max_rounds=20)
    assert {r.end_code for r in results} <= {"all-bands-used", "round-limit"}
    assert all(r.dry_round is not None and r.dry_round <= 3 for r in results)
    c = codes(s)
    assert c["unintended-end"].share + sum(f.share for f in s.insight.findings
                                           if f.code == "unintended-end" and f is not c["unintended-end"]) == 1.0
    assert c["dry-deck"].games == 5 and c["forced-play"].games == 5
    text = format_summary(s)
    assert "(not intended)" in text and "deck and pool dry:" in text


def test_a_seat_with_nothing_reachable():
    north = {f"a{c}" for c in range(1, 6)}
    _, lines = triangular_lattice(4, 5)
    cut = [line for line in lines if set(line) & north]
    results, s = batch(small_board(rows=4, columns=5, contents=CONTENTS, drop_lines=cut),
                       Expectations(("score",), (3, 20)), end={"score": 6}, max_rounds=12)
    assert all(r.no_band == (1,) and r.scores[1] == 0 for r in results)
    c = codes(s)
    assert c["unreachable-seat"].message.startswith("seat 2 (north) could never place a band in 5 of 5 games (100%)")
    assert "seat 2 (north) in 100% of games" in c["score-collapse"].message
    assert c["unintended-end"].subject == "round-limit" and c["stalled"].games == 5


def test_forced_self_crossings():
    board = small_board(rows=4, columns=5)
    board.line_items = [LineItem(("d1", "d2"), 2, None), LineItem(("c3", "c4"), 1, None)]
    board.seats["south"].start = ["d1", "d5"]
    board.seats["north"].start = ["a1", "a5"]
    results, s = batch(board, Expectations(("bands-exhausted",), (5, 30)), bands=["chain"], bands_per_player=24,
                       end={"bands-exhausted": True}, cards_per_colour=3, max_rounds=40,
                       modules={"labyrinth": {"self_cross_penalty": 5, "set_points": 5}})
    assert {r.end_code for r in results} == {"bands-exhausted"} and s.insight.unintended == 0
    c = codes(s)
    assert c["forced-loss"].share == 1.0 and s.insight.forced_loss_per_game >= 1
    assert "score-collapse" in c


# -- the watch against a plain reference -----------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 4])
def test_forced_decisions_match_trying_every_action(seed):
    """Reference: a decision is forced when no legal action is a draw and every legal band, tried
    on a clone, gains no points and no energy."""
    board = small_board(rows=4, columns=5, contents=CONTENTS)
    game = game_on(board, seed, cards_per_colour=2, hand_sizes=(2, 2), pool_size=2, end={"score": 500},
                   max_rounds=10, extra_action_cost=0)
    state = game.new_state(seed)
    watch = Watch(state)
    bot = make_bot("random")
    import random
    rng = random.Random(seed)
    expected = [0, 0]
    while not state.is_terminal():
        seat, legal = state.current_player, state.legal_actions()
        kinds = [a.to_dict()["type"] for a in legal]
        if "place" in kinds and "draw" not in kinds:
            gains = []
            for a in legal:
                if a.to_dict()["type"] == "place":
                    t = state.clone()
                    t.apply(a)
                    gains.append(t.score[seat] > state.score[seat] or t.energy[seat] > state.energy[seat])
            expected[seat] += not any(gains)
        watch.decision(state, legal)
        action = bot.act(game, state.observation(seat), legal, rng)
        state.apply(action)
        watch.applied(state, seat, action)
    assert watch.forced == expected and sum(expected) > 0
    assert len(watch.arc) == state.round and watch.arc[-1] == tuple(state.scores())


def test_offered_mechanics_read_from_a_lazy_listing_equal_those_of_the_plain_list():
    """The watch reads a lazy listing's band kinds without building its bands: the same
    mechanics offered as when it is handed the whole list, decision by decision."""
    import random

    from studio.rules import load_game
    from studio.rules.realm.game import LegalActions

    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 3, seed=1)
    state = game.new_state(4)
    lazy, plain = Watch(state, False), Watch(state, False)
    rng = random.Random(4)
    listed = 0
    while not state.is_terminal():
        seat, legal = state.current_player, state.legal_actions()
        listed += isinstance(legal, LegalActions)
        lazy.decision(state, legal)
        plain.decision(state, list(legal))
        assert lazy.offered == plain.offered and lazy.band_offered == plain.band_offered
        action = rng.choice(legal)
        state.apply(action)
        for w in (lazy, plain):
            w.applied(state, seat, action)
    assert listed > 20 and {"place:line", "place:triangle", "draw:deck"} <= lazy.offered


def test_end_codes_of_real_games():
    board = small_board(rows=4, columns=5, contents=CONTENTS)
    rounds = game_on(board, 1, end={"rounds": 3}, extra_action_cost=0)
    r = play_game(rounds, [make_bot("greedy")] * 2, 1)
    assert r.end_code == "rounds" and r.rounds == 3
    jungle = load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)
    r = play_game(jungle.game(), [make_bot("greedy")] * 2, 5)
    assert r.end_code == "score" and max(r.scores) >= 18
    assert set(END_CODES) >= {r.end_code}


def test_reports_show_degenerate_play():
    games = [result(i, (12, 0), code="all-bands-used", arc=((1, 0), (5, 0))) for i in range(6)]
    s = summarize(games, (), SCORE)
    text = format_summary(s)
    assert "how games ended (intended: score; from the test):" in text
    assert "all-bands-used: every player used all their bands  (not intended)" in text
    assert "score collapse:" in text and "6 of 12 seats (50%)" in text
    page = html_report(s, "t", {})
    assert '<h2 id="play">Degenerate play</h2>' in page and "<code>unintended-end</code>" in page
    assert page.count("<polyline") == 2  # the arc: one line per seat


def test_branching_turns_and_arc_of_a_scripted_game():
    from tests.test_playtest_stats import ScriptedGame

    script = [(1, 0), (1, 2), (3, 2), (3, 3), (5, 3)]
    r = play_game(ScriptedGame(script, [0]), [make_bot("random"), make_bot("random")], 0)
    # one legal action per decision, the seats alternate, the scripted game has a single round
    assert (r.decisions, r.branching, r.turns) == (5, 5, 5)
    assert r.arc == ((5, 3),) and r.end_code == "" and r.lead_changes == 2
    s = summarize([r] * 4)
    assert s.insight.branching_mean == 1.0 and s.insight.decisions_per_turn == 1.0
    assert s.insight.end_codes == {}                   # a game the studio knows no end of: not judged


def test_bundled_labyrinth_forced_self_crossings_are_caught():
    """Issue 14: Labyrinth 2p ended with most seats on 0 VP after forced self-crossings. The
    bundled board has treasure added since (the balance assistant's fix), so the detectors are
    held to its design as it was: the same board without the adopted edits."""
    import copy

    from studio.generate.realm import BoardSpec, design_board
    from studio.playtest.runner import run_batch

    setup = load_setup(bundled_path("scenarios", "labyrinth.yaml"), 2)
    setup.content = copy.copy(setup.content)
    setup.content.board = design_board(BoardSpec("labyrinth", 2))
    s = summarize(run_batch(setup, None, 5, 1, "greedy"), (), Expectations.of_scenario(setup.scenario, 2))
    c = codes(s)
    assert s.insight.end_codes == {"bands-exhausted": 5} and "unintended-end" not in c
    assert c["dry-deck"].games == 5 and c["forced-play"].games >= 4
    assert s.insight.forced_loss_per_game >= 5 and "forced-loss" in c
    assert c["score-collapse"].share >= 0.4
