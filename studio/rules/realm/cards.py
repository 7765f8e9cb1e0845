"""Where cards come from and go to: the base rules' shared deck and face-up pool (RTR-S2,
RTR-S3, RTR-T3). A location with other card rules subclasses :class:`SharedPool` in its own
module (the Cursed Triangle's personal decks: :class:`studio.rules.realm.cursed_triangle.PersonalDecks`).

The card rules hold no state: they read and change the state's ``deck``, ``discard``, ``pool``
and, for personal decks, ``decks``, ``discards`` and ``set_aside``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from studio.model.realm import BoardError
from studio.rules.shuffle import shuffler

if TYPE_CHECKING:  # pragma: no cover
    from studio.model.realm import RealmRules
    from studio.rules.realm.game import RealmState


class SharedPool:
    """One deck for everyone, its discard pile and a face-up pool of ``pool_size`` cards."""

    personal = False

    def __init__(self, rules: "RealmRules"):
        self.pool_size = rules.pool_size
        self.draw_count = rules.draw_count

    def deal(self, state: "RealmState") -> None:
        """Before the opening hands are dealt (the shuffled deck is in ``state.deck``)."""

    def open_pool(self, state: "RealmState") -> None:
        """After the opening hands: lay out the pool (RTR-S3)."""
        self.refill_pool(state)

    def draw(self, state: "RealmState", seat: int) -> int | None:
        """Top card of the deck; an empty deck is rebuilt from the shuffled discard (RTR-T3).
        None when both are empty."""
        if not state.deck:
            if not state.discard:
                return None
            state.deck = state.discard
            state.discard = []
            rng = state.rng
            shuffler(rng)(rng, state.deck)  # rng.shuffle's draws, written out
        return state.deck.pop()

    def discard(self, state: "RealmState", seat: int, card: int) -> None:
        state.discard.append(card)

    def hidden(self, state: "RealmState", seat: int) -> int:
        """Cards a draw can still reach for ``seat`` (deck and discard pile)."""
        return len(state.deck) + len(state.discard)

    def refill_pool(self, state: "RealmState") -> None:
        while len(state.pool) < self.pool_size:
            card = self.draw(state, state.seat)
            if card is None:
                break
            state.pool.append(card)


# ``cards:`` of a scenario -> the card rules: a name, or a one-key mapping name -> settings
# (a location module registers its own, e.g. the Cursed Triangle's "personal-deck")
CARD_RULES: dict[str, Any] = {"shared-pool": lambda rules, settings: SharedPool(rules)}


def register_card_rules(name: str, make) -> None:
    """``make(rules, settings)`` builds the card rules named ``name`` in ``cards:``."""
    CARD_RULES[name] = make


def card_rules_for(rules: "RealmRules") -> SharedPool:
    """The card rules of ``rules.cards``. Raises BoardError for an unknown one."""
    cards = rules.cards
    name, settings = cards, None
    if isinstance(cards, dict) and len(cards) == 1:
        (name, settings), = cards.items()
    make = CARD_RULES.get(name) if isinstance(name, str) else None
    if make is None:
        raise BoardError(f"unknown card rule {cards!r}")
    return make(rules, settings)
