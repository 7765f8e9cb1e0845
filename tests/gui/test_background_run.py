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


def test_many_quick_results_arrive_as_few_lists_in_order_before_finished(qtbot):
    # one queued signal per game flooded the GUI thread: 20,000 quick random games froze the
    # window, which showed its first game only when the last was played
    def job(worker):
        for i in range(400):
            worker.offer(i)
            if i % 20 == 0:
                time.sleep(0.01)

    run = Recorder(job)
    lists = []
    run._worker.items.connect(lambda items: lists.append(len(items)))
    events = play(qtbot, run)
    assert events == [("item", i) for i in range(400)] + [("finished", False)]
    assert sum(lists) == 400 and 1 <= len(lists) < 400


def test_offer_waits_while_the_gui_thread_has_not_handled_its_lists(qtbot, monkeypatch):
    from studio.gui.balance.worker import _Worker

    monkeypatch.setattr(_Worker, "FLUSH_S", 0.0)    # every result its own list
    monkeypatch.setattr(_Worker, "WAIT_S", 30.0)
    offered = []

    def job(worker):
        for i in range(10):
            worker.offer(i)
            offered.append(i)

    run = Recorder(job)
    run.start()
    time.sleep(1.0)   # the GUI thread handles nothing meanwhile
    # the first IN_FLIGHT lists went out; the job waits to hand over the next
    assert offered == list(range(_Worker.IN_FLIGHT)) and run._worker._unhandled == _Worker.IN_FLIGHT
    with qtbot.waitSignal(run.finished, timeout=10000):
        pass
    assert [e for e in run.events if e[0] == "item"] == [("item", i) for i in range(10)]
    assert offered == list(range(10)) and run._worker._unhandled == 0


def test_a_cancel_frees_a_job_waiting_to_hand_over_its_results(qtbot, monkeypatch):
    from studio.gui.balance.worker import _Worker

    monkeypatch.setattr(_Worker, "FLUSH_S", 0.0)
    monkeypatch.setattr(_Worker, "WAIT_S", 30.0)

    def job(worker):
        for i in range(1000):
            worker.offer(i)
            if worker.stop.is_set():
                break

    run = Recorder(job)
    run.start()
    time.sleep(0.5)
    run.cancel()      # the job stops waiting at once, not after WAIT_S
    assert run._thread.wait(5000)
    with qtbot.waitSignal(run.finished, timeout=10000):
        pass
    items = [e[1] for e in run.events if e[0] == "item"]
    assert items == list(range(len(items))) and len(items) < 1000 and run.events[-1] == ("finished", True)
