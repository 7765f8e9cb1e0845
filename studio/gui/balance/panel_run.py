"""The skill ladder, the playstyles and the seat attribution of a balance run, played off the
GUI thread.

:class:`PanelRun` plays the panels (:func:`studio.playtest.ladder.play_panel`) one after the
other in a :class:`QThread` and hands each finished :class:`~studio.playtest.ladder.Panel` back
to the GUI thread, then, when asked, the :class:`~studio.playtest.seats.Attribution` of the
seats' gaps (:func:`~studio.playtest.seats.attribute_setup`: the batch's deals with the seats
rotated and with equal hands); Cancel stops after the game being played (the panel under way
is dropped).
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from studio.gui.balance.worker import start_kept_alive


class _Stopped(Exception):
    """Raised from the progress callback to stop a panel."""


class _Worker(QObject):
    progress = Signal(int)          # games played so far, over every panel
    panel = Signal(object)          # a finished Panel
    failed = Signal(str)
    done = Signal()

    def __init__(self, setup, plans, games: int, seed: int, jobs: int, attribute: int = 0, bots=None,
                 executor: str = "processes", scheduler: str | None = None):
        super().__init__()
        self.setup, self.plans, self.games, self.seed, self.jobs = setup, plans, games, seed, jobs
        self.attribute, self.bots = attribute, bots
        self.executor, self.scheduler = executor, scheduler
        self.stop = threading.Event()
        self.played = 0

    def _tick(self, k: int) -> None:
        self.played += k
        self.progress.emit(self.played)
        if self.stop.is_set():
            raise _Stopped()

    @Slot()
    def play(self) -> None:
        from studio.content.gc_hold import gc_hold
        from studio.playtest.ladder import play_panel

        gc_hold.acquire()  # shapely in this thread: no GUI-thread collection meanwhile (see gc_hold)
        try:
            for kind, rungs, matches in self.plans:
                self.panel.emit(play_panel(self.setup, kind, rungs, matches, self.games, self.seed, self.jobs,
                                           self.executor, self.scheduler, progress=self._tick))
            if self.attribute:
                from studio.playtest.runner import game_seed
                from studio.playtest.seats import attribute_setup

                seeds = [game_seed(self.seed, i) for i in range(self.attribute)]
                self.panel.emit(attribute_setup(self.setup, seeds, self.bots, progress=self._tick))
        except _Stopped:
            pass
        except Exception as exc:  # content, bot, engine or cluster problem: shown, never raised
            from studio.gui.balance.worker import failure_text

            self.failed.emit(failure_text(exc))
        finally:
            gc_hold.release()
            self.done.emit()


class PanelRun(QObject):
    """Play ``plans`` (``(kind, rungs, matches)`` from :func:`~studio.playtest.ladder.skill_plan`
    / :func:`~studio.playtest.ladder.style_plan`) on ``setup``, ``games`` games per bot, from
    ``seed`` (the same deals as the batch); then, when ``attribute`` is above 0, the attribution
    of the seats' gaps over the batch's first ``attribute`` deals played by ``bots``.

    Signals: ``progress(done, total)``, ``panel(Panel or Attribution)`` per finished panel,
    ``failed(message)`` and ``finished(cancelled)`` (always last, once)."""

    progress = Signal(int, int)
    panel = Signal(object)
    failed = Signal(str)
    finished = Signal(bool)

    def __init__(self, setup, plans, games: int, seed: int, jobs: int = 1, parent=None, attribute: int = 0,
                 bots=None, executor: str = "processes", scheduler: str | None = None):
        super().__init__(parent)
        from studio.playtest.ladder import plan_games

        self.total = sum(plan_games(setup.players, games, rungs, matches) for _k, rungs, matches in plans)
        self.total += 2 * setup.players * attribute  # every rotation, as dealt and with equal hands
        self.running = False
        self.cancelled = False
        self._thread = QThread()
        self._thread.setObjectName("balance-panels")
        self._worker = _Worker(setup, plans, games, seed, jobs, attribute, bots, executor, scheduler)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.play)
        self._worker.progress.connect(lambda k: self.progress.emit(k, self.total))
        self._worker.panel.connect(self.panel)
        self._worker.failed.connect(self.failed)
        self._worker.done.connect(self._thread.quit, Qt.DirectConnection)
        self._worker.done.connect(self._on_done)

    def start(self) -> None:
        self.running = True
        start_kept_alive(self._thread, self._worker)

    def cancel(self) -> None:
        if self.running:
            self.cancelled = True
            self._worker.stop.set()

    def wait(self, ms: int = 30000) -> bool:
        return self._thread.wait(ms)

    def _on_done(self) -> None:
        self._thread.quit()
        self._thread.wait()
        self.running = False
        self.finished.emit(self.cancelled)
