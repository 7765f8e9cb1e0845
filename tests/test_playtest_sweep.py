"""``studio sweep``: grid parsing, its errors (exit 2, one clear line) and a small sweep."""

from __future__ import annotations

import csv
import json

import pytest

from studio.content import bundled_path
from studio.playtest.cli import UsageError
from studio.playtest.sweep import grid_points, main, parse_grid, split_values

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")


def test_values_split_outside_brackets_and_quotes():
    assert split_values("14,16, 18") == ["14", "16", "18"]
    assert split_values("[8, 6],[4,2]") == ["[8, 6]", "[4,2]"]
    assert split_values("{score: 14},{rounds: 6}") == ["{score: 14}", "{rounds: 6}"]
    assert split_values("'a,b',c") == ["'a,b'", "c"]
    with pytest.raises(UsageError, match="unclosed bracket"):
        split_values("[1,2")
    with pytest.raises(UsageError, match="unbalanced"):
        split_values("1],2")


def test_grid_is_the_product_of_the_settings():
    grid = parse_grid(["rules.end.score=14,18", "rules.modules.cross-board.bonuses=[8,6],[4,2]", "rules.connect=true"])
    assert grid == [("rules.end.score", [14, 18]), ("rules.modules.cross-board.bonuses", [[8, 6], [4, 2]]),
                    ("rules.connect", [True])]
    points = grid_points(grid)
    assert len(points) == 4
    assert points[0] == {"rules.end.score": 14, "rules.modules.cross-board.bonuses": [8, 6], "rules.connect": True}
    assert [p["rules.end.score"] for p in points] == [14, 14, 18, 18]   # the first setting varies slowest


@pytest.mark.parametrize("settings, message", [
    ([], "give at least one --set"),
    (["rules.end.score"], "expected PATH=V1,V2"),
    (["=14"], "the setting path is empty"),
    (["rules.end.score=14,"], "a value is empty"),
    (["rules.end.score=14", "rules.end.score=16"], "given twice"),
    # trial: the inner path changed the outer one's values, and the table showed what was not played
    (["rules.hand_sizes=[4,5,6,7],[5,5,6,7]", "rules.hand_sizes.0=4,6"],
     "--set rules.hand_sizes.0: lies inside --set rules.hand_sizes, whose values it would change"),
    (["rules.end.score=10,12", "rules.end={score: 14},{score: 18}"], "--set rules.end.score: lies inside --set rules.end"),
    (["rules.end.score=[14"], "unclosed bracket"),
    (["rules.end.score=a: b: c"], "is not valid YAML"),
])
def test_grid_errors(settings, message):
    with pytest.raises(UsageError, match=message.replace("[", r"\[")):
        parse_grid(settings)


