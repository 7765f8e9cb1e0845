"""Rule the Realm base rules (RTR-*) with location modules as hooks.

Seats are 0-based (seat 0 plays first). A turn is ``actions_per_turn`` actions (RTR-T1), each
a :class:`Draw` or a :class:`Place`; once per turn a player may buy one more with energy
(:class:`ExtraAction`, RTR-T4). When the end condition is met the round is finished (RTR-E1),
then unused energy converts to VP (RTR-E2) and modules score; most VP wins, ties broken by fewest
bands used (RTR-E3).

``legal_actions()`` lists every legal band once, with its default payment (single matching cards
first, then jokers of the most plentiful colour, cards to the first owner after the payer).
Other payments for the same band are just as legal: ``payment_options(pegs)`` lists them and
``apply`` accepts any of them.
"""

from __future__ import annotations

import bisect
import itertools
import random
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar

from studio.geometry.bands import BandShape, Topology
from studio.model.realm import COLOURS, Board, BoardError, Realm, RealmRules, Scenario
from studio.rules.api import Game, IllegalAction, Listing, State
from studio.rules.ends import EndCode, GameEnd
from studio.rules.events import Event
from studio.rules.log import LogLine
from studio.rules.realm.actions import (
    DECK,
    CardPayment,
    Draw,
    ExtraAction,
    Pass,
    Place,
    TakeCard,
    action_from_dict,
    payment_order,
)
from studio.rules.realm.cards import SharedPool, card_rules_for
from studio.rules.realm.enclosure import Walls, enclosed_side
from studio.rules.realm.modules import REGISTRY, RealmModule, load_modules
from studio.rules.record import copy_plain, derive_copy, derive_read, derive_snapshot, derive_view, kept, plain_copier
from studio.rules.shuffle import shuffler

NCOL = len(COLOURS)
CINDEX = {c: i for i, c in enumerate(COLOURS)}
SUPPORTED_BANDS = ("line", "triangle", "quad", "long-barrier", "chain")
# "chain" bands are 2-peg bands under the Labyrinth's chain rules (L8-3): line shapes on the board
SHAPE_KINDS = {"line": "line", "triangle": "triangle", "quad": "quad", "long-barrier": "long-barrier",
               "chain": "line"}
SUPPORTED_START = ("own-side", "any-start", "anywhere", "crater")


@dataclass(slots=True)
class PlaceOutcome:
    """What one band did: segments explored and closed (face indices), VP and energy gained."""

    explored: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    collected: list[int] = field(default_factory=list)    # faces whose contents this band took
    newly_controlled: list[int] = field(default_factory=list)
    regions: list[tuple[list[int], list[int]]] = field(default_factory=list)  # (region, site) per closure
    treasure: int = 0
    energy: int = 0
    bonus: int = 0
    notes: list[str] = field(default_factory=list)

    @classmethod
    def of_band(cls, explored: list[int]) -> "PlaceOutcome":
        """A fresh outcome that explored ``explored`` (a new list), without the dataclass
        defaults' calls (previews build one per candidate band)."""
        out = object.__new__(cls)
        out.explored = explored
        out.closed, out.collected, out.newly_controlled, out.regions, out.notes = [], [], [], [], []
        out.treasure = out.energy = out.bonus = 0
        return out


@dataclass(slots=True)
class PlacePreview:
    """What a band would do, from :meth:`RealmState.preview`: its ``outcome``, and per seat the
    ``projected`` scores (:meth:`RealmState.projected_scores`), ``score``, ``energy`` and
    ``energy_needed`` right after it; ``terminal`` if it would end the game. ``projected`` and
    ``energy_needed`` are None from a previewer made with ``projected=False``."""

    outcome: PlaceOutcome
    projected: list[float] | None
    score: list[int]
    energy: list[int]
    energy_needed: list[int] | None
    terminal: bool


class PlayCaches:
    """What legal actions are made of, worked out once per game and shared by all its states
    (pure functions of their keys, so a state, its clones and sampled states may all read and
    fill them). The tables are read directly in the legal-action loops, where a method call per
    look-up would cost; :meth:`card`, :meth:`colour_id` and :meth:`plan_id` add entries.

    - ``draws``: (pool colours, cards to take, deck cards reachable) -> the legal draws;
    - ``colour_seqs`` / ``plan_list``: numbered colour sequences of pegs to pay, and payment
      plans (a few thousand of each at most), looked up by :meth:`colour_id` / :meth:`plan_id`;
    - ``plans``: hand -> {colour sequence id: plan id, or -1 when the hand cannot pay};
    - ``pay_entries``: (shape index, *pegs to pay with the seat each card goes to) -> payment
      entry (colour sequence id, those pegs, {plan id: Place});
    - ``seq_of``: shape index -> (bits of its pegs the seat holds -> colour sequence id of the
      pegs left to pay, -1 until met), None until met (the kept listings, :class:`_Listing`);
    - ``payable``: hand -> the colour sequence ids of its ``plans`` it can pay (kept with
      ``plans``: whoever adds a plan adds its sequence here when the hand can pay).

    ``plans`` and ``pay_entries`` are cleared when large, to keep memory flat over long batches.
    Numbering (:meth:`colour_id`, :meth:`plan_id`) holds a lock and gives a number out only once
    its entries are in: games played in threads (a dask worker's) share one game.
    """

    __slots__ = ("cards", "draws", "draw_of", "colour_ids", "colour_seqs", "singles", "singles_plan", "plan_ids", "plan_list",
                 "plans", "pay_entries", "seq_of", "payable", "_lock")

    def __init__(self) -> None:
        self.cards: dict[tuple, CardPayment] = {}
        self.draws: dict[tuple, list] = {}
        self.draw_of: dict[tuple, Draw] = {}  # sources -> the one Draw of them listed (see draw)
        self.colour_ids: dict[tuple, int] = {}
        self.colour_seqs: list[tuple] = []
        self.singles: list[tuple] = []       # per colour sequence: ((colour, cards of it), ...)
        self.singles_plan: list[int] = []    # per colour sequence: its plan paid with those cards
        self.plan_ids: dict[tuple, int] = {}
        self.plan_list: list[tuple] = []
        self.plans: dict[tuple, dict] = {}
        self.pay_entries: dict[tuple, tuple] = {}
        self.seq_of: list[list[int] | None] = []  # sized by the game (RealmGame.__init__)
        self.payable: dict[tuple, set[int]] = {}
        self._lock = threading.RLock()

    def __getstate__(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__ if name != "_lock"}

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._lock = threading.RLock()

    def card(self, peg: str, colour: int, to: int | None, energy: bool = False) -> CardPayment:
        """A shared, immutable :class:`CardPayment` (legal actions build many)."""
        key = (peg, colour, to, energy)
        found = self.cards.get(key)
        if found is None:
            found = self.cards[key] = CardPayment(peg, COLOURS[colour], to, energy)
        return found

    def draw(self, sources: tuple) -> Draw:
        """The one :class:`Draw` of ``sources`` that this game's listings hold, marked as such
        (``_canon``: the listings find it by identity, see :meth:`LegalActions.locate`)."""
        found = self.draw_of.get(sources)
        if found is None:
            made = Draw(sources)
            made.__dict__["_canon"] = self
            found = self.draw_of.setdefault(sources, made)
        return found

    def colour_id(self, colours: tuple) -> int:
        """Number of a sequence of peg colour indices."""
        found = self.colour_ids.get(colours)
        if found is None:
            with self._lock:
                found = self.colour_ids.get(colours)
                if found is None:
                    # a hand with these cards pays each peg with its own colour: the plan is the sequence
                    singles = tuple((c, colours.count(c)) for c in sorted(set(colours)))
                    plan = self.plan_id(colours)
                    found = len(self.colour_seqs)
                    self.colour_seqs.append(colours)
                    self.singles.append(singles)
                    self.singles_plan.append(plan)
                    self.colour_ids[colours] = found  # given out once its entries are in
        return found

    def plan_id(self, plan: tuple | None) -> int:
        """Number of a payment plan (see ``_payment_plan``); -1 for None (cannot pay)."""
        if plan is None:
            return -1
        found = self.plan_ids.get(plan)
        if found is None:
            with self._lock:
                found = self.plan_ids.get(plan)
                if found is None:
                    found = len(self.plan_list)
                    self.plan_list.append(plan)
                    self.plan_ids[plan] = found  # given out once its entry is in
        return found


class _Listing:
    """What one seat's legal bands are made of, kept from one listing to the next (see
    :meth:`RealmState.legal_actions`): the shapes of the seat's reach (in reach order) and the
    colour sequence of the pegs the seat must pay for on each. A shape's sequence changes only
    when the seat's own band lands on one of its pegs (``dirty``, filled by
    :meth:`RealmState._occupy`), so a listing redoes only those shapes and the ones the reach
    gained; whether a shape can be paid is one look-up of its sequence in the hand's plans.
    Owned by one state: a clone starts without one."""

    __slots__ = ("shapes", "pos", "held", "seqs", "dirty", "read", "distinct", "ats")

    def __init__(self) -> None:
        self.shapes: list[BandShape] = []
        self.pos: dict[int, int] = {}            # shape index -> position in shapes
        self.held: list[int] = []                # position -> bits of the shape's pegs the seat holds
        self.seqs: list[int] = []                # position -> colour sequence id to pay
        self.dirty: list[str] = []               # pegs the seat's bands took since
        self.read = 0                            # shapes of the reach read so far
        self.distinct: set[int] | None = None    # set(seqs) while seqs is unchanged
        self.ats: dict | None = None             # a board part's (never changed): hand -> payable positions

    def update(self, state: "RealmState", seat: int, reach_shapes: list, peg_seats: dict | None = None) -> None:
        """Bring the listing up to ``reach_shapes`` (the seat's reach) and the pegs the seat
        took since (``dirty``); ``peg_seats``: the peg owners to read (default the state's)."""
        shapes, held, seqs, pos = self.shapes, self.held, self.seqs, self.pos
        owners = state.peg_seats if peg_seats is None else peg_seats
        game = state.game
        seq_of = game.caches.seq_of
        n = len(shapes)
        redo: list[int] = []  # positions whose held pegs changed
        if len(reach_shapes) > self.read:  # the reach only grows, in order
            self.distinct = None
            get = owners.get
            bit = 1 << seat
            allowed = game.allowed_kinds
            later = self.read > 0 and self.dirty  # listed before, and the seat's band landed since
            fresh = reach_shapes[self.read:]
            self.read = len(reach_shapes)
            if len(allowed) < game.topology_kinds:  # RTR-P9: only the scenario's band kinds
                fresh = [sh for sh in fresh if sh.kind in allowed]
            banned = game.banned_shapes
            if banned:  # a location's rule on the shape alone (RealmModule.shape_problem)
                fresh = [sh for sh in fresh if sh.index not in banned]
            if later:
                # shapes the reach gained since the last listing touch only pegs the seat took
                # since (``dirty``: a shape on an older peg of the seat was in the reach
                # already), so the ``dirty`` pass below sets their held pegs and sequences
                for k, sh in enumerate(fresh, n):
                    pos[sh.index] = k
                shapes.extend(fresh)
                held.extend([0] * len(fresh))
                seqs.extend([-1] * len(fresh))
            else:  # held pegs from the owners; their sequences are looked up with ``redo`` below
                for k, sh in enumerate(fresh, n):
                    pos[sh.index] = k
                    shapes.append(sh)
                    h = 0
                    for j, p in enumerate(sh.pegs):
                        if get(p, 0) & bit:
                            h |= 1 << j
                    held.append(h)
                    seqs.append(-1)
                    redo.append(k)
        if self.dirty:
            slots_at = game.peg_slots
            for p in self.dirty:
                for i, slot in slots_at[p]:
                    at = pos.get(i)
                    if at is not None and not held[at] & slot:
                        held[at] |= slot
                        redo.append(at)
            self.dirty = []
        if redo:
            self.distinct = None
        for k in redo:
            sh = shapes[k]
            h = held[k]
            row = seq_of[sh.index]
            if row is None:
                row = seq_of[sh.index] = [-1] * (1 << len(sh.pegs))
            known = row[h]
            if known < 0:
                known = row[h] = self._colour_id(game, sh, h)
            seqs[k] = known
        if n < len(seqs) and -1 in seqs[n:]:  # not expected (see above); worked out from the pegs then
            get = owners.get
            bit = 1 << seat
            for k in range(n, len(seqs)):
                if seqs[k] < 0:
                    sh = shapes[k]
                    h = held[k] = sum(1 << j for j, p in enumerate(sh.pegs) if get(p, 0) & bit)
                    seqs[k] = self._colour_id(game, sh, h)

    def copy(self) -> "_Listing":
        """An own copy (of a listing lent by a board part, before it changes)."""
        new = _Listing.__new__(_Listing)
        new.shapes, new.pos, new.held, new.seqs = list(self.shapes), dict(self.pos), list(self.held), list(self.seqs)
        new.dirty, new.read, new.distinct = list(self.dirty), self.read, self.distinct  # distinct: replaced, never changed
        new.ats = None
        return new

    @staticmethod
    def _colour_id(game, shape: BandShape, held: int) -> int:
        """The colour sequence id of the pegs of ``shape`` not in ``held`` (bits by position)."""
        return game.caches.colour_id(tuple([game.peg_colour[p] for j, p in enumerate(shape.pegs) if not held >> j & 1]))


