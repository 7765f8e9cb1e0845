"""On the bundled content, the report catches each case issue 14 lists (item 8), judged through
the real report code on recorded greedy-bot games (``tests/data/insight/bundled.json.gz``,
recorded by ``python tools/record_bundled_playtests.py``, seed 1; playing them again here would
take an hour): 120 games of every bundled board and player count (24 rows, scores and winners),
with the full results of the rows the issue names (Two Deities and Archipelago City 3p/4p, the
Labyrinth 2p/3p, the Volcano 2p-4p, the Fragile Ruins 3p). Each test says what the issue saw and
asserts the warning that names it, with what it blames.

Rerun the recording when a rule or the greedy bot changes games; a test that then fails says
which case the report no longer catches, or that the content no longer shows it."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from studio.playtest.insight import Expectations
from studio.playtest.runner import GameResult
from studio.playtest.stats import summarize, win_rate_margin

DATA = Path(__file__).parent / "data" / "insight" / "bundled.json.gz"
RECORDED = json.loads(gzip.decompress(DATA.read_bytes()))


def seat_results(row: str) -> list[GameResult]:
    """The recorded games of ``row`` (``name:players``) with their scores and winners only."""
    rec = RECORDED["seats"][row]
    n = len(rec["seat_names"])
    return [GameResult(seed=i, scores=tuple(scores), winners=tuple(winners), rounds=0, actions=0, end_reason="",
                       bands_used=(), seat_names=tuple(rec["seat_names"]), bots=("greedy",) * n)
            for i, (scores, winners) in enumerate(rec["games"])]


def detail(row: str):
    """The summary of the recorded full results of ``row``, judged against the scenario's
    expectations as recorded."""
    rec = RECORDED["detail"][row]
    e = rec["expect"]
    expect = Expectations(tuple(e["intended_ends"]), None if e["rounds"] is None else tuple(e["rounds"]),
                          e["score_floor"], e["source"])
    results = [GameResult.from_dict(d) for d in rec["results"]]
    return results, summarize(results, (), expect)


def findings(summary) -> dict:
    out: dict = {}
    for f in summary.insight.findings:
        out.setdefault(f.code, []).append(f)
    return out


CASES = {"two-deities:3", "two-deities:4", "archipelago-city:3", "archipelago-city:4", "labyrinth:2", "labyrinth:3",
         "volcano:2", "volcano:3", "volcano:4", "fragile-ruins:3"}


def test_the_recording_covers_the_issues_cases():
    assert set(RECORDED["detail"]) == CASES and RECORDED["bots"] == "greedy"
    assert all(len(RECORDED["detail"][row]["results"]) == len(RECORDED["seats"][row]["games"]) >= 12
               for row in CASES)


def test_uneven_seats_are_decided_by_one_joint_test():
    """Issue: many boards had a seat outside fair share +/- the 95% margin (Volcano 4p: seat 1
    at 7.5%), a per-seat check that on a 4-player board flags an even board one time in six by
    chance. The report's uneven warning comes from the one chi-square test across the seats
    (Holm's correction names the seats), and it blames those seats."""
    joint = set()
    for row in RECORDED["seats"]:
        s = summarize(seat_results(row))
        warned = [b for b in s.blame if b.code == "uneven-seats"]
        assert bool(warned) == s.seat_test.uneven, row
        if warned:
            joint.add(row)
            assert set(warned[0].seats) == set(s.seat_test.flagged or range(s.players))
    s = summarize(seat_results("engraved-board:4"))
    assert "engraved-board:4" in joint and 0 in s.seat_test.flagged and s.seats[0].win_rate < 0.15
    text = next(w for w, b in zip(s.warnings, s.blame) if b.code == "uneven-seats")
    assert text.startswith("the seats are uneven in 4-player games (chi-square") and "seat 1 (" in text
    # the Labyrinth, 3 players: no evidence the seats differ, so no warning
    even = summarize(seat_results("labyrinth:3"))
    assert not even.seat_test.uneven and not any(b.code == "uneven-seats" for b in even.blame)


# the boards whose seats the report's joint test finds uneven on the recording (seed 1, 120 games)
# (the Fragile Ruins 2p and the Volcano 2p, 3p and 4p were among them until the balance assistant
# fixed them: issue 15, their recorded rows are of the fixed boards)
UNEVEN = {"jungle-temples:2", "jungle-temples:3", "jungle-temples:4",
          "archipelago-city:3", "archipelago-city:4", "engraved-board:2", "engraved-board:3", "engraved-board:4",
          "fragile-ruins:3", "cursed-triangle:2"}
# those where some seat falls outside the fair share +/- its own 95% margin (the issue's check)
OUTSIDE = set(UNEVEN)
LATER = 11  # of the 16 boards of 2 and 3 players, those where the last seat out-wins seat 1 (13 until
# the balance assistant fixed the Two Deities 2p, 12 until it fixed the Volcano 3p, issue 15: on their
# recorded rows seat 1 now wins more)


def test_how_many_bundled_boards_have_uneven_seats():
    """Issue, first case: "14 of the 24 Rule the Realm boards have a seat outside fair share +/-
    the 95% margin" (120 greedy games each, one interval per seat). The report decides with one
    chi-square test across the seats instead: on the recording it finds the seats uneven on the
    boards of UNEVEN, every one of them warned about as such. The issue's per-seat check, on the
    same games, flags OUTSIDE: here the very same boards (14 when the issue was written, 10 since
    the Fragile Ruins 2p and the Volcano 2p, 3p and 4p were fixed), so the issue's count stood, though
    the two need not agree (testing each of 3 or 4 seats at 95% flags an even board more often than
    1 time in 20) and they can name different seats: on Jungle Temples 3p the per-seat check flags
    seat 1, Holm's correction none at all (the Volcano 4p, before its fix: seats 1-3 against 1 and
    3)."""
    assert {row: len(r["games"]) for row, r in RECORDED["seats"].items()} == {
        f"{name}:{n}": 120 for name in ("jungle-temples", "volcano", "archipelago-city",
                                                                 "engraved-board", "fragile-ruins", "cursed-triangle",
                                                                 "two-deities", "labyrinth") for n in (2, 3, 4)}
    joint, outside = set(), set()
    for row in RECORDED["seats"]:
        s = summarize(seat_results(row))
        if s.seat_test.uneven:
            joint.add(row)
            assert any(b.code == "uneven-seats" for b in s.blame), row
        half = win_rate_margin(s.fair_share, s.games)
        if any(abs(seat.win_rate - s.fair_share) > half for seat in s.seats):
            outside.add(row)
    assert joint == UNEVEN and len(joint) == 10
    assert outside == OUTSIDE
    engraved, jungle = summarize(seat_results("engraved-board:4")), summarize(seat_results("jungle-temples:3"))
    assert engraved.seat_test.flagged == [0, 3] and jungle.seat_test.uneven and jungle.seat_test.flagged == []
    half = win_rate_margin(jungle.fair_share, jungle.games)
    assert [i for i, seat in enumerate(jungle.seats) if abs(seat.win_rate - jungle.fair_share) > half] == [0]


def test_later_seats_win_more_with_2_and_3_players():
    """Issue, first case: "in 2 and 3 players later seats win more on almost every board". On the
    recording the last seat out-wins seat 1 on LATER of the 16 boards of 2 and 3 players (those the
    balance assistant fixed against turn order aside); on Jungle
    Temples 2p seat 1 (4 cards against 5) wins about 35%, which the report calls uneven."""
    later = [row for row in RECORDED["seats"] if row.endswith((":2", ":3"))
             and (s := summarize(seat_results(row))).seats[-1].win_rate > s.seats[0].win_rate]
    assert len(later) == LATER
    s = summarize(seat_results("jungle-temples:2"))
    assert 0.30 < s.seats[0].win_rate < 0.40 and s.seat_test.uneven and s.seat_test.flagged == [0, 1]


@pytest.mark.parametrize("row", ["two-deities:3", "two-deities:4", "archipelago-city:3", "archipelago-city:4"])
def test_games_ending_by_every_band_used_with_forced_placements_are_named(row):
    """Issue: Two Deities and Archipelago City, 3 and 4 players, end because every player used
    all their bands in 58-99% of games, not at the target score: the deck and pool run dry and
    players place bands that gain nothing. On the recording: in 60% (Archipelago City 3p) to every
    game (4 players), each of them named as not intended."""
    results, s = detail(row)
    c = findings(s)
    ended = [f for f in c.get("unintended-end", ()) if f.subject == "all-bands-used"]
    assert ended and "not as intended" in ended[0].message and s.insight.expectations["intended_ends"] == ["score"]
    every_band = sum(1 for r in results if r.end_code == "all-bands-used")
    assert (ended[0].games, ended[0].of) == (every_band, len(results)) and every_band / len(results) >= 0.5
    assert "dry-deck" in c and "forced-play" in c and s.insight.dry_wasted_per_game >= 10
    assert any(w == ended[0].message for w in s.warnings)


@pytest.mark.parametrize("row", ["labyrinth:2", "labyrinth:3"])
def test_labyrinth_score_collapse_and_forced_self_crossings_are_named(row):
    """Issue: Labyrinth 2p, median score 0, most seats on 0 after self-crossings at -5 forced
    once nothing else is legal; the 3-player report said the seats look even."""
    results, s = detail(row)
    c = findings(s)
    assert "score-collapse" in c and "forced-loss" in c and "forced-play" in c
    penalty = [f for f in c.get("heavy-penalty", ()) if f.mechanic == "self_cross_loss"]
    assert penalty and "with nothing else legal" in penalty[0].message and penalty[0].clause == "L8-6"
    # it blames the pegs where the chains crossed themselves, most frequent first
    where = s.insight.places["self_crossings"]
    assert penalty[0].elements == tuple(list(where)[:len(penalty[0].elements)]) and penalty[0].elements
    assert all(k.startswith("peg ") for k in penalty[0].elements)
    assert c["forced-loss"][0].elements[0] in s.insight.places["self_crossings_forced"]
    forced = s.insight.measures and next(m for m in s.insight.measures if m.code == "self_crossings_forced")
    assert forced.overall.mean > 0
    assert "look even" not in " ".join(s.warnings)


def test_volcano_games_nobody_escapes_are_named():
    """Issue: on the Volcano nobody escapes in 5-8% of games, and no report named the rule."""
    seen = 0
    for row in ("volcano:2", "volcano:3", "volcano:4"):
        results, s = detail(row)
        nobody = sum(1 for r in results if not r.winners)
        named = findings(s).get("nobody-escapes", [])
        if nobody:
            seen += 1
            f = named[0]
            assert (f.games, f.of, f.clause, f.mechanic) == (nobody, len(results), "L2-4", "escape_failed_energy")
            assert f.message in s.warnings and f"in {nobody} of {len(results)} games" in f.message
        else:
            assert not named
    assert seen  # the bundled Volcano still has games nobody wins


def test_fragile_ruins_shared_wins_and_rare_excavation_sites_are_named():
    """Issue: Fragile Ruins 3p, 28% shared wins; excavation sites closed in 4 of 20 games."""
    results, s = detail("fragile-ruins:3")
    c = findings(s)
    shared = c["shared-wins"][0]
    assert shared.games == sum(1 for r in results if len(r.winners) > 1) and shared.clause == "RTR-E3"
    sites = [f for f in c.get("mechanic-rare", []) + c.get("mechanic-unused", []) if f.mechanic == "sites"]
    assert sites and sites[0].clause == "L5-4" and "excavation sites" in sites[0].message
    assert "regions too small to be a site were closed" in sites[0].message
    # it blames the segments of the regions closed too small, most often closed first
    small = list(s.insight.places["small_closures"])
    assert sites[0].elements and list(sites[0].elements) == small[:len(sites[0].elements)]


def _tool():
    import importlib.util

    path = Path(__file__).parent.parent / "tools" / "record_bundled_playtests.py"
    spec = importlib.util.spec_from_file_location("record_bundled_playtests", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_row_can_come_from_a_stopped_playtest_report(tmp_path, capsys):
    """The recording tool takes a slow row from a ``studio playtest --json`` report (a run
    stopped early keeps its finished games) and refuses a report of other seeds or players."""
    from studio.playtest.runner import game_seed

    tool = _tool()
    out = tmp_path / "rec.json.gz"
    tool._write(out, {"format": "studio-bundled-playtests/1", "games": 120, "seed": 1, "bots": "greedy",
                      "seats": {"labyrinth:4": {"seat_names": ["a"], "games": []}}, "detail": {}})
    games = [{"seed": game_seed(1, i), "scores": [i, 3], "winners": [0] if i > 3 else [1], "bots": ["greedy"] * 2,
              "seat_names": ["South", "North"]} for i in range(5)]
    report = tmp_path / "jt.json"
    report.write_text(json.dumps({"format": "studio-playtest/1", "games": games}), encoding="utf-8")
    assert tool.main(["--out", str(out), "--from-playtest", f"jungle-temples:2={report}"]) == 0
    rec = json.loads(gzip.decompress(out.read_bytes()))
    assert rec["seats"]["jungle-temples:2"] == {"seat_names": ["South", "North"],
                                                "games": [[[i, 3], [0] if i > 3 else [1]] for i in range(5)]}
    assert "labyrinth:4" in rec["seats"] and rec["detail"] == {}
    before = out.read_bytes()
    report.write_text(json.dumps({"games": games[1:]}), encoding="utf-8")
    assert tool.main(["--out", str(out), "--from-playtest", f"jungle-temples:2={report}"]) == 2
    assert "its games are not games 0 to 3 of seed 1" in capsys.readouterr().err and out.read_bytes() == before
    report.write_text(json.dumps({"games": games}), encoding="utf-8")
    assert tool.main(["--out", str(out), "--from-playtest", f"jungle-temples:3={report}"]) == 2
    assert "not 3-player greedy games" in capsys.readouterr().err and out.read_bytes() == before


def test_a_row_stopped_part_way_is_completed_with_the_same_games(tmp_path):
    """``--only`` on a row holding fewer games than ``--games`` plays only the missing ones, and
    the row ends as a recording made in one go."""
    tool = _tool()
    whole, part = tmp_path / "whole.json.gz", tmp_path / "part.json.gz"
    assert tool.main(["--games", "4", "--jobs", "1", "--only", "jungle-temples:2", "--out", str(whole)]) == 0
    rec = json.loads(gzip.decompress(whole.read_bytes()))
    games = rec["seats"]["jungle-temples:2"]["games"]
    rec["seats"]["jungle-temples:2"]["games"] = [[[99, 99], [0]]] + games[1:2]  # a kept game is not replayed
    tool._write(part, rec)
    assert tool.main(["--games", "4", "--jobs", "1", "--only", "jungle-temples:2", "--out", str(part)]) == 0
    assert json.loads(gzip.decompress(part.read_bytes()))["seats"]["jungle-temples:2"]["games"] == \
        [[[99, 99], [0]]] + games[1:]
