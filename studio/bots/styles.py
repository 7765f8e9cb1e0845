"""Playstyle bots: greedy players with other priorities, to see whether a verdict holds for
people who play differently (the playstyle agents of the Ticket to Ride playtesting papers).

A :class:`PlayStyle` is a bot spec, an object: ``build()`` makes the bot, ``name`` is its
``--bots`` name. Two per game:

- Rule the Realm: the **hoarder** (energy and cards first: spends cards reluctantly, draws until
  it holds 7, each energy held is worth half a VP more than it converts to) and the **racer**
  (treasure and points now: cards are cheap, draws only when nearly out, each VP scored counts
  half again, energy held counts less). Both are :class:`~studio.bots.base.GreedyBot` with other
  weights, so they head for distant content the same way.
- Rivages: the **goal-chaser** (the island's goals first: progress toward a goal step counts
  twice and a step met a scroll more; new islands count less) and the **explorer** (new
  islands first: each island visited, an earned voyage and every crossed space count more, goals
  less). Both value a position by :func:`studio.bots.rivages.position_value` plus their terms.

A style plays one game; :func:`check_fit` refuses a style on the other game before any game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from studio.bots.base import Bot, GreedyBot

GAME_WORDS = {"realm": "Rule the Realm", "rivages": "Rivages"}


@dataclass(frozen=True)
class PlayStyle:
    """A playstyle bot spec. ``game``: ``"realm"`` or ``"rivages"``; ``summary``: what it
    favours, in plain words; ``weights``: ``(key, value)`` pairs the bot reads (see the
    module docstring). ``build()`` returns a fresh bot."""

    name: str
    game: str
    summary: str
    weights: tuple = ()

    def setting(self, key: str, default: float = 0.0) -> float:
        return dict(self.weights).get(key, default)

    def build(self) -> Bot:
        return RealmStyleBot(self) if self.game == "realm" else RivagesStyleBot(self)

    def __str__(self) -> str:
        return self.name


HOARDER = PlayStyle("hoarder", "realm", "energy and cards first",
                    (("card_cost", 0.5), ("short_hand", 7), ("energy_weight", 0.5)))
RACER = PlayStyle("racer", "realm", "treasure and points now",
                  (("card_cost", 0.05), ("band_cost", 0.05), ("short_hand", 2), ("score_weight", 0.5),
                   ("energy_weight", -0.2)))
GOAL_CHASER = PlayStyle("goal-chaser", "rivages", "the island's goals first",
                        (("goal_weight", 1.0), ("step_weight", 1.0), ("island_weight", -1.0)))
EXPLORER = PlayStyle("explorer", "rivages", "new islands first",
                     (("island_weight", 2.5), ("travel_weight", 2.0), ("cross_weight", 0.2), ("goal_weight", -0.4)))

STYLES = {s.name: s for s in (HOARDER, RACER, GOAL_CHASER, EXPLORER)}


def styles_for(kind: str) -> list[PlayStyle]:
    """The playstyles of a game (``"realm"`` or ``"rivages"``), in a fixed order."""
    return [s for s in STYLES.values() if s.game == kind]


def check_fit(bots, kind: str) -> None:
    """Raise ValueError when one of ``bots`` (names or specs) is a playstyle of the other game."""
    for b in bots:
        style = b if isinstance(b, PlayStyle) else STYLES.get(_kind(b) or "")
        if style is not None and style.game != kind:
            others = ", ".join(["random", "greedy", "mcts", *(s.name for s in styles_for(kind))])
            raise ValueError(f"the {style.name} bot plays {GAME_WORDS[style.game]}; for {GAME_WORDS.get(kind, kind)} "
                             f"choose {others}")


def _kind(bot) -> str | None:
    """The kind of a bot spec or its text, None for one that cannot be read."""
    from studio.bots.spec import BotSpec

    try:
        return BotSpec.parse(bot).kind
    except ValueError:
        return None


def _refuse(style: PlayStyle, game) -> None:
    kind = "rivages" if getattr(game, "kind", None) == "rivages" else "realm"
    if kind != style.game:
        check_fit([style], kind)


class RealmStyleBot(GreedyBot):
    """The greedy bot with a playstyle's weights: ``card_cost``, ``band_cost``, ``short_hand``
    replace the greedy defaults; ``energy_weight`` and ``score_weight`` add that many VP per
    energy held and per VP scored to every position's value."""

    def __init__(self, style: PlayStyle):
        self.style = style
        self.name = style.name
        for key in ("card_cost", "band_cost", "short_hand"):
            setattr(self, key, style.setting(key, getattr(GreedyBot, key)))
        self.energy_weight = style.setting("energy_weight")
        self.score_weight = style.setting("score_weight")

    def act(self, game, observation, legal_actions, rng):
        _refuse(self.style, game)
        return super().act(game, observation, legal_actions, rng)

    def _value(self, state, seat) -> float:
        return (super()._value(state, seat) + self.energy_weight * state.energy[seat]
                + self.score_weight * state.score[seat])

    def _preview_value(self, preview, seat) -> float:
        return (super()._preview_value(preview, seat) + self.energy_weight * preview.energy[seat]
                + self.score_weight * preview.score[seat])


class RivagesStyleBot(Bot):
    """One step of look-ahead like :class:`~studio.bots.rivages.RivagesGreedyBot` (as far as the
    round's end for every seat), valuing a position by ``position_value`` plus the style's
    terms: ``goal_weight`` x the goal progress,
    ``step_weight`` per goal step met on this island, ``island_weight`` per island visited,
    ``travel_weight`` for an earned voyage, ``cross_weight`` per crossed space."""

    def __init__(self, style: PlayStyle):
        self.style = style
        self.name = style.name
        self.w = {k: style.setting(k) for k in ("goal_weight", "step_weight", "island_weight", "travel_weight",
                                                 "cross_weight")}

    def value(self, state, seat: int, turn_over: bool | None = None) -> float:
        """``position_value(state, seat, turn_over)`` plus the style's terms; a seat whose turn
        is over and that sails is valued as after its voyage there (a fresh island: nothing
        crossed, no goal step, one island more), whatever its seat."""
        from studio.bots.rivages import goal_progress, position_value, voyage_comes

        if turn_over is None:
            turn_over = state.end_reason is None and seat < state.seat
        p = state.players_state[seat]
        w = self.w
        v = position_value(state, seat, turn_over)
        voyage = p.travel and voyage_comes(state.game, len(state.pile), state.round_ends_game())
        if turn_over and voyage:
            return v + w["island_weight"] * (p.islands_visited + 1)
        if w["goal_weight"]:
            v += w["goal_weight"] * goal_progress(state, seat)
        v += w["step_weight"] * sum(p.goal_done) + w["island_weight"] * p.islands_visited
        v += w["travel_weight"] * voyage + w["cross_weight"] * bin(p.crossed).count("1")
        return v

    def act(self, game, observation, legal_actions, rng: random.Random):
        _refuse(self.style, game)
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation["seat"]
        base = game.sample_state(observation, rng)
        best, best_value = [], None
        for action in legal_actions:
            after = base.clone()
            ended = after.apply_until_round_end(action)  # every seat looks as far as the round's end
            value = self.value(after, seat, ended or after.current_player != seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)
