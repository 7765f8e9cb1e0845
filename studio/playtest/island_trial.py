"""Balance runs on one island: the bundled Rivages scenario with a designer's island always in
play (the island editor's *Play ▸ Balance Run…*, also usable headless).

How the island is put in play (:func:`island_setup`):

- 2 to 5 players play ``scenarios/rivages.yaml``, 1 player the advanced solo game of
  ``scenarios/rivages-solo.yaml`` (the one *Try it* plays);
- the island replaces the bundled island with the same id, if there is one (so an edited
  bundled island is never played next to its old self);
- every explorer starts on its own copy of the island: the deal of RIV-S1 is kept for
  everything else (trees, cards, loot), and the islands it dealt go to the bottom of the pile;
- explorers who travel (RIV-I1) draw the scenario's other islands as in any game.

So every game plays the island once per seat, from the first turn, and the islands visited
later give a comparison in the same report. Copies keep the island's id, so the statistics
(:mod:`studio.playtest.elements`) count them as one island, per visit; observations also name
islands by position (``island_index``, ``past_index``), so the bots' sampled states keep each
copy where it is (:func:`studio.rules.rivages.observe.state_from_observation`).
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass

from studio.playtest.setup import Setup, SetupError
from studio.rules.rivages.game import RivagesGame, RivagesState

SCENARIO = "rivages.yaml"
SOLO_SCENARIO = "rivages-solo.yaml"
PLAYER_COUNTS = (1, 2, 3, 4, 5)


class TrialGame(RivagesGame):
    """A Rivages game whose first ``players`` islands are copies of the trial island, one per
    seat; :meth:`new_state` deals them as the starting islands (see the module docstring)."""

    def new_state(self, seed: int | None = None) -> RivagesState:
        state = super().new_state(seed)
        n = self.players
        players = state.players_state
        dealt = [p.island for p in players]
        # the islands the deal gave go to the bottom of the pile (drawn last), the copies out of it
        state.pile = [i for i in dealt if i >= n] + [i for i in state.pile if i >= n]
        for seat, p in enumerate(players):
            p.island = seat
            goals = len(self.maps[seat].goals)
            p.goal_done = [0] * goals
            p.goal_used = [0] * goals
        state.round_start = [p.copy() for p in players]
        return state


@dataclass
class IslandTrialSetup(Setup):
    """A :class:`~studio.playtest.setup.Setup` that plays :class:`TrialGame` (``island_id``:
    the island always in play; ``island_name``: for titles)."""

    island_id: str = ""
    island_name: str = ""

    @property
    def name(self) -> str:
        return f"{self.scenario.name} with {self.island_name or self.island_id}"

    @property
    def id(self) -> str:
        return f"{self.scenario.id}-{self.island_id}"

    def game(self, seed: int = 0) -> TrialGame:
        """Raises :class:`~studio.model.rivages.RivagesError` when the content cannot be played
        (e.g. the island has not exactly two ships)."""
        return TrialGame(self.content, self.players, seed, self.path)

    def with_settings(self, settings) -> "IslandTrialSetup":
        plain = super().with_settings(settings)
        return IslandTrialSetup(plain.kind, plain.content, plain.players, plain.path, plain.settings,
                                self.island_id, self.island_name)


def scenario_path(players: int) -> str:
    """The bundled scenario file played by ``players`` (1: the solo scenario)."""
    from studio.content import bundled_path

    return str(bundled_path("scenarios", SOLO_SCENARIO if players == 1 else SCENARIO))


def island_setup(island, players: int, terrains=None, scenario: str | os.PathLike | None = None) -> IslandTrialSetup:
    """A setup for ``players`` (1 to 5) in which ``island`` (a
    :class:`~studio.model.rivages.Island`, copied: later edits do not leak in) is always in play.
    ``terrains``: the scenario terrains to use (the editor's, when it knows a fifth one);
    ``scenario``: another ``rivages-scenario/1`` file than the bundled one. Raises
    :class:`SetupError` for a player count out of range, LoadError / InvalidContent for an
    unreadable scenario."""
    from studio.model.rivages import read_rivages

    if players not in PLAYER_COUNTS:
        raise SetupError(f"Rivages is played by 1 to 5 players, got {players}")
    path = str(scenario) if scenario is not None else scenario_path(players)
    content = copy.copy(read_rivages(path))
    if terrains is not None and list(terrains) != list(content.scenario.terrains):
        content.scenario = copy.copy(content.scenario)
        content.scenario.terrains = list(terrains)
    others = [i for i in content.islands if i.id != island.id]
    content.islands = [copy.deepcopy(island) for _ in range(players)] + others
    return IslandTrialSetup("rivages", content, players, path, (), island.id, island.name or island.id)


__all__ = ["IslandTrialSetup", "PLAYER_COUNTS", "TrialGame", "island_setup", "scenario_path"]
