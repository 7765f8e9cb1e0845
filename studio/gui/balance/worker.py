"""Work played off the GUI thread: balance batches, panels, sweeps, suggestions, generation.

:class:`BackgroundRun` is the one way the studio's windows run such work. It owns a
:class:`QThread` and a worker living in it that calls a *job* (a plain function of the worker,
given only plain data, never the run or its window) and hands what the job reports back to the
GUI thread through queued signals; Cancel sets the worker's ``stop`` event, which the job checks
after each game; whatever the job reported is kept. Its subclasses say what the job is and what
their signals carry: :class:`BatchRun` here (a batch through
:func:`studio.playtest.runner.iter_batch`, serially in the thread or in worker processes; a
cancelled batch terminates its process pool), ``PanelRun``, ``SweepRun``, ``SuggestRun`` and
``GenerateRun`` beside their windows.
"""

from __future__ import annotations

import threading
import time
from functools import partial

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


class Stopped(Exception):
    """Raised by a job (e.g. from a progress callback) to end its run early: not a failure."""


_NOTHING = object()


class _Worker(QObject):
    """Lives in the run's thread; ``play`` calls ``job(worker)``, which reports through
    ``progress(object)`` (a count, a progress record; ``tell(count)`` for one per game),
    ``item(object)`` (a result) or
    ``offer(result)`` (one of many quick results, handed over in lists: ``items(list)``) and checks
    ``stop``; an error ends the run with ``failed(message)`` (``failure_kind`` set before it);
    ``done`` always comes last."""

    progress = Signal(object)
    item = Signal(object)
    items = Signal(list)
    failed = Signal(str)
    done = Signal()

    FLUSH_S = 0.05      # how often ``offer``'s results are handed over, at most
    IN_FLIGHT = 2       # lists handed over and not yet handled, at most, before ``offer`` waits
    WAIT_S = 1.0        # the longest ``offer`` waits for the GUI thread (it may itself be waiting)

    def __init__(self, job):
        super().__init__()
        self.job = job
        self.failure_kind: str | None = None
        self.stop = threading.Event()
        self._buffer: list = []
        self._flushed = 0.0
        self._unhandled = 0
        self._handled = threading.Condition()
        self._progress: object = _NOTHING   # told and not yet handed over
        self._told = 0.0

    def offer(self, item) -> None:
        """Report one of many quick results (a batch's games). They are handed to the GUI thread
        as lists, every ``FLUSH_S`` at most, and the job waits (up to ``WAIT_S``) while
        ``IN_FLIGHT`` lists are not yet handled: one signal per result used to flood the GUI
        thread's event queue faster than it handled them (20,000 quick random games: the window
        froze, and showed its first game only when the last was played)."""
        self._buffer.append(item)
        if time.perf_counter() - self._flushed >= self.FLUSH_S:
            self.flush(wait=True)

    def flush(self, wait: bool = False) -> None:
        """Hand the results ``offer`` holds to the GUI thread (``items``), first waiting, with
        ``wait``, until it has handled all but ``IN_FLIGHT - 1`` of the lists before."""
        if not self._buffer:
            return
        with self._handled:
            if wait:
                deadline = time.perf_counter() + self.WAIT_S
                while self._unhandled >= self.IN_FLIGHT and not self.stop.is_set():
                    left = deadline - time.perf_counter()
                    if left <= 0:
                        break
                    self._handled.wait(min(left, 0.1))
            self._unhandled += 1
        items, self._buffer = self._buffer, []
        self._flushed = time.perf_counter()
        self.items.emit(items)

    def tell(self, progress, now: bool = False) -> None:
        """Report how far the job is (a count of what is done so far, not an increment): handed
        to the GUI thread every ``FLUSH_S`` at most (the latest value), or at once with ``now``;
        the last value told always arrives before ``done``. For jobs that count every game."""
        self._progress = progress
        if now or time.perf_counter() - self._told >= self.FLUSH_S:
            self._tell_pending()

    def result(self, item) -> None:
        """Report a result (``item``), after the progress told before it."""
        self._tell_pending()
        self.item.emit(item)

    def _tell_pending(self) -> None:
        if self._progress is not _NOTHING:
            progress, self._progress = self._progress, _NOTHING
            self._told = time.perf_counter()
            self.progress.emit(progress)

    def handled(self) -> None:
        """Called by the GUI thread once it has handled one list of ``items``."""
        with self._handled:
            self._unhandled -= 1
            self._handled.notify_all()

    @Slot()
    def play(self) -> None:
        from studio.content.gc_hold import gc_hold

        # jobs build games, boards and islands with shapely in this thread: the GUI thread's
        # cyclic collector must not run meanwhile (a collection during a GEOS call crashed the
        # process; see gc_hold)
        gc_hold.acquire()
        try:
            self.job(self)
        except Stopped:
            pass
        except Exception as exc:  # content, bot, engine or cluster problem: shown to the user, never raised
            from studio.playtest.executors import ClusterError

            self._tell_pending()
            self.flush()   # the games played come before the failure that ended the run
            self.failure_kind = "cluster" if isinstance(exc, ClusterError) else "error"  # set before the signal
            self.failed.emit(failure_text(exc))
        finally:
            self._tell_pending()
            self.flush()   # the last results before ``done``
            gc_hold.release()
            self.done.emit()


