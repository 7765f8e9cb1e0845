"""Headless playtesting: bot games in batches (here, in worker processes or on a Dask cluster),
their statistics and reports, parameter sweeps, and the ``studio playtest`` / ``studio sweep``
commands. No Qt here; the playtest window (:mod:`studio.gui.playtest.playtest_window`) drives
:class:`~studio.playtest.session.PlaySession`."""

from studio.playtest.elements import Element, catalogue, taken
from studio.playtest.runner import GameResult, game_seed, iter_batch, play_game, resolve_bots, run_batch
from studio.playtest.session import PlaySession
from studio.playtest.setup import Setup, SetupError, load_setup
from studio.playtest.stats import Distribution, ElementStat, SeatSummary, Summary, Tally, summarize, wilson

__all__ = [
    "Distribution", "Element", "ElementStat", "GameResult", "PlaySession", "SeatSummary", "Setup", "SetupError",
    "Summary", "Tally", "catalogue", "game_seed", "iter_batch", "load_setup", "play_game", "resolve_bots",
    "run_batch", "summarize", "taken", "wilson",
]
