"""Bots: they decide from their seat's observation only (never the true hidden state).

A bot is an object with ``name`` and ``act(game, observation, legal_actions, rng) -> action``.
``make_bot("random" | "greedy" | "mcts")`` builds one by name; ``"mcts:400"`` (400 iterations
per decision) or ``"mcts:0.2s"`` (a time budget) give the search bot a budget (see
:mod:`studio.bots.mcts`). The playstyle bots (``hoarder``, ``racer``, ``goal-chaser``,
``explorer``, :mod:`studio.bots.styles`) are there by name too; ``make_bot`` also takes a bot
spec object (anything with ``build()``, e.g. a :class:`~studio.bots.styles.PlayStyle`).
"""

from __future__ import annotations

from studio.bots.base import Bot, GreedyBot, RandomBot
from studio.bots.mcts import MCTSBot
from studio.bots.styles import STYLES, PlayStyle

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot, **{k: s.build for k, s in STYLES.items()}}


def make_bot(name) -> Bot:
    """Bot by name; ``"NAME:ARGS"`` passes ARGS to a bot class that has ``from_spec``
    (``"mcts:400"``). Raises ValueError listing the known names, or saying what is wrong with
    the arguments. A spec object (with ``build()``) is built."""
    if not isinstance(name, str) and hasattr(name, "build"):
        return name.build()
    base, sep, args = name.partition(":")
    try:
        cls = BOTS[base]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    if not sep:
        return cls()
    if not hasattr(cls, "from_spec"):
        raise ValueError(f"bot {base!r} takes no settings, got {name!r}")
    return cls.from_spec(args)


__all__ = ["BOTS", "Bot", "GreedyBot", "MCTSBot", "PlayStyle", "RandomBot", "make_bot"]
