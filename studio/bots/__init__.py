"""Bots: they decide from their seat's observation only (never the true hidden state).

A bot is an object with ``name`` and ``act(game, observation, legal_actions, rng) -> action``; the
play loop calls ``decide(seat_view, legal_actions, rng)`` (:class:`~studio.bots.base.Bot`: ``act``
on the view's observation, unless the bot reads the view in place).
``make_bot("random" | "greedy" | "mcts")`` builds one by name; ``"mcts:400"`` (400 iterations
per decision) or ``"mcts:0.2s"`` (a time budget) give the search bot a budget (see
:mod:`studio.bots.mcts`); :class:`~studio.bots.spec.BotSpec` reads and writes these names. The
playstyle bots (``hoarder``, ``racer``, ``goal-chaser``, ``explorer``, :mod:`studio.bots.styles`)
are there by name too; ``make_bot`` also takes a bot
spec object (anything with ``build()``, e.g. a :class:`~studio.bots.styles.PlayStyle`).
"""

from __future__ import annotations

from studio.bots.base import Bot, GreedyBot, RandomBot
from studio.bots.mcts import MCTSBot
from studio.bots.spec import BOTS, BotSpec, BotSpecError
from studio.bots.styles import PlayStyle


def make_bot(name) -> Bot:
    """Bot by spec (:class:`~studio.bots.spec.BotSpec`, or its text: ``"greedy"``,
    ``"mcts:400"``). Raises :class:`~studio.bots.spec.BotSpecError` (a ValueError) naming the
    spec and what is wrong with it. A spec object (anything with ``build()``, e.g. a
    :class:`~studio.bots.styles.PlayStyle`) is built."""
    if not isinstance(name, str) and hasattr(name, "build"):
        return name.build()
    return BotSpec.parse(name).build()


__all__ = ["BOTS", "Bot", "BotSpec", "BotSpecError", "GreedyBot", "MCTSBot", "PlayStyle", "RandomBot", "make_bot"]
