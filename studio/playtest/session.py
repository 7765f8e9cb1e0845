"""One game played at the table: some seats human, some bots. The model behind the playtest
window (no Qt), so the turn logic is tested without a screen.

Bots decide from ``state.observation(seat)`` only and share one ``random.Random(seed)``; with
every seat a bot, a session plays the same game as :func:`studio.playtest.runner.play_game`
with that seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from studio.bots import make_bot
from studio.rules.realm.actions import DECK, Draw, ExtraAction, Pass, Place, TakeCard

HUMAN = "human"


class PlaySession:
    """``controllers``: per seat ``"human"`` or a bot name (``"random"``, ``"greedy"``).
    Raises ValueError for a wrong number of controllers or an unknown bot."""

    def __init__(self, game, controllers: Sequence[str], seed: int = 0):
        if len(controllers) != game.players:
            raise ValueError(f"{game.players} players need {game.players} controllers, got {len(controllers)}")
        self.game = game
        self.seed = seed
        self.controllers = list(controllers)
        self.bots = [None if c == HUMAN else make_bot(c) for c in self.controllers]
        self.rng = random.Random(seed)
        self.state = game.new_state(seed)
        self._legal_cache: tuple[int, list] | None = None

    def set_controller(self, seat: int, controller: str) -> None:
        """Hand ``seat`` to a human or a bot from now on (the game goes on)."""
        self.bots[seat] = None if controller == HUMAN else make_bot(controller)
        self.controllers[seat] = controller

    # -- turn ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def is_human(self, seat: int) -> bool:
        return self.bots[seat] is None

    def human_to_move(self) -> bool:
        seat = self.state.current_player
        return seat is not None and self.is_human(seat)

    def bot_to_move(self) -> bool:
        seat = self.state.current_player
        return seat is not None and not self.is_human(seat)

    def legal_actions(self) -> list:
        """The state's legal actions, computed once per position."""
        key = len(self.state.history)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, self.state.legal_actions())
        return self._legal_cache[1]

    def apply(self, action) -> None:
        """Play ``action`` for the seat to move. Raises the engine's IllegalAction."""
        self.state.apply(action)

    def step_bot(self):
        """Let the bot to move play one action and return it. Raises RuntimeError when the seat
        to move is human or the game is over."""
        seat = self.state.current_player
        if seat is None or self.is_human(seat):
            raise RuntimeError("no bot to move")
        action = self.bots[seat].act(self.game, self.state.observation(seat), self.legal_actions(), self.rng)
        self.state.apply(action)
        return action

    # -- bands --------------------------------------------------------------------------------
    def legal_bands(self) -> dict[frozenset[str], list[Place]]:
        """Legal bands of the seat to move, by peg set (each with its default payment)."""
        out: dict[frozenset[str], list[Place]] = {}
        for a in self.legal_actions():
            if isinstance(a, Place):
                out.setdefault(frozenset(a.pegs), []).append(a)
        return out

    def clickable_pegs(self, selected: Iterable[str]) -> set[str]:
        """Pegs that, added to ``selected``, still lead to at least one legal band; the pegs
        already selected are included when ``selected`` is part of some legal band (so they
        can be clicked off)."""
        chosen = frozenset(selected)
        out: set[str] = set()
        for pegs in self.legal_bands():
            if chosen <= pegs:
                out |= pegs
        return out

    def bands_for(self, selected: Sequence[str]) -> list[Place]:
        """Every legal band on exactly the pegs ``selected`` (default payments): several when
        the same pegs make a triangle and long barriers (open paths through them). Closed bands
        come first, then the path in the order the pegs were chosen, then the other paths."""
        order = tuple(selected)

        def rank(band: Place):
            if band.shape in ("triangle", "quad"):
                return (0, band.pegs)
            follows = band.pegs in (order, order[::-1])
            return (1 if follows else 2, band.pegs)

        return sorted(self.legal_bands().get(frozenset(order), []), key=rank)

    def band_for(self, selected: Sequence[str]) -> Place | None:
        """The first of :meth:`bands_for`, or None."""
        bands = self.bands_for(selected)
        return bands[0] if bands else None

    def payment_options(self, band: Place) -> list[Place]:
        """``band`` with every legal payment, the default first."""
        return [Place(band.pegs, pay, band.shape) for pay in self.state.payment_options(band.pegs)] or [band]

    # -- draws --------------------------------------------------------------------------------
    def legal_draws(self) -> list[Draw]:
        return [a for a in self.legal_actions() if isinstance(a, Draw)]

    def draw_size(self) -> int:
        """Cards a draw takes now (fewer than the rule's count when the cards run out), 0 if no
        draw is legal."""
        draws = self.legal_draws()
        return len(draws[0].sources) if draws else 0

    def draw_can_grow(self, sources: Sequence[str], source: str) -> bool:
        """Whether ``source`` (``"deck"`` or a pool colour) may be added to the draw ``sources``
        picked so far: some legal draw holds them all."""
        want = Counter(sources) + Counter([source])
        return any(not (want - Counter(d.sources)) for d in self.legal_draws())

    def draw_for(self, sources: Sequence[str]) -> Draw | None:
        """The legal draw of exactly ``sources``, or None."""
        if not sources:
            return None
        draw = Draw(tuple(sources))
        return draw if draw in self.legal_draws() else None

    def bonus_cards(self) -> list[TakeCard]:
        """The free bonus cards the seat to move must choose from now (Labyrinth, L8-7), or []."""
        return [a for a in self.legal_actions() if isinstance(a, TakeCard)]

    def can_buy_extra(self) -> bool:
        return ExtraAction() in self.legal_actions()

    def can_end_turn(self) -> bool:
        return Pass() in self.legal_actions()


__all__ = ["DECK", "HUMAN", "PlaySession"]
