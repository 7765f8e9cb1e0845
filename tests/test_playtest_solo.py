"""Solo Rivages batches: the win rate against the target per challenge set (RIV-X1, RIV-X6),
in the summary, the text report, CSV, JSON and HTML; solo scenarios play alone."""

import csv
import json

import pytest

from studio.playtest import cli
from studio.playtest.report import CsvWriter, format_summary, html_report, sets_path, solo_lines
from studio.playtest.runner import GameResult
from studio.playtest.setup import SetupError, default_players, load_setup, player_counts
from studio.playtest.stats import NO_CHALLENGE, summarize, wilson
from tests.conftest import ROOT

SOLO = ROOT / "scenarios" / "rivages-solo.yaml"
BASE = ROOT / "scenarios" / "rivages.yaml"

SCHOLAR = ("scholar", "Scholar", "scrolls", 4)
HUNTER = ("treasure-hunter", "Treasure hunter", "loot", 6)
DEVOTEE = ("devotee", "Devotee", "statues", 8)


def solo_game(seed, score, target, cards=(), met=()):
    """A finished solo game: ``cards`` as (id, name, kind, need), ``met`` the ids met."""
    challenges = tuple((cid, name, kind, need, 0, cid in met) for cid, name, kind, need in cards)
    won = score >= target and all(c[5] for c in challenges)
    return GameResult(seed=seed, scores=(score,), winners=(0,) if won else (), rounds=17, actions=90,
                      end_reason="4 Exploration cards removed", bands_used=(), seat_names=("Solo explorer",),
                      bots=("greedy",), target=target, challenges=challenges)


def batch():
    return [
        # no challenge: 2 of 4 won
        solo_game(0, 26, 26), solo_game(1, 30, 26), solo_game(2, 20, 26), solo_game(3, 25, 26),
        # Scholar (+4 scrolls): 1 of 3 won, the target alone reached once
        solo_game(4, 31, 30, [SCHOLAR], met={"scholar"}), solo_game(5, 29, 30, [SCHOLAR]),
        solo_game(6, 28, 30, [SCHOLAR]),
        # Treasure hunter and Devotee, drawn in either order: 1 of 2 won
        solo_game(7, 27, 26, [HUNTER, DEVOTEE], met={"treasure-hunter", "devotee"}),
        solo_game(8, 33, 26, [DEVOTEE, HUNTER], met={"treasure-hunter"}),
    ]


def test_win_rate_per_challenge_set_exact():
    solo = summarize(batch()).solo
    assert (solo.games, solo.wins, solo.reached, solo.target) == (9, 4, 5, 26)
    assert solo.win_rate == pytest.approx(4 / 9)
    assert (solo.ci_low, solo.ci_high) == wilson(4, 9)
    assert [x.label for x in solo.sets] == [NO_CHALLENGE, "Scholar", "Devotee + Treasure hunter"]
    none, scholar, pair = solo.sets
    assert (none.challenges, none.games, none.wins, none.target, none.reached) == ((), 4, 2, 26, 2)
    assert (none.ci_low, none.ci_high) == wilson(2, 4)
    assert none.score.mean == pytest.approx(25.25) and none.met == {}
    assert (scholar.games, scholar.wins, scholar.target, scholar.reached) == (3, 1, 30, 1)
    assert scholar.win_rate == pytest.approx(1 / 3) and (scholar.ci_low, scholar.ci_high) == wilson(1, 3)
    assert scholar.met == {"scholar": pytest.approx(1 / 3)}
    assert pair.challenges == ("devotee", "treasure-hunter") and pair.names == ("Devotee", "Treasure hunter")
    assert (pair.games, pair.wins, pair.reached) == (2, 1, 2)
    assert pair.met == {"devotee": 0.5, "treasure-hunter": 1.0}
    cards = {c.id: c for c in solo.challenges}
    assert [c.name for c in solo.challenges] == ["Devotee", "Scholar", "Treasure hunter"]
    assert (cards["devotee"].games, cards["devotee"].met) == (2, 1)
    assert (cards["treasure-hunter"].games, cards["treasure-hunter"].met, cards["treasure-hunter"].rate) == (2, 2, 1.0)
    assert (cards["scholar"].ci_low, cards["scholar"].ci_high) == wilson(1, 3)


