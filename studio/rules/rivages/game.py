"""Rivages rules (RIV-*): simultaneous turns played as each seat's own sequence of decisions.

Turns are simultaneous and hidden (RIV-T1). The engine plays them one seat after another in seat
order within a round: seat 0 takes its whole turn, then seat 1, and so on; shared resources (the
loot bag, the island pile, the deck) are therefore used in seat order. While a seat plays, its
observation shows the other seats as they were at the start of the round, so no choice depends
on another seat's choice of the same turn. When every seat is done the round ends: cards pass
left (RIV-E2), spent cards are replaced (RIV-E3), travellers reach a new island (RIV-I1), and
the endgame trigger is checked (RIV-E4).

A seat's turn (see :mod:`studio.rules.rivages.actions`): :class:`StartAt` when it has just
reached an island (RIV-S7), then :class:`PlayRow` or :class:`Fallback` (RIV-T2, RIV-T4), then
symbols in any order (RIV-T9), answers to effects that need a choice, at most one
:class:`PlayLoot` (RIV-I6), and :class:`EndTurn`. Effects are atoms (see
:mod:`studio.rules.rivages.board`) applied at once (RIV-G2, RIV-T7); those that need a choice
wait in ``pending`` until the seat answers, newest first. A choice with one option is made for
the seat, and one with none is lost. The turn ends by itself once nothing is left to use, no
effect waits and no Loot may be played (RIV-E1).

Solo (``players=1``, RIV-X1 to RIV-X7) uses the scenario's solo settings: its own deck of
Exploration cards, discard and removal instead of passing, the Solo Explorer card, challenges,
and the end after the turn that removes the last card of the target card's count.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, NamedTuple, cast

from studio.model.rivages import ALL_TERRAINS, SHIP, Challenge, Rivages, RivagesError, read_rivages
from studio.rules.api import Game, IllegalAction, State
from studio.rules.ends import EndCode, GameEnd
from studio.rules.events import Event
from studio.rules.log import LogLine
from studio.rules.record import derive_copy, derive_snapshot, kept
from studio.rules.rivages.actions import (
    END_TURN,
    Cross,
    EndTurn,
    Fallback,
    PickArea,
    PickNode,
    PickSpace,
    PlayLoot,
    PlayRow,
    StartAt,
    Use,
    action_from_dict,
)
from studio.rules.rivages.board import SYMBOL_ATOMS, IslandMap, TreeMap, bits, effect_atoms

if TYPE_CHECKING:
    from studio.rules.rivages.observe import ViewCache

SPACE_PICKS = ("any", "leap")


@dataclass(slots=True, eq=False)
class Player:
    """One seat's position, a declared record: :meth:`copy` and :meth:`snapshot` are derived
    from the fields (:mod:`studio.rules.record`), and each field's ``view`` says how an
    observation shows it (:mod:`studio.rules.rivages.observe`; ``derived``: rebuilt from the
    others; ``cards`` and ``tokens``: only to its own seat, the others see how many).

    ``island`` indexes ``game.maps``; ``crossed`` and ``reach`` are space masks of the current
    island; ``past`` holds ``(island, crossed)`` of the islands set aside (RIV-I1);
    ``tree_crossed``/``tree_reach`` are node masks; ``hand`` holds card indices; ``loot`` token
    indices; ``goal_done[g]`` the steps met of goal ``g`` and ``goal_used[g]`` what those steps
    used (spaces for the quest, areas for missions; RIV-G6); ``areas_done`` the mask of
    completed areas in the order ``areas_order``. Counters for the solo challenges:
    ``loot_drawn``, ``statues``, ``areas_by_terrain``."""

    copy: ClassVar[Callable[["Player"], "Player"]]  # derived from the fields below the class
    shallow: ClassVar[Callable[["Player"], "Player"]]  # every field shared, lists included
    snapshot: ClassVar[Callable[["Player"], dict]]

    island: int = kept(view="island")
    crossed: int = kept(default=0, view="spaces")
    reach: int = kept(default=0, view="derived")
    past: list = kept("list", factory=list, view="past")
    travel: bool = kept(default=False, view="plain")
    needs_start: bool = kept(default=True, view="plain")
    tree: int = kept(default=0, view="tree")
    tree_crossed: int = kept(default=0, view="nodes")
    tree_reach: int = kept(default=0, view="derived")
    scrolls: int = kept(default=0, view="plain")
    loot: list = kept("list", factory=list, view="tokens")
    hand: list = kept("list", factory=list, view="cards")
    goal_done: list = kept("list", factory=list, view="list")
    goal_used: list = kept("list", factory=list, view="list")
    areas_done: int = kept(default=0, view="derived")
    areas_order: list = kept("list", factory=list, view="list")
    loot_drawn: int = kept(default=0, view="plain")
    statues: int = kept(default=0, view="plain")
    areas_by_terrain: list = kept("list", factory=list, view="list")

    @classmethod
    def fresh(cls, island: int, tree: int, terrains: int, goals: int) -> "Player":
        """A seat before its first cross: on ``island`` with ``goals`` goals, tree ``tree``,
        counting areas of ``terrains`` terrains."""
        return cls(island, tree=tree, goal_done=[0] * goals, goal_used=[0] * goals,
                   areas_by_terrain=[0] * terrains)

    @property
    def islands_visited(self) -> int:
        """Islands with at least one crossed space, ships included (RIV-E5)."""
        return len(self.past) + 1


Player.copy = derive_copy(Player)
Player.snapshot = derive_snapshot(Player)


def _derive_shallow(cls):
    """``shallow(self)``: a new ``cls`` sharing every field's value, lists included (for a
    preview, which copies a list only where an action changes it, see
    :meth:`RivagesState.previews`, and for round-start records, never changed in place)."""
    lines = ["def shallow(self):", "    new = _new(_cls)"]
    lines += [f"    new.{f.name} = self.{f.name}" for f in fields(cls)]
    lines.append("    return new")
    scope = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - code made above from the field declarations
    return scope["shallow"]


Player.shallow = _shallow = _derive_shallow(Player)


class RivagesGame(Game):
    """A Rivages game: content, number of players (1 for solo) and seed.

    Raises :class:`~studio.model.rivages.RivagesError` when the content cannot be played: too
    few islands, trees or cards for the player count, an island that cannot be compiled, a card
    symbol or effect terrain the scenario does not know, solo without solo cards."""

    RECORD = "rivages"
    TITLE = "Rivages"

    kind = "rivages"

    def __init__(self, content: Rivages, players: int, seed: int = 0, scenario_path: str | None = None):
        sc = content.scenario
        self.content = content
        self.scenario = sc
        self.scenario_path = scenario_path
        self.players = players
        self.seed = seed
        self.rules = sc.rules
        if not 1 <= players <= 5:
            raise RivagesError(f"Rivages is for 1 to 5 players, got {players}")
        self.solo = content.solo_cards if players == 1 else None
        if players == 1 and (sc.solo is None or self.solo is None):
            raise RivagesError(f"scenario {sc.id!r} has no solo cards; it cannot be played alone")
        self.terrains = sc.terrain_names()
        self.terrain_index = {t: i for i, t in enumerate(self.terrains)}
        need = players + 1 if players > 1 else 1  # an island each and, with others, one in the pile
        if len(content.islands) < need:
            raise RivagesError(f"{players} players need at least {need} islands, the scenario has "
                               f"{len(content.islands)}")
        if len(content.trees) < players:
            raise RivagesError(f"{players} players need {players} trees, the scenario has {len(content.trees)}")
        self.maps = [IslandMap(i, self.terrains, self.rules) for i in content.islands]
        self.mode: str | None  # the solo mode (RIV-X2), None with 2 players or more
        if self.solo is not None and sc.solo is not None:  # solo (players == 1, checked above)
            self.mode = sc.solo.mode
            self.side = "A" if self.mode == "discovery" else "B"  # RIV-X2
        else:
            self.mode = None
            self.side = sc.side
        self.trees = []
        for t in content.trees:
            if self.side not in t.sides:
                raise RivagesError(f"tree {t.id!r} has no side {self.side}")
            self.trees.append(TreeMap(t.id, self.side, t.sides[self.side]))
        # cards: exploration by marker (RIV-S3) then endgame; solo uses the 2+ cards only (RIV-X1)
        marker = 2 if players == 1 else players
        exploration = content.cards.for_players(marker)
        endgame = [] if players == 1 else list(content.cards.endgame)
        self.cards = exploration + endgame
        self.card_ids = [c.id for c in self.cards]
        self.card_index = {c.id: i for i, c in enumerate(self.cards)}
        if len(self.card_index) != len(self.cards):
            raise RivagesError("two cards share an id")
        self.card_rows = [c.rows for c in self.cards]
        self.card_len = [len(c.rows) for c in self.cards]
        self.is_endgame = [c.endgame for c in self.cards]
        self.exploration = list(range(len(exploration)))
        self.endgame = list(range(len(exploration), len(self.cards)))
        symbols = set(self.terrains) | {"any"} | set(SYMBOL_ATOMS)
        for c in self.cards:
            for row in c.rows:
                for sym in row:
                    if sym not in symbols:
                        raise RivagesError(f"card {c.id!r}: unknown symbol {sym!r} (known: {', '.join(sorted(symbols))})")
        if self.solo is not None:  # players == 1 (checked above)
            if len(exploration) < self.solo.cards:
                raise RivagesError(f"solo needs {self.solo.cards} Exploration cards marked 2+, the scenario has {len(exploration)}")
        elif len(exploration) < 2 * players:
            raise RivagesError(f"{players} players need at least {2 * players} Exploration cards, "
                               f"{len(exploration)} are marked {players}+ or lower")
        # loot (RIV-S6)
        self.loot_kinds = [t.kind for t in content.loot.tokens]
        self.loot_atoms = {t.kind: effect_atoms(t.effect) for t in content.loot.tokens}
        self.tokens: list[str] = [t.kind for t in content.loot.tokens for _ in range(t.count)]
        for source, atoms in self._all_effects():
            for kind, arg in atoms:
                if kind == "area" and arg != ALL_TERRAINS and arg not in self.terrain_index:
                    raise RivagesError(f"{source}: an area of {arg!r}, which is not a terrain of the scenario")
        values = sc.great_explorer.get(players)
        self.great_explorer = tuple(values) if values is not None else (0, 0)
        self.seat_names = ["Solo explorer"] if players == 1 else [f"Explorer {i + 1}" for i in range(players)]
        # actions, made once
        self.play_row = [PlayRow(c) for c in self.card_ids]
        self.fallback = [Fallback(c) for c in self.card_ids]
        self.fallback_none = Fallback(None)
        self.use = {s: Use(s) for s in SYMBOL_ATOMS}
        self.play_loot = {k: PlayLoot(k) for k in self.loot_kinds}
        # how observations show and read positions (studio.rules.rivages.observe.ViewCache), made
        # when first needed
        self.views: ViewCache | None = None

    def _all_effects(self):
        for m in self.maps:
            for i, atoms in enumerate(m.icon):
                yield f"island {m.id!r} space {list(m.at[i])}", atoms
            for name, steps in m.goals:
                for st in steps:
                    yield f"island {m.id!r} {name}", st.reward
        for t in self.trees:
            for i, atoms in enumerate(t.effect):
                yield f"tree {t.id!r} node {t.nodes[i]}", atoms
        for kind, atoms in self.loot_atoms.items():
            yield f"loot {kind!r}", atoms

    # -- Game API ---------------------------------------------------------------------------
    def new_state(self, seed: int | None = None) -> "RivagesState":
        """A fresh game dealt from ``seed`` (default: the game's seed)."""
        return RivagesState(self, self.seed if seed is None else seed)

    def action_from_dict(self, data: dict):
        return action_from_dict(data)

    def sample_state(self, observation: dict, rng: random.Random) -> "RivagesState":
        return _observe().state_from_observation(self, observation, rng)

    def sampler(self, observation: dict):
        """``sample(rng)``: :meth:`sample_state` of ``observation``, which is read once (see
        :class:`studio.rules.rivages.observe.Sampler`)."""
        return _observe().Sampler(self, observation)

    def visible_state(self, observation: dict) -> "RivagesState":
        """Only what ``observation`` shows, hidden parts left out, for previews of the
        observer's own actions (see :func:`studio.rules.rivages.observe.visible_state`)."""
        return _observe().visible_state(self, observation)


_OBSERVE = None


def _observe():
    """:mod:`studio.rules.rivages.observe` (it imports this module: imported when first needed,
    then kept, as observations are made at every decision)."""
    global _OBSERVE
    if _OBSERVE is None:
        from studio.rules.rivages import observe

        _OBSERVE = observe
    return _OBSERVE


def load_rivages_game(source: Any, players: int, seed: int = 0) -> RivagesGame:
    """Game from a ``rivages-scenario/1`` path or a loaded :class:`Rivages`."""
    if isinstance(source, (str, Path)):
        return RivagesGame(read_rivages(source), players, seed, str(source))
    if isinstance(source, Rivages):
        return RivagesGame(source, players, seed, source.scenario.path)
    raise TypeError(f"cannot build a Rivages game from {type(source).__name__}")


class _NeedsCopy(Exception):
    """Raised inside :meth:`RivagesState.preview` by what it cannot take back in place."""


class _RoundEnds(_NeedsCopy):
    """Raised inside :meth:`RivagesState.preview` when the action ends the round (every seat
    moves): the mover's own turn is over by then."""


class _NoRandom:
    """Stands for the state's generator during a preview: a reshuffle needs a copy."""

    def __getattr__(self, name):
        raise _NeedsCopy


# typed as the generator it stands in for: any use raises _NeedsCopy
_NO_RANDOM = cast(random.Random, _NoRandom())


class RivagesPreview(NamedTuple):
    """What an action would do (:meth:`RivagesState.preview`): ``seat`` (who acts),
    ``player`` (that seat's :class:`Player` right after: read it, do not change it),
    ``to_move`` (the seat to move after it, None once the game is over), ``phase`` and ``row``
    (the symbols left) after it.

    ``round_end``: only from ``preview(action, turn=True)``, for an action that ends the
    round: the preview stopped where the seat's turn is over and the round's end (RIV-E2 to
    RIV-E4, RIV-I1, RIV-X3 to RIV-X5) begins, so ``player`` is the seat's position as its turn
    leaves it (before hands pass, cards are drawn and travellers sail), ``to_move`` is None and
    ``row`` empty. ``final``: whether the end of the round ends the game, as the action leaves
    the cards (:meth:`RivagesState.round_ends_game`; False from a preview that played the
    round's end)."""

    seat: int
    player: Player
    to_move: int | None
    phase: str
    row: tuple
    round_end: bool = False
    final: bool = False

    @property
    def own_row(self) -> tuple | None:
        """The row the seat still plays after the action, or None when its turn has moved on
        (or it is still to choose a row)."""
        return self.row if self.to_move == self.seat and self.phase == "row" else None


_preview = tuple.__new__  # RivagesPreview(*fields) without its __new__ call (every field given)


@dataclass(init=False, eq=False, repr=False)
class RivagesState(State):
    """A position of Rivages.

    Read-only attributes: ``players_state`` (one :class:`Player` per seat), ``card_used``
    (rows used, per card index), ``deck`` (card indices, top last), ``discard``, ``removed``
    (solo), ``bag`` (token indices, next draw last), ``loot_discard``, ``pile`` (island
    indices, top last), ``round`` (1-based; once the game is over, the number of rounds played), ``seat`` (to act), ``phase`` (``start``,
    ``choose`` or ``row``), ``row`` (symbols left), ``pending`` (effect atoms waiting, first
    next), ``loot_used``, ``last_round``, ``challenges`` (solo), ``end`` (how
    the game ended, a :class:`~studio.rules.ends.GameEnd`, None while it runs), ``end_reason``
    (its words), ``final``
    (final scores), ``bonus`` (Great Explorer scrolls), ``completions`` (goal steps met, see
    :meth:`stats`), ``bridges_used`` (every bridge a cross went over, RIV-T8, as ``(seat,
    island id, end a, end b, round)``), ``log`` (public lines), ``private_log`` (``{log index:
    (seat, line)}``: the same line as that seat sees it, e.g. which Loot token it drew, hidden
    from the others, RIV-I6) and ``history``."""

    # The record: clone and snapshot are derived from these declarations (studio.rules.record).
    _copy_record: ClassVar[Callable[[RivagesState], RivagesState]]
    _snapshot_record: ClassVar[Callable[[RivagesState], dict]]
    game: RivagesGame = kept(snapshot="skip")
    seed: int = kept()
    _rng: random.Random | None = kept("skip", snapshot="skip")     # see the ``rng`` property
    _rng_seed: int | float = kept("skip", snapshot="skip")
    _rng_shared: bool = kept("skip", snapshot="skip")                 # with a copy: copied before use
    players_state: list = kept("copies")
    round_start: list = kept(snapshot="records")   # never changed in place, only replaced: shared
    pile: list = kept("list")
    card_used: list = kept("list")
    deck: list = kept("list")
    discard: list = kept("list")
    removed: list = kept("list")
    bag: list = kept("list")
    loot_discard: list = kept("list")
    challenges: list = kept("list")
    round: int = kept()
    seat: int = kept()
    phase: str = kept()
    row: list = kept("list")
    pending: list = kept("list")
    loot_used: bool = kept()
    last_round: bool = kept()
    end: GameEnd | None = kept()          # how the game ended (studio.rules.ends)
    end_reason: str | None = kept()       # ``end.text``, for people
    final: list | None = kept("optional-list")
    bonus: list = kept("list")
    completions: list = kept("list")
    bridges_used: list = kept("list")
    log: list = kept("list")
    private_log: dict = kept("dict")
    history: list = kept("list")
    # the others' observation records of this round (studio.rules.rivages.observe): built from
    # ``round_start`` alone, so copies share them
    round_records: tuple[list, dict] | None = kept(snapshot="skip", default=None)

    _previewing = False  # set while :meth:`preview` plays an action on the state itself
    # set on a state dealt by a sampler (studio.rules.rivages.observe.Sampler): its seats share
    # their lists with the sampler's records and with the round-start records, so each is
    # copied before it changes (as a preview's; a hand is only ever replaced); a clone's seats
    # own theirs
    _lists_shared = False
    # the sampler that dealt this state (it keeps the values of the seats that have not moved
    # since, for bots); None for any other state and for a clone
    dealt_by = None
    # a state dealt by a sampler, on the observer's own turn of the round dealt: its position in
    # the sampler's tree of that turn (studio.rules.rivages.observe.DealtTurn, the same in every
    # state it deals; bots may keep values there); None for any other state and for a clone
    deal_turn = None
    _stop_at_round_end = False  # set while :meth:`apply_until_round_end` plays
    # False: log lines are not worded (a preview, a state dealt for a search: nobody reads them)
    _logging = True
    # location events, when recorded (studio.rules.events); copies record none
    events: list | None = kept("none", snapshot="skip", default=None)

    def __init__(self, game: RivagesGame, seed: int, *, _empty: bool = False):
        self.game = game
        self.seed = seed
        self.history: list = []
        self.private_log: dict[int, tuple[int, str]] = {}
        self.round_records = None
        self._rng = None
        self._rng_seed = seed
        self._rng_shared = False
        if _empty:
            return
        n = game.players
        rng = self.rng
        # RIV-S1: a random island each, the rest face down
        order = list(range(len(game.maps)))
        rng.shuffle(order)
        # RIV-S2 / RIV-X2: a random tree each, on the scenario's side (solo: by mode)
        trees = list(range(len(game.trees)))
        rng.shuffle(trees)
        ngoals = [len(m.goals) for m in game.maps]
        self.players_state = []
        for s in range(n):
            isl = order.pop()
            self.players_state.append(Player.fresh(isl, trees[s], len(game.terrains), ngoals[isl]))
        self.pile = order
        self.card_used = [0] * len(game.cards)
        self.discard: list[int] = []
        self.removed: list[int] = []
        if game.solo is None:
            # RIV-S3: the kept Exploration cards, shuffled, on top of the shuffled Endgame cards
            exploration = list(game.exploration)
            endgame = list(game.endgame)
            rng.shuffle(exploration)
            rng.shuffle(endgame)
            self.deck = endgame + exploration
        else:
            # RIV-X1: the solo deck is a few random cards marked 2+
            pool = list(game.exploration)
            rng.shuffle(pool)
            self.deck = pool[: game.solo.cards]
        self.bag = list(range(len(game.tokens)))  # RIV-S6
        rng.shuffle(self.bag)
        self.loot_discard: list[int] = []
        self.challenges: list[Challenge] = []
        solo = game.scenario.solo
        if game.solo is not None and solo is not None and game.mode == "advanced":
            wanted = solo.challenges
            known = {c.id: c for c in game.solo.challenges}
            if isinstance(wanted, tuple):
                missing = [c for c in wanted if c not in known]
                if missing:
                    raise RivagesError(f"unknown solo challenge(s) {', '.join(missing)}")
                self.challenges = [known[c] for c in wanted]
            else:
                self.challenges = rng.sample(game.solo.challenges, min(int(wanted), len(game.solo.challenges)))
        self.round = 1
        self.seat = 0
        self.phase = "start"
        self.row: list[str] = []
        self.pending: list = []
        self.loot_used = False
        self.last_round = False
        self.end: GameEnd | None = None
        self.end_reason: str | None = None
        self.final: list[int] | None = None
        self.bonus = [0] * n
        self.completions: list[tuple[int, str, str, int, int]] = []
        self.bridges_used: list[tuple[int, str, tuple, tuple, int]] = []
        self.log: list[str] = []
        # RIV-S4 / RIV-X1: two cards each
        for p in self.players_state:
            for _ in range(2):
                c = self._draw_card()
                if c is not None:
                    p.hand.append(c)
        if game.solo is None and self._end_revealed():
            self.last_round = True
            self.log.append("the deck shows an Endgame card: this is the last turn")
        self.round_start = [p.copy() for p in self.players_state]
        self._begin_turn()

    # -- small helpers ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    def seat_name(self, seat: int) -> str:
        return self.game.seat_names[seat]

    def note(self, kind: str, seat: int | None, **data) -> None:
        """Record a location event (:class:`studio.rules.events.Event`) when recording is on;
        changes nothing else."""
        if self.events is not None:
            self.events.append(Event(kind, seat, self.round, data))

    def player(self, seat: int) -> Player:
        return self.players_state[seat]

    def island_map(self, seat: int) -> IslandMap:
        return self.game.maps[self.players_state[seat].island]

    def frontier(self, seat: int) -> int:
        """Mask of the spaces ``seat`` may cross next: not crossed, not a stronghold, next to a
        crossed space (RIV-T5, RIV-T6)."""
        p = self.players_state[seat]
        return p.reach & ~p.crossed & self.game.maps[p.island].crossable

    def _draw_card(self) -> int | None:
        """Top card of the deck; in solo an empty deck is rebuilt from the shuffled discard
        (RIV-X3)."""
        if not self.deck and self.game.solo is not None and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    def _end_revealed(self) -> bool:
        """The deck shows an Endgame card on top, or is empty (RIV-E4)."""
        return not self.deck or self.game.is_endgame[self.deck[-1]]

    def exploration_left(self) -> int:
        """Exploration cards left in the deck (public, RIV-E4)."""
        deck = self.deck
        return len(deck) - sum(map(self.game.is_endgame.__getitem__, deck))

    # -- State API --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.end_reason is not None else self.seat

    def is_terminal(self) -> bool:
        return self.end_reason is not None

    def scores(self) -> list[int]:
        """Final scores once the game is over (RIV-E5, RIV-X7); before, scrolls plus held
        Loot."""
        if self.final is not None:
            return list(self.final)
        return [p.scrolls + len(p.loot) for p in self.players_state]

    def winners(self) -> list[int]:
        """Most scrolls, ties share (RIV-E6). Solo: ``[0]`` when the target and every challenge
        are met (RIV-X1, RIV-X6), else ``[]``."""
        if self.game.solo is not None:
            return [0] if self.solo_result()["won"] else []
        sc = self.scores()
        best = max(sc)
        return [s for s, v in enumerate(sc) if v == best]

    def islands_visited(self, seat: int) -> int:
        return self.players_state[seat].islands_visited

    def legal_actions(self) -> Sequence:
        """The legal actions: a list (a :class:`~studio.rules.rivages.observe.DealtState` on
        its observer's turn: a tuple)."""
        if self.end_reason is not None:
            return []
        game = self.game
        p = self.players_state[self.seat]
        m = game.maps[p.island]
        if self.pending:
            return self._pick_actions(p, m)
        if self.phase == "start":
            return [m.start_at[i] for i in bits(m.ship_mask & ~p.crossed)]
        acts: list
        if self.phase == "choose":
            used, length = self.card_used, game.card_len
            live = [c for c in p.hand if used[c] < length[c]]
            if live:
                play_row, fallback = game.play_row, game.fallback
                acts = [play_row[c] for c in live]
                acts += [fallback[c] for c in live]
            else:
                acts = [game.fallback_none]
        else:
            acts = []
            frontier = p.reach & ~p.crossed & m.crossable
            seen = []
            for sym in self.row:
                if sym in seen:
                    continue
                seen.append(sym)
                mask = m.symbol_mask.get(sym)
                if mask is None:
                    acts.append(game.use[sym])
                    continue
                row = m.cross_actions[sym]
                mask &= frontier
                while mask:
                    low = mask & -mask
                    acts.append(row[low.bit_length() - 1])
                    mask ^= low
            acts.append(END_TURN)
        if not self.loot_used and p.loot:
            tokens, play_loot = game.tokens, game.play_loot
            kinds = []  # _loot_kinds, written out
            for t in p.loot:
                k = tokens[t]
                if k not in kinds:
                    kinds.append(k)
                    acts.append(play_loot[k])
        return acts

    def _loot_kinds(self, p: Player) -> list[str]:
        tokens = self.game.tokens
        out = []
        for t in p.loot:
            k = tokens[t]
            if k not in out:
                out.append(k)
        return out

    def _pick_actions(self, p: Player, m: IslandMap) -> list:
        kind, arg = self.pending[0]
        opts = self._options(p, m, kind, arg)
        picks: list
        if kind in SPACE_PICKS:
            picks = m.pick_space
        elif kind == "area":
            picks = m.pick_area
        else:
            picks = self.game.trees[p.tree].pick
        out = []
        while opts:  # bits(opts), written out
            low = opts & -opts
            out.append(picks[low.bit_length() - 1])
            opts ^= low
        return out

    def _options(self, p: Player, m: IslandMap, kind: str, arg) -> int:
        """Mask of the choices for a decision atom: spaces (any, leap), areas (area) or tree
        nodes (statue)."""
        if kind == "any":  # RIV-I3
            return p.reach & ~p.crossed & m.crossable
        if kind == "leap":
            crossed = p.crossed
            near = m.leap_near.get(crossed)  # remembered per crossed mask (bounded)
            if near is None:
                near = 0
                near2 = m.near2
                for i in bits(crossed):
                    near |= near2[i]
                if len(m.leap_near) >= 4096:
                    m.leap_near.clear()
                m.leap_near[crossed] = near
            return near & ~crossed & m.crossable
        if kind == "area":  # RIV-I5
            cand = ((1 << len(m.areas)) - 1) if arg == ALL_TERRAINS else m.areas_of_terrain.get(arg, 0)
            out = 0
            areas = m.areas
            for a in bits(cand & ~p.areas_done):
                if areas[a] & ~p.crossed & p.reach:
                    out |= 1 << a
            return out
        tree = self.game.trees[p.tree]  # statue: RIV-W1 to RIV-W3
        return tree.options(p.tree_crossed, p.tree_reach)

    # -- previews ---------------------------------------------------------------------------
    def preview(self, action, copy: bool = True, turn: bool = False) -> "RivagesPreview | None":
        """What the legal ``action`` of the seat to move would do, without doing it: a
        :class:`RivagesPreview` of that seat's position right after, who moves next, the phase
        and the row. The action is played on the state itself with the seat's position, the
        turn's lists and the piles swapped for copies, then everything is put back, so no copy
        of the state is made; when it would end the round (RIV-E2 to RIV-E4, RIV-I1: every
        seat moves) or reshuffle a pile (RIV-I6), it is played on a copy instead. Equal to
        ``clone()`` + ``apply_trusted(action)`` (tests/rivages/test_preview.py). ``copy=False``:
        None instead of playing on a copy (on a state from ``game.visible_state``, which has no
        hidden parts to play the round's end with). ``turn=True``: an action that ends the
        round gives the seat's position as its turn leaves it, marked ``round_end`` (see
        :class:`RivagesPreview`), in place or, for a reshuffle, on a copy stopped there
        (:meth:`apply_until_round_end`). Nothing is written to the logs meanwhile (their lines
        are never worded), and the piles and rows used are copied only if the action changes
        them. Like :meth:`apply_trusted`, only for an action from :meth:`legal_actions` of
        this state."""
        if self.end_reason is not None:
            raise IllegalAction("the game is over", action)
        seat = self.seat
        players = self.players_state
        mine = players[seat]
        saved = (self.row, self.pending, self.phase, self.loot_used, self.card_used, self.bag, self.loot_discard,
                 self._rng, self._rng_shared, self.log, self.private_log, self.completions, self.bridges_used)
        after = players[seat] = mine.copy()
        self.row, self.pending = list(self.row), list(self.pending)
        # card_used, bag and loot_discard are copied where a previewed action changes them
        # (_copy_for_preview); what it adds to the logs goes to throwaway lists
        self.log, self.private_log, self.completions, self.bridges_used = [], {}, [], []
        self._rng = _NO_RANDOM
        self._previewing = True
        logging, self._logging = self._logging, False
        events, self.events = self.events, None  # a preview records no event
        out: RivagesPreview | None
        try:
            self._play(action, False)
            out = RivagesPreview(seat, after, self.seat, self.phase, tuple(self.row), False, self.round_ends_game())
        except _RoundEnds:
            out = RivagesPreview(seat, after, None, self.phase, (), True, self.round_ends_game()) if turn else None
        except _NeedsCopy:
            out = None
        finally:
            del self._previewing
            self._logging = logging
            self.events = events
            players[seat] = mine
            (self.row, self.pending, self.phase, self.loot_used, self.card_used, self.bag, self.loot_discard,
             self._rng, self._rng_shared, self.log, self.private_log, self.completions, self.bridges_used) = saved
            self.seat = seat
        if out is None and copy:
            state = self.clone()
            if turn:  # a reshuffle: on the copy, stopped where the turn ends the round as in place
                ended = state.apply_until_round_end(action)
                return RivagesPreview(seat, state.players_state[seat], None if ended else state.seat, state.phase,
                                      () if ended else tuple(state.row), ended, state.round_ends_game())
            state.apply_trusted(action)
            out = RivagesPreview(seat, state.players_state[seat], state.current_player, state.phase, tuple(state.row))
        return out

    def previews(self, actions) -> "list[RivagesPreview | None]":
        """``[preview(a, copy=False, turn=True) for a in actions]``, the state set up for
        previews once for all of them (the logs, events and generator swapped out, the turn's
        fields put back after each action) instead of once per action, and the seat's position
        copied without its lists, each list copied only where the action changes it (goal steps,
        areas, Loot). Equal to the single previews (tests/rivages/test_preview.py); the
        positions returned share lists with the state: read them, do not change them. Only for
        actions from :meth:`legal_actions` of this state."""
        if self.end_reason is not None:
            raise IllegalAction("the game is over", actions[0] if actions else None)
        seat = self.seat
        players = self.players_state
        mine = players[seat]
        row, pending, phase, loot_used = self.row, self.pending, self.phase, self.loot_used
        card_used, bag, loot_discard = self.card_used, self.bag, self.loot_discard
        saved = (self._rng, self._rng_shared, self.log, self.private_log, self.completions, self.bridges_used)
        # a preview only appends to these: one set of throwaway lists serves every action
        self.log, self.private_log, self.completions, self.bridges_used = [], {}, [], []
        self._rng = _NO_RANDOM
        self._previewing = True
        logging, self._logging = self._logging, False
        events, self.events = self.events, None  # a preview records no event
        play = self._play
        last = seat == self.game.players - 1
        out: list[RivagesPreview | None] = []
        try:
            for action in actions:
                after = players[seat] = _shallow(mine)  # its lists copied where the action changes them
                if last and type(action) is EndTurn and not pending:
                    # what apply would give: the turn ends the round (_RoundEnds below), position unchanged
                    out.append(_preview(RivagesPreview, (seat, after, None, phase, (), True, self.round_ends_game())))
                    continue
                self.row, self.pending = list(row), list(pending)
                try:
                    play(action, False)
                    out.append(_preview(RivagesPreview, (seat, after, self.seat, self.phase, tuple(self.row), False,
                                                         self.round_ends_game())))
                except _RoundEnds:
                    out.append(_preview(RivagesPreview, (seat, after, None, self.phase, (), True,
                                                         self.round_ends_game())))
                except _NeedsCopy:
                    out.append(None)
                self.phase, self.loot_used, self.seat = phase, loot_used, seat
                self.card_used, self.bag, self.loot_discard = card_used, bag, loot_discard
        finally:
            del self._previewing
            self._logging = logging
            self.events = events
            players[seat] = mine
            self.row, self.pending, self.phase, self.loot_used, self.seat = row, pending, phase, loot_used, seat
            self.card_used, self.bag, self.loot_discard = card_used, bag, loot_discard
            self._rng, self._rng_shared, self.log, self.private_log, self.completions, self.bridges_used = saved
        return out

    # -- legality ---------------------------------------------------------------------------
    def why_illegal(self, action) -> str | None:
        if self.end_reason is not None:
            return "the game is over"
        game = self.game
        p = self.players_state[self.seat]
        m = game.maps[p.island]
        t = type(action)
        if self.pending:
            kind, arg = self.pending[0]
            want = PickSpace if kind in SPACE_PICKS else PickArea if kind == "area" else PickNode
            if t is not want:
                return f"RIV-G2: answer the {kind} effect first ({want.__name__})"
            opts = self._options(p, m, kind, arg)
            if t is PickNode:
                i = game.trees[p.tree].index.get(action.node)
                if i is None or not opts >> i & 1:
                    return f"RIV-W2: tree space {action.node} cannot be crossed now"
                return None
            i = m.index.get(tuple(action.at))
            if t is PickArea:
                a = m.area_of[i] if i is not None else -1
                if a < 0 or m.area_first[a] != i:
                    return f"RIV-I5: {list(action.at)} is not the first space of an area"
                if not opts >> a & 1:
                    return "RIV-I5: that area is complete, of another terrain, or not next to a crossed space"
                return None
            if i is None or not opts >> i & 1:
                return f"RIV-I3: {list(action.at)} cannot be crossed by this effect"
            return None
        if t is PlayLoot:
            if self.phase == "start":
                return "RIV-S7: cross a ship of your new island first"
            if self.loot_used:
                return "RIV-I6: only one Loot token may be played per turn"
            if action.kind not in self._loot_kinds(p):
                return f"RIV-I6: you hold no {action.kind} token"
            return None
        if self.phase == "start":
            if t is not StartAt:
                return "RIV-S7: cross one of the ships of your island first"
            i = m.index.get(tuple(action.at))
            if i is None or m.kind[i] != SHIP:
                return f"RIV-S7: {list(action.at)} is not a ship of your island"
            return None
        if t is StartAt:
            return "RIV-S7: you start an island only when you reach it"
        if self.phase == "choose":
            if t is PlayRow or t is Fallback:
                if action.card is None:
                    if any(self.card_used[c] < game.card_len[c] for c in p.hand):
                        return "RIV-T4: cross off the top row of one of your cards"
                    return None if t is Fallback else "RIV-T2: name a card"
                c = game.card_index.get(action.card)
                if c is None or c not in p.hand:
                    return f"RIV-T2: {action.card} is not in your hand"
                if self.card_used[c] >= game.card_len[c]:
                    return f"RIV-T2: every row of {action.card} is used"
                return None
            return "RIV-T2: choose the top row of one of your cards first (or the fallback cross)"
        # phase "row"
        if t is PlayRow or t is Fallback:
            return "RIV-T2: one row per turn"
        if t is EndTurn:
            return None
        if t is Use:
            if action.symbol not in SYMBOL_ATOMS or action.symbol not in self.row:
                return f"RIV-T9: no {action.symbol} symbol left in your row"
            return None
        if t is Cross:
            sym = action.symbol
            if sym not in self.row or sym not in m.symbol_mask:
                return f"RIV-T3: no {sym} symbol left in your row to cross a space with"
            i = m.index.get(tuple(action.at))
            if i is None:
                return f"RIV-T3: {list(action.at)} is not a space of your island"
            bit = 1 << i
            if p.crossed & bit:
                return f"RIV-T3: {list(action.at)} is already crossed"
            if m.stronghold_mask & bit:
                return "RIV-T6: strongholds can never be crossed"
            if not p.reach & bit:
                return "RIV-T5: a crossed space must be next to a space you crossed before"
            if not m.symbol_mask[sym] & bit:
                return f"RIV-T3: a {sym} symbol cannot cross a {m.kind[i]} space"
            return None
        return f"{type(action).__name__} is not a Rivages action"

    # -- play -------------------------------------------------------------------------------
    def _apply(self, action) -> None:
        self._play(action, False)

    def _play(self, action, record: bool = True) -> None:
        """Play the legal ``action``; ``record``: append it to ``history`` once played (as
        :meth:`apply_trusted`, which this is: one call less per action, a search plays
        thousands; False: as ``_apply``, for :meth:`apply` and previews)."""
        game = self.game
        p = self.players_state[self.seat]
        m = game.maps[p.island]
        t = type(action)
        logged = self._logging  # a preview's log lines are thrown away: not worded
        previewing = self._previewing
        who = game.seat_names[self.seat] if logged else ""
        if self.pending:
            if logged:
                self.log.append(LogLine(f"{who}: {action}", self.seat))
            self._answer(p, m, action)
        elif t is Cross:
            self.row.remove(action.symbol)
            if logged:
                self.log.append(LogLine(f"{who}: {action}", self.seat))
            i = m.index[tuple(action.at)]
            if m.bridge_pairs and not m.hex_nbr[i] & p.crossed:  # else no bridge was needed
                self._note_bridge(p, m, 1 << i)
            fresh = self._cross(p, m, i)
            if fresh:
                self._gain(p, fresh)
        elif t is Use:
            self.row.remove(action.symbol)
            if logged:
                self.log.append(LogLine(f"{who}: {action}", self.seat))
            self._gain(p, SYMBOL_ATOMS[action.symbol])
        elif t is PlayRow:
            c = game.card_index[action.card]
            if previewing:
                self.card_used = list(self.card_used)
            self.row = list(game.card_rows[c][self.card_used[c]])
            self.card_used[c] += 1
            self.phase = "row"
            if logged:
                self.log.append(LogLine(f"{who} plays {action.card}: {' '.join(self.row)}", self.seat))
        elif t is Fallback:
            if action.card is not None:
                if previewing:
                    self.card_used = list(self.card_used)
                self.card_used[game.card_index[action.card]] += 1
            self.row = []
            self.phase = "row"
            if logged:
                self.log.append(LogLine(f"{who} crosses off a row of {action.card} for one free cross"
                                if action.card else f"{who} takes one free cross", self.seat))
            self._gain(p, (("any", 0),))
        elif t is PlayLoot:
            tokens = game.tokens
            tok = next(x for x in p.loot if tokens[x] == action.kind)
            if previewing or self._lists_shared:
                p.loot = list(p.loot)  # the position may share its lists
            p.loot.remove(tok)
            if previewing:
                self.loot_discard = list(self.loot_discard)
            self.loot_discard.append(tok)
            self.loot_used = True
            if self.events is not None:
                self.note("loot-play", self.seat, token=action.kind)
            if logged:
                self.log.append(LogLine(f"{who} plays loot {action.kind}", self.seat))
            self._gain(p, game.loot_atoms[action.kind])
        elif t is StartAt:
            self.phase = "choose"
            p.needs_start = False
            if logged:
                self.log.append(LogLine(f"{who} starts {m.name} at {list(action.at)}", self.seat))
            self._gain(p, self._cross(p, m, m.index[tuple(action.at)]))
        elif t is EndTurn:
            self._end_turn()
            if record:
                self.history.append(action)
            return
        if self.phase == "row" and not self.pending and not self._can_go_on(p, game.maps[p.island]):
            self._end_turn()
        if record:
            self.history.append(action)

    apply_trusted = _play  # State.apply_trusted: _apply, then the action appended to history

    def _can_go_on(self, p: Player, m: IslandMap) -> bool:
        """Whether the seat still has something to do this turn (RIV-E1)."""
        if not self.loot_used and p.loot:
            return True
        if not self.row:
            return False
        frontier = p.reach & ~p.crossed & m.crossable
        masks = m.symbol_mask
        for sym in self.row:
            mask = masks.get(sym)
            if mask is None or mask & frontier:
                return True
        return False

    def _cross(self, p: Player, m: IslandMap, i: int) -> list:
        """Cross space ``i``: icon effects (RIV-T7), a finished area (RIV-G4), the second ship
        (RIV-I1) and goals met (RIV-G1 to RIV-G6). Returns the atoms gained, in order."""
        bit = 1 << i
        before = p.crossed
        p.crossed |= bit
        p.reach |= m.nbr[i]
        fresh = list(m.icon[i])
        if bit & m.ship_mask and p.crossed & m.ship_mask == m.ship_mask:
            p.travel = True
        a = m.area_of[i]
        if a >= 0 and not m.areas[a] & ~p.crossed:
            p.areas_done |= 1 << a
            if self._previewing or self._lists_shared:  # the position may share its lists
                p.areas_order, p.areas_by_terrain = list(p.areas_order), list(p.areas_by_terrain)
            p.areas_order.append(a)
            p.areas_by_terrain[self.game.terrain_index[m.area_terrain[a]]] += 1
        elif before and not bit & m.goal_spaces and self._lists_shared:
            # a dealt state (a search's): no step can be met by this cross, since none was after
            # the island's last cross (checked then) and this one completes no area and is in no
            # fort, spaces or pattern step (tests/rivages/test_fast_paths.py)
            return fresh
        self._check_goals(p, m, fresh)
        return fresh

    def _check_goals(self, p: Player, m: IslandMap, fresh: list) -> None:
        """Meet every goal step now met, top step first (RIV-G6); rewards go to ``fresh``."""
        crossed = p.crossed
        for g, (name, steps) in enumerate(m.goals):
            done = p.goal_done[g]
            while done < len(steps):
                st = steps[done]
                used = p.goal_used[g]
                take = 0
                if st.kind == "areas":
                    avail = p.areas_done & ~used & m.areas_of_terrain[st.terrain]
                    if avail.bit_count() < st.count:  # too few areas to pick from (most crosses)
                        break
                    picked = [a for a in p.areas_order if avail >> a & 1][: st.count]
                    if len(picked) < st.count:
                        break
                    for a in picked:
                        take |= 1 << a
                elif st.kind == "pattern":
                    for cand in st.candidates:
                        if not cand & ~crossed and not cand & used:
                            take = cand
                            break
                    if not take:
                        break
                else:
                    if st.mask & ~crossed or st.mask & used:
                        break
                    take = st.mask
                if self._previewing or self._lists_shared:  # the position may share its lists
                    p.goal_used, p.goal_done = list(p.goal_used), list(p.goal_done)
                p.goal_used[g] = used | take
                done += 1
                p.goal_done[g] = done
                fresh.extend(st.reward)
                self.completions.append((self.seat, m.id, name, done, self.round))
                if self.events is not None:
                    self.note("goal", self.seat, island=m.id, goal=name, step=done)
                if self._logging:
                    self.log.append(LogLine(f"{self.seat_name(self.seat)} completes {st.text}", self.seat))

    def _gain(self, p: Player, atoms) -> None:
        """Apply ``atoms`` before anything waiting (RIV-G2), as far as no choice is needed."""
        if atoms:
            self.pending[0:0] = atoms
            self._settle(p)

    def _settle(self, p: Player) -> None:
        pend = self.pending
        while pend:
            kind, arg = pend[0]
            if kind == "scrolls":  # RIV-I2
                del pend[0]
                p.scrolls += arg
                continue
            if kind == "loot":  # RIV-I6
                del pend[0]
                self._draw_loot(p)
                continue
            m = self.game.maps[p.island]
            opts = self._options(p, m, kind, arg)
            if opts & (opts - 1):
                return  # two choices or more: the seat decides
            del pend[0]
            if kind == "statue":
                p.statues += 1
            if not opts:
                if self._logging:
                    self.log.append(LogLine(f"{self.seat_name(self.seat)} cannot use a {kind} effect: lost", self.seat))
                if self.events is not None:
                    self.note("effect-lost", self.seat, effect=kind)
                continue
            if kind == "statue" and self._logging:  # no choice to answer: say which space
                tree = self.game.trees[p.tree]
                node = opts.bit_length() - 1
                self.log.append(LogLine(f"{self.seat_name(self.seat)} crosses tree space {tree.nodes[node]}"
                                + (f" ({tree.effect_text[node]})" if tree.effect_text[node] else ""), self.seat))
            self._resolve(p, m, kind, arg, opts.bit_length() - 1)

    def _answer(self, p: Player, m: IslandMap, action) -> None:
        kind, arg = self.pending.pop(0)
        if kind == "statue":
            p.statues += 1
            choice = self.game.trees[p.tree].index[action.node]
        elif kind == "area":
            choice = m.area_of[m.index[tuple(action.at)]]
        else:
            choice = m.index[tuple(action.at)]
        self._resolve(p, m, kind, arg, choice)
        self._settle(p)

    def _resolve(self, p: Player, m: IslandMap, kind: str, arg, choice: int) -> None:
        if kind == "statue":
            tree = self.game.trees[p.tree]
            p.tree_crossed |= 1 << choice
            if self.events is not None:
                self.note("tree", self.seat, node=tree.nodes[choice])
            p.tree_reach |= tree.nbr[choice]
            self.pending[0:0] = tree.effect[choice]
            return
        if kind == "area":
            fresh: list = []
            if m.bridge_pairs:  # else no bridge to note
                self._note_bridge(p, m, m.areas[choice] & ~p.crossed)
            for i in bits(m.areas[choice] & ~p.crossed):
                fresh.extend(self._cross(p, m, i))
            self.pending[0:0] = fresh
            return
        if kind != "leap" and m.bridge_pairs:  # a leap needs no adjacency, so it crosses no bridge
            self._note_bridge(p, m, 1 << choice)
        self.pending[0:0] = self._cross(p, m, choice)

    def _note_bridge(self, p: Player, m: IslandMap, spaces: int) -> None:
        """Before ``spaces`` (a mask: one space, or what is left of an area) are crossed: when
        none of them is a hex neighbour of a crossed space, the cross was only allowed by a
        bridge (RIV-T5, RIV-T8); if exactly one bridge joins them to a crossed space, append
        ``(seat, island id, end a, end b, round)`` to ``bridges_used`` (ends as in the island's
        bridge list). Two bridges that could each have carried it: neither is recorded."""
        if not m.bridge_pairs:
            return
        crossed = p.crossed
        hex_nbr = m.hex_nbr
        for i in bits(spaces):
            if hex_nbr[i] & crossed:
                return
        over = [(a, b) for a, b in m.bridge_pairs
                if (spaces >> a & 1 and crossed >> b & 1) or (spaces >> b & 1 and crossed >> a & 1)]
        if len(over) == 1:
            a, b = over[0]
            self.bridges_used.append((self.seat, m.id, m.at[a], m.at[b], self.round))
            if self.events is not None:
                self.note("bridge", self.seat, island=m.id, ends=[list(m.at[a]), list(m.at[b])])
            if self._logging:
                self.log.append(LogLine(f"{self.seat_name(self.seat)} crosses the bridge {list(m.at[a])}-{list(m.at[b])}",
                                    self.seat))

    def _draw_loot(self, p: Player) -> None:
        """Draw a token; an empty bag is refilled from the played tokens (RIV-I6)."""
        if not self.bag:
            if not self.loot_discard:
                self.log.append(LogLine(f"{self.seat_name(self.seat)} finds the loot bag empty", self.seat))
                return
            self.bag, self.loot_discard = self.loot_discard, []
            self.rng.shuffle(self.bag)
        if self._previewing:
            self.bag = list(self.bag)  # the state's own bag is put back after the preview
            p.loot = p.loot + [self.bag.pop()]  # the position may share its list with the state's
            p.loot_drawn += 1
            return
        if self._lists_shared:  # the list may be a sampler's or a round-start record's
            p.loot = p.loot + [self.bag.pop()]
        else:
            p.loot.append(self.bag.pop())
        p.loot_drawn += 1
        if self.events is not None:
            self.note("loot-draw", self.seat, token=self.game.tokens[p.loot[-1]])
        if self._logging:
            who = self.seat_name(self.seat)
            self.private_log[len(self.log)] = (self.seat, f"{who} draws loot {self.game.tokens[p.loot[-1]]}")
            self.log.append(LogLine(f"{who} draws a Loot token", self.seat))

    # -- turns, rounds and the end ------------------------------------------------------------
    def _begin_turn(self) -> None:
        p = self.players_state[self.seat]
        self.phase = "start" if p.needs_start else "choose"
        self.row = []
        self.loot_used = False

    def _end_turn(self) -> None:
        self.row = []
        self.pending = []
        if self.seat < self.game.players - 1:
            self.seat += 1
            self._begin_turn()
        else:
            self._end_round()

    def apply_until_round_end(self, action) -> bool:
        """Play the legal ``action`` like :meth:`apply_trusted`, but when it ends the round stop
        before the round's end (RIV-E2 to RIV-E4, RIV-I1; solo RIV-X3 to RIV-X5) and return
        True: the state is then left where the seat's turn is over and nothing of the round's
        end is done (hands not passed, no card drawn, nobody sailed, the action not in
        ``history``), a position to read, not to play on. False when the round goes on. How a
        bot looks at a seat's own turn on a copy (the greedy bots' horizon, see
        :mod:`studio.bots.rivages`)."""
        self._stop_at_round_end = True
        try:
            self.apply_trusted(action)
        except _RoundEnds:
            return True
        finally:
            del self._stop_at_round_end
        return False

    def _end_round(self) -> None:
        if self._previewing or self._stop_at_round_end:
            raise _RoundEnds  # the round's end moves every seat: preview plays it on a copy
        game = self.game
        players = self.players_state
        n = game.players
        if game.solo is not None:
            self._end_round_solo()
            return
        if self.last_round:  # RIV-E4: the last turn is over
            if game.rules.travel_on_last_turn:
                for s in range(n):
                    self._travel(s, final=True)
            self._finish(GameEnd.of(EndCode.LAST_TURN))
            return
        hands = [p.hand for p in players]  # RIV-E2: both cards to the left-hand player
        for s in range(n):
            players[(s + 1) % n].hand = hands[s]
        triggered = False
        used, length = self.card_used, game.card_len
        for p in players:  # RIV-E3, in seat order; the new card takes the spent one's place
            for c in p.hand:
                if used[c] >= length[c]:
                    break
            else:  # no card spent
                continue
            kept = []
            for c in p.hand:
                if used[c] < length[c]:
                    kept.append(c)
                    continue
                self.discard.append(c)
                new = self._draw_card()
                triggered = triggered or self._end_revealed()
                if new is not None:
                    kept.append(new)
            p.hand = kept
        for s in range(n):
            if players[s].travel:  # else _travel does nothing
                self._travel(s, final=False)
        if triggered and not self.last_round:
            self.last_round = True
            self.log.append("an Endgame card shows on the deck: everyone plays one last turn")
        self._next_round()

    def _end_round_solo(self) -> None:
        game = self.game
        p = self.players_state[0]
        used, length = self.card_used, game.card_len
        for c in p.hand:  # RIV-X3 / RIV-X4: discard, or remove a card whose rows are all used
            (self.discard if used[c] < length[c] else self.removed).append(c)
        p.hand = []
        assert game.solo is not None  # a solo game has its solo cards
        if len(self.removed) >= game.solo.removed:
            if game.rules.travel_on_last_turn:  # as with others: no island comes after the last turn
                self._travel(0, final=True)
            self._finish(GameEnd.of(EndCode.CARDS_REMOVED, removed=len(self.removed)))
            return
        self._travel(0, final=False)
        for _ in range(2):
            c = self._draw_card()
            if c is not None:
                p.hand.append(c)
        self._next_round()

    def round_ends_game(self) -> bool:
        """Whether the end of the current round ends the game, as the seats' cards stand now:
        the last round (RIV-E4); solo, the cards removed reaching the target card's count with
        those of the hand whose rows are all used (RIV-X4)."""
        game = self.game
        if game.solo is None:
            return self.last_round
        used, length = self.card_used, game.card_len
        spent = sum(1 for c in self.players_state[0].hand if used[c] >= length[c])
        return len(self.removed) + spent >= game.solo.removed

    def _next_round(self) -> None:
        # the safety stop ends the game before the counter moves on, so ``round`` stays the
        # number of rounds played, as at every other end
        if self.round >= self.game.rules.max_rounds:
            self._finish(GameEnd.of(EndCode.ROUND_LIMIT, limit=self.game.rules.max_rounds))
            return
        self.round += 1
        self.seat = 0
        if self._lists_shared:  # the seats copy their lists before changing them: shared here too
            self.round_start = list(map(_shallow, self.players_state))
        else:
            self.round_start = [p.copy() for p in self.players_state]
        self._begin_turn()

    def _travel(self, seat: int, final: bool) -> None:
        """RIV-I1: a seat that crossed its second ship sets its island aside and draws the next
        one. Its start ship is its first decision next turn; after the last turn, the first
        ship is crossed for it. Solo: the Solo Explorer scrolls (RIV-X5)."""
        p = self.players_state[seat]
        if not p.travel:
            return
        p.travel = False
        if not self.pile:
            self.log.append(LogLine(f"{self.seat_name(seat)} finds no island left and stays", seat))
            return
        game = self.game
        if self._lists_shared:  # the list may be a sampler's
            p.past = p.past + [(p.island, p.crossed)]
        else:
            p.past.append((p.island, p.crossed))
        p.island = self.pile.pop()
        m = game.maps[p.island]
        p.crossed = p.reach = 0
        p.goal_done = [0] * len(m.goals)
        p.goal_used = [0] * len(m.goals)
        p.areas_done = 0
        p.areas_order = []
        p.needs_start = True
        if self._logging:
            self.log.append(LogLine(f"{self.seat_name(seat)} sails to {m.name}", seat))
        if self.events is not None:
            self.events.append(Event("sail", seat, self.round, {"island": m.id, "visited": p.islands_visited}))
        if final:
            ship = m.ships[0]
            p.crossed = 1 << ship
            p.reach = m.nbr[ship]
            p.needs_start = False
        if game.solo is not None:
            gain = game.solo.explorer.get(p.islands_visited, 0)
            if gain:
                p.scrolls += gain
                self.log.append(f"Solo Explorer: island {p.islands_visited} brings {gain} scrolls")

    def _finish(self, end: GameEnd) -> None:
        game = self.game
        players = self.players_state
        totals = [p.scrolls + len(p.loot) for p in players]  # RIV-E5, RIV-X7
        if game.solo is None:
            self.bonus = self.great_explorer_bonus()
            if self.events is not None:
                for s, (pl, b) in enumerate(zip(players, self.bonus)):
                    self.note("great-explorer", s, islands=pl.islands_visited, bonus=b)
            totals = [t + b for t, b in zip(totals, self.bonus)]
            self.log.append("Great Explorer (most islands visited, RIV-E5): " + ", ".join(
                f"{self.seat_name(s)} +{b} ({p.islands_visited} island{'s' if p.islands_visited != 1 else ''})"
                for s, (p, b) in enumerate(zip(players, self.bonus))))
        self.final = totals
        self.end = end
        self.end_reason = end.text
        self.phase = "over"
        self.row = []
        won = self.winners()
        names = ", ".join(self.seat_name(s) for s in won) or "nobody"
        self.log.append(f"game over: {end.text}; scores {totals}; winner(s): {names}")

    def great_explorer_bonus(self) -> list[int]:
        """Scrolls per seat for the most islands visited (RIV-E5): the scenario's values for
        first and second place; ties share a place."""
        counts = [p.islands_visited for p in self.players_state]
        first, second = self.game.great_explorer
        levels = sorted(set(counts), reverse=True)
        bonus = [first if c == levels[0] else 0 for c in counts]
        dense = self.game.rules.great_explorer_ranking == "dense"
        if len(levels) > 1 and (dense or counts.count(levels[0]) == 1):
            bonus = [second if c == levels[1] else b for c, b in zip(counts, bonus)]
        return bonus

    def stats(self) -> list[dict]:
        """Per seat, for playtest reports: ``scrolls``, ``loot`` (held), ``bonus`` (Great
        Explorer), ``islands`` (visited), ``crossed`` (spaces on every island), ``tree``
        (spaces), ``loot_drawn``, ``statues`` and ``goal_steps`` (steps met). ``completions``
        lists every step met as ``(seat, island id, goal, step number, round)``."""
        out = []
        for seat, p in enumerate(self.players_state):
            crossed = bin(p.crossed).count("1") + sum(bin(c).count("1") for _, c in p.past)
            out.append({"scrolls": p.scrolls, "loot": len(p.loot), "bonus": self.bonus[seat],
                        "islands": p.islands_visited, "crossed": crossed, "tree": bin(p.tree_crossed).count("1"),
                        "loot_drawn": p.loot_drawn, "statues": p.statues,
                        "goal_steps": sum(1 for c in self.completions if c[0] == seat)})
        return out

    # -- solo -------------------------------------------------------------------------------
    def solo_target(self) -> int:
        """Scrolls the solo player must reach: the target card plus the scroll challenges."""
        extra = sum(c.need for c in self.challenges if c.kind == "scrolls")
        assert self.game.solo is not None, "solo_target is for solo games"
        return self.game.solo.target + extra

    def challenge_progress(self, challenge: Challenge) -> int:
        """How far the solo player is on a challenge (RIV-X6): tokens drawn, statues,
        islands visited, the fewest completed areas of any terrain, or scrolls."""
        p = self.players_state[0]
        kind = challenge.kind
        if kind == "loot":
            return p.loot_drawn
        if kind == "statues":
            return p.statues
        if kind == "islands":
            return p.islands_visited
        if kind == "areas":
            return min(p.areas_by_terrain) if p.areas_by_terrain else 0
        return self.scores()[0]

    def solo_result(self) -> dict:
        """``{"target", "total", "won", "challenges": {id: {"kind", "need", "progress",
        "met"}}, "cards_removed", "islands", "rounds"}`` for the solo player."""
        if self.game.solo is None:
            raise ValueError("not a solo game")
        total = self.scores()[0]
        target = self.solo_target()
        challenges = {}
        for c in self.challenges:
            progress = self.challenge_progress(c)
            met = total >= target if c.kind == "scrolls" else progress >= c.need
            challenges[c.id] = {"kind": c.kind, "need": c.need, "progress": progress, "met": met}
        won = self.end_reason is not None and total >= target and all(v["met"] for v in challenges.values())
        return {"target": target, "total": total, "won": won, "challenges": challenges,
                "cards_removed": len(self.removed), "islands": self.players_state[0].islands_visited,
                "rounds": self.round}

    def conservation_problems(self) -> list[str]:
        """Every Exploration/Endgame card (or solo card), Loot token and island is in exactly
        one place; no card used more than its length; no stronghold crossed; no negative
        scrolls."""
        game = self.game
        out = []
        hands = [c for p in self.players_state for c in p.hand]
        cards = self.deck + self.discard + self.removed + hands
        if game.solo is None:
            if sorted(cards) != list(range(len(game.cards))):
                out.append("cards: the deck, discard, removed cards and hands do not hold every card once")
        elif not len(cards) == len(set(cards)) == game.solo.cards:
            out.append(f"cards: {len(cards)} solo cards in play ({len(set(cards))} distinct), the game has {game.solo.cards}")
        held = [t for p in self.players_state for t in p.loot]
        if sorted(self.bag + self.loot_discard + held) != list(range(len(game.tokens))):
            out.append("loot: the bag, the discard and the explorers do not hold every token once")
        islands = self.pile + [p.island for p in self.players_state] + [i for p in self.players_state for i, _ in p.past]
        if sorted(islands) != list(range(len(game.maps))):
            out.append("islands: the pile and the explorers do not hold every island once")
        if not all(0 <= u <= n for u, n in zip(self.card_used, game.card_len)):
            out.append("cards: a card is marked used beyond its rows")
        for seat, p in enumerate(self.players_state):
            if p.crossed & ~game.maps[p.island].crossable:
                out.append(f"seat {seat + 1}: a stronghold was crossed")
            if p.scrolls < 0:
                out.append(f"seat {seat + 1}: negative scrolls")
        return out

    # -- copies, records, observations ------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The state's random generator (the deal, RIV-S1 to RIV-S6; reshuffles, RIV-I6 and
        RIV-X3). Made from its seed when first used: most sampled states and their copies never
        shuffle, so they never pay for a generator; a copy shares its original's generator until
        either uses it, which then takes its own copy first (copy on write)."""
        r = self._rng
        if r is None:
            r = self._rng = random.Random(self._rng_seed)
        elif self._rng_shared:
            own = random.Random(0)  # a fixed seed is cheaper than seeding from the OS; replaced at once
            own.setstate(r.getstate())
            r = self._rng = own
            self._rng_shared = False
        return r

    def seed_rng(self, seed: int | float) -> None:
        """Use a generator seeded with ``seed`` from now on (made when first used)."""
        self._rng = None
        self._rng_seed = seed
        self._rng_shared = False

    def clone(self) -> "RivagesState":
        s = self._copy_record()
        if not self._logging:
            s._logging = False
        s._rng, s._rng_seed = self._rng, self._rng_seed
        s._rng_shared = self._rng_shared = self._rng is not None
        return s

    def to_dict(self) -> dict:
        """A JSON-able record that replays to this state: game, scenario id, players, seed and
        the actions played."""
        return {
            "game": "rivages",
            "scenario": self.game.scenario.id,
            "players": self.game.players,
            "seed": self.seed,
            "actions": [a.to_dict() for a in self.history],
        }

    def snapshot(self) -> dict:
        """Every field of the state as plain data (for equality checks in tests)."""
        out = self._snapshot_record()
        out["rng"] = self.rng.getstate()
        return out

    def observation(self, seat: int) -> dict:
        """What ``seat`` may see; see :func:`studio.rules.rivages.observe.observation`."""
        return _observe().observation(self, seat)

    def seat_view(self, seat: int):
        """What ``seat`` may see, read in place: a
        :class:`studio.rules.rivages.observe.RivagesSeatView`."""
        return _observe().RivagesSeatView(self, seat)

    def __repr__(self) -> str:
        return (f"<RivagesState round {self.round} seat {self.seat + 1} phase {self.phase} "
                f"scores {self.scores()}{' over' if self.end_reason else ''}>")


RivagesState._copy_record = derive_copy(RivagesState, "_copy_record")
RivagesState._snapshot_record = derive_snapshot(RivagesState, "_snapshot_record")
