"""One game played at the table: some seats human, some bots. The model behind the playtest
window (no Qt), so the turn logic is tested without a screen.

Bots decide from ``state.observation(seat)`` only and share one ``random.Random(seed)``; with
every seat a bot, a session plays the same game as :func:`studio.playtest.runner.play_game`
with that seed.

A session can undo its last action (the engine is deterministic: the state is the record
replayed without it, and the bots' random generator goes back to where it was), save its
record (``studio-game/1``, :func:`game_file_data`) and load one (:meth:`PlaySession.load`).
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
        self._rng_before: list = []   # the bots' generator state before each action, for undo
        self._movers: list[int | None] = []  # the seat that played each action (None: loaded)
        self.frozen = False           # a replay is shown: nobody is to move

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
        return seat is not None and not self.frozen and self.is_human(seat)

    def bot_to_move(self) -> bool:
        seat = self.state.current_player
        return seat is not None and not self.frozen and not self.is_human(seat)

    def legal_actions(self) -> list:
        """The state's legal actions, computed once per position."""
        key = len(self.state.history)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, self.state.legal_actions())
        return self._legal_cache[1]

    def apply(self, action) -> None:
        """Play ``action`` for the seat to move. Raises the engine's IllegalAction."""
        seat, before = self.state.current_player, self.rng.getstate()
        self.state.apply(action)
        self._played(seat, before)

    def _played(self, seat, rng_before) -> None:
        del self._rng_before[len(self.state.history) - 1:]
        del self._movers[len(self.state.history) - 1:]
        self._rng_before.append(rng_before)
        self._movers.append(seat)

    def step_bot(self):
        """Let the bot to move play one action and return it. Raises RuntimeError when the seat
        to move is human or the game is over."""
        seat = self.state.current_player
        if seat is None or self.is_human(seat):
            raise RuntimeError("no bot to move")
        before = self.rng.getstate()
        action = self.bots[seat].act(self.game, self.state.observation(seat), self.legal_actions(), self.rng)
        self.state.apply(action)
        self._played(seat, before)
        return action

    def bot_request(self):
        """What the bot to move needs to decide elsewhere (a worker thread): ``(bot, game,
        observation, legal actions, rng)``, with a copy of the session's generator so the
        session is untouched until :meth:`apply_bot_decision`. Raises RuntimeError like
        :meth:`step_bot`."""
        seat = self.state.current_player
        if seat is None or self.is_human(seat):
            raise RuntimeError("no bot to move")
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return self.bots[seat], self.game, self.state.observation(seat), list(self.legal_actions()), rng

    def apply_bot_decision(self, action, rng) -> None:
        """Play ``action`` decided from :meth:`bot_request` and adopt the generator ``rng`` it
        used, so the game is the one :meth:`step_bot` would have played."""
        seat, before = self.state.current_player, self.rng.getstate()
        self.state.apply(action)
        self.rng = rng
        self._played(seat, before)

    # -- history ------------------------------------------------------------------------------
    def mover(self, index: int) -> int | None:
        """The seat that played action ``index`` (0-based) of the history."""
        return self._movers[index] if 0 <= index < len(self._movers) else None

    def undo(self):
        """Take back the last action and return it (None at the start of the game): the state
        becomes the record replayed without it and the bots' generator goes back to where it
        was before it."""
        history = self.state.history
        if not history:
            return None
        last = history[-1]
        self.goto(len(history) - 1)
        return last

    def goto(self, count: int) -> None:
        """Keep only the first ``count`` actions (replayed from the deal)."""
        actions = list(self.state.history[:count])
        state = self.game.new_state(self.seed)
        state.apply_all(actions)
        self.state = state
        self._legal_cache = None
        if count < len(self._rng_before) and self._rng_before[count] is not None:
            self.rng = random.Random()
            self.rng.setstate(self._rng_before[count])
        else:
            self.rng = _resumed_rng(self.seed, count)
        del self._rng_before[count:]
        del self._movers[count:]

    def record(self) -> dict:
        """The game so far as the engine's record (``state.to_dict()``)."""
        return self.state.to_dict()

    def load(self, record: dict) -> None:
        """Replace the game by ``record`` (an engine record of this game). Raises ValueError
        naming the problem (another game, player count or seed deal, an illegal action). Bots
        go on with a generator seeded from the seed and the number of actions, so a loaded
        game continues the same way each time."""
        state = self.game.state_from_dict(record)
        self.seed = int(record["seed"])
        self.state = state
        self._legal_cache = None
        n = len(state.history)
        self.rng = _resumed_rng(self.seed, n)
        self._rng_before = [None] * n
        self._movers = [None] * n

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


def _resumed_rng(seed: int, actions: int) -> random.Random:
    return random.Random(f"{seed}/{actions}")


GAME_FORMAT = "studio-game/1"


def game_file_data(session: PlaySession, board_name: str = "") -> dict:
    """The ``studio-game/1`` document of a session: the engine record and who played each
    seat (see ``schemas/studio-game.schema.json``)."""
    return {"format": GAME_FORMAT, "board_name": board_name, "controllers": list(session.controllers),
            "record": session.record()}


def read_game_file(path) -> dict:
    """Read and check a ``studio-game/1`` file. Raises LoadError for a file that cannot be read
    or parsed and InvalidContent listing every schema problem (with line and column); a valid
    file of another format (a board, a scenario, a report...) is one ``content/wrong-kind``
    finding at its ``format:`` key that names what the file is."""
    from studio.content import load_document
    from studio.content.findings import Finding
    from studio.content.schemas import known_formats, schema_findings, schema_for
    from studio.model.io import InvalidContent

    doc = load_document(path)
    fmt = doc.format
    if fmt is not None and fmt != GAME_FORMAT and fmt in known_formats():
        # checked before the schema: the file's own schema would pass it, and the record is missing
        what = schema_for(fmt).get("title", fmt).replace(f" ({fmt})", "")
        line, col = doc.source.locate(("format",))
        raise InvalidContent([Finding("content/wrong-kind", "error",
                                      f"this is a {fmt} file ({what}), not a saved game ({GAME_FORMAT}); "
                                      "Save Game in a playtest window writes one", str(path), line, col)])
    findings = schema_findings(doc.data, doc.source, str(path))
    if findings:
        raise InvalidContent(findings)
    return doc.data


__all__ = ["DECK", "GAME_FORMAT", "HUMAN", "PlaySession", "game_file_data", "read_game_file"]
