"""Location 1, Jungle Temples: the race across the board.

L1-1 (start from your own side) is the base ``start: own-side`` rule. This module adds L1-2:
the first player whose band reaches a peg of the edge opposite their start gains the first bonus
at once, the second player the second bonus, and so on (``bonuses``, default ``[8, 6]``).
L1-3 (end at 18 VP) is the scenario's ``end: {score: 18}``.
"""

from __future__ import annotations

from studio.rules.realm.modules import RealmModule, register


@register
class CrossBoard(RealmModule):
    name = "cross-board"
    quiet_reads_outcome = False

    def __init__(self, game, params):
        super().__init__(game, params)
        self.bonuses = list(self.params.get("bonuses", [8, 6]))
        self.goals = [frozenset(seat.goal) for seat in game.seats]

    def init_state(self, state) -> None:
        state.extra[self.name] = {"reached": []}  # seats in the order they reached their goal

    def goal_bonus(self, state, seat) -> int:
        reached = state.extra[self.name]["reached"]
        if seat in reached or not self.goals[seat]:
            return 0
        return self.bonuses[len(reached)] if len(reached) < len(self.bonuses) else 0

    def quiet(self, state, seat, shape, outcome) -> bool:
        return seat in state.extra[self.name]["reached"] or self.goals[seat].isdisjoint(shape.pegs)

    def after_place(self, state, seat, shape, outcome) -> None:
        reached = state.extra[self.name]["reached"]
        if seat in reached or self.goals[seat].isdisjoint(shape.pegs):
            return
        rank = len(reached)
        reached.append(seat)
        bonus = self.bonuses[rank] if rank < len(self.bonuses) else 0
        if bonus:
            state.add_score(seat, bonus)
            outcome.bonus += bonus
        state.note("far-edge", seat, rank=rank + 1, bonus=bonus)
        outcome.notes.append(f"reached the far edge {_ordinal(rank + 1)}" + (f" (+{bonus} VP)" if bonus else ""))


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"#{n}")
