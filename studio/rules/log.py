"""Lines of a game's move log, with the seat each is about.

``state.log`` is a list of ``str``: each line is its words, and a line about one seat is a
:class:`LogLine`, a ``str`` that also carries that seat's index (``line.seat``), set where the
engine writes it. Move logs colour a line by :func:`seat_of`, never by reading its words.
"""

from __future__ import annotations


class LogLine(str):
    """One log line about ``seat`` (0-based index): the words are the string itself."""

    seat: int | None

    def __new__(cls, text: str, seat: int | None) -> LogLine:
        line = super().__new__(cls, text)
        line.seat = seat
        return line

    @property
    def text(self) -> str:
        """The words alone, as a plain ``str``."""
        return str.__str__(self)

    def __reduce__(self):
        return (LogLine, (self.text, self.seat))


def seat_of(line: str) -> int | None:
    """The seat a log line is about (its :class:`LogLine` seat), None for a line about the
    table (a plain ``str``: the deal, the end, a card revealed)."""
    return line.seat if isinstance(line, LogLine) else None
