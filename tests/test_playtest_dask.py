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
                                       dashboard_address=None)
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
