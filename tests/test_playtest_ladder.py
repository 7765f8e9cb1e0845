"""Verdicts across skill and style (studio.playtest.ladder, issue 14 item 4): the rung, trend and
match figures on synthetic results with known answers, the plans, and a tiny run through the
command line whose JSON matches its schema."""

from __future__ import annotations

import json
import math

import pytest
from jsonschema import Draft202012Validator

from studio.content import bundled_path
from studio.content.schemas import schema_for
from studio.playtest import GameResult, cli
from studio.playtest.ladder import (
    SKILL_LADDER,
    bot_label,
    match_of,
    panel_html,
    panel_lines,
    panel_of,
    plan_games,
    played_name,
    rung_of,
    skill_plan,
    style_plan,
    with_panel,
)
from studio.playtest.stats import summarize, wilson

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")


def game(seed, winners, bots=("greedy", "greedy"), idle=()):
    n = len(bots)
    return GameResult(seed=seed, scores=tuple(10 if s in winners else 5 for s in range(n)), winners=tuple(winners),
                      rounds=8, actions=40, end_reason="", bands_used=(5,) * n,
                      seat_names=("South", "North", "West", "East")[:n], bots=tuple(bots), end_code="score",
                      idle_turns=tuple(idle))


def even(bot="random", games=50):
    """Seat 1 and seat 2 win in turn: exactly even."""
    return [game(i, (i % 2,), (bot, bot)) for i in range(games)]


def seat1_wins(k, bot="mcts:200", games=50):
    """Seat 1 wins the first ``k`` deals, seat 2 the rest."""
    return [game(i, (0,) if i < k else (1,), (bot, bot)) for i in range(games)]


def test_a_rung_has_each_seats_win_share_interval_and_verdict():
    rung, credits = rung_of("MCTS 200", "mcts:200", seat1_wins(40))
    assert rung.games == 50 and rung.win_rates == [0.8, 0.2]
    assert rung.ci == [list(wilson(40, 50)), list(wilson(10, 50))]
    assert rung.fair_share == 0.5 and math.isclose(rung.balance, 0.4)
    assert rung.uneven and rung.flagged == [0, 1] and rung.p < 0.001
    assert credits[0] == [1.0, 0.0] and credits[49] == [0.0, 1.0]
    calm, _ = rung_of("random", "random", even())
    assert (calm.uneven, calm.flagged, calm.balance, calm.p) == (False, [], 1.0, 1.0)


def test_the_verdict_changes_and_the_seats_edge_grows_with_skill():
    p = panel_of("skill", [("random", "random", even()), ("MCTS 200", "mcts:200", seat1_wins(40))])
    assert not p.holds
    assert p.verdict == ("the verdict changes with skill: random: no evidence the seats differ; MCTS 200: uneven: "
                         "seat 1 (South) 80%, seat 2 (North) 20%")
    edge, handicap = p.trends
    assert (edge.seat, edge.edge, edge.direction, edge.rates) == (0, True, "grows", [0.5, 0.8])
    assert math.isclose(edge.diff, 0.3) and edge.significant and edge.ci[0] > 0
    assert edge.sentence.startswith("seat 1 (South)'s edge grows with skill: 50% random, 80% MCTS 200 (+30 points "
                                    "from random to MCTS 200")
    assert (handicap.seat, handicap.edge, handicap.direction) == (1, False, "grows")


def test_the_verdict_holds_when_every_rung_agrees():
    p = panel_of("skill", [("random", "random", even()), ("greedy", "greedy", even("greedy"))])
    assert p.holds and p.trends == []
    assert p.verdict == "the verdict holds across skill: no evidence the seats differ with any of random, greedy"
    both = panel_of("skill", [("greedy", "greedy", seat1_wins(38, "greedy")), ("MCTS 200", "mcts:200", seat1_wins(40))])
    assert both.holds and both.verdict == ("the verdict holds across skill: the seats are uneven with every bot, "
                                           "seat 1 (South) and seat 2 (North) named each time")
    # 76% then 80%: the edge does not move more than chance allows
    assert both.trends[0].direction == "holds" and not both.trends[0].significant
    assert "within chance" in both.trends[0].sentence


