"""Rule the Realm actions: frozen, hashable, printable, JSON round-trippable.

Seats are 0-based indices in seat order (seat 0 plays first, RTR-S2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from studio.geometry.bands import canonical_band

DECK = "deck"


@dataclass(frozen=True, order=True)
class Draw:
    """Draw action (RTR-T2): ``sources`` has one entry per card, each ``"deck"`` or the colour of
    a pool card; kept sorted, so ``Draw(("blue", "deck"))`` is the one way to write it."""

    sources: tuple[str, ...]

    def __post_init__(self):
        object.__setattr__(self, "sources", tuple(sorted(self.sources, key=lambda s: (s == DECK, s))))

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_canon", None)  # the engine's note that it listed this very object (per game, per process)
        return state

    def __str__(self) -> str:
        return "draw " + " + ".join(self.sources)

    def to_dict(self) -> dict:
        return {"type": "draw", "sources": list(self.sources)}


@dataclass(frozen=True, order=True)
class CardPayment:
    """One card paid for a peg (RTR-P7, RTR-P8): its colour and who gets it (a seat index, or
    None for the discard pile). With ``energy`` (Cursed Triangle, L6-5) the card goes to the
    payer's own discard pile and one energy token goes to seat ``to`` instead."""

    peg: str
    colour: str
    to: int | None = None
    energy: bool = False

    def __str__(self) -> str:
        dest = "discard" if self.to is None else f"seat {self.to + 1}"
        if self.energy and self.to is not None:  # energy always names its seat
            dest = f"discard, 1 energy->seat {self.to + 1}"
        return f"{self.peg}:{self.colour}->{dest}"

    def as_list(self) -> list:
        return [self.peg, self.colour, self.to] + ([True] if self.energy else [])


def payment_order(c: CardPayment):
    return (c.peg, c.colour, -1 if c.to is None else c.to, c.energy)


def payment_words(payment: tuple[CardPayment, ...]) -> list[str]:
    """One text per peg paid for: a single card ``"f6:blue->discard"``, a joker pair (two cards
    of one colour for one peg, RTR-P8) as one ``"g6:gray pair->discard"`` (``"->seat 1 + seat
    2"`` when the pair is split between two owners). ``payment`` sorted by :func:`payment_order`."""
    out: list[str] = []
    i = 0
    while i < len(payment):
        card = payment[i]
        if i + 1 < len(payment) and payment[i + 1].peg == card.peg and payment[i + 1].colour == card.colour:
            other = payment[i + 1]
            first, second = str(card).split("->", 1)[1], str(other).split("->", 1)[1]
            dest = first if first == second else f"{first} + {second}"
            out.append(f"{card.peg}:{card.colour} pair->{dest}")
            i += 2
        else:
            out.append(str(card))
            i += 1
    return out


@dataclass(frozen=True, order=True)
class Place:
    """Place a band (RTR-P1): ``pegs`` in order around the band (a ring for triangles and
    quadrilaterals), and the cards paid for the pegs that need it (RTR-P7/P8)."""

    pegs: tuple[str, ...]
    payment: tuple[CardPayment, ...] = ()
    shape: str = ""

    def __post_init__(self):
        closed = self.shape in ("triangle", "quad") or (not self.shape and len(self.pegs) in (3, 4))
        object.__setattr__(self, "pegs", canonical_band(self.pegs, closed))
        object.__setattr__(self, "payment", tuple(sorted(self.payment, key=payment_order)))

    @classmethod
    def trusted(cls, pegs: tuple[str, ...], payment: tuple[CardPayment, ...], shape: str) -> "Place":
        """Build from already canonical pegs and a sorted payment (the engine's fast path)."""
        obj = object.__new__(cls)
        object.__setattr__(obj, "pegs", pegs)
        object.__setattr__(obj, "payment", payment)
        object.__setattr__(obj, "shape", shape)
        return obj

    def __hash__(self) -> int:
        # the hash of the fields, worked out once: search trees and legality checks hash the
        # same bands many times (the cache is not pickled: string hashes differ per process)
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash((self.pegs, self.payment, self.shape))
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_hash", None)
        state.pop("_band", None)  # the engine's note of the board shape (per game, per process)
        state.pop("_text", None)
        return state

    def __str__(self) -> str:
        # worked out once: the engine reuses its listed bands, and every played one is logged
        found = self.__dict__.get("_text")
        if found is None:
            pay = ", ".join(payment_words(self.payment)) or "free"
            found = f"band {'-'.join(self.pegs)} ({pay})"
            object.__setattr__(self, "_text", found)
        return found

    def to_dict(self) -> dict:
        return {"type": "place", "pegs": list(self.pegs), "shape": self.shape,
                "payment": [c.as_list() for c in self.payment]}


@dataclass(frozen=True, order=True)
class ExtraAction:
    """Pay energy for one more action this turn, taken at once (RTR-T4)."""

    def __str__(self) -> str:
        return "buy an extra action"

    def to_dict(self) -> dict:
        return {"type": "extra"}


@dataclass(frozen=True, order=True)
class Pass:
    """End the turn without using what is left (only offered when nothing else is possible,
    or after the last action to decline buying an extra one)."""

    def __str__(self) -> str:
        return "end turn"

    def to_dict(self) -> dict:
        return {"type": "pass"}


@dataclass(frozen=True, order=True)
class TakeCard:
    """Take one bonus card, free of actions: ``"deck"`` or a pool colour (Labyrinth, L8-7)."""

    source: str

    def __str__(self) -> str:
        return f"take a bonus card: {self.source}"

    def to_dict(self) -> dict:
        return {"type": "take", "source": self.source}


Action = Union[Draw, Place, ExtraAction, Pass, TakeCard]


def action_from_dict(data: dict) -> Action:
    """Inverse of ``action.to_dict()``. Raises ValueError naming what is wrong."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"an action is a mapping with a 'type', got {data!r}")
    kind = data["type"]
    try:
        if kind == "draw":
            return Draw(tuple(data["sources"]))
        if kind == "place":
            return Place(tuple(data["pegs"]), tuple(CardPayment(*c) for c in data.get("payment", [])),
                         data.get("shape", ""))
        if kind == "take":
            return TakeCard(data["source"])
        if kind == "extra":
            return ExtraAction()
        if kind == "pass":
            return Pass()
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"bad {kind} action {data!r}: {exc}") from None
    raise ValueError(f"unknown action type {kind!r} (expected draw, place, extra, pass or take)")
