"""Location 4, The Engraved Board: pictures.

A picture is a named group of segments (segments carry ``picture: NAME``). L4-1 is ``start:
any-start``; L4-7 is ``end: {pictures: {2: 5, 3: 7, 4: 9}}``. This module scores:

* L4-4: ``segment_points`` (1) per picture segment the player collects;
* L4-5: ``completion_points`` (1) more for the segment that completes a picture;
* L4-6: when a picture completes, the players with most of its segments gain the bonus for its
  size (``bonuses``: 4 -> 1, 5 -> 2, 6 -> 3); every tied leader gains it;
* L4-3: ``empty_penalty`` (3) VP lost per segment in no picture that the player explores or
  closes (not below 0). Regions walled by several players are never closed (RTR-P4), so they
  cost nothing.

A picture is complete when every segment in it has been explored or closed by someone (L4-2).
"""

from __future__ import annotations

from studio.rules.ends import EndCode, GameEnd
from studio.rules.realm.modules import RealmModule, register


@register
class Pictures(RealmModule):
    name = "pictures"

    def __init__(self, game, params):
        super().__init__(game, params)
        self.segment_points = int(self.params.get("segment_points", 1))
        self.completion_points = int(self.params.get("completion_points", 1))
        self.empty_penalty = int(self.params.get("empty_penalty", 3))
        raw = self.params.get("bonuses", {"4": 1, "5": 2, "6": 3})
        self.bonuses = {int(k): int(v) for k, v in raw.items()}
        topo = game.topology
        self.picture_of: dict[int, str] = {}
        self.members: dict[str, list[int]] = {}
        for i, seg in enumerate(topo.segment_of_face):
            if seg is not None and seg.picture:
                self.picture_of[i] = seg.picture
                self.members.setdefault(seg.picture, []).append(i)

    def init_state(self, state) -> None:
        state.extra[self.name] = {"complete": []}

    def quiet(self, state, seat, shape, outcome) -> bool:
        # nothing collected and no empty segment newly held: no points, no completion (L4-3..L4-6)
        return not outcome.collected and (not self.empty_penalty
                                          or all(f in self.picture_of for f in outcome.newly_controlled))

    def _completed(self, state, seat, outcome) -> tuple[int, list]:
        """The points the band's collected picture segments give ``seat`` (L4-4), and each
        picture the band completes (L4-2) as ``(name, faces, leaders, bonus)``, in name order
        (L4-5, L4-6). ``state.collected`` may or may not hold ``outcome.collected`` yet: those
        faces count as ``seat``'s either way."""
        picture_of = self.picture_of
        gained = 0
        for f in outcome.collected:
            if f in picture_of:
                gained += self.segment_points
        touched = {picture_of[f] for f in outcome.collected if f in picture_of}
        if not touched:
            return gained, []
        complete = state.extra[self.name]["complete"]
        collected = state.collected
        got = set(outcome.collected)
        done = []
        for name in sorted(touched):
            faces = self.members[name]
            if name in complete or any(f not in collected and f not in got for f in faces):
                continue
            counts = [0] * state.players
            for f in faces:
                counts[seat if f in got else collected[f]] += 1
            best = max(counts)
            done.append((name, faces, [s for s in range(state.players) if counts[s] == best],
                         self.bonuses.get(len(faces), 0)))
        return gained, done

    def after_place(self, state, seat, shape, outcome) -> None:
        gained, done = self._completed(state, seat, outcome)
        complete = state.extra[self.name]["complete"]
        for name, faces, leaders, bonus in done:
            complete.append(name)
            gained += self.completion_points
            for s in leaders:
                if s == seat:
                    gained += bonus
                else:
                    state.add_score(s, bonus)
            state.note("picture", seat, name=name, size=len(faces), leaders=leaders, bonus=bonus)
            outcome.notes.append(_completion_words(name, leaders, bonus))
        if gained:
            state.add_score(seat, gained)
            outcome.bonus += gained
        empty = [f for f in outcome.newly_controlled if f not in self.picture_of]
        if empty and self.empty_penalty:
            before = state.score[seat]
            state.add_score(seat, -self.empty_penalty * len(empty))
            state.note("empty-segments", seat, count=len(empty), loss=before - state.score[seat])
            outcome.notes.append(f"{len(empty)} empty segment(s): -{self.empty_penalty * len(empty)} VP")

    def preview_place(self, state, seat, shape, outcome, score) -> bool:
        gained, done = self._completed(state, seat, outcome)
        for name, _faces, leaders, bonus in done:
            gained += self.completion_points
            for s in leaders:
                if s == seat:
                    gained += bonus
                else:
                    score[s] = max(0, score[s] + bonus)
            outcome.notes.append(_completion_words(name, leaders, bonus))
        if gained:
            score[seat] = max(0, score[seat] + gained)
            outcome.bonus += gained
        empty = sum(1 for f in outcome.newly_controlled if f not in self.picture_of)
        if empty and self.empty_penalty:
            score[seat] = max(0, score[seat] - self.empty_penalty * empty)
            outcome.notes.append(f"{empty} empty segment(s): -{self.empty_penalty * empty} VP")
        return True

    def end_reason(self, state) -> GameEnd | None:
        target = self.game.end_rule.get("pictures")
        if not target:
            return None
        needed = target.get(str(state.players), target.get(state.players))
        if needed and len(state.extra[self.name]["complete"]) >= needed:
            return GameEnd.of(EndCode.PICTURES, pictures=needed)
        return None


def _completion_words(name: str, leaders: list, bonus: int) -> str:
    return f"completes picture {name!r} (majority: " + ", ".join(f"seat {s + 1}" for s in leaders) + f", +{bonus})"
