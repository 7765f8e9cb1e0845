"""Headless playtesting: bot games in batches, their statistics and the ``studio playtest``
command. No Qt here; the playtest window (:mod:`studio.gui.playtest_window`) drives
:class:`~studio.playtest.session.PlaySession`."""

from studio.playtest.runner import GameResult, game_seed, iter_batch, play_game, resolve_bots, run_batch
from studio.playtest.session import PlaySession
from studio.playtest.stats import SeatSummary, Summary, summarize

__all__ = [
    "GameResult", "PlaySession", "SeatSummary", "Summary", "game_seed", "iter_batch", "play_game",
    "resolve_bots", "run_batch", "summarize",
]
