"""A Rivages turn seen from the table: what the seat to move may do now, by space, symbol, card,
tree node and Loot token (no Qt). The playtest window offers a human exactly these choices and
asks :func:`refusal` why a click that is none of them is not a move.

Every function takes the state and its legal actions (``state.legal_actions()``, usually the
session's cached list) and returns engine actions (:mod:`studio.rules.rivages.actions`), so
whatever a click plays is an action the engine listed. Spaces are axial ``(q, r)`` of the seat's
current island.
"""

from __future__ import annotations

from studio.rules.rivages.actions import (
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
)
from studio.rules.rivages.board import bits

Hex = tuple[int, int]

DECISIONS = {
    "start": "cross a ship of your new island to start on it (RIV-S7)",
    "choose": "choose the top row of a card, or cross it off for one free cross (RIV-T2, RIV-T4)",
    "row": "use the symbols of your row: pick a symbol, then a lit space (RIV-T3, RIV-T5)",
    "any": "cross any lit space next to one you crossed (RIV-I3)",
    "leap": "cross a lit space up to two steps from one you crossed (RIV-I3)",
    "area": "cross a whole area: click any lit space of it (RIV-I5)",
    "statue": "cross a lit space of your Tree of Wisdom (RIV-W1 to RIV-W3)",
}


def decision(state) -> str:
    """What the seat to move decides now: ``"over"``, ``"start"``, ``"choose"``, ``"row"`` or,
    while an effect waits for an answer, its kind (``"any"``, ``"leap"``, ``"area"``,
    ``"statue"``)."""
    if state.is_terminal():
        return "over"
    if state.pending:
        return state.pending[0][0]
    return state.phase


def space_targets(state, legal, symbol: str | None = None) -> dict[Hex, StartAt | PickSpace | PickArea | Cross]:
    """The spaces a click may cross now, each with the action it plays: the ships to start on,
    the spaces an effect may cross (every space of each area for an area effect), or in a row
    the spaces ``symbol`` may cross (``symbol`` None: every space some symbol of the row may
    cross, a terrain symbol rather than ``any``)."""
    out: dict[Hex, StartAt | PickSpace | PickArea | Cross] = {}
    m = state.island_map(state.seat) if not state.is_terminal() else None
    for a in legal:
        t = type(a)
        if t is StartAt or t is PickSpace:
            out[tuple(a.at)] = a
        elif t is PickArea:
            assert m is not None  # an area is picked only while the game runs
            area = m.area_of[m.index[tuple(a.at)]]
            for i in bits(m.areas[area]):
                out[m.at[i]] = a
        elif t is Cross and (symbol is None or a.symbol == symbol):
            known = out.get(tuple(a.at))
            if known is None or (type(known) is Cross and known.symbol == "any"):
                out[tuple(a.at)] = a
    return out


def node_targets(legal) -> dict[str, PickNode]:
    """Tree spaces a statue may cross now (RIV-W1 to RIV-W3), by node id."""
    return {a.node: a for a in legal if type(a) is PickNode}


def card_choices(state, legal) -> list[tuple[str, PlayRow | None, Fallback | None]]:
    """Per card in hand, in hand order: ``(card id, play its top row, cross it off for one free
    cross)``, None where that is not legal now; plus ``(None, None, Fallback(None))`` when no
    card has a row left (RIV-T4)."""
    rows = {a.card: a for a in legal if type(a) is PlayRow}
    falls = {a.card: a for a in legal if type(a) is Fallback}
    game = state.game
    out = [(game.card_ids[c], rows.get(game.card_ids[c]), falls.get(game.card_ids[c]))
           for c in state.players_state[state.seat].hand] if not state.is_terminal() else []
    if None in falls:
        out.append((None, None, falls[None]))
    return out


def row_symbols(state) -> list[str]:
    """The symbols left in the row being played, in card order."""
    return list(state.row) if not state.is_terminal() else []


def symbol_choices(state, legal) -> dict[str, int | Use]:
    """The distinct symbols of the row that may be used now: for a space symbol the number of
    spaces it may cross, for statue/scroll/loot the :class:`Use` action."""
    out: dict[str, int | Use] = {}
    for a in legal:
        t = type(a)
        if t is Cross:
            crosses = out.get(a.symbol, 0)
            assert isinstance(crosses, int)  # a space symbol crosses, it is never a Use
            out[a.symbol] = crosses + 1
        elif t is Use:
            out[a.symbol] = a
    return out


def loot_choices(legal) -> list[PlayLoot]:
    """Loot tokens that may be played now (one per turn, RIV-I6)."""
    return [a for a in legal if type(a) is PlayLoot]


def can_end_turn(legal) -> bool:
    return any(type(a) is EndTurn for a in legal)


def refusal(state, at: Hex, symbol: str | None = None) -> str:
    """Why clicking space ``at`` of the seat's island plays nothing now: the engine's reason
    naming the clause (e.g. ``"RIV-T5: a crossed space must be next to a space you crossed
    before"``)."""
    if state.is_terminal():
        return "the game is over"
    m = state.island_map(state.seat)
    at = (at[0], at[1])  # a list from a click reads as the hex it names
    if at not in m.index:
        return f"{list(at)} is not a space of {m.name}"
    kind = decision(state)
    if kind == "statue":
        return "RIV-W1: a statue crosses a space of your Tree of Wisdom: click a lit tree space"
    if kind == "area":
        area = m.area_of[m.index[at]]
        if area < 0:
            return f"RIV-I5: {list(at)} is in no area (an area is two or more spaces of one terrain)"
        return state.why_illegal(PickArea(m.at[m.area_first[area]])) or "that area cannot be crossed now"
    if kind in ("any", "leap"):
        return state.why_illegal(PickSpace(at)) or "that space cannot be crossed now"
    if kind == "start":
        return state.why_illegal(StartAt(at)) or "start on the other ship"
    if kind == "choose":
        return state.why_illegal(Cross("any", at)) or "choose a row first"
    symbols = [symbol] if symbol else [s for s in state.row if s in m.symbol_mask]
    if not symbols:
        return "RIV-T3: no symbol left in your row crosses a space: use the others or end the turn"
    return state.why_illegal(Cross(symbols[0], at)) or f"use the {symbols[0]} symbol on a lit space"


__all__ = ["DECISIONS", "can_end_turn", "card_choices", "decision", "loot_choices", "node_targets", "refusal",
           "row_symbols", "space_targets", "symbol_choices"]
