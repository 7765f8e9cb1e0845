"""The Dask executor against a local cluster started by the test (needs the ``cluster`` extra:
``pip install "board-studio[cluster]"``; skipped without it)."""

from __future__ import annotations

import pytest

distributed = pytest.importorskip("distributed")

from studio.content import bundled_path  # noqa: E402
from studio.playtest import cli, run_batch  # noqa: E402

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")
RIVAGES = bundled_path("scenarios", "rivages.yaml")


@pytest.fixture(scope="module")
def scheduler():
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                       dashboard_address=":0")
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def test_dask_gives_the_serial_results(scheduler):
    for path in (JUNGLE, RIVAGES):
        serial = run_batch(path, 2, 5, seed=6, bot_names="random,greedy")
        remote = run_batch(path, 2, 5, seed=6, bot_names="random,greedy", executor="dask", scheduler=scheduler)
        assert remote == serial


def test_cli_on_a_dask_scheduler(scheduler, capsys):
    assert cli.main([str(JUNGLE), "-n", "4", "--bots", "random", "--executor", "dask", "--scheduler", scheduler]) == 0
    assert "Jungle Temples, 2 players: 4 games" in capsys.readouterr().out


def test_an_unreachable_scheduler_exits_2(capsys, monkeypatch):
    from studio.playtest import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", "1s")
    rc = cli.main([str(JUNGLE), "-n", "1", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9"])
    assert rc == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "tcp://127.0.0.1:9" in err


def test_dask_scheduler_address_is_honoured(scheduler, capsys, monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", scheduler)
    assert cli.main([str(JUNGLE), "-n", "3", "--bots", "random", "--executor", "dask"]) == 0
    assert "Jungle Temples, 2 players: 3 games" in capsys.readouterr().out


def test_a_scheduler_file_is_honoured(scheduler, tmp_path, capsys, monkeypatch):
    import json

    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    sched = tmp_path / "scheduler.json"
    sched.write_text(json.dumps({"type": "Scheduler", "address": scheduler}))
    assert cli.main([str(JUNGLE), "-n", "3", "--bots", "random", "--executor", "dask",
                     "--scheduler-file", str(sched)]) == 0
    assert "3 games" in capsys.readouterr().out


@pytest.mark.parametrize("content, message", [
    (None, "cannot read the Dask scheduler file"),
    ("{not json", ":1:2: not a Dask scheduler file (JSON syntax error: expected a key in double quotes here"),
    ('{"address": ', ":1:13: not a Dask scheduler file (JSON syntax error: the file ends in the middle of the "
                    "data: it may be cut short)"),
    ('{"type": "Scheduler"}', 'not a Dask scheduler file (no "address"'),
])
def test_a_bad_scheduler_file_is_one_line(content, message, tmp_path, capsys):
    sched = tmp_path / "scheduler.json"
    if content is not None:
        sched.write_text(content)
    assert cli.main([str(JUNGLE), "-n", "1", "--executor", "dask", "--scheduler-file", str(sched)]) == 2
    err = capsys.readouterr().err
    assert message in err and str(sched) in err and len(err.strip().splitlines()) == 1


def test_scheduler_options_go_with_the_dask_executor(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    assert cli.main([str(JUNGLE), "--scheduler-file", str(tmp_path / "s.json")]) == 2
    assert "--scheduler-file goes with --executor dask" in capsys.readouterr().err
    assert cli.main([str(JUNGLE), "--executor", "dask"]) == 2
    assert "DASK_SCHEDULER_ADDRESS" in capsys.readouterr().err


def test_workers_of_another_version_are_refused(scheduler):
    from studio import __version__
    from studio.playtest.executors import ClusterError, check_worker_versions

    with distributed.Client(scheduler) as client:
        check_worker_versions(client)  # the same version: accepted
        with pytest.raises(ClusterError) as caught:
            check_worker_versions(client, expected="9.9.9")
    text = str(caught.value)
    assert "do not run board-studio 9.9.9" in text and f"runs board-studio {__version__}" in text
    assert "tcp://" in text and "\n" not in text


def test_a_batch_on_a_scheduler_without_workers_stops_in_one_line(capsys, monkeypatch):
    from studio.playtest import executors

    monkeypatch.setattr(executors, "LOST_AFTER", 1.0)
    cluster = distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=":0")
    try:
        rc = cli.main([str(JUNGLE), "-n", "2", "--executor", "dask", "--scheduler", cluster.scheduler_address])
    finally:
        cluster.close()
    err = capsys.readouterr().err
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "has no workers" in err


def test_a_task_on_a_worker_of_another_version_says_so():
    """A worker that joins after the client's check is refused by each task it gets."""
    from studio import __version__
    from studio.playtest.executors import BatchSpec, VersionMismatch, play_chunk
    from studio.playtest.setup import load_setup

    token, data = BatchSpec(load_setup(JUNGLE, 2), ("random", "random")).payload()
    with pytest.raises(VersionMismatch, match=f"runs board-studio {__version__}, the client 9.9.9"):
        play_chunk(token, data, [0], "9.9.9")
    assert len(play_chunk(token, data, [0], __version__)) == 1
