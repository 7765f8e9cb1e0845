"""Random and greedy bots for Rule the Realm (and any game with the same State API)."""

from __future__ import annotations

import abc
import random


class Bot(abc.ABC):
    """A player that decides from its seat's observation only."""

    name = "bot"

    @abc.abstractmethod
    def act(self, game, observation: dict, legal_actions: list, rng: random.Random):
        """One of ``legal_actions``."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, game, observation, legal_actions, rng):
        return rng.choice(legal_actions)


class GreedyBot(Bot):
    """Best immediate gain: plays each legal action on a copy of a state sampled from its
    observation (so it never reads hidden cards) and keeps the one that most raises its own score
    *as if the game ended right after it* (``projected_scores``: unused energy, territories,
    idol majorities, artifact sets, the Volcano escape). A small cost per card spent makes it
    prefer cheap bands among equal gains; with nothing to gain it draws while its hand is short.
    Ties are broken at random."""

    name = "greedy"
    card_cost = 0.15
    short_hand = 4
    eliminated_value = -1000.0

    def _value(self, state, seat) -> float:
        projected = state.projected_scores()[seat] if hasattr(state, "projected_scores") else state.scores()[seat]
        if projected == float("-inf"):
            # out of the game as things stand: what it would score counts far less than escaping
            return self.eliminated_value + state.score[seat] + state.energy[seat]
        return projected

    def act(self, game, observation, legal_actions, rng):
        if getattr(game, "kind", None) == "rivages":  # its own values: studio.bots.rivages
            from studio.bots.rivages import RivagesGreedyBot

            return RivagesGreedyBot().act(game, observation, legal_actions, rng)
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation["seat"]
        base = game.sample_state(observation, rng)
        before = self._value(base, seat)
        hand_size = sum(observation["hand"])
        best, best_value = [], None
        for action in legal_actions:
            kind = type(action).__name__
            if kind == "Place":
                after = base.clone()
                after._apply(action)
                value = self._value(after, seat) - before
                value -= self.card_cost * len(action.payment)
            elif kind == "Draw":
                value = 0.05 if hand_size < self.short_hand else -0.05
                value += 0.01 * sum(1 for s in action.sources if s != "deck")
            elif kind == "TakeCard":
                value = 0.01 if action.source != "deck" else 0.0
            elif kind == "ExtraAction":
                value = -0.5  # energy is worth keeping unless the extra action pays
            else:  # Pass
                value = -1.0
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)
