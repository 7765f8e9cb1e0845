"""``studio.generate``: the designs moved from tools/ still give the bundled content, every
location and player count gives boards that validate cleanly, islands out of the crosses budget
(or with a goal that cannot be achieved) are never offered, the same seed gives the same output,
and bad constraints get one clear line."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from studio.generate import offer
from studio.generate.islands import IslandSpec, bundled_islands, design_island, goal_crosses
from studio.generate.offer import Figures, Rate, findings_of, generate
from studio.generate.realm import (
    DESIGNS,
    BoardSpec,
    adopted_description,
    adopted_edits,
    adopted_runs,
    bundled_board,
    design_board,
    totals,
)
from studio.generate.symmetry import SHAPES, GenerateError, check_symmetric
from studio.model import io
from studio.model.rivages import Effect, Goal, GoalStep
from studio.validate import validate

ROOT = Path(__file__).resolve().parents[2]
CASES = [(loc, n) for loc in DESIGNS for n in (2, 3, 4)]


def figures(wins, games=40, intended=40, seats=None) -> Figures:
    """Figures from synthetic counts (win credits per seat, games ending as intended)."""
    from studio.playtest.seats import seat_test

    n = len(wins)
    t = seat_test(wins, games)
    return Figures(games, ("greedy",) * n, 1, tuple(seats or [f"seat {i + 1}" for i in range(n)]),
                   tuple(Rate.of(w, games) for w in wins), sum(wins) / games / n, t.chi2, t.df, t.p, t.uneven,
                   Rate.of(intended, games), 6.0, (5.0,) * n)


@pytest.fixture
def fair_games(monkeypatch):
    """The simulation replaced by even figures (the validator still runs for real): for tests
    about what reaches the simulation and what is offered, not about the games."""
    def fake(content, players, games, bots, seed, on_game=None):
        n = players if not hasattr(content, "pegs") else content.players
        return figures([games / n] * n, games=games, intended=games)
    monkeypatch.setattr(offer, "simulate", fake)


def test_the_design_script_writes_the_bundled_boards_byte_for_byte(tmp_path):
    # a board the balance assistant fixed (issue 15) is its design with the assistant's edits, as
    # its runs saved them (boards/realm/balance/BOARD.balance-K.json, run K searched from the board
    # run K-1 proposed; its first proposal is the one adopted)
    import importlib.util

    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "content.json").symlink_to(ROOT / "schemas" / "content.json")
    spec = importlib.util.spec_from_file_location("design_boards", ROOT / "tools" / "design_boards.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "boards" / "realm"
    assert tool.main(["--out", str(out)]) == 0
    bundled = sorted(p.name for p in (ROOT / "boards" / "realm").glob("*.yaml"))
    assert sorted(p.name for p in out.glob("*.yaml")) == bundled and len(bundled) == 24
    for name in bundled:
        assert (out / name).read_bytes() == (ROOT / "boards" / "realm" / name).read_bytes(), name
    # every record kept is one a bundled board adopted, and an adopted board is not its bare design
    folder = ROOT / "boards" / "realm" / "balance"
    used = 0
    for loc, n in CASES:
        runs = adopted_runs(f"{loc}-{n}p")
        used += len(runs)
        if runs:
            assert design_board(BoardSpec(loc, n)).to_data() != bundled_board(loc, n).to_data(), (loc, n)
    assert used == len(list(folder.glob("*.json"))) >= 1


def test_adopted_edits_apply_in_run_order_and_bad_records_say_which_file(tmp_path):
    board = design_board(BoardSpec("fragile-ruins", 2))
    south = list(board.seats["south"].start)
    free = next(p for p in ("h7", "h3") if p not in south)

    def record(k, edits, board_id="fragile-ruins-2p"):
        data = {"format": "studio-balance/1", "board": {"id": board_id}, "proposals": [{"edits": edits}]}
        (tmp_path / f"{board_id}.balance-{k}.json").write_text(json.dumps(data), encoding="utf-8")

    grow = {"kind": "starts", "op": "start", "args": ["south", south + [free]], "touches": [], "text": "grow"}
    back = {"kind": "starts", "op": "start", "args": ["south", south], "touches": [], "text": "back"}
    record(10, [back])  # run 10 comes after run 2, not before it (numbers, not text)
    record(2, [grow])
    assert [e.text for e in adopted_edits("fragile-ruins-2p", tmp_path)] == ["grow", "back"]
    assert bundled_board("fragile-ruins", 2, tmp_path).seats["south"].start == south
    (tmp_path / "fragile-ruins-2p.balance-10.json").unlink()
    assert bundled_board("fragile-ruins", 2, tmp_path).seats["south"].start == south + [free]
    record(3, [grow], board_id="volcano-2p")
    (tmp_path / "volcano-2p.balance-3.json").rename(tmp_path / "fragile-ruins-2p.balance-3.json")
    with pytest.raises(GenerateError, match=r"fragile-ruins-2p\.balance-3\.json: not a studio-balance/1 record of "
                                            r"board fragile-ruins-2p"):
        adopted_runs("fragile-ruins-2p", tmp_path)


def test_a_record_may_adopt_a_later_proposal(tmp_path):
    board = design_board(BoardSpec("fragile-ruins", 2))
    south = list(board.seats["south"].start)
    free = [p for p in ("h7", "h3", "h2", "h8") if p not in south]

    def grow(peg):
        return {"kind": "starts", "op": "start", "args": ["south", south + [peg]], "touches": [], "text": peg}

    def record(**extra):
        data = {"format": "studio-balance/1", "board": {"id": "fragile-ruins-2p"},
                "proposals": [{"edits": [grow(free[0])]}, {"edits": [grow(free[1])]}], **extra}
        (tmp_path / "fragile-ruins-2p.balance-1.json").write_text(json.dumps(data), encoding="utf-8")

    record()
    assert [e.text for e in adopted_edits("fragile-ruins-2p", tmp_path)] == [free[0]]
    record(adopted=2)
    assert [e.text for e in adopted_edits("fragile-ruins-2p", tmp_path)] == [free[1]]
    assert bundled_board("fragile-ruins", 2, tmp_path).seats["south"].start == south + [free[1]]
    for bad in (0, 3, "2", True):
        record(adopted=bad)
        with pytest.raises(GenerateError, match=r"balance-1\.json: adopted must be the number of one of its 2 "
                                                r"proposals, got "):
            adopted_runs("fragile-ruins-2p", tmp_path)


def test_the_island_designs_give_the_bundled_islands_exactly():
    made = bundled_islands(4)  # the first four: each is the first sound draw of its own seed
    for island in made:
        bundled = io.read(ROOT / "boards" / "rivages" / "islands" / f"{island.id}.yaml")
        assert island.to_data() == bundled.to_data()


def test_every_location_and_player_count_offers_boards_valid_with_no_error_nor_warning(fair_games):
    for loc, n in CASES:
        out = generate(BoardSpec(loc, n, seed=31), count=1, tries=6, games=4)
        assert out.offered, (loc, n, out.why_none())
        board = out.offered[0].content
        assert board.location == loc and board.players == n
        bad, _notes = findings_of(board)
        assert bad == []
        # and the validator of the saved text, with the location's scenario, agrees
        from studio.model.locations import rules_for

        found = validate(board, scenario=rules_for(board).scenario)
        assert [f for f in found if f.severity in ("error", "warning")] == []
        for r in out.rejected:  # anything not offered was refused for a reason in words
            assert r.stage in ("design", "validate") and r.reason


def test_a_candidate_with_validation_errors_is_not_offered_and_says_why(fair_games):
    # The Labyrinth for 3 players, seed 11, has no shield: sets score at the end (L8-9)
    out = generate(BoardSpec("labyrinth", 3, seed=11), count=1, tries=1, games=4)
    assert out.offered == []
    assert out.rejected[0].stage == "validate" and "scenario/missing-artifact" in out.rejected[0].reason
    assert "did not validate cleanly" in out.why_none() and "seed 11" in out.why_none()


def test_an_island_whose_goal_cannot_be_achieved_is_never_offered(monkeypatch, fair_games):
    def walled_off(spec, draw=0):
        island = design_island(spec, draw)
        stronghold = next(s.at for s in island.spaces if s.kind == "stronghold")
        # a spaces quest on a stronghold: strongholds are never crossed (RIV-T6)
        island.quest = Goal([GoalStep("spaces", Effect(scrolls=3), spaces=(stronghold,))])
        return island

    monkeypatch.setattr(offer, "design_island", walled_off)
    out = generate(IslandSpec(seed=4), count=1, tries=3, games=4)
    assert out.offered == []
    assert [r.stage for r in out.rejected] == ["budget"] * 3
    assert all("quest cannot be achieved" in r.reason for r in out.rejected)
    assert out.why_none().startswith("nothing offered: 3 candidates tried; 3 had a goal out of the crosses budget")


def test_islands_offered_keep_every_goal_within_the_crosses_budget(fair_games):
    out = generate(IslandSpec(seed=2, crosses=7), count=2, tries=8, games=4)
    assert out.offered
    for c in out.offered:
        assert all(crosses is not None and crosses <= 7 for _n, crosses, _p in goal_crosses(c.content))
        assert findings_of(c.content)[0] == []
    for r in out.rejected:
        assert r.stage != "budget" or "more than the budget of 7" in r.reason


def test_a_crosses_budget_nothing_meets_says_why_nothing_was_offered(fair_games):
    out = generate(IslandSpec(seed=0, crosses=1), count=1, tries=2, games=4)
    assert out.offered == [] and len(out.rejected) == 2
    assert "more than the budget of 1" in out.why_none()


def test_the_fairness_check_on_synthetic_figures():
    assert figures([20, 20]).problem() == ""
    uneven = figures([31, 9])  # chi-square 12.1 on 1 degree of freedom
    assert uneven.uneven and uneven.p < 0.001
    assert uneven.problem().startswith("seats uneven in 40 games (chi-square 12.1 on 1 degree of freedom")
    assert "seat 1 wins 78%" in uneven.problem()
    short = figures([18, 18], intended=34)  # 85% < 90%
    assert short.problem().startswith("only 85% (95% 71-93%, n=40) of games end as the rules intend")
    r = Rate.of(20, 40)
    assert (round(r.low, 3), round(r.high, 3)) == (0.352, 0.648)  # Wilson 95% for 20 of 40


def test_real_games_decide_what_is_offered_and_the_figures_say_how_many():
    out = generate(BoardSpec("volcano", 3, seed=5), count=1, tries=2, games=12)
    assert out.offered
    f = out.offered[0].figures
    assert f.games == 12 and all(r.n == 12 for r in f.wins) and len(f.seats) == 3
    assert abs(sum(r.value for r in f.wins) - 3 * f.fair_share) < 1e-9
    assert "in 12 greedy bot games" in out.offered[0].content.description


def test_the_same_seed_gives_the_same_board_and_another_seed_another():
    a = design_board(BoardSpec("cursed-triangle", 4, seed=9))
    b = design_board(BoardSpec("cursed-triangle", 4, seed=9))
    c = design_board(BoardSpec("cursed-triangle", 4, seed=10))
    assert a.to_data() == b.to_data() != c.to_data()
    assert design_island(IslandSpec(seed=6)).to_data() == design_island(IslandSpec(seed=6)).to_data()


def test_constraints_shape_the_board():
    lean = design_board(BoardSpec("cursed-triangle", 2, seed=3, difficulty="hard"))
    rich = design_board(BoardSpec("cursed-triangle", 2, seed=3, difficulty="easy"))
    assert totals(lean)["treasure"] < totals(rich)["treasure"]
    asked = design_board(BoardSpec("cursed-triangle", 2, seed=3, treasure=40, energy=6))
    assert abs(totals(asked)["treasure"] - 40) <= 2 and abs(totals(asked)["energy"] - 6) <= 2
    square = design_board(BoardSpec("volcano", 4, seed=3, shape="square"))
    assert len(square.pegs) == len(SHAPES["square"]().pegs) - 2  # less the two crater pegs
    free = design_board(BoardSpec("cursed-triangle", 2, seed=3, symmetric=False))
    from studio.generate.realm import _layout

    with pytest.raises(GenerateError, match="is not repeated by the rotation|turns into"):
        check_symmetric(free, _layout("square", BoardSpec("cursed-triangle", 2)))


@pytest.mark.parametrize("spec, message", [
    (BoardSpec("volcano", 3, shape="full"), "volcano for 3 players is drawn on hexagon, not full (3 players need"),
    (BoardSpec("jungle-temples", 2, shape="square"), "jungle-temples for 2 players is drawn on full, not square"),
    (BoardSpec("labyrinth", 2, energy=4), "labyrinth has no energy to set: chains gather line items (L8)"),
    (BoardSpec("engraved-board", 2, treasure=4), "engraved-board has no treasure to set: its points come from"),
    (BoardSpec("volcano", 5), "players must be 2, 3 or 4 (RTR-S6), got 5"),
    (BoardSpec("atlantis", 2), "unknown location 'atlantis': one of jungle-temples, volcano"),
    (BoardSpec("volcano", 2, treasure=999), "treasure must be 0 to 300, got 999"),
    (IslandSpec(size=5), "size must be 20 to 50 spaces, got 5"),
    (IslandSpec(quest="treasure"), "quest must be one of fort, spaces, pattern, got 'treasure'"),
])
def test_bad_constraints_are_refused_before_anything_is_designed(spec, message):
    with pytest.raises(GenerateError) as exc:
        generate(spec, count=1, tries=1, games=4)
    assert str(exc.value).startswith(message)


def run_cli(*args):
    """``studio generate ARGS`` in a child process (as a user runs it)."""
    return subprocess.run([sys.executable, "-m", "studio", "generate", *args], capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("args, message", [
    (["volcano", "-p", "5"], "a Rule the Realm board is for 2 to 4 players (RTR-S6), got --players 5"),
    (["volcan"], "unknown location 'volcan' (did you mean 'volcano'?): one of jungle-temples"),
    (["island", "--treasure", "4"], "--treasure is a board constraint, not for an island"),
    (["volcano", "--two-step"], "--two-step is an island constraint, not for a board"),
    (["island", "--symmetry", "none"], "--symmetry is a board constraint, not for an island"),
    (["volcano", "-p", "3", "--shape", "square"], "volcano for 3 players is drawn on hexagon, not square"),
    (["island", "--size", "9"], "argument --size: must be 20 to 50, got 9"),
    (["volcano", "--count", "3", "--tries", "2"], "--tries 2 is fewer than --count 3"),
    (["volcano", "--bots", "bogus"], "unknown bot 'bogus' (known: random, greedy"),
])
def test_the_cli_says_what_is_wrong_in_one_line(args, message, tmp_path, capsys):
    from studio.generate.cli import main

    assert main([*args, "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("studio generate: ")
    assert message in err
    assert not (tmp_path / "out").exists()


def test_the_cli_saves_candidates_with_their_figures_and_the_same_seed_gives_the_same_files(tmp_path):
    from studio.generate.cli import main

    args = ["cursed-triangle", "-p", "2", "--seed", "4", "--count", "1", "--games", "6", "-q"]
    r = run_cli(*args, "-o", str(tmp_path / "a"))  # a child process, as a user runs it...
    assert r.returncode == 0, r.stderr
    assert main([*args, "-o", str(tmp_path / "b")]) == 0  # ...and here: the same files
    outs = [sorted((tmp_path / name).iterdir()) for name in ("a", "b")]
    (a_board, a_json), (b_board, _b_json) = outs
    assert a_board.name == "cursed-triangle-2p-s4.yaml" and a_board.read_text() == b_board.read_text()
    text = a_board.read_text()
    assert "# Generated by studio generate, design seed 4" in text and "(95% " in text and "n=6)" in text
    assert validate(a_board) == []  # 0 errors, 0 warnings, no notes either
    summary = json.loads(a_json.read_text())
    assert summary["format"] == "studio-generate/1" and summary["offered"][0]["file"] == a_board.name
    seat = summary["offered"][0]["figures"]["seats"][0]
    assert seat["win_rate"]["games"] == 6 and len(seat["win_rate"]["ci95"]) == 2
    # run again into the same folder: the file there is kept, the new one gets -2
    assert main([*args, "-o", str(tmp_path / "a")]) == 0
    assert (tmp_path / "a" / "cursed-triangle-2p-s4-2.yaml").exists() and a_board.read_text() == text


def test_the_cli_says_why_no_island_was_offered(tmp_path):
    r = run_cli("island", "--crosses", "1", "--count", "1", "--tries", "2", "--games", "4", "-q",
                "-o", str(tmp_path / "out"))
    assert r.returncode == 1
    assert r.stderr.startswith("studio generate: nothing offered: 2 candidates tried; 2 had a goal out of the "
                               "crosses budget (e.g. seed 0: its quest needs")
    assert json.loads((tmp_path / "out" / "generate.json").read_text())["offered"] == []


def test_replacing_the_seed_only_changes_the_design(fair_games):
    spec = BoardSpec("two-deities", 2, seed=3)
    one = generate(spec, count=1, tries=1, games=4).offered[0].content
    again = design_board(replace(spec, seed=3))
    assert one.segments == again.segments and one.id == "two-deities-2p-s3"


def _signals_as_at_a_terminal():
    # a shell without job control starts background jobs with SIGINT ignored (the studio then
    # leaves Ctrl+C alone by design): the child gets the default, as from a terminal
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM and SIGINT")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_signal_stops_the_cli_at_once_and_keeps_what_was_offered_whole(signame, tmp_path):
    # SIGTERM used to kill the run and lose every candidate offered (status 143, no file)
    import signal
    import time

    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "studio", "generate", "island", "--count", "50", "--games", "40",
                             "-v", "-o", str(out), "--json", str(tmp_path / "copy.json")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_signals_as_at_a_terminal)
    try:
        # candidates 1 and 2 are decided when candidate 3 is designed: seed 0's seats are uneven
        # in its 40 greedy games (Explorer 1 wins 28%), seed 1 is offered
        for line in proc.stderr:
            if "designing candidate 3 " in line:
                break
        else:
            pytest.fail("the run ended before candidate 3")
        proc.send_signal(getattr(signal, signame))
        start = time.monotonic()
        _, err = proc.communicate(timeout=60)
        waited = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + getattr(signal, signame), err  # 143 SIGTERM, 130 Ctrl+C
    assert "Traceback" not in err and waited < 20  # stops within a game or two, not at the end of 50
    summary = json.loads((out / "generate.json").read_text())
    assert summary["stopped"] is True and 1 <= len(summary["offered"]) < 50
    # which stop, as studio playtest --json says it; the summary matches its schema, and --json is the same
    assert (summary["stopped_by"], summary["stop_reason"]) == (
        ("signal", "stopped by a signal (SIGTERM)") if signame == "SIGTERM" else ("ctrl-c", "interrupted (Ctrl+C)"))
    assert validate(out / "generate.json") == []
    assert (tmp_path / "copy.json").read_text() == (out / "generate.json").read_text()
    assert summary["offered"][0]["file"] == "larkspur-isle-s1.yaml"
    assert sorted(p.name for p in out.iterdir()) == sorted(["generate.json"] + [c["file"] for c in summary["offered"]])
    for c in summary["offered"]:  # every file whole: it loads and validates cleanly
        assert validate(out / c["file"]) == []
    by = " (SIGTERM)" if signame == "SIGTERM" else " (Ctrl+C)"
    assert f"studio generate: interrupted{by}; {len(summary['offered'])} offered so far, saved in {out}" in err


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_a_signal_during_the_save_waits_until_every_file_is_whole(fair_games, monkeypatch, tmp_path, capsys):
    import os
    import signal

    from studio.content import yamlio
    from studio.generate.cli import main

    real = yamlio.save_atomic
    written = []

    def save_with_a_ctrl_c(path, text):  # Ctrl+C as the first file is being written
        if not written:
            os.kill(os.getpid(), signal.SIGINT)
        written.append(Path(path).name)
        return real(path, text)

    monkeypatch.setattr(yamlio, "save_atomic", save_with_a_ctrl_c)
    out = tmp_path / "out"
    # Ctrl+C as at a terminal: a test run started in the background by a shell without job
    # control has SIGINT ignored, and the studio leaves an ignored Ctrl+C alone by design
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        status = main(["cursed-triangle", "--count", "1", "--games", "4", "-q", "-o", str(out)])
    finally:
        signal.signal(signal.SIGINT, old)
    assert status == 130
    assert written == ["cursed-triangle-2p-s0.yaml", "generate.json"]  # the save went on to the end
    summary = json.loads((out / "generate.json").read_text())
    assert [c["file"] for c in summary["offered"]] == ["cursed-triangle-2p-s0.yaml"]
    assert validate(out / "cursed-triangle-2p-s0.yaml") == []
    # the search had found its 1 board: the stop only waited for the files, and says so
    assert f"studio generate: stopped (Ctrl+C) as it was finishing; 1 offered, saved in {out}\n" in capsys.readouterr().err


def test_an_adopted_board_no_longer_claims_symmetric_content(tmp_path):
    # the fresh-user trial read "The board is symmetric under a half turn." on the rebalanced
    # Jungle Temples 2p, whose seats have 5 and 4 start pegs
    design = design_board(BoardSpec("jungle-temples", 2)).description
    assert "The board is symmetric under a half turn." in design
    text = adopted_description(design, 2)
    assert "The board is symmetric" not in text and "Its layout is symmetric under a half turn." in text
    assert text.endswith("made 2 edits to its content (boards/realm/balance/), uneven on purpose: turn order and "
                         "opening hands (RTR-S2) make the seats unequal in play.")
    assert "made 1 edit to" in adopted_description("Walls run in from the edge.", 1)
    assert bundled_board("jungle-temples", 2).description == text
    # a board the assistant has not edited keeps its design's words (every bundled board is
    # edited now: an empty records folder stands for none adopted)
    assert not adopted_runs("labyrinth-3p", tmp_path)
    assert bundled_board("labyrinth", 3, tmp_path).description == design_board(BoardSpec("labyrinth", 3)).description
