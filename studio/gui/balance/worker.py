"""A balance batch played off the GUI thread.

:class:`BatchRun` owns a :class:`QThread` that iterates :func:`studio.playtest.runner.iter_batch`
(serially in that thread, or in worker processes) and reports every finished game back to the
GUI thread through queued signals. Cancelling stops the iteration after the game being
played (the process pool is terminated), and every game that finished is kept.
"""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

_LIVE: set = set()   # running (thread, worker) pairs, kept alive even if their run object goes


def start_kept_alive(thread: QThread, worker: QObject) -> None:
    """Start ``thread`` (running ``worker``), holding both until the thread finishes, so a
    run object deleted while it plays (its window closed) never frees them mid-run."""
    pair = (thread, worker)
    _LIVE.add(pair)
    thread.finished.connect(lambda: _LIVE.discard(pair))
    thread.start()


def failure_text(exc: BaseException) -> str:
    """What stopped a run, in one line: the message alone for errors already in words (bad
    content or settings, a Dask cluster that cannot play, Dask not installed), else the kind of
    error and its message."""
    from studio.playtest.executors import ClusterError, VersionMismatch

    if isinstance(exc, (ValueError, ClusterError, VersionMismatch, ImportError)):
        return " ".join(str(exc).split())
    return f"{type(exc).__name__}: {exc}"


class _Worker(QObject):
    """Lives in the run's thread; ``play`` iterates the batch and emits each result."""

    result = Signal(object)          # GameResult
    failed = Signal(str)
    done = Signal()

    def __init__(self, setup, games: int, seed: int, bots, jobs: int, evaluate: int = 0,
                 executor: str = "processes", scheduler: str | None = None):
        super().__init__()
        self.setup, self.games, self.seed, self.bots, self.jobs = setup, games, seed, list(bots), jobs
        self.evaluate = evaluate
        self.executor, self.scheduler = executor, scheduler
        self.failure_kind: str | None = None
        self.stop = threading.Event()

    @Slot()
    def play(self) -> None:
        from studio.content.gc_hold import gc_hold
        from studio.playtest.runner import iter_batch

        # games are built with shapely in this thread: the GUI thread's cyclic collector must
        # not run meanwhile (a collection during a GEOS call crashed the process; see gc_hold)
        gc_hold.acquire()
        batch = None
        try:
            batch = iter_batch(self.setup, None, self.games, self.seed, self.bots, jobs=self.jobs,
                               executor=self.executor, scheduler=self.scheduler, evaluate=self.evaluate)
            for result in batch:
                self.result.emit(result)
                if self.stop.is_set():
                    break
        except Exception as exc:  # content, bot, engine or cluster problem: shown to the user, never raised
            from studio.playtest.executors import ClusterError

            self.failure_kind = "cluster" if isinstance(exc, ClusterError) else "error"  # set before the signal
            self.failed.emit(failure_text(exc))
        finally:
            if batch is not None:
                batch.close()  # terminates a process pool still playing
            gc_hold.release()
            self.done.emit()


class BatchRun(QObject):
    """One batch: ``setup`` (a :class:`~studio.playtest.setup.Setup`), ``games`` (>= 1),
    ``seed`` (game i uses ``game_seed(seed, i)``), ``bots`` (one name per seat) and ``jobs``
    (1: played in the run's thread; more: worker processes); ``evaluate``: positions per game
    valued for the arc (:func:`~studio.playtest.runner.play_game`); ``executor="dask"`` with
    ``scheduler`` (an address) plays on a Dask cluster instead. Results arrive in game order.

    Signals: ``progress(done, total, games_per_second)``, ``result(GameResult)``,
    ``failed(message)`` and ``finished(cancelled)`` (always last, once)."""

    progress = Signal(int, int, float)
    result = Signal(object)
    failed = Signal(str)
    finished = Signal(bool)

    def __init__(self, setup, games: int, seed: int, bots, jobs: int = 1, parent=None, evaluate: int = 0,
                 executor: str = "processes", scheduler: str | None = None):
        super().__init__(parent)
        self.total = games
        self.results: list = []
        self.cancelled = False
        self.running = False
        self._started = 0.0
        self._thread = QThread()
        self._thread.setObjectName("balance-batch")
        self._worker = _Worker(setup, games, seed, bots, jobs, evaluate, executor, scheduler)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.play)
        self._worker.result.connect(self._on_result)
        self._worker.failed.connect(self.failed)
        self._worker.done.connect(self._thread.quit, Qt.DirectConnection)  # ends even without this object
        self._worker.done.connect(self._on_done)

    def start(self) -> None:
        self.running = True
        self._started = time.perf_counter()
        start_kept_alive(self._thread, self._worker)

    def cancel(self) -> None:
        """Stop after the game being played; finished games are kept."""
        if self.running:
            self.cancelled = True
            self._worker.stop.set()

    @property
    def failure_kind(self) -> str | None:
        """After ``failed``: ``"cluster"`` (the Dask cluster could not play or was lost) or
        ``"error"``; None before."""
        return self._worker.failure_kind

    def elapsed(self) -> float:
        return time.perf_counter() - self._started

    def rate(self) -> float:
        """Games per second so far."""
        t = self.elapsed()
        return len(self.results) / t if t > 0 else 0.0

    def wait(self, ms: int = 30000) -> bool:
        """Block until the thread has ended (for closing windows and tests)."""
        return self._thread.wait(ms)

    def _on_result(self, result) -> None:
        self.results.append(result)
        self.result.emit(result)
        self.progress.emit(len(self.results), self.total, self.rate())

    def _on_done(self) -> None:
        self._thread.quit()
        self._thread.wait()
        self.running = False
        self.cancelled = self.cancelled and len(self.results) < self.total
        self.finished.emit(self.cancelled)