def test_multiplayer_summary_has_no_solo_part():
    r = GameResult(seed=0, scores=(10, 8), winners=(0,), rounds=5, actions=40, end_reason="x", bands_used=(),
                   seat_names=("a", "b"), bots=("greedy", "greedy"))
    assert summarize([r]).solo is None


def test_text_report_lists_each_set():
    s = summarize(batch())
    lines = solo_lines(s.solo)
    assert lines[0] == ("solo: 4 of 9 games won (44.4%, 95% CI 18.9-73.3); a win needs the target (the target "
                        "card's 26 scrolls, more with a scroll challenge) and every challenge met")
    assert lines[2:] == [
        "challenges                 games  wins  win %     95% CI  target  reached %  score (mean ± sd)  challenge met %",
        "-------------------------  -----  ----  -----  ---------  ------  ---------  -----------------  ---------------",
        "no challenge                   4     2   50.0  15.0-85.0      26       50.0         25.2 ± 4.1                -",
        "Scholar                        3     1   33.3   6.1-79.2      30       33.3         29.3 ± 1.5             33.3",
        "Devotee + Treasure hunter      2     1   50.0   9.5-90.5      26      100.0         30.0 ± 4.2      50.0, 100.0",
        "all                            9     4   44.4  18.9-73.3               55.6",
        "",
        "challenge cards (met in the games they were drawn in):",
        "  Devotee          earn 8 statue icons                    met in 1 of 2 (50.0%, 95% CI 9.5-90.5)",
        "  Scholar          reach 4 scrolls over the target card   met in 1 of 3 (33.3%, 95% CI 6.1-79.2)",
        "  Treasure hunter  draw 6 Loot tokens                     met in 2 of 2 (100.0%, 95% CI 34.2-100.0)",
    ]
    assert (100 * wilson(1, 3)[0], 100 * wilson(1, 3)[1]) == (pytest.approx(6.1, abs=0.05), pytest.approx(79.2, abs=0.05))
    text = format_summary(s, "Solo")
    assert "no winner:" not in text          # a solo loss is a loss, not "every seat lost"
    assert "had no winner" not in text


def test_warnings_for_sets_never_won_and_cards_never_met():
    games = [solo_game(i, 20, 26, [DEVOTEE]) for i in range(20)]
    assert summarize(games).warnings == [
        "solo with Devotee: no win in 20 games (95% interval 0% to 16%); the target of 26 scrolls was reached in 0%",
        "challenge card Devotee (earn 8 statue icons) never met in the 20 games it was drawn in",
    ]
    easy = [solo_game(i, 30, 26) for i in range(20)]
    assert summarize(easy).warnings == [
        f"solo with {NO_CHALLENGE}: every one of 20 games won; this set is no challenge for these bots"]


def test_csv_rows_and_per_set_file(tmp_path):
    out = tmp_path / "games.csv"
    writer = CsvWriter(out, 1)
    for r in batch():
        writer.add(r)
    written = writer.finish(summarize(batch()).solo)
    assert written == [out, tmp_path / "games-sets.csv"] and sets_path(out) == written[1]
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 9
    assert (rows[7]["target"], rows[7]["challenges"], rows[7]["challenges_met"]) == (
        "26", "treasure-hunter;devotee", "treasure-hunter;devotee")
    assert (rows[8]["winners"], rows[8]["challenges_met"]) == ("", "treasure-hunter")
    sets = list(csv.DictReader(written[1].open()))
    assert [r["challenges"] for r in sets] == [NO_CHALLENGE, "Scholar", "Devotee + Treasure hunter", "all"]
    low, high = wilson(2, 4)
    assert sets[0] == {"challenges": NO_CHALLENGE, "challenge_ids": "", "games": "4", "wins": "2",
                       "win_rate": "0.5000", "ci_low": f"{low:.4f}", "ci_high": f"{high:.4f}", "target": "26",
                       "reached_rate": "0.5000", "score_mean": "25.250", "score_sd": "4.113", "challenge_met": ""}
    assert sets[2]["challenge_met"] == "devotee=0.5000;treasure-hunter=1.0000"
    assert (sets[3]["games"], sets[3]["wins"]) == ("9", "4")


