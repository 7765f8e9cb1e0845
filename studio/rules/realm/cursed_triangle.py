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


def _root(parent: dict, p: str) -> str:
    """The root of ``p`` in a union-find over pegs (paths halved on the way)."""
    while parent[p] != p:
        parent[p] = parent[parent[p]]
        p = parent[p]
    return p


@register
class Territories(RealmModule):
    name = "territories"

    def __init__(self, game, params):
        super().__init__(game, params)
        self.points = int(self.params.get("points", 4))
        # controlled faces -> territories: previews score the game's end once per band, and
        # the seats other than the mover keep their faces
        self.memo: dict[frozenset, int] = {}
        # the last sets counted, with their pegs' parts: a band's faces are added to its
        # seat's set (RTR-P2, RTR-P4), so the mover's count grows from its set before the band
        self.recent: list[tuple[frozenset, dict, int]] = []

    def __getstate__(self) -> dict:
        return {**self.__dict__, "memo": {}, "recent": []}  # a pickled game (to a worker) starts afresh

    def count(self, faces) -> int:
        """How many territories ``faces`` (one seat's explored and closed segments) make: as
        ``len(territories(...))``, from a set counted before when ``faces`` holds it and a few
        more faces (each new face joins the territories its pegs touch into one)."""
        key = frozenset(faces)
        found = self.memo.get(key)
        if found is not None:
            return found
        if len(self.memo) > 4096:  # keep memory flat over long batches
            self.memo.clear()
        topo_faces = self.game.topology.faces
        for base, base_parent, base_count in reversed(self.recent):
            if len(key) - 8 <= len(base) <= len(key) and base <= key:
                parent = dict(base_parent)
                found = base_count
                for f in key - base:
                    pegs = topo_faces[f].pegs
                    roots = {_root(parent, p) for p in pegs if p in parent}
                    found += 1 - len(roots)
                    top = roots.pop() if roots else pegs[0]
                    for r in roots:
                        parent[r] = top
                    for p in pegs:
                        if p not in parent:
                            parent[p] = top
                break
        else:
            parent = {}
            for f in key:
                pegs = topo_faces[f].pegs
                for p in pegs:
                    parent.setdefault(p, p)
                top = _root(parent, pegs[0])
                for p in pegs[1:]:
                    r = _root(parent, p)
                    if r != top:
                        parent[r] = top
            found = len({_root(parent, topo_faces[f].pegs[0]) for f in key})
        self.memo[key] = found
        self.recent.append((key, parent, found))
        if len(self.recent) > 8:
            del self.recent[0]
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