class LegalActions(Listing):
    """The legal actions of one Rule the Realm state, as :meth:`RealmState.legal_actions`
    gives them: a read-only sequence equal to the plain list (same actions, same order: the
    draws, the bands in reach order, then ``Pass``/``ExtraAction``). Its length is known at
    once; a band's ``Place`` (payment and recipients) is built only when that item is read, so
    a caller taking one action (random play, ``random.choice``) pays for one band, not for all.
    It holds what it needs (the hand, the peg owners) as they were when listed, so it stays
    right after the state moves on. Iterating, comparing, ``in``, slicing, ``+`` and pickling
    build the whole list once (pickled as a plain list); :meth:`locate` finds a band by its
    shape, building only it."""

    __slots__ = ("_head", "_tail", "_count", "_state", "_seat", "_shapes", "_pos", "_at", "_plans", "_pegs",
                 "_list", "_given", "_stamp")

    def __init__(self, head: list, state: "RealmState", seat: int, shapes: list, pos: dict, at: list, plans: dict,
                 tail: list) -> None:
        self._head, self._tail, self._count = head, tail, len(at)
        self._state, self._seat, self._shapes, self._at, self._plans = state, seat, shapes, at, plans
        self._pos = pos  # shape index -> position in ``shapes`` (the listing's, which only grows)
        # the peg owners as listed: the state's own dict, which it copies before changing it
        # (RealmState._pegs_lent), so it stays as listed after the state moves on
        self._pegs = state.peg_seats
        state._pegs_lent = True
        self._list: list | None = None
        self._given = None  # the last item read by index (see RealmState.apply)
        self._stamp: tuple | None = None

    def __len__(self) -> int:
        return len(self._head) + self._count + len(self._tail)

    def __getitem__(self, i):
        if self._list is not None:
            return self._list[i]
        if isinstance(i, slice):
            return self._whole()[i]
        h = len(self._head)
        if i < 0:
            i += h + self._count + len(self._tail)
            if i < 0:
                raise IndexError("legal action index out of range")
        if i < h:
            got = self._head[i]
        elif i - h < self._count:
            got = self._place(self._shapes[self._at[i - h]], self._live_cache())
        else:
            got = self._tail[i - h - self._count]
        self._given = got
        return got

    def _live_cache(self) -> list | None:
        """The state's payment cache of the seat while its bands are those listed, else None."""
        state = self._state
        if state._trial is None and (state.peg_seats is self._pegs or state.peg_seats == self._pegs):
            return state._pay_fresh()[self._seat]
        return None

    def _place(self, shape: BandShape, cache: list | None) -> Place:
        game = self._state.game
        if cache is None:
            entry = _pay_entry_for(game, self._pegs, self._seat, shape)
        else:  # filled in place even when shared (see RealmState._list_places)
            entry = cache[shape.index]
            if entry is None:
                entry = cache[shape.index] = _pay_entry_for(game, self._pegs, self._seat, shape)
        caches = game.caches
        pid = self._plans[entry[0]]  # the hand's plans, filled when listed
        built = entry[2]
        place = built.get(pid)
        if place is None:
            place = built[pid] = _place_from_plan(caches, shape, entry[1], caches.plan_list[pid])
        return place

    def locate(self, action) -> int:
        """The position of ``action`` here, or -1 (:meth:`studio.rules.api.Listing.locate`):
        a band listed by this game is found by its shape (one look-up and a bisection of the
        payable positions), then compared with the band listed there, built if not yet."""
        head = self._head
        h = len(head)
        band = action.__dict__.get("_band") if isinstance(action, Place) else None
        if band is not None and band[0] is self._state.game.caches:
            shape = band[1]
            k = self._pos.get(shape.index)
            if k is None:
                return -1
            at = self._at
            j = bisect.bisect_left(at, k)
            if j == len(at) or at[j] != k:
                return -1
            listed = self._list[h + j] if self._list is not None else self._place(shape, self._live_cache())
            return h + j if listed is action or listed == action else -1
        if isinstance(action, Place):  # a band from elsewhere: compared with the whole list
            for i, item in enumerate(self._whole()):
                if item == action:
                    return i
            return -1
        if isinstance(action, Draw):  # draws are the head
            if action.__dict__.get("_canon") is self._state.game.caches:
                # listed by this game: its draws are one object per sources (PlayCaches.draw)
                for i, item in enumerate(head):
                    if item is action:
                        return i
                return -1
            for i, item in enumerate(head):
                if item == action:
                    return i
            return -1
        for i, item in enumerate(self._tail):  # Pass, ExtraAction
            if item == action:
                return h + self._count + i
        return -1

    def band_costs(self, game: "RealmGame") -> tuple[int, list] | None:
        """The bands listed, without building their ``Place`` objects (a caller valuing every
        band reads these and builds the one it picks, ``self[i]``): ``(first, bands)``, where
        ``self[first + j]`` is the band ``bands[j]`` = ``(shape, cards)``, its board shape and
        ``len(place.payment)`` (a pair of one colour paying for a peg counts two, RTR-P8).
        None when listed by another game than ``game`` (its shapes are not ``game``'s)."""
        state = self._state
        if state.game is not game:
            return None
        first = len(self._head)
        shapes = self._shapes
        if self._list is not None:  # built already: read from the bands
            return first, [(shapes[k], len(place.payment))
                           for k, place in zip(self._at, self._list[first:first + self._count])]
        cache = self._live_cache()
        plans, pegs, seat = self._plans, self._pegs, self._seat
        plan_list = game.caches.plan_list
        out = []
        for k in self._at:
            shape = shapes[k]
            if cache is None:
                entry = _pay_entry_for(game, pegs, seat, shape)
            else:  # as _place: filled in place even when shared
                entry = cache[shape.index]
                if entry is None:
                    entry = cache[shape.index] = _pay_entry_for(game, pegs, seat, shape)
            plan = plan_list[plans[entry[0]]]
            cards = len(plan)
            for code in plan:
                if code >= NCOL:
                    cards += 1
            out.append((shape, cards))
        return first, out

    def locate_all(self, actions) -> list[int]:
        """:meth:`locate` of each of ``actions``, in order, with what every band's look-up
        shares read once."""
        caches = self._state.game.caches
        pos_get, at, whole = self._pos.get, self._at, self._list
        n, h = len(at), len(self._head)
        bisect_left, place, plans = bisect.bisect_left, self._place, self._plans
        cache: Any = False  # the live payment cache, read when first needed
        head = self._head
        out = []
        for action in actions:
            kind = type(action)
            if kind is Draw and action.__dict__.get("_canon") is caches:
                # listed by this game: found by identity among the draws (as locate does)
                for i, item in enumerate(head):
                    if item is action:
                        out.append(i)
                        break
                else:
                    out.append(-1)
                continue
            band = action.__dict__.get("_band") if kind is Place or isinstance(action, Place) else None
            if band is None or band[0] is not caches:
                out.append(self.locate(action))
                continue
            shape = band[1]
            k = pos_get(shape.index)
            j = n if k is None else bisect_left(at, k)
            if j == n or at[j] != k:
                out.append(-1)
                continue
            if whole is not None:
                listed = whole[h + j]
            else:
                if cache is False:
                    cache = self._live_cache()
                # _place's look-ups, inline for a band built already (most children)
                entry = None if cache is None else cache[shape.index]
                listed = None if entry is None else entry[2].get(plans[entry[0]])
                if listed is None:
                    listed = place(shape, cache)
            out.append(h + j if listed is action or listed == action else -1)
        return out

    def band_kinds(self) -> set[str]:
        """The kinds (``Place.shape``: line, triangle, ...) of the bands listed, without
        building them."""
        shapes = self._shapes
        return {shapes[k].kind for k in self._at}

    def others(self) -> list:
        """The actions that are not bands, in order (draws, then ``Pass``/``ExtraAction``)."""
        return self._head + self._tail

    def _whole(self) -> list:
        if self._list is None:
            shapes, place, cache = self._shapes, self._place, self._live_cache()
            self._list = self._head + [place(shapes[k], cache) for k in self._at] + self._tail
        return self._list

    def __iter__(self):
        return iter(self._whole())

    def __contains__(self, item) -> bool:
        return item in self._whole()

    def __eq__(self, other) -> bool:
        if isinstance(other, LegalActions):
            other = other._whole()
        if isinstance(other, list):
            return self._whole() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list is not hashable either

    def __add__(self, other):
        return self._whole() + list(other)

    def __radd__(self, other):
        return list(other) + self._whole()

    def __repr__(self) -> str:
        return repr(self._whole())

    def __reduce__(self):
        return list, (self._whole(),)


class _BoardPart:
    """The board of sampled states (see :meth:`RealmGame.board_of`): read-only once built,
    but for ``listings``: per seat, then per seat for its first band (the slots of
    ``RealmState._listings``), the :class:`_Listing` of the seat on this board, made when a
    state sampled on it first lists that seat and lent to every such state while the seat's
    reach is this board's (its own band copies it first): a search lists the seats of one
    board in every determinisation. ``afters``: (seat, shape index) -> the board after that
    seat's band on that shape, for the states sampled on this part that play it first (a
    search plays its root's bands in every determinisation): see
    :meth:`RealmState._land_on_part`. ``closings``: (seat, shape index) -> the seats' walls
    after that band (the list, shared as the board after is) and the regions they enclose
    (:meth:`RealmState._close_walls`)."""

    __slots__ = ("key", "bands", "peg_seats", "reach", "walls", "pay_cache", "owned", "listings", "afters",
                 "closings")
    key: list
    bands: list
    peg_seats: dict
    reach: list
    walls: list
    pay_cache: list[list]
    owned: int
    listings: list
    afters: dict
    closings: dict

    @classmethod
    def empty(cls, game) -> "_BoardPart":
        part = cls()
        n = game.players
        part.key = []
        part.bands = []
        part.peg_seats = {}
        part.reach = [None] * n
        part.walls = [Walls() for _ in range(n)]
        part.pay_cache = [[None] * len(game.topology.shapes) for _ in range(n)]
        part.owned = -1  # bit mask of the seats whose reach and walls are this part's own
        part.listings = [None] * (2 * n)
        part.afters = {}
        part.closings = {}
        return part

    def copy(self) -> "_BoardPart":
        part = _BoardPart()
        part.key = list(self.key)
        part.bands = list(self.bands)
        part.peg_seats = dict(self.peg_seats)
        # each seat's reach and walls are shared until a band of that seat lands (extend): the
        # walls keep what they remember (Walls.memo) for the seats that did not move
        part.reach = list(self.reach)
        part.walls = list(self.walls)
        part.owned = 0
        part.pay_cache = [list(c) for c in self.pay_cache]
        part.listings = [None] * len(self.listings)
        part.afters = {}
        part.closings = {}
        return part

    def extend(self, game, bands) -> None:
        """Place ``bands`` ((seat, kind, pegs) each) as :meth:`RealmState._occupy` does."""
        topo = game.topology
        ids_at = game.shape_ids_at
        shapes_at = topo.shapes_at
        all_shapes = topo.shapes

        def pegs_of(index: int) -> tuple:
            return all_shapes[index].pegs

        for seat, kind, pegs in bands:
            shape = topo.shape(tuple(pegs), kind)
            self.bands.append((seat, shape))
            bit = 1 << seat
            if not self.owned & bit:
                r = self.reach[seat]
                if r is not None:
                    self.reach[seat] = (list(r[0]), set(r[1]))
                before = self.walls[seat]
                walls = self.walls[seat] = before.copy()
                walls.memo, walls.reads = before.memo, before.reads  # read, not changed (extend_keeping)
                self.owned |= bit
            reach = self.reach[seat]
            if reach is None:
                reach = self.reach[seat] = ([], set())
            shapes, seen = reach
            for p in shape.pegs:
                mask = self.peg_seats.get(p, 0)
                if not mask & bit:
                    self.peg_seats[p] = mask | bit
                    for cache in self.pay_cache:
                        for i in ids_at[p]:
                            cache[i] = None
                    for sh in shapes_at[p]:
                        if sh.index not in seen:
                            seen.add(sh.index)
                            shapes.append(sh)
            # what the seat's walls remembered holds for bands away from this one (kept)
            self.walls[seat].extend_keeping(shape.sides, topo, pegs_of)
        self.key.extend([seat, kind, list(pegs)] for seat, kind, pegs in bands)


class _Unlogged(list):
    """The move log of a state dealt by a search's sampler (:class:`RealmSampler`) and of its
    clones: nobody reads the lines of a determinisation (its log starts empty, not the game's),
    so they are not written (a band's words cost about 4% of a search's instructions). Always
    empty: adding lines does nothing. One object, :data:`UNLOGGED`, shared by those states."""

    __slots__ = ()

    def append(self, line) -> None:
        pass

    def extend(self, lines) -> None:
        pass

    def insert(self, index, line) -> None:
        pass

    def __reduce__(self):
        return _unlogged, ()


UNLOGGED = _Unlogged()


def _unlogged() -> _Unlogged:
    return UNLOGGED


class _Trial:
    """What a preview changed that plain saving does not restore: pegs taken (peg, old mask
    or None), wall lines (see :meth:`Walls.add`), faces collected and controlled."""

    __slots__ = ("pegs", "walls", "collected", "controlled")

    def __init__(self) -> None:
        self.pegs: list = []
        self.walls: list = []
        self.collected: list = []
        self.controlled: list = []


class RealmGame(Game):
    """A Rule the Realm game: board, rules, number of players and seed.

    Raises :class:`BoardError` if the board does not fit the game (player count, RTR-S6; seats;
    unknown module or band shape)."""

    RECORD = "realm"
    TITLE = "Rule the Realm"

    def __init__(self, board: Board, rules: RealmRules | None = None, players: int | None = None,
                 seed: int = 0, scenario: Scenario | None = None, scenario_path: str | None = None):
        self.board = board
        self.rules = rules or RealmRules()
        self.players = players if players is not None else board.players
        self.seed = seed
        self.scenario = scenario
        self.scenario_path = scenario_path
        if self.players != board.players:
            raise BoardError(f"RTR-S6: board {board.id!r} is for {board.players} players, the game has {self.players}")
        if not 2 <= self.players <= 4:
            raise BoardError(f"Rule the Realm is for 2 to 4 players, got {self.players}")
        self.seats = list(board.seats.values())
        if len(self.seats) < self.players:
            raise BoardError(f"board {board.id!r} has {len(self.seats)} seats for {self.players} players")
        self.seats = self.seats[: self.players]
        self.seat_names = [s.label or s.name for s in self.seats]
        self.seat_words = [f"seat {k + 1} ({name})" for k, name in enumerate(self.seat_names)]  # in log lines
        unknown = [b for b in self.rules.bands if b not in SUPPORTED_BANDS]
        if unknown:
            raise BoardError(f"unknown band shape(s) {', '.join(unknown)}")
        if self.rules.start not in SUPPORTED_START:
            raise BoardError(f"unknown start rule {self.rules.start!r}")
        # where cards come from (studio.rules.realm.cards; locations register their own)
        load_modules()
        self.card_rules = card_rules_for(self.rules)
        self.allowed_kinds = frozenset(SHAPE_KINDS[b] for b in self.rules.bands)
        self.topology = Topology(board, tuple(sorted(set(SHAPE_KINDS.values()) & (self.allowed_kinds | {"line", "triangle", "quad"}))))
        self.start_pegs = [frozenset(s.start) for s in self.seats]
        self.any_start = frozenset().union(*self.start_pegs) if self.start_pegs else frozenset()
        self.crater = frozenset(board.crater)
        bad = sorted(p.id for p in board.pegs.values() if p.colour not in CINDEX)
        if bad:
            raise BoardError(f"peg {bad[0]} has colour {board.pegs[bad[0]].colour!r}; "
                             f"peg colours are {', '.join(COLOURS)}")
        self.peg_colour = {p.id: CINDEX[p.colour] for p in board.pegs.values()}
        self.modules = []
        for name, params in (self.rules.modules or {}).items():
            if name not in REGISTRY:
                raise BoardError(f"unknown rule module {name!r} (known: {', '.join(sorted(REGISTRY))})")
            self.modules.append(REGISTRY[name](self, params))
        # modules that restrict bands (only those are asked for every candidate shape)
        self.band_filters = [m for m in self.modules if type(m).band_problem is not RealmModule.band_problem]
        # those reading the state or seat, asked at each listing; the shapes the others ban, once
        shape_rules = [m for m in self.band_filters if type(m).shape_problem is not RealmModule.shape_problem]
        self.state_filters = [m for m in self.band_filters if m not in shape_rules]
        self.banned_shapes = frozenset(sh.index for m in shape_rules for sh in self.topology.shapes
                                       if m.shape_problem(sh))
        # per hook, the modules that define it (the engine calls only those)
        self.hooks = {name: [m for m in self.modules if getattr(type(m), name) is not getattr(RealmModule, name)]
                      for name in ("before_collect", "after_place", "quiet", "end_reason", "before_final",
                                   "project_before_final", "final_scoring", "project_final_scoring",
                                   "energy_needed", "goal_bonus", "preview_place", "final_points")}
        # projected_scores works on copies of the lists when every module acting at the end
        # projects itself on them (no play, no log)
        self.plain_projection = all(m in self.hooks["project_before_final"] for m in self.hooks["before_final"]) \
            and all(m in self.hooks["project_final_scoring"] for m in self.hooks["final_scoring"])
        # preview can work a band out without playing it when no module acts before collecting
        # and every module acting after says when it would do nothing (RealmModule.quiet)
        self.direct_preview = not self.hooks["before_collect"] and all(
            m in self.hooks["quiet"] for m in self.hooks["after_place"])
        # preview must patch the state to score it when the end-of-game rules read more than
        # score and energy
        self.final_reads_state = bool(self.hooks["before_final"] or self.hooks["final_scoring"]
                                      or self.hooks["energy_needed"])
        self.end_rule = dict(self.rules.end or {})
        # read after every action (RealmState._end_condition_met): the score end (None: none)
        # and the bands-exhausted end
        self.end_score = self.end_rule["score"] if "score" in self.end_rule else None
        self.end_bands = bool(self.end_rule.get("bands-exhausted"))
        self.total_cards = self.rules.cards_per_colour * NCOL
        self.topology_kinds = len({s.kind for s in self.topology.shapes})
        n = self.players
        # owners_after[seat][mask]: other seats in the mask, in turn order after ``seat``
        self.owners_after = [[tuple(o for o in ((seat + k) % n for k in range(1, n)) if mask >> o & 1)
                              for mask in range(1 << n)] for seat in range(n)]
        # shape indices touching each peg: a band on a peg changes the payment of these shapes
        self.shape_ids_at = {p: tuple(sh.index for sh in shs) for p, shs in self.topology.shapes_at.items()}
        # per peg: (shape index, bit of the peg among the shape's pegs) of the shapes touching it
        self.peg_slots = {p: tuple((sh.index, 1 << sh.pegs.index(p)) for sh in shs)
                          for p, shs in self.topology.shapes_at.items()}
        # what legal actions are made of, shared by every state of this game (see PlayCaches)
        self.caches = PlayCaches()
        self.caches.seq_of = [None] * len(self.topology.shapes)
        self.draw_count = self.card_rules.draw_count
        # the card rules count the hidden cards as the shared pool does (deck and discard pile)
        self.shared_hidden = type(self.card_rules).hidden is SharedPool.hidden
        self.shared_discard = type(self.card_rules).discard is SharedPool.discard
        self.shared_draws = type(self.card_rules).refill_pool is SharedPool.refill_pool and \
            type(self.card_rules).draw is SharedPool.draw
        # per shape index, its interior faces that are segments (what exploring it can collect)
        self.interior_segments = [tuple(f for f in sh.interior if self.topology.is_segment[f])
                                  for sh in self.topology.shapes]
        self._board_part: _BoardPart | None = None  # see board_of
        self._start_shapes: dict[int, list | None] = {}  # see start_shapes

    def start_shapes(self, seat: int) -> list | None:
        """The shapes a first band of ``seat`` may take by the start rule (RTR-P5), in the
        order :meth:`RealmState._candidate_shapes` lists them, before the band kinds and the
        modules' filters; None when they depend on the board (``any-start``). Worked out once."""
        if seat in self._start_shapes:
            return self._start_shapes[seat]
        found: list | None = None
        mode = self.rules.start
        if mode != "any-start":
            starts = self.start_pegs[seat] if mode == "own-side" else self.crater if mode == "crater" else None
            if starts is None:
                found = list(self.topology.shapes)
            else:
                seen: set[int] = set()
                found = []
                for p in sorted(starts):
                    for sh in self.topology.shapes_at.get(p, ()):
                        if sh.index not in seen:
                            seen.add(sh.index)
                            found.append(sh)
        self._start_shapes[seat] = found
        return found

    def board_of(self, bands) -> "_BoardPart":
        """The board part of a state with ``bands`` placed (``[seat, kind, pegs]`` in order, as
        in an observation): who is on each peg, each seat's reach and walls, payment caches.
        The same for every state sampled from one observation, so it is built once and
        extended band by band as a game goes on (the last one is kept)."""
        last = self._board_part
        # key: the bands in the observation's form, so a whole list compares at C speed
        if last is not None and last.key == bands:
            return last
        if last is not None and bands[:len(last.key)] == last.key:
            part = last.copy()
        else:
            part = _BoardPart.empty(self)
        part.extend(self, bands[len(part.key):])
        self._board_part = part
        return part

    # -- Game API ---------------------------------------------------------------------------
    def new_state(self, seed: int | None = None) -> "RealmState":
        """A fresh game: shuffled deck, opening hands (RTR-S2), pool (RTR-S3), supply (RTR-S4)."""
        return RealmState(self, self.seed if seed is None else seed)

    def action_from_dict(self, data: dict):
        return action_from_dict(data)

    def sample_state(self, observation: dict, rng: random.Random) -> "RealmState":
        return RealmState.from_observation(self, observation, rng)

    def sampler(self, observation: dict):
        """``sample(rng)``: :meth:`sample_state` of ``observation``, which is read once
        (:class:`RealmSampler`)."""
        return RealmSampler(self, observation)


