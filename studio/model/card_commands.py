"""Edits of a card set (``rivages-cards/1``) and of a loot set (``rivages-loot/1``), each one
undo step on a :class:`~studio.gui.rivages.content_document.ContentDocument`.

Cards are addressed by ``(group, index)`` with ``group`` ``"exploration"`` or ``"endgame"``;
loot token kinds by their index. Functions push
:class:`~studio.gui.shell.document_commands.SetValue` commands and return what they did; a request
that changes nothing pushes nothing; bad requests raise :class:`CardEditError` (the document is
unchanged). What the rules need (known symbols, enough cards per player count: RIV-S3, RIV-S4)
is checked by the validation panel, not refused here."""

from __future__ import annotations

import re

from studio.model.rivages import Card, CardSet, Effect, LootSet, LootToken

GROUPS = ("exploration", "endgame")
MAX_ROWS, MAX_SYMBOLS = 6, 6
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
KIND_RE = re.compile(r"^[a-z][a-z0-9-]{0,31}$")


class CardEditError(ValueError):
    """An edit that cannot be made; the message says why."""


def new_card_set(set_id: str = "new-cards", name: str = "New cards") -> CardSet:
    """An empty card set: one Exploration card marked 2+ with one row."""
    return CardSet(id=set_id, name=name, exploration=[Card("x01", (("forest", "dune", "scroll"),), 2)])


def new_loot_set(set_id: str = "new-loot", name: str = "New loot") -> LootSet:
    return LootSet(id=set_id, name=name, tokens=[LootToken("purse", 5, Effect(scrolls=2), "Purse of coins")])


def _cards(doc, group: str) -> list[Card]:
    if group not in GROUPS:
        raise CardEditError(f"no card group {group!r} (exploration or endgame)")
    return getattr(doc.model, group)


def _card(doc, group: str, index: int) -> Card:
    cards = _cards(doc, group)
    if not 0 <= index < len(cards):
        raise CardEditError(f"there is no {group} card {index + 1}")
    return cards[index]


def all_ids(cards: CardSet) -> set[str]:
    return {c.id for c in cards.exploration} | {c.id for c in cards.endgame}


def fresh_id(cards: CardSet, group: str) -> str:
    """``x37`` / ``end-6`` style: the group's prefix and the first number not in use."""
    ids = all_ids(cards)
    prefix, width = ("x", 2) if group == "exploration" else ("end-", 1)
    k = 1
    while f"{prefix}{k:0{width}d}" in ids:
        k += 1
    return f"{prefix}{k:0{width}d}"


def index_of(cards: CardSet, card_id: str) -> tuple[str, int] | None:
    """``(group, index)`` of the card with ``card_id`` (the first one), or None."""
    for group in GROUPS:
        for i, c in enumerate(getattr(cards, group)):
            if c.id == card_id:
                return group, i
    return None


def add_card(doc, group: str, rows=(("any",),), players: int | None = 2, index: int | None = None) -> int:
    """Add a card (Exploration cards get ``players``, Endgame cards none) after ``index`` (at
    the end when None); returns its index."""
    cards = list(_cards(doc, group))
    if len(cards) >= (200 if group == "exploration" else 20):
        raise CardEditError(f"a card set holds at most {200 if group == 'exploration' else 20} {group} cards")
    card = Card(fresh_id(doc.model, group), tuple(tuple(r) for r in rows), players if group == "exploration" else None)
    at = len(cards) if index is None else index + 1
    cards.insert(at, card)
    doc.set_value((group,), cards, text=f"Add {group} card {card.id}")
    return at


def duplicate_card(doc, group: str, index: int) -> int:
    """A copy of a card, with a new id, right after it; returns its index."""
    card = _card(doc, group, index)
    return add_card(doc, group, card.rows, card.players, index)


def delete_cards(doc, group: str, indexes) -> list[str]:
    """Delete cards of one group (one step); returns their ids."""
    cards = _cards(doc, group)
    gone = sorted({i for i in indexes if 0 <= i < len(cards)})
    if not gone:
        return []
    ids = [cards[i].id for i in gone]
    doc.set_value((group,), [c for i, c in enumerate(cards) if i not in gone],
                  text=f"Delete card{'s' if len(ids) > 1 else ''} {', '.join(ids)}")
    return ids


