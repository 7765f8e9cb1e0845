"""The balance dashboard on a Dask cluster (issue 16 item 7): where the games run is kept in the
settings, a run on a scheduler gives the games a local run gives, and a scheduler that cannot be
reached (or no address) is said in one line under the Run button."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")
distributed = pytest.importorskip("distributed")

from PySide6.QtCore import QSettings  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.playtest.runner import run_batch  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def setup2():
    return load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)


@pytest.fixture
def ini(tmp_path):
    return str(tmp_path / "settings.ini")


def _dashboard(qtbot, setup, ini, games=4, seed=3):
    d = BalanceDashboard(setup, scenario_text="Jungle Temples", settings=QSettings(ini, QSettings.IniFormat))
    qtbot.addWidget(d)
    d.games_spin.setValue(games)
    d.seed_spin.setValue(seed)
    d.set_bots("random")
    return d


def _choose_cluster(d, address: str) -> None:
    d.run_on_combo.setCurrentIndex(d.run_on_combo.findData("dask"))
    d.scheduler_edit.setText(address)
    d.scheduler_edit.editingFinished.emit()


def test_the_cluster_and_its_address_are_kept_in_the_settings(qtbot, setup2, ini, monkeypatch):
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    d = _dashboard(qtbot, setup2, ini)
    assert d.run_on() == ("processes", None) and not d.scheduler_edit.isEnabled() and d.jobs_spin.isEnabled()
    _choose_cluster(d, "tcp://10.0.0.5:8786")
    assert d.run_on() == ("dask", "tcp://10.0.0.5:8786")
    assert d.scheduler_edit.isEnabled() and not d.jobs_spin.isEnabled()  # the cluster's workers play
    again = _dashboard(qtbot, setup2, ini)
    assert again.run_on() == ("dask", "tcp://10.0.0.5:8786")
    assert again.run_on_combo.currentText() == "Dask cluster"


def test_the_address_defaults_to_dask_scheduler_address(qtbot, setup2, ini, monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://10.0.0.9:8786")
    d = _dashboard(qtbot, setup2, ini)
    assert d.scheduler_edit.text() == "tcp://10.0.0.9:8786"


def test_a_cluster_run_without_an_address_is_refused_in_words(qtbot, setup2, ini):
    d = _dashboard(qtbot, setup2, ini)
    _choose_cluster(d, "  ")
    assert not d.start_run() and d.run is None
    assert "give the scheduler's address" in d.progress_label.text()


def test_an_unreachable_scheduler_is_said_in_one_line(qtbot, setup2, ini, monkeypatch):
    from studio.playtest import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", "1s")
    d = _dashboard(qtbot, setup2, ini)
    _choose_cluster(d, "tcp://127.0.0.1:9")
    with qtbot.waitSignal(d.runFinished, timeout=60000):
        assert d.start_run()
    text = d.progress_label.text()
    assert text.startswith("The batch stopped: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert "\n" not in text and "Error:" not in text and d.results == []
    assert d.run_button.isEnabled() and d.scheduler_edit.isEnabled()


def test_a_cluster_run_plays_the_local_games_and_losing_its_workers_keeps_them(qtbot, setup2, ini, tmp_path,
                                                                             monkeypatch):
    import json

    from studio.playtest import executors

    monkeypatch.setattr(executors, "LOST_AFTER", 2.0)
    # a worker process, as on a real cluster: no game is played on a thread of this (Qt) process
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, protocol="tcp",
                                       dashboard_address=":0")
    try:
        d = _dashboard(qtbot, setup2, ini, games=5, seed=4)
        _choose_cluster(d, cluster.scheduler_address)
        with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
            assert d.start_run()
        assert done.args == [False]
        assert [r.to_dict() for r in d.results] == [r.to_dict() for r in run_batch(setup2, None, 5, 4, "random")]
        assert "5 games in" in d.progress_label.text()

        d.games_spin.setValue(2000)
        with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
            assert d.start_run()
            qtbot.waitUntil(lambda: len(d.results) >= 2, timeout=60000)
            cluster.scale(0)
    finally:
        cluster.close()
    assert done.args == [False]
    kept = len(d.results)
    assert 2 <= kept < 2000
    text = d.progress_label.text()
    assert text.startswith("The batch stopped: every worker of the Dask scheduler at tcp://") and "\n" not in text
    assert [r.to_dict() for r in d.results] == [r.to_dict() for r in run_batch(setup2, None, kept, 4, "random")]
    path = tmp_path / "r.json"
    assert d.save_report("json", str(path))
    data = json.loads(path.read_text())
    assert data["interrupted"] is True and data["stopped_by"] == "cluster" and data["games_played"] == kept
    assert data["stop_reason"].startswith("every worker of the Dask scheduler")
