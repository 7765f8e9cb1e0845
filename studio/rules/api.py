"""The engine API shared by both games, in the spirit of OpenSpiel.

::

    game = load_game("scenarios/jungle-temples.yaml", players=3, seed=7)
    state = game.new_state()
    while not state.is_terminal():
        seat = state.current_player               # 0-based seat index
        action = choose(state.legal_actions())    # frozen, hashable, printable dataclasses
        state.apply(action)                       # raises IllegalAction(reason) if not legal
    state.scores(); state.winners()

``apply`` validates (like python-chess's ``push_san``); ``apply_trusted`` plays an action taken
from ``legal_actions()`` of the same state without checking it (``push``). A game
replays exactly from (scenario, players, seed, action list): ``state.to_dict()`` records that
and ``game.state_from_dict`` rebuilds the state by replaying it. ``state.observation(seat)``
is what that seat may see; bots use only it (``game.sample_state(observation, rng)`` fills
in the hidden parts at random, for search). ``state.seat_view(seat)`` is the same boundary
without building the observation: a :class:`SeatView` that builds it only when asked, and
that a game may let read the state in place (Rivages: ``visible_state()``).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence
from typing import Any, Iterable


class IllegalAction(ValueError):
    """An action that the rules forbid in this state. ``reason`` says why, naming the clause
    (e.g. ``"RTR-P6: the band must touch one of your bands"``)."""

    def __init__(self, reason: str, action: Any = None):
        self.reason = reason
        self.action = action
        super().__init__(reason if action is None else f"{action}: {reason}")


class Game(abc.ABC):
    """Static facts of one game: content, rules, number of players, seed."""

    players: int
    seed: int

    @abc.abstractmethod
    def new_state(self, seed: int | None = None) -> "State":
        """A fresh game dealt from ``seed`` (default: the game's :attr:`seed`)."""

    #: the ``game`` value of this game's records, and its name for messages
    RECORD = ""
    TITLE = ""

    def state_from_dict(self, data: dict) -> "State":
        """Rebuild a state from :meth:`State.to_dict` output by replaying its action log.
        Raises ValueError if the record is for another game or player count, or an action is
        illegal."""
        if data.get("game") != self.RECORD:
            raise ValueError(f"not a {self.TITLE} game record: game={data.get('game')!r}")
        if data.get("players") != self.players:
            raise ValueError(f"record is for {data.get('players')} players, this game has {self.players}")
        state = self.new_state(int(data["seed"]))
        for i, raw in enumerate(data.get("actions", [])):
            try:
                state.apply(self.action_from_dict(raw))
            except IllegalAction as exc:
                raise ValueError(f"action {i + 1} of the record is illegal: {exc}") from None
        return state

    @abc.abstractmethod
    def action_from_dict(self, data: dict) -> Any: ...

    @abc.abstractmethod
    def sample_state(self, observation: dict, rng: random.Random) -> "State":
        """A state consistent with ``observation``: hidden cards dealt at random from what that
        seat cannot see. For bots' look-ahead; never the true hidden state."""

    def sampler(self, observation: dict):
        """``sample(rng)`` giving :meth:`sample_state` ``(observation, rng)``: the same states
        from the same generator, for a search that deals many states from one observation.
        A game may read the observation once for all of them (Rivages); the observation must
        not change while the sampler is used."""
        return lambda rng: self.sample_state(observation, rng)


class Listing(Sequence):
    """A legal-action sequence that builds its items when read (Rule the Realm's
    ``LegalActions``), equal to the plain list. Besides reading by index, it finds an action's
    position without building the others (:meth:`locate`): a search that holds a few actions
    of a position (its tree's children) asks where they are instead of reading the whole
    list."""

    __slots__ = ()

    @abc.abstractmethod
    def locate(self, action) -> int:
        """The position of ``action`` in this listing (``listing[i] == action``), or -1 when
        it is not listed; builds at most that item."""

    def locate_all(self, actions) -> list[int]:
        """:meth:`locate` of each of ``actions`` (any iterable), in order."""
        return [self.locate(a) for a in actions]


class State(abc.ABC):
    """One position. Public methods check and record history; private hooks hold the logic."""

    game: Game
    history: list

    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """Seat index (0-based) to act, or None when the game is over."""

    @abc.abstractmethod
    def legal_actions(self) -> Sequence: ...

    def apply(self, action) -> None:
        """Check ``action`` and play it. Raises :class:`IllegalAction` with the reason."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        self._apply(action)
        self.history.append(action)

    def apply_trusted(self, action) -> None:
        """Play ``action`` without checking it (python-chess's ``push`` to :meth:`apply`'s
        ``push_san``) and record it. Only for an action taken from :meth:`legal_actions` of
        this very state (bots, search): anything else leaves the state undefined."""
        self._apply(action)
        self.history.append(action)

    def apply_all(self, actions: Iterable) -> None:
        for a in actions:
            self.apply(a)

    @abc.abstractmethod
    def why_illegal(self, action) -> str | None:
        """None if ``action`` is legal now, else the reason (with the clause id)."""

    @abc.abstractmethod
    def _apply(self, action) -> None: ...

    def conservation_problems(self) -> list[str]:
        """What this state breaks of its game's conservation laws (every card, token, piece
        and energy accounted for exactly once; counts never negative), one sentence each; []
        when all hold. The shared conformance test (tests/test_conformance.py) asks it after
        every action of random games. Each game overrides it."""
        return []

    @abc.abstractmethod
    def is_terminal(self) -> bool: ...

    @abc.abstractmethod
    def scores(self) -> list[int]: ...

    @abc.abstractmethod
    def winners(self) -> list[int]: ...

    @abc.abstractmethod
    def clone(self) -> "State": ...

    @abc.abstractmethod
    def observation(self, seat: int) -> dict: ...

    def seat_view(self, seat: int) -> "SeatView":
        """What ``seat`` may see of this state, read in place (:class:`SeatView`): for a bot
        deciding now, while the state does not change."""
        return SeatView(self, seat)

    @abc.abstractmethod
    def to_dict(self) -> dict: ...


class SeatView:
    """What one seat may see of a state, for a bot deciding now: the hidden-information
    boundary of :meth:`State.observation` without building the observation first.

    ``game`` and ``seat``; :meth:`observation` (the seat's observation, built when first asked
    and kept). A game's own view may add readings made in place from the state, each showing
    only what the observation shows (Rivages: ``visible_state()``, equal to
    ``game.visible_state(observation)``: tests/rivages/test_seat_view.py). The state must not
    change while the view is used: a view is for one decision (the play loop makes a new one at
    every decision); keep :meth:`observation` to remember what was seen."""

    __slots__ = ("_state", "seat", "_observation")

    def __init__(self, state: State, seat: int):
        self._state = state
        self.seat = seat
        self._observation: dict | None = None

    @property
    def game(self) -> Game:
        return self._state.game

    def observation(self) -> dict:
        """``state.observation(seat)``, built once."""
        obs = self._observation
        if obs is None:
            obs = self._observation = self._state.observation(self.seat)
        return obs