def test_a_match_gives_how_often_the_stronger_bot_wins_and_the_skill_share():
    # two seats: the stronger wins 30 of 40 games, 15 in each seat
    results = [game(i, (0,) if i % 20 < 15 else (1,), ("mcts:200", "greedy")) for i in range(20)]
    results += [game(i, (1,) if i % 20 < 15 else (0,), ("greedy", "mcts:200")) for i in range(20)]
    m = match_of("mcts:200", "greedy", results)
    low, high = wilson(30, 40)
    assert (m.games, m.deals, m.wins, m.win_rate, m.fair, m.skill) == (40, 20, 30.0, 0.75, 0.5, 0.5)
    assert m.ci == [low, high] and m.skill_ci == [(low - 0.5) / 0.5, (high - 0.5) / 0.5]
    assert m.sentence.startswith("MCTS 200 against greedy: MCTS 200 wins 75% of 40 games")
    # four seats: a fair share is 25%; winning half the games is a third of the way from luck to skill
    four = [game(i, (i % 4,) if i < 20 else ((i + 1) % 4,), tuple("strong" if s == i % 4 else "weak" for s in range(4)))
            for i in range(40)]
    m4 = match_of("strong", "weak", four)
    assert m4.win_rate == 0.5 and m4.fair == 0.25 and math.isclose(m4.skill, 1 / 3)
    # a shared win counts a half; a game nobody won lowers the fair share
    m2 = match_of("a", "b", [game(0, (0, 1), ("a", "b")), game(1, (), ("b", "a"))])
    assert m2.wins == 0.5 and m2.fair == 0.25
    with pytest.raises(ValueError, match="exactly one seat"):
        match_of("a", "b", [game(0, (0,), ("a", "a"))])


def test_a_rung_whose_bot_stops_playing_is_a_note_not_a_verdict():
    stalled = [game(i, (1,), ("greedy", "greedy"), idle=(4 if i < 10 else 0, 0)) for i in range(20)]
    p = panel_of("skill", [("greedy", "greedy", stalled), ("random", "random", even(games=20))])
    assert p.rungs[0].failing == [0] and p.rungs[1].failing == []
    assert p.notes == ["greedy: the bot stopped playing at seat 1 (South) in more than 5% of games, so that verdict "
                       "judges the bot, not the board"]
    lines = "\n".join(panel_lines(p))
    assert "bot stopped at seat 1" in lines and p.notes[0] in lines
    s = with_panel(summarize(stalled), p)
    assert s.ladder is p and p.verdict in s.warnings and p.notes[0] in s.warnings


def test_style_panels_say_which_style_dominates():
    rungs, matches = style_plan("realm")
    assert [label for label, _ in rungs] == ["greedy", "hoarder", "racer"]
    assert [(a.name, b.name) for a, b in matches] == [("hoarder", "racer")]
    assert [label for label, _ in style_plan("rivages")[0]] == ["greedy", "goal-chaser", "explorer"]
    duel = [game(i, (i % 2,), ("hoarder", "racer") if i % 2 == 0 else ("racer", "hoarder")) for i in range(40)]
    p = panel_of("style", [("greedy", "greedy", even("greedy")), ("hoarder", "hoarder", even("hoarder"))],
                 [("hoarder", "racer", duel)])
    assert p.holds and p.verdict.startswith("the verdict holds across styles")
    (m,) = p.matches
    assert m.win_rate == 1.0 and "hoarder dominates" in m.sentence


def test_ladder_plans_are_checked_before_any_game():
    rungs, matches = skill_plan()
    assert [label for label, _ in rungs] == ["random", "greedy", "MCTS 50", "MCTS 200"] and list(SKILL_LADDER) == \
        [bot for _, bot in rungs]
    assert matches == [("greedy", "random"), ("mcts:50", "greedy"), ("mcts:200", "mcts:50")]
    assert plan_games(3, 10, rungs, matches) == 40 + 3 * 3 * 4
    assert bot_label("mcts") == "MCTS 200" and bot_label("mcts:0.5s") == "MCTS 0.5s"
    # matches find the bot's seat by the name its games record: mcts:200 plays as "mcts"
    assert [played_name(b) for b in ("mcts:200", "mcts:50", "greedy")] == ["mcts", "mcts:50", "greedy"]
    assert played_name(style_plan("realm")[0][1][1]) == "hoarder"
    for bad, message in ((["greedy"], "at least 2 bots"), (["greedy", "greedy"], "greedy twice"),
                         (["greedy", "mcst"], "unknown bot 'mcst'")):
        with pytest.raises(ValueError, match=message):
            skill_plan(bad)


def test_the_command_line_plays_the_ladder_and_the_styles(tmp_path, capsys):
    out = tmp_path / "r.json"
    rc = cli.main([str(JUNGLE), "--players", "2", "--games", "2", "--ladder", "random,greedy", "--styles",
                   "--ladder-games", "2", "--seed", "3", "--json", str(out)])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    assert "verdicts across skill (the same 2 deals for each bot" in captured.out
    assert "verdicts across playstyles" in captured.out and "greedy against random:" in captured.out
    data = json.loads(out.read_text())
    errors = [e.message for e in Draft202012Validator(schema_for("studio-playtest/1")).iter_errors(data)]
    assert errors == []
    ladder, styles = data["summary"]["ladder"], data["summary"]["styles"]
    assert [r["label"] for r in ladder["rungs"]] == ["random", "greedy"] and ladder["matches"][0]["games"] == 2
    assert [r["label"] for r in styles["rungs"]] == ["greedy", "hoarder", "racer"]
    assert "playing the skill ladder: 6 more games" in captured.err


