"""The assistant on a board with a known fix, and ``studio balance`` end to end (tiny budgets)."""

from __future__ import annotations

import json

import pytest

from studio.balance.edits import Locks, Regions
from studio.balance.search import balance
from studio.model import io
from tests.balance.boards import lattice_board, setup_of


def test_moves_treasure_toward_the_seat_that_lacks_it_and_the_verified_gap_shrinks():
    # South's side has 3 segments without their treasure: South is far behind (with the greedy
    # bot that heads for distant content, 2 empty segments no longer make a clear gap)
    board = lattice_board(cols=6, south_empty=3)
    # (160 games: the search keeps within its budget, and fewer leave most edits unraced)
    result = balance(setup_of(board), budget=160, seed=1, steps=2, candidates=4, verify_games=40, top=1,
                     locks=Locks(frozenset({"energy", "starts", "colours"})))
    assert result.proposals
    best = result.proposals[0]
    regions = Regions.of(board)
    moved = [e for e in best.edits if e.kind == "treasure" and e.moves]
    assert moved
    (_a, _src), (_b, dst) = moved[0].moves[0]
    assert regions.owner(dst.split("-")) == 0            # toward South (seat 1)
    v = best.verified
    assert v is not None and v.games == 40
    assert v.before.rates[0] < v.before.fair_share       # South was behind...
    assert v.after.gap() < v.before.gap()                # ...and the gap shrank on fresh seeds
    assert v.change < 0 and v.change_ci[1] < 0
    assert sum(s.treasure for s in best.board.segments) == sum(s.treasure for s in board.segments)


@pytest.fixture
def content(tmp_path):
    """A scenario file (end at 8 VP) with the lattice board, in a content root of its own."""
    (tmp_path / "boards").mkdir()
    (tmp_path / "scenarios").mkdir()
    board = lattice_board(cols=6, south_empty=3)
    board.location = "lattice"
    io.write(board, tmp_path / "boards" / "lattice-2p.yaml", origin=None)
    (tmp_path / "scenarios" / "lattice.yaml").write_text(
        "format: realm-scenario/1\nid: lattice\nname: Lattice\nboards:\n  2: ../boards/lattice-2p.yaml\n"
        "rules:\n  bands: [line, triangle, quad]\n  end: {score: 8}\n", encoding="utf-8")
    return tmp_path


def test_cli_prints_and_saves_proposals_that_validate(content, capsys):
    from studio.cli import main
    from studio.validate import validate

    out = content / "out"
    status = main(["balance", str(content / "scenarios" / "lattice.yaml"), "-p", "2", "--budget-games", "30",
                   "--steps", "1", "--candidates", "3", "--verify-games", "10", "--top", "1", "--seed", "1",
                   "--lock", "starts,colours", "-o", str(out)])
    text = capsys.readouterr().out
    assert status == 0
    assert "verified on 10 fresh games" in text and "before win %" in text
    summary = json.loads((out / "balance.json").read_text())
    assert summary["format"] == "studio-balance/1" and summary["players"] == 2
    proposal = summary["proposals"][0]
    assert proposal["verified"]["games"] == 10
    # the header tells the search's games (what the budget bounds) from the checks after it
    n = len(summary["proposals"])
    assert summary["verify_games"] == 10 * (n + 1)
    assert summary["search_games"] + summary["verify_games"] == summary["games_played"]
    assert summary["search_games"] <= 30
    assert (f"searched with {summary['search_games']} games (budget 30), "
            f"then {10 * (n + 1)} fresh games to verify;") in text
    assert all(e["kind"] in ("treasure", "energy") for e in proposal["edits"])
    assert validate(str(out / "balance.json")) == []   # studio-balance/1 matches its schema
    saved = out / proposal["file"]
    assert not [f for f in validate(str(saved)) if f.severity == "error"]
    assert io.read_board(saved) != io.read_board(content / "boards" / "lattice-2p.yaml")


