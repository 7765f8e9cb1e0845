"""Location 2, Volcano.

L2-1 (6 rounds) is the scenario's ``end: {rounds: 6}``; L2-2 (start next to the crater) is
``start: crater`` with the board's ``crater`` pegs. This module adds the escape (L2-3, L2-4):
at the end a player needs ``escape_energy`` unused energy (default 7); those tokens go back to
the supply and the rest converts to VP at the base rate (RTR-E2). A player short of it loses,
whatever the score.
"""

from __future__ import annotations

from studio.rules.log import LogLine
from studio.rules.realm.modules import RealmModule, register


@register
class VolcanoEscape(RealmModule):
    name = "volcano"
    projects_on_lists = True  # the escape share is fixed (L2-3) and projected on the lists

    def __init__(self, game, params):
        super().__init__(game, params)
        self.escape = int(self.params.get("escape_energy", 7))

    def energy_needed(self, state, seat) -> int:
        return self.escape

    def project_before_final(self, state, score, energy, eliminated) -> None:
        for seat in range(state.players):
            if energy[seat] >= self.escape:
                energy[seat] -= self.escape
            else:
                eliminated.add(seat)

    def before_final(self, state) -> None:
        for seat in range(state.players):
            if state.energy[seat] >= self.escape:
                state.note("escape", seat, energy=state.energy[seat], need=self.escape)
                state.energy[seat] -= self.escape
                state.supply += self.escape
                state.log.append(LogLine(f"{state.seat_name(seat)} escapes the volcano with {self.escape} energy",
                                         seat))
            else:
                state.eliminated.add(seat)
                state.note("no-escape", seat, energy=state.energy[seat], need=self.escape)
                state.log.append(LogLine(f"{state.seat_name(seat)} holds {state.energy[seat]} energy, fewer than "
                                 f"{self.escape}, and cannot escape: loses the game", seat))
