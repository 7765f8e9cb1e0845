"""Location 6, The Cursed Triangle: distinct territories.

L6-1/L6-3 are ``cards: {personal-deck: {size: 12, draw: 3}}``; L6-2 is ``start: anywhere`` with
``connect: false``; L6-4 is ``bands: [triangle, quad]``; L6-5 is ``energy_payment: true``;
L6-8 is ``end: {score: 15}``. This module scores L6-6 and L6-7: at the end, the segments a
player explored or closed are grouped into territories linked through shared pegs; each
territory scores ``points`` (4).
"""

from __future__ import annotations

from studio.rules.realm.modules import RealmModule, register


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

    def final_scoring(self, state) -> None:
        topo = self.game.topology
        for seat in range(state.players):
            groups = territories(topo, state.controlled[seat])
            if groups:
                state.add_score(seat, self.points * len(groups))
                state.log.append(f"{state.seat_name(seat)} scores {self.points * len(groups)} VP for "
                                 f"{len(groups)} distinct territor{'y' if len(groups) == 1 else 'ies'}")
