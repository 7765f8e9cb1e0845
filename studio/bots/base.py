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
    observation (so it never reads hidden cards) and keeps the one that raises its own score
    most. Energy counts at the end-of-game rate (RTR-E2) and cards spent count a little, so among
    equal gains it prefers cheap bands; with nothing to gain it draws while its hand is short.
    Ties are broken at random."""

    name = "greedy"
    card_cost = 0.15
    short_hand = 4

    def act(self, game, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation["seat"]
        base = game.sample_state(observation, rng)
        rate = max(1, getattr(game.rules, "energy_per_vp", 3) or 3)
        before = base.score[seat] + base.energy[seat] / rate
        hand_size = sum(observation["hand"])
        best, best_value = [], None
        for action in legal_actions:
            kind = type(action).__name__
            if kind == "Place":
                after = base.clone()
                after._apply(action)
                value = after.score[seat] + after.energy[seat] / rate - before
                value -= self.card_cost * len(action.payment)
            elif kind == "Draw":
                value = 0.05 if hand_size < self.short_hand else -0.05
                value += 0.01 * sum(1 for s in action.sources if s != "deck")
            elif kind == "ExtraAction":
                value = -0.5  # energy is worth keeping unless the extra action pays (see below)
            else:  # Pass
                value = -1.0
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)
