"""Location 8, The Labyrinth: chains, line items and artifacts.

L8-1 is ``bands_per_player: 18``; L8-8 is ``end: {bands-exhausted: true}``; bands are
``chain`` bands (2 pegs along a line). This module adds:

* L8-3/L8-4: each player's bands form one chain. The first band uses a starting peg, which is
  the tail; each later band starts at the head and its other peg becomes the new head. A first
  band on two starting pegs leaves the choice of head to the second band.
* L8-6: a band whose new head is a peg already on the player's chain (body or tail) costs
  ``self_cross_penalty`` (5) VP each time, not below 0.
* L8-2: treasures and artifacts lie on lines (the board's ``line_items``); the first band over
  a line collects them.
* L8-7: each artifact collected grants one card, from the pool or the deck, free of actions
  (a pending decision for the player, answered with :class:`TakeCard`).
* L8-9: at the end every set of sword + helmet + shield scores ``set_points`` (5).

L8-5 (crossing another chain pays its owner) is the base payment rule.
"""

from __future__ import annotations

from studio.model.realm import line_key
from studio.rules.log import LogLine
from studio.rules.realm.modules import RealmModule, register

ARTIFACTS = ("sword", "helmet", "shield")


@register
class Labyrinth(RealmModule):
    name = "labyrinth"

    def __init__(self, game, params):
        super().__init__(game, params)
        self.penalty = int(self.params.get("self_cross_penalty", 5))
        self.set_points = int(self.params.get("set_points", 5))
        self.items: dict[tuple[str, str], tuple[int, str | None]] = {}
        for item in game.board.line_items:
            key = line_key(*item.line)
            treasure, artifact = self.items.get(key, (0, None))
            self.items[key] = (treasure + item.treasure, item.artifact or artifact)

    def init_state(self, state) -> None:
        state.extra[self.name] = {
            "heads": [[] for _ in range(state.players)],   # possible heads: [] before the first band
            "chains": [[] for _ in range(state.players)],  # pegs on each chain, tail first
            "artifacts": [[] for _ in range(state.players)],
            "taken": [],                                     # line items collected, as "a-b"
        }

    def band_problem(self, state, seat, shape) -> str | None:
        if shape.kind != "line":
            return "L8-3: Labyrinth bands cover exactly 2 adjacent pegs"
        heads = state.extra[self.name]["heads"][seat]
        if heads and not set(heads) & set(shape.pegs):
            return "L8-4: a band must start at the head of your chain"
        return None

    def before_collect(self, state, seat, shape, outcome) -> None:
        data = state.extra[self.name]
        heads, chain = data["heads"][seat], data["chains"][seat]
        a, b = shape.pegs
        if not heads:  # first band: the starting peg is the tail (L8-3)
            starts = self.game.start_pegs[seat]
            if a in starts and b in starts:
                data["heads"][seat] = [a, b]
                data["chains"][seat] = [a, b]
            else:
                tail, head = (a, b) if a in starts else (b, a)
                data["heads"][seat] = [head]
                data["chains"][seat] = [tail, head]
        else:
            start = a if a in heads else b
            new = b if start == a else a
            if len(heads) == 2:  # the second band fixes the direction
                other = heads[0] if start == heads[1] else heads[1]
                chain[:] = [other, start]
            if new in chain:
                before = state.score[seat]
                state.add_score(seat, -self.penalty)
                state.note("self-crossing", seat, peg=new, loss=before - state.score[seat])
                outcome.bonus -= self.penalty
                outcome.notes.append(f"crosses its own chain (-{self.penalty} VP)")
            chain.append(new)
            data["heads"][seat] = [new]
        line = shape.sides[0]
        key = "-".join(line)
        if line in self.items and key not in data["taken"]:
            data["taken"].append(key)
            treasure, artifact = self.items[line]
            if treasure:
                outcome.treasure += treasure
            if artifact:
                data["artifacts"][seat].append(artifact)
                state.note("artifact", seat, artifact=artifact, line=key)
                outcome.notes.append(f"finds a {artifact}")
                state.pending.append((seat, "bonus-card"))

    def project_final_scoring(self, state, score) -> None:
        for seat, found in enumerate(state.extra[self.name]["artifacts"]):
            sets = min(found.count(a) for a in ARTIFACTS)
            if sets:
                score[seat] = max(0, score[seat] + self.set_points * sets)

    def final_scoring(self, state) -> None:
        for seat, found in enumerate(state.extra[self.name]["artifacts"]):
            sets = min(found.count(a) for a in ARTIFACTS)
            if sets:
                state.note("artifact-sets", seat, sets=sets, points=self.set_points * sets)
                state.add_score(seat, self.set_points * sets)
                state.log.append(LogLine(f"{state.seat_name(seat)} scores {self.set_points * sets} VP for "
                                 f"{sets} set(s) of artifacts", seat))
