"""Bots: they decide from their seat's observation only (never the true hidden state).

A bot is an object with ``name`` and ``act(game, observation, legal_actions, rng) -> action``.
``make_bot("random" | "greedy")`` builds one by name.
"""

from __future__ import annotations

from studio.bots.base import Bot, GreedyBot, RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """Bot by name. Raises ValueError listing the known names."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
