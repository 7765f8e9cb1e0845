"""Reports: the terminal table, streamed JSON and CSV, the self-contained HTML page, and
``studio playtest`` end to end (both games, MCTS from the command line, Ctrl+C)."""

from __future__ import annotations

import csv
import json
import re

import pytest

from studio.content import bundled_path
from studio.playtest import GameResult, catalogue, cli, load_setup, run_batch, summarize
from studio.playtest.report import CsvWriter, JsonWriter, format_summary, html_report

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")
RIVAGES = bundled_path("scenarios", "rivages.yaml")


@pytest.fixture(scope="module")
def jungle_batch():
    setup = load_setup(JUNGLE, 2)
    return setup, catalogue(setup.game()), run_batch(setup, None, 6, seed=2, bot_names="greedy")


def test_html_report_is_self_contained_and_holds_the_tables(jungle_batch):
    setup, elements, results = jungle_batch
    summary = summarize(results, elements)
    page = html_report(summary, "Jungle Temples, 2 players", {"games": 6, "bots": "greedy"}, elements)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    for forbidden in ("http:", "https:", "<script", "<link", "src=", "@import"):
        assert forbidden not in page                     # nothing fetched, nothing run
    assert re.findall(r"url\((?!#never\))", page) == []  # only the page's own hatching pattern
    assert page.count("<svg") >= 6                       # win rates, scores, margin, rounds, actions, board
    assert "<th>seat</th><th>name</th><th>bot</th>" in page
    for seat in summary.seats:
        assert f"<td>{seat.seat + 1}</td><td>{seat.name}</td><td>greedy</td>" in page
        assert f"{100 * seat.win_rate:.1f}%" in page
    assert "How games ended" in page and "<code>score</code>" in page
    assert "Segments with content" in page and "<polygon" in page
    taken = next(e for e in summary.elements if e.taken and e.content)  # the tables list content only
    assert f"<td>{taken.label}</td>" in page
    assert re.search(r"<title>Jungle Temples, 2 players</title>", page)


def test_html_report_for_rivages_draws_islands():
    setup = load_setup(RIVAGES, 2)
    elements = catalogue(setup.game())
    summary = summarize(run_batch(setup, None, 2, seed=1, bot_names="random"), elements)
    page = html_report(summary, "Rivages", {}, elements)
    assert "Islands" in page and "Goal steps completed" in page and "Tree spaces reached" in page
    assert "Per seat, mean per game" in page and "scrolls" in page
    assert "http" not in page


def test_text_table(jungle_batch):
    _, elements, results = jungle_batch
    summary = summarize(results, elements)
    text = format_summary(summary, "title")
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("seat"))
    assert "95% CI" in lines[header] and "bands used" in lines[header]
    row = lines[header + 2].split()
    assert row[:3] == ["1", "South", "greedy"] and float(row[3]) == round(100 * summary.seats[0].win_rate, 1)
    for label in ("balance:", "first-seat advantage:", "margin of victory:", "decided:", "rounds per game:",
                  "how games ended (intended: ", "play:", "forced decisions:", "content (share of games"):
        assert label in text


def test_json_and_csv_writers_stream_games(tmp_path, jungle_batch):
    _, _, results = jungle_batch
    writer = JsonWriter(tmp_path / "g.json", {"players": 2, "seed": 2})
    out = CsvWriter(tmp_path / "g.csv", 2)
    for r in results:
        writer.add(r)
        out.add(r)
    assert not (tmp_path / "g.json").exists()            # written to a temporary file until the end
    writer.finish({"interrupted": False, "summary": summarize(results).to_dict()})
    out.finish()
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["format"] == "studio-playtest/1" and data["seed"] == 2 and data["interrupted"] is False
    assert [GameResult.from_dict(g) for g in data["games"]] == results
    rows = list(csv.DictReader((tmp_path / "g.csv").open(encoding="utf-8")))
    assert len(rows) == len(results)
    assert rows[0]["seed"] == str(results[0].seed) and rows[0]["score_1"] == str(results[0].scores[0])
    assert rows[0]["winners"] == ";".join(str(s + 1) for s in results[0].winners)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    empty = JsonWriter(tmp_path / "x.json", {})
    empty.discard()
    assert list(tmp_path.glob(".x.json*")) == [] and not (tmp_path / "x.json").exists()


# -- command line -----------------------------------------------------------------------------------

