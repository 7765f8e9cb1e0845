"""A batch whose Dask workers are all lost mid-run (:class:`WorkersLost` from the executor,
simulated here on the serial executor; ``tests/test_cluster_processes.py`` does it on a real
cluster): ``studio sweep`` and ``studio balance`` end with one line on stderr, keep what finished
in reports that validate, and leave no temp file."""

from __future__ import annotations

import json

import pytest

from studio.content import bundled_path
from studio.playtest import executors
from studio.playtest.executors import WorkersLost

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")
LOST = "every worker of the Dask scheduler at tcp://10.0.0.5:8786 was lost"


@pytest.fixture
def workers_lost_after(monkeypatch):
    """``workers_lost_after(n)``: every batch yields its first ``n`` games, then the cluster goes."""
    real = executors.SerialExecutor.run

    def arm(n: int) -> None:
        def run(self, spec, seeds):
            batch = real(self, spec, seeds)
            for _ in range(n):
                yield next(batch)
            raise WorkersLost(LOST)
        monkeypatch.setattr(executors.SerialExecutor, "run", run)
    return arm


def test_a_sweep_keeps_the_points_played_and_says_why_in_one_line(workers_lost_after, tmp_path, capsys):
    from studio.content.schemas import validator_for
    from studio.playtest import sweep

    workers_lost_after(3)
    out = tmp_path / "s.json"
    assert sweep.main([str(JUNGLE), "--set", "rules.end.score=14,16", "-n", "5", "--bots", "random",
                       "--json", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.err.strip().splitlines() == [f"studio sweep: the games stopped after 3 games: {LOST}"]
    data = json.loads(out.read_text())
    assert data["interrupted"] is True and data["stopped_by"] == "cluster" and data["stop_reason"] == LOST
    assert [p["summary"]["games"] for p in data["points"]] == [3] and data["points"][0]["complete"] is False
    assert list(validator_for("studio-sweep/1").iter_errors(data)) == []
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
    assert "3*" in captured.out   # the point's games, marked incomplete


def test_a_sweep_losing_the_workers_on_a_later_point_keeps_the_earlier_ones(workers_lost_after, tmp_path, capsys,
                                                                             monkeypatch):
    from studio.playtest import sweep

    real = executors.SerialExecutor.run
    calls = []

    def run(self, spec, seeds):
        calls.append(spec)
        if len(calls) == 2:  # the second point: lost before its first game
            raise WorkersLost(LOST)
        yield from real(self, spec, seeds)
    monkeypatch.setattr(executors.SerialExecutor, "run", run)
    out = tmp_path / "s.json"
    assert sweep.main([str(JUNGLE), "--set", "rules.end.score=14,16", "-n", "2", "--bots", "random",
                       "--json", str(out)]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [f"studio sweep: the games stopped after 2 games: {LOST}"]
    data = json.loads(out.read_text())
    assert [p["summary"]["games"] for p in data["points"]] == [2] and data["points"][0]["complete"] is True
    assert data["stopped_by"] == "cluster"


def test_balance_keeps_the_best_so_far_and_says_why(workers_lost_after, tmp_path, capsys):
    import re

    from studio.balance.search import balance
    from studio.cli import main
    from studio.playtest.setup import load_setup

    workers_lost_after(6)
    result = balance(load_setup(JUNGLE, 2), ["random", "random"], budget=40, steps=1, candidates=2, verify_games=4)
    assert result.stopped == "workers-lost" and result.stop_reason == LOST
    assert result.games == 6 and all(p.verified is None for p in result.proposals)

    status = main(["balance", str(JUNGLE), "-p", "2", "--budget-games", "40", "--steps", "1", "--candidates", "2",
                   "--verify-games", "4", "--bots", "random", "-o", str(tmp_path / "out")])
    captured = capsys.readouterr()
    assert status == 1 and "Traceback" not in captured.err
    assert re.findall(r"^studio balance: the games stopped.*$", captured.err, re.M) == [
        f"studio balance: the games stopped after 6 games: {LOST}"]
    # lost before any race ended: no "best so far" to speak of (trial)
    assert "the Dask workers were lost before any edit was raced" in captured.out
    assert "--budget-games" not in captured.out   # a lost cluster is not cured by a larger budget
