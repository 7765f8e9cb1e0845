"""Plain dataclasses for every content type; load/dump through :mod:`studio.content`."""

from studio.model.realm import (
    COLOURS,
    Board,
    BoardError,
    Bridge,
    LineItem,
    Peg,
    Realm,
    Scenario,
    Seat,
    Segment,
    line_key,
    segment_key,
)

__all__ = [
    "COLOURS", "Board", "BoardError", "Bridge", "LineItem", "Peg", "Realm", "Scenario", "Seat",
    "Segment", "line_key", "segment_key",
]
