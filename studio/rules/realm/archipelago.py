"""Location 3, Archipelago City.

Canals separate islands and have no lines across them except bridges (the board's
``canals.bridges``). A canal may be crossed only by a 2-peg band on a bridge line; a band of 3
or 4 pegs that uses a bridge line is illegal (L3-2). Crossing a bridge first collects its energy
(collected once, like every printed symbol, RTR-P3). L3-3 and L3-4 (no closures, so fenced-off
energy is not collected) are the scenario's ``closures: false``; L3-1 and L3-5 are ``start:
own-side`` and ``end: {score: 18}``.
"""

from __future__ import annotations

from studio.model.realm import line_key
from studio.rules.realm.modules import RealmModule, register


@register
class Canals(RealmModule):
    name = "canals"
    quiet_reads_outcome = False

    def __init__(self, game, params):
        super().__init__(game, params)
        self.bridges = {line_key(*b.line): b.energy for b in game.board.bridges}

    def init_state(self, state) -> None:
        state.extra[self.name] = {"crossed": []}  # bridge lines already crossed, as "a-b"

    def band_problem(self, state, seat, shape) -> str | None:
        return self.shape_problem(shape)

    def shape_problem(self, shape) -> str | None:
        if shape.kind != "line" and any(side in self.bridges for side in shape.sides):
            return "L3-2: a canal is crossed only by a 2-peg band on a bridge"
        return None

    def quiet(self, state, seat, shape, outcome) -> bool:
        return (shape.kind != "line" or shape.sides[0] not in self.bridges
                or "-".join(shape.sides[0]) in state.extra[self.name]["crossed"])

    def after_place(self, state, seat, shape, outcome) -> None:
        if shape.kind != "line":
            return
        line = shape.sides[0]
        if line not in self.bridges:
            return
        key = "-".join(line)
        crossed = state.extra[self.name]["crossed"]
        if key in crossed:
            return
        crossed.append(key)
        got = state.take_energy(seat, self.bridges[line])
        outcome.energy += got
        state.note("bridge", seat, line=key, energy=got)
        outcome.notes.append(f"crosses a canal (+{got} energy)")
