"""Headless playtesting: runner determinism, statistics, the interactive session model and the
``studio playtest`` command. No Qt."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from studio.bots import make_bot
from studio.bots.base import Bot
from studio.playtest import GameResult, PlaySession, game_seed, play_game, resolve_bots, run_batch, summarize
from studio.playtest.cli import main
from studio.rules import load_game
from studio.rules.realm.actions import DECK, Draw, Place


@pytest.fixture(scope="module")
def game2(request):
    from pathlib import Path

    root = Path(request.config.rootpath)
    return load_game(root / "scenarios" / "jungle-temples.yaml", 2, 0)


def _result(seed, scores, winners, rounds=5, actions=40, end="a player reached 18 VP", bands=(5, 5)):
    n = len(scores)
    return GameResult(seed=seed, scores=tuple(scores), winners=tuple(winners), rounds=rounds, actions=actions,
                      end_reason=end, bands_used=tuple(bands), seat_names=tuple(f"S{i}" for i in range(n)),
                      bots=("greedy",) * n)


# -- runner -----------------------------------------------------------------------------------

def test_run_batch_is_deterministic_for_a_seed(jungle_scenario):
    seen = []
    first = run_batch(jungle_scenario, 2, 4, seed=7, bot_names="random,greedy",
                      progress=lambda done, total, r: seen.append((done, total, r.seed)))
    again = run_batch(jungle_scenario, 2, 4, seed=7, bot_names=["random", "greedy"])
    assert first == again
    assert [r.seed for r in first] == [game_seed(7, i) for i in range(4)]
    assert seen == [(i + 1, 4, game_seed(7, i)) for i in range(4)]
    other = run_batch(jungle_scenario, 2, 4, seed=8, bot_names="random,greedy")
    assert [r.scores for r in other] != [r.scores for r in first]
    for r in first:
        assert r.bots == ("random", "greedy")
        assert r.seat_names == ("South", "North")
        assert r.end_reason and r.rounds >= 1 and r.actions > 0
        assert set(r.winners) <= {0, 1} and r.winners


def test_worker_processes_give_the_same_results(jungle_scenario):
    one = run_batch(jungle_scenario, 2, 4, seed=3, bot_names="random")
    two = run_batch(jungle_scenario, 2, 4, seed=3, bot_names="random", jobs=2)
    assert one == two


def test_a_game_of_a_batch_replays_alone(jungle_scenario, game2):
    batch = run_batch(jungle_scenario, 2, 3, seed=11, bot_names="random")
    bots = [make_bot("random"), make_bot("random")]
    assert play_game(game2, bots, batch[2].seed) == batch[2]


def test_bots_get_only_their_observation(game2):
    class Spy(Bot):
        name = "spy"

        def __init__(self):
            self.calls = 0

        def act(self, game, observation, legal_actions, rng):
            assert isinstance(observation, dict)
            assert "deck" not in observation and "hands" not in observation
            assert observation["to_move"] == observation["seat"]
            self.calls += 1
            return legal_actions[0]

    spies = [Spy(), Spy()]
    result = play_game(game2, spies, 5)
    assert spies[0].calls + spies[1].calls == result.actions


def test_play_game_checks_the_number_of_bots(game2):
    with pytest.raises(ValueError, match="2 players need 2 bots"):
        play_game(game2, [make_bot("random")], 1)


def test_resolve_bots():
    assert resolve_bots(None, 3) == ["greedy"] * 3
    assert resolve_bots("random", 2) == ["random", "random"]
    assert resolve_bots("random, greedy", 2) == ["random", "greedy"]
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        resolve_bots("clever", 2)
    with pytest.raises(ValueError, match="one bot for every seat"):
        resolve_bots("random,greedy", 3)


def test_game_result_round_trips_through_json():
    r = _result(3, [10, 12], [1])
    assert GameResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r


# -- statistics -------------------------------------------------------------------------------

def test_summary_counts_shared_wins_as_fractions():
    results = [
        _result(0, [10, 8], [0], rounds=5, actions=30),
        _result(1, [12, 15], [1], rounds=7, actions=50),
        _result(2, [14, 14], [0, 1], rounds=9, actions=70, end="every player has used all their bands"),
        _result(3, [16, 9], [0], rounds=11, actions=90, bands=(7, 3)),
    ]
    s = summarize(results)
    assert s.games == 4
    assert [seat.wins for seat in s.seats] == [2.5, 1.5]
    assert [seat.win_rate for seat in s.seats] == [0.625, 0.375]
    assert sum(seat.wins for seat in s.seats) == s.games
    assert s.shared_wins == 1
    assert s.seats[0].score_mean == 13.0
    assert s.seats[0].score_sd == pytest.approx(math.sqrt(20 / 3))   # sample sd of 10, 12, 14, 16
    assert s.seats[1].score_mean == 11.5
    assert s.seats[0].bands_mean == 5.5 and s.seats[1].bands_mean == 4.5
    assert s.rounds_mean == 8.0 and s.rounds_sd == pytest.approx(math.sqrt(20 / 3))
    assert s.actions_mean == 60.0
    assert s.end_reasons == {"a player reached 18 VP": 3, "every player has used all their bands": 1}
    assert list(s.end_reasons) == ["a player reached 18 VP", "every player has used all their bands"]
    assert s.seats[0].name == "S0" and s.seats[0].bot == "greedy"


def test_summary_of_one_game_and_of_none():
    s = summarize([_result(0, [3, 4, 4], [1, 2], bands=(1, 2, 3))])
    assert [seat.win_rate for seat in s.seats] == [0.0, 0.5, 0.5]
    assert [seat.score_sd for seat in s.seats] == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError):
        summarize([])
    with pytest.raises(ValueError, match="same number of players"):
        summarize([_result(0, [1, 2], [1]), _result(1, [1, 2, 3], [2], bands=(1, 1, 1))])


# -- the session behind the playtest window ----------------------------------------------------

def test_a_bots_only_session_plays_the_runner_game(game2):
    session = PlaySession(game2, ["greedy", "random"], seed=21)
    while not session.over:
        session.step_bot()
    expected = play_game(game2, [make_bot("greedy"), make_bot("random")], 21)
    assert tuple(session.state.scores()) == expected.scores
    assert len(session.state.history) == expected.actions


def test_session_band_building(game2):
    session = PlaySession(game2, ["human", "greedy"], seed=2)
    assert session.human_to_move() and not session.bot_to_move()
    with pytest.raises(RuntimeError):
        session.step_bot()
    bands = session.legal_bands()
    assert bands
    first = session.clickable_pegs([])
    assert first == set().union(*bands)
    pegs = min(bands, key=len)
    chosen = sorted(pegs)
    assert session.band_for(chosen[:1]) is None or len(pegs) == 1
    assert set(chosen) <= session.clickable_pegs(chosen[:1])
    band = session.band_for(chosen)
    assert isinstance(band, Place) and set(band.pegs) == set(pegs)
    options = session.payment_options(band)
    assert options[0] == band
    outside = next(p for p in game2.board.pegs if p not in first)
    assert session.clickable_pegs([outside]) == set()
    session.apply(band)
    assert session.state.bands[-1][1].pegs == band.pegs


def test_session_draw_choices(game2):
    session = PlaySession(game2, ["human", "greedy"], seed=2)
    assert session.draw_size() == 2
    pool = session.state.pool
    from studio.model.realm import COLOURS

    colour = COLOURS[pool[0]]
    assert session.draw_can_grow([], colour)
    assert session.draw_can_grow([colour], DECK)
    assert not session.draw_can_grow([colour, DECK], DECK)
    missing = next(c for c in COLOURS if COLOURS.index(c) not in pool)
    assert not session.draw_can_grow([], missing)
    assert session.draw_for([colour]) is None
    assert session.draw_for([DECK, colour]) == Draw((colour, DECK))
    hand = sum(session.state.hands[0])
    session.apply(session.draw_for([DECK, DECK]))
    assert sum(session.state.hands[0]) == hand + 2


def test_playtest_package_does_not_import_qt():
    code = ("import sys, studio.playtest, studio.playtest.cli; "
            "sys.exit(any(m.startswith('PySide6') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# -- command line -----------------------------------------------------------------------------

def test_cli_prints_the_table_and_writes_json(jungle_scenario, tmp_path, capsys):
    out_file = tmp_path / "games.json"
    rc = main([str(jungle_scenario), "--players", "2", "--games", "5", "--seed", "4", "--bots", "random,greedy",
               "--json", str(out_file)])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "Jungle Temples, 2 players: 5 games, seed 4" in out
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("seat"))
    assert "win %" in lines[header] and "score (mean ± sd)" in lines[header] and "bands used" in lines[header]
    rows = lines[header + 2:header + 4]
    assert rows[0].split()[:3] == ["1", "South", "random"]
    assert rows[1].split()[:3] == ["2", "North", "greedy"]
    assert "rounds per game:" in out and "actions per game:" in out and "how games ended (intended: score" in out
    data = json.loads(out_file.read_text())
    assert data["players"] == 2 and data["seed"] == 4 and data["interrupted"] is False
    assert len(data["games"]) == 5
    games = [GameResult.from_dict(g) for g in data["games"]]
    assert games == run_batch(jungle_scenario, 2, 5, 4, "random,greedy")
    summary = summarize(games)
    assert data["summary"]["games"] == 5
    assert [s["win_rate"] for s in data["summary"]["seats"]] == [s.win_rate for s in summary.seats]
    assert sum(data["summary"]["end_reasons"].values()) == 5
    win_rates = [float(row.split()[3]) for row in rows]
    assert win_rates == [round(100 * s.win_rate, 1) for s in summary.seats]


@pytest.mark.parametrize("args, message", [
    (["missing.yaml"], "missing.yaml: error io/not-found: no such file"),
    (["{scenario}", "--bots", "clever"], "unknown bot 'clever'"),
    (["{scenario}", "--players", "5"], "no board for 5 players (has 2, 3, 4)"),
    (["{scenario}", "--games", "0"], "--games/-n: must be 1 to 10,000,000, got 0"),
    (["{scenario}", "--games", "99999999999999999999"], "--games/-n: must be 1 to 10,000,000, got 99999999999999999999"),
    (["{scenario}", "--seed", "-1"], "--seed/-s: must be 0 to 9,007,199,254,740,991, got -1"),
    (["{scenario}", "--jobs", "5000"], "--jobs/-j: must be 0 to 1,024, got 5000"),
    (["{scenario}", "--players", "0"], "--players/-p: must be 1 to 99, got 0"),
    (["{scenario}", "-n", "1", "--bots", "mcts::c=nan"], "the MCTS exploration (c) must be 0 to 1000, got nan"),
    (["{scenario}", "-n", "1", "--bots", "mcts:infs"], "the MCTS time budget must be more than 0 and at most 600 s, got inf"),
    (["{scenario}", "-n", "1", "--bots", "mcts:nans"], "the MCTS time budget must be more than 0 and at most 600 s, got nan"),
    (["{scenario}", "-n", "1", "--bots", "mcts:99999999999999999999"],
     "MCTS iterations must be 1 to 1,000,000, got 99999999999999999999"),
    (["{scenario}", "-n", "1", "--bots", "mcts::scale=inf"], "the MCTS margin scale (scale) must be above 0 and at most 1000, got inf"),
    (["{scenario}", "-n", "1", "--bots", "mcts::widen=-1"], "the MCTS widening (widen) must be 0 to 1000, got -1.0"),
    (["{scenario}", "--players", "3", "--bots", "random,greedy"], "one bot for every seat"),
    (["{broken}"], "broken.yaml:3:"),
    (["{scenario}", "--games", "many"], "'many' is not a whole number"),
    ([], "the following arguments are required: scenario"),
])
def test_cli_errors_exit_2_with_one_line(args, message, jungle_scenario, tmp_path, capsys):
    """2 for a usage problem or a file that cannot be read; 1 for content with errors (the
    broken scenario), as studio validate."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: realm-scenario/1\nid: x\n  name: [\n", encoding="utf-8")
    argv = [a.format(scenario=jungle_scenario, broken=broken) for a in args]
    rc = main(argv)
    out, err = capsys.readouterr()
    assert rc == (1 if args == ["{broken}"] else 2)
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_cli_reports_a_schema_error_with_its_position(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: realm-scenario/1\nid: x\nname: X\nboards: {2: a.yaml}\nrulez: 1\n", encoding="utf-8")
    assert main([str(bad), "--players", "2"]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:5:1:" in err and "unknown key 'rulez'" in err


def test_cli_help_exits_0(capsys):
    assert main(["--help"]) == 0
    assert "--bots" in capsys.readouterr().out


def test_a_seed_gives_the_same_games_in_every_process(jungle_scenario, tmp_path):
    """String hashing differs between processes; the games must not."""
    import os

    outputs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"games-{hash_seed}.json"
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        code = "import sys; from studio.playtest.cli import main; sys.exit(main(sys.argv[1:]))"
        subprocess.run([sys.executable, "-c", code, str(jungle_scenario), "--players", "3", "--games", "2",
                        "--bots", "random", "--seed", "9", "--json", str(out)], env=env, check=True,
                       capture_output=True)
        outputs.append(json.loads(out.read_text())["games"])
    assert outputs[0] == outputs[1]


def test_session_offers_every_band_on_the_same_pegs(jungle_scenario):
    """A triangle's three pegs also make three long barriers (Fragile Ruins, L5-2): all are
    offered, the closed band first, then the path in the order the pegs were chosen."""
    import copy

    from studio.model.io import read_realm

    realm = read_realm(jungle_scenario, 2)
    scenario = copy.deepcopy(realm.scenario)
    scenario.rules.bands = ("triangle", "long-barrier")
    scenario.rules.start = "anywhere"
    game = load_game((scenario, realm.board), players=2)
    session = PlaySession(game, ["human", "random"], seed=3)
    tri = next(a for a in session.legal_actions() if isinstance(a, Place) and a.shape == "triangle"
               and len(session.legal_bands()[frozenset(a.pegs)]) == 4)
    a, b, c = tri.pegs
    bands = session.bands_for([b, a, c])
    assert [x.shape for x in bands] == ["triangle", "long-barrier", "long-barrier", "long-barrier"]
    assert bands[1].pegs in ((b, a, c), (c, a, b))
    assert session.band_for([b, a, c]) == bands[0]
