"""Bot specs: a bot named with its settings, as an object, read and written here alone.

The text form is what ``--bots``, ``--ladder``, game files and reports carry: ``random``,
``greedy``, a playstyle (``hoarder``, :mod:`studio.bots.styles`), or the search bot with a
budget and options, ``mcts`` (200 iterations), ``mcts:400``, ``mcts:0.2s``,
``mcts:300:rollout=random:cap=4:time=0.5`` (see :mod:`studio.bots.mcts`)::

    spec = BotSpec.parse("mcts:400")      # BotSpec(kind="mcts", iterations=400, ...)
    spec.format() == "mcts:400"; spec.build()  # -> an MCTSBot
    BotSpec.parse("mcts:lots")            # BotSpecError: bot 'mcts:lots': bad MCTS budget 'lots': ...

:meth:`BotSpec.format` writes the shortest text that rebuilds the same bot (default settings
left out: ``mcts:200`` is ``mcts``); a built bot's ``name`` is that text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.bots.base import Bot, GreedyBot, RandomBot
from studio.bots.mcts import DEFAULT_ITERATIONS, SPEC_OPTIONS, MCTSBot, mcts_defaults
from studio.bots.styles import STYLES

BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot,
                        **{k: s.build for k, s in STYLES.items()}}
"""Every bot kind by name: a class or a function that builds the bot."""

SEARCH = "mcts"   # the one kind that takes settings


class BotSpecError(ValueError):
    """A bot spec that cannot be read or built: the message names the spec and what is wrong."""


@dataclass(frozen=True)
class BotSpec:
    """One bot and its settings. ``kind``: a key of :data:`BOTS`; for the search bot
    (``mcts``), ``iterations`` per decision (None: a time budget alone), ``seconds`` per
    decision (None: no time limit) and ``options``, the other constructor settings of
    :class:`~studio.bots.mcts.MCTSBot` as ``(argument, value)`` pairs (``("rollout",
    "random")``, ``("rollout_cap", 4)``...). Other kinds take no settings."""

    kind: str
    iterations: int | None = None
    seconds: float | None = None
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str | BotSpec) -> BotSpec:
        """The spec written ``text`` (a spec is returned as it is). Raises
        :class:`BotSpecError` for an unknown kind, settings on a bot without any, a bad budget
        or option, or settings the bot refuses (out of range), naming the spec."""
        if isinstance(text, BotSpec):
            return text
        text = str(text).strip()
        kind, sep, args = text.partition(":")
        if kind not in BOTS:
            raise BotSpecError(f"unknown bot {text!r} (known: {', '.join(BOTS)})")
        if kind != SEARCH:
            if sep:
                raise BotSpecError(f"bot {kind!r} takes no settings, got {text!r}")
            return cls(kind)
        spec = cls(SEARCH, DEFAULT_ITERATIONS) if not sep else cls._search(text, args)
        try:
            spec.build()  # the bot's own range checks
        except ValueError as exc:
            raise BotSpecError(f"bot {text!r}: {exc}") from None
        return spec

    @classmethod
    def _search(cls, text: str, args: str) -> BotSpec:
        """``mcts:ARGS``: a budget, an iteration count (``200``) or seconds per decision
        (``0.5s``; empty: the default), then ``:key=value`` options (:data:`SPEC_OPTIONS`;
        ``time`` a time limit on top of the iterations)."""
        budget, *words = args.split(":")
        iterations: int | None = DEFAULT_ITERATIONS
        seconds: float | None = None
        given = budget.strip()
        try:
            if given.endswith("s"):
                iterations, seconds = None, float(given[:-1])
            elif given:
                iterations = int(given)
        except ValueError:
            raise BotSpecError(f"bot {text!r}: bad MCTS budget {budget!r}: give iterations (mcts:200) or "
                               "seconds (mcts:0.5s)") from None
        options: dict[str, Any] = {}
        for word in words:
            key, sep, value = word.partition("=")
            if not sep or key.strip() not in SPEC_OPTIONS:
                raise BotSpecError(f"bot {text!r}: bad MCTS option {word!r}: use key=value with a key among "
                                   f"{', '.join(SPEC_OPTIONS)}")
            attr, kind = SPEC_OPTIONS[key.strip()]
            if attr in options:   # trial: the last one won silently, and the report named the bot two ways
                raise BotSpecError(f"bot {text!r}: the MCTS option {key.strip()!r} is given twice")
            try:
                options[attr] = kind(value.strip())
            except ValueError:
                wanted = {int: "a whole number", float: "a number"}.get(kind, "a word")
                raise BotSpecError(f"bot {text!r}: bad MCTS option {word!r}: {value.strip()!r} is not {wanted}") from None
        if "seconds" in options:
            seconds = options.pop("seconds")
        return cls(SEARCH, iterations, seconds, tuple(sorted(options.items())))

    @classmethod
    def of_search_bot(cls, bot: MCTSBot) -> BotSpec:
        """The spec of a built search bot (its budget and every :data:`SPEC_OPTIONS` setting)."""
        options = tuple(sorted((attr, getattr(bot, attr)) for attr, _kind in SPEC_OPTIONS.values()
                               if attr != "seconds"))
        return cls(SEARCH, bot.iterations, bot.seconds, options)

    def format(self) -> str:
        """The text that :meth:`parse` reads back to this bot, default settings left out:
        ``greedy``, ``mcts``, ``mcts:400``, ``mcts:0.5s``, ``mcts:300:rollout=random:time=0.2``."""
        if self.kind != SEARCH:
            return self.kind
        if self.iterations is None:
            budget = f"{self.seconds:g}s"
        else:
            budget = "" if self.iterations == DEFAULT_ITERATIONS else str(self.iterations)
        words = [f"{key}={value:g}" if isinstance(value, float) else f"{key}={value}"
                 for key, value in self._settings()]
        if not budget and not words:
            return SEARCH
        return ":".join([SEARCH, budget, *words])

    def _settings(self) -> list[tuple[str, Any]]:
        """``(option key, value)`` of the search settings that are not the defaults, in
        :data:`SPEC_OPTIONS` order (``time`` only on top of an iteration budget)."""
        defaults = mcts_defaults()
        values = {**dict(self.options), "seconds": self.seconds}
        out = []
        for key, (attr, _kind) in SPEC_OPTIONS.items():
            value = values.get(attr, defaults[attr])
            if value != defaults[attr] and not (attr == "seconds" and self.iterations is None):
                out.append((key, value))
        return out

    def __str__(self) -> str:
        return self.format()

    def build(self) -> Bot:
        """A fresh bot. Raises ValueError (the bot's own words) for settings out of range."""
        if self.kind != SEARCH:
            return BOTS[self.kind]()
        return MCTSBot(self.iterations, self.seconds, **dict(self.options))

    def budget_words(self) -> str:
        """The search budget in words, other settings after a comma: ``400 iterations``,
        ``0.5 s a move``, ``300 iterations or 0.2 s``, ``200 iterations, rollout=random``;
        ``""`` for a bot without settings."""
        if self.kind != SEARCH:
            return ""
        if self.iterations is None:
            budget = f"{self.seconds:g} s a move"
        else:
            budget = f"{self.iterations:,} iteration{'s' if self.iterations != 1 else ''}"
            if self.seconds is not None:
                budget += f" or {self.seconds:g} s"
        others = [f"{key}={value:g}" if isinstance(value, float) else f"{key}={value}"
                  for key, value in self._settings() if key != "time"]
        return ", ".join([budget, *others])

    def label(self) -> str:
        """A short name for people: ``MCTS 200``, ``MCTS 0.5s``, ``greedy``."""
        if self.kind != SEARCH:
            return self.kind
        return f"MCTS {self.iterations}" if self.iterations is not None else f"MCTS {self.seconds:g}s"