def test_result_round_trip_keeps_target_and_challenges():
    r = batch()[7]
    data = r.to_dict()
    assert data["target"] == 26 and data["challenges"][0] == {
        "id": "treasure-hunter", "name": "Treasure hunter", "kind": "loot", "need": 6, "progress": 0, "met": True}
    assert GameResult.from_dict(json.loads(json.dumps(data))) == r


def test_html_has_the_solo_section():
    page = html_report(summarize(batch()), "Solo", {"games": 9})
    assert '<h2 id="solo">Solo: win rate against the target</h2>' in page
    assert "<td>Devotee + Treasure hunter</td>" in page and "Devotee 50.0%, Treasure hunter 100.0%" in page
    assert "Win rate per challenge set" in page and page.count("<svg") >= 2


# -- solo scenarios and real games ---------------------------------------------------------------

def test_solo_scenario_plays_alone_and_refuses_other_counts():
    setup = load_setup(SOLO)
    assert setup.players == 1 and player_counts(setup.scenario) == [1] and default_players(setup.scenario) == 1
    with pytest.raises(SetupError, match="is a solo scenario, played by 1 player only; got 2"):
        load_setup(SOLO, 2)
    base = load_setup(BASE)
    assert base.players == 2 and player_counts(base.scenario) == [1, 2, 3, 4, 5]


def test_players_one_without_solo_settings_is_refused(tmp_path):
    import shutil

    shutil.copytree(ROOT / "boards" / "rivages", tmp_path / "boards" / "rivages")
    (tmp_path / "scenarios").mkdir()
    text = SOLO.read_text().replace("solo: {cards: ../boards/rivages/solo.yaml, mode: advanced, challenges: 1}\n", "")
    (tmp_path / "scenarios" / "s.yaml").write_text(text)
    with pytest.raises(SetupError, match="lists only 1 player but has no solo settings"):
        load_setup(tmp_path / "scenarios" / "s.yaml")


def test_cli_solo_batch_reports_every_output(tmp_path, capsys):
    files = {k: tmp_path / f"solo.{k}" for k in ("json", "csv", "html")}
    rc = cli.main([str(SOLO), "-n", "6", "--seed", "3", "--bots", "random", "--json", str(files["json"]),
                   "--csv", str(files["csv"]), "--report", str(files["html"])])
    assert rc == 0
    out = capsys.readouterr().out
    assert "Rivages, advanced solo, 1 player: 6 games" in out and "challenge met %" in out
    data = json.loads(files["json"].read_text())
    solo = data["summary"]["solo"]
    assert data["players"] == 1 and solo["games"] == 6 and sum(x["games"] for x in solo["sets"]) == 6
    names = {"Treasure hunter", "Devotee", "Navigator", "Surveyor", "Scholar"}
    assert all(len(g["challenges"]) == 1 for g in data["games"])     # the scenario draws one card a game
    assert {x["label"] for x in solo["sets"]} <= names
    assert solo["wins"] == sum(1 for g in data["games"] if g["winners"])
    sets = list(csv.DictReader((tmp_path / "solo-sets.csv").open()))
    assert sets[-1]["challenges"] == "all" and sets[-1]["games"] == "6"
    assert "Solo: win rate against the target" in files["html"].read_text()


def test_cli_refuses_a_solo_scenario_with_two_players(capsys):
    assert cli.main([str(SOLO), "--players", "2", "-n", "1"]) == 2
    assert "is a solo scenario, played by 1 player only; got 2" in capsys.readouterr().err


def test_cli_discovery_solo_is_one_set_without_challenge(capsys):
    assert cli.main([str(BASE), "--players", "1", "-n", "2", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert f"{NO_CHALLENGE}  " in out and "challenge cards" not in out


def test_a_short_solo_batch_says_it_is_too_short_to_judge():
    from studio.playtest.stats import all_clear

    few = summarize([solo_game(i, 28, 26) for i in range(6)])
    assert few.warnings == []
    assert all_clear(few) == ("No warning, but 6 games say little: content and challenge sets are judged "
                              "from 20 games on.")
    assert format_summary(few, "Solo").endswith(all_clear(few))
