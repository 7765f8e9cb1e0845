"""Which scenario a board file belongs to: the scenario files next to its content root (and the
bundled ones) that list it among their boards. Kept for callers of the editor's name; the
lookup itself is :func:`studio.model.locations.scenario_listing` (Qt-free), which also
migrates ``realm-board/1`` files to a location."""

from __future__ import annotations

from studio.model.locations import scenario_listing


def scenario_for_board(board_path: str | None) -> str | None:
    """The first scenario file (sorted by name: the board's content root first, then the
    board's own folder, then the bundled scenarios) whose boards include ``board_path``; None
    when there is none."""
    return scenario_listing(board_path)
