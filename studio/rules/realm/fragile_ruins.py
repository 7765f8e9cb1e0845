"""Location 5, Fragile Ruins: long barriers and excavation sites.

L5-1 is ``end: {rounds: 6}``; L5-2 and L5-3 are the ``long-barrier`` band shape (three pegs
along two lines, exploring nothing; its lines still count as walls). This module scores L5-4
and L5-5: closing a region whose not-yet-explored segments (the *site*) number at least
``min_segments`` (4) gives the closer ``points_per_segment`` (1) per site segment. Segments
explored before the closure, by anyone, are not part of the site.
"""

from __future__ import annotations

from studio.rules.realm.modules import RealmModule, register


@register
class Excavation(RealmModule):
    name = "excavation"

    def __init__(self, game, params):
        super().__init__(game, params)
        self.min_segments = int(self.params.get("min_segments", 4))
        self.points = int(self.params.get("points_per_segment", 1))

    def quiet(self, state, seat, shape, outcome) -> bool:
        return all(len(site) < self.min_segments for _region, site in outcome.regions)

    def after_place(self, state, seat, shape, outcome) -> None:
        keys = state.game.topology.face_keys
        for _region, site in outcome.regions:
            # the site's segments, by their pegs, for reports that show where regions close
            segments = sorted("-".join(keys[f]) for f in site) if state.events is not None else []
            if len(site) < self.min_segments:
                state.note("site", seat, size=len(site), bonus=0, segments=segments)
            else:
                bonus = self.points * len(site)
                state.note("site", seat, size=len(site), bonus=bonus, segments=segments)
                state.add_score(seat, bonus)
                outcome.bonus += bonus
                outcome.notes.append(f"excavation site of {len(site)} segments (+{bonus} VP)")
