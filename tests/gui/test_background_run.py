"""BackgroundRun, the one way a window plays work off the GUI thread: what the job reports
arrives in order in the GUI thread, an error ends the run in one line, Cancel stops the job and
says so (unless everything was played), and ``finished`` always comes last, once."""

from __future__ import annotations

import threading
import time

import pytest

from studio.gui.balance.worker import BackgroundRun, Stopped

pytestmark = pytest.mark.gui


class Recorder(BackgroundRun):
    def __init__(self, job, complete: bool = False):
        super().__init__(job, "test-run")
        self.events: list = []
        self.threads: set = set()
        self.complete = complete
        self.failed.connect(lambda text: self.events.append(("failed", text)))
        self.finished.connect(lambda cancelled: self.events.append(("finished", cancelled)))

    def _on_progress(self, progress) -> None:
        self.threads.add(threading.get_ident())
        self.events.append(("progress", progress))

    def _on_item(self, item) -> None:
        self.threads.add(threading.get_ident())
        self.events.append(("item", item))

    def _complete(self) -> bool:
        return self.complete


def play(qtbot, run: Recorder, cancel_when=None) -> list:
    with qtbot.waitSignal(run.finished, timeout=10000):
        run.start()
        if cancel_when is not None:
            qtbot.waitUntil(lambda: cancel_when(run.events), timeout=10000)
            run.cancel()
    assert not run.running and run.wait(1000)
    return run.events


def test_what_the_job_reports_arrives_in_order_in_the_gui_thread(qtbot):
    def job(worker):
        for i in range(3):
            worker.progress.emit(i)
            worker.item.emit(f"result {i}")

    run = Recorder(job)
    events = play(qtbot, run)
    assert events == [("progress", 0), ("item", "result 0"), ("progress", 1), ("item", "result 1"),
                      ("progress", 2), ("item", "result 2"), ("finished", False)]
    assert run.threads == {threading.get_ident()} and run.failure_kind is None


def test_an_error_ends_the_run_in_one_line_then_finished(qtbot):
    def job(worker):
        worker.item.emit("kept")
        raise ValueError("seat 3 has\n   no start pegs")

    run = Recorder(job)
    assert play(qtbot, run) == [("item", "kept"), ("failed", "seat 3 has no start pegs"), ("finished", False)]
    assert run.failure_kind == "error"

    run = Recorder(lambda worker: {}["missing"])
    assert play(qtbot, run) == [("failed", "KeyError: 'missing'"), ("finished", False)]


def test_cancel_stops_the_job_and_says_so_unless_everything_was_played(qtbot):
    def job(worker):
        n = 0
        while not worker.stop.is_set():
            worker.progress.emit(n)
            n += 1
            time.sleep(0.005)

    run = Recorder(job)
    events = play(qtbot, run, cancel_when=lambda events: len(events) >= 3)
    assert events[-1] == ("finished", True) and run.cancelled
    assert [e for e in events if e[0] == "failed"] == []

    def stopped(worker):                 # a job ended from its progress callback
        worker.progress.emit(1)
        while not worker.stop.is_set():
            time.sleep(0.005)
        raise Stopped()

    run = Recorder(stopped, complete=True)   # ...that had played everything anyway
    assert play(qtbot, run, cancel_when=lambda events: bool(events)) == [("progress", 1), ("finished", False)]
    assert not run.cancelled