def load_realm_game(source: Any, players: int, seed: int = 0) -> RealmGame:
    """Game from a scenario path, a :class:`Realm`, a ``(scenario, board)`` pair or a bare
    :class:`Board` (base rules)."""
    from studio.model.io import read_realm

    if isinstance(source, (str, Path)):
        realm = read_realm(source, players)
        return RealmGame(realm.board, realm.scenario.rules, players, seed, realm.scenario, str(source))
    if isinstance(source, Realm):
        return RealmGame(source.board, source.scenario.rules, players, seed, source.scenario, source.scenario.path)
    if isinstance(source, tuple) and len(source) == 2:
        scenario, board = source
        return RealmGame(board, scenario.rules, players, seed, scenario, scenario.path)
    if isinstance(source, Board):
        return RealmGame(source, RealmRules(), players, seed)
    raise TypeError(f"cannot build a game from {type(source).__name__}")


@dataclass(init=False, eq=False, repr=False)
class RealmState(State):
    """A position of Rule the Realm.

    Public, read-only attributes: ``hands`` (per seat, a list of 5 card counts in
    :data:`COLOURS` order; see :meth:`hand`), ``pool`` (face-up colours), ``deck`` (hidden;
    top is the end), ``discard``, ``energy`` (per seat), ``supply``, ``bands_left``, ``bands``
    (placed bands as ``(seat, BandShape)``), ``score``, ``collected`` (face index -> seat that
    collected it), ``controlled`` (per seat, face indices explored or closed), ``round``
    (1-based), ``seat`` (whose turn), ``actions_left``, ``extra_bought``, ``end`` (how the game
    ended, a :class:`~studio.rules.ends.GameEnd`, None while it runs), ``end_reason`` (its
    words), ``log`` (one line per action) and ``history`` (actions)."""

    # made from the declarations below, once the class exists (studio.rules.record)
    _copy_record: ClassVar[Callable[[RealmState], RealmState]]
    _snapshot_record: ClassVar[Callable[[RealmState], dict]]
    _public_view: ClassVar[Callable[[RealmState], dict]]
    _read_public: ClassVar[Callable[[RealmState, dict], RealmState]]
    _read_dealt: ClassVar[Callable[[RealmState, dict], RealmState]]
    # The record: clone, snapshot and the public part of an observation are derived from these
    # declarations (studio.rules.record). Copy "skip": shared copy-on-write or rebuilt, set by
    # :meth:`clone`. View: "public" (every seat sees it as it is), "custom" (observation shows
    # it in its own way: own hand, sizes only...), "hidden" (never seen, or derived).
    game: RealmGame = kept(snapshot="skip", view="hidden")
    seed: int = kept(snapshot="skip", view="hidden")
    history: list = kept("list", view="hidden")
    deck: list = kept("list", view="custom")
    discard: list = kept("list", view="public")
    # personal decks (L6-1, studio.rules.realm.cursed_triangle): each seat's own deck and
    # discard pile, and the cards set aside; empty with the shared pool
    decks: list = kept("lists", view="custom")
    discards: list = kept("lists", view="public")
    set_aside: list = kept("list", view="custom")
    eliminated: set = kept("set", view="public")
    pending: list = kept("list", view="custom")    # free decisions owed before play goes on
    hands: list = kept("lists", view="custom")
    pool: list = kept("list", view="public")
    supply: int = kept(view="public")
    energy: list = kept("list", view="public")
    score: list = kept("list", view="public")
    bands_left: list = kept("list", view="public")
    # bands, peg owners, and each seat's reach and walls: shared with a clone or a board part
    # until a band lands (copy on write, :meth:`_own_board`); _owned_seats: bit mask of the
    # seats whose reach and walls this state has copied since
    bands: list = kept("skip", snapshot="skip", view="custom")   # snapshot: (seat, kind, pegs)
    peg_seats: dict = kept("skip", snapshot="dict", view="hidden")  # peg -> mask of seats with a band on it
    reach: list = kept("skip", snapshot="skip", view="hidden")  # per seat: (shapes touching its pegs, indices)
    walls: list = kept("skip", snapshot="skip", view="hidden")  # snapshot: the lines each seat covers
    _board_shared: bool = kept("skip", snapshot="skip", default=False, view="hidden")
    _owned_seats: int = kept("skip", snapshot="skip", default=-1, view="hidden")
    # per seat: shape index -> payment entry (see _pay_entry) or None; reset when a band lands
    # on one of the shape's pegs. A cache only: never in snapshots, records or equality.
    _pay_cache: list = kept("skip", snapshot="skip", view="hidden")
    _pay_shared: bool = kept("skip", snapshot="skip", default=False, view="hidden")
    # pegs newly held since the payment cache was last read: the entries of the shapes on them
    # are cleared when it is next read (_pay_fresh), so a state never listed again (a search's
    # leaf) neither copies nor clears the cache for its band; None when none
    _pay_stale: list | None = kept("skip", snapshot="skip", default=None, view="hidden")
    # per seat, then per seat for its first band: the legal bands kept between listings
    # (_Listing), False after a first listing (a state listed once, like most clones, keeps
    # none); a clone starts with none
    _listings: list | None = kept("none", snapshot="skip", default=None, view="hidden")
    # a sampled state's board part (_BoardPart), whose listings it borrows, and the bit mask of
    # the slots of _listings that are that part's (copied before they change); a clone has none
    _shelf: Any = kept("skip", snapshot="skip", default=None, view="hidden")
    _lent: int = kept("skip", snapshot="skip", default=0, view="hidden")
    # the last LegalActions listed and what it was listed for (see apply); a clone has none
    _offered: Any = kept("none", snapshot="skip", default=None, view="hidden")
    # a LegalActions holds ``peg_seats`` as listed: the next band (or preview) copies it first
    _pegs_lent: bool = kept("value", snapshot="skip", default=False, view="hidden")
    collected: dict = kept("dict", view="custom")
    controlled: list = kept("sets", view="public")
    round: int = kept(view="public")
    seat: int = kept(view="custom")
    actions_left: int = kept(view="public")
    extra_bought: bool = kept(view="public")
    end_triggered: GameEnd | None = kept(view="public")  # the end met during this round
    end: GameEnd | None = kept(view="public")            # how the game ended (studio.rules.ends)
    end_reason: str | None = kept(view="public")         # ``end.text``, for people
    final_done: bool = kept(view="hidden")
    log: list = kept("list", snapshot="skip", view="hidden")
    extra: dict = kept("plain", view="public")
    # the card shuffler (see the rng property): a Random, or a seed for one, made when first used
    _rng: Any = kept("skip", snapshot="skip", default=None, view="hidden")
    _rng_lazy: bool = kept("skip", snapshot="skip", default=False, view="hidden")
    last_outcome: PlaceOutcome = kept("skip", snapshot="skip", view="hidden")  # what the last band did
    _trial: _Trial | None = kept("skip", snapshot="skip", default=None, view="hidden")  # while preview plays
    events: list | None = kept("none", snapshot="skip", default=None, view="hidden")  # location events

    @property
    def rng(self) -> random.Random:
        """The state's random generator (shuffles, RTR-S1). A clone shares it and a sampled
        state holds only its seed until one of them shuffles (a copy of a Random costs more
        than most moves)."""
        r = self._rng
        if self._rng_lazy:
            if isinstance(r, random.Random):
                copy = random.Random(0)  # a fixed seed is cheaper than seeding from the OS
                copy.setstate(r.getstate())
                r = copy
            else:
                r = random.Random(r)
            self._rng = r
            self._rng_lazy = False
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_lazy = False

    def __init__(self, game: RealmGame, seed: int, *, _empty: bool = False):
        self.game = game
        self.seed = seed
        self.history: list = []
        if _empty:
            return
        # per seat: shape index -> payment entry (see _pay_entry) or None; reset when a band lands
        # on one of the shape's pegs. A cache only: never in snapshots, records or equality.
        self._pay_cache: list[list] = self._empty_pay_cache()
        self._pay_shared = False  # True while a clone may hold the same lists (copy on write)
        rules = game.rules
        n = game.players
        self.rng = random.Random(seed)
        self.seat = 0
        deck = [c for c in range(NCOL) for _ in range(rules.cards_per_colour)]
        self.rng.shuffle(deck)
        self.deck: list[int] = deck
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[0] * NCOL for _ in range(n)]
        self.pool: list[int] = []
        # personal decks (L6-1, studio.rules.realm.cursed_triangle): each seat's own deck and
        # discard pile, and the cards set aside; empty with the shared pool
        self.decks: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.set_aside: list[int] = []
        game.card_rules.deal(self)
        for seat in range(n):
            size = rules.hand_sizes[seat] if seat < len(rules.hand_sizes) else rules.hand_sizes[-1]
            for _ in range(size):
                card = self._draw_card(seat)
                if card is not None:
                    self.hands[seat][card] += 1
        game.card_rules.open_pool(self)
        self.supply = rules.energy_supply
        self.energy = [0] * n
        self.score = [0] * n
        self.bands_left = [rules.bands_per_player] * n
        self.bands: list[tuple[int, BandShape]] = []
        self.peg_seats: dict[str, int] = {}          # peg -> bit mask of seats with a band on it
        self.reach: list = [None] * n                # per seat: (shapes touching its pegs, their indices)
        self.walls = [Walls() for _ in range(n)]
        self.collected: dict[int, int] = {}
        self.controlled: list[set[int]] = [set() for _ in range(n)]
        self.round = 1
        self.seat = 0
        self.actions_left = rules.actions_per_turn
        self.extra_bought = False
        self.end_triggered: GameEnd | None = None
        self.end: GameEnd | None = None
        self.end_reason: str | None = None
        self.final_done = False
        self.eliminated: set[int] = set()
        self.pending: list[tuple[int, str]] = []     # free decisions owed before play goes on
        self.log: list[str] = []
        self.extra: dict[str, Any] = {}
        # a game played from its start lists every seat many times: keep listings from the first
        self._listings = [False] * (2 * n)
        for m in game.modules:
            m.init_state(self)

    # -- small helpers ----------------------------------------------------------------------
    def _empty_pay_cache(self) -> list[list]:
        return [[None] * len(self.game.topology.shapes) for _ in range(self.game.players)]

    def _set_board(self, board: "_BoardPart") -> None:
        """Take the bands of ``board``: shared with it, copy on write (see :meth:`_own_board`)."""
        self.bands = board.bands
        self.peg_seats = board.peg_seats
        self.reach = board.reach
        self.walls = board.walls
        self._board_shared = True
        self._pay_cache = board.pay_cache
        self._pay_stale = None
        self._pay_shared = True
        self._listings = None
        self._shelf = board
        self._lent = 0

    def _own_board(self, seat: int) -> None:
        """Before a band of ``seat`` really lands: copy what a clone or sampled state shares
        (bands, peg owners, and that seat's reach and walls). Previews change them only to
        take the change back, so they need no copy."""
        if self._board_shared:
            self.bands = list(self.bands)
            self.peg_seats = dict(self.peg_seats)
            self.reach = list(self.reach)
            self.walls = list(self.walls)
            self._board_shared = False
            self._owned_seats = 0
            self._pegs_lent = False
        elif self._pegs_lent:
            self.peg_seats = dict(self.peg_seats)
            self._pegs_lent = False
        bit = 1 << seat
        if not self._owned_seats & bit:
            r = self.reach[seat]
            if r is not None:
                self.reach[seat] = (list(r[0]), set(r[1]))
                shelf = self._shelf
                if shelf is not None and r is shelf.reach[seat] and not self.game.state_filters and \
                        self.game.rules.connect:
                    # a sampled state's seat plays from the part's reach: its next listing
                    # starts from the part's (lent here, copied by _occupy as the band lands)
                    listings = self._listings
                    if listings is None:
                        listings = self._listings = [None] * (2 * self.game.players)
                    if not listings[seat]:
                        listings[seat] = self._shelf_listing(shelf, seat, seat, r[0])
                        self._lent |= 1 << seat
            self.walls[seat] = self.walls[seat].copy()
            self._owned_seats |= bit

    def _pay_fresh(self) -> list[list]:
        """The payment cache to read: the entries of the shapes on pegs newly held since it
        was last read (``_pay_stale``) cleared first (RTR-P7: these shapes now pay
        differently), on the state's own copy if a clone shares it."""
        stale = self._pay_stale
        if stale is not None:
            if self._pay_shared:
                self._pay_cache = [list(c) for c in self._pay_cache]
                self._pay_shared = False
            ids_at = self.game.shape_ids_at
            for cache in self._pay_cache:
                for p in stale:
                    for i in ids_at[p]:
                        cache[i] = None
            self._pay_stale = None
        return self._pay_cache

    @property
    def players(self) -> int:
        return self.game.players

    def hand(self, seat: int) -> dict[str, int]:
        """``{colour: count}`` of a seat's hand."""
        return {COLOURS[i]: n for i, n in enumerate(self.hands[seat]) if n}

    def add_score(self, seat: int, points: int) -> None:
        """Change a score; scores never go below 0 (RTR-S7)."""
        self.score[seat] = max(0, self.score[seat] + points)

    def take_energy(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` energy from the supply to ``seat`` (RTR-S4); returns the amount."""
        got = min(amount, self.supply)
        self.supply -= got
        self.energy[seat] += got
        return got

    def seat_name(self, seat: int) -> str:
        return self.game.seat_words[seat]

    def note(self, kind: str, seat: int | None, **data) -> None:
        """Record a location event (:class:`studio.rules.events.Event`) when recording is on
        and the state is not previewing a band; changes nothing else."""
        if self.events is not None and self._trial is None:
            self.events.append(Event(kind, seat, self.round, data))

    def _draw_card(self, seat: int) -> int | None:
        """The next card ``seat`` draws (RTR-T3; the card rules of the scenario), or None."""
        return self.game.card_rules.draw(self, seat)

    def _discard_card(self, seat: int, card: int) -> None:
        if self.game.shared_discard:  # the shared pool's discard, without the call
            self.discard.append(card)
        else:
            self.game.card_rules.discard(self, seat, card)

    def cards_hidden(self, seat: int) -> int:
        """Cards a draw can still reach for ``seat`` (deck and discard pile)."""
        return self.game.card_rules.hidden(self, seat)

    def _refill_pool(self) -> None:
        game = self.game
        if not game.shared_draws:
            game.card_rules.refill_pool(self)
            return
        # the shared pool's refill (SharedPool.refill_pool), the deck's top taken without a call
        pool, size = self.pool, game.card_rules.pool_size
        while len(pool) < size:
            if self.deck:
                pool.append(self.deck.pop())
                continue
            card = game.card_rules.draw(self, self.seat)  # the deck rebuilt from the discard
            if card is None:
                break
            pool.append(card)

    # -- State API --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.end_reason is not None else self.seat

    def is_terminal(self) -> bool:
        return self.end_reason is not None

    def scores(self) -> list[int]:
        return list(self.score)

    def conservation_problems(self) -> list[str]:
        """Cards (RTR-S1: deck, pool, discard, hands, personal decks and piles, set aside),
        energy (RTR-S4: supply and seats) and bands (RTR-S5: placed and left) all add up;
        nothing is negative (scores: RTR-S7)."""
        game = self.game
        out = []
        cards = (len(self.deck) + len(self.pool) + len(self.discard) + sum(sum(h) for h in self.hands)
                 + sum(len(d) for d in self.decks) + sum(len(d) for d in self.discards) + len(self.set_aside))
        if cards != game.total_cards:
            out.append(f"RTR-S1: {cards} cards in play, the game has {game.total_cards}")
        if self.supply + sum(self.energy) != game.rules.energy_supply:
            out.append(f"RTR-S4: {self.supply} energy in the supply and {sum(self.energy)} held, "
                       f"the game has {game.rules.energy_supply}")
        for seat in range(game.players):
            placed = sum(1 for s, _ in self.bands if s == seat)
            if placed + self.bands_left[seat] != game.rules.bands_per_player:
                out.append(f"RTR-S5: {self.seat_name(seat)} has {placed} bands placed and {self.bands_left[seat]} "
                           f"left, of {game.rules.bands_per_player}")
        if min(self.energy) < 0 or self.supply < 0:
            out.append("RTR-S4: negative energy")
        if min(self.score) < 0:
            out.append("RTR-S7: a negative score")
        if any(n < 0 for h in self.hands for n in h):
            out.append("RTR-P7: a negative card count in a hand")
        return out

    def projected_scores(self) -> list[float]:
        """Scores if the game ended now with the end-of-game rules applied (energy to VP, module
        scoring); an eliminated seat (e.g. Volcano, L2-4) gets ``-inf``. Changes nothing: worked
        out on copies of the scores and energy when every module acting at the end projects
        itself (``project_before_final``, ``project_final_scoring``), else the final scoring runs
        on this state and is taken back (no copy)."""
        hooks = self.game.hooks
        if self.end_reason is None and self.game.plain_projection:
            # energy to VP (RTR-E2) after what the modules project: nothing to play and take back
            if not hooks["before_final"] and not hooks["final_scoring"]:
                return _energy_projection(self.score, self.energy, self.eliminated, self.game.rules.energy_per_vp)
            score, energy, eliminated = list(self.score), list(self.energy), set(self.eliminated)
            for m in hooks["before_final"]:
                m.project_before_final(self, score, energy, eliminated)
            rate = self.game.rules.energy_per_vp
            if rate > 0:  # as _final_scoring does (RTR-E2, RTR-S7)
                for s, e in enumerate(energy):
                    if e >= rate and s not in eliminated:
                        score[s] = max(0, score[s] + e // rate)
            for m in hooks["final_scoring"]:
                m.project_final_scoring(self, score)
            return [float("-inf") if s in eliminated else float(v) for s, v in enumerate(score)]
        if self.end_reason is None:
            energy, score, supply = list(self.energy), list(self.score), self.supply
            eliminated, n_log = set(self.eliminated), len(self.log)
            events, self.events = self.events, None  # a trial scoring: no event
            try:
                self._final_scoring()
                out = [float("-inf") if s in self.eliminated else float(self.score[s]) for s in range(self.players)]
            finally:
                self.energy[:] = energy
                self.score[:] = score
                self.supply = supply
                self.eliminated.clear()
                self.eliminated.update(eliminated)
                del self.log[n_log:]
                self.events = events
            return out
        return [float("-inf") if s in self.eliminated else float(self.score[s]) for s in range(self.players)]

    def preview(self, action: Place) -> PlacePreview:
        """What the legal band ``action`` of the player to move would do (its
        :class:`PlaceOutcome`, and the projected scores, scores, energy and energy needed right
        after it), without doing it and without copying the state. Worked out directly from
        the band's effects when no module acts on it and it cannot end the game; else played
        on this state, trusted as by :meth:`apply_trusted`, and taken back
        (:meth:`_played_preview`). Either way equal to playing it on a copy
        (tests/rules/test_preview.py). Raises TypeError for an action that is not a
        :class:`Place`, RuntimeError when called during a preview. To preview many bands of
        one position, :meth:`previewer` reads the position once for all of them."""
        return BandPreviewer(self).preview(action)

    def previewer(self, projected: bool = True, memo: "BandMemo | None" = None) -> "BandPreviewer":
        """A :class:`BandPreviewer` of this position: :meth:`preview` for many bands, with what
        does not change from band to band (whose turn, the seat's walls and segments, scores
        and energy as the game would end now) read once. Valid while the state does not
        change (its own previews aside). ``projected=False``: previews without the projected
        scores and energy needed (both None), for a caller reading only what the band does
        and the scores and energy right after it (the playtest watch): no end-of-game
        projection per band. ``memo``: a :class:`BandMemo` the caller keeps from one position
        to the next (one per seat); :meth:`BandPreviewer.projected` then reuses what a band
        did in an earlier position when nothing it read has changed since."""
        return BandPreviewer(self, projected, memo)

    def _closing_regions(self, walls: Walls, shape: BandShape) -> list:
        """``(region, faces)`` for each side of ``shape`` that, added in turn to ``walls``,
        encloses a region (:func:`enclosed_side`) holding segments outside the band: the
        region and those segments. Remembered in ``walls.memo`` until the walls change."""
        memo = walls.memo
        found = memo.get(shape.index)
        if found is not None:
            return found
        if len(memo) > 4096:
            memo.clear()
            walls.reads.clear()
        # pegs in separate parts of the walls: the band's sides close no cycle but its own
        # ring, which encloses only its interior (no segment outside the band)
        parts = memo.get(None)  # peg -> its part of the walls (pegs on no wall: their own)
        if parts is None:
            root = walls._root
            parts = memo[None] = {p: root(p) for line in walls.covered for p in line}
        pegs = shape.pegs
        if len({parts.get(p, p) for p in pegs}) == len(pegs):
            found = memo[shape.index] = []
            walls.reads[shape.index] = _NO_FACES  # no search
            return found
        topo = self.game.topology
        is_segment = topo.is_segment
        found = []
        journal: list = []
        inside = set(shape.interior)
        read: set[int] | None = set()  # the faces its searches looked at (Walls.extend_keeping)
        try:
            for line in shape.sides:
                if walls.add(line, journal):
                    region, seen = walls.trial_region(topo, line, journal)
                    if seen is None or read is None:
                        read = None
                    else:
                        read |= seen
                    faces = [f for f in region if is_segment[f] and f not in inside]
                    if faces:
                        found.append((region, faces))
        finally:
            walls.undo(journal)
        memo[shape.index] = found
        if read is not None:
            walls.reads[shape.index] = read
        else:
            walls.reads.pop(shape.index, None)
        return found

    def _round_may_end(self, seat: int, score, energy) -> bool:
        """Whether the last seat's last action, a band leaving ``score`` and ``energy`` and
        changing nothing a module reads, could end the game (see :meth:`_spend_action`,
        :meth:`_end_turn`): conservative, True when unsure."""
        cost = self.game.rules.extra_action_cost
        if cost > 0 and not self.extra_bought and energy[seat] >= cost:
            return False  # an extra action can still be bought: the turn goes on (RTR-T4)
        if self.end_triggered is not None or self.game.hooks["end_reason"]:
            return True
        end = self.game.end_rule
        bands_left = list(self.bands_left)
        bands_left[seat] -= 1
        if "score" in end and max(score) >= end["score"]:
            return True
        if end.get("bands-exhausted") and min(bands_left) <= 0:
            return True
        if "rounds" in end and self.round >= end["rounds"]:
            return True
        return all(b <= 0 for b in bands_left) or self.round >= self.game.rules.max_rounds

    def _band_ends_game(self, seat: int, score, energy) -> bool | None:
        """Whether the last seat's last action, a band leaving ``score`` and ``energy`` and
        changing nothing a module reads, ends the game, exactly as :meth:`_spend_action` and
        :meth:`_end_turn` would decide; None when a module's end rule has a say."""
        game = self.game
        if game.hooks["end_reason"]:
            return None
        if self.actions_left > 1:
            return False  # the turn goes on (RTR-T1)
        cost = game.rules.extra_action_cost
        if cost > 0 and not self.extra_bought and energy[seat] >= cost:
            return False  # an extra action can still be bought: the turn goes on (RTR-T4)
        if seat != game.players - 1 or self.end_triggered is not None:
            return seat == game.players - 1  # the round is over (RTR-E1)
        end = game.end_rule
        bands_left = list(self.bands_left)
        bands_left[seat] -= 1
        if "score" in end and max(score) >= end["score"]:
            return True
        if end.get("bands-exhausted") and min(bands_left) <= 0:
            return True
        if "rounds" in end and self.round >= end["rounds"]:
            return True
        return all(b <= 0 for b in bands_left) or self.round >= game.rules.max_rounds

    def _shape_of(self, action: Place) -> BandShape:
        """The band shape of a Place (its pegs are in canonical order when it came from
        :meth:`legal_actions`)."""
        band = action.__dict__.get("_band")
        if band is not None and band[0] is self.game.caches:
            return band[1]
        topo = self.game.topology
        found = topo.shape_by_key.get((action.shape, action.pegs)) if action.shape else None
        if found is None:
            found = topo.shape(action.pegs, action.shape)
            if found is None:
                raise IllegalAction(f"no {action.shape or 'band'} on pegs {', '.join(action.pegs)} on this board")
        return found

    def _played_preview(self, action: Place, projected: bool = True) -> PlacePreview:
        """:meth:`preview` by playing the band on this state and taking it back (``projected``:
        see :meth:`previewer`)."""
        seat = self.seat
        hands = [list(h) for h in self.hands]
        energy, score, bands_left = list(self.energy), list(self.score), list(self.bands_left)
        scalars = (self.supply, self.round, self.seat, self.actions_left, self.extra_bought,
                   self.end_triggered, self.end, self.end_reason, self.final_done)
        eliminated = set(self.eliminated)
        lengths = (len(self.discard), len(self.discards[seat]), len(self.bands), len(self.pending), len(self.log))
        extra = _deep_copy_plain(self.extra)
        last = self.__dict__.get("last_outcome")
        trial = self._trial = _Trial()
        try:
            self._apply(action)
            players = range(self.players)
            result = PlacePreview(self.last_outcome, self.projected_scores() if projected else None,
                                  list(self.score), list(self.energy),
                                  [self.energy_needed(s) for s in players] if projected else None,
                                  self.end_reason is not None)
        finally:
            self._trial = None
            for h, saved in zip(self.hands, hands):
                h[:] = saved
            self.energy[:] = energy
            self.score[:] = score
            self.bands_left[:] = bands_left
            (self.supply, self.round, self.seat, self.actions_left, self.extra_bought,
             self.end_triggered, self.end, self.end_reason, self.final_done) = scalars
            self.eliminated.clear()
            self.eliminated.update(eliminated)
            del self.discard[lengths[0]:]
            del self.discards[seat][lengths[1]:]
            del self.bands[lengths[2]:]
            del self.pending[lengths[3]:]
            del self.log[lengths[4]:]
            self.extra.clear()
            self.extra.update(extra)
            if last is None:
                self.__dict__.pop("last_outcome", None)
            else:
                self.last_outcome = last
            peg_seats = self.peg_seats
            for p, mask in reversed(trial.pegs):
                if mask is None:
                    del peg_seats[p]
                else:
                    peg_seats[p] = mask
            self.walls[seat].undo(trial.walls)
            for f in trial.collected:
                del self.collected[f]
            for s, f in trial.controlled:
                self.controlled[s].discard(f)
        return result

    def energy_needed(self, seat: int) -> int:
        """Energy ``seat`` must hold at the end not to lose (Volcano escape, L2-3/L2-4); 0 when
        no module asks for any."""
        return max((m.energy_needed(self, seat) for m in self.game.hooks["energy_needed"]), default=0)

    def goal_bonus(self, seat: int) -> int:
        """VP the seat would gain now by reaching one of its goal pegs (Jungle Temples, L1-2);
        0 when nothing rewards it (any more)."""
        total = 0
        for m in self.game.hooks["goal_bonus"]:   # a plain loop: MCTS asks at every leaf of the Jungle Temples
            total += m.goal_bonus(self, seat)
        return total

    def bands_used(self, seat: int) -> int:
        return self.game.rules.bands_per_player - self.bands_left[seat]

    def winners(self) -> list[int]:
        """Most VP; tie: fewest bands used; still tied: all of them (RTR-E3). Players a module
        eliminated (e.g. Volcano, L2-4) never win; if all are eliminated nobody wins."""
        alive = [s for s in range(self.players) if s not in self.eliminated]
        if not alive:
            return []
        best = max(self.score[s] for s in alive)
        tied = [s for s in alive if self.score[s] == best]
        fewest = min(self.bands_used(s) for s in tied)
        return [s for s in tied if self.bands_used(s) == fewest]

    def legal_actions(self) -> Sequence:
        if self.end_reason is not None:
            return []
        seat = self.seat
        if self.pending:
            return self._pending_actions()
        if self.actions_left > 0:
            game = self.game
            reach = self.reach[seat]
            if self.bands_left[seat] > 0 and not game.state_filters:
                lazy = None
                if reach is None:  # the first band: the shapes on the seat's starting pegs
                    starts = game.start_shapes(seat)
                    if starts is not None:
                        lazy = self._lazy_actions(seat, starts, game.players + seat)
                elif game.rules.connect:
                    lazy = self._lazy_actions(seat, reach[0], seat)
                if lazy is not None:
                    return lazy
        actions: list = []
        if self.actions_left > 0:
            actions.extend(self._draws_shared())
            actions.extend(self._legal_places(seat))
        if not actions:  # the turn's actions are used, or nothing is possible
            actions.append(Pass())
        if self._can_buy_extra(seat):
            actions.append(ExtraAction())
        return actions

    def _lazy_actions(self, seat: int, reach_shapes: list, slot: int) -> "LegalActions | None":
        """The legal actions as a :class:`LegalActions` (bands built when read) from the seat's
        kept :class:`_Listing` (``slot``: the seat's index for its reach, players + seat for its
        first band, from :meth:`RealmGame.start_shapes`); None the first time a state lists the
        seat (most clones list a seat once: the plain list costs them less), unless the state
        was sampled on a board part and the seat's reach is still that part's: then the part's
        listing of the seat is lent (made by the first such state; see :class:`_BoardPart`)."""
        listings = self._listings
        if listings is None:
            listings = self._listings = [None] * (2 * self.game.players)
        mine = listings[slot]
        if mine is None:
            shelf = self._shelf
            if shelf is None or self.reach[seat] is not shelf.reach[seat]:
                listings[slot] = False
                return None
            mine = listings[slot] = self._shelf_listing(shelf, slot, seat, reach_shapes)
            self._lent |= 1 << slot
        elif mine is False:
            mine = listings[slot] = _Listing()
        elif self._lent >> slot & 1 and (mine.dirty or len(reach_shapes) > mine.read):
            mine = listings[slot] = mine.copy()  # not expected: _occupy copies first
            self._lent &= ~(1 << slot)
        if mine.dirty or len(reach_shapes) > mine.read:  # else up to date (most lent listings)
            mine.update(self, seat, reach_shapes)
        hand = self.hands[seat]
        key = tuple(hand)
        plans = self._plans_for(key)
        caches = self.game.caches
        payable = caches.payable.get(key)  # the sequences of ``plans`` this hand can pay
        if payable is None:
            payable = caches.payable[key] = {seq for seq, pid in plans.items() if pid >= 0}
        seqs = mine.seqs
        distinct = mine.distinct
        if distinct is None:
            distinct = mine.distinct = set(seqs)
        fresh = distinct.difference(plans)  # sequences this hand has not met yet
        if fresh:
            singles, singles_plan = caches.singles, caches.singles_plan
            for seq in fresh:
                for c, k in singles[seq]:
                    if hand[c] < k:  # a peg takes a pair: the plan as _payment_plan works it out
                        pid = caches.plan_id(_payment_plan(caches.colour_seqs[seq], hand))
                        break
                else:  # a card of its own colour for every peg: the plan is the sequence itself
                    pid = singles_plan[seq]
                if pid >= 0:
                    payable.add(seq)
                plans[seq] = pid  # after payable: a thread that sees the plan sees it there too
        # positions (in reach order) of the shapes whose sequence the hand can pay; a board
        # part's listing, lent to many states and never changed, keeps them per hand
        ats = mine.ats
        at = None if ats is None else ats.get(key)
        if at is None:
            at = list(itertools.compress(range(len(seqs)), map(payable.__contains__, seqs)))
            if ats is not None and self._lent >> slot & 1:
                ats[key] = at
        head = self._draws_shared()
        tail: list = [] if head or at else [Pass()]
        if self._can_buy_extra(seat):
            tail.append(ExtraAction())
        offered = self._offered = LegalActions(head, self, seat, mine.shapes, mine.pos, at, plans, tail)
        offered._stamp = self._listed_stamp(key)
        return offered

    def _shelf_listing(self, shelf: _BoardPart, slot: int, seat: int, reach_shapes: list) -> _Listing:
        """The listing of ``slot`` kept by the board part ``shelf`` (see :class:`_BoardPart`),
        made from the part's peg owners the first time; ``reach_shapes``: the part's reach of
        the seat (or its start shapes)."""
        mine = shelf.listings[slot]
        if mine is None:
            mine = _Listing()
            mine.update(self, seat, reach_shapes, shelf.peg_seats)
            mine.ats = {}
            # the part's payment entries of these shapes, which every state sampled on it
            # copies (its listings after a band of its own read them)
            cache, game, pegs = shelf.pay_cache[seat], self.game, shelf.peg_seats
            for shape in mine.shapes:
                if cache[shape.index] is None:
                    cache[shape.index] = _pay_entry_for(game, pegs, seat, shape)
            shelf.listings[slot] = mine
        return mine

    def __getstate__(self) -> dict:
        # a pickled or deep-copied state has listed nothing yet (the listing holds the state)
        state = dict(self.__dict__)
        state["_offered"] = None
        return state

    def _listed_stamp(self, hand: tuple | None = None) -> tuple:
        """What the legal actions of the seat to move depend on, besides the bands' board
        (changed only by playing, counted by the actions played and the bands); ``hand``:
        ``tuple(self.hands[self.seat])`` when known."""
        seat = self.seat
        return (len(self.history), len(self.bands), seat, self.actions_left, self.extra_bought,
                self.bands_left[seat], self.energy[seat], hand or tuple(self.hands[seat]), tuple(self.pool))

    def apply(self, action) -> None:
        """Check ``action`` and play it (see :meth:`State.apply`). The last item read by index
        from the last :class:`LegalActions` this state listed is legal by construction while
        the state is as listed (see :meth:`_listed_stamp`), so it is played without the check (``tests/rules/test_legal_places.py`` holds that sequence
        to the plain list)."""
        offered = self._offered
        if offered is not None:
            self._offered = None
            if offered._given is action and offered._stamp == self._listed_stamp():
                self._apply(action)
                self.history.append(action)
                return
        super().apply(action)

    def apply_trusted(self, action) -> None:
        """:meth:`State.apply_trusted`; the last listing is let go (it holds this state: a
        search's states, dropped after a few actions, are then freed at once, not by the
        cycle collector)."""
        self._offered = None
        self._apply(action)
        self.history.append(action)

    def _can_buy_extra(self, seat: int) -> bool:
        cost = self.game.rules.extra_action_cost
        return cost > 0 and not self.extra_bought and self.energy[seat] >= cost

    def _pending_actions(self) -> list:
        seat, kind = self.pending[0]
        if kind == "bonus-card":
            sources = [COLOURS[c] for c in sorted(set(self.pool))]
            if self.cards_hidden(seat):
                sources.append(DECK)
            return [TakeCard(src) for src in sources] or [Pass()]
        raise AssertionError(f"unknown pending decision {kind}")

    def _legal_draws(self) -> list[Draw]:
        return list(self._draws_shared())

    def _draws_shared(self) -> list[Draw]:
        """The legal draws as the game's shared list (never change it)."""
        game = self.game
        want = game.draw_count
        # cards_hidden: the shared pool's read here (a listing per position a search visits)
        hidden = len(self.deck) + len(self.discard) if game.shared_hidden else game.card_rules.hidden(self, self.seat)
        take = min(want, hidden + len(self.pool))
        if take == 0:
            return []
        key = (tuple(sorted(self.pool)), take, min(hidden, take))
        cached = self.game.caches.draws.get(key)
        if cached is None:
            cached = self.game.caches.draws[key] = self._enumerate_draws(take, hidden)
        return cached

    def _enumerate_draws(self, take: int, hidden: int) -> list[Draw]:
        sources = [COLOURS[c] for c in sorted(set(self.pool))]
        counts = {COLOURS[c]: self.pool.count(c) for c in set(self.pool)}
        out = []
        for combo in itertools.combinations_with_replacement(sources + [DECK], take):
            if combo.count(DECK) > hidden:
                continue
            if any(combo.count(c) > counts[c] for c in sources):
                continue
            out.append(self.game.caches.draw(combo))
        return out

    def _candidate_shapes(self, seat: int) -> list[BandShape]:
        """Shapes that pass the start/connect rules (RTR-P5, RTR-P6), the allowed kinds (RTR-P9)
        and the modules' filters."""
        game = self.game
        topo = game.topology
        if self.bands_left[seat] <= 0:
            return []
        reach = self.reach[seat]
        if reach is not None and game.rules.connect:
            shapes = reach[0]  # every shape touching one of the seat's pegs, kept up to date
        elif reach is None:
            starts = self._start_pegs(seat)
            if starts is None:
                shapes = topo.shapes
            else:
                seen: set[int] = set()
                shapes = []
                for p in sorted(starts):
                    for sh in topo.shapes_at.get(p, ()):
                        if sh.index not in seen:
                            seen.add(sh.index)
                            shapes.append(sh)
        else:
            shapes = topo.shapes
        allowed = game.allowed_kinds
        if len(allowed) < game.topology_kinds:
            shapes = [s for s in shapes if s.kind in allowed]
        banned = game.banned_shapes  # the shape rules (RealmModule.shape_problem), worked out once
        if banned:
            shapes = [s for s in shapes if s.index not in banned]
        for m in game.state_filters:
            shapes = [s for s in shapes if not m.band_problem(self, seat, s)]
        return shapes

    def _extend_reach(self, seat: int, pegs) -> None:
        """Add the shapes touching ``pegs`` to the seat's candidate list (RTR-P6)."""
        reach = self.reach[seat]
        if reach is None:
            reach = self.reach[seat] = ([], set())
        shapes, seen = reach
        shapes_at = self.game.topology.shapes_at
        for p in pegs:
            for sh in shapes_at[p]:
                if sh.index not in seen:
                    seen.add(sh.index)
                    shapes.append(sh)

    def _start_pegs(self, seat: int):
        """Pegs a first band may use (RTR-P5 and the scenario's start rule); None = anywhere."""
        mode = self.game.rules.start
        if mode == "own-side":
            return self.game.start_pegs[seat]
        if mode == "any-start":
            occupied = set(self.peg_seats)
            return frozenset(p for p in self.game.any_start if p not in occupied)
        if mode == "crater":
            return self.game.crater
        return None

    def _legal_places(self, seat: int) -> list[Place]:
        return self._list_places(seat, self._candidate_shapes(seat))

    def _plans_for(self, key: tuple) -> dict:
        """{colour sequence id: plan id} for a hand (``tuple(hand)``), filled as met."""
        all_plans = self.game.caches.plans
        plans = all_plans.get(key)
        if plans is None:
            if len(all_plans) > 2048:  # keep memory flat over long batches
                all_plans.clear()
                self.game.caches.payable.clear()
            plans = all_plans[key] = {}
        return plans

    def _list_places(self, seat: int, shapes: list) -> list[Place]:
        """The shapes of ``shapes`` the seat can pay for, each with its default payment (the
        same as :meth:`_default_payment`), worked out shape by shape. The payment of a shape
        depends on the colours of the pegs the seat must pay for (kept per shape until a band
        lands on one of its pegs) and on the hand; the plan for each colour sequence is worked
        out once per hand, and the ``Place`` for each (shape, plan) is built once and reused."""
        out: list[Place] = []
        hand = self.hands[seat]
        cache = self._pay_fresh()[seat]
        caches = self.game.caches
        key = tuple(hand)
        plans = self._plans_for(key)
        plans_get = plans.get
        payable = caches.payable.get(key)  # kept with plans for the kept listings
        append = out.append
        for shape in shapes:
            i = shape.index
            entry = cache[i]
            if entry is None:  # first look since a band landed on one of its pegs
                # filled in place even when shared: every state sharing these lists has the
                # same bands on the board (a band copies them first, in _occupy)
                entry = cache[i] = self._pay_entry(seat, shape)
            pid = plans_get(entry[0])
            if pid is None:
                pid = caches.plan_id(_payment_plan(caches.colour_seqs[entry[0]], hand))
                if payable is not None and pid >= 0:
                    payable.add(entry[0])
                plans[entry[0]] = pid  # after payable (see _lazy_actions)
            if pid < 0:
                continue
            place = entry[2].get(pid)
            if place is None:
                place = entry[2][pid] = self._place_from_plan(shape, entry[1], caches.plan_list[pid])
            append(place)
        return out

    def _pay_entry(self, seat: int, shape: BandShape) -> tuple:
        """The payment entry of ``shape`` for ``seat`` now (see :func:`_pay_entry_for`)."""
        return _pay_entry_for(self.game, self.peg_seats, seat, shape)

    def _place_from_plan(self, shape: BandShape, recipients: tuple, plan: tuple) -> Place:
        return _place_from_plan(self.game.caches, shape, recipients, plan)

    # -- payment (RTR-P7, RTR-P8) -----------------------------------------------------------
    def _owners(self, seat: int, peg: str) -> tuple[int, ...]:
        """Other seats with a band on ``peg``, starting after ``seat`` in turn order."""
        return self.game.owners_after[seat][self.peg_seats.get(peg, 0)]

    def _pegs_to_pay(self, seat: int, pegs) -> list[str]:
        bit = 1 << seat
        return [p for p in pegs if not self.peg_seats.get(p, 0) & bit]

    def _default_payment(self, seat: int, pegs, hand) -> tuple[CardPayment, ...] | None:
        """Single matching cards first, then pairs of the most plentiful colour; cards to the
        first owner after the payer. None if the band cannot be paid."""
        game = self.game
        colour = game.peg_colour
        peg_seats = self.peg_seats
        bit = 1 << seat
        left = None
        pay = []
        jokers = None
        owners_after = game.owners_after[seat]
        card = game.caches.card
        for p in pegs:
            mask = peg_seats.get(p, 0)
            if mask & bit:
                continue
            if left is None:
                left = list(hand)
            c = colour[p]
            owners = owners_after[mask]
            if left[c] > 0:
                left[c] -= 1
                pay.append(card(p, c, owners[0] if owners else None))
            else:
                if jokers is None:
                    jokers = []
                jokers.append((p, owners[0] if owners else None))
        if left is None:
            return ()
        if jokers:
            for p, to in jokers:
                c = left.index(max(left))  # the most plentiful colour, first in COLOURS order on ties
                if left[c] < 2:
                    return None
                left[c] -= 2
                joker = card(p, c, to)
                pay.append(joker)
                pay.append(joker)
        if len(pay) > 1:
            pay.sort(key=payment_order)
        return tuple(pay)

    def payment_options(self, pegs, seat: int | None = None) -> list[tuple[CardPayment, ...]]:
        """Every legal way for ``seat`` (default: the player to move) to pay for a band on
        ``pegs``: per peg a matching card or two cards of one colour, to the discard or to one
        of the other players on it (split allowed for a pair). Default payment first; [] if the
        band cannot be paid."""
        seat = self.seat if seat is None else seat
        hand = self.hands[seat]
        colour = self.game.peg_colour
        by_energy = self.game.rules.energy_payment
        per_peg = []
        for p in self._pegs_to_pay(seat, pegs):
            real_owners = self._owners(seat, p)
            owners = real_owners or [None]
            choices: list[tuple] = []
            c = colour[p]
            for to in owners:
                choices.append(((p, c, to, False),))
                if by_energy and to is not None:
                    choices.append(((p, c, to, True),))
            for d in range(NCOL):
                if d == c and hand[c] >= 1:
                    continue  # a pair of the peg's own colour when one card would do: never better
                for t1, t2 in itertools.combinations_with_replacement(owners, 2):
                    choices.append(((p, d, t1, False), (p, d, t2, False)))
                if by_energy and real_owners:
                    for to in real_owners:
                        choices.append(((p, d, to, True), (p, d, to, True)))
            per_peg.append(choices)
        options = []
        seen = set()
        for combo in itertools.product(*per_peg):
            used = [0] * NCOL
            energy_used = 0
            cards = []
            for group in combo:
                energy_used += 1 if group[0][3] else 0
                for p, c, to, via_energy in group:
                    used[c] += 1
                    cards.append(CardPayment(p, COLOURS[c], to, via_energy))
            if any(used[c] > hand[c] for c in range(NCOL)) or energy_used > self.energy[seat]:
                continue
            key = tuple(sorted(cards, key=payment_order))
            if key not in seen:
                seen.add(key)
                options.append(key)
        default = self._default_payment(seat, pegs, hand)
        if default is not None and default in seen:
            options.remove(default)
            options.insert(0, default)
        return options

    # -- legality ---------------------------------------------------------------------------
    def why_illegal(self, action) -> str | None:
        if self.end_reason is not None:
            return "the game is over"
        seat = self.seat
        if self.pending:
            if action in self._pending_actions():
                return None
            return "L8-7: take your bonus card first (from the pool or the deck)"
        if isinstance(action, TakeCard):
            return "there is no bonus card to take now"
        if isinstance(action, Pass):
            if self.actions_left > 0 and (self._draws_shared() or self._legal_places(seat)):
                return "RTR-T1: you still have an action to take"
            return None
        if isinstance(action, ExtraAction):
            cost = self.game.rules.extra_action_cost
            if cost <= 0:
                return "RTR-T4: extra actions are disabled in this scenario"
            if self.extra_bought:
                return "RTR-T4: an extra action can be bought once per turn"
            if self.energy[seat] < cost:
                return f"RTR-T4: an extra action costs {cost} energy, you have {self.energy[seat]}"
            return None
        if self.actions_left <= 0:
            return "RTR-T1: no action left this turn (buy an extra one or end the turn)"
        if isinstance(action, Draw):
            return self._why_draw_illegal(action)
        if isinstance(action, Place):
            return self._why_place_illegal(seat, action)
        return f"unknown action {action!r}"

    def _why_draw_illegal(self, action: Draw) -> str | None:
        legal = self._draws_shared()
        if action in legal:
            return None
        if not legal:
            return "RTR-T3: there are no cards left to draw"
        want = len(legal[0].sources)
        if len(action.sources) != want:
            return f"RTR-T2: a draw takes {want} card(s), got {len(action.sources)}"
        for src in action.sources:
            if src != DECK and src not in COLOURS:
                return f"RTR-T2: {src!r} is neither 'deck' nor a card colour"
        return "RTR-T2: the pool does not hold those cards"

    def _why_place_illegal(self, seat: int, action: Place) -> str | None:
        game = self.game
        if self.bands_left[seat] <= 0:
            return "RTR-S5: you have no bands left"
        pegs = action.pegs
        # a band in canonical form names a board shape at once (bands from legal_actions do)
        band = action.__dict__.get("_band")
        if band is not None and band[0] is game.caches:  # listed by this game (see _place_from_plan)
            shape = band[1]
        else:
            shape = game.topology.shape_by_key.get((action.shape, pegs)) if action.shape else None
        if shape is None:
            unknown = [p for p in pegs if p not in game.board.pegs]
            if unknown:
                return f"RTR-P1: no peg {unknown[0]!r} on this board"
            if len(set(pegs)) != len(pegs) or not 2 <= len(pegs) <= 4:
                return "RTR-P1: a band occupies 2, 3 or 4 different pegs"
            kind = SHAPE_KINDS.get(action.shape, action.shape) if action.shape else ""
            if action.shape and action.shape not in SHAPE_KINDS:
                return f"RTR-P1: unknown band shape {action.shape!r}"
            shape = game.topology.shape(pegs, kind)
        if shape is None:
            if kind == "long-barrier" or (not kind and len(pegs) == 3 and "long-barrier" in game.allowed_kinds):
                return "L5-3: a long barrier runs along two board lines through its middle peg"
            return "RTR-P1: every side of a band must run along a board line"
        if shape.kind not in game.allowed_kinds:
            return f"RTR-P9: {shape.kind} bands are not allowed in this scenario"
        bit = 1 << seat
        has_bands = self.reach[seat] is not None
        if not has_bands:
            starts = self._start_pegs(seat)
            if starts is not None and not starts.intersection(pegs):
                return "RTR-P5: your first band must use one of your starting pegs"
        elif game.rules.connect and not any(self.peg_seats.get(p, 0) & bit for p in pegs):
            return "RTR-P6: a band must share a peg with one of your earlier bands"
        for m in game.modules:
            problem = m.band_problem(self, seat, shape)
            if problem:
                return problem
        if self._listed(seat, shape, action):
            return None
        return self._why_payment_illegal(seat, pegs, action.payment)

    def _listed(self, seat: int, shape: BandShape, action: Place) -> bool:
        """Whether ``action`` is the very Place :meth:`_legal_places` lists for ``shape`` with
        the seat's hand now (its default payment, legal by construction): then the payment
        needs no check. False when unsure."""
        cache = self._pay_fresh()[seat]
        entry = cache[shape.index]
        if entry is None:
            if self._trial is not None:  # a preview's bands are not the board's
                return False
            # filled in place even when shared (see _list_places); a band read from a
            # LegalActions leaves the state's cache alone
            entry = cache[shape.index] = self._pay_entry(seat, shape)
        plans = self.game.caches.plans.get(tuple(self.hands[seat]))
        if plans is None:
            return False
        pid = plans.get(entry[0])
        return pid is not None and pid >= 0 and entry[2].get(pid) is action

    def _why_payment_illegal(self, seat: int, pegs, payment) -> str | None:
        colour = self.game.peg_colour
        need = set(self._pegs_to_pay(seat, pegs))
        by_peg: dict[str, list[CardPayment]] = {}
        for card in payment:
            if card.colour not in CINDEX:
                return f"RTR-P7: {card.colour!r} is not a card colour"
            by_peg.setdefault(card.peg, []).append(card)
        for p in by_peg:
            if p not in pegs:
                return f"RTR-P7: peg {p} is not part of the band"
            if p not in need:
                return f"RTR-P7: peg {p} already holds your band, it is free"
        used = [0] * NCOL
        energy_used = 0
        for p in pegs:
            if p not in need:
                continue
            cards = by_peg.get(p, [])
            if not cards:
                return f"RTR-P7: peg {p} ({COLOURS[colour[p]]}) needs a card"
            cols = {c.colour for c in cards}
            if len(cards) == 1:
                if CINDEX[cards[0].colour] != colour[p]:
                    return f"RTR-P7: peg {p} is {COLOURS[colour[p]]}, a single {cards[0].colour} card does not pay for it"
            elif len(cards) == 2 and len(cols) == 1:
                pass  # a joker pair pays for any colour (RTR-P8)
            else:
                return f"RTR-P8: peg {p} takes one matching card or two cards of one colour"
            owners = self._owners(seat, p)
            flags = {c.energy for c in cards}
            if True in flags:
                if not self.game.rules.energy_payment:
                    return "RTR-P7: paying with energy is not allowed in this scenario"
                if len(flags) > 1 or len({c.to for c in cards}) > 1 or cards[0].to not in owners:
                    return f"L6-5: an energy payment for peg {p} gives one token to one player with a band on it"
                energy_used += 1
            for c in cards:
                if owners and c.to not in owners:
                    return f"RTR-P7: the card for peg {p} must go to a player with a band on it (seat {', '.join(str(o + 1) for o in owners)})"
                if not owners and c.to is not None:
                    return f"RTR-P7: peg {p} is empty, its card goes to the discard pile"
                used[CINDEX[c.colour]] += 1
        hand = self.hands[seat]
        for i in range(NCOL):
            if used[i] > hand[i]:
                return f"RTR-P7: you need {used[i]} {COLOURS[i]} card(s) and hold {hand[i]}"
        if energy_used > self.energy[seat]:
            return f"L6-5: paying with energy needs {energy_used} token(s), you have {self.energy[seat]}"
        return None

    # -- playing ----------------------------------------------------------------------------
    def _apply(self, action) -> None:
        seat = self.seat
        if self.pending:
            pseat, kind = self.pending.pop(0)
            if isinstance(action, TakeCard):
                self._take_bonus_card(pseat, action.source)
            else:
                self.log.append(LogLine(f"{self.seat_name(pseat)} takes no bonus card (none left)", pseat))
            self._after_pending()
            return
        if isinstance(action, Draw):
            self._do_draw(seat, action)
            self._spend_action()
        elif isinstance(action, Place):
            self._do_place(seat, action)
            if not self.pending:
                self._spend_action()
        elif isinstance(action, ExtraAction):
            cost = self.game.rules.extra_action_cost
            self.energy[seat] -= cost
            self.supply += cost
            self.actions_left += 1
            self.extra_bought = True
            self.log.append(LogLine(f"{self.seat_name(seat)} pays {cost} energy for an extra action", seat))
        elif isinstance(action, Pass):
            self.log.append(LogLine(f"{self.seat_name(seat)} ends the turn", seat))
            self._end_turn()

    def _after_pending(self) -> None:
        if not self.pending:
            self._spend_action()

    def _take_bonus_card(self, seat: int, source: str) -> None:
        if source == DECK:
            card = self._draw_card(seat)
            text = "a card from the deck"
        else:
            card = CINDEX[source]
            self.pool.remove(card)
            text = source
        if card is not None:
            self.hands[seat][card] += 1
        self._refill_pool()
        self.log.append(LogLine(f"{self.seat_name(seat)} takes a bonus card: {text}", seat))

    def _spend_action(self) -> None:
        self.actions_left -= 1
        if self.end_triggered is None:
            self.end_triggered = self._end_condition_met()
        if self.actions_left <= 0 and not self._can_buy_extra(self.seat):
            self._end_turn()

    def _do_draw(self, seat: int, action: Draw) -> None:
        logged = self.log is not UNLOGGED
        got = []
        hand = self.hands[seat]
        # pool cards first, so a deck pick never draws what the pool refill would show: a
        # Draw keeps its sources in that order (deck last)
        for src in action.sources:
            if src == DECK:
                card = self._draw_card(seat)
                if card is None:
                    continue
                if logged:
                    got.append("a card from the deck")
            else:
                card = CINDEX[src]
                self.pool.remove(card)
                if logged:
                    got.append(src)
            hand[card] += 1
        self._refill_pool()
        if logged:
            self.log.append(LogLine(f"{self.seat_name(seat)} draws {', '.join(got) or 'nothing'}", seat))

    def _do_place(self, seat: int, action: Place) -> PlaceOutcome:
        shape = self._shape_of(action)
        self._pay(seat, action.payment)
        trial = self._trial
        closed = None
        if trial is None:
            shelf = self._shelf
            if shelf is not None and self._board_shared and self.bands is shelf.bands and \
                    self.peg_seats is shelf.peg_seats and self.reach is shelf.reach and self.walls is shelf.walls \
                    and self._pay_cache is shelf.pay_cache:
                # the band appended there; its walls closed as on every state of the part
                closed = self._land_on_part(shelf, seat, shape)
            else:
                self._own_board(seat)
                self._occupy(seat, shape)
                self.bands.append((seat, shape))
        else:  # a preview: record what to undo; reach and payment caches are left alone
            if self._pegs_lent:
                self.peg_seats = dict(self.peg_seats)
                self._pegs_lent = False
            peg_seats = self.peg_seats
            bit = 1 << seat
            for p in shape.pegs:
                mask = peg_seats.get(p)
                if mask is None or not mask & bit:
                    trial.pegs.append((p, mask))
                    peg_seats[p] = (mask or 0) | bit
            self.bands.append((seat, shape))
        self.bands_left[seat] -= 1
        outcome = self._settle(seat, shape, closed)
        self.last_outcome = outcome
        if trial is None and self.log is not UNLOGGED:
            self.log.append(LogLine(self._place_text(seat, action, outcome), seat))
        return outcome

    def _land_on_part(self, shelf: _BoardPart, seat: int, shape: BandShape) -> list | None:
        """:meth:`_own_board`, :meth:`_occupy` and the band appended, for a state still on the
        board part it was sampled on (nothing of the board copied yet): the board after the
        band (bands, peg owners, reach, payment caches, and the seat's listing brought up to
        it) is made once per part, seat and shape, by those steps on the first such state, and
        shared by the next ones, copy on write as a clone shares its board. So are the walls,
        with the band's sides already added (RTR-P4): the walls after and the regions they
        enclose (:meth:`_close_walls`) depend only on the part's walls and the shape, so they
        are worked out once too. Returns those regions, for
        :meth:`_settle` (None: the walls are left to it, when a module acts before collecting)."""
        key = (seat, shape.index)
        after = shelf.afters.get(key)
        closing = shelf.closings.get(key) if not self.game.hooks["before_collect"] else None
        if after is None:
            bit = 1 << seat
            new = [p for p in shape.pegs if not shelf.peg_seats.get(p, 0) & bit]
            self._own_board(seat)
            self._occupy(seat, shape)
            self.bands.append((seat, shape))
            game = self.game
            # the seat's listing after the band is made when a state lands the band again (most
            # bands below the root are played once): this state has its own (_occupy)
            listing = _LATER if shelf.reach[seat] is not None and game.rules.connect and not game.state_filters \
                else None
            shelf.afters[key] = (self.bands, self.peg_seats, self.reach, self._pay_fresh(), new, listing)
            # now shared with the part: copied before the next band, as a clone's
            self._board_shared = True
            self._owned_seats = 0
            self._pay_shared = True
            self._pegs_lent = False
            return self._close_on_part(shelf, key, seat, shape, closing)
        bands, pegs, reach, pay_cache, new, listing = after
        self.bands, self.peg_seats, self.reach = bands, pegs, reach
        self._pay_cache = pay_cache  # _pay_shared stays True
        self._pegs_lent = False
        if listing is _LATER:  # the part's listing of the seat brought up to the band, once
            listing = self._shelf_listing(shelf, seat, seat, shelf.reach[seat][0]).copy()
            listing.dirty.extend(new)
            listing.update(self, seat, reach[seat][0])
            listing.ats = {}  # lent, never changed
            shelf.afters[key] = (bands, pegs, reach, pay_cache, new, listing)
        if closing is not None:  # the walls after the band (shared: the next band copies them, as
            self.walls, regions = closing  # _board_shared stays True), and what they enclose
        else:
            walls = self.walls = list(self.walls)
            walls[seat] = walls[seat].copy()
            regions = self._close_on_part(shelf, key, seat, shape, closing)
        listings = self._listings
        if listing is not None:
            if listings is None:
                listings = self._listings = [None] * (2 * self.game.players)
            listings[seat] = listing
            self._lent |= 1 << seat
        elif listings and listings[seat]:  # as _occupy
            if self._lent >> seat & 1:
                listings[seat] = listings[seat].copy()
                self._lent &= ~(1 << seat)
            listings[seat].dirty.extend(new)
        return regions

    def _close_on_part(self, shelf: _BoardPart, key: tuple, seat: int, shape: BandShape, closing) -> list | None:
        """The first state of ``shelf`` landing ``key``'s band: its own walls closed by
        :meth:`_close_walls` and kept with the regions for the next states: the state's walls
        (every seat's), shared with them as its bands are (it copies them before its next band,
        :meth:`_own_board`). None (the walls left to :meth:`_settle`) when a module acts before
        collecting."""
        if closing is not None or self.game.hooks["before_collect"]:
            return None
        regions = self._close_walls(seat, shape)
        shelf.closings[key] = (self.walls, regions)
        return regions

    def _close_walls(self, seat: int, shape: BandShape) -> list[list[int]]:
        """Add ``shape``'s sides to the seat's walls (lasting, no journal); the regions they
        enclose (RTR-P4), in the order of the sides, the empty ones left out: what
        :meth:`_settle` works out side by side, for a band whose walls do not depend on the
        state (:meth:`_land_on_part`)."""
        walls = self.walls[seat]
        topo = self.game.topology
        closures = self.game.rules.closures
        regions = []
        for line in shape.sides:
            if walls.add(line) and closures:
                region = enclosed_side(topo, walls, line)
                if region:
                    regions.append(region)
        return regions

    def _pay(self, seat: int, payment) -> None:
        """Pay for a band (RTR-P7, RTR-P8; L6-5 energy tokens before collecting)."""
        energy_paid: set[str] | None = None  # made at the first energy card (Cursed Triangle)
        hands = self.hands
        hand = hands[seat]
        for card in payment:
            c = CINDEX[card.colour]
            hand[c] -= 1
            if card.to is None or card.energy:
                self._discard_card(seat, c)
                if card.energy and (energy_paid is None or card.peg not in energy_paid):
                    if energy_paid is None:
                        energy_paid = set()
                    energy_paid.add(card.peg)
                    self.energy[seat] -= 1
                    self.energy[card.to] += 1
            else:
                hands[card.to][c] += 1

    def _occupy(self, seat: int, shape: BandShape) -> None:
        """Put the seat's band on ``shape``'s pegs: peg owners, the payment caches of the
        shapes on newly held pegs (RTR-P7: cleared when next read, :meth:`_pay_fresh`) and the
        seat's reach (RTR-P6)."""
        bit = 1 << seat
        peg_seats = self.peg_seats
        new = []
        for p in shape.pegs:
            mask = peg_seats.get(p, 0)
            if not mask & bit:
                new.append(p)
                peg_seats[p] = mask | bit
        if new:
            stale = self._pay_stale
            if stale is None:
                self._pay_stale = list(new)
            else:
                stale.extend(new)
        listings = self._listings
        if listings and listings[seat]:  # the seat now pays nothing for these pegs
            if self._lent >> seat & 1:  # a board part's listing: this state's own copy first
                listings[seat] = listings[seat].copy()
                self._lent &= ~(1 << seat)
            listings[seat].dirty.extend(new)
        # shapes on pegs the seat already held are in its reach already
        self._extend_reach(seat, new)

    def _settle(self, seat: int, shape: BandShape, closed: list | None = None) -> PlaceOutcome:
        """A band just placed explores its interior (RTR-P2), closes regions (RTR-P4) and
        collects (RTR-P3); the modules add their rules. Returns what it did. ``closed``: the
        band's sides already added to the seat's walls and the regions they enclose, in order
        (:meth:`_close_walls`; None: worked out here)."""
        game = self.game
        topo = game.topology
        outcome = PlaceOutcome.of_band([])
        for m in game.hooks["before_collect"]:
            m.before_collect(self, seat, shape, outcome)
        for f in shape.interior:  # explore (RTR-P2)
            outcome.explored.append(f)
            self._control(seat, f, outcome)
        if closed is not None:  # the walls closed already: the same steps, region by region
            if closed:
                inside = set(shape.interior)
                controlled = self.controlled[seat]
                is_segment = topo.is_segment
                for region in closed:
                    site = [f for f in region if is_segment[f] and f not in inside and f not in self.collected]
                    fresh = [f for f in region if is_segment[f] and f not in inside and f not in controlled]
                    if fresh:
                        outcome.regions.append((list(region), site))
                    for f in fresh:
                        outcome.closed.append(f)
                        self._control(seat, f, outcome)
            self.add_score(seat, outcome.treasure)
            for m in game.hooks["after_place"]:
                m.after_place(self, seat, shape, outcome)
            return outcome
        walls = self.walls[seat]
        journal = None if self._trial is None else self._trial.walls
        if game.rules.closures:  # close (RTR-P4)
            interior: set[int] | None = None  # made when a side closes a region
            for line in shape.sides:
                if walls.add(line, journal):
                    region = enclosed_side(topo, walls, line)
                    if interior is None:
                        interior = set(shape.interior)
                    site = [f for f in region if topo.is_segment[f] and f not in interior and f not in self.collected]
                    fresh = [f for f in region if topo.is_segment[f] and f not in interior
                             and f not in self.controlled[seat]]
                    if fresh:
                        outcome.regions.append((region, site))
                    for f in fresh:
                        outcome.closed.append(f)
                        self._control(seat, f, outcome)
        else:
            for line in shape.sides:
                walls.add(line, journal)
        self.add_score(seat, outcome.treasure)
        for m in game.hooks["after_place"]:
            m.after_place(self, seat, shape, outcome)
        return outcome

    def _place_text(self, seat: int, action: Place, outcome: PlaceOutcome) -> str:
        text = f"{self.seat_name(seat)} places {action}"
        gains = []
        if outcome.treasure:
            gains.append(f"+{outcome.treasure} VP")
        if outcome.energy:
            gains.append(f"+{outcome.energy} energy")
        if outcome.closed:
            gains.append(f"closes {len(outcome.closed)} segment(s)")
        gains.extend(outcome.notes)
        if gains:
            text += ": " + ", ".join(gains)
        return text

    def _control(self, seat: int, face: int, outcome: PlaceOutcome) -> None:
        """Seat explores or closes ``face``: contents are collected once only (RTR-P3)."""
        topo = self.game.topology
        if not topo.is_segment[face]:
            return
        trial = self._trial
        if face not in self.controlled[seat]:
            self.controlled[seat].add(face)
            outcome.newly_controlled.append(face)
            if trial is not None:
                trial.controlled.append((seat, face))
        if face in self.collected:
            return
        self.collected[face] = seat
        if trial is not None:
            trial.collected.append(face)
        outcome.collected.append(face)
        outcome.treasure += topo.treasure[face]
        if topo.energy[face]:
            outcome.energy += self.take_energy(seat, topo.energy[face])

    # -- turns and the end ------------------------------------------------------------------
    def _end_condition_met(self) -> GameEnd | None:
        game = self.game
        limit = game.end_score
        if limit is not None and max(self.score) >= limit:
            return GameEnd.of(EndCode.SCORE, score=limit)
        if game.end_bands and min(self.bands_left) <= 0:
            return GameEnd.of(EndCode.BANDS_EXHAUSTED)
        for m in game.hooks["end_reason"]:
            reason = m.end_reason(self)
            if reason:
                return reason
        return None

    def _end_turn(self) -> None:
        n = self.game.players
        self.extra_bought = False
        self.actions_left = self.game.rules.actions_per_turn
        if self.seat == n - 1:  # the round is over (RTR-E1)
            end = self.game.end_rule
            reason = self.end_triggered or self._end_condition_met()
            if reason is None and "rounds" in end and self.round >= end["rounds"]:
                reason = GameEnd.of(EndCode.ROUNDS, rounds=end["rounds"])
            if reason is None and max(self.bands_left) <= 0:  # every seat's bands are used
                reason = GameEnd.of(EndCode.ALL_BANDS_USED)
            if reason is None and self.round >= self.game.rules.max_rounds:
                reason = GameEnd.of(EndCode.ROUND_LIMIT, limit=self.game.rules.max_rounds)
            if reason is not None:
                self._finish(reason)
                return
            self.round += 1
            self.seat = 0
        else:
            self.seat += 1

    def _finish(self, end: GameEnd) -> None:
        """Final scoring (:meth:`_final_scoring`); the game is over, as ``end`` says."""
        self._final_scoring()
        self.end = end
        self.end_reason = end.text
        self.final_done = True
        won = self.winners()
        self.log.append(f"game over: {end.text}; winner(s): " + (", ".join(self.seat_name(s) for s in won) or "nobody"))

    def _final_scoring(self) -> None:
        """The modules' energy rules, energy to VP (RTR-E2), then the modules' end-of-game
        points (RTR-E1). Changes only ``energy``, ``supply``, ``eliminated``, ``score`` and
        ``log`` (:meth:`projected_scores` relies on it)."""
        for m in self.game.hooks["before_final"]:
            m.before_final(self)
        rate = self.game.rules.energy_per_vp
        if rate > 0:
            for s in range(self.players):
                bonus = self.energy[s] // rate
                if bonus and s not in self.eliminated:
                    self.add_score(s, bonus)
                    self.log.append(LogLine(f"{self.seat_name(s)} scores {bonus} VP for {self.energy[s]} unused energy",
                                            s))
        for m in self.game.hooks["final_scoring"]:
            m.final_scoring(self)

    # -- copies, records, observations ------------------------------------------------------
    def clone(self) -> "RealmState":
        if self._pay_stale is not None:  # shared below: brought up to date first
            self._pay_fresh()
        s = self._copy_record()
        if self.log is UNLOGGED:  # a sampled state's clone keeps no log either
            s.log = UNLOGGED
        s._rng = self._rng  # shared until one side shuffles (see rng)
        s._rng_lazy = self._rng_lazy = True
        # bands, peg owners, reach and walls: shared until one side places a band (_own_board)
        s.bands = self.bands
        s.peg_seats = self.peg_seats
        s.reach = self.reach
        s.walls = self.walls
        s._board_shared = self._board_shared = True
        s._owned_seats = self._owned_seats = 0
        # entries are pure functions of (seat, shape, peg_seats on its pegs): share the lists
        # until one side writes (see _pay_fresh)
        s._pay_cache = self._pay_cache
        s._pay_shared = self._pay_shared = True
        return s

    def to_dict(self) -> dict:
        """A JSON-able record that replays to this state: game, players, seed, scenario and
        board ids, and the actions played."""
        game = self.game
        return {
            "game": "realm",
            "scenario": game.scenario.id if game.scenario else None,
            "board": game.board.id,
            "players": game.players,
            "seed": self.seed,
            "actions": [a.to_dict() for a in self.history],
        }

    def snapshot(self) -> dict:
        """Every field of the state as plain data (for equality checks in tests): the declared
        record, the generator's state, the bands as ``(seat, kind, pegs)`` and the lines each
        seat's walls cover."""
        out = self._snapshot_record()
        out["rng"] = self.rng.getstate()
        out["bands"] = [(s, sh.kind, sh.pegs) for s, sh in self.bands]
        out["walls"] = [sorted(w.covered) for w in self.walls]
        return out

    def observation(self, seat: int) -> dict:
        """What ``seat`` may see: every ``view="public"`` field of the record as it is (pool,
        discard piles, energy, scores, ...), and in their own way its own hand, everyone's hand
        size, deck and set-aside sizes, the bands on the board and the collected segments. Not
        the deck order nor other hands."""
        return {
            "seat": seat,
            "players": self.players,
            "to_move": self.current_player,
            **self._public_view(),
            "hand": list(self.hands[seat]),
            "hand_sizes": [sum(h) for h in self.hands],
            "deck_size": len(self.deck),
            "deck_sizes": [len(d) for d in self.decks],
            "set_aside_size": len(self.set_aside),
            "pending": [list(p) for p in self.pending],
            "bands": [[s, sh.kind, list(sh.pegs)] for s, sh in self.bands],
            "collected": {str(k): v for k, v in self.collected.items()},
        }

    @classmethod
    def from_observation(cls, game: RealmGame, obs: dict, rng: random.Random) -> "RealmState":
        """A state consistent with ``obs``: the cards that seat cannot see are shuffled and
        dealt to the other hands and the deck."""
        s = cls(game, 0, _empty=True)
        me = obs["seat"]
        n = game.players
        s._rng = rng.random()  # the seed of its generator, made when first used (see rng)
        s._rng_lazy = True
        unseen = [game.rules.cards_per_colour] * NCOL
        for c in range(NCOL):
            unseen[c] -= obs["hand"][c]
        for c in obs["pool"] + obs["discard"] + [c for d in obs["discards"] for c in d]:
            unseen[c] -= 1
        hidden = [c for c in range(NCOL) for _ in range(max(0, unseen[c]))]
        shuffler(rng)(rng, hidden)  # rng.shuffle's draws, written out
        s.hands = [[0] * NCOL for _ in range(n)]
        s.hands[me] = list(obs["hand"])
        for other in range(n):
            if other == me:
                continue
            for _ in range(obs["hand_sizes"][other]):
                if hidden:
                    s.hands[other][hidden.pop()] += 1
        s.decks = []
        for size in obs["deck_sizes"]:
            s.decks.append([hidden.pop() for _ in range(min(size, len(hidden)))])
        s.set_aside = [hidden.pop() for _ in range(min(obs["set_aside_size"], len(hidden)))]
        s.deck = hidden
        s.pending = [tuple(p) for p in obs["pending"]]
        s._set_board(game.board_of(obs["bands"]))
        s.collected = {int(k): v for k, v in obs["collected"].items()}
        s.seat = obs["to_move"] if obs["to_move"] is not None else 0
        s._read_public(obs)  # pool, discard piles, energy, scores, ... (view="public")
        s.final_done = obs["end_reason"] is not None
        s.log = []
        return s

    def __repr__(self) -> str:
        return (f"<RealmState round {self.round} seat {self.seat + 1} actions_left {self.actions_left} "
                f"scores {self.score}{' over' if self.end_reason else ''}>")


class RealmSampler:
    """States consistent with one observation, many of them (a search's determinisations):
    :meth:`RealmState.from_observation` with the unseen cards counted, the board looked up and
    the played bands read once, and the deal shuffled by :func:`studio.rules.shuffle.shuffler`
    (the same draws as ``rng.shuffle``), so the same generator gives the same states
    (tests/rivages/test_sampler.py), but for the log: a dealt state and its clones keep none
    (:data:`UNLOGGED`). ``obs`` must not change meanwhile."""

    def __init__(self, game: RealmGame, obs: dict):
        self.game = game
        self.obs = obs
        unseen = [game.rules.cards_per_colour] * NCOL
        for c in range(NCOL):
            unseen[c] -= obs["hand"][c]
        for c in obs["pool"] + obs["discard"] + [c for d in obs["discards"] for c in d]:
            unseen[c] -= 1
        self.hidden = [c for c in range(NCOL) for _ in range(max(0, unseen[c]))]
        self.board = game.board_of(obs["bands"])
        self.pending = [tuple(p) for p in obs["pending"]]
        self.collected = {int(k): v for k, v in obs["collected"].items()}
        # the public fields as _read_public takes them, sets made once (each state copies them)
        self.public = dict(obs)
        self.public["eliminated"] = set(obs["eliminated"])
        self.public["controlled"] = [set(c) for c in obs["controlled"]]
        self.players = n = game.players
        self.me = me = obs["seat"]
        self.dealt = [(other, obs["hand_sizes"][other]) for other in range(n) if other != me]
        self.dealt_decks = obs["deck_sizes"]
        self.piles = any(obs["deck_sizes"]) or obs["set_aside_size"] > 0
        self.to_move = obs["to_move"] if obs["to_move"] is not None else 0
        self.final_done = obs["end_reason"] is not None
        self.copy_extra = plain_copier(obs["extra"])

    def __call__(self, rng: random.Random) -> "RealmState":
        obs = self.obs
        s = _new_state(RealmState)  # RealmState(game, 0, _empty=True), without the call
        s.game = self.game
        s.seed = 0
        s.history = []
        s._rng = rng.random()  # the seed of its generator, made when first used (see rng)
        s._rng_lazy = True
        hidden = list(self.hidden)
        shuffler(rng)(rng, hidden)
        # dealt from the end of the shuffled cards, as from_observation pops them: a hand is
        # counts (its cards' order is lost), a pile is the popped cards in order
        hands: list = [None] * self.players
        hands[self.me] = list(obs["hand"])
        for other, size in self.dealt:
            hand = [0] * NCOL
            k = min(size, len(hidden))
            if k:
                for c in hidden[-k:]:
                    hand[c] += 1
                del hidden[-k:]
            hands[other] = hand
        s.hands = hands
        if self.piles:
            s.decks = [_popped(hidden, size) for size in obs["deck_sizes"]]
            s.set_aside = _popped(hidden, obs["set_aside_size"])
        else:  # no personal decks nor cards set aside: nothing to deal there
            s.decks = [[] for _ in self.dealt_decks]
            s.set_aside = []
        s.deck = hidden
        s.pending = list(self.pending)
        s._set_board(self.board)
        s.collected = dict(self.collected)
        s.seat = self.to_move
        public = self.public
        s._read_dealt(public)  # pool, discard piles, energy, scores, ... (view="public")
        s.extra = self.copy_extra(public["extra"])  # as _read_public copies it
        s.final_done = self.final_done
        s.log = UNLOGGED  # a search reads no determinisation's log
        return s


_new_state = object.__new__
_LATER = object()  # a board part's listing after a band, made when first lent (_land_on_part)


def _popped(hidden: list, size: int) -> list:
    """``[hidden.pop() for _ in range(min(size, len(hidden)))]``, in one slice."""
    k = min(size, len(hidden))
    if not k:
        return []
    got = hidden[-k:]
    got.reverse()
    del hidden[-k:]
    return got


class BandPreviewer:
    """Previews of the bands of one position (:meth:`RealmState.previewer`): ``preview(band)``
    is :meth:`RealmState.preview`, with what every band of the position shares read once
    (whose turn, the seat's segments and walls, the scores as the game would end now, whether
    the band may end the round). A band is worked out from its effects without playing it when
    no module acts on it and it cannot end the game (:meth:`_direct`); else it is played on the
    state and taken back. Valid while the state does not change (its previews aside)."""

    __slots__ = ("state", "seat", "direct", "caches", "interior", "treasure_of", "energy_of", "collected", "mine",
                 "walls", "quiet", "last", "base", "rate", "eliminated", "supply", "score", "energy", "n",
                 "final_reads", "needs", "acting", "project", "fixed", "memo")

    def __init__(self, state: RealmState, projected: bool = True, memo: "BandMemo | None" = None) -> None:
        game = state.game
        self.state = state
        self.project = projected
        self.seat = seat = state.seat
        self.n = n = game.players
        self.direct = game.direct_preview and not state.pending and state.end_reason is None
        self.caches = game.caches
        self.interior = game.interior_segments
        topo = game.topology
        self.treasure_of, self.energy_of = topo.treasure, topo.energy
        self.collected = state.collected
        self.mine = state.controlled[seat]
        self.walls = state.walls[seat] if self.direct and game.rules.closures else None
        self.quiet = game.hooks["after_place"]
        self.acting = game.hooks["preview_place"]  # modules that preview what they do (see _direct)
        # the last seat's last action may end the round, and so the game (see _round_may_end)
        self.last = seat == n - 1 and state.actions_left <= 1
        self.rate = game.rules.energy_per_vp
        self.eliminated = state.eliminated
        self.supply = state.supply
        self.score, self.energy = state.score, state.energy
        self.final_reads = game.final_reads_state
        self.needs = bool(game.hooks["energy_needed"])  # else energy_needed is 0 for every seat
        # the scores as the game would end now: a band that gains nothing leaves them so
        self.base = None if self.final_reads or not self.direct else \
            _energy_projection(state.score, state.energy, state.eliminated, self.rate)
        # the points the modules' final scoring adds now and the faces it reads, and the
        # energy each seat needs, when every module acting at the end can say
        # (RealmModule.final_points, RealmModule.projects_on_lists): a band collecting none of
        # those faces is projected on plain lists, not by scoring the end on the state
        self.fixed = None
        hooks = game.hooks
        if self.final_reads and self.direct and projected and game.plain_projection \
                and all(m.projects_on_lists for m in hooks["before_final"] + hooks["energy_needed"]) \
                and all(m in hooks["final_points"] for m in hooks["final_scoring"]):
            points, faces = [0] * n, frozenset[int]()
            for m in hooks["final_scoring"]:
                found = m.final_points(state)
                if found is None:
                    break
                points = [a + b for a, b in zip(points, found[0])]
                faces = faces | found[1]
            else:
                self.fixed = (points, faces, [state.energy_needed(s) for s in range(n)], hooks["before_final"])
        # a memo serves where the projection is energy to VP alone (self.base), as _finish_direct
        # then reads only the band's treasure, energy and outcome (for the modules' quiet)
        self.memo = memo if memo is not None and self.base is not None and projected and memo.sync(self) else None

    def preview(self, action: Place) -> PlacePreview:
        """See :meth:`RealmState.preview` (the same errors)."""
        if not isinstance(action, Place):
            raise TypeError(f"preview takes a band (Place), got {type(action).__name__}")
        state = self.state
        if state._trial is not None:
            raise RuntimeError("a preview is already under way on this state")
        if self.direct:
            band = action.__dict__.get("_band")
            if band is not None and band[0] is self.caches:
                shape = band[1]  # listed by this game: its default payment, no energy token
            else:
                for card in action.payment:
                    if card.energy:
                        return state._played_preview(action, self.project)  # L6-5 energy payments (rare)
                shape = state._shape_of(action)
            found = self._direct(shape)
            if found is not None:
                return found
        return state._played_preview(action, self.project)

    __call__ = preview

    def _plain_projected(self, action: Place, seat: int) -> float:
        return self._projected_of(self.preview(action), seat)

    @staticmethod
    def _projected_of(preview: PlacePreview, seat: int) -> float:
        projected = preview.projected
        assert projected is not None, "a previewer made with projected=False has no projections"
        return projected[seat]

    def projected(self, action: Place) -> float:
        """``preview(action).projected[seat]`` for the seat to move: its score if the game
        ended right after the band (``-inf``: eliminated). With a :class:`BandMemo`, a band
        listed by this game is worked out from what it did in an earlier position of the memo
        (its treasure and energy, :meth:`_gains`, and its outcome where a module reads it) when nothing it read has
        changed, and without building the preview; the rest (the modules' ``quiet``, the
        round's end, the projection) is done again. Equal to ``preview`` either way
        (tests/rules/test_preview.py). The same errors as :meth:`preview`."""
        memo = self.memo
        if memo is None or memo.owner is not self:
            return self._plain_projected(action, self.seat)
        band = action.__dict__.get("_band") if isinstance(action, Place) else None
        if band is None or band[0] is not self.caches or self.state._trial is not None:
            return self._plain_projected(action, self.seat)  # energy payments, errors: the plain way
        found = self._memo_projected(memo, band[1], action)
        assert found is not None  # (with the band at hand, never None)
        return found

    def projected_listed(self, shape: BandShape) -> float | None:
        """:meth:`projected` of the band this game lists on ``shape`` for the seat to move (its
        default payment, as :meth:`RealmState.legal_actions` builds it), without the band: from
        the :class:`BandMemo`. None when that takes the band itself (no memo in use, a module
        acts on the band, a preview under way): then ``projected(band)``."""
        memo = self.memo
        if memo is None or memo.owner is not self or self.state._trial is not None:
            return None
        return self._memo_projected(memo, shape, None)

    def _memo_projected(self, memo: "BandMemo", shape: BandShape, action: Place | None) -> float | None:
        """:meth:`projected` of the listed band on ``shape`` (``action``, or None: see
        :meth:`projected_listed`) through ``memo``, which is in use."""
        seat = self.seat
        entry = memo.entries.get(shape.index)
        if entry is None or entry[5] != memo.epoch or \
                (self.supply != entry[3] and (entry[1] != entry[2] or self.supply < entry[2])):
            entry = memo.entry(self, shape)
        treasure, gained = entry[4], entry[1]
        state = self.state
        outcome = None  # built from the entry for a module whose quiet reads it
        for m in self.quiet:
            if outcome is None and m.quiet_reads_outcome:
                outcome = memo.outcome(self, shape, entry)
            if not m.quiet(state, seat, shape, outcome):  # a module acts on the band
                if action is None:
                    return None
                return self._projected_of(self._from_effects(action, shape, memo, entry), seat)
        score = self.score[seat]
        if treasure:
            score = max(0, score + treasure)
        energy = self.energy[seat] + gained
        if self.last and state.game.hooks["end_reason"]:
            scores, energies = list(self.score), list(self.energy)
            scores[seat], energies[seat] = score, energy
            if state._round_may_end(seat, scores, energies):  # a module's end rule has a say
                if action is None:
                    return None
                return self._projected_of(self._from_effects(action, shape, memo, entry), seat)
        # (a band that ends the game by the base end rules is scored as below: energy to VP is
        # the whole final scoring, the same for the seat as the projection; see _finish_direct)
        if seat in self.eliminated:
            return float("-inf")
        rate = self.rate
        if rate > 0 and energy >= rate:  # energy to VP (RTR-E2, RTR-S7), as _energy_projection
            return float(max(0, score + energy // rate))
        return float(score)

    def _from_effects(self, action: Place, shape: BandShape, memo: "BandMemo", entry: list) -> PlacePreview:
        """:meth:`preview` of ``action`` from a :class:`BandMemo` entry that holds here."""
        outcome = memo.outcome(self, shape, entry)
        found = self._finish_direct(shape, outcome, entry[4], entry[1], self.supply - entry[1],
                                    list(outcome.collected), set(outcome.newly_controlled))
        return found if found is not None else self.state._played_preview(action, self.project)

    def _direct(self, shape: BandShape) -> PlacePreview | None:
        """The preview of a band on ``shape`` paid with cards, worked out from its effects
        (:meth:`_effects`), then the projected scores. None when it cannot be done this way: a
        module would act on the band (see :meth:`RealmModule.quiet`), or the band may end the
        turn of the last seat, and so perhaps the game."""
        outcome, treasure, gained, supply, got, held = self._effects(shape)
        return self._finish_direct(shape, outcome, treasure, gained, supply, got, held)

    def _effects(self, shape: BandShape) -> tuple:
        """What a band on ``shape`` does under the base rules: explores (RTR-P2), closes
        (RTR-P4, on the seat's walls, taken back) and collects (RTR-P3), as ``(outcome,
        treasure, energy gained, supply left, faces collected, faces newly controlled)``."""
        collected = self.collected
        mine = self.mine
        outcome = PlaceOutcome.of_band(list(shape.interior))
        newly = outcome.newly_controlled
        taken = outcome.collected
        treasure_of, energy_of = self.treasure_of, self.energy_of
        treasure = gained = 0
        supply = self.supply
        got: list[int] = []      # faces this band collects
        held: set[int] = set()   # faces this band newly controls
        for f in self.interior[shape.index]:  # explore (RTR-P2), collect (RTR-P3)
            if f not in mine and f not in held:
                held.add(f)
                newly.append(f)
            if f in collected or f in got:
                continue
            got.append(f)
            taken.append(f)
            treasure += treasure_of[f]
            if energy_of[f]:
                amount = min(energy_of[f], supply)
                supply -= amount
                gained += amount
        regions = self._regions(shape)  # close (RTR-P4), on the seat's walls, taken back
        if regions:
            for region, faces in regions:
                fresh = [f for f in faces if f not in mine and f not in held]
                if fresh:
                    outcome.regions.append((list(region), [f for f in faces if f not in collected and f not in got]))
                for f in fresh:
                    outcome.closed.append(f)
                    held.add(f)
                    newly.append(f)
                    if f in collected or f in got:
                        continue
                    got.append(f)
                    taken.append(f)
                    treasure += treasure_of[f]
                    if energy_of[f]:
                        amount = min(energy_of[f], supply)
                        supply -= amount
                        gained += amount
        outcome.treasure = treasure
        outcome.energy = gained
        return outcome, treasure, gained, supply, got, held

    def _regions(self, shape: BandShape) -> list | None:
        """The regions a band on ``shape`` would close on the seat's walls (RTR-P4;
        :meth:`RealmState._closing_regions`, remembered by the walls); None or [] for none
        (None too without walls: closing off)."""
        walls = self.walls
        if walls is None:
            return None
        regions = walls.memo.get(shape.index)
        if regions is None:
            sides = shape.sides
            if len(sides) > 1 or (sides[0] not in walls.covered
                                  and walls._root(sides[0][0]) == walls._root(sides[0][1])):
                regions = self.state._closing_regions(walls, shape)
        return regions

    def _gains(self, shape: BandShape) -> tuple:
        """The treasure and energy a band on ``shape`` takes as :meth:`_effects` works them
        out, without its outcome (a :class:`BandMemo` keeps these): ``(treasure, energy
        gained, supply left, the regions it would close)``."""
        collected, mine = self.collected, self.mine
        treasure_of, energy_of = self.treasure_of, self.energy_of
        treasure = gained = 0
        supply = self.supply
        got: set[int] = set()    # faces this band collects
        held: set[int] = set()   # faces this band newly controls
        for f in self.interior[shape.index]:  # explore (RTR-P2), collect (RTR-P3)
            if f not in mine:
                held.add(f)
            if f in collected or f in got:
                continue
            got.add(f)
            treasure += treasure_of[f]
            if energy_of[f]:
                amount = min(energy_of[f], supply)
                supply -= amount
                gained += amount
        regions = self._regions(shape)
        if regions:  # close (RTR-P4): the segments no band of the seat holds yet
            for _region, faces in regions:
                for f in faces:
                    if f in mine or f in held:
                        continue
                    held.add(f)
                    if f in collected or f in got:
                        continue
                    got.add(f)
                    treasure += treasure_of[f]
                    if energy_of[f]:
                        amount = min(energy_of[f], supply)
                        supply -= amount
                        gained += amount
        return treasure, gained, supply, regions

    def _finish_direct(self, shape: BandShape, outcome: PlaceOutcome, treasure: int, gained: int, supply: int,
                       got: list[int], held: set[int]) -> PlacePreview | None:
        """The rest of :meth:`_direct` from the band's effects: the modules, the round's end and
        the projected scores."""
        seat = self.seat
        collected, mine = self.collected, self.mine
        state = self.state
        score = list(self.score)
        if treasure:
            score[seat] = max(0, score[seat] + treasure)
        acted = False  # a module changed the scores (preview_place)
        for m in self.quiet:
            if not m.quiet(state, seat, shape, outcome):
                if m not in self.acting or not m.preview_place(state, seat, shape, outcome, score):
                    return None
                acted = True
        energy = list(self.energy)
        energy[seat] += gained
        base = self.base
        if self.last and state._round_may_end(seat, score, energy):
            # the game may end after this band: worked out when only the base end rules
            # decide and score it, else played, so it is scored as it ends
            ends = None if base is None else state._band_ends_game(seat, score, energy)
            if ends is None:
                return None
            if ends:  # final scoring: energy to VP (RTR-E2, RTR-S7), as _final_scoring does
                rate, eliminated = self.rate, self.eliminated
                if rate > 0:
                    for s in range(self.n):
                        bonus = energy[s] // rate
                        if bonus and s not in eliminated:
                            score[s] = max(0, score[s] + bonus)
                if not self.project:
                    return PlacePreview(outcome, None, score, energy, None, True)
                projected = [float("-inf") if s in eliminated else float(v) for s, v in enumerate(score)]
                return PlacePreview(outcome, projected, score, energy, [0] * self.n, True)
        if not self.project:
            return PlacePreview(outcome, None, score, energy, None, False)
        if base is not None:  # energy to VP (RTR-E2) is the whole final scoring
            if acted:
                projected = _energy_projection(score, energy, self.eliminated, self.rate)
                return PlacePreview(outcome, projected, score, energy, [0] * self.n, False)
            projected = list(base)
            if treasure or gained:  # as _energy_projection, for the seat that changed
                rate = self.rate
                value = float(score[seat])
                if rate > 0 and energy[seat] >= rate:
                    value = float(max(0, score[seat] + energy[seat] // rate))
                projected[seat] = float("-inf") if seat in self.eliminated else value
            return PlacePreview(outcome, projected, score, energy, [0] * self.n, False)
        fixed = self.fixed
        if fixed is not None and fixed[1].isdisjoint(got):  # as projected_scores would score it
            final, left, out = list(score), list(energy), set(self.eliminated)
            for m in fixed[3]:
                m.project_before_final(state, final, left, out)
            rate = self.rate
            if rate > 0:  # RTR-E2, RTR-S7
                for s, e in enumerate(left):
                    if e >= rate and s not in out:
                        final[s] = max(0, final[s] + e // rate)
            projected = [float("-inf") if s in out else float(max(0, v + p) if p else v)
                         for s, (v, p) in enumerate(zip(final, fixed[0]))]
            return PlacePreview(outcome, projected, score, energy, list(fixed[2]), False)
        saved = (list(state.energy), list(state.score), state.supply)
        state.energy[:], state.score[:], state.supply = energy, score, supply
        for f in got:
            collected[f] = seat
        mine.update(held)
        try:
            projected = state.projected_scores()
            needed = [state.energy_needed(s) for s in range(self.n)] if self.needs else [0] * self.n
        finally:
            state.energy[:], state.score[:], state.supply = saved
            for f in got:
                del collected[f]
            mine.difference_update(held)
        return PlacePreview(outcome, projected, score, energy, needed, False)


class BandMemo:
    """What bands of one seat did in earlier positions, for :meth:`BandPreviewer.projected`
    in later ones (``state.previewer(memo=...)``): per band shape, its treasure and energy
    under the base rules (:meth:`BandPreviewer._gains`), and its outcome
    (:meth:`BandPreviewer._effects`) once a module asks for it. An entry holds while what it
    read is unchanged:

    * the regions its band would close on the seat's walls (RTR-P4): on the same
      :class:`Walls` at the same ``version`` they are the same; when the walls change (the
      seat's own band), an entry made on other walls holds when the band's regions on these
      walls, found when it is next read (:meth:`RealmState._closing_regions`, remembered by
      the walls, so often kept by :meth:`Walls.extend_keeping` without a search), equal the
      ones it was made with: none, or the very same regions and segments;
    * the faces it read (the band's segments and those of the regions it would close): who
      collected each and whether the seat controls it (a change drops the entries that read
      that face);
    * the energy supply: an entry that took all the energy it found holds while the supply
      covers it, else only for the same supply.

    Any position of any game may follow any other: what changed is found by comparing, not
    assumed from the actions between. One memo per caller and seat; a previewer uses it only
    while it is the memo's latest (``owner``)."""

    __slots__ = ("game", "seat", "walls", "version", "epoch", "collected", "mine", "entries", "by_face", "owner",
                 "inside")

    def __init__(self) -> None:
        self.game: RealmGame | None = None
        self.walls: Walls | None = None
        self.owner: BandPreviewer | None = None
        self.seat = self.version = -1
        self.epoch = 0  # counts the walls seen; an entry made at another epoch is checked
        self.collected: dict = {}
        self.mine: set = set()
        # shape index -> [outcome as tuples (None until asked for), energy gained, energy found,
        # supply then, treasure, epoch, the regions its band closed then: falsy for none]
        self.entries: dict[int, list] = {}
        # face -> shape indices of entries whose regions read it (an entry read again on other
        # walls keeps its regions, so these stay watched)
        self.by_face: dict[int, set[int]] = {}
        self.inside: list[list[int]] = []  # per face, the shapes whose segments include it

    def sync(self, previewer: "BandPreviewer") -> bool:
        """Drop what the position of ``previewer`` changed and make it the owner. True."""
        state = previewer.state
        walls = previewer.walls
        version = walls.version if walls is not None else 0
        collected, mine = state.collected, previewer.mine
        entries = self.entries
        game = state.game
        if self.game is not game or self.seat != previewer.seat:
            entries.clear()
            self.by_face.clear()
            self.game, self.seat = game, previewer.seat
            self.inside = _bands_inside(game)
        if self.walls is not walls or self.version != version:
            # other walls: each entry's regions are checked when it is next read (entry)
            self.walls, self.version = walls, version
            self.epoch += 1
        changed: list = []
        snap = self.collected
        if collected != snap:
            if entries:
                changed = [f for f, s in collected.items() if snap.get(f) != s]
                if len(snap) + len(changed) != len(collected):  # a face left (none do in the base rules)
                    changed += [f for f in snap if f not in collected]
            self.collected = dict(collected)
        if mine != self.mine:
            if entries:
                changed += mine ^ self.mine
            self.mine = set(mine)
        if changed:
            by_face, inside = self.by_face, self.inside
            for f in changed:
                for i in inside[f]:
                    entries.pop(i, None)
                if f in by_face:
                    for i in by_face.pop(f):
                        entries.pop(i, None)
        self.owner = previewer
        return True

    def entry(self, previewer: "BandPreviewer", shape: BandShape) -> list:
        """The kept entry of ``shape`` when it holds in ``previewer``'s position, else worked
        out there and kept."""
        entry = self.entries.get(shape.index)
        if entry is not None:
            supply = previewer.supply
            if supply == entry[3] or (entry[1] == entry[2] and supply >= entry[2]):
                if entry[5] == self.epoch:
                    return entry
                # made on other walls: holds when its band closes the same regions on these
                # (found as _effects finds them, and then remembered by the walls for it)
                regions = previewer._regions(shape)
                then = entry[6]
                if (not regions and not then) or (regions and then and (regions is then or regions == then)):
                    entry[5], entry[6] = self.epoch, regions
                    return entry
        treasure, gained, left, regions = previewer._gains(shape)
        # the energy found: what it gained unless the supply ran out (then the same supply only);
        # the outcome is made when first asked for (outcome)
        entry = self.entries[shape.index] = [None, gained, gained if left > 0 else -1, previewer.supply, treasure,
                                             self.epoch, regions]
        if regions:  # the segments of its regions were read too: dropped when one changes
            i = shape.index
            by_face = self.by_face
            for _region, faces in regions:
                for f in faces:
                    watch = by_face.get(f)
                    if watch is None:
                        by_face[f] = {i}
                    else:
                        watch.add(i)
        return entry

    def outcome(self, previewer: "BandPreviewer", shape: BandShape, entry: list) -> PlaceOutcome:
        """The :class:`PlaceOutcome` of the band on ``shape`` whose ``entry`` holds in
        ``previewer``'s position (a new one): worked out there the first time (what the band
        did then is what it does now) and kept with the entry, as tuples."""
        frozen = entry[0]
        if frozen is None:
            outcome = previewer._effects(shape)[0]
            # as tuples: kept across decisions, so left out of the garbage collector's work
            frozen = entry[0] = (tuple(outcome.explored), tuple(outcome.closed), tuple(outcome.collected),
                                 tuple(outcome.newly_controlled),
                                 tuple((tuple(region), tuple(site)) for region, site in outcome.regions)
                                 if outcome.regions else ())
        return _thaw(entry)


def _thaw(entry: list) -> PlaceOutcome:
    """The :class:`PlaceOutcome` of a :class:`BandMemo` entry (new lists)."""
    explored, closed, collected, newly, regions = entry[0]
    outcome = PlaceOutcome.of_band(list(explored))
    outcome.closed, outcome.collected, outcome.newly_controlled = list(closed), list(collected), list(newly)
    outcome.regions = [(list(region), list(site)) for region, site in regions]
    outcome.treasure, outcome.energy = entry[4], entry[1]
    return outcome


def _bands_inside(game: RealmGame) -> list[list[int]]:
    """Per face, the band shapes whose segments include it (indices), once per game."""
    found = _BANDS_INSIDE.get(game)
    if found is None:
        found = [[] for _ in game.topology.faces]
        for i, faces in enumerate(game.interior_segments):
            for f in faces:
                found[f].append(i)
        _BANDS_INSIDE[game] = found
    return found


_NO_FACES: frozenset[int] = frozenset()

_BANDS_INSIDE: "weakref.WeakKeyDictionary[RealmGame, list]" = weakref.WeakKeyDictionary()


RealmState._copy_record = derive_copy(RealmState, "_copy_record")
RealmState._snapshot_record = derive_snapshot(RealmState, "_snapshot_record")
RealmState._public_view = derive_view(RealmState, "_public_view")
RealmState._read_public = derive_read(RealmState, "_read_public")
# the same but ``extra``, which a sampler copies by its shape (RealmSampler)
RealmState._read_dealt = derive_read(RealmState, "_read_dealt", skip=("extra",))


def _energy_projection(score, energy, eliminated, rate: int) -> list[float]:
    """Scores after converting unused energy to VP (RTR-E2, never below 0: RTR-S7); ``-inf``
    for an eliminated seat. The whole final scoring when no module adds to it."""
    out = [float(v) for v in score]
    if rate > 0:
        for s, e in enumerate(energy):
            if e >= rate:
                out[s] = float(max(0, score[s] + e // rate))
    for s in eliminated:
        out[s] = float("-inf")
    return out


def _payment_plan(colours: tuple, hand) -> tuple | None:
    """How :meth:`RealmState._default_payment` pays for pegs of these colours (in band order)
    from ``hand``: per peg the colour index of a single matching card, or ``NCOL + c`` for a
    pair of colour ``c`` (the most plentiful colour left, first in COLOURS order on ties,
    RTR-P8). None if the hand cannot pay."""
    if not colours:
        return ()
    if len(colours) == 1:  # most bands pay for one peg: the same plan without the loops
        c = colours[0]
        if hand[c] > 0:
            return colours
        most = max(hand)
        return None if most < 2 else (NCOL + hand.index(most),)
    left = list(hand)
    plan = []
    jokers = []
    for i, c in enumerate(colours):
        if left[c] > 0:
            left[c] -= 1
            plan.append(c)
        else:
            plan.append(-1)
            jokers.append(i)
    for i in jokers:
        c = left.index(max(left))
        if left[c] < 2:
            return None
        left[c] -= 2
        plan[i] = NCOL + c
    return tuple(plan)


_deep_copy_plain = copy_plain


def _pay_entry_for(game: "RealmGame", peg_seats: dict, seat: int, shape: BandShape) -> tuple:
    """``(colours, recipients, places)`` for ``shape`` with the bands ``peg_seats`` (peg ->
    mask of seats): the number of the sequence of colours of the pegs the seat must pay for
    (in band order), those pegs with the seat each card goes to (RTR-P7), and a dict plan id
    -> Place filled as plans are met (-1, the plan of a hand that cannot pay: False). Valid
    until a band lands on one of the shape's pegs; shared by every state (and game) with the
    same shape and recipients."""
    get = peg_seats.get
    owners_after = game.owners_after[seat]
    bit = 1 << seat
    parts: list = [shape.index]
    for p in shape.pegs:
        mask = get(p, 0)
        if not mask & bit:
            owners = owners_after[mask]
            parts.append((p, owners[0] if owners else None))
    key = tuple(parts)
    entries = game.caches.pay_entries
    entry = entries.get(key)
    if entry is None:
        if len(entries) > 32768:  # keep memory flat over long batches (about 20 MB)
            entries.clear()
        colour = game.peg_colour
        entry = entries[key] = (game.caches.colour_id(tuple(colour[p] for p, _ in key[1:])), key[1:], {-1: False})
    return entry


def _place_from_plan(caches: PlayCaches, shape: BandShape, recipients: tuple, plan: tuple) -> Place:
    """The ``Place`` of ``shape`` paid by ``plan`` (see :func:`_payment_plan`), cards to
    ``recipients`` (pegs to pay with the seat each card goes to)."""
    card = caches.card
    pay = []
    for (p, to), code in zip(recipients, plan):
        if code < NCOL:
            pay.append(card(p, code, to))
        else:  # a pair of one colour pays for any peg (RTR-P8)
            joker = card(p, code - NCOL, to)
            pay.append(joker)
            pay.append(joker)
    if len(pay) > 1:
        pay.sort(key=payment_order)
    place = Place.trusted(shape.pegs, tuple(pay), shape.kind)
    # the band's shape, for the game whose caches built it: no look-up by pegs when it is
    # played or previewed (never pickled, see Place.__getstate__)
    place.__dict__["_band"] = (caches, shape)
    return place
