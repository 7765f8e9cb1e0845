"""Rivages actions: frozen, hashable, printable, JSON round-trippable.

A seat's turn is its own sequence of decisions (DESIGN.md, "Rules engine"): pick the ship to
start an island on (:class:`StartAt`, only on arrival), then a row (:class:`PlayRow`) or the
fallback cross (:class:`Fallback`), then one decision per symbol (:class:`Cross` for a space
symbol, :class:`Use` for statue/scroll/loot), answers to effects that need a choice
(:class:`PickSpace`, :class:`PickArea`, :class:`PickNode`), at most one :class:`PlayLoot`, and
:class:`EndTurn`, which forfeits the symbols left (RIV-T9). Spaces are axial ``(q, r)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

Hex = tuple[int, int]


def _hex_text(h: Hex) -> str:
    return f"[{h[0]}, {h[1]}]"


@dataclass(frozen=True, slots=True)
class StartAt:
    """Cross the ship ``at`` of a newly reached island, free of any symbol (RIV-S7, RIV-I1)."""

    at: Hex

    def __str__(self) -> str:
        return f"start at the ship {_hex_text(self.at)}"

    def to_dict(self) -> dict:
        return {"type": "start", "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class PlayRow:
    """Use the top unused row of hand card ``card`` (RIV-T2)."""

    card: str

    def __str__(self) -> str:
        return f"play the top row of {self.card}"

    def to_dict(self) -> dict:
        return {"type": "row", "card": self.card}


@dataclass(frozen=True, slots=True)
class Fallback:
    """Cross off the top unused row of ``card`` without using it and cross one space of any
    type next to a crossed one instead (RIV-T4); ``card`` is None when no card in hand has a
    row left."""

    card: str | None

    def __str__(self) -> str:
        return f"cross off the top row of {self.card} for one free cross" if self.card else "one free cross"

    def to_dict(self) -> dict:
        return {"type": "fallback", "card": self.card}


@dataclass(frozen=True, slots=True)
class Cross:
    """Spend one ``symbol`` of the row (a terrain, or ``any``) to cross the space ``at``
    (RIV-T3, RIV-T5, RIV-T7). Hashed once (a search looks its crosses up in every node it
    passes); pickled as its fields, so another process hashes it afresh."""

    symbol: str
    at: Hex
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "_hash", hash((self.symbol, self.at)))
        except TypeError:  # ``at`` given as a list: unhashable, as a plain dataclass would be
            pass

    def __hash__(self) -> int:
        h = self._hash
        return hash((self.symbol, self.at)) if h is None else h

    def __reduce__(self):
        return (Cross, (self.symbol, self.at))

    def __str__(self) -> str:
        return f"{self.symbol}: cross {_hex_text(self.at)}"

    def to_dict(self) -> dict:
        return {"type": "cross", "symbol": self.symbol, "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class Use:
    """Spend one non-space ``symbol`` of the row: ``statue``, ``scroll`` or ``loot``."""

    symbol: str

    def __str__(self) -> str:
        return f"use {self.symbol}"

    def to_dict(self) -> dict:
        return {"type": "use", "symbol": self.symbol}


@dataclass(frozen=True, slots=True)
class PickSpace:
    """Answer an any-space or leap effect: cross ``at`` (RIV-I3)."""

    at: Hex

    def __str__(self) -> str:
        return f"cross {_hex_text(self.at)}"

    def to_dict(self) -> dict:
        return {"type": "pick-space", "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class PickArea:
    """Answer an area effect: cross the whole area whose first space (in file order) is
    ``at`` (RIV-I5)."""

    at: Hex

    def __str__(self) -> str:
        return f"cross the area at {_hex_text(self.at)}"

    def to_dict(self) -> dict:
        return {"type": "pick-area", "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class PickNode:
    """Answer a statue: cross tree space ``node`` (RIV-W1 to RIV-W3)."""

    node: str

    def __str__(self) -> str:
        return f"cross tree space {self.node}"

    def to_dict(self) -> dict:
        return {"type": "pick-node", "node": self.node}


@dataclass(frozen=True, slots=True)
class PlayLoot:
    """Play one held Loot token of ``kind`` (at most one per turn, RIV-I6)."""

    kind: str

    def __str__(self) -> str:
        return f"play loot {self.kind}"

    def to_dict(self) -> dict:
        return {"type": "loot", "kind": self.kind}


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn, forfeiting the symbols left in the row (RIV-T9, RIV-E1)."""

    def __str__(self) -> str:
        return "end turn"

    def to_dict(self) -> dict:
        return {"type": "end"}


Action = Union[StartAt, PlayRow, Fallback, Cross, Use, PickSpace, PickArea, PickNode, PlayLoot, EndTurn]
END_TURN = EndTurn()


def _at(data: dict) -> Hex:
    q, r = data["at"]
    if not isinstance(q, int) or not isinstance(r, int):
        raise ValueError("'at' is two integers")
    return (q, r)


def action_from_dict(data: dict) -> Action:
    """Inverse of ``action.to_dict()``. Raises ValueError naming what is wrong."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"an action is a mapping with a 'type', got {data!r}")
    kind = data["type"]
    try:
        if kind == "start":
            return StartAt(_at(data))
        if kind == "row":
            return PlayRow(str(data["card"]))
        if kind == "fallback":
            card = data.get("card")
            return Fallback(None if card is None else str(card))
        if kind == "cross":
            return Cross(str(data["symbol"]), _at(data))
        if kind == "use":
            return Use(str(data["symbol"]))
        if kind == "pick-space":
            return PickSpace(_at(data))
        if kind == "pick-area":
            return PickArea(_at(data))
        if kind == "pick-node":
            return PickNode(str(data["node"]))
        if kind == "loot":
            return PlayLoot(str(data["kind"]))
        if kind == "end":
            return END_TURN
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"bad {kind} action {data!r}: {exc}") from None
    raise ValueError(f"unknown action type {kind!r} (expected start, row, fallback, cross, use, "
                     "pick-space, pick-area, pick-node, loot or end)")
