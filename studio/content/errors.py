"""Errors raised while reading content files."""

from __future__ import annotations


class LoadError(ValueError):
    """A content file could not be read or parsed.

    Attributes: ``code`` (stable finding code such as ``yaml/duplicate-key``), ``message``,
    ``path`` (str or None), ``line`` and ``col`` (1-based, or None when unknown).
    """

    def __init__(self, code: str, message: str, path: str | None = None,
                 line: int | None = None, col: int | None = None) -> None:
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.col = col
        super().__init__(self.location() + message)

    def location(self) -> str:
        if self.path is None:
            return ""
        if self.line is None:
            return f"{self.path}: "
        return f"{self.path}:{self.line}:{self.col or 1}: "
