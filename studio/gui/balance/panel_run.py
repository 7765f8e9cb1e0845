"""The skill ladder, the playstyles and the seat attribution of a balance run, played off the
GUI thread.

:class:`PanelRun` plays the panels (:func:`studio.playtest.ladder.play_panel`) one after the
other in its own thread (a :class:`~studio.gui.balance.worker.BackgroundRun`) and hands each finished :class:`~studio.playtest.ladder.Panel` back
to the GUI thread, then, when asked, the :class:`~studio.playtest.seats.Attribution` of the
seats' gaps (:func:`~studio.playtest.seats.attribute_setup`: the batch's deals with the seats
rotated and with equal hands); Cancel stops after the game being played (the panel under way
is dropped).
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Signal

from studio.gui.balance.worker import BackgroundRun, Stopped


def _play_panels(setup, plans, games: int, seed: int, jobs: int, attribute: int, bots, executor: str,
                 scheduler: str | None, worker) -> None:
    from studio.playtest.ladder import play_panel

    played = 0

    def tick(k: int) -> None:
        nonlocal played
        played += k
        worker.tell(played)
        if worker.stop.is_set():
            raise Stopped()

    for kind, rungs, matches in plans:
        worker.result(play_panel(setup, kind, rungs, matches, games, seed, jobs, executor, scheduler,
                                    progress=tick))
    if attribute:
        from studio.playtest.runner import game_seed
        from studio.playtest.seats import attribute_setup

        seeds = [game_seed(seed, i) for i in range(attribute)]
        worker.result(attribute_setup(setup, seeds, bots, progress=tick))


class PanelRun(BackgroundRun):
    """Play ``plans`` (``(kind, rungs, matches)`` from :func:`~studio.playtest.ladder.skill_plan`
    / :func:`~studio.playtest.ladder.style_plan`) on ``setup``, ``games`` games per bot, from
    ``seed`` (the same deals as the batch); then, when ``attribute`` is above 0, the attribution
    of the seats' gaps over the batch's first ``attribute`` deals played by ``bots``.

    Signals: ``progress(done, total)``, ``panel(Panel or Attribution)`` per finished panel,
    ``failed(message)`` and ``finished(cancelled)`` (always last, once)."""

    progress = Signal(int, int)
    panel = Signal(object)

    def __init__(self, setup, plans, games: int, seed: int, jobs: int = 1, parent=None, attribute: int = 0,
                 bots=None, executor: str = "processes", scheduler: str | None = None):
        from studio.playtest.ladder import plan_games

        super().__init__(partial(_play_panels, setup, plans, games, seed, jobs, attribute, bots, executor,
                                 scheduler), "balance-panels", parent)
        self.total = sum(plan_games(setup.players, games, rungs, matches) for _k, rungs, matches in plans)
        self.total += 2 * setup.players * attribute  # every rotation, as dealt and with equal hands

    def _on_progress(self, played: int) -> None:
        self.progress.emit(played, self.total)

    def _on_item(self, panel) -> None:
        self.panel.emit(panel)