def test_cli_errors_are_one_line(content, capsys):
    from studio.cli import main

    scenario = str(content / "scenarios" / "lattice.yaml")
    assert main(["balance", scenario, "--lock", "peg:zz"]) == 2
    assert main(["balance", scenario, "--weights", "fair=-1"]) == 2
    assert main(["balance", scenario, "-o", scenario]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["studio balance: --lock peg:zz: the board has no peg zz",
                   "studio balance: --weights 'fair=-1': a weight is a number of 0 or more",
                   f"studio balance: -o {scenario}: is a file; give a folder for the proposals"]


def test_same_results_serial_and_in_processes():
    setup = setup_of(lattice_board(cols=6, south_empty=2))
    runs = [balance(setup, budget=16, seed=3, steps=1, candidates=3, verify_games=0, top=2, jobs=j)
            for j in (1, 2)]
    a, b = ([(p.describe(), p.score.total, p.games) for p in r.proposals] for r in runs)
    assert a == b and runs[0].games == runs[1].games


def test_turn_order_gap_is_answered_by_a_gap_sized_move_that_holds_on_fresh_seeds():
    # the lattice is symmetric, but seat 1 (South) is dealt 4 cards and North 5 (RTR-S2): South
    # wins about a third of the games. One unit moved is lost in the noise; the line search over
    # the size of the move finds one that narrows the gap on seeds the search never played
    board = lattice_board(cols=6)
    result = balance(setup_of(board), budget=140, seed=2, steps=1, candidates=1, verify_games=80, top=1,
                     locks=Locks(frozenset({"energy", "starts", "colours"})))
    best = result.proposals[0]
    (edit,) = best.edits
    regions = Regions.of(board)
    assert len(edit.moves) >= 2
    assert all(regions.owner(dst.split("-")) == 0 for _src, (_k, dst) in edit.moves)   # toward South
    assert any("uneven on purpose" in n and "RTR-S2" in n for n in best.notes)
    v = best.verified
    assert v.before.rates[0] < v.before.fair_share - 0.1                  # South well behind before...
    assert v.after.gap() < v.before.gap() - 0.05 and v.change < 0         # ...much less after


def test_a_proposal_saved_as_a_board_file_plays_the_same_games_as_in_the_search(tmp_path):
    # verification trusts that a proposal plays the same whether the search holds it in memory or
    # it is read back from its file (an edit that adds a segment appends it; the file keeps order)
    from studio.balance.edits import Diagnosis, apply_edits, gap_edits
    from studio.model.realm import Realm
    from studio.playtest.runner import iter_batch
    from studio.playtest.setup import Setup

    board = lattice_board(cols=6)
    setup = setup_of(board)
    edit = gap_edits(board, setup.scenario, Diagnosis((-0.2, 0.2)))[3]
    assert len(edit.moves) == 5
    edited, _rules = apply_edits(board, [edit])
    io.write(edited, tmp_path / "proposal.yaml", origin=None)
    saved = io.read_board(tmp_path / "proposal.yaml")
    games = [[(r.seed, r.scores, r.winners) for r in iter_batch(Setup("realm", Realm(setup.scenario, b), 2), None, 6, 4)]
             for b in (edited, saved)]
    assert games[0] == games[1]


@pytest.mark.parametrize("steps, rounds_budget", [(2, 250 - 2 * 50), (3, None)])
def test_a_step_racing_many_edits_plays_its_finalists_on_to_the_games_a_climb_needs(monkeypatch, steps, rounds_budget):
    # some 20 edits on a step's share of the 500 games left after a first look of 100 leave the last two
    # on fewer common seeds than a climb needs (half the first look's games); they play on to 50,
    # kept out of what the rounds share: 2 x 50 of the step's 250 games with 2 steps; with 3 (166 a
    # step) the rounds keep their least (4 a board) and the rest comes from the later steps' share
    import studio.balance.search as search

    races = []
    plain = search.successive_halving

    def spy(*args, **kwargs):
        race = plain(*args, **kwargs)
        races.append((len(args[0]) - 1, args[3], kwargs["final_games"], race))
        return race

    monkeypatch.setattr(search, "successive_halving", spy)
    result = balance(setup_of(lattice_board(cols=6)), budget=600, seed=2, steps=steps, candidates=8, verify_games=0,
                     top=1)
    assert races and result.stopped is None
    arms, played_budget, final_games, race = races[0]
    assert arms > 15 and final_games == 50 and played_budget == (rounds_budget or 4 * (arms + 1))
    assert sum(g for _n, g in search.schedule(arms, 500 // steps, 2, 1)) < 50   # the rounds alone fall short
    assert race.common == 50 and race.stopped is None
    assert result.games <= 600


def test_no_race_starts_on_fewer_games_than_a_climb_needs(monkeypatch):
    # the Labyrinth 4p search ran a dozen races on 2 to 32 games at the end of its budget, none
    # of which could be climbed onto (a climb needs half the first look's games: 50 of 100 here)
    import studio.balance.search as search

    budgets = []

    def no_winner(arms, play, _score, budget, seeds, final_games=0, **_kw):
        budgets.append(budget + 2 * final_games)     # the rounds' share and the finalists' games
        recs = play(arms[1], list(seeds[:budgets[-1]]))   # one arm spends them; the board stays
        return search.Race([search.ArmResult(arms[0], 0.0, len(recs))], len(recs), 1, None, 0)

    monkeypatch.setattr(search, "successive_halving", no_winner)
    result = balance(setup_of(lattice_board(cols=6)), budget=600, seed=2, steps=3, candidates=3, verify_games=0,
                     top=1)
    assert len(budgets) > 3 and min(budgets) >= 50
    assert 600 - result.search_games < 50      # it stopped for want of games, not before


@pytest.mark.parametrize("budget", [4, 5, 6, 7, 9, 13])
def test_the_search_never_plays_more_than_its_budget_however_small(budget):
    # fresh-user trial: budgets of 4 and 5 played 6 games (a race of 2 games after a first look of 4)
    result = balance(setup_of(lattice_board(cols=6)), budget=budget, seed=1, steps=3, candidates=8, verify_games=0,
                     top=1)
    assert result.search_games <= budget


class _ClosedPipe:
    """Standard output whose reader went away at once (``studio balance ... | head -0``)."""

    def write(self, _text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")

    def fileno(self):
        import io

        raise io.UnsupportedOperation("no file")


def test_the_run_is_saved_before_its_report_so_a_closed_pipe_loses_nothing(content, monkeypatch):
    # fresh-user trial: `studio balance ... | head -5` exited 1 and saved nothing: the report was
    # printed first and the broken pipe ended the run before the files were written
    from studio.cli import main

    out = content / "out"
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    assert main(["balance", str(content / "scenarios" / "lattice.yaml"), "-p", "2", "--budget-games", "30", "--steps",
                 "1", "--candidates", "3", "--verify-games", "4", "--top", "1", "--seed", "1", "-q", "-o", str(out)]) == 1
    summary = json.loads((out / "balance.json").read_text())
    assert summary["games_played"] > 0 and (out / summary["proposals"][0]["file"]).is_file()


def test_a_run_with_no_proposal_saves_its_record_and_a_rerun_replaces_the_earlier_files(content, capsys):
    # fresh-user trial: a run that found nothing saved nothing (no record of what it raced), and a
    # second run in the same folder left the first's extra proposal files beside its own record
    from studio.cli import main
    from studio.validate import validate

    out = content / "out"
    args = ["balance", str(content / "scenarios" / "lattice.yaml"), "-p", "2", "--seed", "1", "--steps", "2",
            "--candidates", "3", "--verify-games", "4", "-o", str(out)]
    assert main(args + ["--budget-games", "60", "--top", "3"]) == 0
    first = json.loads((out / "balance.json").read_text())
    files = sorted(p["file"] for p in first["proposals"])
    assert len(files) >= 2 and all((out / f).is_file() for f in files)
    capsys.readouterr()
    assert main(args + ["--budget-games", "60", "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert sorted(f.name for f in out.iterdir()) == sorted(["balance.json", files[0]])
    for f in files[1:]:
        assert f"removed {out / f} (a proposal of the earlier run in this folder" in text
    assert main(args + ["--budget-games", "4"]) == 0      # too small to race: no proposal
    assert "No proposal" in capsys.readouterr().out
    record = json.loads((out / "balance.json").read_text())
    assert record["proposals"] == [] and record["search_games"] == 4
    assert validate(str(out / "balance.json")) == []
    assert sorted(f.name for f in out.iterdir()) == ["balance.json"]


def test_a_folder_holding_another_boards_run_is_refused_before_any_game(content, capsys):
    # balancing a second board into the folder of a first replaced the first's record and removed
    # its proposals, after the whole search: now refused at once, and nothing there changes
    from studio.cli import main

    out = content / "out"
    second = content / "boards" / "other-2p.yaml"
    text = (content / "boards" / "lattice-2p.yaml").read_text(encoding="utf-8")
    second.write_text(text.replace("id: lattice-2p", "id: other-2p", 1), encoding="utf-8")
    args = ["--seed", "1", "--steps", "1", "--candidates", "3", "--verify-games", "4", "--budget-games", "40",
            "-q", "-o", str(out)]
    assert main(["balance", str(content / "scenarios" / "lattice.yaml"), "-p", "2", *args]) == 0
    before = {f.name: f.read_bytes() for f in out.iterdir()}
    capsys.readouterr()
    assert main(["balance", str(second), *args]) == 2
    err = capsys.readouterr().err
    assert err == (f"studio balance: -o {out}: holds the balance run of lattice-2p (2 players), which a run of "
                   f"other-2p (2 players) would replace, its proposals removed: give another folder, or remove "
                   f"{out / 'balance.json'} first\n")
    assert {f.name: f.read_bytes() for f in out.iterdir()} == before
    assert main(["balance", str(content / "scenarios" / "lattice.yaml"), "-p", "2", *args]) == 0   # its own rerun


def test_a_rerun_over_a_damaged_record_or_a_file_it_cannot_remove_still_says_what_is_left(content, capsys,
                                                                                          monkeypatch):
    # trial: with the earlier balance.json truncated the earlier run's extra proposals stayed,
    # silently; a proposal file that could not be removed stopped the rerun with "cannot save the
    # proposals in OUT: Operation not permitted", naming no file, and left the next one too
    from pathlib import Path

    from studio.cli import main

    out = content / "out"
    args = ["balance", str(content / "scenarios" / "lattice.yaml"), "-p", "2", "--seed", "1", "--steps", "2",
            "--candidates", "3", "--verify-games", "4", "--budget-games", "60", "-o", str(out)]
    assert main(args + ["--top", "3"]) == 0
    files = sorted(p["file"] for p in json.loads((out / "balance.json").read_text())["proposals"])
    assert len(files) == 3
    (out / "notes.txt").write_text("mine")
    (out / "ideas-proposal-1.yaml").write_text("my own notes\n")    # the user's, named like a proposal
    (out / "balance.json").write_text('{"format": "studio-bal')     # damaged
    capsys.readouterr()
    assert main(args + ["--top", "1"]) == 0
    captured = capsys.readouterr()
    # nothing the record cannot vouch for is removed (trial 2: "ideas-proposal-1.yaml" went), but
    # the files named like proposals are listed, so the earlier run's are not left silently
    assert sorted(f.name for f in out.iterdir()) == sorted(["balance.json", "notes.txt", "ideas-proposal-1.yaml",
                                                           *files])
    assert "removed" not in captured.out
    assert "the earlier balance.json in" in captured.err and "could not be read" in captured.err
    assert ", ".join(sorted(["ideas-proposal-1.yaml", *files[1:]])) in captured.err
    for f in ["ideas-proposal-1.yaml", *files[1:]]:
        (out / f).unlink()

    assert main(args + ["--top", "3"]) == 0
    stuck = (out / files[1]).resolve()
    real_unlink = Path.unlink

    def unlink(self, missing_ok=False):
        if self == stuck:
            raise PermissionError(1, "Operation not permitted", str(self))
        return real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    capsys.readouterr()
    assert main(args + ["--top", "1"]) == 0                         # the run itself is saved
    err = capsys.readouterr().err
    assert f"warning: cannot remove {stuck}, a proposal of the earlier run" in err and "permission denied" in err
    assert not (out / files[2]).exists() and stuck.exists()        # the next one still went


def test_content_with_errors_is_refused_naming_the_command(content, capsys):
    # fresh-user trial: balance said "fix it before playtesting"
    from studio.cli import main

    board = content / "boards" / "lattice-2p.yaml"
    board.write_text(board.read_text().replace("players: 2", "players: 9"), encoding="utf-8")
    assert main(["balance", str(content / "scenarios" / "lattice.yaml"), "-p", "2", "-o", str(content / "o")]) == 1
    err = capsys.readouterr().err
    assert "before balancing (the findings above" in err and "playtesting" not in err
    assert not (content / "o").exists()