def move_card(doc, group: str, index: int, delta: int) -> int:
    """Move a card ``delta`` places in its group (the order of the file); returns its index."""
    cards = list(_cards(doc, group))
    _card(doc, group, index)
    to = max(0, min(len(cards) - 1, index + delta))
    if to == index:
        return index
    cards.insert(to, cards.pop(index))
    doc.set_value((group,), cards, text=f"Move card {cards[to].id}")
    return to


def set_card_id(doc, group: str, index: int, new: str) -> bool:
    card = _card(doc, group, index)
    if new == card.id:
        return False
    if not ID_RE.match(new or ""):
        raise CardEditError(f"{new!r} is not a card id: start with a letter or digit, then letters, digits, '-' or '_'")
    if new in all_ids(doc.model):
        raise CardEditError(f"another card already has the id {new}")
    return doc.set_value((group, index, "id"), new, text=f"Rename card {card.id} to {new}")


def set_players(doc, index: int, players: int) -> bool:
    """The player-count marker of an Exploration card: 2 to 5 (RIV-S3)."""
    _card(doc, "exploration", index)
    if players not in (2, 3, 4, 5):
        raise CardEditError(f"the marker is 2+ to 5+, got {players}+")
    return doc.set_value(("exploration", index, "players"), players, text=f"Mark card for {players}+ players")


def set_rows(doc, group: str, index: int, rows, text: str = "Edit rows") -> bool:
    """Replace a card's rows (1 to 6 rows of 1 to 6 symbols)."""
    card = _card(doc, group, index)
    rows = tuple(tuple(r) for r in rows)
    if not 1 <= len(rows) <= MAX_ROWS:
        raise CardEditError(f"a card has 1 to {MAX_ROWS} rows")
    for k, r in enumerate(rows):
        if not 1 <= len(r) <= MAX_SYMBOLS:
            raise CardEditError(f"row {k + 1} would have {len(r)} symbols: a row has 1 to {MAX_SYMBOLS}")
    return doc.set_value((group, index, "rows"), rows, text=f"{text} of card {card.id}")


def append_symbol(doc, group: str, index: int, row: int, symbol: str) -> bool:
    rows = [list(r) for r in _card(doc, group, index).rows]
    if not 0 <= row < len(rows):
        raise CardEditError(f"the card has no row {row + 1}")
    if len(rows[row]) >= MAX_SYMBOLS:
        raise CardEditError(f"row {row + 1} is full ({MAX_SYMBOLS} symbols)")
    rows[row].append(symbol)
    return set_rows(doc, group, index, rows, f"Add {symbol}")


def remove_symbol(doc, group: str, index: int, row: int, position: int) -> bool:
    """Remove one symbol; a row left empty is removed too (a card keeps at least one row)."""
    rows = [list(r) for r in _card(doc, group, index).rows]
    if not (0 <= row < len(rows) and 0 <= position < len(rows[row])):
        raise CardEditError("no such symbol")
    sym = rows[row].pop(position)
    if not rows[row]:
        if len(rows) == 1:
            raise CardEditError("a card keeps at least one symbol")
        rows.pop(row)
    return set_rows(doc, group, index, rows, f"Remove {sym}")


def add_row(doc, group: str, index: int, symbols=("any",)) -> int:
    rows = list(_card(doc, group, index).rows) + [tuple(symbols)]
    set_rows(doc, group, index, rows, "Add row")
    return len(rows) - 1


def delete_row(doc, group: str, index: int, row: int) -> bool:
    rows = list(_card(doc, group, index).rows)
    if not 0 <= row < len(rows):
        raise CardEditError(f"the card has no row {row + 1}")
    if len(rows) == 1:
        raise CardEditError("a card keeps at least one row")
    rows.pop(row)
    return set_rows(doc, group, index, rows, "Delete row")