def test_a_bad_ladder_stops_the_run_before_any_game(capsys):
    assert cli.main([str(JUNGLE), "--games", "2", "--ladder", "greedy,nobody"]) == 2
    assert capsys.readouterr().err.strip() == ("studio playtest: --ladder greedy,nobody: unknown bot 'nobody' (known: "
                                               "random, greedy, mcts, hoarder, racer, goal-chaser, explorer)")
    # trial: a playstyle of the other game passed the check and raised a traceback after the batch
    assert cli.main([str(JUNGLE), "--games", "2", "--ladder", "greedy,explorer", "--ladder-games", "2"]) == 2
    assert capsys.readouterr().err.strip() == ("studio playtest: --ladder greedy,explorer: the explorer bot plays "
                                               "Rivages; for Rule the Realm choose random, greedy, mcts, hoarder, racer")


def test_the_scenarios_playtest_section_asks_for_the_ladder(tmp_path):
    import shutil

    from studio.playtest.setup import load_setup

    shutil.copytree(JUNGLE.parent.parent / "boards" / "realm", tmp_path / "boards" / "realm")
    (tmp_path / "scenarios").mkdir()
    scenario = tmp_path / "scenarios" / "jt.yaml"
    scenario.write_text(JUNGLE.read_text() + "playtest:\n  ladder: true\n  styles: true\n")
    setup = load_setup(scenario, 2)
    args = cli.build_parser().parse_args([str(scenario)])
    panels = cli._panels(args, setup)
    assert [kind for kind, _, _ in panels] == ["skill", "style"]
    assert [bot for _, bot in panels[0][1]] == list(SKILL_LADDER)
    # the section's ladder keys do not change what the batch is judged against
    from studio.playtest.insight import Expectations

    assert Expectations.of_scenario(setup.scenario, 2).source == "the defaults of location 1"


def test_a_ladder_on_a_solo_game_and_ladder_games_alone_are_refused(capsys):
    solo = bundled_path("scenarios", "rivages-solo.yaml")
    assert cli.main([str(solo), "--games", "4", "--ladder", "random,greedy"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("studio playtest: --ladder random,greedy: the skill ladder plays the bots against each "
                          "other at one table, and ")
    assert err.endswith("is played solo (1 player); compare the bots' solo win rates with one run per bot instead "
                        "(--bots random, then --bots greedy)")
    assert cli.main([str(JUNGLE), "--games", "2", "--ladder-games", "5"]) == 2
    assert capsys.readouterr().err.strip() == (
        "studio playtest: --ladder-games 5: sets the games of the skill ladder or the playstyles, and this run "
        "plays neither; add --ladder or --styles")


def test_tiny_samples_are_too_few_to_say():
    # 6 deals per bot: each seat's rate is ±40 points wide, so "the verdict holds" would be empty
    p = panel_of("skill", [("random", "random", even(games=6)), ("greedy", "greedy", even("greedy", games=6))])
    assert p.verdict == ("too few games to say whether the verdict holds across skill: 6 games per bot leave each "
                         "seat's win rate a 95% interval of ±40 points, so no bot could show uneven seats")
    # the stronger bot wins 5 of 6: the skill share interval is wider than 0.6, so no "mostly skill"
    six = [game(i, (0,) if i < 5 else (1,), ("mcts:200", "greedy")) for i in range(3)]
    six += [game(i, (1,) if i < 2 else (0,), ("greedy", "mcts:200")) for i in range(3)]
    m = match_of("mcts:200", "greedy", six)
    assert m.verdict == "too few games to say (6; the interval is wider than 0.6)"
    assert m.sentence.endswith(": too few games to say (6; the interval is wider than 0.6)")
    # 40 games: a verdict word, shown in the HTML table as in the text
    results = [game(i, (0,) if i % 20 < 15 else (1,), ("mcts:200", "greedy")) for i in range(20)]
    results += [game(i, (1,) if i % 20 < 15 else (0,), ("greedy", "mcts:200")) for i in range(20)]
    big = match_of("mcts:200", "greedy", results)
    assert big.verdict == "luck and skill"
    panel = panel_of("skill", [("greedy", "greedy", even("greedy", 40))], [("mcts:200", "greedy", results)])
    assert "<th>verdict</th></tr>" in panel_html(panel) and "<td>luck and skill</td></tr>" in panel_html(panel)


def test_a_playstyle_of_the_other_game_names_every_bot_this_game_takes():
    """Trial: ``--bots explorer`` on a Rule the Realm board offered only hoarder and racer."""
    from studio.bots.styles import check_fit

    with pytest.raises(ValueError) as info:
        check_fit(["greedy", "explorer"], "realm")
    assert str(info.value) == ("the explorer bot plays Rivages; for Rule the Realm choose random, greedy, mcts, "
                               "hoarder, racer")
    with pytest.raises(ValueError, match="for Rivages choose random, greedy, mcts, goal-chaser, explorer$"):
        check_fit(["hoarder"], "rivages")
    check_fit(["hoarder", "mcts:50"], "realm")   # fits: nothing raised
