"""Commands on seats: ReplaceSeats (seats and the Volcano crater as one snapshot)."""

from __future__ import annotations

from studio.gui.realm.commands.parts import ReplaceParts


class ReplaceSeats(ReplaceParts):
    """Replace the seats (start and goal pegs, labels, order) and the crater pegs. Pushes with
    the same ``merge_key`` (one drag of the seat tool) merge."""

    def __init__(self, document, seats: dict, crater: list[str], text: str = "Change seats",
                 merge_key: object | None = None) -> None:
        super().__init__(document, {"seats": seats, "crater": list(crater)}, text, merge_key)
