"""A real Dask cluster: a scheduler and two workers started as separate processes with Dask's own
command lines, a ``studio playtest`` subprocess on them, and the workers killed mid-run (issue 16
item 7). The run must end with one plain line, keep every finished game in a valid ``--json``
marked interrupted, and leave no temp file. Then a worker running another studio version joins
and the next run is refused, naming it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from studio.content import bundled_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kills worker processes with SIGKILL")


def _env(pythonpath: str) -> dict:
    env = dict(os.environ, PYTHONPATH=pythonpath)
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    return env


def _start(args: list[str], log: Path, env: dict) -> subprocess.Popen:
    # run in the log's folder: `python -m` puts the working folder first on sys.path
    with open(log, "wb") as fh:
        return subprocess.Popen([sys.executable, "-m", *args], stdout=fh, stderr=subprocess.STDOUT, env=env,
                                cwd=log.parent, start_new_session=True)


def _worker(scheduler_file: Path, log: Path, env: dict) -> subprocess.Popen:
    return _start(["distributed.cli.dask_worker", "--scheduler-file", str(scheduler_file), "--nthreads", "1",
                   "--no-nanny", "--no-dashboard"], log, env)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=30)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """``(scheduler file, [worker processes], folder)``: a scheduler on a free port of
    127.0.0.1 and two single-threaded workers (no nanny, so a killed worker stays dead)."""
    folder = tmp_path_factory.mktemp("cluster")
    sched_file = folder / "scheduler.json"
    env = _env(str(ROOT))
    scheduler = _start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                        "--scheduler-file", str(sched_file)], folder / "scheduler.log", env)
    workers: list = []
    try:
        deadline = time.monotonic() + 60
        while not sched_file.exists() or not sched_file.read_text().strip().endswith("}"):
            assert scheduler.poll() is None, (folder / "scheduler.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.1)
        workers += [_worker(sched_file, folder / f"worker{i}.log", env) for i in (1, 2)]
        yield sched_file, workers, folder
    finally:
        for proc in workers + [scheduler]:
            _stop(proc)


def _games_in(temp: Path) -> int:
    try:
        return temp.read_text(encoding="utf-8", errors="replace").count('"seed"')
    except OSError:
        return 0


def test_losing_every_worker_ends_the_run_in_one_line_and_keeps_the_games(cluster):
    sched_file, workers, folder = cluster
    run = folder / "run"
    run.mkdir()
    proc = subprocess.Popen([sys.executable, "-m", "studio", "playtest", str(JUNGLE), "-n", "3000", "--executor", "dask",
                             "--scheduler-file", str(sched_file), "--json", "a.json"], cwd=run, env=_env(str(ROOT)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        seen = 0
        while seen < 3:  # the JSON is streamed game by game into its temp file
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no game came back from the cluster"
            temps = list(run.glob(".*.tmp"))
            seen = _games_in(temps[0]) if temps else 0
            time.sleep(0.05)
        for w in workers:
            w.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=90)
    finally:
        _stop(proc)
    err_text = err.decode("utf-8", "replace")
    assert proc.returncode == 1, err_text
    assert len(err_text.strip().splitlines()) == 1 and "Traceback" not in err_text, err_text
    assert "the games stopped after" in err_text and "every worker of the Dask scheduler at tcp://127.0.0.1:" in err_text
    data = json.loads((run / "a.json").read_text(encoding="utf-8"))
    assert data["interrupted"] is True and data["stopped_by"] == "cluster"
    assert "every worker" in data["stop_reason"]
    played = data["games_played"]
    assert played == len(data["games"]) == data["summary"]["games"] >= seen
    assert f"{played} of 3000" in err_text and f"{played} games of 3000".encode() in out
    # the games kept are the batch's first ones, whole, and the same as played here on the same seeds
    assert [g["seed"] for g in data["games"]] == list(range(played))
    from studio.playtest import run_batch

    here = run_batch(JUNGLE, 2, min(played, 6), seed=0)
    assert [json.loads(json.dumps(r.to_dict())) for r in here] == data["games"][:len(here)]
    from studio.content.schemas import validator_for

    assert list(validator_for("studio-playtest/1").iter_errors(data)) == []
    assert [p.name for p in run.iterdir()] == ["a.json"]  # no temp file


def test_a_worker_of_another_studio_version_is_refused(cluster, tmp_path):
    sched_file, workers, folder = cluster
    other = tmp_path / "other" / "studio"
    other.mkdir(parents=True)
    (other / "__init__.py").write_text('__version__ = "0.0.1"\n')
    stranger = _worker(sched_file, tmp_path / "stranger.log", _env(str(other.parent)))
    try:
        proc = subprocess.run([sys.executable, "-m", "studio", "playtest", str(JUNGLE), "-n", "2", "--executor", "dask",
                               "--scheduler-file", str(sched_file)], cwd=tmp_path, env=_env(str(ROOT)),
                              capture_output=True, timeout=120)
    finally:
        _stop(stranger)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert "refused the Dask workers that do not run board-studio" in err and "runs board-studio 0.0.1" in err
    assert proc.stdout == b""