def move_row(doc, group: str, index: int, row: int, delta: int) -> int:
    rows = list(_card(doc, group, index).rows)
    to = max(0, min(len(rows) - 1, row + delta))
    if to == row:
        return row
    rows.insert(to, rows.pop(row))
    set_rows(doc, group, index, rows, "Move row")
    return to


def set_header(doc, key: str, value: str | None) -> bool:
    """The set's ``id``, ``name`` or ``description`` (card set or loot set)."""
    if key == "id":
        if not ID_RE.match(value or ""):
            raise CardEditError(f"{value!r} is not an id: start with a letter or digit, then letters, digits, '-' or '_'")
    elif key in ("name", "description"):
        value = value or None
    else:
        raise CardEditError(f"no field {key!r}")
    return doc.set_value((key,), value, text=f"Set {key}")


# --- loot ---------------------------------------------------------------------------------------

def _token(doc, index: int) -> LootToken:
    tokens = doc.model.tokens
    if not 0 <= index < len(tokens):
        raise CardEditError(f"there is no token kind {index + 1}")
    return tokens[index]


def add_token(doc, kind: str | None = None, count: int = 1, effect: Effect | None = None,
              name: str | None = None, index: int | None = None) -> int:
    """Add a token kind after ``index`` (at the end when None); returns its index."""
    tokens = list(doc.model.tokens)
    if len(tokens) >= 30:
        raise CardEditError("a loot set has at most 30 kinds of token")
    kinds = {t.kind for t in tokens}
    if kind is None:
        k = 1
        while f"token-{k}" in kinds:
            k += 1
        kind = f"token-{k}"
    _check_kind(kind)
    if kind in kinds:
        raise CardEditError(f"there is already a {kind} token")
    at = len(tokens) if index is None else index + 1
    tokens.insert(at, LootToken(kind, count, effect or Effect(scrolls=1), name))
    doc.set_value(("tokens",), tokens, text=f"Add {kind} tokens")
    return at


def duplicate_token(doc, index: int) -> int:
    t = _token(doc, index)
    kinds = {x.kind for x in doc.model.tokens}
    k = 2
    while f"{t.kind}-{k}" in kinds:
        k += 1
    return add_token(doc, f"{t.kind}-{k}"[:32], t.count, t.effect, t.name, index)


def delete_token(doc, index: int) -> str:
    t = _token(doc, index)
    if len(doc.model.tokens) == 1:
        raise CardEditError("a loot set keeps at least one kind of token")
    doc.set_value(("tokens",), [x for i, x in enumerate(doc.model.tokens) if i != index], text=f"Delete {t.kind} tokens")
    return t.kind


def _check_kind(kind: str) -> None:
    if not KIND_RE.match(kind or ""):
        raise CardEditError(f"{kind!r} is not a token kind: lower-case letters, digits and '-', starting with a letter")


def set_token(doc, index: int, *, kind: str | None = None, count: int | None = None,
              effect: Effect | None = None, name: str | None = None, gesture: object | None = None) -> bool:
    """Change one token kind's fields (those given); spin-box edits merge with ``gesture``."""
    t = _token(doc, index)
    if kind is not None and kind != t.kind:
        _check_kind(kind)
        if kind in {x.kind for x in doc.model.tokens}:
            raise CardEditError(f"there is already a {kind} token")
    if count is not None and not 1 <= count <= 99:
        raise CardEditError("a kind has 1 to 99 tokens")
    if effect is not None and not effect.to_data():
        raise CardEditError("a token needs an effect")
    new = LootToken(kind if kind is not None else t.kind, count if count is not None else t.count,
                    effect if effect is not None else t.effect, (name or None) if name is not None else t.name)
    return doc.set_value(("tokens", index), new, text=f"Edit {new.kind} tokens", gesture=gesture)


def players_summary(cards: CardSet) -> list[tuple[int, int, int]]:
    """``[(players, cards usable, cards needed)]`` for 2 to 5 players: the Exploration cards
    marked that count or lower (RIV-S3), and 2 per player plus one for the deck (RIV-S4)."""
    return [(n, len(cards.for_players(n)), 2 * n + 1) for n in range(2, 6)]