class BackgroundRun(QObject):
    """One job (``job(worker)``, see :class:`_Worker`) played in its own thread named
    ``name``. Subclasses turn what the worker reports into their own signals (``_on_progress``,
    ``_on_item``) and may say when a cancelled run played everything anyway (``_complete``).
    Signals ``failed(message)`` and ``finished(cancelled)`` (always last, once)."""

    failed = Signal(str)
    finished = Signal(bool)
    wait_ms = 30000   # how long ``wait`` blocks by default

    def __init__(self, job, name: str, parent=None):
        super().__init__(parent)
        self.cancelled = False
        self.running = False
        self._started = 0.0
        self._thread = QThread()
        self._thread.setObjectName(name)
        self._worker = _Worker(job)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.play)
        self._worker.progress.connect(self._on_progress)
        self._worker.item.connect(self._on_item)
        self._worker.items.connect(self._on_items)
        self._worker.failed.connect(self.failed)
        self._worker.done.connect(self._thread.quit, Qt.DirectConnection)  # ends even without this object
        self._worker.done.connect(self._on_done)

    def start(self) -> None:
        self.running = True
        self._started = time.perf_counter()
        start_kept_alive(self._thread, self._worker)

    def cancel(self) -> None:
        """Stop after the game being played; what was reported so far is kept."""
        if self.running:
            self.cancelled = True
            self._worker.stop.set()

    @property
    def failure_kind(self) -> str | None:
        """After ``failed``: ``"cluster"`` (the Dask cluster could not play or was lost) or
        ``"error"``; None before."""
        return self._worker.failure_kind

    def elapsed(self) -> float:
        """Seconds since ``start``."""
        return time.perf_counter() - self._started

    def wait(self, ms: int | None = None) -> bool:
        """Block until the thread has ended, at most ``ms`` (default ``wait_ms``) milliseconds
        (for closing windows and tests)."""
        return self._thread.wait(self.wait_ms if ms is None else ms)

    def _on_progress(self, progress) -> None:
        """How far the job is (in the GUI thread)."""

    def _on_item(self, item) -> None:
        """A result the job reported (in the GUI thread)."""

    def _on_items(self, items: list) -> None:
        """Results the job offered (``_Worker.offer``), in order, in the GUI thread."""
        try:
            self._take(items)
        finally:
            self._worker.handled()

    def _take(self, items: list) -> None:
        for item in items:
            self._on_item(item)

    def _complete(self) -> bool:
        """Whether everything asked was played (a cancel that came too late is no cancel)."""
        return False

    def _on_done(self) -> None:
        self._thread.quit()
        self._thread.wait()
        self.running = False
        self.cancelled = self.cancelled and not self._complete()
        self.finished.emit(self.cancelled)


def _play_batch(setup, games: int, seed: int, bots: list, jobs: int, evaluate: int, executor: str,
                scheduler: str | None, worker: _Worker) -> None:
    from studio.playtest.runner import iter_batch

    batch = None
    try:
        batch = iter_batch(setup, None, games, seed, bots, jobs=jobs, executor=executor, scheduler=scheduler,
                           evaluate=evaluate)
        for result in batch:
            worker.offer(result)
            if worker.stop.is_set():
                break
    finally:
        if batch is not None:
            batch.close()  # terminates a process pool still playing


class BatchRun(BackgroundRun):
    """One batch: ``setup`` (a :class:`~studio.playtest.setup.Setup`), ``games`` (>= 1),
    ``seed`` (game i uses ``game_seed(seed, i)``), ``bots`` (one name per seat) and ``jobs``
    (1: played in the run's thread; more: worker processes); ``evaluate``: positions per game
    valued for the arc (:func:`~studio.playtest.runner.play_game`); ``executor="dask"`` with
    ``scheduler`` (an address) plays on a Dask cluster instead. Results arrive in game order.

    Signals: ``progress(done, total, games_per_second)``, ``result(GameResult)``,
    ``failed(message)`` and ``finished(cancelled)`` (always last, once)."""

    progress = Signal(int, int, float)
    result = Signal(object)

    def __init__(self, setup, games: int, seed: int, bots, jobs: int = 1, parent=None, evaluate: int = 0,
                 executor: str = "processes", scheduler: str | None = None):
        super().__init__(partial(_play_batch, setup, games, seed, list(bots), jobs, evaluate, executor, scheduler),
                         "balance-batch", parent)
        self.total = games
        self.results: list = []

    def rate(self) -> float:
        """Games per second so far."""
        t = self.elapsed()
        return len(self.results) / t if t > 0 else 0.0

    def _take(self, results: list) -> None:
        for result in results:
            self.results.append(result)
            self.result.emit(result)
        self.progress.emit(len(self.results), self.total, self.rate())

    def _complete(self) -> bool:
        return len(self.results) >= self.total