def test_cli_writes_json_csv_and_report(tmp_path, capsys):
    files = {k: tmp_path / f"out.{k}" for k in ("json", "csv", "html")}
    rc = cli.main([str(JUNGLE), "-n", "3", "--seed", "1", "--bots", "mcts:6,greedy", "--json", str(files["json"]),
                   "--csv", str(files["csv"]), "--report", str(files["html"])])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "Jungle Temples, 2 players: 3 games, seed 1" in out and "mcts:6" in out
    assert "3 games in" in err and "games/s" in err
    data = json.loads(files["json"].read_text())
    assert data["bots"] == ["mcts:6", "greedy"] and len(data["games"]) == 3 and data["games_played"] == 3
    assert len(files["csv"].read_text().splitlines()) == 4
    assert "<svg" in files["html"].read_text()


def test_cli_plays_rivages(capsys):
    assert cli.main([str(RIVAGES), "-n", "2", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Rivages, 2 players: 2 games" in out and "goal steps" in out and "bands used" not in out


def test_ctrl_c_keeps_the_games_that_finished(tmp_path, capsys, monkeypatch):
    real = cli.iter_batch

    def interrupted(*args, **kwargs):
        for i, r in enumerate(real(*args, **kwargs)):
            if i == 2:
                raise KeyboardInterrupt
            yield r

    monkeypatch.setattr(cli, "iter_batch", interrupted)
    out_json, out_html = tmp_path / "g.json", tmp_path / "r.html"
    rc = cli.main([str(JUNGLE), "-n", "10", "--bots", "random", "--json", str(out_json), "--report", str(out_html)])
    out, err = capsys.readouterr()
    assert rc == 130
    assert "interrupted after 2 of 10 games" in err
    assert "2 games of 10" in out
    data = json.loads(out_json.read_text())
    assert data["interrupted"] is True and len(data["games"]) == 2 and data["summary"]["games"] == 2
    assert out_html.exists()


@pytest.mark.parametrize("args, message", [
    (["{s}", "--executor", "dask"], "--executor dask needs --scheduler"),
    (["{s}", "--scheduler", "tcp://127.0.0.1:1"], "--scheduler goes with --executor dask"),
    (["{s}", "--executor", "cloud"], "invalid choice: 'cloud'"),
    (["{s}", "--bots", "mcts:lots"], "bad MCTS budget 'lots'"),
    (["{s}", "--report", "{s}/r.html"], "is a file, not a folder"),
    (["{s}", "--jobs", "-1"], "--jobs/-j: must be 0 to 1,024, got -1"),
    (["{r}", "--players", "7"], "cannot be played by 7"),
])
def test_cli_errors_exit_2(args, message, capsys):
    argv = [a.format(s=JUNGLE, r=RIVAGES) for a in args]
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and len(err.strip().splitlines()) == 1


def test_dask_without_the_extra_says_how_to_install_it(capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)   # as if the cluster extra were missing
    assert cli.main([str(JUNGLE), "-n", "1", "--executor", "dask-local"]) == 2
    err = capsys.readouterr().err
    assert 'pip install "board-studio[cluster]"' in err and len(err.strip().splitlines()) == 1


def test_a_batch_nobody_won_shows_no_balance_figure(jungle_batch):
    """Every seat lost every game (as on a Volcano board without energy, L2-4): equal win rates
    of 0 are no perfect balance of 1.00."""
    import dataclasses

    setup, elements, results = jungle_batch
    lost = [dataclasses.replace(r, winners=[]) for r in results]
    summary = summarize(lost, elements)
    assert summary.nobody_won and summary.balance_text() == "no winner in 6 games"
    text = format_summary(summary)
    assert "balance:              no winner in 6 games: every seat lost every game" in text
    assert "1.00" not in text.split("balance:", 1)[1].splitlines()[0]
    page = html_report(summary, "Volcano", {"games": 6}, elements)
    assert "no winner in 6 games" in page
    # one game won: the figure is back
    summary = summarize([results[0]] + lost[1:], elements)
    assert not summary.nobody_won and summary.balance_text() == f"{summary.balance:.2f}"


def test_a_never_label_is_fitted_inside_its_hex_and_a_share_is_left_as_written():
    import math

    from studio.playtest.report import _space_text

    size = 16.0
    never = _space_text((0, 0), size, 0, 0, "never", True)
    width = float(re.search(r'textLength="([\d.]+)"', never).group(1))
    assert width <= math.sqrt(3) * size * 0.85  # inside the flats, with room for the outline
    font = float(re.search(r"font-size:([\d.]+)px", never).group(1))
    assert font * 0.6 * len("never") <= math.sqrt(3) * size  # fits where textLength is not honoured
    share = _space_text((0, 0), size, 0, 0, "100%", False, 1.0)
    assert "textLength" not in share and "font-size:8.0px" in share