@pytest.mark.parametrize("args, message", [
    ([], "give at least one --set"),
    (["--set", "rules.end.scor=14"], "--set rules.end.scor=14: the scenario refuses it: unknown key 'scor' in 'rules.end' (did you mean 'score'?)"),
    (["--set", "rules.end.score=0"], "--set rules.end.score=0: the scenario refuses it"),
    (["--set", "rules.end.pictures=5"], "rules.end holds one choice and the scenario's is score: to replace it, "
                                        "set the whole mapping, e.g. --set 'rules.end={pictures: 5}'"),
    (["--set", "rules.bands.first=1"], "rules.bands is a list of 3 items: its items are numbered 0 to 2"),
    (["--set", "rules.hand_sizes.4=3"], "rules.hand_sizes is a list of 4 items: its items are numbered 0 to 3"),
    (["--set", "rules.end.score.1=3"], "rules.end.score is a number (18), not a mapping or a list of settings"),
    (["--set", "rules.end.rounds.1=3"], "rules.end.rounds is not set and has no list to number into; set it whole"),
    # trial: these said "got a mapping" when the scenario leaves the hands to the rulebook
    (["--set", "rules.hand_sizes.-1=3"], "rules.hand_sizes is a list of 4 items: its items are numbered 0 to 3"),
    (["--set", "rules.hand_sizes.x=3"], "rules.hand_sizes is a list of 4 items: its items are numbered 0 to 3"),
    (["--set", "rules.hand_sizes.01=3"], "rules.hand_sizes is a list of 4 items: its items are numbered 0 to 3"),
    (["--set", "rules.bands_per_player=many"], "'rules.bands_per_player' must be a whole number from 1 to 200, got the text 'many'"),
    (["--set", "rules.end.score=14", "--games", "0"], "--games/-n: must be 1 to 10,000,000, got 0"),
    (["--set", "rules.end.score=14", "--players", "5"], "no board for 5 players"),
    (["--set", "rules.end.score=14", "--bots", "clever"], "unknown bot 'clever'"),
    (["--set", "rules.end.score=14", "--executor", "dask"], "needs --scheduler"),
    (["--set"], "expected one argument"),
    (["--set", "boards.2=../boards/realm/volcano-2p.yaml,/etc/passwd.yaml,nope.yaml"],
     "--set boards.2: boards names content files, which a sweep cannot change"),
    (["--set", "rules.end.score=14,14"], "--set rules.end.score: the value 14 is given twice"),
    # trial: balance took --se as --seed; an option is its whole name, and a near one is named
    (["--set", "rules.end.score=14", "--se", "3"], "unrecognized arguments: --se 3 (--se: did you mean --seed or --set?)"),
    (["--set", "rules.end.score=14", "--game=3"], "unrecognized arguments: --game=3 (--game: did you mean --games?)"),
    # trial: only the first refused value was named; the others are named after its reason
    (["--set", "rules.end.score=0,14,-5,abc"], "--set rules.end.score=0: the scenario refuses it: 'rules.end.score' "
     "must be a whole number from 1 to 500, got 0; refused too: --set rules.end.score=-5; --set rules.end.score=abc"),
    # trial: with two settings the reason shown was the other setting's; each is checked alone first
    (["--set", "rules.end.score=abc,16", "--set", "rules.bands_per_player=zz,-1,20"],
     "--set rules.end.score=abc: the scenario refuses it: 'rules.end.score' must be a whole number from 1 to 500, got "
     "the text 'abc'. Also --set rules.bands_per_player=zz: the scenario refuses it: 'rules.bands_per_player' must be a "
     "whole number from 1 to 200, got the text 'zz'; refused too: --set rules.bands_per_player=-1"),
    (["--set", "rules.hand.size=zz,-1,3"], "--set rules.hand.size: the scenario refuses it: unknown key 'hand' in "
     "'rules' (did you mean 'bands'?) (for each of its 3 values)"),
    (["--set", "rules.end.score=" + ",".join(str(-v) for v in range(1, 9))],
     "; refused too: --set rules.end.score=-2; --set rules.end.score=-3; --set rules.end.score=-4; "
     "--set rules.end.score=-5; --set rules.end.score=-6 and 2 more"),
    (["--set", "rules.end.score=14, 14.0"], "--set rules.end.score: the value 14 is given twice"),
])
def test_sweep_errors_exit_2_with_one_line(args, message, capsys):
    assert main([str(JUNGLE), *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_list_item_is_set_by_its_index_from_the_rulebook_default():
    """``rules.hand_sizes.0=5`` on a scenario that leaves the hands to the rulebook (RTR-S2):
    the default list with its first item changed, not a mapping the schema refuses."""
    from studio.playtest.setup import load_setup

    setup = load_setup(JUNGLE, 3)
    assert "hand_sizes" not in setup.scenario.to_data().get("rules", {})
    changed = setup.with_settings({"rules.hand_sizes.0": 5, "rules.hand_sizes.3": 2})
    assert list(changed.scenario.rules.hand_sizes) == [5, 5, 6, 2]
    again = changed.with_settings({"rules.hand_sizes.1": 9})   # a list the data holds now
    assert list(again.scenario.rules.hand_sizes) == [5, 9, 6, 2]
    # the values given are copied, never changed by a later path (the trial's sweep rows)
    hands = [4, 5, 6, 7]
    both = setup.with_settings([("rules.hand_sizes", hands), ("rules.hand_sizes.0", 6)])
    assert hands == [4, 5, 6, 7] and list(both.scenario.rules.hand_sizes) == [6, 5, 6, 7]


def test_a_small_sweep(tmp_path, capsys):
    out_json, out_csv = tmp_path / "s.json", tmp_path / "s.csv"
    rc = main([str(JUNGLE), "--set", "rules.end.score=6,10", "--games", "3", "--bots", "greedy", "--seed", "2",
               "--json", str(out_json), "--csv", str(out_csv)])
    out, err = capsys.readouterr()
    assert rc == 0, err
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("rules.end.score"))
    assert "seat 1 win %" in lines[header] and "balance" in lines[header] and "decided" in lines[header]
    assert [lines[header + 2].split()[0], lines[header + 3].split()[0]] == ["6", "10"]
    data = json.loads(out_json.read_text())
    assert data["format"] == "studio-sweep/1" and data["grid"] == [{"path": "rules.end.score", "values": [6, 10]}]
    ends = [next(iter(p["summary"]["end_reasons"])) for p in data["points"]]
    assert ends == ["a player reached 6 VP", "a player reached 10 VP"]
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8")))
    assert [r["rules.end.score"] for r in rows] == ["6", "10"] and rows[0]["games"] == "3"
    assert float(rows[0]["rounds_mean"]) < float(rows[1]["rounds_mean"])


def test_a_solo_sweep_shows_no_balance_nor_first_seat_figures(tmp_path, capsys):
    out_csv = tmp_path / "solo.csv"
    solo = bundled_path("scenarios", "rivages-solo.yaml")
    assert main([str(solo), "--set", "rules.max_rounds=8", "-n", "2", "--csv", str(out_csv)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("8 "))
    assert row.split()[4:6] == ["-", "-"]          # balance, 1st seat (after the win rate and its interval)
    with open(out_csv, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert rows[0]["balance"] == "" and rows[0]["first_seat_advantage"] == ""
    # the bots stall past 8 rounds: every game stops at the limit and counts 8 rounds, not 9
    assert float(rows[0]["rounds_mean"]) == 8.0 and row.split()[7] == "8.0"
    assert "solo win rate per challenge set (95% interval, games):" in out


def test_one_player_on_a_realm_scenario_says_player_not_players(capsys):
    from studio.playtest import cli

    assert cli.main([str(JUNGLE), "-p", "1", "-n", "1"]) == 2
    assert "has no board for 1 player (has 2, 3, 4)" in capsys.readouterr().err


@pytest.mark.parametrize("setting, key", [
    ("islands=../nowhere/", "islands"), ("cards=../boards/rivages/loot.yaml", "cards"), ("loot=x.yaml", "loot"),
    ("trees=[a.yaml]", "trees"), ("solo.cards=x.yaml", "solo.cards"), ("solo={cards: x.yaml}", "solo.cards"),
])
def test_rivages_file_references_cannot_be_swept(setting, key, capsys):
    assert main([str(bundled_path("scenarios", "rivages.yaml")), "--set", setting, "-n", "1"]) == 2
    err = capsys.readouterr().err
    assert f": {key} names content files, which a sweep cannot change" in err and len(err.splitlines()) == 1


def test_points_are_compared_on_the_shared_seeds(tmp_path, capsys):
    out_json, out_csv = tmp_path / "s.json", tmp_path / "s.csv"
    assert main([str(JUNGLE), "--set", "rules.end.score=6,8", "-n", "4", "--bots", "random", "--seed", "3",
                 "--json", str(out_json), "--csv", str(out_csv)]) == 0
    out = capsys.readouterr().out
    assert "against the first row (rules.end.score=6), on the same seeds (points of win rate, 95% interval):" in out
    line = next(x for x in out.splitlines() if x.startswith("  [rules.end.score=8] seat 1 "))
    data = json.loads(out_json.read_text())
    first, second = data["points"]
    assert first["against_first"] == [] and [d["seat"] for d in second["against_first"]] == [0, 1]
    d = second["against_first"][0]
    rate = [p["summary"]["seats"][0]["win_rate"] for p in data["points"]]
    assert d["diff"] == pytest.approx(rate[1] - rate[0]) and d["deals"] == 4   # every seed is shared
    assert f"seat 1 {100 * d['diff']:+.1f}" in line
    with open(out_csv, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert rows[0]["seat_1_diff"] == "" and float(rows[1]["seat_1_diff"]) == pytest.approx(round(d["diff"], 4))


def test_a_point_with_one_shared_seed_says_it_is_too_few_not_none():
    """Trial: with -n 1 the comparison said "no shared seeds", though both points played the
    same seed; a paired interval needs 2."""
    from studio.playtest.sweep import comparison_lines

    rows = [{"settings": {"rules.end.score": 6}}, {"settings": {"rules.end.score": 10}, "diffs": []}]
    assert comparison_lines(rows, ["rules.end.score"])[-1] == (
        "  [rules.end.score=10] too few shared seeds to compare (2 or more needed)")


def test_a_setting_of_a_module_the_scenario_lacks_is_said_to_add_it(capsys):
    """Trial: a Volcano setting swept on the Jungle Temples played every point with the Volcano
    module added, and nothing said so."""
    from studio.playtest.setup import added_by, load_setup

    data = load_setup(JUNGLE, 2).scenario.to_data()
    assert added_by(data, "rules.modules.volcano.escape_energy") == "rules.modules.volcano"
    assert added_by(data, "rules.hand_sizes.0") is None        # the rulebook's hands, changed
    assert added_by(data, "rules.end.score") is None           # the scenario's own end
    assert main([str(JUNGLE), "-p", "2", "-n", "1", "-q", "--set", "rules.modules.volcano.escape_energy=1"]) == 0
    assert ("studio sweep: warning: --set rules.modules.volcano.escape_energy: the scenario has no "
            "rules.modules.volcano; every point plays with it added") in capsys.readouterr().err


@pytest.mark.rule("L6-1")
def test_a_setting_the_rules_check_refuses_is_not_played(capsys):
    """Trial: a personal deck of 5 cards with hands of 8 was swept (3 games, exit 0) though
    ``studio validate`` and ``studio playtest`` refuse the same scenario file: a setting goes
    through the scenario's rules check as well as its schema."""
    scenario = bundled_path("scenarios", "cursed-triangle.yaml")
    assert main([str(scenario), "-p", "2", "-n", "2", "--jobs", "1", "--set", "rules.cards.personal-deck.size=12,5",
                 "--set", "rules.hand_sizes=[4,5,6,7],[8,8,8,8]"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == ("studio sweep: --set rules.cards.personal-deck.size=5: the scenario's rules refuse it: "
                                 "an opening hand of 7 cards cannot be drawn from a personal deck of 5 (L6-1)\n")
    # each alone passes the rules, together they do not: the combination is named
    assert main([str(scenario), "-p", "2", "-n", "2", "--jobs", "1", "--set", "rules.cards.personal-deck.size=7,12",
                 "--set", "rules.hand_sizes=[4,5,6,7],[8,8,8,8]"]) == 2
    err = capsys.readouterr().err
    assert err == ("studio sweep: --set rules.cards.personal-deck.size=7, rules.hand_sizes=[8, 8, 8, 8]: the "
                   "scenario's rules refuse it: an opening hand of 8 cards cannot be drawn from a personal deck of 7 "
                   "(L6-1)\n"), err
