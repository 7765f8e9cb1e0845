"""Location 7, Two Demanding Deities: idols.

Some segments hold an orange or a blue idol (L7-1). One band may not explore idol segments
together with segments without an idol; idols alone, and closing mixed regions, are fine (L7-2).
L7-3 is ``end: {score: 18}``. At the end, for each idol colour, the players who collected most
idols of it share ``points`` (6), each tied leader getting the share rounded up (L7-4).
"""

from __future__ import annotations

from studio.rules.log import LogLine
from studio.rules.realm.modules import RealmModule, register

IDOL_COLOURS = ("orange", "blue")


@register
class Idols(RealmModule):
    name = "idols"

    def __init__(self, game, params):
        super().__init__(game, params)
        self.points = int(self.params.get("points", 6))
        topo = game.topology
        self.idol_of = {i: seg.idol for i, seg in enumerate(topo.segment_of_face) if seg is not None and seg.idol}
        self.idols = {colour: [f for f, c in self.idol_of.items() if c == colour] for colour in IDOL_COLOURS}
        self.order = [f for colour in IDOL_COLOURS for f in self.idols[colour]]
        self.faces = frozenset(self.order)
        self.memo: dict[tuple, list] = {}  # who holds each idol -> _awards (previews ask often)
        self.mixed = set()
        for shape in topo.shapes:
            kinds = {f in self.idol_of for f in shape.interior if topo.is_segment[f]}
            if len(kinds) > 1:
                self.mixed.add(shape.index)

    def __getstate__(self) -> dict:
        return {**self.__dict__, "memo": {}}  # a pickled game (to a worker) starts it afresh

    def band_problem(self, state, seat, shape) -> str | None:
        return self.shape_problem(shape)

    def shape_problem(self, shape) -> str | None:
        if shape.index in self.mixed:
            return "L7-2: one band may not explore idols together with ordinary segments"
        return None

    def _awards(self, state):
        """``(seat, points, colour, idols)`` for each seat with the most idols of a colour
        (L7-4: ties share, rounded up). Remembered by who holds each idol (read it only)."""
        collected = state.collected
        key = tuple(map(collected.get, self.order))
        out = self.memo.get(key)
        if out is not None:
            return out
        if len(self.memo) > 4096:  # keep memory flat over long batches
            self.memo.clear()
        out = []
        for colour in IDOL_COLOURS:
            counts = [0] * state.players
            for f in self.idols[colour]:
                s = collected.get(f)
                if s is not None:
                    counts[s] += 1
            best = max(counts)
            if best == 0:
                continue
            leaders = [s for s in range(state.players) if counts[s] == best]
            share = -(-self.points // len(leaders))  # rounded up
            out.extend((s, share, colour, best, counts, len(leaders)) for s in leaders)
        self.memo[key] = out  # whole before it is shared (games in threads share a game)
        return out

    def final_scoring(self, state) -> None:
        noted = set()
        for s, share, colour, best, counts, shared in self._awards(state):
            if colour not in noted:  # each seat's idols of that colour, once per colour
                noted.add(colour)
                for t, k in enumerate(counts):
                    if k:
                        state.note("idols", t, colour=colour, count=k)
            state.note("idol-majority", s, colour=colour, count=best, points=share, shared=shared)
            state.add_score(s, share)
            state.log.append(LogLine(f"{state.seat_name(s)} scores {share} VP for the most {colour} idols ({best})", s))

    def final_points(self, state) -> tuple[list[int], frozenset]:
        points = [0] * state.players
        for s, share, *_rest in self._awards(state):
            points[s] += share
        return points, self.faces

    def project_final_scoring(self, state, score) -> None:
        for s, share, *_rest in self._awards(state):
            score[s] = max(0, score[s] + share)
