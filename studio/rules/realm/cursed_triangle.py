"""Location 6, The Cursed Triangle: distinct territories.

L6-1/L6-3 are ``cards: {personal-deck: {size: 12, draw: 3}}``, played by :class:`PersonalDecks`; L6-2 is ``start: anywhere`` with
``connect: false``; L6-4 is ``bands: [triangle, quad]``; L6-5 is ``energy_payment: true``;
L6-8 is ``end: {score: 15}``. This module scores L6-6 and L6-7: at the end, the segments a
player explored or closed are grouped into territories linked through shared pegs; each
territory scores ``points`` (4).
"""

from __future__ import annotations

from studio.rules.log import LogLine
from studio.rules.realm.cards import SharedPool, register_card_rules
from studio.rules.realm.modules import RealmModule, register


class PersonalDecks(SharedPool):
    """L6-1, L6-3 (``cards: {personal-deck: {size: 12, draw: 3}}``): each seat deals itself a
    deck of ``size`` cards from the shuffled cards (the rest is set aside, out of the game),
    draws ``draw`` cards from it and discards onto its own pile, reshuffled when the deck runs
    out. There is no pool."""

    personal = True

    def __init__(self, rules, params: dict | None):
        super().__init__(rules)
        self.params = {"size": 12, "draw": 3, **(params or {})}
        self.size = self.params["size"]
        self.draw_count = self.params["draw"]

    def deal(self, state) -> None:
        for seat in range(state.players):
            state.decks[seat] = [state.deck.pop() for _ in range(min(self.size, len(state.deck)))]
        state.set_aside, state.deck = state.deck, []

    def open_pool(self, state) -> None:
        pass  # no pool with personal decks

    def draw(self, state, seat: int) -> int | None:
        if not state.decks[seat]:
            if not state.discards[seat]:
                return None
            state.decks[seat], state.discards[seat] = state.discards[seat], []
            state.rng.shuffle(state.decks[seat])
        return state.decks[seat].pop()

    def discard(self, state, seat: int, card: int) -> None:
        state.discards[seat].append(card)

    def hidden(self, state, seat: int) -> int:
        return len(state.decks[seat]) + len(state.discards[seat])

    def refill_pool(self, state) -> None:
        pass


register_card_rules("personal-deck", PersonalDecks)


def territories(topology, faces) -> list[list[int]]:
    """Groups of ``faces`` linked through shared pegs (union-find over pegs)."""
    parent: dict[str, str] = {}

    def find(p: str) -> str:
        while parent.setdefault(p, p) != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for f in faces:
        pegs = topology.faces[f].pegs
        for p in pegs[1:]:
            ra, rb = find(pegs[0]), find(p)
            if ra != rb:
                parent[ra] = rb
    groups: dict[str, list[int]] = {}
    for f in sorted(faces):
        groups.setdefault(find(topology.faces[f].pegs[0]), []).append(f)
    return list(groups.values())


@register
class Territories(RealmModule):
    name = "territories"

    def __init__(self, game, params):
        super().__init__(game, params)
        self.points = int(self.params.get("points", 4))
        # controlled faces -> territories: previews score the game's end once per band, and
        # the seats other than the mover keep their faces
        self.memo: dict[frozenset, int] = {}

    def __getstate__(self) -> dict:
        return {**self.__dict__, "memo": {}}  # a pickled game (to a worker) starts it afresh

    def count(self, faces) -> int:
        """How many territories ``faces`` (one seat's explored and closed segments) make."""
        key = frozenset(faces)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 4096:  # keep memory flat over long batches
                self.memo.clear()
            found = self.memo[key] = len(territories(self.game.topology, faces))
        return found

    def project_final_scoring(self, state, score) -> None:
        for seat in range(state.players):
            groups = self.count(state.controlled[seat])
            if groups:
                score[seat] = max(0, score[seat] + self.points * groups)

    def final_scoring(self, state) -> None:
        for seat in range(state.players):
            groups = self.count(state.controlled[seat])
            if groups:
                state.note("territories", seat, count=groups, points=self.points * groups)
                state.add_score(seat, self.points * groups)
                state.log.append(LogLine(f"{state.seat_name(seat)} scores {self.points * groups} VP for "
                                 f"{groups} distinct territor{'y' if groups == 1 else 'ies'}", seat))
